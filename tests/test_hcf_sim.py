"""High Card Flush in the simulator: the exact figures, the simulation checked against them, the
strategy's rules, and the simulator settling exactly as the state machine does."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from math import comb

import pytest

from bot.games.hcf import QUALIFYING_FLUSH_KEY, HCFOptions, HCFState, Phase, hand_keys
from bot.games.hcf.exact import dp_qualified_rate, flush_bonus_rtp, straight_flush_bonus_rtp
from bot.games.hcf.hands import mask_flush_key
from bot.games.hcf.sim import ANTE, BONUS, HcfSim, decide
from bot.poker import parse_cards
from bot.sim.frame import SimReport, simulate
from bot.sim.stats import Z_95
from tests.sim_rounds import LastRound, assert_same_returns, engine_returns, simulate_from_the_command_line

# --------------------------------------------------------------------------- exact figures


def test_exact_dp_qualification_rate_is_75_3637_percent() -> None:
    rate = dp_qualified_rate()
    assert rate == Fraction(100_825_036, comb(52, 7))
    assert round(float(rate) * 100, 4) == 75.3637  # the figure issue #8 quotes


def test_qualification_rate_recounted_suit_by_suit_from_the_engines_own_keys() -> None:
    # Independent of the formula in exact.py: a hand fails when every suit's flush key is below
    # the qualifier; count the rank sets per suit by size and combine the four suits.
    failing_by_size = [0] * 8
    for mask in range(1 << 13):
        if mask.bit_count() <= 7 and mask_flush_key(mask) < QUALIFYING_FLUSH_KEY:
            failing_by_size[mask.bit_count()] += 1
    combined = [1] + [0] * 7
    for _ in range(4):
        combined = [sum(combined[i] * failing_by_size[n - i] for i in range(n + 1)) for n in range(8)]
    assert 1 - Fraction(combined[7], comb(52, 7)) == dp_qualified_rate()


def test_exact_bonus_returns() -> None:
    assert round(float(flush_bonus_rtp()), 6) == 0.927577
    assert round(float(straight_flush_bonus_rtp()), 6) == 0.900399


def test_the_exact_bonus_returns_follow_the_pay_tables() -> None:
    # One more unit on the 4-card Flush row adds exactly P(player's 4-card flush beats the DP).
    richer = HCFOptions(flush_pays=((7, 200), (6, 50), (5, 10), (4, 3)))
    gain = flush_bonus_rtp(richer) - flush_bonus_rtp()
    assert 0.16 < gain < 0.18  # about 0.169 of hands win the Flush bonus with four cards


# ------------------------------------------------------------------ simulation vs exact


@pytest.fixture(scope="module")
def report() -> SimReport:
    # The seed is fixed (the command line's default), so this is deterministic.
    return simulate(HcfSim(), 200_000, seed=1)


def test_simulated_qualification_rate_contains_the_exact_rate_in_its_95_percent_interval(
    report: SimReport,
) -> None:
    rate, rounds = report.events["dp_qualified"], report.rounds
    half = Z_95 * math.sqrt(rate * (1 - rate) / rounds)
    assert abs(rate - float(dp_qualified_rate())) < half
    assert half < 0.002


@pytest.mark.parametrize(("bet", "exact"), [
    ("flush", flush_bonus_rtp), ("straight flush", straight_flush_bonus_rtp),
])
def test_simulated_bonus_returns_contain_the_exact_ones(
    report: SimReport, bet: str, exact: Callable[[], Fraction],
) -> None:
    interval = report.bets[bet].ci95
    assert interval is not None
    assert interval[0] <= float(exact()) <= interval[1]
    assert interval[1] - interval[0] < 0.06


def test_ante_and_raise_return_is_below_one_for_the_documented_strategy(report: SimReport) -> None:
    interval = report.bets["ante+raise"].ci95
    assert interval is not None and interval[1] < 1.0 and interval[0] > 0.95


# -------------------------------------------------------------------------------- strategy


@pytest.mark.parametrize(("hand", "multiple"), [
    ("2s 4s 6s 8s Ts Qh Ad", 2),      # 5-card flush: the cap, 2x
    ("2s 4s 6s 8s Ts Qs Ad", 3),      # 6-card flush: 3x
    ("2s 4s 6s 8s Kh Qh Ad", 1),      # 4-card flush: 1x
    ("Th 9h 2h Kc 5c Qd 3s", 1),      # T-9-2: the weakest 3-card flush raised
    ("Th 8h 7h Kc 5c Qd 3s", 0),      # T-8-7: folded
    ("Jh 3h 2h Kc 5c Qd 4s", 1),      # any J-high 3-card flush
    ("4h 3h 2h Kc 7c Qd 9s", 1),      # a 3-card straight flush is always raised (the bonus)
    ("Ah Kh Qc Jc Td 9d 8s", 0),      # a 2-card flush folds
])
def test_strategy(hand: str, multiple: int) -> None:
    assert decide(*hand_keys(parse_cards(hand))) == multiple


# -------------------------------------------------------------- simulator == state machine


def test_the_simulator_settles_every_round_exactly_as_the_state_machine() -> None:
    record = LastRound(HcfSim())
    options = HCFOptions(min_ante=1, bonus_min=1)
    for deck in record.random_rounds(seed=8, rounds=400):
        state = HCFState.new(options, [1], {1: 100}, None)
        state.place_ante(1, ANTE)
        state.place_bonus(1, "straight_flush", BONUS)
        state.place_bonus(1, "flush", BONUS)
        state.close_betting()
        state.deal(deck)
        multiple = decide(*hand_keys(deck[:7]))
        if multiple:
            state.raise_bet(1, multiple)
        else:
            state.fold(1)
        assert state.phase is Phase.SETTLED
        assert_same_returns(record.last, engine_returns(state), {
            "ante": "ante", "raise": "raise", "straight flush": "straight_flush", "flush": "flush"})


def test_simulate_hcf_from_the_command_line_reports_bets_and_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate_from_the_command_line(capsys, "hcf", 3000)
    assert list(report["bets"]) == ["ante", "raise", "ante+raise", "straight flush", "flush", "total"]
    assert report["bets"]["ante"]["wagered"] == 3000
    decisions = ("raised 3x", "raised 2x", "raised 1x", "folded")
    assert sum(report["events"][name] for name in decisions) == pytest.approx(1.0)
    assert 0.72 < report["events"]["dp_qualified"] < 0.79
