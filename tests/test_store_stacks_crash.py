"""Crash safety of table stacks: a writer killed with SIGKILL while it buys in, stakes from
stacks, settles, voids and cashes out leaves books that still balance, stacks included, and every
round it left open can still be voided back into the stacks."""

from __future__ import annotations

import pytest

from bot.store import Store
from tests.crash_writer import run_writer_until_killed
from tests.stack_helpers import STACK_GUILDS, STACK_PLAYERS
from tests.store_helpers import scalar, sqlite_integrity


@pytest.mark.slow
async def test_stacks_balance_after_the_writer_is_killed_at_any_moment(store_location: str) -> None:
    path = store_location
    rows_before = 0
    for delay in (0.0, 0.02, 0.05, 0.1, 0.2):
        await run_writer_until_killed("stacks", path, delay)
        rows_after = await scalar(path, "SELECT COUNT(*) FROM ledger")
        assert rows_after > rows_before  # the writer really wrote before it died
        rows_before = rows_after
        store = await Store.open(path)
        try:
            reports = await store.audit_all()
            assert [report.guild_id for report in reports] == list(STACK_GUILDS)
            assert all(report.ok for report in reports), reports
            for pending in await store.open_table_rounds():  # what a restart would void
                await store.void_round(pending.guild_id, pending.id, reason="crash", now=0.0)
            for report in await store.audit_all():
                assert report.ok and report.escrow == 0, report
        finally:
            await store.close()
        assert await scalar(path, "SELECT COUNT(*) FROM accounts WHERE balance < 0 "
                                  "AND kind NOT IN ('mint', 'house')") == 0
        stacks = len(STACK_GUILDS) * len(STACK_PLAYERS)
        assert await scalar(path, "SELECT COUNT(*) FROM accounts WHERE kind = 'stack'") == stacks
        if store.backend == "sqlite":
            assert sqlite_integrity(path) == "ok"
