"""``pyramido serve``: the web page on a local address, served by uvicorn.

It binds to 127.0.0.1 unless ``--host`` says otherwise: the games, their seat links and
the rulesets given are then reachable from this machine only. Its ``--max-...`` options set
the caps on what a page may ask (:class:`~pyramido.web.limits.Limits`).
"""

from __future__ import annotations

import socket
import webbrowser
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import ArgumentError
from ..server_options import offered_rulesets_option
from .limits import CAPS, Limits
from .messages import MAX_FRAME

if TYPE_CHECKING:
    from ..cli import Options

Command = TypeVar("Command", bound=Callable[..., Any])


def cap_options(command: Command) -> Command:
    """An option for each cap of :class:`Limits`, its default the cap's (one table of caps:
    their defaults, words and options are written once)."""
    for cap in reversed(fields(Limits)):
        declared = CAPS[cap.name]
        option = click.option(
            declared.option,
            cap.name,
            type=declared.values,
            default=cap.default,
            show_default=True,
            help=declared.help,
        )
        command = option(command)
    return command


@click.command()
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="The address to listen on (0.0.0.0: every one)."
)
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="0: any free port."
)
@offered_rulesets_option
@click.option(
    "--bot-delay",
    default=0.4,
    show_default=True,
    type=click.FloatRange(0, 60),
    help="Seconds a bot waits after its move, so that people can follow.",
)
@cap_options
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
@click.pass_obj
def serve(
    options: Options,
    /,
    host: str,
    port: int,
    files: tuple[str, ...],
    bot_delay: float,
    open_browser: bool,
    **caps: Any,
) -> None:
    """Serve the web page: start a game of any ruleset with people and bots, play it by
    clicking (one screen passed round, or a secret link per seat), watch bots play, step
    through a record (docs/web.md). --plugin files apply to every ruleset it offers; the
    --max-... options cap what a page may ask."""
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        raise ArgumentError(f"serve needs the web extra: pip install 'pyramido[web]' ({exc})") from None
    app = create_app(options.catalog(files), bot_delay, Limits(**caps))
    listening = listen(host, port)
    bound_host, bound_port = listening.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    address = f"http://{shown}:{bound_port}/"
    click.echo(f"pyramido serve: open {address} (Ctrl-C stops the server)")
    if open_browser:
        webbrowser.open(address)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=MAX_FRAME, lifespan="off")
    uvicorn.Server(config).run(sockets=[listening])


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or a clear error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, where = infos[0]
        listening = socket.socket(family, kind, proto)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(where)
        listening.listen(128)
    except OSError as exc:
        raise ArgumentError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return listening
