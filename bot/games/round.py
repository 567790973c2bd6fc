"""What the table runtime asks of every engine's round, typed: the round protocol.

OpenSpiel's ``State`` is the model (its ``kuhn_poker.py`` is a whole poker game behind a few
methods): a round says which seats to ask, each seat's legal moves (:mod:`bot.games.moves`) and
applies one; it says when its timer is a betting window or a decision (and a phase's key, so
that a new phase gets a new timer), whether cards are out (its shuffle's commitment is then
shown), which cards it dealt, whose chips it holds, whether it is over, and saves itself as
JSON. Each engine's round implements it: ``UTHState``, ``ThreeCardState``, ``BoxedState`` (and
Imperial's), High Card Flush's ``HCFRound``, Chinese Poker's ``ChineseTable``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Literal, Protocol, runtime_checkable

from bot.games.common import SeatId
from bot.games.moves import MoveOption
from bot.poker import Card

DeadlineKind = Literal["betting", "decision"]


@runtime_checkable
class Round(Protocol):
    def seats_to_ask(self) -> tuple[SeatId, ...]:
        """The seats whose legal moves make up what the table offers."""

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]: ...

    def phase_key(self) -> Hashable:
        """The phase as a value: a new value starts a new timer (never a display text)."""

    def deadline_kind(self) -> DeadlineKind | None:
        """What the timer of this phase is: the betting window, a decision, or none."""

    def cards_out(self) -> bool:
        """Cards will be dealt or are out: the round's shuffle commitment is shown from now."""

    def is_over(self) -> bool: ...

    def dealt_cards(self) -> list[Card]:
        """Every card dealt so far in deck order (the provably fair check re-creates them)."""

    def seats_in_play(self) -> tuple[SeatId, ...]:
        """The seats whose chips this round holds or may still take."""

    def to_dict(self) -> dict[str, Any]: ...
