"""Keeping the bot inside Discord's limits when many tables publish at once.

* :class:`RequestPacer`: Discord allows a bot 50 requests a second across every route
  (interaction responses are not counted). Each table edits its message at most once a second,
  so a few dozen busy tables alone would pass that; the pacer spaces every channel request the
  tables make, whatever the number of tables, instead of letting Discord answer 429.
* :class:`InvalidRequests`: Discord bans a bot for an hour after 10,000 responses of 401, 403
  or 429 within ten minutes. This counts the ones the bot receives (403s that the tables see,
  429s that discord.py reports as it waits them out) so the tables' retries can hold back long
  before that.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time

GLOBAL_REQUESTS_PER_SECOND = 40.0
"""Below Discord's 50, leaving room for the commands' own requests (followups, command sync)."""
INVALID_REQUEST_WINDOW = 600.0
INVALID_REQUEST_BUDGET = 1_000
"""A tenth of Discord's ban threshold: past it, tables that keep failing retry only rarely."""
RATE_LIMITED_LOG = "We are being rate limited"


class RequestPacer:
    """Hands out request slots at most ``rate`` a second, first come first served."""

    def __init__(self, rate: float = GLOBAL_REQUESTS_PER_SECOND) -> None:
        self.interval = 1.0 / rate
        self._next = 0.0

    async def wait(self) -> None:
        now = time.monotonic()
        slot = max(now, self._next)
        self._next = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


class InvalidRequests(logging.Filter):
    """A sliding ten-minute count of 401/403/429 responses. As a logging filter on discord.py's
    HTTP loggers it counts each 429 they report (discord.py waits those out by itself)."""

    def __init__(self, window: float = INVALID_REQUEST_WINDOW) -> None:
        super().__init__()
        self.window = window
        self._at: collections.deque[float] = collections.deque()

    def note(self) -> None:
        self._at.append(time.monotonic())

    def count(self) -> int:
        horizon = time.monotonic() - self.window
        while self._at and self._at[0] < horizon:
            self._at.popleft()
        return len(self._at)

    @property
    def over_budget(self) -> bool:
        return self.count() >= INVALID_REQUEST_BUDGET

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING and str(record.msg).startswith(RATE_LIMITED_LOG):
            self.note()
        return True

    def watch_discord(self) -> None:
        for name in ("discord.http", "discord.webhook.async_"):
            logging.getLogger(name).addFilter(self)

    def unwatch_discord(self) -> None:
        for name in ("discord.http", "discord.webhook.async_"):
            logging.getLogger(name).removeFilter(self)
