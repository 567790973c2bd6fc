"""Smoke test of ``python -m bot bench leaderboard`` at a tiny size: it builds its database, passes
the audit, and prints every figure. No timing is asserted: goals are printed, never tested."""

from __future__ import annotations

import re

import pytest

from bot.bench import BENCHMARKS
from bot.bench import main as bench_main
from bot.store.stats_models import METRICS


def test_leaderboard_benchmark_prints_reads_and_presses_in_turns(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["leaderboard", "--rounds", "600", "--players", "40", "--samples", "3",
                       "--tables", "2", "--rate", "5", "--repeat", "2",
                       "--press-rounds", "1", "--spread", "0"]) == 0
    out = capsys.readouterr().out
    assert "audit (books and a full stats recount): ok" in out, out
    for period in ("today", "week", "month", "all"):
        for metric in METRICS:
            assert re.search(rf"^\s+{period}\s+{metric}\s+[\d.]+\s+[\d.]+", out, re.MULTILINE), out
    assert re.search(r"/stats\s+[\d.]+\s+[\d.]+", out), out
    runs = re.findall(r"presses at 2 tables with (\d+) /leaderboard a second: .* (\d+) leaderboards answered",
                      out)
    assert [rate for rate, _ in runs] == ["0", "5", "0", "5"], out  # in turns
    assert all(int(answered) > 0 for rate, answered in runs if rate == "5"), out
    assert all(int(answered) == 0 for rate, answered in runs if rate == "0"), out
    assert "best p99 of 2 runs:" in out and "late" in out


def test_leaderboard_benchmark_is_registered() -> None:
    assert BENCHMARKS["leaderboard"] == "bot.bench.leaderboard:main"
