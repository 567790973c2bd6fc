"""Leaderboards and stats as the store returns them, and the calendar they are kept by.

A settled round counts on the day it was settled in the server's time zone; a period is named
by a key (``period_key``) so a leaderboard reads one period's rows. Nothing here knows SQL.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.store.models import StoreError

Period = Literal["today", "week", "month", "all", "session"]
PERIODS: tuple[Period, ...] = ("today", "week", "month", "all", "session")
Metric = Literal["net", "best_win", "rounds", "win_rate"]
METRICS: tuple[Metric, ...] = ("net", "best_win", "rounds", "win_rate")
ALL_GAMES = "*"
"""The game of the rows that count every game together."""

WIN_RATE_MIN_ROUNDS = 10
"""Rounds a member must have played in the period to be ranked by win rate."""
SESSION_IDLE_SECONDS = 30 * 60
"""A table's sitting ends after this long without a round (or when it closes)."""
UTC_NAME = "UTC"


def zone_of(name: str | None) -> ZoneInfo:
    """The server's time zone (UTC when none is set)."""
    return ZoneInfo(name or UTC_NAME)


def checked_zone_name(name: str) -> str:
    """An IANA zone name as zoneinfo spells it; StoreError for anything else."""
    cleaned = name.strip()
    if cleaned in _zone_names() or cleaned == UTC_NAME:
        try:
            ZoneInfo(cleaned)
            return cleaned
        except (ZoneInfoNotFoundError, ValueError):
            pass
    raise StoreError("{zone} is not a time zone I know; try a name such as Europe/Berlin or "
                     "America/New_York.", zone=name[:60])


def zone_names_like(typed: str, limit: int = 25) -> list[str]:
    """Zone names containing ``typed`` (case-insensitive), shortest first: for autocomplete."""
    needle = typed.strip().lower().replace(" ", "_")
    found = sorted((name for name in _zone_names() if needle in name.lower()), key=lambda n: (len(n), n))
    return found[:limit]


_ZONE_NAMES: frozenset[str] | None = None


def _zone_names() -> frozenset[str]:
    global _ZONE_NAMES
    if _ZONE_NAMES is None:
        _ZONE_NAMES = frozenset(available_timezones())
    return _ZONE_NAMES


def local_day(when: float, zone: ZoneInfo) -> dt.date:
    return dt.datetime.fromtimestamp(when, zone).date()


def day_key(when: float, zone: ZoneInfo) -> str:
    """What ``rounds.day`` holds for a round settled at ``when``."""
    return local_day(when, zone).isoformat()


def period_key(period: Period, when: float, zone: ZoneInfo, *, session_id: int | None = None) -> str:
    """The stored key of the period containing ``when``: ``all``, ``d2026-11-25``,
    ``w2026-11-23`` (weeks start on Monday, ISO 8601), ``m2026-11``, ``s17``."""
    if period == "all":
        return "all"
    if period == "session":
        if session_id is None:
            raise StoreError("There is no sitting at this table yet.")
        return f"s{session_id}"
    day = local_day(when, zone)
    if period == "today":
        return f"d{day.isoformat()}"
    if period == "week":
        return f"w{(day - dt.timedelta(days=day.weekday())).isoformat()}"
    if period == "month":
        return f"m{day.isoformat()[:7]}"
    raise StoreError("unknown period {period}", period=str(period))


def period_start(period: Period, when: float, zone: ZoneInfo) -> float | None:
    """When the calendar period containing ``when`` began (a local midnight), as a timestamp;
    None for ``all`` and ``session``."""
    day = local_day(when, zone)
    if period == "today":
        first = day
    elif period == "week":
        first = day - dt.timedelta(days=day.weekday())
    elif period == "month":
        first = day.replace(day=1)
    else:
        return None
    return dt.datetime.combine(first, dt.time(), zone).timestamp()


KEPT_PERIODS: tuple[Period, ...] = ("week", "month")
"""The periods whose final standings are posted in the standings channel and kept."""


def next_period_start(period: Period, when: float, zone: ZoneInfo) -> float:
    """When the calendar period after the one containing ``when`` begins: a local midnight,
    so a week across a daylight-saving change lasts 167 or 169 hours."""
    day = local_day(when, zone)
    if period == "today":
        first = day + dt.timedelta(days=1)
    elif period == "week":
        first = day + dt.timedelta(days=7 - day.weekday())
    elif period == "month":
        first = (day.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    else:
        raise StoreError("the period {period} has no end", period=str(period))
    return dt.datetime.combine(first, dt.time(), zone).timestamp()


def last_ended(period: Period, now: float, zone: ZoneInfo) -> tuple[str, float, float]:
    """The calendar period that ended last before ``now``: its key, start and end."""
    end = period_start(period, now, zone)
    if end is None:
        raise StoreError("the period {period} has no end", period=str(period))
    start = period_start(period, end - 1, zone)
    assert start is not None
    return period_key(period, start, zone), start, end


@dataclass(frozen=True)
class MemberTotals:
    """A member's totals over one game (or every game) and period."""

    user_id: int
    rounds: int
    wins: int
    net: int
    best_win: int
    best_win_round: int | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class BoardRow(MemberTotals):
    rank: int
    """Ties share a rank (1, 2, 2, 4)."""
    place: int
    """1, 2, 3, ...: the row's position, ties broken by id."""
    name: str | None
    """What the member was last called here (None: no round with a known name)."""


@dataclass(frozen=True)
class Board:
    """A leaderboard: its top rows, the caller's rank with a neighbour above and below when
    they are further down, and how many members it ranks."""

    game: str
    period: Period
    metric: Metric
    top: Sequence[BoardRow]
    around: Sequence[BoardRow]
    own: BoardRow | None
    own_rounds: int
    """Rounds the caller played in this game and period (ranked or not)."""
    ranked: int
    min_rounds: int


@dataclass(frozen=True)
class PlayedHand:
    """The best poker hand a player held in a round: its packed value (higher is better) and
    its cards as text ("As Ks Qs Js Ts")."""

    value: int
    cards: str


@dataclass(frozen=True)
class GameStats:
    """A member's all-time record at one game (or every game)."""

    game: str
    rounds: int
    wins: int
    net: int
    best_win: int
    best_win_round: int | None
    best_win_hand: PlayedHand | None
    best_hand: PlayedHand | None
    best_hand_round: int | None
    streak: int
    best_streak: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class Profile:
    """``/stats``: per game and overall, and the member's net per local day (oldest first)."""

    user_id: int
    name: str | None
    overall: GameStats | None
    games: Sequence[GameStats]
    daily_net: Sequence[tuple[dt.date, int]]


@dataclass(frozen=True)
class SessionRound:
    round_id: int
    user_id: int
    net: int
    hand: PlayedHand | None


@dataclass(frozen=True)
class SessionInfo:
    """A table's sitting for its recap: every player's result round by round."""

    id: int
    guild_id: int
    table_id: int
    channel_id: int
    game: str
    started_at: float
    last_round_at: float
    rounds: Sequence[SessionRound]
    names: dict[int, str]


@dataclass(frozen=True)
class ReviewedDecision:
    """A decision as the coach reviewed it: the option made and the best one then, each the
    hand's expected net in Antes, the hand's Ante in chips, and the chips the choice gave up."""

    user_id: int
    game: str
    made: str
    best: str
    made_ev: float
    best_ev: float
    ante: int
    method: str
    played_best: bool
    given_up: float


@dataclass(frozen=True)
class CoachStats:
    """A member's reviewed decisions at one game: in all, and in the period asked about."""

    game: str
    decisions: int
    played_best: int
    given_up: float
    recent: int
    recent_best: int
    recent_given_up: float
