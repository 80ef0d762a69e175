"""What the commands that serve peers share (``pyramido engine``, ``pyramido serve``): the
option naming the ruleset files they offer beside the shipped ones. Kept apart from
:mod:`pyramido.cli`, which imports those commands."""

from __future__ import annotations

import click

offered_rulesets_option = click.option(
    "--ruleset",
    "files",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="A ruleset file peers may then name by its id (repeatable); the shipped ones need none.",
)
