"""A bulk path into the store's tables for benchmarks: a year of settled rounds in minutes.

It writes what ``record_round`` would (rounds, their players and hands, a ledger row per
player who won or lost against the house, the accounts those rows add up to) but thousands of
rows per statement and no per-round upsert: the leaderboard totals are filled at the end by the
same recount the migration uses, and the store's audit checks books and totals afterwards.
Only for a new, empty database (its accounts are numbered here).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MINT_ID, HOUSE_ID = 1, 2
FLUSH_EVERY = 100_000


def _wallet_id(user_id: int) -> int:
    return user_id + HOUSE_ID


class BulkHistory:
    """``with BulkHistory(path, guild_id, starting=...) as bulk: bulk.add_round(...)``; users are
    1..N, each starting with ``starting`` chips; everything commits at the end, or nothing."""

    def __init__(self, path: Path, guild_id: int, users: Iterable[int], starting: int, now: float) -> None:
        self.guild_id, self.starting, self.now = guild_id, starting, now
        self.balances = dict.fromkeys(users, starting)
        self._rounds: list[tuple[Any, ...]] = []
        self._players: list[tuple[Any, ...]] = []
        self._ledger: list[tuple[Any, ...]] = []
        self._db = sqlite3.connect(path, isolation_level=None)

    def __enter__(self) -> BulkHistory:
        self._db.execute("PRAGMA synchronous = OFF")
        self._db.execute("BEGIN")
        return self

    def add_round(self, number: int, game: str, settled_at: float, day: str,
                  seats: Iterable[tuple[int, int, int, int | None, str | None]]) -> None:
        """A settled round: ``seats`` are (user, wagered, returned, hand value, hand cards)."""
        self._rounds.append((number, self.guild_id, game, settled_at, settled_at, day, number))
        for user, wagered, returned, hand_value, hand in seats:
            self._players.append((number, user, wagered, returned, hand_value, hand))
            net = returned - wagered
            if net:
                wallet = _wallet_id(user)
                source, target = (HOUSE_ID, wallet) if net > 0 else (wallet, HOUSE_ID)
                self._ledger.append((self.guild_id, source, target, abs(net), number, settled_at))
                self.balances[user] += net
        if len(self._rounds) >= FLUSH_EVERY:
            self._flush()

    def _flush(self) -> None:
        self._db.executemany(
            "INSERT INTO rounds (id, guild_id, channel_id, game, status, created_at, settled_at, day, "
            "settled_seq) VALUES (?, ?, 1, ?, 'settled', ?, ?, ?, ?)", self._rounds)
        self._db.executemany(
            "INSERT INTO round_players (round_id, user_id, wagered, returned, hand_value, hand) "
            "VALUES (?, ?, ?, ?, ?, ?)", self._players)
        self._db.executemany(
            "INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, round_id, created_at) "
            "VALUES (?, ?, ?, ?, 'bulk', ?, ?)", self._ledger)
        self._rounds.clear()
        self._players.clear()
        self._ledger.clear()

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            if error is None:
                self._flush()
                self._accounts()
                self._db.execute("INSERT INTO player_stats SELECT * FROM player_stats_recount")
                self._db.execute("COMMIT")
            else:
                self._db.execute("ROLLBACK")
        finally:
            self._db.close()

    def _accounts(self) -> None:
        """The mint, the house and every wallet, with the balances the ledger rows add up to."""
        guild, now = self.guild_id, self.now
        minted = self.starting * len(self.balances)
        house = minted - sum(self.balances.values())
        self._db.execute(
            "INSERT INTO accounts (id, guild_id, kind, account_key, balance, created_at) "
            "VALUES (?, ?, 'mint', '', ?, ?), (?, ?, 'house', '', ?, ?)",
            (MINT_ID, guild, -minted, now, HOUSE_ID, guild, house, now))
        self._db.executemany(
            "INSERT INTO accounts (id, guild_id, kind, account_key, balance, created_at) "
            "VALUES (?, ?, 'wallet', ?, ?, ?)",
            [(_wallet_id(user), guild, str(user), balance, now) for user, balance in self.balances.items()])
        self._db.executemany(
            "INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, created_at) "
            "VALUES (?, ?, ?, ?, 'starting balance', ?)",
            [(guild, MINT_ID, _wallet_id(user), self.starting, now) for user in self.balances])
