"""The boxed games' moves (2 Plus 4 and Imperial Poker): the legal moves a seat is shown (each
box's Ante and bonus with the chips they may take, the open-box counts, Buy, Bet with its
optional insurance, insurance after a forced Bet, the exchange's boxes, Imperial's Draw with
the most cards it may take) are exactly what the engine's own checks accept, at every step of
random rounds; and worked rounds reach the moves a random one rarely does."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.boxed import BoxedOptions, BoxedState, Phase, moves
from bot.games.imperial import new_round as imperial_round
from bot.games.imperial.moves import DrawCards
from bot.games.moves import MoveOption
from bot.games.twoplusfour.rules import new_round as two_plus_four_round
from bot.poker import FULL_DECK
from tests.boxed_decks import FixedDecks
from tests.moves_helpers import (
    Key,
    Probe,
    assert_legal_moves_are_what_the_engine_accepts,
    play_checking_every_step,
)

SEATS = (1, 2)
BOXES = (1, 2, 3, 4)
OPTIONS = BoxedOptions(min_ante=10, max_ante=100, smallest_chip=5)
REMEMBERED = frozenset({"rebet"})
BOX_PROBES: dict[Key, Probe] = {
    **{("ante", box): lambda amount, box=box: moves.BoxAnte(box, amount) for box in BOXES},
    **{("bonus", box): lambda amount, box=box: moves.BoxBonus(box, amount) for box in BOXES},
    **{("insure", box): lambda amount, box=box: moves.Insure(box, amount) for box in BOXES},
    **{("exchange", box): lambda _, box=box: moves.PickExchange(box) for box in BOXES},
    "rebet": lambda amount: moves.Rebet({1: (amount, 0)}), "open": moves.OpenBoxes,
    "undo": lambda _: moves.Undo(), "clear": lambda _: moves.Clear(), "buy": lambda _: moves.Buy(),
    "bet": moves.Bet, "fold": lambda _: moves.Fold(), "goon": lambda _: moves.GoOn(),
}


def imperial_probes(state: Any, seat: int) -> Mapping[Key, Probe]:
    """The boxed probes and a Draw of the first cards of the box on turn (more than it holds:
    a card it does not hold, which the engine refuses)."""
    player = state.seats.get(seat)
    held = tuple(player.current.cards) if player is not None and player.current is not None else ()
    stranger = next(card for card in FULL_DECK if card not in held)

    def draw(count: int) -> DrawCards:
        return DrawCards(held[:count] if count <= len(held) else (*held, stranger))
    return {**BOX_PROBES, "draw": draw}


GAMES: dict[str, tuple[Callable[[BoxedOptions], BoxedState], Any]] = {
    "twoplusfour": (two_plus_four_round, BOX_PROBES), "imperial": (imperial_round, imperial_probes),
}


def checker(game: str) -> Callable[[BoxedState], None]:
    probes = GAMES[game][1]
    return lambda state: assert_legal_moves_are_what_the_engine_accepts(
        state, SEATS, probes, copy.deepcopy, remembered=REMEMBERED)


KEYS = sorted((key, None) if isinstance(key, str) else key for key in (*BOX_PROBES, "draw"))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(GAMES)),
       st.lists(st.tuples(st.sampled_from(SEATS), st.sampled_from(KEYS), st.integers(0, 60)), max_size=24),
       st.integers(0, 2**32))
def test_legal_moves_match_the_engine_at_every_step(game: str, steps: list[tuple[int, Any, int]],
                                                    seed: int) -> None:
    new_round, probes = GAMES[game]
    if game != "imperial":
        steps = [step for step in steps if step[1][0] != "draw"]
    # Antes of 10 to 60 chips stand when the window closes; the deal comes a third of the way in.
    play_checking_every_step(new_round(OPTIONS), [(seat, key, amount) for seat, key, amount in steps],
                             seed, probes, checker(game), close_at=len(steps) // 3)


ACE_KING = "Ah Kd 9h Js 4c 3d"  # the dealer qualifies; the face-up cards show no pair
TWO_PLUS_FOUR = FixedDecks(two_plus_four_round, dealer_cards=6, default_options=OPTIONS)
IMPERIAL = FixedDecks(imperial_round, dealer_cards=5, default_options=OPTIONS)


def offered(state: BoxedState, seat: int = 1) -> dict[tuple[str, int | None], MoveOption]:
    return {(option.kind, option.box): option for option in state.legal_moves(seat)}


def test_a_box_ante_offers_what_the_factor_of_five_and_the_maximum_allow() -> None:
    state = two_plus_four_round(OPTIONS)
    state.apply(1, moves.BoxAnte(1, 50))
    ante = offered(state)
    assert (ante["ante", 1].least, ante["ante", 1].most) == (1, 50)  # up to the maximum of 100
    assert (ante["ante", 2].least, ante["ante", 2].most) == (10, 100)  # 50 / 5 up to the maximum
    checker("twoplusfour")(state)


def test_a_bet_offers_its_optional_insurance_and_a_forced_bet_the_insurance_alone() -> None:
    state = TWO_PLUS_FOUR.one_box("6c 6d 6s Ks 2d", ACE_KING)
    bet = offered(state)["bet", None]
    assert (bet.least, bet.most, bet.optional) == (10, 60, True) and bet.allows(0) and not bet.allows(5)
    checker("twoplusfour")(state)
    state = TWO_PLUS_FOUR.one_box("Qc Qs 8d 5h 2d", ACE_KING, draws="Qd")
    state.apply(1, moves.Buy())  # trips after the Buy, and the BET placed with it
    assert set(offered(state)) == {("insure", 1), ("goon", None)}
    checker("twoplusfour")(state)


def test_the_exchange_offers_the_boxes_that_may_ask_and_go_on() -> None:
    state = TWO_PLUS_FOUR.one_box("6c 6d 5s Ks 2d", "2c 7d 9h Js 4c 3d", draws="Ac")  # Jack high
    state.apply(1, moves.Bet())
    assert state.phase is Phase.EXCHANGE
    assert set(offered(state)) == {("exchange", 1), ("goon", None)}
    checker("twoplusfour")(state)


def test_imperials_draw_offers_the_whole_hand_then_one_card() -> None:
    state = IMPERIAL.one_box("6c 6d 5s Ks 2d", "2c 7d Qh Js 9c", draws="3c 4c")
    assert (offered(state)["draw", None].least, offered(state)["draw", None].most) == (1, 5)
    state.apply(1, DrawCards(tuple(state.seats[1].boxes[1].cards[2:3])))
    assert offered(state)["draw", None].most == 1 and ("buy", None) not in offered(state)
    checker("imperial")(state)
    assert [move.kind for move in moves.MOVE_TYPES] == [
        "ante", "bonus", "rebet", "open", "undo", "clear", "buy", "bet", "fold", "insure", "exchange", "goon"]
