"""Chinese Poker's moves: the legal moves a player is shown (Deal, then while setting the front
and middle with the cards each takes, the auto-arrange, set, Confirm only for a hand that does
not foul, Confirm foul, declaring a natural) are exactly what the table's round accepts, at every
step of random rounds; the round the adapter used to keep is the engine's now."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.chinese import ChineseOptions, Phase, moves
from bot.games.chinese.table import ChineseTable
from bot.games.common import RuleError, TableWordsError
from bot.poker import FULL_DECK, parse_cards
from tests.moves_helpers import (
    Key,
    Probe,
    assert_legal_moves_are_what_the_engine_accepts,
    play_checking_every_step,
)

SEATS = (1, 2, 3)
STACKS = ((1, 200), (2, 200), (3, 0))  # 3 sits without chips


def new_round() -> ChineseTable:
    return ChineseTable.open(ChineseOptions(), STACKS, None, (), frozenset())


def probes(state: ChineseTable, seat: int) -> dict[Key, Probe]:
    """Parts named by the seat's own cards (another's cards where it has none), an amount
    turning them so that some sets foul and some do not."""
    hand = state.hand
    cards = hand.players[seat].cards if hand is not None and seat in hand.players and hand.players[
        seat].cards else tuple(FULL_DECK[:13])

    def turned(count: int, start: int = 0) -> tuple[Any, ...]:
        return tuple(cards[(start + index) % 13] for index in range(count))
    return {
        "deal": lambda _: moves.Deal(), "front": lambda count: moves.ChooseFront(turned(count)),
        "middle": lambda count: moves.ChooseMiddle(turned(count, 3)), "auto": lambda _: moves.AutoArrange(),
        "set": lambda turn: moves.SetHand(turned(3, turn), turned(5, turn + 3)),
        "confirm": lambda _: moves.Confirm(), "confirmfoul": lambda _: moves.ConfirmFoul(),
        "declare": lambda _: moves.Declare(),
    }


def check(state: ChineseTable) -> None:
    assert_legal_moves_are_what_the_engine_accepts(state, SEATS, probes, copy.deepcopy)


def deal_cards(state: ChineseTable, deck: list[Any]) -> None:
    if state.hand is not None and state.hand.phase is Phase.DEALING:
        state.deal_cards(deck)


KINDS = [move.kind for move in moves.MOVE_TYPES]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(KINDS), st.integers(0, 12)), max_size=16),
       st.integers(0, 2**32))
def test_legal_moves_match_the_engine_at_every_step(steps: list[tuple[int, str, int]], seed: int) -> None:
    steps = [(1, "deal", 0), *steps]  # most rounds are dealt, so that the setting is checked
    play_checking_every_step(new_round(), steps, seed, probes, check, close_at=1, close=deal_cards)


def test_confirm_refuses_a_fouled_hand_naming_the_tables_confirm_foul() -> None:
    state = new_round()
    state.apply(1, moves.Deal())
    state.deal_cards(FULL_DECK)  # seat 1: 5c, four 4s, four 3s, four 2s
    # Trips in front over two pair in the middle: a foul.
    state.apply(1, moves.SetHand(tuple(parse_cards("4s 4h 4d")), tuple(parse_cards("2s 2h 3s 3h 5c"))))
    assert {option.kind for option in state.legal_moves(1)} >= {"confirmfoul"}
    assert "confirm" not in {option.kind for option in state.legal_moves(1)}
    with pytest.raises(TableWordsError) as refused:
        state.apply(1, moves.Confirm())
    assert refused.value.buttons == {"confirm": "confirmfoul"}
    assert state.apply(1, moves.ConfirmFoul()).repeat_key == "set:1"
    with pytest.raises(RuleError):
        state.apply(1, moves.ConfirmFoul())


def test_a_seat_without_chips_is_told_the_buy_in() -> None:
    with pytest.raises(TableWordsError, match="no chips at this table") as refused:
        new_round().apply(3, moves.Deal())
    assert refused.value.commands == {"buyin": ("buyin", {"amount": 20})}  # 20 points of 1 chip
