"""The boxed games' moves as values (see :mod:`bot.games.moves`): each is one action a seat
takes, its ``kind`` the action's name. :meth:`BoxedState.legal_moves` lists them and
:meth:`BoxedState.apply` applies one; Imperial Poker adds its Draw
(:class:`bot.games.imperial.moves.DrawCards`). Undo, Clear and Fold are shared."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.common import RuleError
from bot.games.moves import Clear as Clear
from bot.games.moves import Fold as Fold
from bot.games.moves import Move, MoveSet, Remembered
from bot.games.moves import Undo as Undo


class BoxAnte(Move, kind="ante"):
    box: int
    amount: int


class BoxBonus(Move, kind="bonus"):
    box: int
    amount: int


class Rebet(Remembered, kind="rebet", reports_bets=True):
    """Last round's boxes again, ``box -> (ante, bonus)``."""

    previous: Mapping[int, tuple[int, int]]

    @classmethod
    def from_memory(cls, previous: object) -> Rebet:
        """From the table's memory of the seat: ``{"1": [ante, bonus]}`` (through JSON)."""
        if not isinstance(previous, Mapping) or not previous:
            raise RuleError("There is nothing to rebet: you had no boxes last round.")
        return cls({int(box): (int(ante), int(bonus)) for box, (ante, bonus) in previous.items()})


class OpenBoxes(Move, kind="open"):
    """Play only ``times`` boxes open (the rest with an Ante blind)."""

    times: int


class Buy(Move, kind="buy"):
    """Buy a sixth card for the open box on turn (1 Ante)."""


class Bet(Move, kind="bet"):
    """The BET on the open box on turn, with ``insurance`` chips of insurance bought first."""

    insurance: int = 0


class Insure(Move, kind="insure"):
    box: int
    amount: int


class GoOn(Move, kind="goon"):
    """Go on: past a BET placed without more insurance, the blind boxes, or the exchange."""


class PickExchange(Move, kind="exchange"):
    """Ask for the dealer's exchange with ``box`` (a second pick takes it back)."""

    box: int


BoxedMove = (BoxAnte | BoxBonus | Rebet | OpenBoxes | Undo | Clear | Buy | Bet | Fold | Insure | PickExchange
             | GoOn)
MOVE_TYPES: tuple[type[BoxedMove], ...] = (BoxAnte, BoxBonus, Rebet, OpenBoxes, Undo, Clear, Buy, Bet, Fold,
                                           Insure, PickExchange, GoOn)
MOVES = MoveSet(MOVE_TYPES, frozenset({BoxAnte.kind, BoxBonus.kind, Rebet.kind}))
