"""High Card Flush's moves: the legal moves a seat is shown (Deal next hand, the bank's offer,
the Ante and each bonus with the chips they may take, a Raise with the multiples its flush
allows) are exactly what the hand's own checks accept, at every step of random hands; the
chip checks the table made before are the engine's now (a seat with an empty stack is told to
buy in, with the table's command)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.common import TableWordsError
from bot.games.hcf import HCFOptions, HCFRound, moves
from bot.games.hcf.hands import RAISE_MULTIPLES
from bot.poker import parse_cards
from tests.moves_helpers import (
    Key,
    Probe,
    assert_legal_moves_are_what_the_engine_accepts,
    play_checking_every_step,
)

SEATS = (1, 2, 3)
STACKS = {1: 2_000, 2: 400, 3: 0}  # 1 may bank; 3 has nothing to play with
OPTIONS = HCFOptions(min_ante=10, max_ante=100, bank_minimum=1_000)
PROBES: dict[Key, Probe] = {
    "start": lambda _: moves.OpenHand(), "ante": moves.Ante,
    ("bonus", "straight_flush"): lambda amount: moves.PlaceBonuses(straight_flush=amount),
    ("bonus", "flush"): lambda amount: moves.PlaceBonuses(flush=amount),
    "rebet": lambda amount: moves.Rebet(10 + amount), "clear": lambda _: moves.Clear(),
    "accept": lambda _: moves.Accept(), "decline": lambda _: moves.Decline(), "raise": moves.Raise,
    "fold": lambda _: moves.Fold(),
}
KEYS = sorted(((key, None) if isinstance(key, str) else key for key in PROBES), key=str)


def new_hand() -> HCFRound:
    return HCFRound.open(OPTIONS, SEATS, STACKS)


def check(state: HCFRound) -> None:
    assert_legal_moves_are_what_the_engine_accepts(state, SEATS, PROBES, copy.deepcopy,
                                                   remembered=frozenset({"rebet"}))


def expire_betting(state: HCFRound, deck: list[Any]) -> None:
    """The offer's timers run out, then the betting window's (dealing ``deck``)."""
    while state.offering:
        state.expire(lambda: deck)
    state.expire(lambda: deck)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(KEYS), st.integers(0, 120)), max_size=16),
       st.integers(0, 2**32))
def test_legal_moves_match_the_engine_at_every_step(steps: list[tuple[int, Any, int]], seed: int) -> None:
    play_checking_every_step(new_hand(), steps, seed, PROBES, check, close_at=len(steps) // 2,
                             close=expire_betting)


def test_the_offer_the_bets_and_a_raise_are_offered_from_the_engines_own_limits() -> None:
    state = new_hand()
    assert {option.kind for option in state.legal_moves(1)} >= {"start", "accept", "decline", "ante"}
    assert "accept" not in {option.kind for option in state.legal_moves(2)}  # 400 may not bank
    ante = next(option for option in state.legal_moves(2) if option.kind == "ante")
    assert (ante.least, ante.most) == (10, 100)
    state.apply(1, moves.Accept())
    state.apply(2, moves.Ante(10))
    state.expire(lambda: parse_cards("As Ks Qs Js 9s 2s 3d " "2c 3c 4c 5d 6d 8h 9h"))
    raises = next(option for option in state.legal_moves(2) if option.kind == "raise")
    assert raises.choices == RAISE_MULTIPLES[::-1]  # a six-card flush may raise 3x, 2x or 1x
    check(state)


def test_an_empty_stack_is_told_to_buy_in_and_a_bet_before_the_offer_declines_the_bank() -> None:
    state = new_hand()
    with pytest.raises(TableWordsError, match="no chips at this table"):
        state.apply(3, moves.OpenHand())
    with pytest.raises(TableWordsError, match="stack was empty when this hand began"):
        state.apply(3, moves.Ante(10))
    moved = state.apply(1, moves.Ante(20))  # 1 was to be asked: betting declines the bank
    assert moved.note == "you play, so you declined the bank" and not state.offering
    assert {move.kind for move in moves.MOVE_TYPES} == {
        key if isinstance(key, str) else key[0] for key in PROBES}
