"""One engine session: a game at most, changed only by requests, each answered.

A request is a JSON object (``{"id": 7, "cmd": "apply", "action": {...}}``), checked against
its message in ``schemas/engine-protocol.schema.json`` before anything runs; the response
echoes its ``id`` with ``"ok": true`` and a ``result``, or ``"ok": false`` and an ``error``
(``type``, ``message``). Every failure, a broken request or a plugin's crash alike, becomes
an error response: the session goes on, and its game is the one it was (the engine
refuses before it changes anything, and a new or loaded game replaces the old one only once
it is built).

Requests are untrusted (docs/trust.md): a ``new`` or ``load`` request names only a shipped
ruleset or one the person who started the engine gave it; it never makes the engine read
a file or import code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from ..bots import make_bot
from ..engine.actions import ActionFormatError
from ..engine.catalog import Catalog
from ..engine.game import Game, IllegalActionError
from ..engine.plugins import PluginError
from ..engine.record import RecordError, dumps
from ..engine.ruleset import RulesetError
from ..engine.strict_json import JsonValueError, json_path, loads
from ..errors import ArgumentError, PyramidoError, brief, clip

SCHEMA_ID = "https://pyramido.invalid/schemas/engine-protocol.schema.json"

Handler = Callable[["Session", dict[str, Any]], dict[str, Any]]


class ProtocolError(PyramidoError):
    """A request the session cannot carry out as such; ``type`` is the error type it answers."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.type = kind


# The error type of each engine error, most specific first.
ERROR_TYPES: tuple[tuple[type[Exception], str], ...] = (
    (IllegalActionError, "illegal_action"),
    (ActionFormatError, "bad_action"),
    (ArgumentError, "bad_argument"),
    (RecordError, "bad_record"),
    (RulesetError, "bad_ruleset"),
    (PluginError, "plugin_failure"),
    (PyramidoError, "engine_error"),
)


class Session:
    """The state of one engine session: the game (``None`` until ``new`` or ``load``) and
    the rulesets requests may name (``catalog``: the shipped ones by default; the engine
    command adds those of ``--ruleset FILE`` and the ``--plugin`` files)."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.game: Game | None = None
        self.done = False  # a quit request was answered
        self.catalog = catalog or Catalog()

    def handle_line(self, line: str) -> str:
        """The response line (canonical JSON, ending in a newline) to one request line."""
        try:
            request = loads(line)
        except JsonValueError as exc:
            return dumps(_error_value(None, "bad_json", f"the request is not JSON the engine reads: {exc}"))
        return dumps(self.handle(request))

    def handle(self, request: object) -> dict[str, Any]:
        """The response to one request (a parsed JSON value)."""
        ident = _id_of(request)
        try:
            command, checked = _checked(request)
            return {"id": ident, "ok": True, "result": COMMANDS[command](self, checked)}
        except ProtocolError as exc:
            return _error_value(ident, exc.type, str(exc))
        except PyramidoError as exc:
            kind = next(name for cls, name in ERROR_TYPES if isinstance(exc, cls))
            return _error_value(ident, kind, str(exc))
        except Exception as exc:  # a bug must not end the session: say what broke
            return _error_value(ident, "internal_error", f"{type(exc).__name__}: {clip(str(exc))}")

    # --- the commands -----------------------------------------------------------------------

    def rulesets(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"rulesets": self.catalog.summary()}

    def new(self, request: dict[str, Any]) -> dict[str, Any]:
        ruleset = self.catalog.get(request["ruleset"])
        self.game = Game(ruleset, request["players"], request.get("seed", 0), request.get("options"))
        return state(self.game)

    def state(self, request: dict[str, Any]) -> dict[str, Any]:
        return state(self._game())

    def legal(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._game()
        player = _decider(game, request.get("player"))
        space = game.space
        actions = [{"index": a.index, "action": a.to_json(space)} for a in game.legal_actions(player)]
        return {"player": player, "actions": actions}

    def apply(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._game()
        game.apply(request["action"], player=request.get("player"))
        return state(game)

    def observation(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"observation": self._game().observation(request["player"])}

    def events(self, request: dict[str, Any]) -> dict[str, Any]:
        seen = self._game().events_for(request["player"])
        return {"events": seen[request.get("since", 0) :], "count": len(seen)}

    def undo(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._game()
        game.undo()
        return state(game)

    def save(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"record": self._game().to_record()}

    def load(self, request: dict[str, Any]) -> dict[str, Any]:
        record = request["record"]
        if "ruleset" not in request:
            ruleset = self.catalog.of_record(record)  # the record's own, when the session knows it
        else:
            ruleset = self.catalog.get(request["ruleset"])
            played = record.get("ruleset")
            named = played.get("id") if isinstance(played, dict) else None
            if isinstance(named, str) and named != ruleset.id:
                raise RecordError(
                    f"this is a record of ruleset {brief(named)}, not of {brief(ruleset.id)}: leave "
                    f'"ruleset" out to load it with its own, or give "ruleset": {json.dumps(named)}'
                )
        self.game = Game.from_record(record, ruleset)
        return state(self.game)

    def bot(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._game()
        player = _decider(game, request.get("player"))
        bot = make_bot(request["name"], request.get("seed", 0), game.ruleset)
        index = bot.choose(game, player)
        choice = {"index": index, "action": game.space.action(index).to_json(game.space)}
        applied = bool(request.get("apply", False))
        if applied:
            game.apply(index, player=player)
        return {"player": player, "choice": choice, "applied": applied, "state": state(game)}

    def quit(self, request: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {}

    # --- helpers ----------------------------------------------------------------------------

    def _game(self) -> Game:
        if self.game is None:
            raise ProtocolError("no_game", "no game yet: start one with new, or load a record")
        return self.game


COMMAND_NAMES = (
    *("rulesets", "new", "state", "legal", "apply", "observation", "events"),
    *("undo", "save", "load", "bot", "quit"),
)
COMMANDS: dict[str, Handler] = {name: getattr(Session, name) for name in COMMAND_NAMES}
_NAMES = ", ".join(COMMAND_NAMES)  # for the messages that list them


def state(game: Game) -> dict[str, Any]:
    """What the ``state`` command answers: who decides what, and how the game stands."""
    decision = game.decision
    return {
        "ruleset": game.ruleset.id,
        "players": game.num_players,
        "seed": game.seed,
        "steps": len(game.steps),
        "decision": None
        if decision is None
        else {"kind": decision.kind, "players": list(decision.players), "stage": decision.stage},
        "is_over": game.is_over,
        "ranking": [row.to_json() for row in game.ranking()] if game.is_over else None,
    }


def _decider(game: Game, player: int | None) -> int:
    """``player``, or the one deciding seat; the engine's own error when there is none (the
    game is over, several decide at once) or ``player`` does not decide now."""
    game.legal_indices(player)
    assert game.decision is not None
    return game.decision.players[0] if player is None else player


def _id_of(request: object) -> Any:
    """The id to echo: the request's when it is one (else null, and :func:`_checked` says why)."""
    ident = request.get("id") if isinstance(request, dict) else None
    return ident if _is_id(ident) else None


def _is_id(value: object) -> bool:
    """Whether ``value`` is an id as ``$defs/id`` of the schema has it."""
    return value is None or type(value) is int or (isinstance(value, str) and len(value) <= 200)


def _checked(request: object) -> tuple[str, dict[str, Any]]:
    """The request's command and the request, once it is checked against its message's schema."""
    if not isinstance(request, dict):
        raise ProtocolError("bad_request", f"a request is a JSON object, not {brief(request)}")
    # The envelope's types first: a value is looked up or echoed only once it is of its type.
    if not _is_id(request.get("id")):
        allowed = "null, an integer or a string of at most 200 characters"
        raise ProtocolError("bad_request", f"at $.id: an id is {allowed}, not {brief(request['id'])}")
    command = request.get("cmd")
    if not (command is None or isinstance(command, str)):
        message = f"at $.cmd: a command is one of the strings {_NAMES}, not {brief(command)}"
        raise ProtocolError("bad_request", message)
    if command not in COMMANDS:
        said = "no cmd" if command is None else f"cmd {brief(command)}"
        raise ProtocolError("unknown_command", f"{said}: the commands are {_NAMES}")
    from ..engine.schema_check import schema_problem  # jsonschema: loaded when a request comes

    problem = schema_problem(_request_validator(command), request)
    if problem is not None:
        path, message = problem
        raise ProtocolError("bad_request", f"{command}: at {json_path(path)}: {message}")
    return str(command), request


@cache
def _request_validator(command: str) -> Any:
    from ..engine.schema_check import validator_of

    return validator_of({"$ref": f"{SCHEMA_ID}#/$defs/{command}_request"})


def _error_value(ident: Any, kind: str, message: str) -> dict[str, Any]:
    return {"id": ident, "ok": False, "error": {"type": kind, "message": message}}


__all__ = ["COMMANDS", "ERROR_TYPES", "SCHEMA_ID", "ProtocolError", "Session", "state"]
