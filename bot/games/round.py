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

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from bot.games.common import SeatId
from bot.games.moves import Move, Moved, MoveOption
from bot.i18n import Text
from bot.poker import Card

DeadlineKind = Literal["betting", "decision", "now"]
"""A phase's timer: the table's betting window, its decision time, or none at all (the round's
next step comes at once, as Chinese Poker's cards after the Deal)."""


@runtime_checkable
class Round(Protocol):
    def seats_to_ask(self) -> tuple[SeatId, ...]:
        """The seats whose legal moves make up what the table offers."""

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]: ...

    def apply(self, seat: SeatId, move: Move) -> Moved:
        """Make the move (a ``RuleError`` when it is not legal now or not this game's, and
        nothing changes)."""

    def expire(self, deck: Callable[[], Sequence[Card]]) -> list[Moved]:
        """The phase's timer ran out: close the window (dealing from ``deck()``), or time
        the seats still to decide out."""

    def leave(self, seat: SeatId) -> list[Moved]:
        """A player left mid-round: their bets back before the deal, else their hand played
        out as a timeout would."""

    def bets_in_place(self, seat: SeatId) -> Text:
        """The seat's bets on the table now, as a reply lists them ("Ante 10 · Pair Plus 10")."""

    def phase_key(self) -> Hashable:
        """The phase as a value: a new value starts a new timer (never a display text)."""

    def deadline_kind(self) -> DeadlineKind | None:
        """What the timer of this phase is: the betting window, a decision, at once, or none."""

    def cards_out(self) -> bool:
        """Cards will be dealt or are out: the round's shuffle commitment is shown from now."""

    def is_over(self) -> bool: ...

    def dealt_cards(self) -> list[Card]:
        """Every card dealt so far in deck order (the provably fair check re-creates them)."""

    def seats_in_play(self) -> tuple[SeatId, ...]:
        """The seats whose chips this round holds or may still take."""

    def memory(self) -> dict[Any, Any]:
        """What the table's next round remembers (bets for Rebet, the button), as JSON."""

    def final_hands(self) -> Mapping[SeatId, Sequence[Sequence[Card]]]:
        """Each player's cards at the end, as groups (a box, a row, hole cards with the
        board), for their stats' best hand."""

    def record(self) -> dict[str, Any]:
        """The finished round's public record for /round (everything is revealed by then)."""

    def to_dict(self) -> dict[str, Any]: ...
