"""Recording rounds for the stats tests, and a recount of the stats in plain Python.

The recount is written from the definitions in the issue (net, rounds won, biggest single win,
best hand, winning streaks in settlement order, periods in the server's time zone, sittings that
end after 30 idle minutes), independently of the store's SQL, so the kept aggregates and the
store's own recount view are both checked against it.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from bot.store import AccountRef, Movement, RoundHeader, RoundMoney, Store
from bot.store.stats_models import SESSION_IDLE_SECONDS, PlayedHand


@dataclass(frozen=True)
class Seat:
    wagered: int
    returned: int
    hand: int | None = None


@dataclass
class Played:
    """A round as the recount sees it."""

    round_id: int
    guild_id: int
    game: str
    settled_at: float
    table_id: int | None
    seats: Mapping[int, Seat]
    session: int | None = None


async def record(store: Store, guild_id: int, game: str, now: float, seats: Mapping[int, Seat], *,
                 table_id: int | None = None, names: Mapping[int, str] | None = None,
                 played: Mapping[int, PlayedHand] | None = None) -> int:
    """Settle a round straight from the wallets against the house (``played``: real hands,
    else each seat's ``hand`` value with made-up cards)."""
    movements = []
    for user, seat in seats.items():
        wallet = AccountRef.wallet(user)
        if seat.returned > seat.wagered:
            movements.append(Movement(AccountRef.house(), wallet, seat.returned - seat.wagered, "won"))
        elif seat.wagered > seat.returned:
            movements.append(Movement(wallet, AccountRef.house(), seat.wagered - seat.returned, "lost"))
    hands = played or {user: PlayedHand(seat.hand, f"{seat.hand}c") for user, seat in seats.items()
                       if seat.hand is not None}
    results = {user: (seat.wagered, seat.returned) for user, seat in seats.items()}
    return await store.record_round(guild_id, RoundHeader(game, 1), RoundMoney(results, movements),
                                    now=now, table_id=table_id, hands=hands, names=names)


@dataclass
class Totals:
    rounds: int = 0
    wins: int = 0
    net: int = 0
    wagered: int = 0
    best_win: int = 0
    best_win_round: int | None = None
    best_hand: int | None = None
    best_hand_round: int | None = None
    streak: int = 0
    best_streak: int = 0

    def add(self, round_id: int, seat: Seat) -> None:
        net = seat.returned - seat.wagered
        self.rounds += 1
        self.wins += net > 0
        self.net += net
        self.wagered += seat.wagered
        if net > self.best_win:
            self.best_win, self.best_win_round = net, round_id
        if seat.hand is not None and (self.best_hand is None or seat.hand > self.best_hand):
            self.best_hand, self.best_hand_round = seat.hand, round_id
        if net > 0:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        elif net < 0:
            self.streak = 0

    def row(self) -> tuple[object, ...]:
        return (self.rounds, self.wins, self.net, self.wagered, self.best_win, self.best_win_round,
                self.best_hand, self.best_hand_round, self.streak, self.best_streak)


@dataclass
class Sittings:
    """Which sitting each round of a table joins: a new one after 30 idle minutes."""

    next_id: int = 1
    running: dict[int, tuple[int, float]] = field(default_factory=dict)

    def join(self, table_id: int, now: float) -> int:
        current = self.running.get(table_id)
        if current is not None and now - current[1] <= SESSION_IDLE_SECONDS:
            self.running[table_id] = (current[0], max(now, current[1]))
            return current[0]
        self.running[table_id] = (self.next_id, now)
        self.next_id += 1
        return self.next_id - 1


def period_keys(played: Played, zone: ZoneInfo) -> list[str]:
    day = dt.datetime.fromtimestamp(played.settled_at, zone).date()
    monday = day - dt.timedelta(days=day.weekday())
    keys = ["all", f"d{day:%Y-%m-%d}", f"w{monday:%Y-%m-%d}", f"m{day:%Y-%m}"]
    return keys + ([f"s{played.session}"] if played.session is not None else [])


def recount(history: list[Played], zones: Mapping[int, ZoneInfo],
            ) -> dict[tuple[object, ...], tuple[object, ...]]:
    """``(guild, game, period, user) -> totals`` over ``history`` in settlement order."""
    totals: dict[tuple[object, ...], Totals] = defaultdict(Totals)
    for played in history:
        for period in period_keys(played, zones[played.guild_id]):
            for game in (played.game, "*"):
                for user, seat in played.seats.items():
                    totals[(played.guild_id, game, period, user)].add(played.round_id, seat)
    return {key: value.row() for key, value in totals.items()}


STATS_COLUMNS = ("guild_id, game, period, user_id, rounds, wins, net, wagered, best_win, best_win_round, "
                 "best_hand, best_hand_round, streak, best_streak")


def rows_by_key(rows: list[tuple[object, ...]]) -> dict[tuple[object, ...], tuple[object, ...]]:
    return {tuple(row[:4]): tuple(row[4:]) for row in rows}
