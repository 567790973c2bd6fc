"""Three Card Poker's engine: the ranking, every settlement branch on fixed decks, the betting
window's rules, timeouts, saving, and the chips invariant under random play."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.common import ChipFlow, RuleError
from bot.games.threecard.hands import QUEEN_HIGH, HandClass, describe, hand_class, hand_value
from bot.games.threecard.rules import ThreeCardOptions, dealer_qualifies
from bot.games.threecard.state import ThreeCardBets, ThreeCardState
from bot.games.threecard.views import public_view
from bot.poker import FULL_DECK, parse_cards

ALICE, BOB = 1, 2


def value(hand: str) -> int:
    return hand_value(parse_cards(hand))


# ------------------------------------------------------------------------------ ranking


def test_hands_rank_straight_flush_trips_straight_flush_pair_high_card() -> None:
    # Each beats the one before (ties are tested below).
    ascending = ["Kc Jd 9h", "Ac Kd Jh", "2c 2d 3h", "Ac Ad Kh", "2h 5h 7h", "Ah Kh Jh", "Ac 2d 3h",
                 "Qc Kd Ah", "2c 2d 2h", "Ac Ad Ah", "Ah 2h 3h", "Qh Kh Ah"]
    values = [value(hand) for hand in ascending]
    assert values == sorted(values) and len(set(values)) == len(values)


@pytest.mark.parametrize(("low", "high"), [
    ("Ac 2d 3h", "2c 3d 4h"),   # A-2-3 is the lowest straight
    ("Kc Qd Jh", "Ac Kd Qh"),   # A-K-Q the highest
    ("Ac Ad Ah", "2s 3s 4s"),   # the lowest straight flush beats three aces
    ("Ac Kc 9c", "2s 3d 4h"),   # a straight beats a flush
])
def test_straight_ends_and_classes(low: str, high: str) -> None:
    assert value(low) < value(high)


def test_suits_never_break_a_tie() -> None:
    assert value("Ac Kd 9h") == value("As Kh 9c")
    assert value("Qc Qd 5h") == value("Qs Qh 5c")


def test_every_class_occurs_as_often_as_the_combinatorics_say() -> None:
    counts = Counter(hand_class(hand_value(hand)) for hand in combinations(range(52), 3))
    assert counts == {HandClass.STRAIGHT_FLUSH: 48, HandClass.THREE_OF_A_KIND: 52,
                      HandClass.STRAIGHT: 720, HandClass.FLUSH: 1_096, HandClass.PAIR: 3_744,
                      HandClass.HIGH_CARD: 16_440}


def test_the_dealer_qualifies_with_queen_high() -> None:
    assert QUEEN_HIGH == value("Qs 3h 2d")
    assert dealer_qualifies(value("Qs 3h 2d")) and not dealer_qualifies(value("Js Th 8d"))
    assert dealer_qualifies(value("2s 2h 3d"))


def test_hands_read_as_players_say_them() -> None:
    assert describe(parse_cards("Qc 6d 4h")) == "Queen high (Q-6-4)"
    assert describe(parse_cards("Ac 2d 3h")) == "Straight, Three high"
    assert describe(parse_cards("6c 6d 6h")) == "Three Sixes"
    assert describe(parse_cards("9s 7s 2s")) == "Flush, 9-7-2"


# ------------------------------------------------------------------------- settlement


def dealt(hands: str, *, ante: int = 10, pairplus: int = 0, options: ThreeCardOptions | None = None,
          seats: tuple[int, ...] = (ALICE,)) -> ThreeCardState:
    """A round with ``seats`` betting, dealt ``hands``: each seat's three cards, then the dealer's."""
    state = ThreeCardState(options or ThreeCardOptions())
    for seat in seats:
        state.place_bet(seat, "ante", ante)
        if pairplus:
            state.place_bet(seat, "pairplus", pairplus)
    state.close_betting()
    state.deal(parse_cards(hands))
    return state


def returns(state: ThreeCardState, seat: int = ALICE) -> dict[str, tuple[int, str]]:
    assert state.settlement is not None
    return {line.bet: (line.returned, line.outcome) for line in state.settlement.lines_of(seat)}


# The settlement after Play, per branch of the rules (Ante 10, Play 10; chips handed back).
SETTLEMENT_BRANCHES = {
    "not qualified: the Ante wins, Play pushes": ("9c 8d 2h  Jc 7d 4h", (20, "win"), (10, "push")),
    # J-T-4 beats 9-8-2 but does not qualify: the Ante still wins.
    "not qualified though the dealer holds more": ("9c 8d 2h  Jc Td 4h", (20, "win"), (10, "push")),
    "qualified and beaten: Ante and Play win": ("Kc Kd 2h  Qc 7d 4h", (20, "win"), (20, "win")),
    "qualified and better: both lose": ("Qc 6d 4h  Kc 7d 4d", (0, "lose"), (0, "lose")),
    "a tie with a qualified dealer: both push": ("Qc 6d 4h  Qs 6h 4c", (10, "push"), (10, "push")),
}


@pytest.mark.parametrize("branch", list(SETTLEMENT_BRANCHES))
def test_a_played_hand_settles_ante_and_play_per_branch(branch: str) -> None:
    hands, ante, play = SETTLEMENT_BRANCHES[branch]
    state = dealt(hands)
    state.play(ALICE)
    assert returns(state) == {"ante": ante, "play": play}


def test_the_dealer_without_queen_high_does_not_qualify() -> None:
    state = dealt("9c 8d 2h  Jc 7d 4h")
    state.play(ALICE)
    assert state.dealer_qualified is False


@pytest.mark.parametrize(("hand", "dealer", "ante_back"), [
    ("5c 6d 7h", "8c 8d 8h", 10),       # a straight loses to trips: the bonus 1:1 only
    ("2c 2d 2h", "9s 8s 7s", 40),       # trips lose to a straight flush: the bonus 4:1 only
    ("5c 5d 5h", "Ac Kd 2h", 20 + 40),  # trips beat A-high: Ante 1:1 plus the bonus 4:1
    ("5h 6h 7h", "8c 8d 8h", 20 + 50),  # a straight flush beats trips: Ante 1:1 plus 5:1
])
def test_the_ante_bonus_is_paid_whatever_the_dealer_holds(hand: str, dealer: str, ante_back: int) -> None:
    state = dealt(f"{hand}  {dealer}")
    state.play(ALICE)
    assert returns(state)["ante"][0] == ante_back


def test_a_fold_loses_the_ante_and_pair_plus_stands_alone() -> None:
    state = dealt("7c 7d 2h  Kc Qd 4h", pairplus=10)
    state.fold(ALICE)
    assert returns(state) == {"ante": (0, "fold"), "pairplus": (20, "win")}
    assert state.settlement is not None and state.settlement.house_net == 0


@pytest.mark.parametrize(("hand", "pairplus_back"), [
    ("2c 9d Kh", 0), ("7c 7d 2h", 20), ("2s 9s Ks", 50), ("5c 6d 7h", 70), ("5c 5d 5h", 310),
    ("5h 6h 7h", 410),
])
def test_pair_plus_pays_on_the_hand_alone(hand: str, pairplus_back: int) -> None:
    state = dealt(f"{hand}  Ac Ad As", pairplus=10)
    state.play(ALICE)
    assert returns(state)["pairplus"][0] == pairplus_back


def test_max_payout_caps_each_bets_winnings() -> None:
    state = dealt("5h 6h 7h  2c 3d 9s", pairplus=10, options=ThreeCardOptions(max_payout=25))
    state.play(ALICE)
    assert returns(state) == {"ante": (35, "win"), "play": (10, "push"), "pairplus": (35, "win")}


# --------------------------------------------------------------------------- betting


def test_pair_plus_needs_an_ante_and_limits_hold() -> None:
    state = ThreeCardState(ThreeCardOptions(min_bet=10, max_bet=100))
    with pytest.raises(RuleError, match="Ante first"):
        state.place_bet(ALICE, "pairplus", 10)
    state.place_bet(ALICE, "ante", 60)
    with pytest.raises(RuleError, match="over the table maximum of 100"):
        state.place_bet(ALICE, "ante", 50)
    for bad in (0, -5, True, 2.5):
        assert not state.can_place_bet(ALICE, "ante", bad)  # type: ignore[arg-type]
    assert not state.can_place_bet(ALICE, "play", 10)
    assert state.history[-1].chips == 60, "a refused bet records nothing"


def test_undo_clear_and_rebet() -> None:
    state = ThreeCardState()
    state.place_bet(ALICE, "ante", 20)
    state.place_bet(ALICE, "pairplus", 10)
    assert state.undo(ALICE).chips == -10
    assert state.clear_bets(ALICE).chips == -20 and ALICE not in state.seats
    with pytest.raises(RuleError):
        state.undo(ALICE)
    assert state.rebet(ALICE, ThreeCardBets(20, 10)).chips == 30
    with pytest.raises(RuleError, match="empty spot"):
        state.rebet(ALICE, ThreeCardBets(20, 10))
    with pytest.raises(RuleError, match="maximum"):
        state.rebet(BOB, ThreeCardBets(5_000, 0))


def test_undo_takes_placements_back_latest_first_and_an_emptied_spot_leaves_the_round() -> None:
    state = ThreeCardState()
    state.place_bet(ALICE, "ante", 10)
    state.place_bet(ALICE, "pairplus", 10)
    state.place_bet(ALICE, "ante", 5)
    assert [state.undo(ALICE).flows for _ in range(2)] == [
        (ChipFlow(ALICE, "ante", -5),), (ChipFlow(ALICE, "pairplus", -10),)]
    assert state.bets_of(ALICE) == ThreeCardBets(10, 0)
    assert state.undo(ALICE).chips == -10 and not state.seats


def test_close_refunds_bets_below_the_minimum() -> None:
    state = ThreeCardState(ThreeCardOptions(min_bet=10))
    state.place_bet(ALICE, "ante", 5)
    state.place_bet(ALICE, "pairplus", 20)
    state.place_bet(BOB, "ante", 10)
    state.place_bet(BOB, "pairplus", 5)
    closed = state.close_betting()
    rejected = [(r.seat, r.bet) for r in closed.rejected]
    assert rejected == [(ALICE, "ante"), (ALICE, "pairplus"), (BOB, "pairplus")]
    assert closed.chips == -30 and closed.seats == (BOB,)


def test_nobody_left_ends_the_round_without_a_deal() -> None:
    state = ThreeCardState()
    state.close_betting()
    assert not state.can_deal() and state.settlement is not None and not state.settlement.lines


def test_a_round_is_full_at_sixteen_hands() -> None:
    state = ThreeCardState()
    for seat in range(16):
        state.place_bet(seat, "ante", 10)
    with pytest.raises(RuleError, match="full"):
        state.place_bet(99, "ante", 10)
    state.close_betting()
    state.deal(FULL_DECK)
    assert len(state.dealt_cards()) == 51


# ------------------------------------------------------------------------- decisions


def test_deal_order_decisions_and_timeouts() -> None:
    state = dealt("Ac Kd 2h  3c 4d 9h  Qc 7d 4h", seats=(ALICE, BOB))
    assert state.seats[ALICE].cards == tuple(parse_cards("Ac Kd 2h"))
    assert state.dealt_cards() == parse_cards("Ac Kd 2h 3c 4d 9h Qc 7d 4h")
    with pytest.raises(RuleError, match="not been dealt|no hand"):
        state.play(99)
    assert state.play(ALICE).chips == 10
    with pytest.raises(RuleError, match="already decided"):
        state.fold(ALICE)
    assert state.pending_seats() == (BOB,)
    assert state.fold(BOB, auto=True).label == "AUTO FOLDED"
    assert state.showdown and returns(state, BOB) == {"ante": (0, "fold")}
    with pytest.raises(RuleError, match="over"):
        state.play(BOB)


def test_nothing_hidden_shows_before_the_showdown() -> None:
    state = dealt("Ac Kd 2h  3c 4d 9h  Qc 7d 4h", seats=(ALICE, BOB))
    assert public_view(state).face_up_cards() == []
    state.play(ALICE)
    assert public_view(state).face_up_cards() == []
    state.play(BOB)
    assert len(public_view(state).face_up_cards()) == 9


def test_saved_state_restores_equal_at_every_step() -> None:
    state = ThreeCardState()
    steps = [lambda: state.place_bet(ALICE, "ante", 10), lambda: state.place_bet(ALICE, "pairplus", 10),
             lambda: state.place_bet(BOB, "ante", 20), state.close_betting,
             lambda: state.deal(parse_cards("Ac Kd 2h 3c 4d 9h Qc 7d 4h")),
             lambda: state.play(ALICE), lambda: state.fold(BOB, auto=True)]
    for step in steps:
        step()
        restored = ThreeCardState.from_dict(json.loads(json.dumps(state.to_dict())))
        assert restored == state


@settings(max_examples=150, deadline=None)
@given(deck=st.permutations(FULL_DECK), bets=st.lists(
    st.tuples(st.integers(1, 200), st.integers(0, 200), st.booleans()), min_size=1, max_size=8),
    cap=st.one_of(st.none(), st.integers(1, 500)))
def test_chips_in_play_are_exactly_what_the_settlement_accounts_for(
    deck: list, bets: list[tuple[int, int, bool]], cap: int | None,
) -> None:
    state = ThreeCardState(ThreeCardOptions(min_bet=1, max_bet=200, max_payout=cap))
    for seat, (ante, pairplus, _) in enumerate(bets):
        state.place_bet(seat, "ante", ante)
        if pairplus:
            state.place_bet(seat, "pairplus", pairplus)
    state.close_betting()
    state.deal(deck)
    for seat, (_, _, plays) in enumerate(bets):
        state.play(seat) if plays else state.fold(seat)
    settlement = state.settlement
    assert settlement is not None
    assert sum(record.chips for record in state.history) == settlement.total_staked
    for line in settlement.lines:
        assert 0 <= line.returned <= line.staked + (cap if cap is not None else 100 * line.staked)
        if line.outcome == "fold":
            assert line.returned == 0
