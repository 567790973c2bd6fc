"""Imperial Poker's moves: the boxed games' (:mod:`bot.games.boxed.moves`) and the Draw."""

from __future__ import annotations

from bot.games.boxed.moves import MOVE_TYPES as BOXED_MOVE_TYPES
from bot.games.boxed.moves import MOVES as BOXED_MOVES
from bot.games.boxed.moves import BoxedMove
from bot.games.moves import Move, MoveSet
from bot.poker import Card


class DrawCards(Move, kind="draw"):
    """Exchange ``cards`` of the open box on turn (the cards, never their positions)."""

    cards: tuple[Card, ...]


ImperialMove = BoxedMove | DrawCards
MOVE_TYPES: tuple[type[ImperialMove], ...] = (*BOXED_MOVE_TYPES, DrawCards)
MOVES = MoveSet(MOVE_TYPES, BOXED_MOVES.opening)
