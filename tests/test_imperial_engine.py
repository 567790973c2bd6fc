"""Imperial Poker engine: every ruling of RULES.md's "Imperial Poker" section and every settlement
branch from a fixed deck, the Draw (costs, repeats, the deck running out), the views' privacy and
save/restore; then properties over random decks and actions.

Each test is named after the rule it proves (seed ``imperial-poker.de.txt``, RULES.md). The
reading of hands (Table 1) is proven in ``test_imperial_combinations.py``.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.boxed import BoxedOptions, HandClass, Phase
from bot.games.common import RuleError
from bot.games.imperial import (
    BET_PAYS,
    BONUS_PAYS,
    IMPERIAL,
    Draw,
    ImperialState,
    new_round,
    restore_round,
)
from bot.poker import Card, parse_cards
from tests.boxed_decks import ANTE, FixedDecks, exchange, outcomes, returned
from tests.boxed_properties import (
    bet_layouts,
    check_settlement,
    place_layouts,
    play_out,
)

# Dealers: five cards, the last face up.
NOT_QUALIFIED = "As Qh 9h 6h 3h"  # the seed's exchange example: the ace of spades, four hearts
ACE_KING = "Ah Kd 9s 6c 2h"  # A K 9 6 2: qualifies with Ace-King
QUEENS = "Qc Qd 9c 8d 4s"  # a pair of queens
EIGHTS = "8h 8s 5c 3d 2c"  # a pair of eights


DECKS = FixedDecks(new_round, dealer_cards=5, default_options=BoxedOptions(min_ante=1))
arrange_deck, play, one_box = DECKS.arrange_deck, DECKS.play, DECKS.one_box


def hand_of(state: ImperialState, seat: int = 1, box: int = 1) -> tuple[Card, ...]:
    return state.seats[seat].boxes[box].cards


# ----------------------------------------------------------------------- the dealer's hand


def test_dealer_gets_five_cards_with_the_last_face_up() -> None:
    state = one_box("Kc Kd 7s 5h 2d", QUEENS)
    assert state.dealer_up == (Card("4s"),)
    assert state.public_view().dealer == (None, None, None, None, Card("4s"))
    state.bet(1)
    assert state.public_view().dealer == tuple(parse_cards(QUEENS))


def test_dealer_qualifies_with_ace_king_or_better() -> None:
    state = one_box("9c 9d 7s 5h 3d", ACE_KING)
    state.bet(1)
    assert state.dealer_qualified() is True
    assert state.public_view().dealer_hand == "Ace-King"
    assert returned(state) == {"box1 ante": 10, "box1 bet": 40}


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


# (player hand, dealer, BET returned on 20): hands with no second combination.
PAY_TABLE_ROWS = {
    "ace-king": ("As Kc Qd 7s 3d", ACE_KING, 20 + 20),
    "pair": ("Kc Kd 7s 5h 2d", QUEENS, 20 + 20),
    "two pair": ("5c 5d 3s 3h 2d", QUEENS, 20 + 40),
    "three of a kind": ("6c 6d 6h 8s 2d", QUEENS, 20 + 60),
    "straight": ("7s 6d 5h 4c 3d", QUEENS, 20 + 80),
    "flush": ("Kh Jh 7h 5h 2h", QUEENS, 20 + 100),
    "full house": ("Tc Td Th 7s 7d", QUEENS, 20 + 140),
    "four of a kind": ("5c 5d 5h 5s 2d", QUEENS, 20 + 400),
    "straight flush": ("9h 8h 7h 6h 5h", QUEENS, 20 + 1000),
    "royal flush": ("As Ks Qs Js Ts", QUEENS, 20 + 2000),
}


@pytest.mark.parametrize("row", list(PAY_TABLE_ROWS))
def test_qualified_dealer_and_player_better_returns_the_ante_and_pays_the_bet_per_table_2(row: str) -> None:
    hand, dealer, bet_back = PAY_TABLE_ROWS[row]
    state = one_box(hand, dealer)
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": bet_back}
    assert outcomes(state) == {"box1 ante": "push", "box1 bet": "win"}


def test_pay_tables_are_table_2_of_the_seed_both_columns() -> None:
    assert BET_PAYS.text() == (
        "Imperial Flush 1000:1, Royal Flush 100:1, Straight Flush 50:1, Four of a Kind 20:1, "
        "Full House 7:1, Flush 5:1, Straight 4:1, Three of a Kind 3:1, Two Pair 2:1, "
        "Pair 1:1, Ace-King 1:1")
    assert BONUS_PAYS.text() == (
        "Royal Flush 1000:1, Straight Flush 500:1, Four of a Kind 200:1, Full House 70:1, "
        "Flush 50:1, Straight 40:1, Three of a Kind 25:1")


def test_a_second_combination_is_paid_on_the_bet_alongside_the_primary() -> None:
    # Seed point 13: "mit den Karten AK996 ... für das Paar von 9en und Ass-König bezahlt".
    state = one_box("9s 9c Ah Kc 6h", EIGHTS)
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20 + 20 + 20}


def test_two_straights_after_a_buy_are_both_paid() -> None:
    # Seed point 13: "Mit den Karten 987665 (nach dem Kauf der sechsten Karte) ... zwei Strassen".
    state = one_box("9h 8h 7s 6c 5d", QUEENS, draws="6h")
    state.buy(1)
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20 + 80 + 80, "box1 buy": 0}


def test_qualified_dealer_better_loses_ante_and_bet() -> None:
    state = one_box("Jc Jd 7s 5h 2d", QUEENS)
    state.bet(1)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}


def test_qualified_dealer_and_tie_returns_ante_and_bet() -> None:
    state = one_box("Qs Qh 9d 8c 4c", QUEENS)
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20}
    assert outcomes(state) == {"box1 ante": "push", "box1 bet": "push"}


def test_fold_loses_the_ante_and_places_no_bet() -> None:
    state = one_box("7c 5d 4h 3s 2d", QUEENS)
    state.fold(1)
    assert returned(state) == {"box1 ante": 0}
    assert outcomes(state) == {"box1 ante": "fold"}


def test_bet_is_twice_the_ante() -> None:
    state = one_box("Kc Kd 7s 5h 2d", QUEENS, ante=15)
    assert state.bet_cost(1) == 30
    record = state.bet(1)
    assert record.amount == 30 and [(flow.bet, flow.amount) for flow in record.flows] == [("box1 bet", 30)]


@pytest.mark.parametrize(("hand", "bonus_back"), [
    ("6c 6d 6h 8s 2d", 5 + 125),
    ("7s 6d 5h 4c 3d", 5 + 200),
    ("Kh Jh 7h 5h 2h", 5 + 250),
    ("Tc Td Th 7s 7d", 5 + 350),
    ("5c 5d 5h 5s 2d", 5 + 1000),
    ("9h 8h 7h 6h 5h", 5 + 2500),
    ("As Ks Qs Js Ts", 5 + 5000),
    ("Kc Kd 7s 7h 2d", 0),  # two pair: below the bonus column
])
def test_bonus_pays_per_table_2s_bonus_column_on_three_of_a_kind_or_better(hand: str,
                                                                           bonus_back: int) -> None:
    state = one_box(hand, QUEENS, bonus=5)
    state.fold(1)  # the bonus does not care
    assert returned(state)["box1 bonus"] == bonus_back


def test_bonus_stays_on_the_five_cards_dealt_whatever_is_drawn() -> None:
    # Trips dealt, then two cards drawn away: the bonus still pays 25:1 on the original five.
    state = one_box("6c 6d 6h 8s 2d", QUEENS, draws="Kc Jd", bonus=5)
    state.draw(1, ["8s", "2d"])
    assert hand_of(state) == tuple(parse_cards("6c 6d 6h Kc Jd"))
    mine = state.private_view(1).boxes[0]
    assert mine.first_five == "Three of a Kind, Sixes" and mine.hand == "Three of a Kind, Sixes"
    state.fold(1)
    assert returned(state)["box1 bonus"] == 5 + 125


def test_bonus_is_not_paid_for_a_hand_made_by_drawing() -> None:
    state = one_box("7s 6d 5h 4c Kd", QUEENS, draws="3d", bonus=5)
    state.draw(1, ["Kd"])
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20 + 80, "box1 draw": 0, "box1 bonus": 0}


# -------------------------------------------------------------------------- Imperial Flush


def test_imperial_flush_pays_1000_to_1_on_the_bet_as_a_single_combination() -> None:
    # A royal flush and the suited nine: 1000:1, not the royal's 100:1 plus a second straight.
    state = one_box("Ah Kh Qh Jh Th", QUEENS, draws="9h", ante=5)
    state.buy(1)
    state.bet(1)
    assert returned(state) == {"box1 ante": 5, "box1 bet": 10 + 10_000, "box1 buy": 0}
    assert state.public_view().seats[0].boxes[0].hand == "Imperial Flush"


def test_imperial_flush_beats_a_dealers_royal_flush() -> None:
    state = one_box("Ah Kh Qh Jh Th", "As Ks Qs Js Ts", draws="9h", ante=5)
    state.buy(1)
    state.bet(1)
    assert returned(state)["box1 bet"] == 10 + 10_000


def test_imperial_flush_is_capped_at_the_max_payout_per_box_and_bet() -> None:
    state = one_box("Ah Kh Qh Jh Th", QUEENS, draws="9h", ante=50)
    state.buy(1)
    state.bet(1)
    assert returned(state)["box1 bet"] == 100 + 20_000


# --------------------------------------------------------------------------------- Buy


def test_buy_costs_one_ante_and_draws_the_next_card_from_the_deck() -> None:
    state = one_box("Jc Jd 7s 5h 2d", QUEENS, draws="Js")
    assert state.buy_cost(1) == 10 and not state.buy_forces_bet()
    record = state.buy(1)
    assert record.cost == 10 and record.forced_bet == 0
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 buy", 10)]
    assert hand_of(state)[-1] == Card("Js")


def test_after_a_buy_only_bet_or_fold() -> None:
    state = one_box("Jc Jd 7s 5h 2d", QUEENS, draws="3s")
    state.buy(1)
    assert state.can_bet(1) and state.can_fold(1)
    assert not state.can_buy(1) and not state.can_draw(1, ["2d"])
    assert state.draw_max(1) == 0 and state.draw_cost(1) == 0
    with pytest.raises(RuleError, match="bought a sixth card: Bet or Fold"):
        state.draw(1, ["2d"])


def test_a_buy_after_a_draw_is_refused() -> None:
    state = one_box("Jc Jd 7s 5h 2d", QUEENS, draws="3s")
    state.draw(1, ["2d"])
    assert not state.can_buy(1) and state.buy_cost(1) == 0
    with pytest.raises(RuleError, match="cannot be bought after a Draw"):
        state.buy(1)


# -------------------------------------------------------------------------------- Draw


def test_draw_exchanges_any_number_of_cards_for_one_ante_each_new_card_in_the_old_ones_place() -> None:
    state = one_box("Jc 2d 7s 5h Jd", QUEENS, draws="Js Ts 4h")
    assert state.draw_cost(1) == 10 and state.draw_max(1) == 5
    record = state.draw(1, ["7s", "2d", "5h"])
    assert (record.positions, record.number, record.cost) == ((1, 2, 3), 1, 10)
    assert [(flow.bet, flow.amount) for flow in record.flows] == [("box1 draw", 10)]
    assert hand_of(state) == tuple(parse_cards("Jc Js Ts 4h Jd"))
    assert record.label == "box 1: DRAW 3 cards"


def test_after_a_draw_of_several_cards_only_bet_or_fold() -> None:
    state = one_box("Jc 2d 7s 5h Jd", QUEENS, draws="Js Ts")
    state.draw(1, ["7s", "2d"])
    assert state.can_bet(1) and state.can_fold(1) and not state.can_buy(1)
    assert state.draw_max(1) == 0
    with pytest.raises(RuleError, match="After a Draw of several cards, box 1 may only Bet or Fold"):
        state.draw(1, ["5h"])


def test_after_a_one_card_draw_the_kth_successive_draw_costs_k_antes() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS, draws="3c 4c Ah")
    costs = []
    for discard in ("2c", "3c", "4c"):
        costs.append(state.draw_cost(1))
        record = state.draw(1, [discard])
        assert record.cost == costs[-1] and record.flows[0].amount == costs[-1]
    assert costs == [10, 20, 30]
    assert state.private_view(1).draw_cost == 40 and state.private_view(1).draw_number == 4
    assert state.public_view().seats[0].boxes[0].status == "DRAW 1 x3"
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20 + 100, "box1 draw": 0}
    assert state.settlement is not None
    assert [line.staked for line in state.settlement.lines if line.bet == "box1 draw"] == [60]


def test_a_repeated_draw_exchanges_exactly_one_card_but_any_card_even_the_one_just_drawn() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS, draws="3c 4c")
    state.draw(1, ["2c"])
    assert state.draw_max(1) == 1
    with pytest.raises(RuleError, match="may exchange one card again, not 2"):
        state.draw(1, ["3c", "Kh"])
    record = state.draw(1, ["3c"])
    assert record.positions == (4,) and hand_of(state)[4] == Card("4c")


def test_draw_with_no_cards_chosen_is_refused() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS)
    assert not state.can_draw(1, [])
    with pytest.raises(RuleError, match="Choose the cards to exchange first"):
        state.draw(1, [])


def test_draw_of_cards_the_box_does_not_hold_is_refused() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS)
    with pytest.raises(RuleError, match="Box 1 does not hold As"):
        state.draw(1, ["As"])
    with pytest.raises(RuleError, match="appears twice"):
        state.draw(1, ["2c", "2c"])
    with pytest.raises(RuleError, match="Choose cards from the box"):
        state.draw(1, ["Zz"])
    with pytest.raises(TypeError, match="not their positions"):
        state.draw(1, [0])  # type: ignore[list-item]


def test_a_draw_takes_the_cards_by_name_too() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS, draws="3h")
    state.draw(1, "2c")
    assert hand_of(state)[4] == Card("3h")


def test_alone_a_player_draws_until_the_deck_is_exhausted_then_the_dealer_cannot_exchange() -> None:
    # Seed points 9 and 18: one box alone: 52 - 5 - 5 dealer cards = 42 cards to draw, the last
    # one warned of; with the deck exhausted the dealer's card cannot be exchanged.
    state = one_box("Kh Jh 7h 5h 2c", NOT_QUALIFIED, ante=1)
    assert state.draw_room(1) == 42 and state.draw_max(1) == 5
    for number in range(1, 42):
        assert not state.draw_takes_last_card(1)
        state.draw(1, [hand_of(state)[0]])
        assert state.draw_room(1) == 42 - number
    view = state.private_view(1)
    assert view.draw_room == 1 and view.draw_takes_last_card and view.draw_cost == 42
    record = state.draw(1, [hand_of(state)[0]])
    assert record.last_card and record.label.endswith("the last card")
    assert state.draw_room(1) == 0 and state.draw_max(1) == 0 and state.draw_cost(1) == 0
    assert not state.private_view(1).can_draw
    with pytest.raises(RuleError, match="The deck would run out: it has no cards left to draw"):
        state.draw(1, [hand_of(state)[0]])
    state.bet(1)
    assert state.phase is Phase.SETTLED, "no exchange phase: the deck has no card for it"
    assert state.public_view().exchange is None
    assert returned(state)["box1 ante"] == 2 and returned(state)["box1 bet"] == 2  # not qualified


def test_a_deck_drawn_low_leaves_the_exchange_without_its_free_repeat() -> None:
    # Alone, 41 one-card Draws leave one card: the exchange replaces the ace of spades with it
    # (the ace of clubs, same rank, still not qualified) and cannot repeat (seed point 18).
    deck = arrange_deck(["Kh Jh 7h 5h 2c"], NOT_QUALIFIED)
    spare = [card for card in deck[10:] if card != Card("Ac")]
    state = new_round(BoxedOptions(min_ante=1))
    state.place_ante(1, 1, 1)
    state.close_betting()
    state.deal([*deck[:10], *spare[:41], Card("Ac")])
    for _ in range(41):
        state.draw(1, [hand_of(state)[0]])
    assert state.cards_left() == 1 and state.draw_room(1) == 1
    state.bet(1)
    exchange(state)
    view = state.public_view().exchange
    assert view is not None and view.drawn == (Card("Ac"),) and not view.qualified


def test_a_draw_never_takes_the_cards_kept_for_another_box_or_the_dealers_exchange() -> None:
    # Two players, one open box each: 52 - 10 - 5 - 3 - 1 (the other box's card) = 33 to draw.
    state = play({1: {1: (1, 0)}, 2: {1: (1, 0)}}, ["Kh Jh 7h 5h 2c", "Qc Qd 8s 6s 3d"],
                 NOT_QUALIFIED)
    assert state.draw_room(1) == 33 and state.draw_room(2) == 33
    state.draw(1, ["2c"])
    for _ in range(32):
        state.draw(1, [hand_of(state)[4]])
    assert state.draw_room(1) == 0 and state.draw_room(2) == 1
    with pytest.raises(RuleError, match="it has only 1 card left to draw"):
        state.draw(2, ["8s", "3d"])
    assert state.draw_takes_last_card(2) and state.can_buy(2)
    state.buy(2)
    state.bet(2)
    state.bet(1)
    exchange(state, 2)
    exchange(state, 1, boxes=())
    assert state.phase is Phase.SETTLED and state.public_view().exchange is not None


def test_a_draw_is_only_for_the_open_box_on_turn() -> None:
    state = play({1: {1: (10, 0)}, 2: {1: (10, 0)}}, ["Kh Jh 7h 5h 2c", "Jc Jd 8s 6s 3d"], QUEENS)
    state.bet(1)
    assert state.seats[1].step == "done" and not state.can_draw(1, ["2c"])
    with pytest.raises(RuleError, match="You have made all your decisions"):
        state.draw(1, ["2c"])
    with pytest.raises(RuleError, match="You have no boxes"):
        state.draw(7, ["2s"])


def test_a_draw_then_fold_loses_the_ante_and_the_draw_fees() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS, draws="3c 4c")
    state.draw(1, ["2c"])
    state.draw(1, ["3c"])
    state.fold(1)
    assert returned(state) == {"box1 ante": 0, "box1 draw": 0}
    assert outcomes(state) == {"box1 ante": "fold", "box1 draw": "fee"}
    assert state.settlement is not None and state.settlement.house_net == 10 + 30


def test_a_missed_decision_after_a_draw_is_auto_folded() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS, draws="3c")
    state.draw(1, ["2c"])
    assert [record.label for record in state.timeout_pending()] == ["box 1: AUTO FOLDED"]
    assert returned(state) == {"box1 ante": 0, "box1 draw": 0}


def test_go_on_before_the_box_is_decided_names_the_draw_among_the_choices() -> None:
    state = one_box("Kh Jh 7h 5h 2c", QUEENS)
    with pytest.raises(RuleError, match="Buy, Draw, Bet or Fold"):
        state.go_on(1)


# --------------------------------------------------------------------------- insurance


def test_insurance_needs_three_of_a_kind_or_better() -> None:
    state = one_box("Kc Kd As 5h 2d", QUEENS)
    assert state.insurance_range(1, 1) is None
    with pytest.raises(RuleError, match="Insurance needs Three of a Kind or better"):
        state.bet(1, insurance=10)


def test_insurance_maximum_includes_the_second_combination() -> None:
    # Trips 3:1 and a second Ace-King 1:1 on a BET of 20.
    assert one_box("6c 6d 6h As Kd", QUEENS).insurance_range(1, 1) == (10, 60 + 20)
    # Two straights after a Buy: 4:1 twice.
    state = one_box("9h 8h 7s 6c 5d", QUEENS, draws="6h")
    state.buy(1)
    assert state.insurance_range(1, 1) == (10, 80 + 80)
    state.bet(1, insurance=160)
    assert state.seats[1].boxes[1].insurance == 160


def test_insurance_follows_the_hand_after_a_draw() -> None:
    state = one_box("6c 6d 7h As Kd", QUEENS, draws="6h")
    assert state.insurance_range(1, 1) is None
    state.draw(1, ["7h"])
    assert state.insurance_range(1, 1) == (10, 60 + 20)


def test_insurance_is_never_above_the_tables_max_payout() -> None:
    state = one_box("6c 6d 6h As Kd", QUEENS, options=BoxedOptions(min_ante=1, max_payout=50))
    assert state.insurance_range(1, 1) == (10, 50)


def test_insurance_pays_one_to_one_when_the_dealer_does_not_qualify() -> None:
    state = one_box("6c 6d 6s Ks 2d", NOT_QUALIFIED)
    state.bet(1, insurance=30)
    state.go_on(1)
    assert returned(state) == {"box1 ante": 20, "box1 bet": 20, "box1 insurance": 60}


def test_insurance_is_lost_when_the_dealer_qualifies_and_the_player_wins() -> None:
    state = one_box("6c 6d 6h Ks 2d", QUEENS)
    state.bet(1, insurance=30)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 80, "box1 insurance": 0}


def test_insurance_is_returned_when_the_qualified_dealer_beats_the_player() -> None:
    state = one_box("6c 6d 6h Ks 2d", "Qc Qd Qs 8d 4s")
    state.bet(1, insurance=30)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0, "box1 insurance": 30}


# ---------------------------------------------------------------------------- exchange


def test_exchange_repeats_for_free_on_a_same_rank_card_the_seeds_example() -> None:
    # Point 17: the ace of spades gives way to the ace of clubs, the exchange repeats for free,
    # the ace of hearts makes the dealer's flush. One Ante is the fee, once.
    state = one_box("Kc Kd 7s 5d 2d", NOT_QUALIFIED, draws="Ac Ah")
    state.bet(1)
    exchange(state)
    view = state.public_view().exchange
    assert view is not None and view.qualified
    assert view.replaced == (Card("As"), Card("Ac")) and view.drawn == (Card("Ac"), Card("Ah"))
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}
    assert outcomes(state) == {"box1 ante": "exchange", "box1 bet": "lose"}


def test_exchange_then_qualified_and_player_better_pays_the_bet_and_second_combination_no_ante() -> None:
    # As -> Ac (same rank, still not qualified: free repeat) -> 9c: the dealer pairs his nines.
    state = one_box("Ks Kd Ad 7c 2c", NOT_QUALIFIED, draws="Ac 9c")
    state.bet(1)
    exchange(state)
    assert state.public_view().exchange.drawn == tuple(parse_cards("Ac 9c"))  # type: ignore[union-attr]
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20 + 20 + 20}


def test_rebet_again_raises_each_bet_by_last_rounds_seed_point_6() -> None:
    # "Jeder nachfolgende Klick auf 'Rebet', erhöht die Wette um die Summe der vorherigen Wette."
    state = new_round(BoxedOptions(min_ante=1))
    last_round = {1: (ANTE, 5), 2: (2 * ANTE, 0)}
    for clicks in (1, 2, 3):
        state.rebet(1, last_round)
        assert state.seats[1].layout() == {1: (clicks * ANTE, clicks * 5), 2: (clicks * 2 * ANTE, 0)}


def test_a_refused_exchange_names_why_folded_blind_or_no_ante() -> None:
    # Boxes 1 and 2 open (box 1 folds), box 3 blind; the dealer does not qualify.
    bets = {1: {1: (ANTE, 0), 2: (ANTE, 0), 3: (ANTE, 0)}}
    state = play(bets, ["9c 7d 5s 4h 2d", "Ks Kd 7s 5d 2c", "Jc Jd 8s 6d 3c"], NOT_QUALIFIED)
    state.fold(1)
    state.bet(1)
    assert state.phase is Phase.EXCHANGE
    refusals = {
        1: "Box 1 folded, so it cannot take part in the exchange.",
        3: "Box 3 is played blind, and only open boxes take part in the exchange here.",
        4: "Box 4 has no Ante, so it cannot take part in the exchange.",
    }
    for box, reason in refusals.items():
        with pytest.raises(RuleError) as refused:
            state.pick_exchange(1, box)
        assert str(refused.value) == reason
    state.pick_exchange(1, 2)  # the open box still playing may


def test_exchange_then_qualified_and_dealer_better_loses_the_bet() -> None:
    state = one_box("Jc Jd 7s 5d 2d", NOT_QUALIFIED, draws="Qc")
    state.bet(1)
    exchange(state)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}


def test_exchange_then_qualified_and_tie_returns_the_bet() -> None:
    state = one_box("Qs Qd 9d 6c 3c", NOT_QUALIFIED, draws="Qc")
    state.bet(1)
    exchange(state)
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}


def test_exchange_still_not_qualified_after_a_new_rank_keeps_the_ante_and_returns_the_bet() -> None:
    state = one_box("Kc Kd 7s 5d 2d", NOT_QUALIFIED, draws="Ks Ac")
    state.bet(1)
    exchange(state)
    view = state.public_view().exchange
    assert view is not None and view.drawn == (Card("Ks"),) and not view.qualified
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}


def test_exchange_repeats_at_most_three_times_in_all() -> None:
    state = one_box("Kc Kd 7s 5d 2d", "As Qc 9h 6d 3h", draws="Ac Ad Ah")
    state.bet(1)
    exchange(state)
    view = state.public_view().exchange
    assert view is not None and len(view.drawn) == 3 and not view.qualified
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}


def test_exchange_on_open_boxes_only_and_the_others_settle_as_not_qualified() -> None:
    state = play({1: {1: (10, 0), 2: (10, 0), 3: (10, 0)}},
                 ["Kc Kd 7s 5d 2d", "Jc Jd 8s 5h 2h", "Tc Td 8c 6s 2s"], NOT_QUALIFIED, draws="Qs")
    state.bet(1)
    state.bet(1)
    assert state.exchange_boxes(1) == (1, 2)
    with pytest.raises(RuleError, match="Box 3 is played blind, and only open boxes take part"):
        state.pick_exchange(1, 3)
    exchange(state, boxes=(1,))
    assert returned(state) == {"box1 ante": 0, "box1 bet": 40, "box2 ante": 20, "box2 bet": 20,
                               "box3 ante": 20, "box3 bet": 20}


# ------------------------------------------------------------------------- blind boxes


def test_blind_boxes_bet_automatically_and_cannot_fold_buy_or_draw() -> None:
    state = play({1: {1: (10, 0), 2: (10, 0), 3: (10, 0)}},
                 ["Kc Kd 7s 5d 2d", "Jc Jd 8s 5h 2h", "6c 6d 6h Ks 2s"], QUEENS)
    blind = state.seats[1].boxes[3]
    assert blind.kind == "blind" and blind.bet == 20
    assert state.private_view(1).boxes[2].cards == (None,) * 5
    state.bet(1)
    state.bet(1)
    assert state.seats[1].step == "blind" and state.current_box(1) is None
    assert state.private_view(1).boxes[2].cards == tuple(parse_cards("6c 6d 6h Ks 2s"))
    assert not state.can_fold(1) and not state.can_buy(1) and state.draw_max(1) == 0
    with pytest.raises(RuleError, match="Your open boxes are decided"):
        state.draw(1, ["2s"])


def test_a_blind_box_that_beats_a_qualified_dealer_is_paid_its_bet_per_table_and_ante_one_to_one() -> None:
    state = play({1: {1: (10, 0), 2: (10, 0), 3: (10, 0)}},
                 ["7c 5d 4s 3h 2d", "7s 5h 4d 3c 2h", "9s 9c Ah Kc 6h"], EIGHTS)
    state.fold(1)
    state.fold(1)
    assert returned(state) == {"box1 ante": 0, "box2 ante": 0, "box3 ante": 20,
                               "box3 bet": 20 + 20 + 20}


def test_a_blind_box_may_be_insured_after_the_open_boxes() -> None:
    state = play({1: {1: (10, 0), 2: (10, 0), 3: (10, 0)}},
                 ["7c 5d 4s 3d 2c", "7s 5c 4d 3c 2h", "6c 6d 6s Ks 2s"], NOT_QUALIFIED)
    state.fold(1)
    state.fold(1)
    assert state.insurance_range(1, 3) == (10, 60)
    state.insure(1, 3, 10)
    assert state.phase is Phase.SETTLED  # no open box left to ask for an exchange
    assert returned(state)["box3 insurance"] == 20


# -------------------------------------------------------------------- boxes and limits


def test_a_player_has_up_to_four_boxes_the_first_two_with_an_ante_open() -> None:
    state = new_round(BoxedOptions(min_ante=1))
    for box in (1, 2, 3, 4):
        state.place_ante(1, box, 10)
    with pytest.raises(RuleError, match="Choose a box from 1 to 4"):
        state.place_ante(1, 5, 10)
    assert [box.kind for box in state.seats[1].boxes.values()] == ["open", "open", "blind", "blind"]


def test_antes_must_be_within_a_factor_of_five_of_each_other() -> None:
    state = new_round(BoxedOptions(min_ante=1))
    state.place_ante(1, 1, 10)
    state.place_ante(1, 2, 50)
    with pytest.raises(RuleError, match="within a factor of 5"):
        state.place_ante(1, 3, 51)


def test_bonus_only_on_a_box_with_an_ante() -> None:
    state = new_round(BoxedOptions(min_ante=1))
    with pytest.raises(RuleError, match="the bonus needs an Ante"):
        state.place_bonus(1, 1, 5)
    state.place_ante(1, 1, 10)
    state.place_bonus(1, 1, 5)


def test_max_payout_caps_each_bet_of_each_box_second_combination_included() -> None:
    state = one_box("9s 9c Ah Kc 6h", EIGHTS, options=BoxedOptions(min_ante=1, max_payout=30))
    state.bet(1)
    assert returned(state) == {"box1 ante": 10, "box1 bet": 20 + 30}


def test_max_round_payout_caps_a_players_total_win() -> None:
    # Royal flush on BET 100 (10,000) and on a bonus of 50 (50,000 capped to 20,000): 30,000 in
    # all, scaled down to the round's 20,000, rounding down.
    state = one_box("As Ks Qs Js Ts", QUEENS, ante=50, bonus=50)
    state.bet(1)
    lines = returned(state)
    assert lines["box1 ante"] == 50
    won = (lines["box1 bet"] - 100) + (lines["box1 bonus"] - 50)
    assert won <= 20_000 and won >= 19_999


def test_defaults_are_the_rules_limits() -> None:
    options = new_round().options
    assert (options.max_payout, options.max_round_payout) == (20_000, 20_000)
    assert IMPERIAL.bet_multiple == 2 and IMPERIAL.max_boxes == 4 and IMPERIAL.max_open_boxes == 2
    assert IMPERIAL.ante_spread == 5 and IMPERIAL.dealer.qualifier is HandClass.ACE_KING


def test_open_boxes_are_played_in_turn_by_position() -> None:
    state = play({1: {1: (10, 0), 2: (30, 0)}}, ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], QUEENS)
    assert state.seats[1].order == (1, 2) and state.current_box(1) == 1


# ------------------------------------------------------------------------ views and saving


def test_views_hide_the_dealers_down_cards_and_every_box_until_the_showdown() -> None:
    state = play({1: {1: (10, 0)}, 2: {1: (10, 0)}}, ["9s 9c Ah Kc 6h", "Jc Jd 7s 5d 2h"], EIGHTS,
                 draws="Jh")
    public = state.public_view()
    assert set(public.face_up_cards()) == {Card("2c")}
    mine = state.private_view(1)
    assert mine.boxes[0].cards == tuple(parse_cards("9s 9c Ah Kc 6h"))
    assert mine.boxes[0].hand == "Pair of Nines + Ace-King"
    assert mine.can_draw and mine.draw_max == 5 and mine.draw_cost == 10 and mine.draw_number == 1
    assert "Jc" not in json.dumps(mine.to_dict()) and "9s" not in json.dumps(public.to_dict())
    record = state.draw(2, ["2h"])
    assert "Jh" not in json.dumps(record.to_dict()) and "2h" not in json.dumps(record.to_dict())
    assert "Jh" not in json.dumps(state.public_view().to_dict())
    assert state.private_view(2).to_dict()["draw_number"] == 2
    state.bet(1)
    state.bet(2)
    shown = state.public_view()
    assert shown.seats[0].boxes[0].hand == "Pair of Nines + Ace-King"
    assert shown.seats[1].boxes[0].cards == tuple(parse_cards("Jc Jd 7s 5d Jh"))


def test_a_saved_round_restores_equal_at_every_phase_draws_included() -> None:
    state = new_round(BoxedOptions(min_ante=5, max_ante=500))
    snapshots = []

    def save() -> None:
        data = json.loads(json.dumps(state.to_dict()))
        restored = restore_round(data)
        assert isinstance(restored, ImperialState) and restored.to_dict() == data
        assert restored.public_view() == state.public_view()
        assert restored.private_view(1) == state.private_view(1)
        snapshots.append(state.phase)

    save()
    state.place_ante(1, 1, 10)
    state.place_ante(1, 2, 10)
    state.place_ante(1, 3, 10)
    state.place_bonus(1, 3, 5)
    save()
    state.close_betting()
    save()
    state.deal(arrange_deck(["Qc Qs 8d 5h 2d", "Kc Kd 7s 5s 2h", "6c 6d 6s Ks 2s"], NOT_QUALIFIED,
                            draws="Qd 9c"))
    save()
    state.draw(1, ["2d"])
    save()
    assert restore_round(json.loads(json.dumps(state.to_dict()))).draw_cost(1) == 20
    state.draw(1, ["8d"])
    save()
    state.bet(1, insurance=0)
    state.bet(1)
    save()
    state.insure(1, 3, 10)
    save()
    state.pick_exchange(1, 1)
    save()
    state.go_on(1)
    save()
    assert snapshots == [Phase.BETTING, Phase.BETTING, Phase.DEALING, Phase.DECISIONS,
                         Phase.DECISIONS, Phase.DECISIONS, Phase.DECISIONS, Phase.EXCHANGE,
                         Phase.EXCHANGE, Phase.SETTLED]
    assert [action.label for action in state.history if isinstance(action, Draw)] == [
        "box 1: DRAW 1 card", "box 1: DRAW 1 card (draw 2)"]
    with pytest.raises(ValueError, match="not a saved Imperial Poker round"):
        restore_round({**state.to_dict(), "game": "twoplusfour"})


def test_settlement_bets_are_named_per_box() -> None:
    state = play({1: {1: (10, 5), 2: (10, 0), 3: (10, 0)}},
                 ["6c 6d 6h As 2d", "Jc Jd 8s 5h 2h", "Tc Td 8c 6s 2s"], QUEENS, draws="Kd")
    state.draw(1, ["2d"])
    state.bet(1, insurance=10)
    state.buy(1)
    state.fold(1)  # the blind box's pair of tens cannot be insured: the round settles
    assert state.settlement is not None
    assert [line.bet for line in state.settlement.lines] == [
        "box1 ante", "box1 bet", "box1 draw", "box1 bonus", "box1 insurance",
        "box2 ante", "box2 buy", "box3 ante", "box3 bet"]


# ------------------------------------------------------------------------------ properties


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), deck=st.permutations(range(52)),
       layouts=st.lists(bet_layouts, min_size=1, max_size=3),
       caps=st.sampled_from([(20_000, 20_000), (50, 80)]))
def test_random_rounds_conserve_chips_respect_the_caps_and_survive_save_and_restore(
    data: st.DataObject, deck: list[int], layouts: list[dict[int, tuple[int, int]]],
    caps: tuple[int, int],
) -> None:
    options = BoxedOptions(min_ante=10, smallest_chip=5, max_payout=caps[0], max_round_payout=caps[1])
    state = ImperialState(IMPERIAL, options)
    place_layouts(state, layouts)
    play_out(state, data, deck, restore_round)
    check_settlement(state, caps)
    assert state.settlement is not None
    for line in state.settlement.lines:
        if line.bet.endswith(" draw"):
            assert line.returned == 0 and line.outcome == "fee"
