"""Ultimate Texas Hold'em in the simulator: the exact Trips RTP, the simulation checked against it,
the basic strategy's rules, and the simulator settling exactly as the state machine does."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from bot.games.uth import Phase, UTHOptions, UTHState
from bot.games.uth.sim import (
    ANTE,
    SEVEN_CARD_CATEGORY_COUNTS,
    TRIPS,
    UthSim,
    dealer_outs,
    exact_trips_rtp,
    flop_raises,
    preflop_raises,
    river_raises,
)
from bot.poker import Category, evaluate_rank, parse_cards
from bot.sim.frame import simulate
from tests.sim_rounds import LastRound, assert_same_returns, engine_returns, simulate_from_the_command_line

# ------------------------------------------------------------------- exact Trips return


def _straight_high(ranks: set[int]) -> int:
    """Highest straight among rank indices 0 (deuce) .. 12 (ace); -1 without one."""
    for high in range(12, 3, -1):
        if all(high - step in ranks for step in range(5)):
            return high
    return 3 if {12, 0, 1, 2, 3} <= ranks else -1


def _rank_category(counts: tuple[int, ...]) -> Category:
    """The best category of a hand that holds no flush, from its count of each rank."""
    ordered = sorted(counts, reverse=True)
    if ordered[0] == 4:
        return Category.FOUR_OF_A_KIND
    if ordered[0] == 3 and ordered[1] >= 2:
        return Category.FULL_HOUSE
    if _straight_high({rank for rank, count in enumerate(counts) if count}) >= 0:
        return Category.STRAIGHT
    if ordered[0] == 3:
        return Category.THREE_OF_A_KIND
    if ordered[0] == 2:
        return Category.TWO_PAIR if ordered[1] == 2 else Category.PAIR
    return Category.HIGH_CARD


def _rank_vectors(rank: int, left: int) -> list[tuple[int, ...]]:
    if rank == 12:
        return [(left,)] if left <= 4 else []
    return [(count, *rest) for count in range(min(4, left) + 1)
            for rest in _rank_vectors(rank + 1, left - count)]


def count_seven_card_categories() -> Counter[Category]:
    """Every 7-card hand's best category, counted by combinatorics, not by an evaluator.

    Without a flush, a hand's category depends only on how many cards of each rank it holds;
    a vector of rank counts (k_2..k_A) stands for prod C(4, k) hands. A flush (5+ cards of
    one suit, possible in one suit only) always beats what its ranks alone make: 5 suited
    distinct ranks plus 2 more cards reach at most three of a kind. So the flush hands are
    enumerated (suit, suited ranks, ranks of the off-suit rest), moved out of their rank
    category and into flush, straight flush or royal flush.
    """
    counts: Counter[Category] = Counter()
    by_vector: dict[tuple[int, ...], Category] = {}
    for vector in _rank_vectors(0, 7):
        by_vector[vector] = _rank_category(vector)
        counts[by_vector[vector]] += math.prod(math.comb(4, k) for k in vector)
    for suited_count in (5, 6, 7):
        for suited in itertools.combinations(range(13), suited_count):
            high = _straight_high(set(suited))
            flush = (Category.ROYAL_FLUSH if high == 12 else
                     Category.STRAIGHT_FLUSH if high >= 0 else Category.FLUSH)
            for rest in itertools.combinations_with_replacement(range(13), 7 - suited_count):
                # 4 suits; the rest's cards come from the 3 other suits.
                ways = 4 * math.prod(math.comb(3, k) for k in Counter(rest).values())
                vector = [0] * 13
                for rank in (*suited, *rest):
                    vector[rank] += 1
                counts[by_vector[tuple(vector)]] -= ways
                counts[flush] += ways
    return counts


def test_seven_card_category_counts_are_confirmed_by_independent_combinatorics() -> None:
    counts = count_seven_card_categories()
    assert sum(counts.values()) == math.comb(52, 7) == 133_784_560
    assert dict(counts) == SEVEN_CARD_CATEGORY_COUNTS


def test_exact_trips_rtp_from_the_category_counts_and_the_seed_pay_table() -> None:
    # Trips (seed, "Auszahlungen"): royal 50, straight flush 40, quads 30, full house 8,
    # flush 7, straight 4, three of a kind 3 to 1; the stake comes back with a win.
    paid = {Category.ROYAL_FLUSH: 51, Category.STRAIGHT_FLUSH: 41, Category.FOUR_OF_A_KIND: 31,
            Category.FULL_HOUSE: 9, Category.FLUSH: 8, Category.STRAIGHT: 5,
            Category.THREE_OF_A_KIND: 4}
    exact = Fraction(sum(SEVEN_CARD_CATEGORY_COUNTS[c] * back for c, back in paid.items()),
                     math.comb(52, 7))
    assert exact == Fraction(129_104_860, 133_784_560)
    assert exact_trips_rtp() == pytest.approx(float(exact), abs=1e-15)
    assert round(float(exact), 6) == 0.965021


def test_simulated_trips_rtp_contains_the_exact_value_in_its_95_percent_interval() -> None:
    # The seed is fixed, so this is deterministic; about one seed in twenty lands outside its
    # own 95% interval (seed 11 does, at 0.9497), which is what a 95% interval means.
    report = simulate(UthSim(), 120_000, seed=12)
    trips = report.bets["trips"]
    assert trips.ci95 is not None
    low, high = trips.ci95
    assert low <= exact_trips_rtp() <= high
    assert high - low < 0.04  # narrow enough to mean something (about +-0.015)
    # The main game per Ante: the Ante, Blind and Play's own totals, counted round by round.
    main = report.bets["ante+blind+play per ante"]
    sides = [report.bets[name] for name in ("ante", "blind", "play")]
    net = sum(bet.returned - bet.wagered for bet in sides)
    assert main.rtp is not None and abs(main.rtp - (1 + net / main.wagered)) < 1e-12


# ----------------------------------------------------------------------- basic strategy


@pytest.mark.parametrize(("hole", "raises"), [
    ("3c 3d", True), ("2c 2d", False), ("Ac 2d", True), ("Kh 2h", True), ("Kh 4d", False),
    ("Kh 5d", True), ("Qs 6s", True), ("Qs 5s", False), ("Qs 8d", True), ("Qs 7d", False),
    ("Js 8s", True), ("Js 7s", False), ("Js Td", True), ("Js 9d", False), ("Ts 9s", False),
])
def test_preflop_raises_4x_per_the_basic_strategy(hole: str, raises: bool) -> None:
    first, second = parse_cards(hole)
    assert preflop_raises(first, second) is raises
    assert preflop_raises(second, first) is raises


@pytest.mark.parametrize(("hole", "flop", "raises"), [
    ("9c 4d", "9h Kd 2s", True),    # hidden pair
    ("5c 5d", "9h Kd 2s", True),    # pocket pair
    ("2c 2d", "9h Kd 3s", False),   # lone pocket deuces
    ("2c 2d", "9h 9d 3s", True),    # deuces and a flop pair: two pair
    ("Ac Kd", "7h 7d 7s", False),   # trips on the flop alone
    ("6c 7d", "8h 9d Ts", True),    # made straight
    ("Th 3h", "Ah 8h 4c", True),    # four to a flush with a hidden ten
    ("9h 3h", "Ah 8h 4c", False),   # four to a flush, hidden card below ten
    ("Ac Kd", "Qh 8d 2s", False),   # nothing
])
def test_flop_raises_2x_per_the_basic_strategy(hole: str, flop: str, raises: bool) -> None:
    assert flop_raises(parse_cards(hole), parse_cards(flop)) is raises


def test_dealer_outs_count_beating_cards_and_half_the_tying_ones() -> None:
    # T3 on A Q 8 6 4: 15 cards pair the board, 8 kings and jacks outkick, 3 tens tie.
    hole, board = parse_cards("Th 3c"), parse_cards("As Qd 8c 6h 4d")
    player = evaluate_rank([*hole, *board])
    assert dealer_outs(hole, board, player) == 15 + 8 + 1.5
    assert not river_raises(hole, board, player)


def test_river_raises_with_a_hidden_pair_and_folds_the_board_pair_with_a_weak_kicker() -> None:
    hole, board = parse_cards("3c 2d"), parse_cards("3s Kd 9c 7h 5d")
    assert river_raises(hole, board, evaluate_rank([*hole, *board]))
    hole, board = parse_cards("3c 2d"), parse_cards("9s 9d Kc 7h 5d")
    assert not river_raises(hole, board, evaluate_rank([*hole, *board]))


# -------------------------------------------------------------- simulator == state machine


def test_the_simulator_settles_every_round_exactly_as_the_state_machine() -> None:
    record = LastRound(UthSim())
    for deck in record.random_rounds(seed=5, rounds=300):
        state = UTHState(UTHOptions(min_bet=1, trips_min_bet=1))
        state.place_ante(1, ANTE)
        state.place_trips(1, TRIPS)
        state.close_betting()
        state.deal(deck)
        hole = deck[:2]
        if preflop_raises(*hole):
            state.raise_bet(1, 4)
        else:
            state.check(1)
            if flop_raises(hole, deck[4:7]):
                state.raise_bet(1, 2)
            else:
                state.check(1)
                if river_raises(hole, deck[4:9], evaluate_rank(deck[:2] + deck[4:9])):
                    state.raise_bet(1, 1)
                else:
                    state.fold(1)
        assert state.phase is Phase.SETTLED
        assert_same_returns(record.last, engine_returns(state),
                            {"ante": "ante", "blind": "blind", "trips": "trips", "play": "play"})


def test_simulate_uth_from_the_command_line_reports_bets_and_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate_from_the_command_line(capsys, "uth", 2000)
    assert list(report["bets"]) == ["ante", "blind", "play", "trips", "total", "ante+blind+play per ante"]
    assert report["bets"]["ante"]["wagered"] == 2000 * ANTE
    decisions = ("raised 4x pre-flop", "raised 2x on the flop", "raised 1x on the river",
                 "player folded")
    assert sum(report["events"][name] for name in decisions) == pytest.approx(1.0)
    assert 0.70 < report["events"]["dealer qualified"] < 0.82
