"""Which games the simulator knows: every declared game (:mod:`bot.catalog`), each imported
only when simulated."""

from __future__ import annotations

import importlib

from bot.catalog import GAMES as DECLARED
from bot.sim.game import SimGame

GAMES: dict[str, str] = {game.key: game.simulator for game in DECLARED}
"""name -> "module:factory", where factory() returns a SimGame (a class is a factory)."""


class UnknownGameError(LookupError):
    """No simulator is registered under that name; the message lists the ones that are."""


def game_names() -> list[str]:
    return sorted(GAMES)


def load_game(name: str) -> SimGame:
    """Import the game's module and build its simulator."""
    target = GAMES.get(name)
    if target is None:
        raise UnknownGameError(
            f"no simulator for {name!r}; choose one of: {', '.join(game_names())}"
        )
    module_name, factory_name = target.split(":")
    factory = getattr(importlib.import_module(module_name), factory_name)
    game: SimGame = factory()
    return game
