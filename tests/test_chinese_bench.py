"""The Chinese Poker benchmark is registered and prints its figures (timings are not asserted:
performance goals live in the benchmark's output, not in timed tests)."""

from __future__ import annotations

import re

import pytest

from bot.bench import BENCHMARKS
from bot.bench import main as bench_main


def test_chinese_benchmark_is_registered() -> None:
    assert BENCHMARKS["chinese"] == "bot.bench.chinese:main"


def test_chinese_benchmark_prints_ms_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["chinese", "--hands", "24"]) == 0
    output = capsys.readouterr().out
    assert "24 random hands" in output
    assert re.search(r"auto_arrange, ms per 13-card hand\s+mean\s+[\d.]+\s+median\s+[\d.]+\s+p99", output)
    assert re.search(r"goal: auto_arrange p99 <= 50 ms per hand: (meets|MISSES)", output)
