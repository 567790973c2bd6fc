"""Three Card Poker's moves: the legal moves a seat is shown are exactly what the engine's own
checks accept, at every point of random rounds, and applying a move is the action."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.threecard import moves
from bot.games.threecard.rules import ThreeCardOptions
from bot.games.threecard.state import ThreeCardBets, ThreeCardState
from bot.poker import FULL_DECK
from tests.moves_helpers import assert_legal_moves_are_what_the_engine_accepts, play_checking_every_step

SEATS = (1, 2, 3)
OPTIONS = ThreeCardOptions(min_bet=10, max_bet=100, max_seats=2)
KINDS = ("ante", "pairplus", "rebet", "undo", "clear", "play", "fold")


PROBES = {"ante": moves.Ante, "pairplus": moves.PairPlus, "rebet": lambda _: moves.Rebet(10, 0),
          "undo": lambda _: moves.Undo(), "clear": lambda _: moves.Clear(), "play": lambda _: moves.Play(),
          "fold": lambda _: moves.Fold()}


def check(state: ThreeCardState) -> None:
    assert_legal_moves_are_what_the_engine_accepts(
        state, SEATS, PROBES, lambda state: ThreeCardState.from_dict(state.to_dict()))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(KINDS), st.integers(1, 120)),
                max_size=12), st.integers(0, 2**32))
def test_legal_moves_match_the_engine_at_every_step(steps: list[tuple[int, str, int]], seed: int) -> None:
    steps = [(seat, kind, amount) for seat, kind, amount in steps]
    play_checking_every_step(ThreeCardState(OPTIONS), steps, seed, PROBES, check, close_at=len(steps) // 2)


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
