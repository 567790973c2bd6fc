"""The simulation frame, proved on high card: its exact RTP (1.0) and tie rate (3/51) are known."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from bot.sim import registry
from bot.sim.cli import main
from bot.sim.frame import simulate
from bot.sim.recorder import Recorder
from bot.sim.stats import Z_95, ratio_ci95
from tests.sim_highcard import HighCardSim

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def highcard_on_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame's worked example, simulated by name like a declared game (only here)."""
    monkeypatch.setitem(registry.GAMES, "highcard", "tests.sim_highcard:HighCardSim")


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_output_has_exactly_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "highcard", "--rounds", "500", "--seed", "7")
    assert list(report) == ["game", "rounds", "seed", "strategy", "bets", "events"]
    assert (report["game"], report["rounds"], report["seed"]) == ("highcard", 500, 7)
    assert isinstance(report["strategy"], str) and report["strategy"]
    bets = report["bets"]
    assert isinstance(bets, dict) and list(bets) == ["even money"]
    bet = bets["even money"]
    assert list(bet) == ["wagered", "returned", "rtp", "ci95"]
    assert bet["wagered"] == 500
    assert bet["rtp"] == pytest.approx(bet["returned"] / 500)
    low, high = bet["ci95"]
    assert low < bet["rtp"] < high
    events = report["events"]
    assert isinstance(events, dict) and set(events) == {"tie", "player wins", "dealer wins"}
    assert sum(events.values()) == pytest.approx(1.0)


def test_same_seed_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "highcard", "--rounds", "2000", "--seed", "42")
    again = run_json(capsys, "highcard", "--rounds", "2000", "--seed", "42")
    other = run_json(capsys, "highcard", "--rounds", "2000", "--seed", "43")
    assert first == again
    assert first != other


def test_highcard_rtp_interval_contains_exact_one_and_tie_rate_is_three_in_fifty_one() -> None:
    rounds = 200_000
    report = simulate(HighCardSim(), rounds, seed=2024)
    low, high = report.bets["even money"].ci95 or (math.nan, math.nan)
    assert low <= 1.0 <= high
    tie_probability = 3 / 51
    standard_error = math.sqrt(tie_probability * (1 - tie_probability) / rounds)
    assert abs(report.events["tie"] - tie_probability) < 4 * standard_error


def test_ci_formula_matches_a_hand_computed_example() -> None:
    # Rounds (w, r): (1, 2) (1, 0) (2, 2) (1, 1). R = 5/5 = 1; residuals r - R*w: 1, -1, 0, 0,
    # so sum of squares 2 and Var(R) = n / ((n - 1) W^2) * 2 = 4 / (3 * 25) * 2 = 8/75.
    recorder = Recorder(["bet"], [])
    for wagered, returned in [(1, 2), (1, 0), (2, 2), (1, 1)]:
        recorder.bet("bet", wagered, returned)
        recorder.end_round()
    sums = recorder.bets["bet"]
    interval = ratio_ci95(4, sums.sum_w, sums.sum_r, sums.sum_ww, sums.sum_rr, sums.sum_wr)
    half_width = Z_95 * math.sqrt(8 / 75)
    assert interval == pytest.approx((1 - half_width, 1 + half_width))


def test_equal_stakes_reduce_to_the_standard_error_of_the_mean() -> None:
    # Stake 2 every round, returns 4, 0, 2: per-unit results 2, 0, 1, mean 1, sample var 1.
    interval = ratio_ci95(3, 6, 6, 12, 20, 12)
    half_width = Z_95 * math.sqrt(1 / 3)
    assert interval == pytest.approx((1 - half_width, 1 + half_width))


def test_two_calls_for_one_bet_in_a_round_count_as_one_pair() -> None:
    recorder = Recorder(["bet"], [])
    recorder.bet("bet", 1, 2)
    recorder.bet("bet", 1, 0)
    recorder.end_round()
    sums = recorder.bets["bet"]
    assert (sums.sum_w, sums.sum_r, sums.sum_ww, sums.sum_rr, sums.sum_wr) == (2, 2, 4, 4, 4)


def test_no_interval_without_enough_data() -> None:
    assert ratio_ci95(1, 1, 2, 1, 4, 2) is None
    assert ratio_ci95(10, 0, 0, 0, 0, 0) is None


def test_interval_shrinks_with_more_rounds() -> None:
    def width(rounds: int) -> float:
        low, high = simulate(HighCardSim(), rounds, seed=5).bets["even money"].ci95 or (0, 0)
        return high - low

    # The width falls like 1/sqrt(n): 16 times the rounds, about a quarter of the width.
    assert width(16_000) < width(1_000) / 2


def test_unknown_game_lists_the_games_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-game", "--rounds", "10"]) == 2
    message = capsys.readouterr().err
    assert "no-such-game" in message
    assert all(name in message for name in registry.game_names())


def test_text_report_names_bet_rtp_interval_and_events(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["highcard", "--rounds", "1000", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "RTP" in out and "95% CI" in out and "even money" in out and "tie" in out


def test_python_dash_m_bot_simulate_is_wired() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "uth", "--rounds", "100", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rounds"] == 100
