"""Each game's hook Protocol (``pyramido.games.<game>.hooks``) is its hookspecs, hook for
hook: the games call their hooks through ``rules_of(game)``, so a hook added to a hookspec
module without its Protocol entry, or a parameter changed in one and not the other, fails
here (the type checker then sees every hook call as the hookspec says)."""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

import pytest

from pyramido import Game, load_ruleset
from pyramido.engine import hookspecs
from pyramido.games import hooks as shared
from pyramido.games.forgotten_treasures import hooks as ft
from pyramido.games.forgotten_treasures import hookspecs as ft_specs
from pyramido.games.pyramido import hooks as pyramido
from pyramido.games.pyramido import hookspecs as pyramido_specs
from pyramido.games.pyramids import hooks as pyramids
from pyramido.games.pyramids import hookspecs as pyramid_specs
from pyramido.games.silver_gold import hooks as sg
from pyramido.games.silver_gold import hookspecs as sg_specs

#: Each Protocol with the hookspec module whose hooks it declares itself; its bases
#: declare the rest (composed as the games compose their hookspec modules).
LAYERS = (
    (shared.SharedHooks, hookspecs),
    (pyramids.PyramidHooks, pyramid_specs),
    (pyramido.PyramidoHooks, pyramido_specs),
    (ft.ForgottenTreasuresHooks, ft_specs),
    (sg.SilverGoldHooks, sg_specs),
)
#: Each shipped game, the Protocol of its hooks and its accessor.
GAMES = (
    ("pyramido", pyramido.PyramidoHooks, pyramido.rules_of),
    ("forgotten-treasures", ft.ForgottenTreasuresHooks, ft.rules_of),
    ("silver-gold-pyramids", sg.SilverGoldHooks, sg.rules_of),
)
PREFIX = "pyramido_"


def specs(module: ModuleType) -> dict[str, Any]:
    """The hookspecs defined in ``module`` (not imported into it), by name."""
    return {
        name: function
        for name, function in vars(module).items()
        if name.startswith(PREFIX)
        and getattr(function, f"{hookspecs.PROJECT}_spec", None) is not None
        and function.__module__ == module.__name__
    }


def own_members(protocol: type) -> dict[str, Any]:
    """The methods ``protocol`` declares itself (not those of its bases)."""
    return {
        name: value
        for name, value in vars(protocol).items()
        if inspect.isfunction(value) and not name.startswith("_")  # Protocol adds __subclasshook__...
    }


def all_members(protocol: type) -> list[str]:
    """The methods of ``protocol`` and its Protocol bases, each as often as it is declared."""
    return [name for layer in protocol.__mro__ if layer is not object for name in own_members(layer)]


def exposed(spec: Any) -> str:
    """The return type ``Rules`` gives a hook: a ``firstresult`` hook's without ``| None``
    (each game's own plugin answers it), any other's a list of the answers that are not
    ``None`` (``list[Never]``, always empty, for a hook answering nothing)."""
    answer = inspect.signature(spec).return_annotation
    answer = "Never" if answer == "None" else answer.removesuffix(" | None")
    return answer if getattr(spec, f"{hookspecs.PROJECT}_spec")["firstresult"] else f"list[{answer}]"


def differences(protocol: type, module: ModuleType) -> list[str]:
    """How the methods ``protocol`` declares itself differ from the hookspecs of ``module``."""
    wanted = {name.removeprefix(PREFIX): spec for name, spec in specs(module).items()}
    members = own_members(protocol)
    found = [f"no member for hook {PREFIX}{name}" for name in sorted(wanted.keys() - members.keys())]
    strays = sorted(members.keys() - wanted.keys())
    found += [f"member {name} is no hook of {module.__name__}" for name in strays]
    for name in sorted(wanted.keys() & members.keys()):
        spec, member = inspect.signature(wanted[name]), inspect.signature(members[name])
        theirs = [(p.name, p.annotation) for p in spec.parameters.values()]
        ours = [(p.name, p.annotation) for p in list(member.parameters.values())[1:]]  # self aside
        if ours != theirs:
            found.append(f"{name}: parameters {ours}, the hookspec's {theirs}")
        if member.return_annotation != exposed(wanted[name]):
            found.append(f"{name}: returns {member.return_annotation}, Rules gives {exposed(wanted[name])}")
    return found


@pytest.mark.parametrize(("protocol", "module"), LAYERS, ids=[p.__name__ for p, _ in LAYERS])
def test_each_protocol_declares_the_hooks_of_its_hookspec_module(protocol: type, module: ModuleType) -> None:
    assert specs(module), f"{module.__name__} specifies no hook"
    assert differences(protocol, module) == []


@pytest.mark.parametrize(("ruleset_id", "protocol", "rules_of"), GAMES, ids=[g for g, *_ in GAMES])
def test_each_games_protocol_is_every_hook_of_its_ruleset_once(
    ruleset_id: str, protocol: type, rules_of: Any
) -> None:
    ruleset = load_ruleset(ruleset_id)
    members = all_members(protocol)
    assert len(members) == len(set(members)), "a hook declared twice in a Protocol and its bases"
    assert sorted(members) == sorted(name.removeprefix(PREFIX) for name in ruleset.rules.hooks)
    assert rules_of(ruleset) is ruleset.rules
    game = Game(ruleset, num_players=2, seed=1)
    assert rules_of(game) is game.rules
    shadowed = [name for name in members if name not in vars(game.rules)]  # a method of Rules'
    assert shadowed == [], "hooks Rules does not make attributes: a method of the same name wins"


def test_a_hook_missing_from_its_protocol_is_found() -> None:
    """What the first test would say of a hook added to a hookspec module alone."""
    module = ModuleType(pyramido_specs.__name__)
    vars(module).update(specs(pyramido_specs))

    @hookspecs.hookspec(firstresult=True)
    def pyramido_new_rule(game: Any, player: int) -> int | None: ...

    pyramido_new_rule.__module__ = module.__name__
    vars(module)["pyramido_new_rule"] = pyramido_new_rule
    assert differences(pyramido.PyramidoHooks, module) == ["no member for hook pyramido_new_rule"]
