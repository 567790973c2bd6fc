"""2 Plus 4 Poker in the simulator: the exact bonus RTP, the strategy's rules against exact
expected values, the simulator settling exactly as the state machine, the command line, and the
published figures matching the registered simulator."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.coach import twoplusfour
from bot.games.boxed import BoxedOptions, HandClass, Phase, hand_class
from bot.games.twoplusfour import new_round
from bot.games.twoplusfour.figures import DEALER_QUALIFIES, EXACT_BONUS_RTP, RTP, STRATEGY, summary
from bot.games.twoplusfour.sim import (
    ANTE,
    BONUS,
    TwoPlusFourSim,
    bets_after_buy,
    exact_bonus_rtp,
    exchange_gain,
    face_up_value,
    opening_decision,
)
from bot.poker import FULL_DECK, Card, evaluate_rank, parse_cards
from tests.boxed_decks import dealt_in_index_order
from tests.sim_rounds import LastRound, check_published_figures, simulate_from_the_command_line

# ------------------------------------------------------------------------ exact bonus RTP


def test_bonus_rtp_is_exact_from_the_pay_table() -> None:
    assert exact_bonus_rtp() == pytest.approx(2_519_708 / 2_598_960, abs=1e-12)


# --------------------------------------------------------------------------------- strategy


@pytest.mark.parametrize(("hand", "up", "decision"), [
    ("9s 8s 7s 6d 5h", "Kh Kd 4c 3d", "bet"),  # a straight
    ("6c 6d 6h Ks 2d", "9h Js 4c 3d", "buy"),  # trips buy
    ("Kc Kd 5s 5h 2d", "9h Js 4c 3d", "bet"),  # two pair, no face-up pair
    ("Kc Kd 5s 5h 2d", "9h 9s 4c 3d", "buy"),  # two pair, face-up pair
    ("Kc Jc 7c 5c 2d", "9h Js 4c 3d", "buy"),  # four to a flush
    ("9c Td Jh Qs 2d", "5h 5s 4c 3d", "fold"),  # open-ended, no pair, face-up pair
    ("9c Td Jh Qs 2d", "5h 6s 4c 3d", "buy"),  # open-ended, no face-up pair
    ("2c 2d 7s 5h 9d", "9h Js 4c 3d", "bet"),  # any pair when nothing is paired face up
    ("8c 8d 7s 5h Ad", "9h 9s 4c 3d", "fold"),  # a lower pair than the face-up pair
    ("Tc Td 7s 5h Ad", "9h 9s 4c 3d", "bet"),  # a higher one
    ("Ac Ad 7s 5h 2d", "9h 9s 9c 3d", "fold"),  # face-up trips beat any pair
    ("As Kd 7s 5h 2d", "9h Js 4c 3d", "fold"),  # Ace-King alone
])
def test_opening_decision_follows_the_documented_strategy(hand: str, up: str, decision: str) -> None:
    assert opening_decision(parse_cards(hand), parse_cards(up)) == decision


@pytest.mark.parametrize(("hand", "up"), [
    ("6c 6d 6h Ks 2d", "9h Js 4c 3d"),
    ("Qc Qd 7s 5h 2d", "9h Js 4c 3d"),
    ("Kc Jc 7c 5c 2d", "9h Js 4c 3d"),
    ("Tc 8d 6s 5h 2d", "Kh Ks 4c 3d"),
])
def test_the_strategy_picks_the_exactly_best_opening_choice_in_clear_cases(hand: str, up: str) -> None:
    """The coach's exact values (every dealer hand settled by the engine, the exchange counted):
    the strategy's choice is the best of Bet, Fold and Buy."""
    cards, shown = parse_cards(hand), parse_cards(up)
    values = twoplusfour.hint([int(card) for card in cards], [int(card) for card in shown])
    choices = {name: values.value_of(name).ev for name in ("bet", "fold", "buy")}
    assert max(choices, key=lambda name: choices[name]) == opening_decision(cards, shown)


def test_face_up_cards_are_beaten_by_category_or_combination_ranks_only() -> None:
    kings = face_up_value(parse_cards("Kh Ks 4c 3d"))
    assert evaluate_rank(parse_cards("Ac Ad 7s 5h 2d")) > kings
    assert evaluate_rank(parse_cards("Kc Kd As Qh Jd")) < kings  # same pair: kickers ignored
    assert bets_after_buy(parse_cards("5c 5d 2s 2h 9d 8c"), parse_cards("Kh Ks 4c 3d"))
    assert not bets_after_buy(parse_cards("Qc Qd 2s 7h 9d 8c"), parse_cards("Kh Ks 4c 3d"))


def test_exchange_is_worth_it_with_trips_and_not_with_a_small_pair() -> None:
    dealer = parse_cards("2c 7d 9h Js 4c 3d")
    trips = parse_cards("6c 6d 6h Ks 2d")
    pair = parse_cards("5s 5h Ts 8d 2h")
    assert exchange_gain(trips, evaluate_rank(trips), 2, dealer) > 0
    assert exchange_gain(pair, evaluate_rank(pair), 2, dealer) < 0


# -------------------------------------------------------------- simulator == state machine


def _engine_round(deck: Sequence[Card]) -> dict[str, int]:
    """One round through the state machine with the simulator's decisions."""
    state = new_round(BoxedOptions(min_ante=1))
    state.place_ante(1, 1, ANTE)
    state.place_bonus(1, 1, BONUS)
    state.close_betting()
    state.deal([*deck, *(card for card in FULL_DECK if card not in deck)])
    hand, up = list(deck[:5]), list(deck[7:11])
    decision = opening_decision(hand, up)
    if decision == "buy":
        state.buy(1)
        box = state.seats[1].boxes[1]
        if box.stage == "go_on":
            state.insure(1, 1, ANTE)  # the minimum, whenever offered
        elif state.can_bet(1):
            if bets_after_buy(box.cards, up):
                state.bet(1, _insurance(box.cards))
            else:
                state.fold(1)
    elif decision == "bet":
        state.bet(1, _insurance(hand))
    else:
        state.fold(1)
    if state.phase is Phase.EXCHANGE:
        box = state.seats[1].boxes[1]
        if exchange_gain(box.cards, evaluate_rank(box.cards), box.bet, state.dealer) > 0:
            state.pick_exchange(1, 1)
        state.go_on(1)
    assert state.phase is Phase.SETTLED and state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines}


def _insurance(cards: Sequence[Card]) -> int:
    return ANTE if hand_class(evaluate_rank(cards)) >= HandClass.THREE_OF_A_KIND else 0


def test_the_simulator_settles_every_round_exactly_as_the_state_machine() -> None:
    record = LastRound(TwoPlusFourSim())
    for deck in record.random_rounds(seed=5, rounds=600):
        engine = _engine_round(deck)
        main_back = engine["box1 ante"] + engine.get("box1 bet", 0) + engine.get("box1 buy", 0)
        assert record.last["ante+bet"] == main_back
        assert record.last["bonus"] == engine["box1 bonus"]
        assert record.last.get("insurance", 0) == engine.get("box1 insurance", 0)
    seen_events = {name for name, count in record.event_counts.items() if count}
    assert {"buy", "bet_forced_by_buy", "insured", "exchange"} <= seen_events


def test_the_simulator_and_the_state_machine_agree_on_a_chosen_exchange() -> None:
    # A straight against a dealer who does not qualify: the strategy bets and exchanges the
    # dealer's jack; the 9c gives him a pair of nines and the straight is paid 4:1 on the BET,
    # the Ante 1:1 although it was the fee.
    deck = [*parse_cards("9s 8s 7h 6d 5h"), *parse_cards("2c 7d 9h Js 4c 3d"), *parse_cards("9c 8c")]
    record = LastRound(TwoPlusFourSim())
    record.play(deck)
    assert record.event_counts["exchange"] == record.event_counts["exchange_qualified"] == 1
    engine = _engine_round(deck)
    assert (engine["box1 ante"], engine["box1 bet"]) == (1, 2 + 8)
    assert record.last["ante+bet"] == 1 + 2 + 8


# ---------------------------------------------------------------------- the command line


def test_simulate_twoplusfour_from_the_command_line_reports_bets_and_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate_from_the_command_line(capsys, "twoplusfour", 3000)
    assert list(report["bets"]) == ["ante+bet", "ante+bet per ante", "bonus", "insurance", "total"]
    assert report["bets"]["bonus"]["wagered"] == 3000 * BONUS
    events = report["events"]
    assert sum(events[name] for name in ("bet", "buy", "fold")) == pytest.approx(1.0)
    assert 0.68 < events["dealer_qualified"] < 0.78
    low, high = report["bets"]["ante+bet"]["ci95"]
    assert low < report["bets"]["ante+bet"]["rtp"] < high


def test_the_published_figures_describe_the_registered_simulator() -> None:
    check_published_figures("twoplusfour", STRATEGY, RTP, ("dealer qualifies", DEALER_QUALIFIES))
    assert EXACT_BONUS_RTP == exact_bonus_rtp()
    assert RTP["bonus"].ci95[0] < EXACT_BONUS_RTP < RTP["bonus"].ci95[1]
    assert "Dealer qualifies: 73.86% (95% CI 73.82% to 73.90%)" in summary()


def test_the_simulator_reads_the_face_up_cards_where_the_engine_deals_them() -> None:
    # The simulator reads deck[7:11] as the face-up cards: the last four of the dealer's six.
    state = dealt_in_index_order(new_round)
    deck = list(FULL_DECK)
    assert state.dealer_up == tuple(deck[7:11])
