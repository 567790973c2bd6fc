"""The contract between the table runtime and one game's rules engine.

The runtime is the same for every game: it serialises actions, saves state, moves chips and
runs timers. An adapter translates its generic calls ("apply this action for this seat",
"the timer ran out", "what does the table show") into the engine's own API. Adapters hold no
state of their own; the engine state object is passed in and out.

Optional parts, found with ``getattr`` so that existing adapters need none of them:

* ``funding = "stack"`` (class attribute; default ``"wallet"``): the game is played from table
  stacks (player-banked High Card Flush, peer-to-peer Chinese Poker). Players buy in from their
  wallet; every ChipFlow moves chips between the seat's stack and the round's escrow; at
  settlement each line's ``returned`` goes from the escrow to the seat's stack, a positive
  ``house_net`` (rake, or the house's win when it banks) to the house, and a negative one is
  first paid by the house into the escrow. The escrow must end at exactly zero.
* ``new_round_state(config, context)`` (:class:`RoundStarter`): used instead of
  ``new_state(config)`` when a round opens, with the table's :class:`TableContext`.
  ``new_state`` is still required: ``/table config`` calls it to validate options.
* ``check_buy_in(config, request)`` (:class:`BuyInCheck`): refuse a buy-in the game does not
  allow (raise ``RuleError``), e.g. Chinese Poker's full buy before a short one.
* ``opening_seconds(config)``: how long a round's first window lasts before its first
  deadline fires (default: ``config.betting_seconds``). Chinese Poker has no bets: 0, so the
  cards are dealt (by ``on_deadline``, which has the deck) as soon as Deal opens the round.
* ``showdown_snapshot(state, config, names, title, footer)``: a :class:`render.ShowdownSnapshot`
  for the result image instead of the table scene (Chinese Poker shows every hand in parts and
  every pairwise result).
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
Funding = Literal["wallet", "stack"]


@dataclass(frozen=True)
class PrivateRow:
    """One row of a player's own cards: what it is ("Box 1 (open)"), the cards, and what they
    make ("Two Pair, Kings and Sevens"), drawn under the label and wrapped, never cut."""

    label: str
    cards: list[Card | None]
    detail: str = ""


PrivateRows = list[PrivateRow]
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


def funding_of(adapter: object) -> Funding:
    """Where a game's stakes come from: ``"stack"`` if the adapter says so, else the wallet."""
    return "stack" if getattr(adapter, "funding", "wallet") == "stack" else "wallet"


@dataclass(frozen=True)
class TableContext:
    """The table as a round opens: what an engine needs that is not in its own state.

    ``seats`` are the seated players with their stacks, in the order they sat down. That order
    is the table's clockwise order: a newcomer takes the next free place clockwise, after the
    last player to sit down. At a table played from wallets every stack is 0.
    """

    table_id: int
    seats: tuple[tuple[SeatId, int], ...]
    """(user id, chips in their stack at the table before the round's first stake)."""
    memory: Mapping[Any, Any] = field(default_factory=dict)
    """What ``adapter.memory()`` returned after the last settled round (button, last DP...):
    seat ids are int keys, other keys str (it went through JSON)."""
    newcomers: frozenset[SeatId] = frozenset()
    """Seated players who have not finished a round at this table since they sat down (a new
    player does not get the button on their first hand)."""

    @property
    def seat_ids(self) -> tuple[SeatId, ...]:
        return tuple(seat for seat, _ in self.seats)

    @property
    def stacks(self) -> dict[SeatId, int]:
        return dict(self.seats)

    def stack_of(self, seat: SeatId) -> int:
        return self.stacks.get(seat, 0)

    def clockwise_after(self, seat: SeatId | None) -> tuple[SeatId, ...]:
        """Every seat once, clockwise, starting with the one after ``seat`` (from the first
        seat when ``seat`` is None or no longer seated)."""
        ids = self.seat_ids
        if seat not in ids:
            return ids
        start = ids.index(seat) + 1
        return ids[start:] + ids[:start]


class RoundStarter(Protocol):
    """Optional hook: build a round's state knowing the table's seats, stacks and memory."""

    def new_round_state(self, config: TableConfig, context: TableContext) -> Any: ...


@dataclass(frozen=True)
class BuyInRequest:
    """A player asking to bring chips to a stack-funded table, as the game's check sees it."""

    user_id: SeatId
    amount: int
    stack: int
    """Chips already in the player's stack at this table."""
    bought_in: int
    """Chips the player has brought to this table since they last sat down (0: first buy)."""
    wallet: int


class BuyInCheck(Protocol):
    """Optional hook: refuse a buy-in the game's rules do not allow (raise ``RuleError``)."""

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None: ...
