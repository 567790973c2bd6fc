"""A table as the runtime keeps it, and what it tells the outside: the table and its round
in play, a player's action request, what acts and stands up return, and the ``Publisher`` that
shows changes to players (the Discord cog)."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.coach.review import Decision
from bot.economies import event_economy, practice_economy
from bot.games.common import SeatId
from bot.games.round import DeadlineKind, Round
from bot.tables.actions import NO_ARG, ActionArg
from bot.tables.adapter import GameAdapter
from bot.tables.config import TableConfig
from bot.tables.results import RoundResult

RECENT_INTERACTIONS = 500


class Publisher(Protocol):
    """Where the runtime reports what players should see; the Discord cog implements it."""

    def table_changed(self, table: Table) -> None: ...

    def round_finished(self, table: Table, result: RoundResult) -> None: ...

    def table_closed(self, table: Table, refunds: Mapping[int, int]) -> None: ...


class NullPublisher:
    def table_changed(self, table: Table) -> None:
        pass

    def round_finished(self, table: Table, result: RoundResult) -> None:
        pass

    def table_closed(self, table: Table, refunds: Mapping[int, int]) -> None:
        pass


@dataclass
class ActiveRound:
    id: int
    state: Round
    """The engine's round (:class:`bot.games.round.Round`)."""
    seed: bytes
    commitment: str
    seq: int = 0
    """Actions saved so far; buttons carry it so a double click on one rendering acts once."""
    deadline: float | None = None
    deadline_kind: DeadlineKind | None = None
    phase: Hashable = None
    """The adapter's phase key when the deadline was set: a new key starts a new timer."""
    started_at: float = 0.0
    last_press: dict[int, str | None] = field(default_factory=dict)
    """Per player, the saved step of their latest action when it came from a button press
    (None when it did not): a press of that same button again is a double click."""
    decisions: list[Decision] = field(default_factory=list)
    """The decisions players made, as the coach would have been asked then, for their review
    after the round (kept in memory: a restart mid-round loses the round's review)."""


@dataclass
class Table:
    id: int
    guild_id: int
    channel_id: int
    config: TableConfig
    adapter: GameAdapter
    message_id: int | None = None
    seats: dict[int, str] = field(default_factory=dict)
    """Seated players (user id -> display name) in the order they sat down."""
    names: dict[int, str] = field(default_factory=dict)
    """Everyone who sat here since start-up, so a player who left still has a name."""
    round: ActiveRound | None = None
    memory: dict[SeatId, Any] = field(default_factory=dict)
    leaving: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    last_result: RoundResult | None = None
    recent_interactions: dict[int, None] = field(default_factory=dict)
    """Interaction ids accepted lately (insertion-ordered, capped), so a repeated delivery is
    recognised before the engine sees it; the database's UNIQUE constraint backs this up."""
    stacks: dict[int, int] = field(default_factory=dict)
    """Stack-funded tables: chips in each member's stack here (stakes in play are not in it),
    as last read from the store; players who left keep an entry until it is cashed out."""
    paused: str | None = None
    """Why the table's messages cannot reach its channel (the publisher says): no new round
    starts until they can; a round in play goes on by its timers."""

    @property
    def plays_from_stacks(self) -> bool:
        return self.adapter.info.plays_from_stacks

    @property
    def economy(self) -> int:
        """Whose chips this table plays with: the server's, a practice table's own
        (:func:`~bot.tables.config.practice_economy`) or an event's (its entrants' event stacks,
        :func:`~bot.events.event_economy`). Every chip the table moves is in it."""
        if self.config.event is not None:
            return event_economy(self.config.event)
        return practice_economy(self.guild_id) if self.config.practice else self.guild_id

    def remember_interaction(self, interaction_id: int | None) -> None:
        if interaction_id is None:
            return
        self.recent_interactions[interaction_id] = None
        while len(self.recent_interactions) > RECENT_INTERACTIONS:
            del self.recent_interactions[next(iter(self.recent_interactions))]

    @property
    def version(self) -> int:
        return self.round.seq if self.round else 0

    @property
    def round_id(self) -> int:
        return self.round.id if self.round else 0


@dataclass(frozen=True)
class ActionRequest:
    """One player action, from a slash command (``round_id`` None) or a button."""

    guild_id: int
    channel_id: int
    user_id: int
    user_name: str
    action: str
    arg: ActionArg = NO_ARG
    round_id: int | None = None
    version: int | None = None
    interaction_id: int | None = None


@dataclass(frozen=True)
class ActionResult:
    round_id: int
    label: str


@dataclass(frozen=True)
class BuyInResult:
    table_id: int
    user_id: int
    amount: int
    stack: int
    """The player's stack at the table after the buy-in."""
    wallet: int
    """The player's wallet after the buy-in."""


@dataclass(frozen=True)
class LeaveResult:
    """What standing up did; the cog tells the player in their language."""

    hand_played_out: bool = False
    """A dealt hand stays in the round, played by the timeout rules."""
    stack_waits_for: int | None = None
    """The round whose end returns the stack to the wallet (a stack-funded table, mid-hand)."""
    stack_returned: int = 0
    """Chips of the stack that went back to the wallet now."""
