"""Three Card Poker's moves: the legal moves a seat is shown are exactly what the engine's own
checks accept, at every point of random rounds, and applying a move is the action."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.common import RuleError
from bot.games.threecard import moves
from bot.games.threecard.rules import ThreeCardOptions
from bot.games.threecard.state import ThreeCardBets, ThreeCardState
from bot.poker import FULL_DECK

SEATS = (1, 2, 3)
OPTIONS = ThreeCardOptions(min_bet=10, max_bet=100, max_seats=2)
KINDS = ("ante", "pairplus", "rebet", "undo", "clear", "play", "fold")


def accepted(state: ThreeCardState, seat: int, kind: str) -> bool:
    """Whether the engine's own action (on a copy) takes ``kind`` from ``seat`` now, with a
    chip move of 1 chip."""
    trial = ThreeCardState.from_dict(state.to_dict())
    move = {"ante": moves.Ante(1), "pairplus": moves.PairPlus(1), "rebet": moves.Rebet(10, 0),
            "undo": moves.Undo(), "clear": moves.Clear(), "play": moves.Play(), "fold": moves.Fold()}[kind]
    try:
        trial.apply(seat, move)
    except RuleError:
        return False
    return True


def assert_legal_moves_are_what_the_engine_accepts(state: ThreeCardState) -> None:
    for seat in SEATS:
        legal = {option.kind: option for option in state.legal_moves(seat)}
        assert set(legal) == {kind for kind in KINDS if accepted(state, seat, kind)}, (seat, legal)
        for kind in ("ante", "pairplus"):
            if kind in legal:  # the most it takes is taken, one chip more is refused
                most = legal[kind].most
                assert most is not None
                trial = ThreeCardState.from_dict(state.to_dict())
                move = moves.Ante(most) if kind == "ante" else moves.PairPlus(most)
                trial.apply(seat, move)
                refused = ThreeCardState.from_dict(state.to_dict())
                try:
                    refused.apply(seat, moves.Ante(most + 1) if kind == "ante" else moves.PairPlus(most + 1))
                except RuleError:
                    continue
                raise AssertionError(f"{kind} took {most + 1}, over the most it offered")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(KINDS), st.integers(1, 120)),
                max_size=12), st.integers(0, 2**32))
def test_legal_moves_match_the_engine_at_every_step(steps: list[tuple[int, str, int]], seed: int) -> None:
    state = ThreeCardState(OPTIONS)
    for index, (seat, kind, amount) in enumerate(steps):
        assert_legal_moves_are_what_the_engine_accepts(state)
        if index == len(steps) // 2 and state.can_close_betting():
            state.close_betting()
            if state.can_deal():
                state.deal(random.Random(seed).sample(FULL_DECK, len(FULL_DECK)))
            continue
        move = {"ante": moves.Ante(amount), "pairplus": moves.PairPlus(amount),
                "rebet": moves.Rebet(10, amount % 3 * 10), "undo": moves.Undo(), "clear": moves.Clear(),
                "play": moves.Play(), "fold": moves.Fold()}[kind]
        try:
            state.apply(seat, move)
        except RuleError:
            pass
    assert_legal_moves_are_what_the_engine_accepts(state)


def test_a_move_is_its_action_and_a_decision_repeats_by_its_key() -> None:
    state = ThreeCardState(OPTIONS)
    placed = state.apply(1, moves.Ante(10))
    assert placed.record.kind == "bet" and placed.repeat_key is None
    assert state.bets_of(1) == ThreeCardBets(10, 0)
    state.close_betting()
    state.deal(FULL_DECK)
    assert {option.kind for option in state.legal_moves(1)} == {"play", "fold"}
    played = state.apply(1, moves.Play())
    assert played.repeat_key == "decide:1" and played.record.kind == "play"
    assert state.legal_moves(1) == ()
    assert [move.kind for move in moves.MOVE_TYPES] == list(KINDS)
