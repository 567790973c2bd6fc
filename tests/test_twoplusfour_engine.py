"""2 Plus 4 Poker engine: every ruling of RULES.md's "2 Plus 4 Poker" section (and the Imperial
rulings it shares), every settlement branch from a fixed deck, the betting and decision rules,
timeouts, the views' privacy and save/restore; then properties over random decks and actions.

Each test is named after the rule it proves (seed ``two-plus-four-poker.de.txt``, RULES.md).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.boxed import BoxedOptions, BoxedState, Phase
from bot.games.common import RuleError
from bot.games.twoplusfour import BET_PAYS, BONUS_PAYS, TWO_PLUS_FOUR, new_round, restore_round
from bot.poker import FULL_DECK, Card, parse_cards
from tests.boxed_decks import ANTE, FixedDecks, exchange, outcomes, returned
from tests.boxed_properties import (
    bet_layouts,
    check_settlement,
    place_layouts,
    play_out,
)

# Dealers: six cards, the first two face down, the last four face up.
NOT_QUALIFIED = "2c 7d 9h Js 4c 3d"  # Jack high, no Ace-King
ACE_KING = "Ah Kd 9h Js 4c 3d"  # A K J 9 4: qualifies; the face-up cards show no pair
QUEENS = "Qh Qd 9h 8c 4c 3d"  # a pair of queens
KINGS_UP = "2c 7d Kh Ks 4c 3d"  # a pair of kings among the face-up cards
FLUSH = "Th 2c 9h 7h 4h 3h"  # best five of six: a heart flush


DECKS = FixedDecks(new_round, dealer_cards=6)
arrange_deck, play, one_box = DECKS.arrange_deck, DECKS.play, DECKS.one_box


# ----------------------------------------------------------------------- the dealer's hand


def test_dealer_gets_six_cards_two_face_down_and_four_face_up() -> None:
    state = one_box("Kc Kd 7s 5h 2d", QUEENS)
    assert state.dealer == tuple(parse_cards(QUEENS))
    assert state.public_view().dealer == (None, None, *parse_cards("9h 8c 4c 3d"))
    state.bet(1)
    assert state.public_view().dealer == tuple(parse_cards(QUEENS))


def test_dealer_plays_the_best_five_of_six_cards() -> None:
    state = one_box("6c 6d 6h Ks 2d", FLUSH)  # trips lose to the five hearts among six cards
    state.bet(1)
    assert state.dealer_qualified() is True
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}
    assert state.public_view().dealer_hand == "Flush, Ten high"


def test_dealer_qualifies_with_ace_king_or_better() -> None:
    state = one_box("As Kc Qd 7s 2h", ACE_KING)
    state.bet(1)
    assert state.dealer_qualified() is True
    assert state.public_view().dealer_hand == "Ace-King"


def test_dealer_with_ace_king_split_between_down_and_up_cards_qualifies() -> None:
    state = one_box("Qc Qs 8d 6s 5h", "Ah 2d 9h Kc 7c 3s")
    state.bet(1)
    assert state.dealer_qualified() is True


def test_dealer_without_ace_king_or_a_pair_does_not_qualify() -> None:
    state = one_box("Kc Kd 8s 5h 2d", NOT_QUALIFIED)
    state.bet(1)
    assert state.dealer_qualified() is False


# ------------------------------------------------------------------- settlement branches


def test_dealer_not_qualified_pays_the_ante_one_to_one_and_returns_the_bet() -> None:
    state = one_box("Kc Kd 8s 5h 2d", NOT_QUALIFIED)
    state.bet(1)
    state.go_on(1)  # no exchange
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20}
    assert outcomes(state) == {"box1 ante": "win", "box1 bet": "push"}


def test_dealer_not_qualified_pays_the_ante_even_when_the_dealer_hand_is_better() -> None:
    state = one_box("Tc 8d 6s 5h 2d", NOT_QUALIFIED)  # ten high loses to jack high
    state.bet(1)
    state.go_on(1)
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20}


# (player hand, dealer, BET returned on 20, bonus returned on 10)
PAY_TABLE_ROWS = {
    "royal flush": ("As Ks Qs Js Ts", QUEENS, 20 + 2000, 10 + 10000),
    "straight flush": ("9s 8s 7s 6s 5s", QUEENS, 20 + 1000, 10 + 5000),
    "four of a kind": ("7c 7d 7h 7s 2d", QUEENS, 20 + 400, 10 + 2000),
    "full house": ("5c 5d 5h 2s 2d", QUEENS, 20 + 140, 10 + 700),
    "flush": ("Kc Jc 7c 5c 2c", QUEENS, 20 + 100, 10 + 500),
    "straight": ("9d Tc Jd Qs Kh", QUEENS, 20 + 80, 10 + 400),
    "three of a kind": ("6c 6d 6h Ks 2d", QUEENS, 20 + 60, 10 + 250),
    "two pair": ("Kc Kd 5s 5h 2d", QUEENS, 20 + 40, 0),
    "one pair": ("Kc Kd 7s 5h 2d", QUEENS, 20 + 20, 0),
    "ace-king": ("As Kc Qd 7s 2h", ACE_KING, 20 + 20, 0),
}


@pytest.mark.parametrize("row", list(PAY_TABLE_ROWS))
def test_qualified_dealer_and_player_better_pays_bet_per_table_and_ante_one_to_one(row: str) -> None:
    hand, dealer, bet_back, _ = PAY_TABLE_ROWS[row]
    state = one_box(hand, dealer)
    state.bet(1)
    assert returned(state) == {"box1 ante": 20, "box1 bet": bet_back}


@pytest.mark.parametrize("row", list(PAY_TABLE_ROWS))
def test_bonus_pays_per_the_bonus_column_on_three_of_a_kind_or_better(row: str) -> None:
    hand, dealer, _, bonus_back = PAY_TABLE_ROWS[row]
    state = one_box(hand, dealer, bonus=10)
    state.bet(1)
    assert returned(state)["box1 bonus"] == bonus_back


def test_pay_tables_are_table_1_of_the_seed_both_columns() -> None:
    assert BET_PAYS.text() == (
        "Royal Flush 100:1, Straight Flush 50:1, Four of a Kind 20:1, Full House 7:1, Flush 5:1, "
        "Straight 4:1, Three of a Kind 3:1, Two Pair 2:1, One Pair 1:1, Ace-King 1:1"
    ).replace("One Pair", "Pair")
    assert BONUS_PAYS.text() == (
        "Royal Flush 1000:1, Straight Flush 500:1, Four of a Kind 200:1, Full House 70:1, "
        "Flush 50:1, Straight 40:1, Three of a Kind 25:1"
    )


def test_qualified_dealer_better_loses_ante_and_bet() -> None:
    state = one_box("Jc Jd 7s 5h 2d", QUEENS)
    state.bet(1)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}
    assert outcomes(state) == {"box1 ante": "lose", "box1 bet": "lose"}


def test_qualified_dealer_and_tie_returns_ante_and_bet() -> None:
    state = one_box("Qc Qs 9d 8s 4h", QUEENS)  # Q Q 9 8 4 against Q Q 9 8 4
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20}
    assert outcomes(state) == {"box1 ante": "push", "box1 bet": "push"}


def test_fold_loses_the_ante_and_places_no_bet() -> None:
    state = one_box("Tc 8d 6s 5h 2d", QUEENS)
    fold = state.fold(1)
    assert fold.flows == () and fold.label == "box 1: FOLD"
    assert returned(state) == {"box1 ante": 0}
    assert outcomes(state) == {"box1 ante": "fold"}


def test_bet_is_twice_the_ante() -> None:
    state = one_box("Kc Kd 7s 5h 2d", QUEENS, ante=15)
    assert state.bet_cost(1) == 30
    record = state.bet(1)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 bet", 30)]


def test_bonus_resolves_on_the_first_five_cards_whatever_happens_later() -> None:
    folded = one_box("6c 6d 6h 3s 2d", QUEENS, bonus=10)
    folded.fold(1)
    assert returned(folded)["box1 bonus"] == 10 + 250
    # A bought sixth card that makes trips does not count for the bonus.
    bought = one_box("Qc Qs 8d 5h 2d", ACE_KING, draws="Qd", bonus=10)
    bought.buy(1)
    bought.go_on(1)
    assert returned(bought)["box1 bonus"] == 0
    assert returned(bought)["box1 bet"] == 20 + 60  # the BET is paid on all six: trips


# ----------------------------------------------------------------------------------- Buy


def test_buy_costs_one_ante_and_draws_the_next_card_from_the_deck() -> None:
    state = one_box("Kc Kd 7s 5h 2d", KINGS_UP, draws="Ac")
    assert state.can_buy(1) and state.buy_cost(1) == ANTE
    record = state.buy(1)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 buy", ANTE)]
    assert state.seats[1].boxes[1].cards[5] == Card("Ac")
    assert state.dealt_cards()[-1] == Card("Ac")
    assert not state.can_buy(1)  # once


def test_after_a_buy_the_player_may_bet_or_fold_when_the_dealer_shows_a_pair_of_kings() -> None:
    state = one_box("Jc Jd 7s 5h 2d", KINGS_UP, draws="3s")
    record = state.buy(1)
    assert record.forced_bet == 0 and not state.buy_forces_bet()
    assert state.can_bet(1) and state.can_fold(1)
    state.fold(1)
    assert returned(state) == {"box1 ante": 0, "box1 buy": 0}
    assert outcomes(state) == {"box1 ante": "fold", "box1 buy": "fee"}


def test_two_pair_among_the_face_up_cards_counts_as_a_pair_of_kings_or_better() -> None:
    state = one_box("Jc Jd 7s 6h 2d", "2c 7d 5h 5s 4c 4d", draws="3s")
    assert not state.buy_forces_bet()
    state.buy(1)
    assert state.can_fold(1)


def test_after_a_buy_the_bet_is_placed_automatically_when_the_dealer_shows_less_than_kings() -> None:
    state = one_box("Jc Jd 7s 5h 2d", "2c 7d Qh Qs 4c 3d", draws="3s")
    assert state.buy_forces_bet() and state.buy_cost(1) == 3 * ANTE
    record = state.buy(1)
    assert record.forced_bet == 20
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 bet", 20), ("box1 buy", 10)]
    assert state.phase is Phase.SETTLED  # no insurance possible on a pair: nothing to wait for
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0, "box1 buy": 0}


def test_after_a_forced_bet_insurance_may_still_be_bought_before_go_on() -> None:
    state = one_box("Qc Qs 8d 5h 2d", ACE_KING, draws="Qd")  # trips after the Buy
    state.buy(1)
    assert state.phase is Phase.DECISIONS
    assert not state.can_fold(1) and not state.can_bet(1)
    with pytest.raises(RuleError, match="insure it or Go on"):
        state.fold(1)
    assert state.insurance_range(1, 1) == (10, 60)
    record = state.insure(1, 1, 25)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 insurance", 25)]
    assert returned(state) == {"box1 ante": 20, "box1 bet": 80, "box1 buy": 0, "box1 insurance": 0}


def test_after_a_forced_bet_go_on_continues_without_insurance() -> None:
    state = one_box("Qc Qs 8d 5h 2d", ACE_KING, draws="Qd")
    state.buy(1)
    assert state.go_on(1).label == "box 1: GO ON"
    assert returned(state) == {"box1 ante": 20, "box1 bet": 80, "box1 buy": 0}


def test_there_is_no_draw_and_no_second_combination() -> None:
    assert not hasattr(new_round(), "draw")
    state = one_box("As Kc 9d 9s 2h", ACE_KING)  # a pair of nines and Ace-King: paid once
    state.bet(1)
    assert returned(state)["box1 bet"] == 20 + 20


# ------------------------------------------------------------------------------ insurance


def test_insurance_needs_three_of_a_kind_or_better() -> None:
    state = one_box("Kc Kd 7s 5h 2d", QUEENS)
    assert state.insurance_range(1, 1) is None
    with pytest.raises(RuleError, match="Three of a Kind or better"):
        state.bet(1, insurance=10)


def test_insurance_is_from_one_ante_up_to_the_bets_potential_payout() -> None:
    state = one_box("6c 6d 6h Ks 2d", QUEENS)
    assert state.insurance_range(1, 1) == (ANTE, 3 * 2 * ANTE)
    for amount in (ANTE - 1, 61):
        with pytest.raises(RuleError, match="from 10 .* to 60"):
            state.bet(1, insurance=amount)
    assert state.bet_cost(1, insurance=60) == 80


def test_insurance_is_never_above_the_tables_max_payout() -> None:
    state = one_box("7c 7d 7h 7s 2d", QUEENS, options=BoxedOptions(max_payout=150))
    assert state.insurance_range(1, 1) == (ANTE, 150)  # 20:1 on a BET of 20 would be 400


def test_insurance_pays_one_to_one_when_the_dealer_does_not_qualify() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED)
    state.bet(1, insurance=30)
    state.go_on(1)
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20, "box1 insurance": 60}


def test_insurance_is_lost_when_the_dealer_qualifies_and_the_player_wins() -> None:
    state = one_box("6c 6d 6h Ks 2d", QUEENS)
    state.bet(1, insurance=30)
    assert returned(state) == {"box1 ante": 20, "box1 bet": 80, "box1 insurance": 0}
    assert outcomes(state)["box1 insurance"] == "lose"


def test_insurance_is_returned_when_the_qualified_dealer_beats_the_player() -> None:
    state = one_box("6c 6d 6s Ks 2d", FLUSH)
    state.bet(1, insurance=30)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0, "box1 insurance": 30}
    assert outcomes(state)["box1 insurance"] == "push"


def test_insurance_settles_on_the_dealers_hand_as_revealed_before_an_exchange() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="9c")
    state.bet(1, insurance=30)
    exchange(state)
    swapped = state.public_view().exchange
    assert swapped is not None and swapped.qualified
    assert returned(state)["box1 insurance"] == 60


# ------------------------------------------------------------------------ dealer exchange


def test_exchange_replaces_the_dealers_highest_card_with_the_next_card() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="9c")
    state.bet(1)
    assert state.phase is Phase.EXCHANGE and state.exchange_boxes(1) == (1,)
    exchange(state)
    assert state.dealer == tuple(parse_cards("2c 7d 9h 9c 4c 3d"))  # the jack gave way
    view = state.public_view().exchange
    assert view is not None and view.replaced == (Card("Js"),) and view.drawn == (Card("9c"),)


def test_exchange_then_qualified_and_player_better_pays_bet_and_ante_though_the_ante_was_the_fee(
) -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="9c")
    state.bet(1)
    exchange(state)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20 + 60}
    assert outcomes(state) == {"box1 ante": "exchange", "box1 bet": "win"}


def test_exchange_then_qualified_and_dealer_better_loses_the_bet_and_the_ante_fee() -> None:
    state = one_box("8s 8h Ts 5h 2d", NOT_QUALIFIED, draws="9c")
    state.bet(1)
    exchange(state)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}


def test_exchange_then_qualified_and_tie_returns_the_bet_and_keeps_the_ante_fee() -> None:
    state = one_box("9s 9d 7h 4d 3s", NOT_QUALIFIED, draws="9c")  # 9 9 7 4 3 both
    state.bet(1)
    exchange(state)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}
    assert outcomes(state) == {"box1 ante": "exchange", "box1 bet": "push"}


def test_exchange_then_still_not_qualified_keeps_the_ante_and_returns_the_bet() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="Kh")  # K 9 7 4 3 2: no ace
    state.bet(1)
    exchange(state)
    swapped = state.public_view().exchange
    assert swapped is not None and not swapped.qualified
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}


def test_exchange_happens_once_even_after_a_same_rank_card() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="Jd Jh")
    state.bet(1)
    exchange(state)
    assert state.dealer == tuple(parse_cards("2c 7d 9h Jd 4c 3d"))
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}


def test_exchange_click_twice_cancels_the_request() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="9c")
    state.bet(1)
    assert state.pick_exchange(1, 1).picked
    assert not state.pick_exchange(1, 1).picked
    assert state.go_on(1).label == "GO ON: no exchange"
    assert state.dealer == state.dealer_dealt
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20}


def test_exchange_may_be_requested_on_any_boxes_blind_ones_too_and_the_others_settle_unqualified(
) -> None:
    bets = {1: {1: (10, 0), 2: (10, 0), 3: (10, 0)}}
    hands = ["Kc Kd 7s 5h 2d", "Tc 8d 6s 5d 2h", "Qc Qs Ts 6d 2s"]
    state = play(bets, hands, NOT_QUALIFIED, draws="9c")
    state.bet(1)
    state.bet(1)
    assert state.seats[1].boxes[3].kind == "blind"
    assert state.exchange_boxes(1) == (1, 2, 3)
    exchange(state, boxes=(3,))
    # Box 3 (blind) took the exchange: the dealer's jack gave way to the 9c, a pair of nines
    # that qualifies; box 3's queens win the BET 1:1 and the Ante's 1:1 (the Ante was the fee).
    # Boxes 1 and 2 did not ask: they settle as "not qualified" on the dealer's first hand.
    assert returned(state) == {
        "box1 ante": 20, "box1 bet": 20,
        "box2 ante": 20, "box2 bet": 20,
        "box3 ante": 10, "box3 bet": 40,
    }


def test_folded_and_bonus_only_boxes_cannot_ask_for_the_exchange() -> None:
    bets = {1: {1: (10, 0), 2: (10, 0), 3: (0, 5)}}
    hands = ["Kc Kd 7s 5h 2d", "Tc 8d 6s 5d 2h", "Qc Qs Ts 6d 2s"]
    state = play(bets, hands, NOT_QUALIFIED)
    state.bet(1)
    state.fold(1)
    assert state.exchange_boxes(1) == (1,)
    with pytest.raises(RuleError, match="Box 2 folded, so it cannot take part"):
        state.pick_exchange(1, 2)
    with pytest.raises(RuleError, match="Box 3 has no Ante, so it cannot take part"):
        state.pick_exchange(1, 3)


def test_no_exchange_phase_when_no_box_could_ask() -> None:
    state = one_box("Tc 8d 6s 5h 2d", NOT_QUALIFIED)
    state.fold(1)
    assert state.phase is Phase.SETTLED
    assert returned(state) == {"box1 ante": 0}


# -------------------------------------------------------------------------- blind boxes

BLIND_BETS = {1: {1: (10, 0), 2: (10, 0), 3: (10, 0)}}
BLIND_HANDS = ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h", "6c 6d 6h Ks 2s"]


def test_boxes_after_the_first_two_with_an_ante_are_blind_and_their_bet_is_automatic() -> None:
    state = new_round()
    state.place_ante(1, 1, 10)
    state.place_ante(1, 2, 10)
    record = state.place_ante(1, 4, 10)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box4 ante", 10), ("box4 bet", 20)]
    # An Ante placed on box 3 later makes it open... no: the first two boxes with an Ante are
    # open, so box 3 is blind too.
    record = state.place_ante(1, 3, 10)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box3 ante", 10), ("box3 bet", 20)]
    assert [box.kind for box in state.seats[1].boxes.values()] == ["open", "open", "blind", "blind"]


def test_an_ante_on_an_earlier_box_turns_a_later_open_box_blind_and_places_its_bet() -> None:
    state = new_round()
    state.place_ante(1, 2, 10)
    state.place_ante(1, 3, 10)
    record = state.place_ante(1, 1, 10)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 ante", 10), ("box3 bet", 20)]
    undone = state.undo(1)
    assert [(flow.bet, flow.amount) for flow in undone.flows] == [("box1 ante", -10), ("box3 bet", -20)]


def test_blind_boxes_have_no_fold_or_buy_and_their_cards_are_shown_after_the_last_open_decision(
) -> None:
    state = play(BLIND_BETS, BLIND_HANDS, QUEENS)
    assert state.private_view(1).boxes[2].cards == (None,) * 5
    state.bet(1)
    assert state.current_box(1) == 2
    assert state.private_view(1).boxes[2].cards == (None,) * 5
    state.fold(1)
    view = state.private_view(1)
    assert view.boxes[2].cards == tuple(parse_cards(BLIND_HANDS[2]))
    assert view.step == "blind" and view.current_box is None
    assert not state.can_fold(1) and not state.can_buy(1)
    with pytest.raises(RuleError, match="Your open boxes are decided"):
        state.fold(1)
    assert state.history[-1].label == "blind boxes turned: 3"


def test_a_blind_box_that_beats_a_qualified_dealer_is_paid_its_bet_per_table_and_ante_one_to_one(
) -> None:
    state = play(BLIND_BETS, BLIND_HANDS, QUEENS)
    state.bet(1)
    state.fold(1)
    state.go_on(1)  # no insurance on the blind trips
    assert returned(state) == {
        "box1 ante": 20, "box1 bet": 40,
        "box2 ante": 0,
        "box3 ante": 20, "box3 bet": 20 + 60,
    }


def test_a_blind_box_may_be_insured_after_the_open_boxes() -> None:
    state = play(BLIND_BETS, BLIND_HANDS, NOT_QUALIFIED)
    state.bet(1)
    state.bet(1)
    assert state.insurance_range(1, 3) == (10, 60)
    assert not state.can_insure(1, 1, 10)
    state.insure(1, 3, 60)
    assert state.phase is Phase.EXCHANGE  # nothing else to insure: the blind step ended
    state.go_on(1)
    assert returned(state)["box3 insurance"] == 120


def test_a_blind_box_bet_is_refunded_when_the_box_turns_open_at_close() -> None:
    state = new_round(BoxedOptions(min_ante=10))
    state.place_ante(1, 1, 5)
    state.place_ante(1, 2, 10)
    state.place_ante(1, 3, 10)
    closed = state.close_betting()
    assert [(flow.bet, flow.amount) for flow in closed.flows] == [("box1 ante", -5), ("box3 bet", -20)]
    assert [(r.bet, r.amount) for r in closed.rejected] == [("box1 ante", 5)]
    assert [box.kind for box in state.seats[1].boxes.values()] == ["open", "open"]


# ------------------------------------------------------------------------------ open boxes


def test_the_larger_open_box_is_played_first_regardless_of_position() -> None:
    state = play({1: {1: (10, 0), 2: (30, 0)}}, ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], QUEENS)
    assert state.seats[1].order == (2, 1)
    assert state.current_box(1) == 2
    assert state.private_view(1).boxes[0].cards == (None,) * 5  # box 1 waits its turn
    state.fold(1)
    assert state.current_box(1) == 1


def test_the_second_open_box_ante_never_exceeds_the_first() -> None:
    state = play({1: {1: (10, 0), 2: (40, 0), 3: (20, 0)}},
                 ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h", "6c 6d 6h Ks 2s"], QUEENS)
    first, second = (state.seats[1].boxes[position].ante for position in state.seats[1].order)
    assert first >= second
    assert state.seats[1].boxes[3].kind == "blind"


def test_equal_open_boxes_are_played_by_position() -> None:
    state = play({1: {3: (10, 0), 1: (10, 0)}}, ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], QUEENS)
    assert state.seats[1].order == (1, 3)


def test_a_player_may_play_one_box_open_and_the_others_blind() -> None:
    """Seed point 5: open play "auf einer oder zwei Boxen": with one open box chosen, box 2
    turns blind and its BET (2 x Ante) goes into play with the choice; choosing two again
    hands that BET back."""
    state = new_round(BoxedOptions(min_ante=1))
    for box in (1, 2, 3):
        state.place_ante(1, box, ANTE)
    assert [box.kind for box in state.seats[1].boxes.values()] == ["open", "open", "blind"]
    one_open = state.choose_open_boxes(1, 1)
    assert [box.kind for box in state.seats[1].boxes.values()] == ["open", "blind", "blind"]
    assert [(flow.bet, flow.amount) for flow in one_open.flows] == [("box2 bet", 2 * ANTE)]
    both_open = state.choose_open_boxes(1, 2)
    assert [(flow.bet, flow.amount) for flow in both_open.flows] == [("box2 bet", -2 * ANTE)]
    state.choose_open_boxes(1, 1)
    restored = restore_round(json.loads(json.dumps(state.to_dict())))
    assert restored.seats[1].open_boxes == 1
    state.close_betting()
    state.deal(arrange_deck(["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h", "6c 6d 6h Ks 2s"], QUEENS))
    assert state.seats[1].order == (1,)
    state.bet(1)
    assert state.current_box(1) is None  # the blind boxes 2 and 3 are turned now
    with pytest.raises(RuleError):
        state.fold(1)


@pytest.mark.parametrize("count", [0, 3, True])
def test_the_number_of_open_boxes_is_one_or_two(count: int) -> None:
    state = new_round(BoxedOptions(min_ante=1))
    with pytest.raises(RuleError, match="Place an Ante first"):
        state.choose_open_boxes(1, 1)
    state.place_ante(1, 1, ANTE)
    with pytest.raises(RuleError, match="1 to 2"):
        state.choose_open_boxes(1, count)
    assert not state.can_choose_open_boxes(1, count)


def test_each_open_box_may_buy_from_the_same_deck_in_the_order_of_the_buys() -> None:
    state = play({1: {1: (10, 0), 2: (10, 0)}}, ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], KINGS_UP,
                 draws="Ac Ad")
    state.buy(1)
    state.bet(1)
    state.buy(1)
    assert state.seats[1].boxes[1].cards[5] == Card("Ac")
    assert state.seats[1].boxes[2].cards[5] == Card("Ad")


# -------------------------------------------------------------------------------- betting


def test_a_player_has_up_to_four_boxes() -> None:
    state = new_round()
    for box in (1, 2, 3, 4):
        state.place_ante(1, box, 10)
    for box in (0, 5):
        with pytest.raises(RuleError, match="box from 1 to 4"):
            state.place_ante(1, box, 10)


def test_antes_must_be_within_a_factor_of_five_of_each_other() -> None:
    state = new_round()
    state.place_ante(1, 1, 10)
    with pytest.raises(RuleError, match="within a factor of 5"):
        state.place_ante(1, 2, 51)
    state.place_ante(1, 2, 50)
    with pytest.raises(RuleError, match="within a factor of 5"):
        state.place_ante(1, 3, 9)


def test_bonus_may_be_placed_with_or_instead_of_an_ante() -> None:
    state = new_round()
    state.place_bonus(1, 2, 5)
    state.place_ante(1, 1, 10)
    state.place_bonus(1, 1, 5)
    assert {p: (b.kind, b.ante, b.bonus) for p, b in state.seats[1].boxes.items()} == {
        1: ("open", 10, 5), 2: ("bonus", 0, 5)}
    state.close_betting()
    state.deal(arrange_deck(["Kc Kd 7s 5h 2d", "6c 6d 6h Ks 2s"], QUEENS))
    state.bet(1)
    assert returned(state) == {"box1 ante": 20, "box1 bet": 40, "box1 bonus": 0, "box2 bonus": 5 + 125}


def test_a_player_with_only_bonus_boxes_has_nothing_to_decide() -> None:
    state = play({1: {1: (0, 10)}}, ["6c 6d 6h Ks 2s"], QUEENS)
    assert state.phase is Phase.SETTLED
    assert returned(state) == {"box1 bonus": 260}


def test_antes_below_the_minimum_are_rejected_and_refunded_when_betting_closes() -> None:
    state = new_round(BoxedOptions(min_ante=10))
    state.place_ante(1, 1, 9)
    state.place_bonus(1, 1, 5)
    state.place_ante(2, 1, 10)
    closed = state.close_betting()
    assert [(r.seat, r.bet) for r in closed.rejected] == [(1, "box1 ante")]
    assert [(flow.bet, flow.amount) for flow in closed.flows] == [("box1 ante", -9)]
    assert state.seats[1].boxes[1].kind == "bonus"  # the bonus stands alone in 2 Plus 4


def test_minimum_bonus_is_the_tables_smallest_chip() -> None:
    state = new_round(BoxedOptions(smallest_chip=5))
    state.place_ante(1, 1, 10)
    state.place_bonus(1, 1, 4)
    closed = state.close_betting()
    assert [(r.bet, r.amount) for r in closed.rejected] == [("box1 bonus", 4)]
    assert state.seats[1].boxes[1].bonus == 0


def test_nobody_left_after_betting_closes_ends_the_round_with_nothing_dealt() -> None:
    state = new_round(BoxedOptions(min_ante=10))
    state.place_ante(1, 1, 5)
    state.close_betting()
    assert state.phase is Phase.SETTLED and state.settlement is not None
    assert state.settlement.lines == () and not state.can_deal()


def test_max_ante_option_refuses_a_larger_bet_when_placed() -> None:
    state = new_round(BoxedOptions(max_ante=100))
    with pytest.raises(RuleError, match="over the table maximum of 100"):
        state.place_ante(1, 1, 101)
    with pytest.raises(RuleError, match="over the table maximum of 100"):
        state.place_bonus(1, 1, 101)


def test_undo_takes_placements_back_in_reverse_order_and_clear_takes_all() -> None:
    state = new_round()
    state.place_ante(1, 1, 10)
    state.place_bonus(1, 1, 5)
    state.place_ante(1, 1, 10)
    assert [(f.bet, f.amount) for f in state.undo(1).flows] == [("box1 ante", -10)]
    assert [(f.bet, f.amount) for f in state.undo(1).flows] == [("box1 bonus", -5)]
    state.place_ante(1, 2, 20)
    assert sorted((f.bet, f.amount) for f in state.clear_bets(1).flows) == [
        ("box1 ante", -10), ("box2 ante", -20)]
    assert 1 not in state.seats and not state.can_undo(1)


def test_rebet_places_last_rounds_boxes_in_one_step() -> None:
    state = new_round()
    record = state.rebet(1, {1: (10, 5), 2: (10, 0), 3: (20, 0)})
    assert sorted((f.bet, f.amount) for f in record.flows) == [
        ("box1 ante", 10), ("box1 bonus", 5), ("box2 ante", 10), ("box3 ante", 20), ("box3 bet", 40)]
    with pytest.raises(RuleError, match="factor of 5"):
        state.rebet(2, {1: (10, 0), 2: (60, 0)})
    state.undo(1)
    assert 1 not in state.seats


def test_each_further_rebet_adds_last_rounds_bets_once_more_within_the_limits() -> None:
    # As at Imperial (seed point 6), the game 2 Plus 4 is "like" in boxes and bets (RULES.md).
    state = new_round(BoxedOptions(min_ante=1, max_ante=30))
    state.rebet(1, {1: (10, 5), 2: (10, 0)})
    again = state.rebet(1, {1: (10, 5), 2: (10, 0)})
    assert sorted((f.bet, f.amount) for f in again.flows) == [
        ("box1 ante", 10), ("box1 bonus", 5), ("box2 ante", 10)]
    assert state.seats[1].layout() == {1: (20, 10), 2: (20, 0)}
    state.rebet(1, {1: (10, 5), 2: (10, 0)})
    with pytest.raises(RuleError, match="over the table maximum of 30"):
        state.rebet(1, {1: (10, 5), 2: (10, 0)})
    assert state.seats[1].layout() == {1: (30, 15), 2: (30, 0)}, "a refused Rebet changes nothing"
    state.undo(1)
    assert state.seats[1].layout() == {1: (20, 10), 2: (20, 0)}, "Undo takes back one Rebet"


def test_one_deck_serves_a_limited_number_of_boxes() -> None:
    state = new_round()
    for seat in (1, 2):
        for box in (1, 2, 3, 4):
            state.place_ante(seat, box, 10)
    # 2 x (4 boxes x 5 cards + 2 Buys) + 6 dealer cards + 1 exchange = 51 of 52.
    assert state.cards_needed() == 51
    with pytest.raises(RuleError, match="One deck cannot deal another box"):
        state.place_ante(3, 1, 10)


def test_bets_are_closed_after_betting_closes() -> None:
    state = new_round()
    state.place_ante(1, 1, 10)
    state.close_betting()
    for call in (lambda: state.place_ante(1, 1, 10), lambda: state.place_bonus(1, 2, 5),
                 lambda: state.undo(1), lambda: state.close_betting()):
        with pytest.raises(RuleError, match="Bets are closed"):
            call()


def test_deal_order_is_seat_by_seat_box_by_box_then_the_dealer() -> None:
    state = new_round()
    state.place_ante(2, 2, 10)
    state.place_ante(1, 1, 10)
    state.place_bonus(2, 1, 5)
    state.close_betting()
    deck = list(FULL_DECK)
    state.deal(deck)
    assert state.seats[2].boxes[1].cards == tuple(deck[0:5])
    assert state.seats[2].boxes[2].cards == tuple(deck[5:10])
    assert state.seats[1].boxes[1].cards == tuple(deck[10:15])
    assert state.dealer == tuple(deck[15:21])
    assert state.dealt_cards() == deck[:21]


def test_deal_refuses_a_short_deck_or_a_repeated_card() -> None:
    state = new_round()
    state.place_ante(1, 1, 10)
    state.close_betting()
    with pytest.raises(ValueError, match="needs 13 cards"):
        state.deal(FULL_DECK[:12])
    with pytest.raises(ValueError, match="twice"):
        state.deal([*FULL_DECK[:12], FULL_DECK[0]])


# ----------------------------------------------------------------------------------- limits


def test_max_payout_caps_each_bet_of_each_box() -> None:
    state = one_box("As Ks Qs Js Ts", QUEENS, bonus=10, options=BoxedOptions(max_payout=500))
    state.bet(1)
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20 + 500, "box1 bonus": 10 + 500}


def test_max_round_payout_caps_a_players_total_win_rounding_down() -> None:
    options = BoxedOptions(max_payout=20_000, max_round_payout=1_000)
    state = one_box("As Ks Qs Js Ts", QUEENS, bonus=10, options=options)
    state.bet(1)
    # Winnings 10 + 2,000 + 10,000 = 12,010 scaled to 1,000: each keeps its share, rounded down.
    assert returned(state) == {"box1 ante": 10 + 0, "box1 bet": 20 + 166, "box1 bonus": 10 + 832}
    assert state.settlement is not None
    assert -state.settlement.house_net <= 1_000


def test_the_round_cap_applies_to_each_player_on_their_own() -> None:
    options = BoxedOptions(max_round_payout=1_000)
    state = play({1: {1: (10, 10)}, 2: {1: (10, 0)}}, ["As Ks Qs Js Ts", "Kc Kd 7s 5h 2d"], QUEENS,
                 options=options)
    state.bet(1)
    state.bet(2)
    assert returned(state, 2) == {"box1 ante": 20, "box1 bet": 40}
    assert state.settlement is not None
    assert sum(line.net for line in state.settlement.lines_of(1)) <= 1_000


def test_defaults_are_the_rules_limits() -> None:
    options = BoxedOptions()
    assert (options.max_payout, options.max_round_payout, options.min_bonus) == (20_000, 20_000, 1)


# -------------------------------------------------------------------- players and timeouts


def test_several_players_each_play_their_own_boxes_against_one_dealer_hand() -> None:
    state = play({1: {1: (10, 0)}, 2: {1: (20, 0)}}, ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], QUEENS)
    assert state.pending_seats() == (1, 2)
    state.bet(1)
    assert state.pending_seats() == (2,) and not state.revealed
    assert state.public_view().dealer[:2] == (None, None)
    state.bet(2)
    assert returned(state, 1) == {"box1 ante": 20, "box1 bet": 40}
    assert returned(state, 2) == {"box1 ante": 0, "box1 bet": 0}


def test_a_missed_open_box_decision_is_auto_folded_and_takes_no_chips() -> None:
    state = one_box("Kc Kd 7s 5h 2d", QUEENS)
    record = state.timeout(1)
    assert record.label == "box 1: AUTO FOLDED" and record.flows == ()
    assert returned(state) == {"box1 ante": 0}


def test_a_missed_go_on_after_a_forced_bet_goes_on_without_insurance() -> None:
    state = one_box("Qc Qs 8d 5h 2d", ACE_KING, draws="Qd")
    state.buy(1)
    record = state.timeout(1)
    assert record.label == "box 1: AUTO GO ON" and record.flows == ()
    assert "box1 insurance" not in returned(state)


def test_a_missed_blind_insurance_step_goes_on() -> None:
    state = play(BLIND_BETS, BLIND_HANDS, QUEENS)
    state.bet(1)
    state.fold(1)
    assert state.timeout(1).label == "blind boxes: AUTO GO ON"
    assert state.phase is Phase.SETTLED


def test_a_missed_exchange_decision_is_no_exchange_even_with_boxes_picked() -> None:
    state = one_box("6c 6d 6h Ks 2d", NOT_QUALIFIED, draws="9c")
    state.bet(1)
    state.pick_exchange(1, 1)
    record = state.timeout(1)
    assert record.label == "AUTO GO ON: no exchange"
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20}


def test_the_phase_deadline_times_out_every_pending_seat_and_only_that_phase() -> None:
    state = play({1: {1: (10, 0), 2: (10, 0)}, 2: {1: (10, 0)}},
                 ["6c 6d 6h Ks 2d", "Kc Kd 7s 5h 2s", "Jc Jd 8s 5d 2h"], NOT_QUALIFIED)
    state.bet(2)
    assert state.deadline_kind() == "decision"
    records = state.timeout_pending()
    assert [record.label for record in records] == ["box 1: AUTO FOLDED", "box 2: AUTO FOLDED"]
    assert state.phase is Phase.EXCHANGE and state.pending_seats() == (2,)
    assert [record.label for record in state.timeout_pending()] == ["AUTO GO ON: no exchange"]
    assert state.settlement is not None and state.deadline_kind() is None


def test_decisions_out_of_turn_by_a_stranger_or_twice_are_refused_with_a_reason() -> None:
    state = new_round()
    state.place_ante(1, 1, 10)
    with pytest.raises(RuleError, match="not been dealt"):
        state.bet(1)
    state.close_betting()
    state.deal(arrange_deck(["Kc Kd 7s 5h 2d"], QUEENS))
    with pytest.raises(RuleError, match="no boxes in this round"):
        state.bet(9)
    with pytest.raises(RuleError, match="Decide box 1 first"):
        state.go_on(1)
    with pytest.raises(RuleError, match="has no BET yet"):
        state.insure(1, 1, 10)
    state.bet(1)
    with pytest.raises(RuleError, match="shown his cards"):
        state.bet(1)
    with pytest.raises(RuleError, match="nothing to decide"):
        state.timeout(1)


# ------------------------------------------------------------------------ views and saving


def test_views_hide_the_dealers_down_cards_and_every_box_until_the_showdown() -> None:
    state = play({1: {1: (10, 0)}, 2: {1: (10, 0)}}, ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], QUEENS)
    public = state.public_view()
    assert set(public.face_up_cards()) == set(parse_cards("9h 8c 4c 3d"))
    assert all(card is None for seat in public.seats for box in seat.boxes for card in box.cards)
    mine = state.private_view(1)
    assert mine.boxes[0].cards == tuple(parse_cards("Kc Kd 7s 5h 2d"))
    assert mine.can_buy and mine.can_bet and mine.can_fold and mine.bet_cost == 20
    assert "Jc" not in json.dumps(mine.to_dict()) and "Kc" not in json.dumps(public.to_dict())
    state.bet(1)
    state.fold(2)
    shown = state.public_view()
    assert shown.seats[1].boxes[0].cards == tuple(parse_cards("Jc Jd 8s 5d 2h"))
    assert shown.dealer_hand == "Pair of Queens" and shown.dealer_qualified is True


def test_a_saved_round_restores_equal_at_every_phase() -> None:
    state = new_round(BoxedOptions(min_ante=5, max_ante=500))
    snapshots = []

    def save() -> None:
        data = json.loads(json.dumps(state.to_dict()))
        restored = restore_round(data)
        assert restored.to_dict() == data
        assert restored.public_view() == state.public_view()
        snapshots.append(state.phase)

    save()
    state.place_ante(1, 1, 10)
    state.place_ante(1, 2, 10)
    state.place_ante(1, 3, 10)
    state.place_bonus(1, 3, 5)
    save()
    state.close_betting()
    save()
    state.deal(arrange_deck(["Qc Qs 8d 5h 2d", "Kc Kd 7s 5s 2h", "6c 6d 6h Ks 2s"], NOT_QUALIFIED,
                            draws="Qd 9c"))
    save()
    state.buy(1)
    save()
    state.insure(1, 1, 40)
    state.bet(1)
    save()
    state.insure(1, 3, 10)
    save()
    state.pick_exchange(1, 3)
    save()
    state.go_on(1)
    save()
    assert snapshots == [Phase.BETTING, Phase.BETTING, Phase.DEALING, Phase.DECISIONS,
                         Phase.DECISIONS, Phase.DECISIONS, Phase.EXCHANGE, Phase.EXCHANGE,
                         Phase.SETTLED]
    with pytest.raises(ValueError, match="not a saved 2 Plus 4 Poker round"):
        restore_round({**state.to_dict(), "game": "uth"})


def test_settlement_bets_are_named_per_box() -> None:
    state = play(BLIND_BETS, BLIND_HANDS, QUEENS)
    state.buy(1)  # the BET is forced (no kings showing); two pair cannot be insured
    state.fold(1)
    state.go_on(1)
    assert state.settlement is not None
    assert [line.bet for line in state.settlement.lines] == [
        "box1 ante", "box1 bet", "box1 buy", "box2 ante", "box3 ante", "box3 bet"]


# ------------------------------------------------------------------------------ properties


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), deck=st.permutations(range(52)),
       layouts=st.lists(bet_layouts, min_size=1, max_size=3),
       caps=st.sampled_from([(20_000, 20_000), (50, 80)]))
def test_random_rounds_conserve_chips_respect_the_caps_and_survive_save_and_restore(
    data: st.DataObject, deck: list[int], layouts: list[dict[int, tuple[int, int]]],
    caps: tuple[int, int],
) -> None:
    options = BoxedOptions(min_ante=10, smallest_chip=5, max_payout=caps[0], max_round_payout=caps[1])
    state = BoxedState(TWO_PLUS_FOUR, options)
    place_layouts(state, layouts)
    for seat in range(1, len(layouts) + 1):
        if seat in state.seats and data.draw(st.booleans()):
            state.undo(seat)
        open_boxes = data.draw(st.sampled_from([0, 1, 2]))
        if open_boxes and state.can_choose_open_boxes(seat, open_boxes):
            state.choose_open_boxes(seat, open_boxes)
    play_out(state, data, deck, restore_round)
    check_settlement(state, caps)
