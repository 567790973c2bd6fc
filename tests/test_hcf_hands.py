"""High Card Flush hands: the integer keys order hands exactly as the readable records do, and the
cards a picture highlights are the flush's and the run's."""

from __future__ import annotations

import random

import pytest

from bot.games.hcf import Flush, Run, flush_cards, flush_first, flush_of, hand_keys, run_cards, run_of
from bot.games.hcf.hands import QUALIFYING_FLUSH_KEY, dp_qualifies, flush_key, run_key
from bot.poker import FULL_DECK, parse_cards


def test_hand_keys_agree_with_the_poker_helpers_on_random_hands() -> None:
    rng = random.Random(4)
    for _ in range(3_000):
        hand = rng.sample(FULL_DECK, 7)
        assert hand_keys(hand) == (flush_of(hand).key, run_of(hand).key)


def test_flush_keys_order_hands_as_length_then_ranks_top_down() -> None:
    rng = random.Random(6)
    hands = [rng.sample(FULL_DECK, 7) for _ in range(400)]
    for first, second in zip(hands, hands[1:], strict=False):
        a, b = flush_of(first), flush_of(second)
        assert (a.key > b.key) == (a.strength > b.strength)
        assert (a.key == b.key) == (a.strength == b.strength)


def test_run_keys_order_runs_by_length_then_top_card() -> None:
    assert run_key(3, 3) > run_key(2, 14)  # A-2-3 beats any two-card run
    assert run_key(3, 14) > run_key(3, 13)
    assert Run(4, 5).key > Run(3, 14).key


def test_the_qualifying_key_sits_between_9_3_2_and_8_7_6() -> None:
    assert flush_key((9, 3, 2)) == QUALIFYING_FLUSH_KEY
    assert flush_key((8, 7, 6)) < QUALIFYING_FLUSH_KEY < flush_key((5, 4, 3, 2))
    assert dp_qualifies(Flush("h", (9, 3, 2))) and not dp_qualifies(Flush("h", (8, 7, 6)))


def test_flush_cards_are_the_best_suits_highest_first() -> None:
    # Three hearts and three diamonds: A-7-3 beats K-Q-J on the first card.
    assert flush_cards("Ah 7h 3h Kd Qd Jd 2c") == tuple(parse_cards("Ah 7h 3h"))


def test_a_hand_is_shown_with_its_flush_first() -> None:
    # Seven cards that overlap on a phone: the four spades lead, highest first, then the rest.
    assert flush_first("3c Ks 9d 2s As Qh 7s") == tuple(parse_cards("As Ks 7s 2s Qh 9d 3c"))
    hand = random.Random(7).sample(FULL_DECK, 7)
    assert sorted(flush_first(hand)) == sorted(hand)


@pytest.mark.parametrize(("hand", "run"), [
    ("As 2s 3s Kd 9c 7h 5d", "3s 2s As"),     # ace low: the ace comes last
    ("Qs Ks As 2d 5c 7h 9d", "As Ks Qs"),     # ace high
    ("5h 6h 7h 8h Ks 2c 3d", "8h 7h 6h 5h"),
])
def test_run_cards_are_the_runs_cards_top_first(hand: str, run: str) -> None:
    assert run_cards(hand) == tuple(parse_cards(run))


def test_texts_for_the_table() -> None:
    assert flush_of("Kh 9h 5h 2h 3c 4d 7s").text == "4-card flush K-9-5-2"
    assert run_of("As 2s 3s Kd 9c 7h 5d").text == "3-card straight flush A-2-3"
    assert flush_of("Th 9h 5h Kd 3c 4d 7s").text == "3-card flush 10-9-5"
