"""High Card Flush: the designated player (DP) offer before the betting (``HCFRound``).

RULES.md: "The DP role is offered in turn, hand by hand; a player may decline it. A player
qualifies to bank when their table stack is at least a table-set amount. If nobody banks, the
house banks with unlimited funds." Issue #8: "(timer: decline)". Our rulings: a player who bets
while the bank is offered declines it; a DP who leaves still banks the hand.
"""

from __future__ import annotations

import pytest

from bot.games.common import RuleError, chips_of, clockwise_turn
from bot.games.hcf import (
    BankDeclined,
    HCFBets,
    HCFOptions,
    HCFRound,
    HouseBanks,
    Phase,
    RakeMode,
)
from bot.poker import FULL_DECK

A, B, C, D = 1, 2, 3, 4
OPTIONS = HCFOptions(bank_minimum=100)
STACKS = {A: 500, B: 500, C: 50, D: 500}


def new_hand(previous: int | None = None, order: tuple[int, ...] = (A, B, C, D),
             options: HCFOptions = OPTIONS, stacks: dict[int, int] | None = None) -> HCFRound:
    return HCFRound.open(options, (A, B, C, D), stacks or STACKS, previous, order)


def test_the_offer_goes_clockwise_from_the_last_dp_skipping_short_stacks() -> None:
    hand = new_hand(previous=B)
    assert hand.offers == (D, A, B), "C's 50 is below the bank minimum; B, the last DP, comes last"
    assert hand.offered == D and hand.offering


def test_a_new_table_offers_from_the_first_seat() -> None:
    assert new_hand().offers == (A, B, D)


def test_accepting_makes_the_dp_and_puts_the_button_in_front_of_them() -> None:
    hand = new_hand(previous=A)
    hand.decline(B)
    hand.accept(D)
    assert hand.banker == D and not hand.offering
    assert hand.game.order == (A, B, C), "dealing starts left of the DP's button"
    assert hand.turn == D


def test_only_the_seat_asked_now_may_answer() -> None:
    hand = new_hand()
    with pytest.raises(RuleError, match="another player first"):
        hand.accept(B)
    with pytest.raises(RuleError, match="not offered to you"):
        hand.decline(C)
    hand.accept(A)
    with pytest.raises(RuleError, match="settled"):
        hand.decline(B)
    with pytest.raises(RuleError, match="accepted the bank"):
        hand.accept(A)


def test_when_everyone_declines_the_house_banks_with_unlimited_funds() -> None:
    hand = new_hand()
    for seat in (A, B):
        hand.decline(seat)
    assert hand.offering
    hand.timeout_offer()  # D's timer: a decline
    assert not hand.offering and hand.house_banks and hand.banker is None
    assert isinstance(hand.history[-1], HouseBanks) and hand.history[-1].reason == "declined"
    assert [a.how for a in hand.history if isinstance(a, BankDeclined)] == ["declined", "declined",
                                                                             "timeout"]
    assert hand.turn == A, "the next hand's offer starts after the first seat asked in this one"


def test_nobody_qualifying_means_the_house_banks_at_once_and_the_turn_stays() -> None:
    hand = new_hand(previous=B, stacks={A: 99, B: 50, C: 50, D: 10})
    assert not hand.offering and hand.house_banks
    assert hand.game.phase is Phase.BETTING
    assert hand.turn == B


def test_betting_during_the_offer_declines_the_bank_in_advance_and_stakes_at_once() -> None:
    options = HCFOptions(bank_minimum=100, rake_mode=RakeMode.EVERY_PLAYER, rake=2)
    hand = new_hand(options=options)
    ante = hand.place_ante(B, 10)  # B is still to be asked
    assert chips_of(ante.flows, B) == 12, "Ante 10 and the rake 2, staked now"
    assert hand.pending == [A, D]
    hand.place_bonuses(B, {"straight_flush": 10, "flush": 10})
    hand.accept(A)
    assert hand.game.players[B].ante == 10 and hand.game.players[B].flush == 10
    assert hand.game.banker == A
    staked_in_history = sum(flow.amount for action in hand.game.history for flow in action.flows)
    assert staked_in_history == 32, "the replayed bets are not staked a second time"


def test_a_new_offer_is_counted_only_when_another_seat_is_asked() -> None:
    hand = new_hand()
    assert (hand.offered, hand.offer_number) == (A, 1)
    hand.place_ante(D, 10)  # D drops out further down: A is still being asked
    assert (hand.offered, hand.offer_number) == (A, 1)
    hand.decline(A)
    assert (hand.offered, hand.offer_number) == (B, 2)


def test_the_seat_asked_now_declines_by_betting() -> None:
    hand = new_hand()
    hand.place_ante(A, 10)
    assert hand.offered == B
    assert hand.history[-1] == BankDeclined(seat=A, how="bet")


def test_a_refused_bet_does_not_decline_the_bank() -> None:
    hand = new_hand()
    with pytest.raises(RuleError):
        hand.place_ante(A, 5)  # under the minimum Ante
    assert hand.offered == A


def test_both_bonuses_are_placed_together_or_not_at_all() -> None:
    hand = new_hand(stacks={A: 500, B: 60, C: 50, D: 500})
    hand.place_ante(B, 10)  # needs 40 of the 60
    with pytest.raises(RuleError, match="need"):
        hand.place_bonuses(B, {"straight_flush": 10, "flush": 20})
    assert (hand.game.players[B].straight_flush, hand.game.players[B].flush) == (0, 0)
    with pytest.raises(RuleError, match="Ante first"):
        hand.place_bonuses(D, {"flush": 10})


def test_rebet_places_last_hands_ante_and_bonuses_and_declines_like_an_ante() -> None:
    options = HCFOptions(bank_minimum=100, rake_mode=RakeMode.EVERY_PLAYER, rake=2)
    hand = new_hand(options=options)
    records = hand.rebet(B, HCFBets(ante=20, flush=10))  # B is still to be asked
    assert [chips_of(record.flows, B) for record in records] == [22, 10], "Ante 20 + rake 2, Flush 10"
    assert hand.game.players[B].bets == HCFBets(20, 0, 10)
    assert hand.pending == [A, D] and hand.history[-1] == BankDeclined(seat=B, how="bet")


def test_rebet_places_every_bet_or_none() -> None:
    hand = new_hand(stacks={A: 500, B: 60, C: 50, D: 500})
    assert not hand.can_rebet(B, HCFBets(ante=10, straight_flush=10, flush=20)), "40 + 30 > 60"
    with pytest.raises(RuleError, match="need"):
        hand.rebet(B, HCFBets(ante=10, straight_flush=10, flush=20))
    assert B not in hand.game.players, "the Ante it could cover was not placed alone"
    with pytest.raises(RuleError, match="10 to 1,000 chips"):
        hand.rebet(D, HCFBets(ante=2000))  # the table's limits may have changed since
    assert D not in hand.game.players and hand.pending == [A, D], "a refused Rebet declines nothing"
    with pytest.raises(RuleError, match="no bets from your last round"):
        hand.rebet(D, HCFBets(ante=0))
    hand.place_ante(D, 10)
    with pytest.raises(RuleError, match="clear your bets first"):
        hand.rebet(D, HCFBets(ante=10))
    assert hand.game.players[D].bets == HCFBets(10, 0, 0)


def test_the_dp_places_no_bets() -> None:
    hand = new_hand()
    hand.accept(A)
    with pytest.raises(RuleError, match="designated player"):
        hand.place_ante(A, 10)


def test_leaving_declines_and_takes_back_bets_and_folds_a_dealt_hand() -> None:
    hand = new_hand()
    assert [a.record.how for a in hand.leave(B) if isinstance(a.record, BankDeclined)] == ["timeout"]
    assert hand.pending == [A, D]
    hand.place_ante(C, 10)
    cleared = hand.leave(C)
    assert chips_of(cleared[-1].flows, C) == -10
    hand.accept(A)
    hand.place_ante(D, 10)
    hand.expire(lambda: FULL_DECK)
    assert hand.game.phase is Phase.DECISIONS
    folded = hand.leave(D)
    assert folded[-1].label == "AUTO FOLDED" and hand.game.phase is Phase.SETTLED
    assert hand.leave(D) == []


def test_a_dp_who_leaves_still_banks() -> None:
    hand = new_hand()
    hand.accept(A)
    hand.place_ante(B, 10)
    assert hand.leave(A) == []
    assert A in hand.seats_in_play()


def test_the_timer_walks_the_hand_from_offer_to_settlement() -> None:
    hand = new_hand()
    hand.accept(A)
    hand.place_ante(B, 10)
    dealt = hand.expire(lambda: FULL_DECK)
    assert [action.record.kind for action in dealt] == ["close_betting", "deal"]
    assert chips_of(dealt[1].flows, A) == 500, "the DP's whole stack goes into play as the bank"
    folded = hand.expire(lambda: FULL_DECK)
    assert [action.label for action in folded] == ["AUTO FOLDED"]
    assert hand.game.phase is Phase.SETTLED


def test_seats_in_play_are_those_to_ask_the_dp_and_the_bettors() -> None:
    hand = new_hand()
    hand.place_ante(C, 10)
    assert set(hand.seats_in_play()) == {A, B, D, C}
    hand.accept(A)
    assert set(hand.seats_in_play()) == {A, C}


def test_a_hand_is_opened_once() -> None:
    hand = new_hand()
    hand.open_hand(C)
    with pytest.raises(RuleError, match="started already"):
        hand.open_hand(A)


def test_the_turn_goes_on_from_a_departed_dps_place() -> None:
    assert clockwise_turn((A, C, D), B, (A, B, C, D)) == (C, D, A)
    hand = HCFRound.open(OPTIONS, (A, C, D), {A: 500, C: 500, D: 500}, B, (A, B, C, D))
    assert hand.offers == (C, D, A)
    # Nobody who sat after the departed D is left but A: A starts; a seated DP comes last.
    assert clockwise_turn((A, C), D, (A, B, C, D)) == (A, C)
    assert clockwise_turn((A, C), A, (A, C)) == (C, A)


def test_a_saved_hand_restores_equal_at_every_step() -> None:
    hand = new_hand(options=HCFOptions(bank_minimum=100, rake_mode=RakeMode.DP_ONLY, rake=3))
    steps = [lambda: hand.place_ante(B, 20), lambda: hand.decline(A), lambda: hand.accept(D),
             lambda: hand.place_bonuses(B, {"flush": 10}), lambda: hand.expire(lambda: FULL_DECK),
             lambda: hand.fold(B)]
    for step in steps:
        step()
        saved = hand.to_dict()
        assert HCFRound.from_dict(saved).to_dict() == saved
    assert hand.game.phase is Phase.SETTLED and hand.game.result is not None
    assert hand.game.result.dp_rake == 3
