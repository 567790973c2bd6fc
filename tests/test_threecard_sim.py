"""Three Card Poker's exact figures (against the issue's numbers and a brute force), the
simulation checked against them, and the simulator settling as the state machine does."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from bot.games.threecard.hands import hand_value
from bot.games.threecard.rules import ThreeCardOptions, settle_hand
from bot.games.threecard.sim import (
    ThreeCardSim,
    _net_against_every_dealer,
    exact_ante_play_edge,
    exact_pair_plus_rtp,
    plays,
)
from bot.games.threecard.state import ThreeCardState
from bot.poker import parse_cards
from bot.sim.frame import SimReport, simulate
from tests.sim_rounds import LastRound


def test_pair_plus_returns_1_minus_512_over_22100() -> None:
    assert exact_pair_plus_rtp() == 1 - Fraction(512, 22_100)
    assert round(float(exact_pair_plus_rtp()) * 100, 3) == 97.683


def test_the_ante_and_play_edge_is_about_3_37_percent_of_the_ante() -> None:
    edge = exact_ante_play_edge()
    assert round(float(edge) * 100, 2) == 3.37
    assert edge == Fraction(686_689, 20_358_520)


SAMPLED = [tuple(sorted(random.Random(seed).sample(range(52), 3))) for seed in range(4)]
CHOSEN = [tuple(sorted(parse_cards(text))) for text in ("Ah Kh Qh", "Qc 6d 4h", "Qc 6d 3h", "Qs Qh 2c",
                                                          "Ac 2d 3h")]


@pytest.mark.parametrize("hand", SAMPLED + CHOSEN, ids=str)
def test_the_counted_enumeration_matches_a_brute_force(hand: tuple[int, ...]) -> None:
    # The exact edge counts dealer hands by value with inclusion-exclusion; here, for a few
    # player hands, every one of the 18,424 dealer hands is settled by the engine itself.
    options = ThreeCardOptions(min_bet=1, max_bet=1)
    rest = [card for card in range(52) if card not in hand]
    player = hand_value(hand)
    net = 0
    for dealer in combinations(rest, 3):
        back = settle_hand(1, 0, plays(player), player, hand_value(dealer), options)
        net += back.ante + back.play - (2 if plays(player) else 1)
    assert _net_against_every_dealer(hand) == net


def test_the_strategy_plays_queen_six_four_or_better() -> None:
    assert plays(hand_value(parse_cards("Qc 6d 4h"))) and not plays(hand_value(parse_cards("Qc 6d 3h")))
    assert plays(hand_value(parse_cards("2c 2d 3h"))) and not plays(hand_value(parse_cards("Jc Td 8h")))


@pytest.fixture(scope="module")
def report() -> SimReport:
    return simulate(ThreeCardSim(), 200_000, seed=1)


@pytest.mark.parametrize(("bet", "exact"), [
    ("pairplus", lambda: exact_pair_plus_rtp()),
    ("ante+play per ante", lambda: 1 - exact_ante_play_edge()),
])
def test_the_simulation_contains_the_exact_figures(report: SimReport, bet: str, exact) -> None:
    interval = report.bets[bet].ci95
    assert interval is not None
    assert interval[0] <= float(exact()) <= interval[1]
    assert interval[1] - interval[0] < 0.03


def test_the_simulated_play_rate_is_the_strategys() -> None:
    playing = sum(plays(hand_value(hand)) for hand in combinations(range(52), 3))
    result = simulate(ThreeCardSim(), 50_000, seed=2)
    assert abs(result.events["played"] - playing / 22_100) < 0.01


def test_the_simulator_settles_every_round_exactly_as_the_state_machine() -> None:
    record = LastRound(ThreeCardSim())
    for deck in record.random_rounds(seed=3, rounds=500):
        state = ThreeCardState(ThreeCardOptions(min_bet=1, max_bet=1))
        state.place_bet(1, "ante", 1)
        state.place_bet(1, "pairplus", 1)
        state.close_betting()
        state.deal(deck)
        state.play(1) if plays(hand_value(deck[:3])) else state.fold(1)
        assert state.settlement is not None
        assert state.settlement.total_returned == record.last["total"]
