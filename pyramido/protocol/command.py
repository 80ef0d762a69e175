"""``pyramido engine``: a :class:`~pyramido.protocol.session.Session` on stdin and stdout.

Lines are read as bytes with a bound (:data:`MAX_LINE`), so that a client sending an
endless line costs memory only up to the bound; blank lines are skipped; each response is
flushed at once, so that a client may wait for it. End of input or ``quit`` ends the
session (exit code 0).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, BinaryIO, TextIO

import click

from ..engine.record import MAX_BYTES, dumps
from ..server_options import offered_rulesets_option
from .session import Session

if TYPE_CHECKING:
    from ..cli import Options

MAX_LINE = MAX_BYTES + 1024  # a load request carries a whole record


def serve(session: Session, requests: BinaryIO, responses: TextIO) -> None:
    """Answer each request line of ``requests`` on ``responses`` until the input ends or a
    ``quit`` is answered."""
    while not session.done:
        line = requests.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE:
            while line and not line.endswith(b"\n"):  # the rest of the line is not a request
                line = requests.readline(MAX_LINE)
            _write(responses, _refusal(f"a request line is at most {MAX_LINE} bytes"))
            continue
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            _write(responses, _refusal(f"byte {exc.start} of the request line is not UTF-8"))
            continue
        if text.strip():
            _write(responses, session.handle_line(text))


def _refusal(message: str) -> str:
    return dumps({"id": None, "ok": False, "error": {"type": "bad_json", "message": message}})


def _write(stream: TextIO, line: str) -> None:
    stream.write(line)
    stream.flush()


@click.command()
@offered_rulesets_option
@click.pass_obj
def engine(options: Options, files: tuple[str, ...]) -> None:
    """Speak the engine protocol: one JSON request a line on stdin, one JSON response a line
    on stdout (docs/protocol.md, "The engine protocol"). --plugin files apply to every
    ruleset the session plays."""
    serve(Session(options.catalog(files)), sys.stdin.buffer, sys.stdout)
