"""Where SQLite's and PostgreSQL's SQL differ, in one place.

The SQL modules are written in the SQL both databases speak (``?`` and ``:name`` parameters,
``RETURNING``, ``ON CONFLICT`` with qualified columns, ``CAST(... AS INTEGER)`` for a truth
value); :class:`bot.store.postgres.PgConnection` turns the parameters into PostgreSQL's ``$1``.
The few fragments that cannot be shared are chosen here by the connection they run on.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import asyncpg

# A statement the database refused: a UNIQUE, CHECK or foreign key constraint, or a guarded
# debit that found no chips (see money.post).
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (
    sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError,
)

POSTGRESQL = "postgresql"


def is_postgres(db: Any) -> bool:
    """Whether ``db`` is a PostgreSQL connection (aiosqlite's have no ``dialect``)."""
    return getattr(db, "dialect", "sqlite") == POSTGRESQL


# The period key of a round ``r`` for a row of ``periods`` (see migration 0007): weeks start on
# Monday (ISO 8601), the key naming the Monday's date. SQLite's is migrations.PERIOD_OF_ROUND.
PERIOD_OF_ROUND_PG = """CASE periods.kind WHEN 'a' THEN 'all' WHEN 'd' THEN 'd' || r.day
        WHEN 'w' THEN 'w' || to_char(date_trunc('week', CAST(r.day AS DATE)), 'YYYY-MM-DD')
        WHEN 'm' THEN 'm' || substr(r.day, 1, 7) ELSE 's' || r.session_id END"""


def next_settled_seq(db: Any) -> str:
    """A settled round's place in settlement order (the order its players' streaks run in).

    SQLite has one writer, so the next number is the last one plus one; the WHERE lets it
    answer from the partial index's last entry (without it, MAX scanned every round: 1.8 s a
    settlement at a million rounds). PostgreSQL settles rounds of many processes at once, so a
    sequence hands the numbers out."""
    if is_postgres(db):
        return "nextval('rounds_settled_seq')"
    return "(SELECT COALESCE(MAX(settled_seq), 0) + 1 FROM rounds WHERE settled_seq IS NOT NULL)"


def with_void_reason(db: Any) -> str:
    """A round's saved state (JSON text) with ``void_reason`` set to the statement's parameter."""
    if is_postgres(db):
        return ("CAST(CAST(COALESCE(state, '{}') AS JSONB)"
                " || jsonb_build_object('void_reason', CAST(? AS TEXT)) AS TEXT)")
    return "json_set(COALESCE(state, '{}'), '$.void_reason', ?)"
