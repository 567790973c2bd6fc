"""Ultimate Texas Hold'em's moves: the legal moves a seat is shown (a Raise with the multiples
of its street) are exactly what the engine's own checks accept, at every step of random rounds
through every street; a decision repeats by its street's key."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.uth import moves
from bot.games.uth.rules import RAISE_MULTIPLES, Phase, UTHOptions
from bot.games.uth.state import UTHState
from bot.poker import FULL_DECK
from tests.moves_helpers import assert_legal_moves_are_what_the_engine_accepts, play_checking_every_step

SEATS = (1, 2, 3)
OPTIONS = UTHOptions(min_bet=10, max_bet=100, max_seats=2)
PROBES = {"ante": moves.Ante, "trips": moves.Trips, "rebet": lambda _: moves.Rebet(10, 0),
          "double": lambda _: moves.Double(), "undo": lambda _: moves.Undo(),
          "clear": lambda _: moves.Clear(), "raise": moves.Raise, "check": lambda _: moves.Check(),
          "fold": lambda _: moves.Fold()}


def check(state: UTHState) -> None:
    assert_legal_moves_are_what_the_engine_accepts(state, SEATS, PROBES,
                                                   lambda state: UTHState.from_dict(state.to_dict()))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(sorted(PROBES)), st.integers(1, 120)),
                max_size=16), st.integers(0, 2**32))
def test_legal_moves_match_the_engine_at_every_step(steps: list[tuple[int, str, int]], seed: int) -> None:
    steps = [(seat, kind, amount % 5) for seat, kind, amount in steps]
    play_checking_every_step(UTHState(OPTIONS), steps, seed, PROBES, check, close_at=len(steps) // 3)


def test_a_raise_offers_its_streets_multiples_and_a_decision_repeats_by_its_street() -> None:
    state = UTHState(OPTIONS)
    state.apply(1, moves.Ante(10))
    state.close_betting()
    state.deal(FULL_DECK)
    raises = [option for option in state.legal_moves(1) if option.kind == "raise"]
    assert [option.choices for option in raises] == [RAISE_MULTIPLES[Phase.PREFLOP]]
    checked = state.apply(1, moves.Check())
    assert checked.repeat_key == "decide:preflop:1" and state.phase is Phase.FLOP
    assert [o.choices for o in state.legal_moves(1) if o.kind == "raise"] == [RAISE_MULTIPLES[Phase.FLOP]]
    assert [move.kind for move in moves.MOVE_TYPES] == list(PROBES)
