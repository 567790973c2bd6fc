"""What both boxed simulators settle with: the engine's own :func:`settle_box`, at a table with
no limits (the simulators measure the seeds' rules, not one table's caps)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.boxed.rules import (
    BoxedGame,
    BoxedOptions,
    BoxReturns,
    BoxShowdown,
    BoxStakes,
    HandClass,
    hand_class,
    settle_box,
)
from bot.poker import evaluate_rank5

NO_LIMITS: Final = BoxedOptions(min_ante=1)


def ante_and_bet_return(game: BoxedGame, ante: int, bet: int, value: int, bet_win: int, dealt: int,
                        final: int, *, exchanged: bool) -> int:
    """Chips an open box's Ante and BET (no bonus, no insurance) return against a dealer dealt
    ``dealt`` and showing ``final``: what the exchange decisions weigh."""
    stakes = BoxStakes("open", ante, bet, exchanged=exchanged)
    showdown = BoxShowdown(value, bet_win, HandClass.NOTHING, dealt, final)
    return settle_box(game, NO_LIMITS, stakes, showdown).total


def settle(game: BoxedGame, stakes: BoxStakes, value: int, bet_win: int, first_five: Sequence[int],
           dealt: int, final: int) -> BoxReturns:
    """The whole box settled; its bonus paid on ``first_five``, the cards as dealt."""
    showdown = BoxShowdown(value, bet_win, hand_class(evaluate_rank5(first_five)), dealt, final)
    return settle_box(game, NO_LIMITS, stakes, showdown)
