"""``python -m bot db copy SOURCE TARGET``: move a whole database to another backend.

SOURCE and TARGET are what ``CASINO_DB`` takes: a SQLite file's path (or ``sqlite:///path``) or
a ``postgresql://`` URL. TARGET must be empty (a new file, or a new PostgreSQL database). Stop
the bot first; start it again with ``CASINO_DB`` set to TARGET once the copy is verified.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time

from bot.store.copy import copy_database
from bot.store.models import StoreError


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot db", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("copy", help="copy every row of SOURCE into the empty TARGET, then verify")
    copy.add_argument("source", help="the database to copy (path or postgresql:// URL)")
    copy.add_argument("target", help="an empty database to copy into (path or postgresql:// URL)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    started = time.perf_counter()
    try:
        report = asyncio.run(copy_database(args.source, args.target))
    except StoreError as error:
        print(f"python -m bot db copy: {error}", file=sys.stderr)
        return 2
    for table, rows in report.rows.items():
        print(f"{table:>15}: {rows:,} rows")
    for audit in report.audits:
        print(f"guild {audit.guild_id}: audit {'ok' if audit.ok else 'FAILED'} (minted {audit.minted:,}, "
              f"wallets {audit.wallets:,}, house {audit.house:,}, escrow {audit.escrow:,}, "
              f"stacks {audit.stacks:,}, stats rows off {audit.stats_off})")
    print(f"audits equal on both sides: {'yes' if report.audits_equal else 'NO'}; tables that differ: "
          f"{', '.join(report.differing_tables) or 'none'}")
    print(f"copy {'verified' if report.ok else 'FAILED'} in {time.perf_counter() - started:.1f} s")
    return 0 if report.ok else 1
