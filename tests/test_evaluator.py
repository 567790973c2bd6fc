"""Hand evaluation: exhaustive five-card counts, agreement with phevaluator, worked examples."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.poker import (
    Card,
    CardError,
    Category,
    HandValue,
    evaluate,
    evaluate_front,
    evaluate_rank,
    evaluate_rank5,
    parse_cards,
    value_category,
)
from bot.poker.evaluator import evaluate_rank6, evaluate_rank7, with_every_pair
from bot.poker.vectorized import KEYS, SUIT_BITS, seven_card_values, values_of


def _hands(size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def _best_of_subsets(cards: Sequence[int]) -> int:
    return max(evaluate_rank5(five) for five in combinations(cards, 5))


# --- Exhaustive and reference checks ------------------------------------------------------------


@pytest.mark.slow
def test_all_five_card_hands_have_the_textbook_category_counts() -> None:
    values = Counter(map(evaluate_rank5, combinations(range(52), 5)))
    by_category: Counter[Category] = Counter()
    for value, hands in values.items():
        by_category[value_category(value)] += hands
    assert by_category == {
        Category.ROYAL_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 36,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }
    # Poker has exactly 7462 distinct five-card hand strengths once suits are ignored.
    assert len(values) == 7_462


@pytest.mark.parametrize("size", [6, 7])
def test_more_cards_value_equals_best_five_card_subset(size: int) -> None:
    for hand in _hands(size, 3_000, seed=size):
        assert evaluate_rank(hand) == _best_of_subsets(hand), parse_cards(hand)


def _assert_same_order(ours: list[int], reference: list[int]) -> None:
    """Ours is higher-is-better, the reference lower-is-better: the orders must be mirror images."""
    reference_for: dict[int, int] = {}
    for mine, theirs in zip(ours, reference, strict=True):
        # Equal values for us must be equal values for the reference...
        assert reference_for.setdefault(mine, theirs) == theirs
    ranked = [reference_for[mine] for mine in sorted(reference_for)]
    # ...and distinct values must be ordered the other way round, strictly.
    assert all(weaker > stronger for weaker, stronger in pairwise(ranked))


@pytest.mark.parametrize(
    ("size", "ours", "count"),
    [(5, evaluate_rank5, 20_000), (6, evaluate_rank6, 20_000), (7, evaluate_rank7, 20_000)],
)
def test_orders_hands_exactly_as_phevaluator(
    size: int, ours: Callable[[Sequence[int]], int], count: int
) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    hands = _hands(size, count, seed=100 + size)
    # phevaluator numbers cards rank * 4 + suit with suits c d h s, exactly as Card does.
    reference = [phevaluator.evaluate_cards(*hand) for hand in hands]
    _assert_same_order([ours(hand) for hand in hands], reference)


def test_generic_and_per_size_rankers_agree() -> None:
    for size, ranker in ((5, evaluate_rank5), (6, evaluate_rank6), (7, evaluate_rank7)):
        for hand in _hands(size, 500, seed=size * 11):
            assert evaluate_rank(hand) == ranker(hand) == evaluate(hand).value


def test_card_objects_and_indices_give_the_same_value() -> None:
    for hand in _hands(7, 500, seed=3):
        assert evaluate_rank7([Card(card) for card in hand]) == evaluate_rank7(hand)


# --- Properties -----------------------------------------------------------------------------------

seven_cards = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(seven_cards, st.randoms(use_true_random=False))
def test_card_order_never_matters(cards: list[int], rng: random.Random) -> None:
    for size in (5, 6, 7):
        hand = cards[:size]
        assert evaluate_rank(rng.sample(hand, size)) == evaluate_rank(hand)


@given(seven_cards, st.permutations(range(4)))
def test_renaming_suits_never_changes_the_value(cards: list[int], suits: list[int]) -> None:
    renamed = [card - card % 4 + suits[card % 4] for card in cards]
    for size in (5, 6, 7):
        assert evaluate_rank(renamed[:size]) == evaluate_rank(cards[:size])


@given(seven_cards)
def test_best_five_are_from_the_hand_and_worth_the_same(cards: list[int]) -> None:
    value = evaluate(cards)
    assert len(value.best_five) == 5
    assert set(value.best_five) <= set(cards)
    assert evaluate(value.best_five) == value
    assert value.ranks == tuple(card.rank for card in value.best_five)


# --- Worked examples ------------------------------------------------------------------------------


def v(text: str) -> HandValue:
    return evaluate(text)


def test_wheel_is_the_lowest_straight() -> None:
    wheel = v("Ah 2c 3d 4s 5h")
    assert wheel.category is Category.STRAIGHT
    assert wheel < v("2h 3c 4d 5s 6h") < v("Th Jc Qd Ks Ah")
    assert wheel > v("Ah Ac Ad Ks Qh")  # any straight beats trips
    assert wheel.best_five == tuple(parse_cards("5h 4s 3d 2c Ah"))
    assert wheel.describe() == "Straight, Five high"


def test_ace_high_straight_beats_king_high() -> None:
    assert v("Th Jc Qd Ks Ah") > v("9h Tc Jd Qs Kh")


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = v("Ah 2h 3h 4h 5h")
    assert steel.category is Category.STRAIGHT_FLUSH
    assert steel < v("2c 3c 4c 5c 6c")
    assert steel > v("As Ks Qs Js 9s")  # beats the best flush
    assert steel > v("Ac Ad Ah As Ks")  # and four aces


def test_royal_flush_is_its_own_category_at_the_top() -> None:
    royal = v("Ts Js Qs Ks As")
    assert royal.category is Category.ROYAL_FLUSH
    assert royal > v("9s Ts Js Qs Ks")
    assert royal.describe() == "Royal Flush"


def test_suits_never_break_ties() -> None:
    assert v("As Ks 9d 7c 2h") == v("Ah Kh 9c 7d 2s")
    assert hash(v("As Ks 9d 7c 2h")) == hash(v("Ah Kh 9c 7d 2s"))
    assert v("2s 3s 4s 5s 7s") == v("2d 3d 4d 5d 7d")
    assert len({v("Qc Qd 5h 5s 9c"), v("Qh Qs 5c 5d 9d")}) == 1


def test_kickers_break_ties_in_order() -> None:
    assert v("4h 4c Ad 9s 3h") > v("4d 4s Kd Qs Jh")  # first kicker decides
    assert v("4h 4c Ad 9s 3h") < v("4d 4s Ac 9c 5h")  # third kicker decides
    assert v("Kh Kc 7d 7s 2h") < v("Kd Ks 7c 7h 3h")  # two pair: the kicker
    assert v("Kh Kc 7d 7s 2h") > v("Qd Qs Jc Jh Ah")  # two pair: the top pair first
    assert v("3h 3c 3d As Ah") < v("4h 4c 4d 2s 2h")  # full house: the trips first


def test_six_cards_pick_the_best_five() -> None:
    value = v("2h 3h 4h 5h 9c 6h")
    assert value.category is Category.STRAIGHT_FLUSH
    assert value.best_five == tuple(parse_cards("6h 5h 4h 3h 2h"))
    pair = v("Kd 7c Ks 2h 9c Jd")
    assert pair.best_five == tuple(parse_cards("Ks Kd Jd 9c 7c"))


def test_seven_cards_take_the_flush_over_the_straight() -> None:
    value = v("5h 6c 7h 8d 9h Kh 2h")
    assert value.category is Category.FLUSH
    assert value.best_five == tuple(parse_cards("Kh 9h 7h 5h 2h"))


def test_seven_cards_full_house_from_two_trips() -> None:
    value = v("7h 7d 7c 9s 9h 9d As")
    assert value.category is Category.FULL_HOUSE
    assert value.ranks == (9, 9, 9, 7, 7)
    assert value.describe() == "Full House, Nines full of Sevens"


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("Ah Kd 9c 7s 3h", "High Card, Ace"),
        ("4h 4d 9c 7s 3h", "Pair of Fours"),
        ("6h 6d 9c 9s 3h", "Two Pair, Nines and Sixes"),
        ("Qh Qd Qc 7s 3h", "Three of a Kind, Queens"),
        ("6h 7d 8c 9s Th", "Straight, Ten high"),
        ("Ah Th 8h 4h 2h", "Flush, Ace high"),
        ("Kh Kd Kc 2s 2h", "Full House, Kings full of Twos"),
        ("9h 9d 9c 9s 3h", "Four of a Kind, Nines"),
        ("5d 6d 7d 8d 9d", "Straight Flush, Nine high"),
    ],
)
def test_hand_names(cards: str, name: str) -> None:
    value = v(cards)
    assert value.describe() == value.name == str(value) == name


def test_best_five_lists_the_combination_before_the_kickers() -> None:
    assert v("9c Ks 4h 9d 2s").best_five == tuple(parse_cards("9d 9c Ks 4h 2s"))
    assert v("2h Qc 2d Qs 2s").best_five == tuple(parse_cards("2s 2h 2d Qs Qc"))


def test_evaluate_reads_text_cards_and_indices() -> None:
    assert v("As Ks Qs Js Ts") == evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    assert evaluate([51, 47, 43, 39, 35]) == v("As Ks Qs Js Ts")


def test_evaluate_refuses_bad_hands() -> None:
    with pytest.raises(CardError, match="5, 6 or 7"):
        evaluate("As Ks Qs Js")
    with pytest.raises(CardError, match="twice"):
        evaluate("As As Qs Js Ts")
    with pytest.raises(CardError):
        evaluate_rank([1, 2, 3, 4, 5, 6, 7, 8])


def test_categories_are_ordered_weakest_first() -> None:
    names = [category.name for category in sorted(Category)]
    assert names == [
        "HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH",
        "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH", "ROYAL_FLUSH",
    ]  # fmt: skip
    assert Category.STRAIGHT_FLUSH.label == "Straight Flush"
    assert Category.THREE_OF_A_KIND.label == "Three of a Kind"


# --- The three-card front (Chinese Poker) --------------------------------------------------------


def test_front_categories_ignore_straights_and_flushes() -> None:
    assert evaluate_front("Qh Qd Qc").category is Category.THREE_OF_A_KIND
    assert evaluate_front("Qh Qd 2c").category is Category.PAIR
    assert evaluate_front("Ah Kh Qh").category is Category.HIGH_CARD
    assert evaluate_front("2h 3h 4h") < evaluate_front("2c 2d 3s")
    assert evaluate_front("2h 2d 2s") > evaluate_front("Ah Ad Ks")


def test_front_compares_with_five_card_rows() -> None:
    assert evaluate_front("2h 2d 2s") < v("3h 3c 3d 2s 2h")  # trips < any full house
    assert evaluate_front("2h 2d 2s") < v("2c 3c 4d 5s 6h")  # trips < any straight
    assert evaluate_front("2h 2d 2s") > v("Ah Ac Kd Ks Qh")  # trips > any two pair
    # A front pair is a five-card pair whose two missing kickers rank below a deuce.
    assert evaluate_front("Ah Ad Kc") < v("As Ac Kd 3s 2h")
    assert evaluate_front("Ah Ad Kc") > v("As Ac Qd Js 9h")
    assert evaluate_front("Ah Kd Qc") < v("As Kc Qd 3s 2h")
    assert evaluate_front("6h 6d 9c") == evaluate_front("6c 6s 9d")


def test_front_names_and_cards() -> None:
    front = evaluate_front("9c Ah 9d")
    assert front.describe() == "Pair of Nines"
    assert front.best_five == tuple(parse_cards("9d 9c Ah"))
    assert front.ranks == (9, 9, 14)
    with pytest.raises(CardError, match="3 cards"):
        evaluate_front("9c Ah 9d 2s")


@given(st.integers(0, 3), st.integers(0, 5), st.randoms(use_true_random=False), st.integers(2, 47))
def test_a_board_with_every_pair_is_valued_as_seven_cards(suit: int, suited: int, rng: random.Random,
                                                          count: int) -> None:
    """Boards with 0 to 5 cards of one suit (a flush needs both, either or neither of a pair's
    cards), and any set of cards to pair: each value is :func:`evaluate_rank7`'s."""
    of_suit = [card for card in range(52) if card & 3 == suit]
    others = [card for card in range(52) if card & 3 != suit]
    board = rng.sample(of_suit, suited) + rng.sample(others, 5 - suited)
    rest = rng.sample([card for card in range(52) if card not in board], count)
    assert with_every_pair(board, rest) == [evaluate_rank7([*board, *pair]) for pair in combinations(rest, 2)]


@given(st.lists(st.permutations(range(52)).map(lambda deck: deck[:5]), min_size=1, max_size=40),
       st.lists(st.tuples(st.integers(0, 3), st.permutations(range(13)).map(lambda ranks: ranks[:5])),
                min_size=1, max_size=20))
def test_many_hands_at_once_are_valued_as_one_at_a_time(hands: list[list[int]],
                                                       suited: list[tuple[int, list[int]]]) -> None:
    """numpy's values (the coach's counts of Imperial Poker's dealer hands) are the fast
    evaluator's, random hands and flushes alike."""
    flushes = [[rank * 4 + suit for rank in ranks] for suit, ranks in suited]
    for batch in (hands, flushes):
        assert [int(value) for value in values_of(np.array(batch))] == list(map(evaluate_rank5, batch))


@given(st.lists(st.permutations(range(52)).map(lambda deck: deck[:7]), min_size=1, max_size=40),
       st.lists(st.tuples(st.integers(0, 3), st.integers(5, 7), st.permutations(range(52))),
                min_size=1, max_size=20))
def test_many_seven_card_hands_at_once_are_valued_as_one_at_a_time(
        hands: list[list[int]], suited: list[tuple[int, int, list[int]]]) -> None:
    """numpy's seven-card values (the coach's Ultimate Texas Hold'em flop) are the fast
    evaluator's: random hands, and hands with five, six or seven cards of one suit."""
    flushes = [[card for card in deck if card & 3 == suit][:length]
               + [card for card in deck if card & 3 != suit][:7 - length] for suit, length, deck in suited]
    for batch in (hands, flushes):
        cards = np.array(batch)
        bits = SUIT_BITS[cards].sum(axis=1)
        values = seven_card_values(KEYS[cards].sum(axis=1), lambda at, suits, bits=bits: bits[at, suits])
        assert [int(value) for value in values] == list(map(evaluate_rank7, batch))
