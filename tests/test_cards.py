"""Cards: the index layout the evaluator relies on, parsing, formatting and errors."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.poker import FULL_DECK, Card, CardError, format_cards, parse_cards


def test_index_is_rank_times_four_plus_suit() -> None:
    assert int(Card("2c")) == 0
    assert int(Card("2s")) == 3
    assert int(Card("3c")) == 4
    assert int(Card("Th")) == 8 * 4 + 2
    assert int(Card("As")) == 51


def test_full_deck_is_in_index_order() -> None:
    assert list(FULL_DECK) == list(range(52))
    assert format_cards(FULL_DECK[:5]) == "2c 2d 2h 2s 3c"
    assert str(FULL_DECK[-1]) == "As"
    assert len(set(FULL_DECK)) == 52


def test_card_properties() -> None:
    card = Card("Td")
    assert (card.rank, card.suit, card.rank_char) == (10, "d", "T")
    assert str(card) == "Td"
    assert repr(card) == "Card('Td')"
    assert card.pretty == "10\u2666"
    assert Card("Ah").pretty == "A\u2665"


def test_cards_are_shared_and_compare_as_ints() -> None:
    assert Card("As") is Card(51) is Card(Card("As"))
    assert Card("As") == 51
    assert Card("Kd") < Card("Ac")
    assert hash(Card("7h")) == hash(int(Card("7h")))


@pytest.mark.parametrize("text", ["As", "as", "AS", " As ", "aS"])
def test_case_and_spaces_do_not_matter(text: str) -> None:
    assert Card(text) == Card("As")


def test_ten_reads_as_10_or_t() -> None:
    assert Card("10h") == Card("Th") == Card("th")


@pytest.mark.parametrize("bad", ["", "A", "1h", "11h", "Ax", "Zs", "10", "s"])
def test_bad_card_text_is_refused(bad: str) -> None:
    with pytest.raises(CardError):
        Card(bad)


@pytest.mark.parametrize("bad", [-1, 52, True, 1.0, None])
def test_bad_card_values_are_refused(bad: object) -> None:
    with pytest.raises(CardError):
        Card(bad)  # type: ignore[arg-type]


def test_card_error_is_a_value_error_with_a_reason() -> None:
    with pytest.raises(ValueError, match="suit must be one of"):
        Card("Ax")


@pytest.mark.parametrize(
    "text", ["As Kd Th", "AsKdTh", "As,Kd, 10h", "as kd th", "As  Kd\nTh", "AsKd10h"]
)
def test_parse_cards_reads_the_usual_forms(text: str) -> None:
    assert parse_cards(text) == [Card("As"), Card("Kd"), Card("Th")]


def test_parse_cards_takes_lists_of_cards_strings_or_indices() -> None:
    assert parse_cards([51, "Kd", Card("Th")]) == [Card("As"), Card("Kd"), Card("Th")]
    assert parse_cards([]) == []
    assert parse_cards("") == []


def test_parse_cards_refuses_repeats_unless_allowed() -> None:
    with pytest.raises(CardError, match="twice"):
        parse_cards("As Kd As")
    assert parse_cards("As As", allow_duplicates=True) == [Card("As"), Card("As")]


def test_parse_cards_reports_the_bad_card() -> None:
    with pytest.raises(CardError, match="'Xx'"):
        parse_cards("As Xx")


@given(st.lists(st.sampled_from(FULL_DECK), unique=True))
def test_format_and_parse_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


def test_cards_survive_pickle_and_copy_as_the_same_objects() -> None:
    card = Card("Qc")
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
