"""Imperial Poker in the simulator: the strategy's rules as documented, the simulator settling
exactly as the state machine (Buys, Draws, repeated Draws, insurance and exchanges included),
the command line, the expected-value model the strategy was fitted to, and the published
figures matching the registered simulator."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bot.games.boxed import BoxedOptions, HandClass, Phase, hand_class
from bot.games.imperial import DRAW, ImperialState, new_round
from bot.games.imperial.figures import (
    DEALER_QUALIFIES,
    EXACT_BONUS_RTP,
    HOUSE_EDGE_PER_ANTE,
    RTP,
    STRATEGY,
    summary,
)
from bot.games.imperial.sim import (
    ANTE,
    BONUS,
    ImperialSim,
    RoundResult,
    bets_after,
    exact_bonus_rtp,
    exchange_gain,
    opening_plan,
    play_one,
    straight_outs,
)
from bot.poker import FULL_DECK, Card, evaluate_rank, parse_cards
from tests.boxed_decks import dealt_in_index_order
from tests.sim_rounds import check_published_figures, simulate_from_the_command_line

# --------------------------------------------------------------------------------- strategy


def _plan(hand: str) -> str:
    cards = parse_cards(hand)
    plan = opening_plan(cards, Card("2c") if Card("2c") not in cards else Card("3c"))
    if plan.action != "draw":
        return plan.action
    kept = " ".join(str(card) for index, card in enumerate(cards) if index not in plan.discard)
    return f"keep {kept}" if kept else "draw five"


@pytest.mark.parametrize(("hand", "decision"), [
    ("Tc Td Th 7s 7d", "bet"),  # full house
    ("5c 5d 3s 3h 2d", "bet"),  # two pair
    ("Kh Jh 7h 5h 2h", "buy"),  # a flush buys a sixth card for a second combination
    ("9c 8d 7s 6h 5d", "buy"),  # a straight too
    ("6c 6d 6s Kh Jd", "keep 6c 6d 6s"),  # trips draw two
    ("Ac Ad As Kh 4d", "bet"),  # trips with a second Ace-King
    ("9s 9h Ts 7s 6s", "buy"),  # a pair with a flush or straight to come
    ("4d 7d 4h 5c 8s", "buy"),  # a pair and one rank to a straight
    ("7c 7d 2s 9h Jd", "bet"),  # sevens or better
    ("5c 5d As Kh Jd", "bet"),  # a low pair beside Ace-King
    ("5c 5d 7s 9h Jd", "keep 5c 5d"),  # a low pair draws three
    ("9h 8h 7h 6h 2c", "keep 9h 8h 7h 6h"),  # four to a straight flush draws one
    ("As 9s 7s 5s 2c", "buy"),  # four to a flush
    ("8s 9d Tc Jh 2c", "buy"),  # open-ended
    ("6s 7h 9d 5c 3h", "buy"),  # two ranks make a straight (8 or 4)
    ("As Kd 7s 5h 2c", "keep As Kd"),
    ("Qc Jc Tc 6s 2d", "keep Qc Jc Tc"),  # three to a royal flush
    ("As 9d 7s 5h 2c", "keep As"),
    ("Ks 9d 7s 5h 2c", "keep Ks"),
    ("Qs 9d 7s 5h 2c", "fold"),
    ("8s 9d Tc Qh 2c", "fold"),  # one rank to a straight, no pair: not worth a Buy
])
def test_opening_decision_follows_the_documented_strategy(hand: str, decision: str) -> None:
    assert _plan(hand) == decision


def test_four_to_a_straight_flush_draws_again_within_the_documented_costs() -> None:
    two_ways = opening_plan(parse_cards("9h 8h 7h 6h 2c"), Card("3c"))
    one_way = opening_plan(parse_cards("9h 8h 6h 5h 2c"), Card("3c"))
    royal = opening_plan(parse_cards("Ah Kh Qh Jh 2c"), Card("3c"))
    assert (two_ways.repeat_limit, one_way.repeat_limit, royal.repeat_limit) == (3, 2, 3)


def test_straight_outs_count_the_ace_high_and_low() -> None:
    assert straight_outs([14, 2, 3, 4]) == [5]
    assert straight_outs([11, 12, 13, 14]) == [10]
    assert straight_outs([5, 6, 7, 8]) == [4, 9]
    assert straight_outs([5, 6, 8, 9]) == [7]
    assert straight_outs([2, 5, 9, 13]) == []


def test_after_a_buy_or_draws_the_strategy_bets_a_pair_or_better() -> None:
    assert bets_after(parse_cards("5c 5d 9s Kh 2d"))
    assert bets_after(parse_cards("9h 8d 7s 6c 6h 5d"))
    assert not bets_after(parse_cards("As Kd 9s 7h 2d"))


def test_exchange_is_worth_it_with_a_full_house_and_not_with_a_small_pair() -> None:
    dealer = parse_cards("As Qh 9h 6h 3h")
    for cards, worth in (("5c 5d 5s Kc Kd", True), ("5s 5d Ts 8d 2c", False)):
        hand = parse_cards(cards)
        unseen = [card for card in FULL_DECK if card not in {*hand, *dealer}]
        assert (exchange_gain(hand, evaluate_rank(hand), 2, dealer, unseen) > 0) is worth


# ------------------------------------------------------------------------ exact bonus RTP


def test_bonus_rtp_is_exact_from_the_pay_table() -> None:
    assert exact_bonus_rtp() == pytest.approx(2_519_708 / 2_598_960, abs=1e-12) == EXACT_BONUS_RTP


# -------------------------------------------------------------- simulator == state machine


def _engine_round(deck: Sequence[Card]) -> tuple[dict[str, int], ImperialState]:
    """One round through the state machine with the simulator's decisions."""
    state = new_round(BoxedOptions(min_ante=1))
    state.place_ante(1, 1, ANTE)
    state.place_bonus(1, 1, BONUS)
    state.close_betting()
    state.deal([*deck, *(card for card in FULL_DECK if card not in deck)])
    box = state.seats[1].boxes[1]
    plan = opening_plan(list(deck[:5]), deck[9])
    if plan.action == "buy":
        state.buy(1)
    elif plan.action == "draw":
        state.draw(1, [box.cards[index] for index in plan.discard])
        number = 1
        while (len(plan.discard) == 1 and DRAW.cost_antes(number + 1) <= plan.repeat_limit
               and hand_class(evaluate_rank(box.cards)) < HandClass.STRAIGHT):
            number += 1
            state.draw(1, [box.cards[plan.discard[0]]])
    if plan.action == "bet" or (plan.action != "fold" and bets_after(box.cards)):
        insured = hand_class(evaluate_rank(box.cards)) >= HandClass.THREE_OF_A_KIND
        state.bet(1, ANTE if insured else 0)
    else:
        state.fold(1)
    if state.phase is Phase.EXCHANGE:
        seen = set(state.dealt_cards())
        unseen = [card for card in FULL_DECK if card not in seen]
        if exchange_gain(box.cards, evaluate_rank(box.cards), box.bet, state.dealer, unseen) > 0:
            state.pick_exchange(1, 1)
        state.go_on(1)
    assert state.phase is Phase.SETTLED and state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines}, state


def _agree(deck: Sequence[Card]) -> RoundResult:
    result = play_one(deck)
    engine, state = _engine_round(deck)
    fees = sum(line.staked for line in state.settlement.lines  # type: ignore[union-attr]
               if line.bet in ("box1 buy", "box1 draw"))
    assert result.wagered == ANTE + fees + state.seats[1].boxes[1].bet
    assert (result.ante_back, result.bet_back) == (engine["box1 ante"], engine.get("box1 bet", 0))
    assert result.bonus_back == engine["box1 bonus"]
    assert (result.insurance, result.insurance_back) == (
        state.seats[1].boxes[1].insurance, engine.get("box1 insurance", 0))
    assert result.cards == state.seats[1].boxes[1].cards
    return result


def test_the_simulator_settles_every_round_exactly_as_the_state_machine() -> None:
    rng = random.Random(5)
    actions: set[str] = set()
    for _ in range(400):
        actions |= set(_agree(rng.sample(FULL_DECK, ImperialSim.cards_needed)).actions)
    assert {"buy", "draw", "bet", "fold", "exchange"} <= actions


def test_the_simulator_and_the_state_machine_agree_on_repeated_draws() -> None:
    # Four to a straight flush: the 2c goes for 3c (1 Ante), the 3c for 4d (2 Antes), the 4d
    # for the 5h (3 Antes): a straight flush, paid 50:1.
    deck = [*parse_cards("9h 8h 7h 6h 2c"), *parse_cards("Qc Qd 9c 8d 4s"), *parse_cards("3c 4d 5h")]
    result = _agree(deck)
    assert result.actions == ("draw", "draw", "draw", "bet")
    assert result.wagered == 1 + (1 + 2 + 3) + 2 and result.bet_back == 2 + 100


def test_the_simulator_and_the_state_machine_agree_on_an_exchange_that_repeats_for_free() -> None:
    # Trips against the seed's not-qualified dealer: the strategy draws two (Kc, 2d for 8c,
    # 8d: a full house), bets, and exchanges; As gives way to Ac, then the free repeat brings 9c
    # and the dealer's pair of nines qualifies: the full house is paid 7:1, the Ante was the fee.
    deck = [*parse_cards("6c 6d 6s Kc 2d"), *parse_cards("As Qh 9h 6h 3h"),
            *parse_cards("8c 8d Ac 9c")]
    result = _agree(deck)
    assert result.actions == ("draw", "bet", "exchange")
    assert (result.ante_back, result.bet_back) == (0, 2 + 14)


# ---------------------------------------------------------------------- the command line


def test_simulate_imperial_from_the_command_line_reports_bets_and_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = simulate_from_the_command_line(capsys, "imperial", 2000)
    assert report["strategy"] == STRATEGY
    assert list(report["bets"]) == ["ante+bet", "ante+bet per ante", "bonus", "insurance", "total"]
    assert report["bets"]["bonus"]["wagered"] == 2000 * BONUS
    events = report["events"]
    assert events["bet"] + events["fold"] == pytest.approx(1.0)
    assert 0.50 < events["dealer_qualified"] < 0.62
    low, high = report["bets"]["ante+bet"]["ci95"]
    assert low < report["bets"]["ante+bet"]["rtp"] < high


def test_the_published_figures_describe_the_registered_simulator() -> None:
    check_published_figures("imperial", STRATEGY, RTP, ("dealer qualifies", DEALER_QUALIFIES),
                            ("house edge", HOUSE_EDGE_PER_ANTE))
    assert RTP["bonus"].ci95[0] < EXACT_BONUS_RTP < RTP["bonus"].ci95[1]
    assert HOUSE_EDGE_PER_ANTE.value == pytest.approx(1 - RTP["ante+bet per ante"].value)
    assert HOUSE_EDGE_PER_ANTE.ci95[0] > 0  # the strategy does not show "no house edge"
    assert "Not with this strategy" in summary()


def test_the_simulator_reads_the_face_up_card_where_the_engine_deals_it() -> None:
    state = dealt_in_index_order(new_round)
    deck = list(FULL_DECK)
    assert state.dealer_up == (deck[9],)
