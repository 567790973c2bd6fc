"""Game nights (#38): an event's rules, apart from Discord and the database.

An event is a contest on equal stacks: every entrant gets the same stack of event chips, kept in
an economy of the event's own (:func:`event_economy`), so its tables take bets from and pay into
event stacks with every table mechanism unchanged, and no chip crosses to the server's wallets
except the entry fees (into the prize pool, held in the server's escrow) and the prizes (out of
it to the top places at the end, :func:`prizes`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.economies import event_economy
from bot.games.moves import MOST_CHIPS as MAX_AMOUNT
from bot.i18n import Refusal

if TYPE_CHECKING:  # the store imports this module: only the annotation names it
    from bot.store.stats_models import PlayedHand

DEFAULT_SPLIT = (50, 30, 20)
"""The prize pool's shares (percent) for first, second and third place unless the admin sets them."""
MOST_PLACES_PAID = 10
NAME_LENGTH = (1, 40)
LONGEST_EVENT_SECONDS = 31 * 86400
"""An event runs a month at most: long enough for a league, short enough to be an event."""
STACK_REASON = "event stack"  # a ledger entry's reason: not prose
REBUY_REASON = "event rebuy"  # a ledger entry's reason: not prose
FEE_REASON = "event entry fee"  # a ledger entry's reason: not prose
PRIZE_REASON = "event prize"  # a ledger entry's reason: not prose


class EventError(Refusal):
    """An event operation refused, with a reason fit to show the admin or the player."""


@dataclass(frozen=True)
class EventSpec:
    """An event as an admin starts it."""

    name: str
    channel_id: int
    """Where its podium goes and where any table plays for it."""
    games: tuple[str, ...]
    starts_at: float
    ends_at: float
    stack: int
    fee: int = 0
    split: tuple[int, ...] = DEFAULT_SPLIT
    rebuys: bool = False

    def check(self, now: float) -> None:
        """Refuse a spec no event can run on, naming what is wrong."""
        if not NAME_LENGTH[0] <= len(self.name.strip()) <= NAME_LENGTH[1]:
            raise EventError("An event's name has 1 to {most} characters.", most=NAME_LENGTH[1])
        if not self.games:
            raise EventError("Name at least one game for the event.")
        if self.ends_at <= now:
            raise EventError("The event's end has to be in the future.")
        if self.ends_at <= self.starts_at:
            raise EventError("The event has to end after it starts.")
        if self.ends_at - max(self.starts_at, now) > LONGEST_EVENT_SECONDS:
            raise EventError("An event runs for {days} days at most.", days=LONGEST_EVENT_SECONDS // 86400)
        if not 1 <= self.stack <= MAX_AMOUNT:
            raise EventError("The starting stack is 1 to {most} chips.", most=MAX_AMOUNT)
        if not 0 <= self.fee <= MAX_AMOUNT:
            raise EventError("The entry fee is 0 to {most} chips.", most=MAX_AMOUNT)
        check_split(self.split)


def check_split(split: Sequence[int]) -> None:
    """A prize split: 1 to :data:`MOST_PLACES_PAID` shares in percent, none below 1, not rising
    (a place never pays more than the one above it), summing to 100."""
    if not 1 <= len(split) <= MOST_PLACES_PAID or any(share < 1 for share in split) or sum(split) != 100:
        raise EventError("The prize split is 1 to {most} percentages that add up to 100, such as 50/30/20.",
                           most=MOST_PLACES_PAID)
    if any(lower > higher for higher, lower in zip(split, split[1:], strict=False)):
        raise EventError("A place of the prize split cannot pay more than the place above it.")


def parse_split(text: str) -> tuple[int, ...]:
    """``"50/30/20"`` (or with commas or spaces) as shares; refuses anything else."""
    parts = text.replace(",", "/").replace(" ", "/").split("/")
    try:
        split = tuple(int(part) for part in parts if part)
    except ValueError:
        split = ()
    check_split(split)
    return split


def prizes(pool: int, split: Sequence[int], standings: Sequence[tuple[int, int]]) -> dict[int, int]:
    """The pool paid out by place: ``standings`` are (member, final stack) in the order they joined.

    Places go by stack, highest first. Members tied on a stack share the prizes of the places they
    cover equally, chip for chip; the chips that do not divide go one each to the earlier joiners.
    When fewer members finish than places are paid, the shares of the places filled are scaled
    up to the whole pool. Whatever rounding leaves goes to first place: the whole pool is paid,
    exactly. Members who finished with no chips and no share get nothing (and no key)."""
    if pool <= 0 or not standings:
        return {}
    places = min(len(standings), len(split))
    shares = list(split[:places])
    amounts = [pool * share // sum(shares) for share in shares]
    amounts[0] += pool - sum(amounts)
    order = sorted(range(len(standings)), key=lambda index: (-standings[index][1], index))
    paid: dict[int, int] = {}
    place = 0
    while place < len(order) and place < places:
        stack = standings[order[place]][1]
        tied = [index for index in order[place:] if standings[index][1] == stack]
        total = sum(amounts[place: place + len(tied)])
        each, left = divmod(total, len(tied))
        for rank, index in enumerate(sorted(tied)):
            paid[standings[index][0]] = each + (rank < left)
        place += len(tied)
    return {member: amount for member, amount in paid.items() if amount > 0}


@dataclass(frozen=True)
class EventInfo:
    """An event as the store keeps it."""

    id: int
    guild_id: int
    spec: EventSpec
    entries_open: bool
    created_at: float
    ended_at: float | None
    """When it was ended (its prizes paid); None while it runs or waits for its start."""

    @property
    def economy(self) -> int:
        return event_economy(self.id)

    @property
    def pool_key(self) -> str:
        """The escrow account, in the guild's economy, that holds its entry fees."""
        return pool_key(self.id)

    def running(self, now: float) -> bool:
        return self.ended_at is None and self.spec.starts_at <= now


def pool_key(event_id: int) -> str:
    return f"event:{event_id}"


@dataclass(frozen=True)
class EventEntry:
    """A member's entry: how many stacks they were given (the first and each rebuy)."""

    user_id: int
    joined_at: float
    buys: int
    final_stack: int | None = None
    prize: int = 0


@dataclass(frozen=True)
class EventResult:
    """An ended event: the final stacks by place and what each won."""

    event: EventInfo
    entries: Sequence[EventEntry]
    """Best first (the final stacks' order, ties in joining order)."""
    pool: int

    @property
    def prizes(self) -> Mapping[int, int]:
        return {entry.user_id: entry.prize for entry in self.entries if entry.prize}


@dataclass(frozen=True)
class EventAudit:
    """An event's own books: its stacks sum to the stacks it gave (first and rebuys) plus its
    entrants' results in its rounds, and its economy balances like any other."""

    event_id: int
    given: int
    """Starting stacks and rebuys, as minted in the event's economy."""
    results: int
    """The entrants' net over the event's settled rounds, as the rounds recorded them."""
    stacks: int
    """The entrants' event chips: their event wallets and the stacks they have at its tables."""
    in_play: int
    """Chips in the escrow of rounds not yet settled."""
    economy_ok: bool

    @property
    def ok(self) -> bool:
        return self.economy_ok and self.stacks + self.in_play == self.given + self.results


@dataclass(frozen=True)
class EventMoment:
    """One player's result in one settled round of the event."""

    round_id: int
    settled_at: float
    user_id: int
    net: int
    hand: PlayedHand | None
    """Their best poker hand in the round."""


@dataclass(frozen=True)
class EventTimeline:
    """An event's rounds and rebuys in order, for its podium's chart."""

    event: EventInfo
    entries: Sequence[EventEntry]
    rounds: Sequence[EventMoment]
    rebuys: Sequence[tuple[int, float]]
    names: Mapping[int, str]

    def stacks_by_round(self) -> tuple[list[int], dict[int, list[int]]]:
        """Each entrant's event chips before the first round and after each settled round (a
        rebuy counted from the round after it), and the rounds' ids. What a member joined with
        counts from the start: the chart shows who gained what, not when they came."""
        stack = self.event.spec.stack
        held = {entry.user_id: stack for entry in self.entries}
        curves = {user: [chips] for user, chips in held.items()}
        order: list[int] = []
        rebuys = sorted(self.rebuys, key=lambda rebuy: rebuy[1])
        by_round: dict[int, list[EventMoment]] = {}
        for moment in self.rounds:
            by_round.setdefault(moment.round_id, []).append(moment)
        for round_id, moments in by_round.items():
            settled_at = moments[0].settled_at
            while rebuys and rebuys[0][1] <= settled_at:
                user, _ = rebuys.pop(0)
                held[user] = held.get(user, 0) + stack
            for moment in moments:
                held[moment.user_id] = held.get(moment.user_id, 0) + moment.net
            order.append(round_id)
            for user in curves:
                curves[user].append(held[user])
        return order, curves
