"""The coach's reviews: each decision a player made beside the best option then (migration
0009), for a round's "Review my play" and the decisions part of /stats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.stats_models import CoachStats, ReviewedDecision

_COLUMNS = "made, best, made_ev, best_ev, ante, method, played_best, given_up"


async def add(db: Any, guild_id: int, round_id: int, decisions: Sequence[ReviewedDecision]) -> None:
    """Store a round's reviewed decisions, numbered per player in the order they were made (a
    review stored twice, after a retry, is kept once)."""
    numbered: dict[int, int] = {}
    rows = []
    for decision in decisions:
        seq = numbered[decision.user_id] = numbered.get(decision.user_id, 0) + 1
        rows.append((round_id, decision.user_id, seq, guild_id, decision.game, decision.made, decision.best,
                     decision.made_ev, decision.best_ev, decision.ante, decision.method,
                     int(decision.played_best), decision.given_up))
    await db.executemany(f"""
        INSERT INTO decisions (round_id, user_id, seq, guild_id, game, {_COLUMNS})
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (round_id, user_id, seq) DO NOTHING
    """, rows)


async def of_round(db: Any, round_id: int, user_id: int) -> list[ReviewedDecision]:
    """The member's reviewed decisions in the round, in the order they were made (empty: none
    stored, or none made)."""
    rows = await db.execute_fetchall(f"""
        SELECT user_id, game, {_COLUMNS} FROM decisions WHERE round_id = ? AND user_id = ? ORDER BY seq
    """, (round_id, user_id))
    return [ReviewedDecision(int(user), game, made, best, float(made_ev), float(best_ev), int(ante), method,
                             bool(played_best), float(given_up))
            for user, game, made, best, made_ev, best_ev, ante, method, played_best, given_up in rows]


async def stats(db: Any, guild_id: int, user_id: int, since_day: str) -> list[CoachStats]:
    """Per game, the member's decisions reviewed, how many were the best option and the chips
    given up: in all and from ``since_day`` (a local day, ``YYYY-MM-DD``) on."""
    rows = await db.execute_fetchall("""
        SELECT d.game, COUNT(*), SUM(d.played_best), SUM(d.given_up),
               SUM(CASE WHEN r.day >= ? THEN 1 ELSE 0 END),
               SUM(CASE WHEN r.day >= ? THEN d.played_best ELSE 0 END),
               SUM(CASE WHEN r.day >= ? THEN d.given_up ELSE 0 END)
        FROM decisions AS d JOIN rounds AS r ON r.id = d.round_id
        WHERE d.guild_id = ? AND d.user_id = ?
        GROUP BY d.game ORDER BY COUNT(*) DESC, d.game
    """, (since_day, since_day, since_day, guild_id, user_id))
    return [CoachStats(game, int(count), int(best), float(given_up), int(recent), int(recent_best),
                       float(recent_given_up))
            for game, count, best, given_up, recent, recent_best, recent_given_up in rows]
