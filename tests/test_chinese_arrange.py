"""Chinese Poker auto-arrange: always legal, exactly the best split by its stated objective, never
worse than the naive arrangement, and better than it at the table; naturals are detected.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.chinese import (
    Arrangement,
    NaturalKind,
    PlayerHand,
    auto_arrange,
    expected_points,
    naive_arrangement,
    score_hands,
)
from bot.games.chinese.arrange import DEFAULT_ARRANGER, _objective
from bot.games.common import RuleError
from bot.poker import FULL_DECK, Card, evaluate_front, evaluate_rank5, parse_cards

thirteen_cards = st.lists(st.sampled_from(FULL_DECK), min_size=13, max_size=13, unique=True)


@settings(max_examples=60, deadline=None)
@given(thirteen_cards)
def test_auto_arrange_is_always_legal_and_uses_exactly_the_cards(cards: list[Card]) -> None:
    proposal = auto_arrange(cards)
    arrangement = proposal.arrangement
    assert arrangement.counts_ok
    assert arrangement.foul_reason() is None
    assert sorted(arrangement.cards) == sorted(cards)
    assert proposal.expected_points == pytest.approx(expected_points(arrangement))


@settings(max_examples=40, deadline=None)
@given(thirteen_cards)
def test_auto_arrange_scores_at_least_the_naive_arrangement(cards: list[Card]) -> None:
    naive = naive_arrangement(cards)
    assert not naive.fouled
    assert auto_arrange(cards).expected_points >= expected_points(naive) - 1e-9


@settings(max_examples=15, deadline=None)
@given(thirteen_cards, st.randoms(use_true_random=False))
def test_the_order_the_cards_come_in_does_not_matter(cards: list[Card], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert auto_arrange(shuffled) == auto_arrange(cards)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_auto_arrange_finds_the_best_of_all_72072_splits(seed: int) -> None:
    cards = random.Random(seed).sample(FULL_DECK, 13)
    assert auto_arrange(cards).expected_points == pytest.approx(_brute_force_best(cards))


def test_auto_arrange_beats_the_naive_arrangement_head_to_head() -> None:
    # Duplicate format: each deal is played twice with the hands swapped, so luck cancels out.
    rng = random.Random(2024)
    total, deals = 0, 40
    for _ in range(deals):
        deck = rng.sample(FULL_DECK, 26)
        for mine, theirs in ((deck[:13], deck[13:]), (deck[13:], deck[:13])):
            hands = {"auto": PlayerHand.set_as(auto_arrange(mine).arrangement),
                     "naive": PlayerHand.set_as(naive_arrangement(theirs))}
            total += score_hands(hands).points["auto"]
    assert total / (2 * deals) > 0.5  # measured: about +1.2 points per hand


def test_a_hand_with_a_natural_reports_it() -> None:
    proposal = auto_arrange("2c 2d 4c 4d 6c 6d 8h 8s Tc Td Qh Qs Ac")
    assert proposal.natural is not None and proposal.natural.kind is NaturalKind.SIX_PAIRS
    assert not proposal.arrangement.fouled
    assert auto_arrange("2c 3d 5h 6c 7d 9h Jc Qd Kd 4s 8s Ts 3s").natural is None


def test_auto_arrange_takes_a_clear_royalty_and_stays_legal() -> None:
    # Four aces and a king-high straight flush: the straight flush behind and the quads in the
    # middle is legal (a straight flush beats quads) and collects both royalties.
    proposal = auto_arrange("9h Th Jh Qh Kh Ac Ad As Ah 2c 3d 5s 7c")
    front, middle, back = proposal.arrangement.values()
    assert back.category.name == "STRAIGHT_FLUSH"
    assert middle.category.name == "FOUR_OF_A_KIND"
    assert proposal.arrangement.royalties() == (0, 8, 5)


def test_auto_arrange_refuses_anything_but_thirteen_cards() -> None:
    with pytest.raises(RuleError, match="13 cards, not 12"):
        auto_arrange("2c 3d 5h 6c 7d 9h Jc Qd Kd 4s 8s Ts")
    with pytest.raises(RuleError, match="appears twice"):
        auto_arrange("2c 2c 5h 6c 7d 9h Jc Qd Kd 4s 8s Ts 3s")


def test_naive_arrangement_puts_the_best_five_behind() -> None:
    naive = naive_arrangement(parse_cards("2c 3d 5h 6c 7d 9h Jc Qd Kd 4s 8s Ts 3s"))
    assert naive == Arrangement.parse("3s 3d 2c", "8s 7d 6c 5h 4s", "Kd Qd Jc Ts 9h")


def _brute_force_best(cards: list[Card]) -> float:
    """The objective's maximum over every (back, middle) choice, without any shortcut."""
    best = float("-inf")
    for back in combinations(cards, 5):
        back_value = evaluate_rank5(back)
        rest = [card for card in cards if card not in back]
        for middle in combinations(rest, 5):
            middle_value = evaluate_rank5(middle)
            if middle_value > back_value:
                continue
            front = [card for card in rest if card not in middle]
            front_value = evaluate_front(front).value
            if front_value > middle_value:
                continue
            score = _objective(DEFAULT_ARRANGER.front.odds(front_value),
                               DEFAULT_ARRANGER.middle.odds(middle_value),
                               DEFAULT_ARRANGER.back.odds(back_value))
            best = max(best, score)
    return best
