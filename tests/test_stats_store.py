"""The kept leaderboard and stats totals: equal to a recount from the rounds, whatever the
history; periods in the server's time zone, across daylight-saving changes; sittings; names."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import sqlite3
from pathlib import Path
from unittest.mock import patch
from zoneinfo import ZoneInfo

import asyncpg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import AccountRef, Store, StoreError, migrations
from bot.store.bulk import BulkHistory
from bot.store.stats_models import period_key, period_start
from tests.conftest import BACKENDS
from tests.harness.postgres import Databases, PostgresServer
from tests.stats_helpers import (
    STATS_COLUMNS,
    Played,
    Seat,
    Sittings,
    Totals,
    record,
    recount,
    rows_by_key,
)

BERLIN, NEW_YORK = "Europe/Berlin", "America/New_York"
GUILD, OTHER_GUILD = 7, 8
ANN, BEN, CAT = 101, 102, 103
START = dt.datetime(2026, 10, 20, 12, tzinfo=dt.UTC).timestamp()


async def stats_rows(location: str | Path, table: str) -> dict[tuple[object, ...], tuple[object, ...]]:
    """Every row of ``player_stats`` (the kept totals) or ``player_stats_recount`` (the store's
    recount view), read straight from the database at ``location``."""
    store = await Store.open(location)
    try:
        async with store._reading() as db:
            return rows_by_key(await db.execute_fetchall(f"SELECT {STATS_COLUMNS} FROM {table}"))
    finally:
        await store.close()


seat_results = st.builds(
    lambda wagered, multiple, hand: Seat(wagered, wagered * multiple, hand),
    st.integers(1, 50), st.sampled_from([0, 1, 2, 3]),  # lost, push, won, won big
    st.none() | st.integers(0, 9000),
)
rounds = st.lists(
    st.tuples(
        st.sampled_from([GUILD, OTHER_GUILD]),
        st.sampled_from(["uth", "hcf"]),
        st.sampled_from([None, 0, 1]),  # no table, or one of two tables
        # Mostly forward in time, across days and idle sittings; sometimes the clock steps back.
        st.sampled_from([0.0, 60.0, 1799.0, 1801.0, 6 * 3600.0, 30 * 3600.0, 8 * 86400.0, -300.0]),
        st.dictionaries(st.sampled_from([ANN, BEN, CAT]), seat_results, min_size=1, max_size=3),
    ),
    min_size=1, max_size=25,
)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=rounds)
async def test_kept_totals_equal_a_recount_from_the_rounds(
    databases: Databases, backend: str, history: list[tuple]
) -> None:
    async with databases.store(backend) as (store, path):
        await store.update_guild_settings(GUILD, timezone=NEW_YORK)
        tables = [(await store.create_table(GUILD, channel, "uth", {}, now=START)).id
                  for channel in (1, 2)]
        zones = {GUILD: ZoneInfo(NEW_YORK), OTHER_GUILD: ZoneInfo("UTC")}
        sittings, played, now = Sittings(), [], START
        for guild_id, game, table, step, seats in history:
            now += step
            table_id = tables[table] if table is not None and guild_id == GUILD else None
            round_id = await record(store, guild_id, game, now, seats, table_id=table_id)
            session = sittings.join(table_id, now) if table_id is not None else None
            played.append(Played(round_id, guild_id, game, now, table_id, seats, session))
        for guild_id in (GUILD, OTHER_GUILD):
            assert (await store.audit(guild_id)).stats_off == 0
        expected = recount(played, zones)
        assert await stats_rows(path, "player_stats") == expected
        assert await stats_rows(path, "player_stats_recount") == expected


async def test_a_new_time_zone_recounts_the_days(store_location: str) -> None:
    store = await Store.open(store_location)
    late_evening_utc = dt.datetime(2026, 11, 2, 23, 30, tzinfo=dt.UTC).timestamp()  # 00:30 in Berlin
    try:
        await record(store, GUILD, "uth", late_evening_utc, {ANN: Seat(10, 20)})
        utc_today = await store.board(GUILD, ANN, period="today", now=late_evening_utc)
        assert [row.user_id for row in utc_today.top] == [ANN]
        await store.update_guild_settings(GUILD, timezone=BERLIN)
        # In Berlin that round was played on 3 November: "today" at 22:00 UTC on the 2nd is empty.
        earlier = dt.datetime(2026, 11, 2, 22, 0, tzinfo=dt.UTC).timestamp()
        assert (await store.board(GUILD, ANN, period="today", now=earlier)).top == []
        assert [row.net for row in (await store.board(GUILD, ANN, period="today",
                                                       now=late_evening_utc)).top] == [10]
        assert (await store.audit(GUILD)).ok
        with pytest.raises(StoreError):
            await store.update_guild_settings(GUILD, timezone="Mars/Olympus_Mons")
        assert (await store.guild_settings(GUILD)).timezone == BERLIN
    finally:
        await store.close()


@pytest.mark.parametrize("column", ["net", "best_streak", "best_hand_round"])
async def test_the_audit_finds_kept_totals_that_differ_from_the_rounds(store_location: str,
                                                                         column: str) -> None:
    store = await Store.open(store_location)
    try:
        await record(store, GUILD, "uth", START, {ANN: Seat(10, 20, 7), BEN: Seat(10, 0)})
        await record(store, OTHER_GUILD, "uth", START, {ANN: Seat(10, 0)})
        assert (await store.audit(GUILD)).ok
        async with store._transaction() as db:
            await db.execute(f"UPDATE player_stats SET {column} = {column} + 1 WHERE guild_id = ? "
                             "AND user_id = ? AND game = '*' AND period = 'all'", (GUILD, ANN))
        report = await store.audit(GUILD)
        assert report.stats_off == 2 and not report.ok, "the kept row and the recounted one"
        assert (await store.audit(OTHER_GUILD)).ok, "another guild's books are its own"
        async with store._transaction() as db:
            await db.execute("DELETE FROM player_stats WHERE guild_id = ? AND user_id = ?", (GUILD, BEN))
        assert (await store.audit(GUILD)).stats_off == 2 + 8, "Ben's rows: 2 games x 4 periods"
    finally:
        await store.close()


async def test_a_tied_best_win_or_hand_belongs_to_the_first_round_to_reach_it(store_location: str) -> None:
    store = await Store.open(store_location)
    try:
        first = await record(store, GUILD, "uth", START, {ANN: Seat(10, 20, 7)})
        await record(store, GUILD, "uth", START + 60, {ANN: Seat(10, 20, 7)})
        await record(store, GUILD, "uth", START + 120, {ANN: Seat(10, 0)})
        async with store._reading() as db:
            rows = await db.execute_fetchall(
                "SELECT best_win_round, best_hand_round FROM player_stats WHERE guild_id = ? "
                "AND user_id = ?", (GUILD, ANN))
        assert {tuple(row) for row in rows} == {(first, first)}
        assert (await store.audit(GUILD)).stats_off == 0, "the recount agrees"
    finally:
        await store.close()


@pytest.mark.parametrize(("zone", "change_day"), [(BERLIN, dt.date(2026, 10, 25)),
                                                  (NEW_YORK, dt.date(2026, 11, 1))])
async def test_periods_follow_the_local_calendar_across_a_clock_change(
    store_location: str, zone: str, change_day: dt.date
) -> None:
    """Both zones leave summer time on a Sunday: that day has 25 hours, and the board's day,
    week (Monday to Sunday) and month end at local midnight on either side of the change."""
    local = ZoneInfo(zone)

    def at(day: dt.date, hour: int, minute: int = 0) -> float:
        return dt.datetime.combine(day, dt.time(hour, minute), local).timestamp()

    one_day = dt.timedelta(days=1)
    saturday, sunday, monday = change_day - one_day, change_day, change_day + one_day
    assert at(monday, 0) - at(sunday, 0) == 25 * 3600  # the clock change is inside the Sunday
    store = await Store.open(store_location)
    try:
        await store.update_guild_settings(GUILD, timezone=zone)
        await record(store, GUILD, "uth", at(saturday, 23, 59), {ANN: Seat(10, 20)})   # +10
        await record(store, GUILD, "uth", at(sunday, 0, 1), {ANN: Seat(10, 40)})       # +30
        await record(store, GUILD, "uth", at(sunday, 23, 59), {ANN: Seat(10, 0)})      # -10
        await record(store, GUILD, "uth", at(monday, 0, 1), {ANN: Seat(10, 110)})      # +100

        async def net(period: str, now: float) -> int | None:
            board = await store.board(GUILD, ANN, period=period, now=now)  # type: ignore[arg-type]
            return board.own.net if board.own else None

        assert await net("today", at(saturday, 12)) == 10
        assert await net("today", at(sunday, 12)) == 20
        assert await net("today", at(sunday, 23, 59)) == 20
        assert await net("today", at(monday, 0, 1)) == 100
        assert await net("week", at(sunday, 12)) == 30   # the week from the Monday before
        assert await net("week", at(monday, 12)) == 100  # a new week starts on the Monday
        month_of_sunday = 130 if zone == BERLIN else 120  # 1 November opens a month in New York
        assert await net("month", at(sunday, 12)) == month_of_sunday
        assert await net("all", at(monday, 12)) == 130
        assert period_start("today", at(monday, 12), local) == at(monday, 0)
        assert period_start("week", at(sunday, 12), local) == at(sunday - dt.timedelta(days=6), 0)
        assert period_key("week", at(sunday, 23, 59), local) == f"w{sunday - dt.timedelta(days=6)}"
    finally:
        await store.close()


async def test_a_sitting_ends_after_30_idle_minutes_and_ranks_its_own_rounds(store_location: str) -> None:
    store = await Store.open(store_location)
    try:
        table = await store.create_table(GUILD, 1, "uth", {}, now=START)
        await record(store, GUILD, "uth", START, {ANN: Seat(10, 20)}, table_id=table.id)
        first = await store.latest_session(table.id)
        await record(store, GUILD, "uth", START + 1800, {BEN: Seat(10, 30)}, table_id=table.id)
        assert await store.latest_session(table.id) == first
        assert await store.end_sessions(now=START + 1800 + 1799) == []
        assert await store.end_sessions(now=START + 1800 + 1801) == [first]
        await record(store, GUILD, "uth", START + 5000, {ANN: Seat(10, 0)}, table_id=table.id)
        second = await store.latest_session(table.id)
        assert second is not None and first is not None and second > first
        board = await store.board(GUILD, ANN, period="session", session_id=first, now=START + 5000)
        assert [(row.user_id, row.net) for row in board.top] == [(BEN, 20), (ANN, 10)]
        later = await store.board(GUILD, ANN, period="session", session_id=second, now=START + 5000)
        assert [(row.user_id, row.net) for row in later.top] == [(ANN, -10)]
        sitting = await store.session(first)
        assert sitting is not None and [r.net for r in sitting.rounds] == [10, 20]
        await store.recap_posted(first)
        assert await store.end_sessions(now=START + 5000, table_id=table.id) == [second]
    finally:
        await store.close()


async def test_names_are_kept_per_server_and_follow_a_rename(store_location: str) -> None:
    store = await Store.open(store_location)
    try:
        await record(store, GUILD, "uth", START, {ANN: Seat(10, 20)}, names={ANN: "Ann"})
        await record(store, OTHER_GUILD, "uth", START, {ANN: Seat(10, 20)}, names={ANN: "Annie"})
        await record(store, GUILD, "uth", START + 1, {ANN: Seat(10, 20)}, names={ANN: "Ann 🎲"})
        assert (await store.board(GUILD, ANN, now=START)).top[0].name == "Ann 🎲"
        assert (await store.board(OTHER_GUILD, ANN, now=START)).top[0].name == "Annie"
        assert (await store.profile(GUILD, BEN)).name is None  # never played: no row
    finally:
        await store.close()


async def test_boards_rank_each_metric_with_ties_and_the_callers_neighbours(store_location: str) -> None:
    store = await Store.open(store_location)
    players = list(range(1, 16))
    try:
        for user in players:  # player n: n rounds, won all but the first, each win +n
            for index in range(user):
                seat = Seat(user, 0) if index == 0 else Seat(user, 2 * user)
                await record(store, GUILD, "uth", START + index, {user: seat})
        board = await store.board(GUILD, 1, metric="net", now=START)
        assert [row.user_id for row in board.top] == list(range(15, 5, -1))
        assert board.ranked == 15 and [row.user_id for row in board.around] == [2, 1]
        assert board.own is not None and board.own.rank == 15 and board.own.net == -1
        by_rate = await store.board(GUILD, 12, metric="win_rate", now=START)
        assert {row.user_id for row in by_rate.top} == set(range(10, 16))  # 10 rounds to qualify
        assert [row.place for row in by_rate.top] == list(range(1, 7))
        assert by_rate.own is not None and by_rate.own.rank == 4
        few = await store.board(GUILD, 3, metric="win_rate", now=START)
        assert few.own is None and few.own_rounds == 3 and few.min_rounds == 10
        wins = await store.board(GUILD, 1, metric="best_win", now=START)
        assert wins.ranked == 14 and wins.own is None  # player 1 never won a round
        assert (await store.board(GUILD, 1, metric="rounds", now=START)).top[0].rounds == 15
        tie = await store.board(GUILD, 1, game="hcf", now=START)
        assert tie.top == [] and tie.own is None and tie.own_rounds == 0
    finally:
        await store.close()


METRIC_ORDER = {  # the metrics as the board orders them: best first, then the tie-breaks
    "net": (lambda t: True, lambda t: (-t.net, t.rounds)),
    "best_win": (lambda t: t.best_win > 0, lambda t: (-t.best_win, t.best_win_round)),
    "rounds": (lambda t: True, lambda t: (-t.rounds, -t.net)),
    "win_rate": (lambda t: t.rounds >= 2, lambda t: (-t.wins / t.rounds, -t.rounds)),
}


def expected_board(totals: dict[int, Totals], metric: str, caller: int, limit: int) -> tuple[list, list, int]:
    """(top, around, ranked) as (user, place, rank) from the members' totals: ties on the metric
    share the rank of the first of them; the caller's neighbours when below the top."""
    ranked_by, key = METRIC_ORDER[metric]
    order = sorted((user for user, t in totals.items() if ranked_by(t)), key=lambda u: (*key(totals[u]), u))
    rows = [(user, place, 1 + sum(key(totals[other])[0] < key(totals[user])[0] for other in order))
            for place, user in enumerate(order, start=1)]
    mine = next((place for user, place, _ in rows if user == caller), None)
    around = [row for row in rows if mine is not None and abs(row[1] - mine) <= 1 and row[1] > limit]
    return rows[:limit], around, len(rows)


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=st.lists(st.dictionaries(st.integers(1, 7), st.sampled_from([Seat(10, 0), Seat(10, 10),
                                                                           Seat(10, 20), Seat(20, 60)]),
                                        min_size=1, max_size=4), min_size=1, max_size=14),
       limit=st.integers(0, 4))
async def test_every_board_ranks_like_the_definition(
    databases: Databases, backend: str, history: list[dict[int, Seat]], limit: int
) -> None:
    """Places, shared ranks, the top and the caller's neighbours for every metric and member,
    against a ranking of the members' totals in plain Python (many ties: few distinct bets)."""
    totals: dict[int, Totals] = {}
    with patch("bot.store.store.WIN_RATE_MIN_ROUNDS", 2):
        async with databases.store(backend) as (store, _):
            for step, seats in enumerate(history):
                round_id = await record(store, GUILD, "uth", START + step, seats)
                for user, seat in seats.items():
                    totals.setdefault(user, Totals()).add(round_id, seat)
            for metric in METRIC_ORDER:
                for caller in range(1, 9):  # 8 never played
                    board = await store.board(GUILD, caller, metric=metric,  # type: ignore[arg-type]
                                              now=START, limit=limit)
                    top, around, ranked = expected_board(totals, metric, caller, limit)
                    assert [(r.user_id, r.place, r.rank) for r in board.top] == top, (metric, caller)
                    assert [(r.user_id, r.place, r.rank) for r in board.around] == around, (metric, caller)
                    assert board.ranked == ranked
                    own = board.own and (board.own.user_id, board.own.place, board.own.rank)
                    assert own == next((row for row in top + around if row[0] == caller), None)
                    assert board.own_rounds == (totals[caller].rounds if caller in totals else 0)


async def database_before_stats(path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty database at schema version 6, the last one without leaderboard totals."""
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:6])
    await (await Store.open(path)).close()
    monkeypatch.undo()
    return path


async def test_an_older_database_gets_its_stats_and_names_from_its_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = await database_before_stats(tmp_path / "v6.sqlite3", monkeypatch)
    history = [(START, {ANN: Seat(10, 30), BEN: Seat(10, 0)}), (START + 90000, {ANN: Seat(5, 0)}),
               (START + 90001, {BEN: Seat(5, 15)})]
    with sqlite3.connect(path) as raw:
        for number, (when, seats) in enumerate(history, start=1):
            state = json.dumps({"names": {str(ANN): "Ann", str(BEN): "Ben"}})
            raw.execute("INSERT INTO rounds (id, guild_id, channel_id, game, status, created_at, "
                        "settled_at, state) VALUES (?, ?, 1, 'uth', 'settled', ?, ?, ?)",
                        (number, GUILD, when, when, state))
            raw.executemany("INSERT INTO round_players VALUES (?, ?, ?, ?)",
                            [(number, user, seat.wagered, seat.returned) for user, seat in seats.items()])
    upgraded = await Store.open(path)
    try:
        assert (await upgraded.stats_mismatches(GUILD)) == 0
        board = await upgraded.board(GUILD, ANN, now=START)
        assert [(row.name, row.net, row.rounds) for row in board.top] == [("Ann", 15, 2), ("Ben", 0, 2)]
    finally:
        await upgraded.close()
    played = [Played(number, GUILD, "uth", when, None, seats) for number, (when, seats) in
              enumerate(history, start=1)]
    assert await stats_rows(path, "player_stats") == recount(played, {GUILD: ZoneInfo("UTC")})


async def test_the_benchmarks_bulk_history_passes_the_audit_and_equals_a_recount(tmp_path: Path) -> None:
    path = tmp_path / "bulk.sqlite3"
    await (await Store.open(path)).close()
    played, now = [], START
    with BulkHistory(path, GUILD, [ANN, BEN, CAT], 1000, now) as bulk:
        for number in range(1, 40):
            now += 5000
            seats = {ANN: Seat(10, 30 * (number % 3 == 0)), BEN: Seat(20, 20),
                     CAT: Seat(5, 10 * (number % 2))}
            day = dt.datetime.fromtimestamp(now, dt.UTC).date().isoformat()
            bulk.add_round(number, "uth", now, day, [(user, seat.wagered, seat.returned, None, None)
                                                     for user, seat in seats.items()])
            played.append(Played(number, GUILD, "uth", now, None, seats))
    store = await Store.open(path)
    try:
        report = await store.audit(GUILD)
        assert report.ok and report.minted == 3000
        assert await store.balance(GUILD, AccountRef.wallet(BEN)) == 1000
    finally:
        await store.close()
    assert await stats_rows(path, "player_stats") == recount(played, {GUILD: ZoneInfo("UTC")})


async def test_two_processes_settling_one_players_rounds_at_once_keep_the_streak_of_a_recount(
    postgres: PostgresServer,
) -> None:
    """Two processes settle rounds with a player in common at the same moment. The one that
    started first is held up counting (another transaction holds Ann's rows) until the second has
    counted Ben's loss and committed; only then does the first count Ben's win. Kept totals ran
    loss, win (streak 1), so the settlement order the recount follows must say the same: it is
    the order in which the rounds counted, not the order in which they began to settle."""
    url = await postgres.new_database("casino_stats_race")
    first, second = await Store.open(url), await Store.open(url)
    holder = await asyncpg.connect(url)
    try:
        await record(first, GUILD, "uth", START, {ANN: Seat(10, 0), BEN: Seat(10, 0)})
        await holder.execute("BEGIN")
        await holder.execute("SELECT 1 FROM player_stats WHERE guild_id = $1 AND user_id = $2 "
                             "FOR UPDATE", GUILD, ANN)
        won = asyncio.create_task(record(first, GUILD, "uth", START + 60,
                                         {ANN: Seat(10, 20), BEN: Seat(10, 20)}))
        for _ in range(500):  # until the first round waits for Ann's rows (10 s at most)
            if await holder.fetchval("SELECT COUNT(*) FROM pg_locks WHERE NOT granted"):
                break
            await asyncio.sleep(0.02)
        else:
            pytest.fail("the first round never waited for Ann's rows")
        assert not won.done()
        await record(second, GUILD, "uth", START + 61, {BEN: Seat(10, 0)})
        await holder.execute("ROLLBACK")
        await won
        assert await first.stats_mismatches(GUILD) == 0
        kept = await stats_rows(url, "player_stats")
        streaks = kept[(GUILD, "*", "all", BEN)][-2:]
        assert streaks == (1, 1), "Ben lost, lost, then won: the win counted last"
    finally:
        await holder.close()
        await first.close()
        await second.close()
