"""Chinese Poker hands: segment order and fouls, the three-card front, naturals.

Seed ``chinese-poker.de.txt``: back >= middle > front, straights and flushes do not count in the
front "except for an automatic win", and the automatic wins.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.games.chinese import Arrangement, NaturalKind, find_natural, foul_reason, naturals_of
from bot.games.chinese.arrange import _FRONT_VALUES
from bot.games.common import RuleError
from bot.poker import FULL_DECK, Card, evaluate_front, parse_cards


def kinds(cards: str) -> set[NaturalKind]:
    return {natural.kind for natural in naturals_of(parse_cards(cards))}


# ---------------------------------------------------------------------------- fouls


def test_the_back_must_beat_or_tie_the_middle() -> None:
    tie = Arrangement.parse("2c 3d 5h", "Ac Kd 9h 7c 4d", "Ad Kc 9c 7d 4h")
    assert tie.foul_reason() is None
    fouled = Arrangement.parse("2c 3d 5h", "Ac Ad 9h 7c 4d", "Ks Kc 9c 7d 4h")
    assert fouled.foul_reason() == "Your middle (Pair of Aces) beats your back (Pair of Kings)."


def test_the_middle_must_beat_the_front() -> None:
    fouled = Arrangement.parse("Ac Ad 5h", "As Kd 9h 7c 4d", "Ks Kc Kh 7d 4h")
    assert fouled.foul_reason() == "Your front (Pair of Aces) beats your middle (High Card, Ace)."
    # The same pair with better kickers behind is legal: A-A-9-7-4 beats a front A-A-5.
    legal = Arrangement.parse("Ac Ad 5h", "As Ah 9h 7c 4d", "Ks Kc Kh 7d 4h")
    assert legal.foul_reason() is None


def test_a_front_straight_or_flush_does_not_count_in_play() -> None:
    # Q-K-A suited in front is only ace high: it does not beat a middle pair.
    arrangement = Arrangement.parse("Qh Kh Ah", "2c 2d 5s 7c 9d", "3c 3d 3h Jc Jd")
    assert arrangement.foul_reason() is None
    front, _, _ = arrangement.values()
    assert front.name == "High Card, Ace"


@pytest.mark.parametrize(("front", "middle", "back", "reason"), [
    ("2c 3d", "5h 6c 7d 9h Jc", "Qd Kd 4s 8s Ts", "Your front has 2 cards instead of 3."),
    ("2c 3d 5h", "6c 7d 9h Jc", "Qd Kd 4s 8s Ts 3s", "Your middle has 4 cards instead of 5."),
    ("2c 3d 5h", "6c 7d 9h Jc Qd", "Kd 4s 8s Ts", "Your back has 4 cards instead of 5."),
])
def test_wrong_counts_are_a_foul(front: str, middle: str, back: str, reason: str) -> None:
    arrangement = Arrangement.parse(front, middle, back)
    assert arrangement.fouled
    assert foul_reason(arrangement) == reason
    assert arrangement.royalties() == (0, 0, 0)


def test_a_bad_or_repeated_card_is_refused() -> None:
    with pytest.raises(RuleError, match="appears twice"):
        Arrangement.parse("2c 3d 5h", "2c 7d 9h Jc Qd", "Kd 4s 8s Ts 3s")
    with pytest.raises(RuleError, match="not a card"):
        Arrangement.parse("2c 3d 5x", "6c 7d 9h Jc Qd", "Kd 4s 8s Ts 3s")


def test_choosing_from_a_hand_checks_counts_and_ownership() -> None:
    hand = tuple(parse_cards("2c 3d 5h 6c 7d 9h Jc Qd Kd 4s 8s Ts 3s"))
    arrangement = Arrangement.from_choice(hand, "2c 3d 5h", "6c 7d 9h Jc Qd")
    assert set(arrangement.back) == set(parse_cards("Kd 4s 8s Ts 3s"))
    with pytest.raises(RuleError, match="front takes 3 cards, not 2"):
        Arrangement.from_choice(hand, "2c 3d", "6c 7d 9h Jc Qd")
    with pytest.raises(RuleError, match="middle takes 5 cards, not 6"):
        Arrangement.from_choice(hand, "2c 3d 5h", "6c 7d 9h Jc Qd Kd")
    with pytest.raises(RuleError, match="As is not one of your cards"):
        Arrangement.from_choice(hand, "2c 3d As", "6c 7d 9h Jc Qd")
    with pytest.raises(RuleError, match="front and your middle"):
        Arrangement.from_choice(hand, "2c 3d 5h", "5h 7d 9h Jc Qd")


def test_arrangement_round_trips_through_json_data() -> None:
    arrangement = Arrangement.parse("2c 3d 5h", "6c 7d 9h Jc Qd", "Kd 4s 8s Ts 3s")
    assert Arrangement.from_dict(arrangement.to_dict()) == arrangement


def test_the_fast_front_table_matches_evaluate_front_for_every_three_cards() -> None:
    for cards in combinations(FULL_DECK, 3):
        ranks = tuple(sorted(card >> 2 for card in cards))
        assert _FRONT_VALUES[(ranks[0], ranks[1], ranks[2])] == evaluate_front(cards).value


# --------------------------------------------------------------------------- naturals


@pytest.mark.parametrize(("cards", "expected"), [
    ("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", {NaturalKind.DRAGON, NaturalKind.THREE_STRAIGHTS}),
    ("2c 2d 4c 4d 6c 6d 8h 8s Tc Td Qh Qs Ac", {NaturalKind.SIX_PAIRS}),
    ("2c 2d 2h 2s 6c 6d 8h 8s Tc Td Qh Qs Ac", {NaturalKind.SIX_PAIRS}),
    ("2c 2d 2h 5s 6c 6d 8h 8s Tc Td Qh Qs Ac", set()),  # trips count as one pair only: five
    ("2h 7h 9h 3c 5c 8c Jc Kc 3s 6s Ts Qs As", {NaturalKind.THREE_FLUSHES}),
    ("2h 7h 9h 3h 5h 8h Jh Kh 3c 6c Tc Qc Ac", {NaturalKind.THREE_FLUSHES}),  # 8 hearts + 5 clubs
    ("2h 7h 9h 3h 5h 8h Jh Kh Qh Th 3c 6c Tc", {NaturalKind.THREE_FLUSHES}),  # 10 hearts + 3 clubs
    ("2h 7h 9h 3h 5h 8h Jh Kc 3c 6c Tc Qs As", set()),  # 7 hearts cannot fill whole segments
    ("Ah 2c 3d 4s 5c 6d 7h 8s 4c 5d 6h 7c 8d", {NaturalKind.THREE_STRAIGHTS}),  # A-2-3 front
    ("Qh Kc Ad 4s 5c 6d 7h 8s 4c 5d 6h 7c 8d", {NaturalKind.THREE_STRAIGHTS}),  # Q-K-A front
    ("Kh Ac 2d 4s 5c 6d 7h 8s 4c 5d 6h 7c 8d", set()),  # K-A-2 is no straight
    ("Ah 2c 3d 4s 5c 6d 7h 8s Ac 2d 3h 4c 5d", {NaturalKind.THREE_STRAIGHTS}),  # two wheels
])
def test_naturals_are_found_in_the_thirteen_cards(cards: str, expected: set[NaturalKind]) -> None:
    assert kinds(cards) == expected


def test_a_straight_flush_counts_as_a_straight_and_as_a_flush() -> None:
    # Three straight flushes: front 2-3-4 of hearts, two five-card straight flushes.
    cards = "2h 3h 4h 5c 6c 7c 8c 9c 9s Ts Js Qs Ks"
    assert kinds(cards) == {NaturalKind.THREE_FLUSHES, NaturalKind.THREE_STRAIGHTS}
    # Mixed: front flush, middle straight flush, back flush: three flushes.
    assert NaturalKind.THREE_FLUSHES in kinds("2h 7h Th 5c 6c 7c 8c 9c 2s 4s 8s Js Ks")


def test_a_natural_shape_is_a_legal_split_of_the_same_cards() -> None:
    for cards in ("2h 7h 9h 3c 5c 8c Jc Kc 3s 6s Ts Qs As", "Ah 2c 3d 4s 5c 6d 7h 8s 4c 5d 6h 7c 8d"):
        natural = find_natural(parse_cards(cards))
        assert natural is not None and natural.arrangement is not None
        assert sorted(natural.arrangement.cards) == sorted(parse_cards(cards))
        assert not natural.arrangement.fouled


def test_the_dragon_is_the_best_natural() -> None:
    natural = find_natural(parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"))
    assert natural is not None
    assert natural.kind is NaturalKind.DRAGON and natural.points == 13
    assert [n.kind for n in naturals_of(parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"))] == [
        NaturalKind.DRAGON, NaturalKind.THREE_FLUSHES, NaturalKind.THREE_STRAIGHTS,
    ]


def test_no_natural_without_thirteen_distinct_cards() -> None:
    assert naturals_of(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks")) == ()
    assert naturals_of([Card("2c")] * 13) == ()
