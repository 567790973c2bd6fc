"""Imperial Poker's reading of a hand: every example of the seed's Table 1 ("Bildung der Zweiten
Kombination"), the examples of seed point 13, the notes under Table 1 and the Imperial Flush,
each a named test; then an independent brute-force reading of random hands.

Table 1 lost its empty cells in the seed text, so which column an example sits in is read from
RULES.md's definition: another paying combination whose own cards include at least one card
the primary combination does not use. The suits are the ones the example implies: "AQ875; K"
is a flush with an off-suit king (a suited one would make a second flush), "J10987A" a straight
flush with a suited ace (an off-suit one would pay nothing second), "J109876" six suited cards.
"""

from __future__ import annotations

from itertools import combinations as subsets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.boxed import HandClass, hand_class
from bot.games.imperial import (
    BET_PAYS,
    IMPERIAL,
    IMPERIAL_FLUSH_VALUE,
    combinations,
    hand_text,
    hand_value,
    is_imperial_flush,
    read_hand,
)
from bot.poker import FULL_DECK, Card, evaluate_rank, parse_cards


def reads(cards: str, primary: str | None, second: str | None) -> None:
    assert combinations(cards) == (primary, second)


# ------------------------------------------------------------ Table 1, row by row (primary)


def test_table1_one_pair_55ak8_pays_a_second_ace_king() -> None:
    reads("5s 5d Ah Kc 8s", "PAIR", "ACE_KING")


def test_table1_one_pair_aak96_pays_ace_king_with_the_unused_king() -> None:
    # The ace-king shares an ace with the pair of aces; its king is not used by the pair.
    reads("As Ad Kh 9c 6s", "PAIR", "ACE_KING")


def test_table1_two_pair_aa77k_pays_a_second_ace_king() -> None:
    reads("As Ad 7h 7c Ks", "TWO_PAIR", "ACE_KING")


def test_table1_two_pair_jj66ak_pays_a_second_ace_king() -> None:
    reads("Js Jd 6h 6c As Kd", "TWO_PAIR", "ACE_KING")


def test_table1_two_pair_qq5533_pays_a_second_two_pair() -> None:
    # QQ55 is the primary; QQ33 or 5533 uses the threes: two pair beats the pair of threes.
    reads("Qs Qd 5h 5c 3s 3d", "TWO_PAIR", "TWO_PAIR")
    assert {card.rank for card in read_hand("Qs Qd 5h 5c 3s 3d").second_cards} >= {3}


def test_table1_three_of_a_kind_222ak_pays_a_second_ace_king() -> None:
    reads("2s 2d 2h Ac Ks", "THREE_OF_A_KIND", "ACE_KING")


def test_table1_three_of_a_kind_kkka4_pays_ace_king_with_the_unused_ace() -> None:
    reads("Ks Kd Kh Ac 4s", "THREE_OF_A_KIND", "ACE_KING")


def test_table1_straight_5432ak_pays_ace_king_with_the_unused_king() -> None:
    reads("5s 4d 3h 2c As Kd", "STRAIGHT", "ACE_KING")


def test_table1_straight_j109876_pays_a_second_straight() -> None:
    reads("Js Td 9h 8c 7s 6d", "STRAIGHT", "STRAIGHT")


def test_table1_straight_j109879_pays_a_second_straight_with_the_other_nine() -> None:
    reads("Js Td 9h 8c 7s 9d", "STRAIGHT", "STRAIGHT")
    reading = read_hand("Js Td 9h 8c 7s 9d")
    assert {Card("9h"), Card("9d")} <= {*reading.primary_cards, *reading.second_cards}


def test_table1_flush_aq875_k_pays_ace_king_with_an_off_suit_king() -> None:
    reads("Ah Qh 8h 7h 5h Kc", "FLUSH", "ACE_KING")


def test_table1_flush_aq875_8_pays_a_pair_of_eights() -> None:
    reads("Ah Qh 8h 7h 5h 8c", "FLUSH", "PAIR")


def test_table1_flush_aqj109_k_pays_a_straight_with_an_off_suit_king() -> None:
    reads("Ah Qh Jh Th 9h Kc", "FLUSH", "STRAIGHT")


def test_table1_flush_aq8752_pays_a_second_flush() -> None:
    reads("Ah Qh 8h 7h 5h 2h", "FLUSH", "FLUSH")


def test_table1_full_house_aaa99k_pays_a_second_ace_king() -> None:
    reads("As Ad Ah 9c 9s Kd", "FULL_HOUSE", "ACE_KING")


def test_table1_full_house_qqq444_pays_a_second_full_house_444qq() -> None:
    # QQQ44 is the primary; 444QQ (or QQQ with the other two fours) uses the four it leaves
    # out: a full house beats the trips 444 it contains. Every such full house pays alike.
    reads("Qs Qd Qh 4c 4s 4d", "FULL_HOUSE", "FULL_HOUSE")
    reading = read_hand("Qs Qd Qh 4c 4s 4d")
    assert set(parse_cards("4c 4s 4d")) - set(reading.primary_cards) <= set(reading.second_cards)


def test_table1_four_of_a_kind_kkkka_pays_ace_king_with_the_unused_ace() -> None:
    reads("Ks Kd Kh Kc As", "FOUR_OF_A_KIND", "ACE_KING")


def test_table1_four_of_a_kind_9999jj_pays_a_full_house_999jj() -> None:
    # The full house 999JJ's own cards include the jacks, which the four nines do not use;
    # it pays more than the pair of jacks or the two pair 99JJ.
    reads("9s 9d 9h 9c Js Jd", "FOUR_OF_A_KIND", "FULL_HOUSE")


def test_table1_straight_flush_5432a_k_pays_ace_king_with_an_off_suit_king() -> None:
    reads("5h 4h 3h 2h Ah Kc", "STRAIGHT_FLUSH", "ACE_KING")


def test_table1_straight_flush_j10987_q_pays_a_straight_with_an_off_suit_queen() -> None:
    reads("Jh Th 9h 8h 7h Qc", "STRAIGHT_FLUSH", "STRAIGHT")


def test_table1_straight_flush_j10987_9_pays_a_straight_with_the_off_suit_nine() -> None:
    # J-10-9-8-7 with the other nine is a straight of its own, which pays more than the nines.
    reads("Jh Th 9h 8h 7h 9c", "STRAIGHT_FLUSH", "STRAIGHT")


def test_table1_straight_flush_j10987a_pays_a_flush_with_a_suited_ace() -> None:
    reads("Jh Th 9h 8h 7h Ah", "STRAIGHT_FLUSH", "FLUSH")


def test_table1_straight_flush_j109876_pays_a_second_straight_flush() -> None:
    reads("Jh Th 9h 8h 7h 6h", "STRAIGHT_FLUSH", "STRAIGHT_FLUSH")


def test_table1_royal_flush_akqj10_9_pays_a_straight_with_an_off_suit_nine() -> None:
    reads("Ah Kh Qh Jh Th 9c", "ROYAL_FLUSH", "STRAIGHT")


def test_table1_royal_flush_akqj10_j_pays_a_straight_with_the_other_jack() -> None:
    reads("Ah Kh Qh Jh Th Jc", "ROYAL_FLUSH", "STRAIGHT")


def test_table1_royal_flush_akqj103_pays_a_second_flush_with_a_suited_three() -> None:
    reads("Ah Kh Qh Jh Th 3h", "ROYAL_FLUSH", "FLUSH")


def test_table1_imperial_flush_akqj109_is_one_combination_without_a_second() -> None:
    reads("Ah Kh Qh Jh Th 9h", "IMPERIAL_FLUSH", None)
    assert BET_PAYS.odds(HandClass.IMPERIAL_FLUSH) == (1000, 1)


# ---------------------------------------------------------------- the notes and point 13


def test_aakkx_pays_no_second_ace_king() -> None:
    # Note 1: "in der Hand AAKKx (Zwei Paare) würde der Ass-König nicht als zweite Kombination
    # zählen": both its cards belong to the two pair.
    reads("As Ad Ks Kd 7c", "TWO_PAIR", None)


def test_point13_ak996_is_paid_for_the_nines_and_ace_king() -> None:
    reads("Ah Kd 9s 9c 6h", "PAIR", "ACE_KING")


def test_point13_987665_after_a_buy_is_paid_for_two_straights() -> None:
    reads("9h 8d 7s 6c 6h 5d", "STRAIGHT", "STRAIGHT")


@pytest.mark.parametrize("cards", [
    "As Ad Ah Ks Kd",  # full house: its pair and trips use the ace and the king
    "Ah Kh 8h 7h 5h",  # flush: the ace and king are in it
    "Ah Kd Qs Jc Th",  # straight
    "Ah Kh Qh Jh Th",  # royal flush
    "Qs Qd 5h 5c 3s",  # two pair with a kicker: no other combination
    "As Kd 9h 6c 2s",  # Ace-King alone
])
def test_five_cards_have_no_second_combination_but_ace_king(cards: str) -> None:
    # Note 2: with five cards the only possible second combination is Ace-King, and only beside
    # a pair, two pair, three or four of a kind.
    assert combinations(cards)[1] is None


def test_a_high_card_without_ace_king_pays_nothing() -> None:
    reads("As Qd 9h 6c 2s", None, None)
    reads("Ks Qd 9h 6c 2s 3d", None, None)


def test_a_royal_flush_with_the_suited_nine_is_the_imperial_flush() -> None:
    # Note 3 and RULES.md: "Royal flush plus the suited 9 counts as the Imperial Flush", also
    # read as a 9-to-K straight flush with the suited ace.
    assert is_imperial_flush(parse_cards("Ks Qs Js Ts 9s As"))
    assert not is_imperial_flush(parse_cards("Ks Qs Js Ts 9s 8s"))
    assert not is_imperial_flush(parse_cards("Ks Qs Js Ts 9s Ah"))
    assert not is_imperial_flush(parse_cards("As Ks Qs Js Ts"))


def test_the_imperial_flush_beats_a_royal_flush_as_a_hand() -> None:
    imperial = hand_value(parse_cards("Ah Kh Qh Jh Th 9h"))
    assert imperial == IMPERIAL_FLUSH_VALUE > evaluate_rank(parse_cards("As Ks Qs Js Ts"))
    assert hand_class(imperial) is HandClass.IMPERIAL_FLUSH
    assert IMPERIAL.hand_value(parse_cards("Ah Kh Qh Jh Th 9c")) == evaluate_rank(
        parse_cards("Ah Kh Qh Jh Th"))


def test_hand_names_show_both_combinations() -> None:
    assert hand_text("Ah Kd 9s 9c 6h") == "Pair of Nines + Ace-King"
    assert hand_text("Ah Kh Qh Jh Th 9h") == "Imperial Flush"
    assert hand_text("As Kd 9h 6c 2s") == "Ace-King"
    assert hand_text("Qs Qd Qh 4c 4s 4d") == "Full House, Queens full of Fours + Full House"


def test_the_bet_pays_primary_and_second_per_table_2() -> None:
    pays = IMPERIAL.bet_pays
    for cards, won in [("Ah Kd 9s 9c 6h", 20 + 20), ("9h 8d 7s 6c 6h 5d", 80 + 80),
                       ("9s 9d 9h 9c Js Jd", 400 + 140), ("Ah Kh Qh Jh Th 9h", 20_000),
                       ("As Ad Ks Kd 7c", 40), ("As Kd 9h 6c 2s", 20)]:
        hand = parse_cards(cards)
        assert pays.winnings(hand, hand_value(hand), 20) == won, cards


# ----------------------------------------------------------- an independent brute force


def _kind(cards: tuple[Card, ...]) -> HandClass:
    """What exactly these cards make as one combination with no kicker (NOTHING otherwise)."""
    ranks = sorted((card.rank for card in cards), reverse=True)
    counts = sorted((ranks.count(rank) for rank in set(ranks)), reverse=True)
    if len(cards) == 2:
        if ranks == [14, 13]:
            return HandClass.ACE_KING
        return HandClass.PAIR if counts == [2] else HandClass.NOTHING
    if len(cards) == 3:
        return HandClass.THREE_OF_A_KIND if counts == [3] else HandClass.NOTHING
    if len(cards) == 4:
        if counts == [4]:
            return HandClass.FOUR_OF_A_KIND
        return HandClass.TWO_PAIR if counts == [2, 2] else HandClass.NOTHING
    cls = hand_class(evaluate_rank(cards))
    five_card_kinds = (HandClass.STRAIGHT, HandClass.FLUSH, HandClass.FULL_HOUSE,
                       HandClass.STRAIGHT_FLUSH, HandClass.ROYAL_FLUSH)
    return cls if cls in five_card_kinds else HandClass.NOTHING


def _brute_force(hand: list[Card]) -> tuple[HandClass, HandClass]:
    """Every subset that is a combination; the primary's sets are those of its class whose ranks
    are the best five's used ranks; the best second has a card outside one of them."""
    if is_imperial_flush(hand):
        return HandClass.IMPERIAL_FLUSH, HandClass.NOTHING
    combos = [(_kind(cards), cards) for size in range(2, 6) for cards in subsets(hand, size)]
    combos = [(kind, cards) for kind, cards in combos if kind]
    if not combos:
        return HandClass.NOTHING, HandClass.NOTHING
    primary = read_hand(hand).primary
    assert primary == max(kind for kind, _ in combos)
    ranks = sorted(card.rank for card in read_hand(hand).primary_cards)
    best = HandClass.NOTHING
    for kind, used in combos:
        if kind == primary and sorted(card.rank for card in used) == ranks:
            for other, cards in combos:
                if not set(cards) <= set(used):
                    best = max(best, other)
    return primary, best


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=6, unique=True))
def test_the_reading_agrees_with_a_brute_force_over_every_subset_of_cards(hand: list[Card]) -> None:
    reading = read_hand(hand)
    assert (reading.primary, reading.second) == _brute_force(hand)
    if reading.second:
        assert not set(reading.second_cards) <= set(reading.primary_cards)
        assert reading.second <= reading.primary
    if len(hand) == 5 and reading.second:
        assert reading.second is HandClass.ACE_KING


CROWDED = [Card(f"{rank}{suit}") for rank in "A2345789TJQK" for suit in "hs"]
"""Two suits of twelve ranks: six of these cards often hold flushes, straights (the wheel too),
straight flushes, Imperial Flushes and pairs at once."""


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(CROWDED), min_size=6, max_size=6, unique=True))
def test_crowded_hands_read_like_the_brute_force(hand: list[Card]) -> None:
    reading = read_hand(hand)
    assert (reading.primary, reading.second) == _brute_force(hand)
