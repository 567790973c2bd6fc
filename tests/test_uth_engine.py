"""Ultimate Texas Hold'em engine: every settlement branch from a fixed deck, every betting and
decision rule, the views' privacy, and properties over random decks and decisions.

Each test is named after the rule it proves (seed ``ultimate-texas-holdem.de.txt``, RULES.md).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.games.common import RuleError, SettlementLine, chips_of
from bot.games.uth import (
    Phase,
    UTHBets,
    UTHOptions,
    UTHState,
    settle_hand,
)
from bot.poker import FULL_DECK, Card, Category, parse_cards

ANTE = 10


def arrange_deck(players: Sequence[str], dealer: str, board: str) -> list[Card]:
    """A deck that deals ``players[i]`` to the i-th seat, then ``dealer``, then ``board``.

    The engine deals two cards to each seat in seat order, two to the dealer, five to the
    board; the unnamed cards follow in index order.
    """
    named = [card for hole in players for card in parse_cards(hole)]
    named += parse_cards(dealer) + parse_cards(board)
    assert len(named) == 2 * len(players) + 7 and len(set(named)) == len(named)
    return named + [card for card in FULL_DECK if card not in named]


def dealt(
    players: Sequence[str], dealer: str, board: str, *, ante: int = ANTE, trips: int = 0,
    options: UTHOptions | None = None,
) -> UTHState:
    """A round with one seat per hole pair (seats 1, 2, ...), bets placed and cards dealt."""
    state = UTHState(options or UTHOptions())
    for seat in range(1, len(players) + 1):
        state.place_ante(seat, ante)
        if trips:
            state.place_trips(seat, trips)
    state.close_betting()
    state.deal(arrange_deck(players, dealer, board))
    return state


def returned(state: UTHState, seat: int = 1) -> dict[str, int]:
    assert state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines_of(seat)}


def outcomes(state: UTHState, seat: int = 1) -> dict[str, str]:
    assert state.settlement is not None
    return {line.bet: line.outcome for line in state.settlement.lines_of(seat)}


def raise_preflop(state: UTHState, multiple: int = 4, seat: int = 1) -> None:
    state.raise_bet(seat, multiple)
    assert state.phase is Phase.SETTLED


def check_to_river_then(state: UTHState, decision: str, seat: int = 1) -> None:
    state.check(seat)
    state.check(seat)
    assert state.phase is Phase.RIVER
    if decision == "raise":
        state.raise_bet(seat, 1)
    else:
        state.fold(seat)
    assert state.phase is Phase.SETTLED


# ------------------------------------------------------------------------ settlement branches


def test_dealer_qualifies_and_dealer_better_loses_ante_blind_and_play() -> None:
    state = dealt(["Qh 3c"], dealer="Kd 4s", board="2c 7d 9h Js Kc")
    raise_preflop(state)
    assert returned(state) == {"ante": 0, "blind": 0, "play": 0}
    assert outcomes(state) == {"ante": "lose", "blind": "lose", "play": "lose"}
    assert state.settlement is not None and state.settlement.house_net == 60


# (player hole, dealer hole, board, Blind returned on 10, Trips returned on 10)
BLIND_AND_TRIPS_ROWS = {
    "royal flush": ("Jh Th", "4c 4d", "Ah Kh Qh 2c 3d", 10 + 5000, 10 + 500),
    "straight flush": ("6s 5s", "Kc Kd", "9s 8s 7s 2c 2d", 10 + 500, 10 + 400),
    "four of a kind": ("9h 9s", "Kc 4h", "9c 9d 5h 2s Kd", 10 + 100, 10 + 300),
    "full house": ("9h Kc", "5c 4h", "9c 9d 5h 2s Kd", 10 + 30, 10 + 80),
    "flush": ("Th 3h", "Kc 5d", "Ah 8h 4h 2c Kd", 10 + 15, 10 + 70),
    "straight": ("Ks 9d", "Td 4c", "Tc Jd Qh 5s 2c", 10 + 10, 10 + 40),
    "three of a kind": ("7h Kd", "Qd 4c", "7c 7d Qh 5s 2c", 10, 10 + 30),
    "two pair": ("Ah Kd", "Qd 4c", "Ac Kc Qh 5s 2c", 10, 0),
}


@pytest.mark.parametrize("row", list(BLIND_AND_TRIPS_ROWS))
def test_dealer_qualifies_and_player_better_pays_ante_play_even_and_blind_per_table(row: str) -> None:
    hole, dealer, board, blind_back, _ = BLIND_AND_TRIPS_ROWS[row]
    state = dealt([hole], dealer=dealer, board=board)
    raise_preflop(state, 4)
    assert state.history[-1].kind == "showdown"
    assert returned(state) == {"ante": 20, "blind": blind_back, "play": 80}
    assert outcomes(state)["blind"] == ("win" if blind_back > 10 else "push")


def test_blind_flush_pays_three_to_two_rounded_down_to_the_chip() -> None:
    state = dealt(["Th 3h"], dealer="Kc 5d", board="Ah 8h 4h 2c Kd", ante=11)
    raise_preflop(state, 3)
    assert returned(state) == {"ante": 22, "blind": 11 + 16, "play": 66}


def test_blind_pushes_below_a_straight_when_the_player_wins() -> None:
    hole, dealer, board, _, _ = BLIND_AND_TRIPS_ROWS["three of a kind"]
    state = dealt([hole], dealer=dealer, board=board)
    raise_preflop(state)
    assert outcomes(state) == {"ante": "win", "blind": "push", "play": "win"}


def test_dealer_qualifies_and_tie_pushes_ante_blind_and_play() -> None:
    state = dealt(["2c 3d"], dealer="4h 5s", board="Ac Ad Kh Ks Qs")
    raise_preflop(state)
    assert returned(state) == {"ante": 10, "blind": 10, "play": 40}
    assert set(outcomes(state).values()) == {"push"}


def test_dealer_not_qualified_and_player_better_ante_pushes_play_wins_blind_per_table() -> None:
    state = dealt(["Ks 9d"], dealer="3d 4h", board="Tc Jd Qh 5s 2c")
    raise_preflop(state, 3)
    assert returned(state) == {"ante": 10, "blind": 20, "play": 60}
    assert outcomes(state) == {"ante": "push", "blind": "win", "play": "win"}


def test_dealer_not_qualified_and_player_better_below_straight_blind_pushes() -> None:
    state = dealt(["Ah 4c"], dealer="3d 5h", board="2c 7d 9h Js Kc")
    raise_preflop(state, 3)
    assert returned(state) == {"ante": 10, "blind": 10, "play": 60}


def test_dealer_not_qualified_and_dealer_better_ante_pushes_play_and_blind_lose() -> None:
    state = dealt(["Qd 3s"], dealer="Ah 5h", board="2c 7d 9h Js Kc")
    raise_preflop(state)
    assert returned(state) == {"ante": 10, "blind": 0, "play": 0}
    assert outcomes(state) == {"ante": "push", "blind": "lose", "play": "lose"}


def test_dealer_not_qualified_and_tie_pushes_play_and_blind() -> None:
    state = dealt(["2c 3d"], dealer="4c 5d", board="Ac Kd Qh Js 9c")
    check_to_river_then(state, "raise")
    assert returned(state) == {"ante": 10, "blind": 10, "play": 10}


def test_dealer_pair_of_fours_qualifies_by_default() -> None:
    state = dealt(["Ah Qd"], dealer="4d 4h", board="3c 7d 9h Js Kc")
    raise_preflop(state)
    assert returned(state) == {"ante": 0, "blind": 0, "play": 0}


def test_dealer_pair_of_threes_does_not_qualify_with_pair_of_fours_qualifier() -> None:
    state = dealt(["Ah Qd"], dealer="3d 5h", board="3c 7d 9h Js Kc")
    raise_preflop(state)
    assert returned(state) == {"ante": 10, "blind": 0, "play": 0}


def test_dealer_pair_of_threes_qualifies_with_pair_qualifier_option() -> None:
    options = UTHOptions(dealer_qualifier="pair")
    state = dealt(["Ah Qd"], dealer="3d 5h", board="3c 7d 9h Js Kc", options=options)
    raise_preflop(state)
    assert returned(state) == {"ante": 0, "blind": 0, "play": 0}


def test_dealer_qualifier_option_rejects_unknown_values() -> None:
    with pytest.raises(ValueError, match="dealer_qualifier"):
        UTHOptions(dealer_qualifier="ace_king")


def test_max_payout_caps_the_winnings_of_each_bet() -> None:
    hole, dealer, board, _, _ = BLIND_AND_TRIPS_ROWS["royal flush"]
    state = dealt([hole], dealer=dealer, board=board, trips=10, options=UTHOptions(max_payout=300))
    raise_preflop(state)
    assert returned(state) == {"ante": 20, "blind": 310, "play": 80, "trips": 310}


# ------------------------------------------------------------------------------------ Trips


@pytest.mark.parametrize("row", list(BLIND_AND_TRIPS_ROWS))
def test_trips_pays_per_the_trips_table_on_the_players_hand_alone(row: str) -> None:
    hole, dealer, board, _, trips_back = BLIND_AND_TRIPS_ROWS[row]
    state = dealt([hole], dealer=dealer, board=board, trips=10)
    raise_preflop(state)
    assert returned(state)["trips"] == trips_back
    assert outcomes(state)["trips"] == ("win" if trips_back else "lose")


def test_trips_pays_even_when_the_player_loses_to_the_dealer() -> None:
    # Player: three sevens; dealer: sevens full of queens.
    state = dealt(["7h Kd"], dealer="Qd 7s", board="7c 7d Qh 5s 2c", trips=10)
    raise_preflop(state)
    assert returned(state) == {"ante": 0, "blind": 0, "play": 0, "trips": 40}


def test_trips_still_pays_after_a_fold() -> None:
    state = dealt(["7h Kd"], dealer="Qd 4c", board="7c 7d Qh 5s 2c", trips=10)
    check_to_river_then(state, "fold")
    assert returned(state) == {"ante": 0, "blind": 0, "trips": 40}
    assert outcomes(state) == {"ante": "fold", "blind": "fold", "trips": "win"}


def test_trips_loses_below_three_of_a_kind_even_when_the_player_wins() -> None:
    hole, dealer, board, _, _ = BLIND_AND_TRIPS_ROWS["two pair"]
    state = dealt([hole], dealer=dealer, board=board, trips=10)
    raise_preflop(state)
    assert returned(state) == {"ante": 20, "blind": 10, "play": 80, "trips": 0}


def test_trips_exact_return_matches_the_pay_table_for_every_category() -> None:
    expected = {Category.HIGH_CARD: 0, Category.PAIR: 0, Category.TWO_PAIR: 0,
                Category.THREE_OF_A_KIND: 40, Category.STRAIGHT: 50, Category.FLUSH: 80,
                Category.FULL_HOUSE: 90, Category.FOUR_OF_A_KIND: 310,
                Category.STRAIGHT_FLUSH: 410, Category.ROYAL_FLUSH: 510}
    for category, back in expected.items():
        for folded in (False, True):
            result = settle_hand(10, 10, 0, folded, category, -1, True, UTHOptions())
            assert result.trips == back


# ---------------------------------------------------------------------------- decisions


def test_raise_sizes_are_4x_or_3x_preflop_2x_on_the_flop_1x_on_the_river() -> None:
    state = dealt(["2c 3d", "4c 5d", "6c 7d", "8c 9d"], dealer="Th Jh", board="Qs Ks As 2h 3h")
    assert not state.can_raise_bet(1, 2) and not state.can_raise_bet(1, 1)
    assert state.raise_bet(1, 4).amount == 40
    assert state.raise_bet(2, 3).amount == 30
    state.check(3)
    state.check(4)
    assert state.phase is Phase.FLOP
    with pytest.raises(RuleError, match="raise 2x"):
        state.verify_raise_bet(3, 4)
    assert state.raise_bet(3, 2).chips == 20
    state.check(4)
    assert state.phase is Phase.RIVER
    assert state.pending_seats() == (4,)
    assert state.raise_bet(4, 1).chips == 10
    assert state.phase is Phase.SETTLED
    assert [state.seats[seat].play for seat in (1, 2, 3, 4)] == [40, 30, 20, 10]


def test_fold_is_not_possible_before_the_river() -> None:
    state = dealt(["2c 3d"], dealer="Th Jh", board="Qs Ks As 2h 3h")
    with pytest.raises(RuleError, match="only on the river"):
        state.verify_fold(1)
    state.check(1)
    assert not state.can_fold(1)
    state.check(1)
    assert state.can_fold(1)
    assert not state.can_check(1)
    with pytest.raises(RuleError, match="raise 1x or fold"):
        state.check(1)


def test_missed_decisions_are_auto_checked_preflop_and_flop_and_auto_folded_on_the_river() -> None:
    state = dealt(["Qh 3c"], dealer="Kd 4s", board="2c 7d 9h Js Kc", trips=10)
    assert state.timeout(1).label == "AUTO CHECKED"
    assert state.phase is Phase.FLOP
    assert state.timeout(1).label == "AUTO CHECKED"
    assert state.phase is Phase.RIVER
    folded = state.timeout(1)
    assert folded.label == "AUTO FOLDED"
    assert state.phase is Phase.SETTLED
    assert returned(state) == {"ante": 0, "blind": 0, "trips": 0}
    assert [action.label for action in state.history if action.kind in ("check", "fold")] == [
        "AUTO CHECKED", "AUTO CHECKED", "AUTO FOLDED"]
    assert state.public_view().seats[0].status == "AUTO FOLDED"


def test_streets_advance_only_when_every_seat_has_decided() -> None:
    state = dealt(["2c 3d", "4c 5d"], dealer="Th Jh", board="Qs Ks As 2h 3h")
    state.check(1)
    assert state.phase is Phase.PREFLOP and state.pending_seats() == (2,)
    assert state.public_view().board == (None,) * 5
    state.timeout(2)
    assert state.phase is Phase.FLOP
    assert state.public_view().board[:3] == tuple(parse_cards("Qs Ks As"))


def test_everyone_raising_preflop_goes_straight_to_the_showdown() -> None:
    state = dealt(["2c 3d", "4c 5d"], dealer="Th Jh", board="Qs Ks As 2h 3h")
    state.raise_bet(1, 4)
    state.raise_bet(2, 3)
    assert state.phase is Phase.SETTLED
    assert [action.kind for action in state.history[-3:]] == ["reveal", "reveal", "showdown"]


def test_decisions_out_of_phase_by_a_stranger_or_twice_are_refused_with_a_reason() -> None:
    state = UTHState()
    state.place_ante(1, 10)
    with pytest.raises(RuleError, match="not been dealt"):
        state.verify_check(1)
    state.close_betting()
    with pytest.raises(RuleError, match="Bets are closed"):
        state.place_ante(2, 10)
    state.deal(arrange_deck(["2c 3d"], "Th Jh", "Qs Ks As 2h 3h"))
    with pytest.raises(RuleError, match="Cards are dealt once"):
        state.deal(FULL_DECK)
    with pytest.raises(RuleError, match="no hand in this round"):
        state.check(99)
    state.raise_bet(1, 4)
    with pytest.raises(RuleError, match="round is over"):
        state.check(1)


def test_a_decision_cannot_be_made_twice_on_a_street() -> None:
    state = dealt(["2c 3d", "4c 5d"], dealer="Th Jh", board="Qs Ks As 2h 3h")
    state.check(1)
    with pytest.raises(RuleError, match="already decided on the preflop"):
        state.raise_bet(1, 4)
    state.raise_bet(2, 4)
    with pytest.raises(RuleError, match="already raised"):
        state.verify_check(2)
    assert not state.can_timeout(2)


# ------------------------------------------------------------------------------- betting


def test_blind_is_placed_automatically_equal_to_the_ante() -> None:
    state = UTHState()
    action = state.place_ante(1, 25)
    assert action.chips == 50
    assert {flow.bet: flow.amount for flow in action.flows} == {"ante": 25, "blind": 25}
    assert state.seats[1].blind == 25


def test_trips_is_accepted_only_after_the_ante() -> None:
    state = UTHState()
    with pytest.raises(RuleError, match="Place an Ante first"):
        state.place_trips(1, 10)
    state.place_ante(1, 10)
    assert state.place_trips(1, 10).chips == 10


def test_bet_over_the_maximum_is_refused_when_placed() -> None:
    state = UTHState(UTHOptions(min_bet=10, max_bet=100, trips_max_bet=50))
    state.place_ante(1, 60)
    with pytest.raises(RuleError, match="over the table maximum of 100"):
        state.place_ante(1, 50)
    state.place_trips(1, 50)
    with pytest.raises(RuleError, match="over the table maximum of 50"):
        state.place_trips(1, 1)
    assert not state.can_place_ante(2, 0)
    assert not state.can_place_ante(2, True)


def test_bets_below_the_minimum_are_rejected_and_refunded_when_the_window_closes() -> None:
    state = UTHState(UTHOptions(min_bet=10, trips_min_bet=5))
    state.place_ante(1, 5)        # Ante too small: seat drops out with its Trips
    state.place_trips(1, 5)
    state.place_ante(2, 10)       # Ante stands, Trips too small
    state.place_trips(2, 4)
    state.place_ante(3, 10)       # both stand
    state.place_trips(3, 5)
    close = state.close_betting()
    assert close.seats == (2, 3)
    assert [(r.seat, r.bet, r.amount) for r in close.rejected] == [
        (1, "ante", 5), (1, "blind", 5), (1, "trips", 5), (2, "trips", 4)]
    assert chips_of(close.flows, 1) == -15 and chips_of(close.flows, 2) == -4
    assert chips_of(close.flows, 3) == 0
    assert state.bets_of(2) == UTHBets(10, 0) and state.bets_of(3) == UTHBets(10, 5)
    assert state.phase is Phase.DEALING


def test_nobody_left_after_the_window_ends_the_round_with_nothing_dealt() -> None:
    state = UTHState()
    state.place_ante(1, 3)
    close = state.close_betting()
    assert close.chips == -6
    assert state.phase is Phase.SETTLED
    assert state.settlement is not None and state.settlement.lines == ()
    assert not state.can_deal()
    assert state.public_view().board == () and state.public_view().dealer == ()


def test_undo_takes_bets_back_in_reverse_order_of_placement() -> None:
    state = UTHState()
    state.place_ante(1, 10)
    state.place_trips(1, 5)
    state.place_ante(1, 20)
    state.double(1)
    assert state.bets_of(1) == UTHBets(60, 10)
    steps = [state.undo(1) for _ in range(4)]
    assert [step.undone for step in steps] == ["double", "ante", "trips", "ante"]
    assert [step.chips for step in steps] == [-65, -40, -5, -20]
    assert state.seats == {}
    with pytest.raises(RuleError, match="no bets"):
        state.undo(1)


def test_clear_bets_takes_every_bet_back_at_once() -> None:
    state = UTHState()
    state.place_ante(1, 10)
    state.place_trips(1, 5)
    assert state.clear_bets(1).chips == -25
    assert state.bets_of(1) is None


def test_rebet_repeats_last_rounds_bets_in_one_step() -> None:
    state = UTHState()
    action = state.rebet(7, UTHBets(ante=20, trips=10))
    assert action.chips == 50
    assert state.bets_of(7) == UTHBets(20, 10)
    with pytest.raises(RuleError, match="empty spot"):
        state.rebet(7, UTHBets(ante=20))
    assert state.undo(7).chips == -50
    with pytest.raises(RuleError, match="no bets from your last round"):
        state.rebet(7, UTHBets(ante=0))
    with pytest.raises(RuleError, match="over this table's maximum"):
        UTHState(UTHOptions(max_bet=100)).rebet(7, UTHBets(ante=200))


def test_double_doubles_every_bet_once_capped_at_the_table_maximum() -> None:
    state = UTHState(UTHOptions(max_bet=100, trips_max_bet=100))
    state.place_ante(1, 60)
    state.place_trips(1, 30)
    assert state.double_cost(1) == 2 * 40 + 30
    doubled = state.double(1)
    assert (doubled.ante, doubled.trips, doubled.chips) == (40, 30, 110)
    assert state.bets_of(1) == UTHBets(100, 60)
    with pytest.raises(RuleError, match="only once"):
        state.double(1)
    state.undo(1)
    assert state.can_double(1)


def test_double_is_refused_when_every_bet_is_already_at_the_maximum() -> None:
    state = UTHState(UTHOptions(max_bet=100))
    state.place_ante(1, 100)
    with pytest.raises(RuleError, match="already at the table maximum"):
        state.double(1)


def test_a_full_round_refuses_new_seats() -> None:
    state = UTHState(UTHOptions(max_seats=2))
    state.place_ante(1, 10)
    state.place_ante(2, 10)
    with pytest.raises(RuleError, match="full"):
        state.place_ante(3, 10)
    state.place_ante(2, 10)


def test_deal_needs_enough_distinct_cards() -> None:
    state = UTHState()
    state.place_ante(1, 10)
    state.close_betting()
    with pytest.raises(ValueError, match="need 9 cards"):
        state.deal(FULL_DECK[:8])
    with pytest.raises(ValueError, match="twice"):
        state.deal([FULL_DECK[0]] * 9)
    assert state.phase is Phase.DEALING


def test_the_deal_takes_two_cards_per_seat_then_the_dealers_then_the_board() -> None:
    state = UTHState()
    assert state.dealt_cards() == []
    state.place_ante(1, 10)
    state.place_ante(2, 10)
    state.close_betting()
    state.deal(FULL_DECK)
    assert state.dealt_cards() == list(FULL_DECK[:11])
    assert state.seats[2].hole == tuple(FULL_DECK[2:4])
    assert (state.dealer, state.board) == (tuple(FULL_DECK[4:6]), tuple(FULL_DECK[6:11]))


# --------------------------------------------------------------------------------- views


def test_views_hide_dealer_board_and_other_players_cards_until_the_showdown() -> None:
    state = dealt(["2c 3d", "4c 5d"], dealer="Th Jh", board="Qs Ks As 2h 3h")
    view = state.public_view()
    assert view.dealer == (None, None)
    assert [seat.hole for seat in view.seats] == [(None, None), (None, None)]
    assert view.face_up_cards() == []
    mine = state.private_view(1)
    assert mine.hole == tuple(parse_cards("2c 3d")) and mine.board == ()
    assert mine.raise_multiples == (4, 3) and mine.can_check and not mine.can_fold
    assert state.private_view(99).hole == ()
    state.check(1)
    state.check(2)
    assert state.private_view(1).hand == "High Card, Ace"
    state.raise_bet(1, 2)
    state.raise_bet(2, 2)
    view = state.public_view()
    assert view.dealer == tuple(parse_cards("Th Jh"))
    assert view.dealer_hand == "Straight, Ace high" and view.dealer_qualified is True
    assert [seat.hand for seat in view.seats] == ["Two Pair, Threes and Twos", "Straight, Five high"]
    json.dumps(view.to_dict())


# ------------------------------------------------------------------------------ properties

BET_CHOICES = ("ante", "trips", "undo", "double", "rebet", "clear")


def _play_random_round(data: st.DataObject, deck: list[int]) -> UTHState:
    options = UTHOptions(min_bet=5, max_bet=50, trips_min_bet=2, trips_max_bet=20,
                         dealer_qualifier=data.draw(st.sampled_from(["pair_of_fours", "pair"])))
    state = UTHState(options)
    flows = []
    seats = data.draw(st.lists(st.integers(1, 6), min_size=1, max_size=5, unique=True))

    def snapshot() -> None:
        _assert_round_trip(state)
        _assert_public_view_shows_only_revealed_cards(state)

    for seat in seats:
        flows += state.place_ante(seat, data.draw(st.sampled_from(range(1, 41)))).flows
    for _ in range(data.draw(st.integers(0, 10))):
        seat, choice = data.draw(st.sampled_from(seats)), data.draw(st.sampled_from(BET_CHOICES))
        amount = data.draw(st.integers(1, 30))
        actions = {
            "ante": (state.can_place_ante, state.place_ante, (seat, amount)),
            "trips": (state.can_place_trips, state.place_trips, (seat, amount)),
            "undo": (state.can_undo, state.undo, (seat,)),
            "double": (state.can_double, state.double, (seat,)),
            "rebet": (state.can_rebet, state.rebet, (seat, UTHBets(amount, amount // 3))),
            "clear": (state.can_clear_bets, state.clear_bets, (seat,)),
        }
        can, act, args = actions[choice]
        if can(*args):
            flows += act(*args).flows
            snapshot()
    flows += state.close_betting().flows
    snapshot()
    if state.phase is Phase.DEALING:
        state.deal([Card(card) for card in deck])
        snapshot()
    while state.phase is not Phase.SETTLED:
        seat = data.draw(st.sampled_from(state.pending_seats()))
        options_now = [("timeout", 0)]
        options_now += [("raise", m) for m in (4, 3, 2, 1) if state.can_raise_bet(seat, m)]
        options_now += [("check", 0)] if state.can_check(seat) else [("fold", 0)]
        kind, multiple = data.draw(st.sampled_from(options_now))
        if kind == "raise":
            flows += state.raise_bet(seat, multiple).flows
        elif kind == "check":
            state.check(seat)
        elif kind == "fold":
            state.fold(seat)
        else:
            state.timeout(seat)
        snapshot()
    assert sum(flow.amount for flow in flows) == sum(action.chips for action in state.history)
    return state


def _assert_round_trip(state: UTHState) -> None:
    saved = json.loads(json.dumps(state.to_dict()))
    restored = UTHState.from_dict(saved)
    assert restored == state
    assert restored.to_dict() == saved


def _assert_public_view_shows_only_revealed_cards(state: UTHState) -> None:
    view = state.public_view()
    json.dumps(view.to_dict())
    if state.phase is Phase.SETTLED and state.dealer:
        return
    revealed = set(state.board[: state.revealed])
    assert set(view.face_up_cards()) <= revealed
    assert all(card is None for card in view.dealer)
    assert all(card is None for seat in view.seats for card in seat.hole)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), deck=st.permutations(range(52)))
def test_random_rounds_conserve_chips_never_pay_negative_and_survive_save_and_restore(
    data: st.DataObject, deck: list[int]
) -> None:
    state = _play_random_round(data, deck)
    event(f"hands dealt: {len(state.seats) if state.dealer else 0}")
    settlement = state.settlement
    assert settlement is not None
    chips_in = sum(action.chips for action in state.history)
    assert chips_in == settlement.total_staked
    assert chips_in == settlement.total_returned + settlement.house_net
    for line in settlement.lines:
        assert line.returned >= 0 and line.staked > 0
        assert line.outcome in ("win", "push", "lose", "fold")
    for seat, summary in settlement.summary.items():
        assert summary.staked == state.seats[seat].staked
        assert summary.staked == sum(chips_of(action.flows, seat) for action in state.history)


def test_settlement_line_net_and_summary() -> None:
    line = SettlementLine(1, "ante", 10, 20, "win")
    assert line.net == 10
