"""``python -m bot bench hints`` measures: it prints each decision's times and the goal's verdict."""

from __future__ import annotations

import pytest

from bot.bench import BENCHMARKS
from bot.bench import main as bench_main


def test_the_hints_benchmark_prints_every_decision_it_times(capsys: pytest.CaptureFixture[str]) -> None:
    assert BENCHMARKS["hints"] == "bot.bench.hints:main"
    assert bench_main(["hints", "--decisions", "3"]) == 0
    printed = capsys.readouterr().out
    assert all(kind in printed for kind in ("threecard play/fold", "uth pre-flop", "uth flop", "uth river",
                                            "hcf raise/fold",
                                            "twoplusfour opening", "twoplusfour after buy",
                                            "chinese set (3 others)", "imperial opening",
                                            "imperial after buy"))
    assert "goal: every hint within 1000 ms at p99:" in printed
