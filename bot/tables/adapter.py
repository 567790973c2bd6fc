"""The contract between the table runtime and one game's rules engine.

The runtime is the same for every game: it serialises actions, saves state, moves chips and
runs timers. An adapter translates its generic calls ("apply this action for this seat",
"the timer ran out", "what does the table show") into the engine's own API. Adapters hold no
state of their own; the engine state object is passed in and out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from bot.games.common import ChipFlow, SeatId, Settlement
from bot.poker import Card
from bot.tables.config import TableConfig
from render import TableSnapshot

DeadlineKind = Literal["betting", "decision"]
PrivateRows = list[tuple[str, list[Card | None]]]
"""A player's own cards as labelled rows (one per hand or box)."""
ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Control:
    """One button on the table message. ``action``/``arg`` come back in :meth:`apply`."""

    label: str
    action: str
    arg: str = ""
    style: ButtonStyle = "secondary"
    row: int = 0


@dataclass(frozen=True)
class Applied:
    """What one accepted action did: the chips it moved and how the history names it."""

    seat: SeatId | None
    label: str
    flows: tuple[ChipFlow, ...] = ()
    step: str | None = None
    """Dedupe key: an action with the same step in the same round is applied once only."""


@dataclass(frozen=True)
class Outcome:
    """A settled round as the table announces it."""

    settlement: Settlement
    headline: str
    seat_lines: Mapping[SeatId, str] = field(default_factory=dict)


class GameAdapter(Protocol):
    game: str
    display_name: str
    starts_round_actions: frozenset[str]
    """Actions a seated (or new) player may take with no round running: they open one."""

    def new_state(self, config: TableConfig) -> Any: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def load(self, data: Mapping[str, Any], config: TableConfig) -> Any: ...

    def apply(self, state: Any, seat: SeatId, action: str, arg: str,
              memory: Mapping[SeatId, Any]) -> Applied:
        """Apply a player's action or raise ``RuleError``; ``memory`` holds last round's bets."""
        ...

    def deadline_kind(self, state: Any) -> DeadlineKind | None: ...

    def on_deadline(self, state: Any, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        """The timer ran out: close the window (and deal from ``deck()``), or time seats out."""
        ...

    def leave(self, state: Any, seat: SeatId) -> list[Applied]:
        """A player left mid-round: take back unplaced bets, or play the hand by timeouts."""
        ...

    def needs_seed(self, state: Any) -> bool:
        """True once cards will be dealt, so the round's commitment must be shown."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> Outcome | None:
        """The settlement once the round is over; None when nobody played (nothing dealt)."""
        ...

    def dealt_cards(self, state: Any) -> list[Card]:
        """Every card dealt, in deck order, so a revealed seed can be checked against them."""
        ...

    def seats_in_play(self, state: Any) -> list[SeatId]: ...

    def memory(self, state: Any) -> dict[SeatId, Any]:
        """What to remember for next round (UTH: each seat's bets, for Rebet)."""
        ...

    def controls(self, state: Any | None, config: TableConfig) -> list[Control]: ...

    def snapshot(self, state: Any | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str) -> TableSnapshot:
        """The public picture: hidden cards are None, never present-but-flagged."""
        ...

    def private_cards(self, state: Any, seat: SeatId) -> tuple[PrivateRows, str]:
        """A seat's own cards as labelled rows and a line about them ("My cards")."""
        ...

    def phase_text(self, state: Any | None) -> str: ...

    def seat_status(self, state: Any, seat: SeatId) -> str: ...

    def record(self, state: Any) -> dict[str, Any]:
        """The finished round's public record for /round (everything is revealed by then)."""
        ...

    def rules_text(self, config: TableConfig) -> str: ...


@dataclass(frozen=True)
class CardPick:
    """A menu of a player's own cards to choose from before an action (Imperial's Draw): at
    most ``most`` of ``cards``, then the ``button`` applies ``action`` with the chosen cards as
    its argument (:func:`pick_arg`). ``row`` is the private row
    (:meth:`GameAdapter.private_cards`) the cards are in."""

    row: int
    cards: tuple[Card, ...]
    most: int
    action: str
    button: str
    placeholder: str


@dataclass(frozen=True)
class PickPreview:
    """What the pick's action with the chosen cards would do, shown before it is paid:
    ``text`` (its cost), ``short`` (a few words for the image) and a ``warning`` to heed first."""

    text: str
    short: str
    warning: str | None = None


def pick_arg(cards: Sequence[Card]) -> str:
    """Chosen cards as an action's argument, ``"Ks.5d"`` (it fits a button's custom id)."""
    return ".".join(str(card) for card in cards)


@runtime_checkable
class PicksCards(Protocol):
    """An adapter whose players choose some of their own cards for an action (a private menu)."""

    def card_pick(self, state: Any, seat: SeatId) -> CardPick | None:
        """The menu the seat may use now, or None."""
        ...

    def pick_preview(self, state: Any, seat: SeatId, cards: Sequence[Card]) -> PickPreview:
        """The cost of the pick's action with ``cards``; ``RuleError`` when it is not allowed."""
        ...
