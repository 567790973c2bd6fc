"""The coach's reviews in the store, on SQLite and PostgreSQL: a round's decisions come back in
the order they were made, a review stored twice is kept once, and /stats' totals per game count
every decision and, apart, those from a day on."""

from __future__ import annotations

import datetime as dt

from bot.store import Store
from bot.store.stats_models import CoachStats, ReviewedDecision
from tests.stats_helpers import Seat, record

GUILD = 7
ANN, BEN = 101, 102
TUESDAY = dt.datetime(2026, 10, 20, 12, tzinfo=dt.UTC).timestamp()
WEEK = 7 * 86400


def decision(user: int, game: str, made: str, best: str, made_ev: float, best_ev: float,
             ante: int = 10) -> ReviewedDecision:
    played_best = made == best
    return ReviewedDecision(user, game, made, best, made_ev, best_ev, ante, "exact", played_best,
                            0.0 if played_best else (best_ev - made_ev) * ante)


async def test_a_rounds_review_comes_back_in_order_and_is_kept_once(store: Store) -> None:
    round_id = await record(store, GUILD, "uth", TUESDAY, {ANN: Seat(20, 20), BEN: Seat(20, 20)})
    reviewed = [decision(ANN, "uth", "check", "raise 2x", -0.4, 0.1),
                decision(BEN, "uth", "raise 2x", "raise 2x", 0.3, 0.3),
                decision(ANN, "uth", "fold", "fold", -2.0, -2.0)]
    await store.add_reviews(GUILD, round_id, reviewed)
    await store.add_reviews(GUILD, round_id, reviewed)  # a retry after a lost answer
    assert await store.round_review(round_id, ANN) == [reviewed[0], reviewed[2]]
    assert await store.round_review(round_id, BEN) == [reviewed[1]]
    assert await store.round_review(round_id + 1, ANN) == []


async def test_stats_count_every_decision_and_apart_those_of_the_period(store: Store) -> None:
    last_week = await record(store, GUILD, "threecard", TUESDAY - WEEK, {ANN: Seat(10, 10)})
    this_week = await record(store, GUILD, "threecard", TUESDAY, {ANN: Seat(10, 10)})
    holdem = await record(store, GUILD, "uth", TUESDAY, {ANN: Seat(20, 20)})
    await store.add_reviews(GUILD, last_week, [decision(ANN, "threecard", "fold", "play", -1.0, -0.5)])
    await store.add_reviews(GUILD, this_week, [decision(ANN, "threecard", "play", "play", 0.2, 0.2)])
    await store.add_reviews(GUILD, holdem, [decision(ANN, "uth", "check", "raise 2x", -0.25, 0.0, ante=20),
                                            decision(ANN, "uth", "raise 1x", "raise 1x", 1.0, 1.0, ante=20)])
    stats = await store.coach_stats(GUILD, ANN, "2026-10-19")
    # most decisions first, then by game
    assert stats == [CoachStats("threecard", 2, 1, 5.0, 1, 1, 0.0), CoachStats("uth", 2, 1, 5.0, 2, 1, 5.0)]
    assert await store.coach_stats(GUILD, BEN, "2026-10-19") == []
    assert await store.coach_stats(GUILD + 1, ANN, "2026-10-19") == []
