"""Each table's one timer: armed for its round's deadline, it fires the round's expiry through
the runtime, and is armed again for the next phase. A phase keeps its deadline while it lasts;
a new phase (the round's phase key changes) starts a new one, as long as the table's betting
window or decision time says, or at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

from bot.games.round import DeadlineKind, Round
from bot.tables.config import TableConfig
from bot.tables.table import Table

log = logging.getLogger(__name__)

Fire = Callable[[Table, int, float], Awaitable[None]]
"""What runs when a deadline passes: ``fire(table, round_id, deadline)``."""


class Timers:
    def __init__(self, clock: Callable[[], float], fire: Fire) -> None:
        self.clock = clock
        self._fire = fire
        self.closing = False
        """Set when the runtime stops: no timer is armed any more."""

    def arm(self, table: Table) -> None:
        self.disarm(table)
        round_ = table.round
        if self.closing or round_ is None or round_.deadline is None:
            return
        table.timer = asyncio.create_task(self._wait_and_fire(table, round_.id, round_.deadline),
                                          name=f"table-{table.id}-timer")

    def disarm(self, table: Table) -> None:
        timer, table.timer = table.timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _wait_and_fire(self, table: Table, round_id: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.clock()))
        try:
            await self._fire(table, round_id, deadline)
        except Exception:
            log.exception("Timer for table %s failed", table.id)

    async def fire_due(self, tables: list[Table]) -> int:
        """Run every timer whose deadline has passed (tests call this after moving the clock)."""
        fired = 0
        for table in tables:
            round_ = table.round
            if round_ is not None and round_.deadline is not None and round_.deadline <= self.clock():
                await self._fire(table, round_.id, round_.deadline)
                fired += 1
        return fired

    def next_deadline(self, table: Table) -> tuple[float | None, DeadlineKind | None, Hashable]:
        """Keep the deadline while the phase lasts; a new phase starts a new timer."""
        round_ = table.round
        assert round_ is not None
        kind = round_.state.deadline_kind()
        phase = round_.state.phase_key()
        if kind is None:
            return None, None, phase
        if phase == round_.phase and round_.deadline is not None:
            return round_.deadline, kind, phase
        return self.clock() + seconds_of(table.config, kind), kind, phase


def seconds_of(config: TableConfig, kind: DeadlineKind) -> float:
    return {"betting": config.betting_seconds, "decision": config.decision_seconds, "now": 0}[kind]


def opening_seconds(config: TableConfig, state: Round) -> float:
    """A round's first window is the betting window, whatever its phase (the bank's first
    offer at High Card Flush too), unless its next step comes at once."""
    return 0 if state.deadline_kind() == "now" else float(config.betting_seconds)
