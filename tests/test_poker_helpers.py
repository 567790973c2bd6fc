"""Helpers for High Card Flush, dealer qualification and Imperial's second combination."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.poker import Card, CardError, parse_cards
from bot.poker.helpers import (
    Combo,
    ComboKind,
    find_combinations,
    has_ace_king,
    longest_flush,
    longest_straight_flush_run,
    primary_combination,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# --- High Card Flush ------------------------------------------------------------------------------


def test_longest_flush_counts_cards_first() -> None:
    assert longest_flush("9s 8s 7s 6s Ac Kd Qh") == ("s", (9, 8, 7, 6))
    assert longest_flush("2h 3h 4h 5h 6h 7h 8h") == ("h", (8, 7, 6, 5, 4, 3, 2))


def test_longest_flush_breaks_length_ties_card_by_card() -> None:
    # Three hearts and three diamonds: A-7-3 beats K-Q-J because the first card decides.
    assert longest_flush("Ah 7h 3h Kd Qd Jd 2c") == ("h", (14, 7, 3))
    assert longest_flush("Ah 7h 3h Ad 8d 2d 2c") == ("d", (14, 8, 2))


def test_longest_flush_of_equal_ranks_takes_the_first_suit() -> None:
    assert longest_flush("Ac Kc Ad Kd 2h 3s 4s") == ("c", (14, 13))


def test_flush_strengths_compare_by_length_then_ranks() -> None:
    def strength(text: str) -> tuple[int, tuple[int, ...]]:
        ranks = longest_flush(text)[1]
        return len(ranks), ranks

    assert strength("2c 3c 4c 5c 9d Th Js") > strength("Ac Kc Qc 2d 3d 4h 5s")
    assert strength("9c 3c 2c Ad Kd Qh Js") > strength("8c 7c 6c Ad Kd 9h Js")


def test_longest_flush_needs_cards() -> None:
    with pytest.raises(CardError):
        longest_flush([])


@pytest.mark.parametrize(
    ("hand", "run"),
    [
        ("Ah 2h 3h 9c 9d Kd Qs", (3, 3)),  # A-2-3: the ace plays low, top card 3
        ("Qh Kh Ah 2h 5c 7d 9s", (3, 14)),  # Q-K-A; K-A-2 does not wrap around
        ("Ah 2h 3h Qh Kh 7d 9s", (3, 14)),  # two runs of three: the higher top wins
        ("2h 3h 4h 5h 6h 7h 8h", (7, 8)),
        ("4c 5c 6c 9d Td Jd 2s", (3, 11)),
        ("4c 5c 6c 7c Td Jd Qd", (4, 7)),
        ("2c 4d 6h 8s Tc Qd As", (1, 14)),  # no two suited cards touch
        ("Tc Jd Qh Ks Ac 2d 3h", (1, 14)),  # a straight in mixed suits is no run
    ],
)
def test_longest_straight_flush_run(hand: str, run: tuple[int, int]) -> None:
    assert longest_straight_flush_run(hand) == run


def test_a_whole_suit_is_a_run_of_thirteen() -> None:
    assert longest_straight_flush_run("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As") == (13, 14)


# --- Ace-King -------------------------------------------------------------------------------------


def test_has_ace_king() -> None:
    assert has_ace_king("As 9c Kd 4h 2c")
    assert not has_ace_king("As Ad Qc Jh 9c")
    assert not has_ace_king("Ks Kd Qc Jh 9c")


# --- Combinations ---------------------------------------------------------------------------------


def test_primary_combination_uses_no_kickers() -> None:
    assert primary_combination("5c 5d Ah Ks 8d") == Combo(ComboKind.PAIR, cards("5d 5c"))
    assert primary_combination("Ac Ad Kh Ks 7d") == Combo(ComboKind.TWO_PAIR, cards("Ad Ac Ks Kh"))
    assert primary_combination("2c 2d 2h As Kd") == Combo(ComboKind.TRIPS, cards("2h 2d 2c"))
    assert primary_combination("9c 9d 9h 9s Jd Jc") == Combo(ComboKind.QUADS, cards("9s 9h 9d 9c"))
    assert primary_combination("Ah Kd 9c 7s 3h") == Combo(ComboKind.ACE_KING, cards("Ah Kd"))
    assert primary_combination("Qh Jd 9c 7s 3h") is None


def test_primary_combination_of_five_card_hands_uses_all_five() -> None:
    straight = primary_combination("5d 4c 3h 2s Ah Kc")
    assert straight == Combo(ComboKind.STRAIGHT, cards("5d 4c 3h 2s Ah"))
    royal = primary_combination("As Ks Qs Js Ts 9d")
    assert royal == Combo(ComboKind.ROYAL_FLUSH, cards("As Ks Qs Js Ts"))


def test_find_combinations_lists_each_card_set_with_its_cards() -> None:
    assert find_combinations("Ah Ad Kc 7s 2h") == [
        Combo(ComboKind.PAIR, cards("Ah Ad")),
        Combo(ComboKind.ACE_KING, cards("Ah Kc")),
        Combo(ComboKind.ACE_KING, cards("Ad Kc")),
    ]


def test_a_straight_flush_is_listed_once_not_also_as_straight_and_flush() -> None:
    assert find_combinations("6c 5c 4c 3c 2c") == [
        Combo(ComboKind.STRAIGHT_FLUSH, cards("6c 5c 4c 3c 2c")),
    ]
    assert find_combinations("5d 4d 3d 2d Ad") == [
        Combo(ComboKind.STRAIGHT_FLUSH, cards("5d 4d 3d 2d Ad")),
    ]


def test_find_combinations_counts_every_card_set() -> None:
    kinds = Counter(combo.kind for combo in find_combinations("Qc Qd Qh 4c 4d 4h"))
    # Each trips with each pair of the other rank: 3 + 3 full houses; pairs 3 + 3; two pair 3 x 3.
    assert kinds == {
        ComboKind.FULL_HOUSE: 6, ComboKind.TRIPS: 2, ComboKind.TWO_PAIR: 9, ComboKind.PAIR: 6,
    }  # fmt: skip


def test_find_combinations_strongest_first() -> None:
    found = find_combinations("Jc Td 9h 8s 7c 6d")
    assert [combo.kind for combo in found] == [ComboKind.STRAIGHT, ComboKind.STRAIGHT]
    assert [combo.cards[0].rank for combo in found] == [11, 10]
    wheel_and_six = find_combinations("6h 5d 4c 3h 2s Ah")
    assert wheel_and_six[-1].cards == cards("5d 4c 3h 2s Ah")


def _second_candidates(text: str) -> list[Combo]:
    """The combinations that use a card the primary one does not (Imperial's second combination)."""
    primary = primary_combination(text)
    assert primary is not None
    return [combo for combo in find_combinations(text) if combo.uses_card_outside(primary.cards)]


def test_second_combination_candidates_follow_the_used_cards_rule() -> None:
    # Examples from Imperial's Table 1 (RULES.md). Which candidate pays is Imperial's rule; here
    # only that each example's second combination is found with a card outside the primary.
    assert Combo(ComboKind.ACE_KING, cards("Ah Ks")) in _second_candidates("5c 5d Ah Ks 8d")
    assert Combo(ComboKind.ACE_KING, cards("Ac Kh")) in _second_candidates("Ac Ad Kh 9c 6d")
    assert Combo(ComboKind.ACE_KING, cards("As Kd")) in _second_candidates("2c 2d 2h As Kd")
    assert Combo(ComboKind.ACE_KING, cards("Ah Kc")) in _second_candidates("5d 4c 3h 2s Ah Kc")
    second_straight = Combo(ComboKind.STRAIGHT, cards("Td 9h 8s 7c 6d"))
    assert second_straight in _second_candidates("Jc Td 9h 8s 7c 6d")
    assert Combo(ComboKind.PAIR, cards("9h 9d")) in _second_candidates("Jc Td 9h 8s 7c 9d")
    second_flush = Combo(ComboKind.FLUSH, cards("Ah Qh 8h 7h 2h"))
    assert second_flush in _second_candidates("Ah Qh 8h 7h 5h 2h")
    a_high = Combo(ComboKind.STRAIGHT, cards("Ah Kc Qh Jh Th"))
    assert a_high in _second_candidates("Ah Qh Jh Th 9h Kc")
    assert Combo(ComboKind.PAIR, cards("Jd Jc")) in _second_candidates("9c 9d 9h 9s Jd Jc")
    # The primary full house holds 4h 4d, so only pairs with the 4c count.
    assert Combo(ComboKind.PAIR, cards("4d 4c")) in _second_candidates("Qc Qd Qh 4c 4d 4h")
    assert Combo(ComboKind.PAIR, cards("4h 4d")) not in _second_candidates("Qc Qd Qh 4c 4d 4h")
    king_high = Combo(ComboKind.STRAIGHT, cards("Ks Qs Js Ts 9d"))
    assert king_high in _second_candidates("As Ks Qs Js Ts 9d")
    second_straight_flush = Combo(ComboKind.STRAIGHT_FLUSH, cards("Th 9h 8h 7h 6h"))
    assert second_straight_flush in _second_candidates("Jh Th 9h 8h 7h 6h")


def test_candidates_never_include_the_primary_cards_alone() -> None:
    primary = primary_combination("Jh Th 9h 8h 7h 6h")
    assert primary is not None
    assert primary not in _second_candidates("Jh Th 9h 8h 7h 6h")
    for combo in _second_candidates("Jh Th 9h 8h 7h 6h"):
        assert set(combo.cards) - set(primary.cards)


def test_two_pair_of_aces_and_kings_has_no_second_ace_king() -> None:
    candidates = _second_candidates("Ac Ad Kh Ks 7d")
    assert all(combo.kind is not ComboKind.ACE_KING for combo in candidates)
    assert candidates == []
