"""Chinese Poker money: table stakes, clockwise payment from the button, no debt, the button.

RULES.md "Chinese Poker": a player wins from each opponent at most their own stack at the start
of the hand; a loser pays creditors clockwise from the button until empty; what remains unpaid
is forfeited; the button moves clockwise and skips a new player's first hand.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.chinese.stakes import (
    Transfer,
    choose_button,
    clockwise_from_button,
    full_buy_in,
    settle_stacks,
    verify_buy_in,
)
from bot.games.common import RuleError

SEATS = ["A", "B", "C", "D"]


def test_points_times_point_value_move_between_stacks() -> None:
    # A won 7 points from B; C lost 2 to B (a negative count is the second player's win).
    result = settle_stacks({("A", "B"): 7, ("C", "B"): -2}, 5, {"A": 100, "B": 100, "C": 100}, SEATS[:3], "A")
    assert result.transfers == (Transfer("B", "A", 35), Transfer("C", "B", 10))
    assert result.stacks == {"A": 135, "B": 75, "C": 90}
    assert result.forfeited == ()


def test_payments_start_clockwise_after_the_button() -> None:
    # Button C: order D, A, B, C. Both D and B owe A; D pays first.
    points = {("A", "B"): 1, ("A", "D"): 1}
    result = settle_stacks(points, 10, dict.fromkeys(SEATS, 50), SEATS, "C")
    assert clockwise_from_button(SEATS, "C") == ["D", "A", "B", "C"]
    assert [(t.payer, t.payee) for t in result.transfers] == [("D", "A"), ("B", "A")]


def test_a_winner_takes_from_each_opponent_at_most_their_own_starting_stack() -> None:
    # A has 30 chips: A's 10 points (100 chips) from B and from C are each capped at 30.
    stacks = {"A": 30, "B": 500, "C": 500}
    result = settle_stacks({("A", "B"): 10, ("A", "C"): 10}, 10, stacks, ["A", "B", "C"], "A")
    assert result.claims == (Transfer("B", "A", 30), Transfer("C", "A", 30))
    assert result.stacks == {"A": 90, "B": 470, "C": 470}


def test_a_short_stacked_loser_pays_creditors_clockwise_from_the_button_and_the_rest_is_forfeited() -> None:
    # B owes C 40, D 40 and A 40, but has 50: clockwise from the button (A): C first, then D;
    # A, the button, comes last and gets nothing. No debt remains.
    stacks = {"A": 200, "B": 50, "C": 200, "D": 200}
    points = {("C", "B"): 4, ("D", "B"): 4, ("A", "B"): 4}
    result = settle_stacks(points, 10, stacks, SEATS, "A")
    assert result.transfers == (Transfer("B", "C", 40), Transfer("B", "D", 10))
    assert result.forfeited == (Transfer("B", "D", 30), Transfer("B", "A", 40))
    assert result.stacks == {"A": 200, "B": 0, "C": 240, "D": 210}


def test_chips_won_in_the_hand_pay_the_hands_debts() -> None:
    # Button D: B pays A first but holds only 5 of the 10 owed; C then pays B 5 (capped by B's
    # starting stack of 5) and B passes it on to A. Nothing is forfeited.
    stacks = {"A": 100, "B": 5, "C": 100, "D": 100}
    result = settle_stacks({("A", "B"): 1, ("B", "C"): 1}, 10, stacks, SEATS, "D")
    assert result.transfers == (Transfer("B", "A", 5), Transfer("C", "B", 5), Transfer("B", "A", 5))
    assert result.paid() == {("B", "A"): 10, ("C", "B"): 5}
    assert result.forfeited == ()
    assert result.stacks == {"A": 110, "B": 0, "C": 95, "D": 100}
    assert result.net(stacks) == {"A": 10, "B": -5, "C": -5, "D": 0}


def test_naturals_are_settled_first() -> None:
    # Button A: B would pay C first, but A's natural is paid before any segment result.
    stacks = {"A": 200, "B": 40, "C": 200, "D": 200}
    points = {("A", "B"): 4, ("C", "B"): 4}
    plain = settle_stacks(points, 10, stacks, SEATS, "A")
    assert plain.transfers == (Transfer("B", "C", 40),)
    natural_first = settle_stacks(points, 10, stacks, SEATS, "A", paid_first={frozenset({"A", "B"})})
    assert natural_first.transfers == (Transfer("B", "A", 40),)
    assert natural_first.forfeited == (Transfer("B", "C", 40),)


def test_pushes_move_nothing() -> None:
    result = settle_stacks({("A", "B"): 0}, 10, {"A": 10, "B": 10}, ["A", "B"], "B")
    assert result.transfers == () and result.stacks == {"A": 10, "B": 10}


def test_bad_settlement_input_is_a_caller_bug() -> None:
    with pytest.raises(ValueError, match="given twice"):
        settle_stacks({("A", "B"): 1, ("B", "A"): -1}, 1, {"A": 5, "B": 5}, ["A", "B"], "A")
    with pytest.raises(ValueError, match="button"):
        settle_stacks({}, 1, {"A": 5, "B": 5}, ["A", "B"], "C")
    with pytest.raises(ValueError, match="clockwise"):
        settle_stacks({}, 1, {"A": 5, "B": 5}, ["A"], "A")


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 4).flatmap(lambda count: st.tuples(
        st.just(count),
        st.lists(st.integers(0, 300), min_size=count, max_size=count),
        st.lists(st.integers(-40, 40), min_size=count * (count - 1) // 2, max_size=count * (count - 1) // 2),
        st.integers(0, count - 1),
        st.lists(st.booleans(), min_size=count * (count - 1) // 2, max_size=count * (count - 1) // 2),
    )),
    st.integers(1, 25),
)
def test_settlement_conserves_chips_and_keeps_table_stakes(
    game: tuple[int, list[int], list[int], int, list[bool]], point_value: int,
) -> None:
    count, stack_list, point_list, button_index, naturals = game
    seats = SEATS[:count]
    stacks = dict(zip(seats, stack_list, strict=True))
    pairs = [(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :]]
    points = dict(zip(pairs, point_list, strict=True))
    paid_first = {frozenset(pair) for pair, natural in zip(pairs, naturals, strict=True) if natural}
    result = settle_stacks(points, point_value, stacks, seats, seats[button_index], paid_first=paid_first)

    assert sum(result.stacks.values()) == sum(stacks.values())
    assert all(stack >= 0 for stack in result.stacks.values())
    paid = result.paid()
    for (first, second), net in points.items():
        winner, loser = (first, second) if net > 0 else (second, first)
        due = min(abs(net) * point_value, stacks[winner])
        assert paid.get((winner, loser), 0) == 0  # chips only move from loser to winner
        assert paid.get((loser, winner), 0) <= due  # never more than points x value or the winner's stack
        unpaid = sum(t.amount for t in result.forfeited if (t.payer, t.payee) == (loser, winner))
        assert paid.get((loser, winner), 0) + unpaid == due
        if unpaid:
            assert result.stacks[loser] == 0  # only an emptied stack leaves anything unpaid
    # A loser pays naturals first, then the others, each in clockwise order from the button.
    order = clockwise_from_button(seats, seats[button_index])
    for loser in seats:
        payees = [t.payee for t in result.transfers if t.payer == loser]
        first_seen = list(dict.fromkeys(payees))
        assert first_seen == sorted(
            first_seen, key=lambda payee: (frozenset((loser, payee)) not in paid_first, order.index(payee))
        )


# --------------------------------------------------------------------------- the button
# Players here are seat ids as at a table (the rule is the one every game's moving role follows).
A, B, C, D = 601, 602, 603, 604


def test_the_first_button_goes_to_the_first_player_who_is_not_new() -> None:
    assert choose_button([A, B], [A, B], None, (), frozenset({A, B})) == A
    assert choose_button([A, B, C], [A, B, C], None, (), frozenset({A})) == B


def test_the_button_moves_clockwise_past_newcomers_and_players_sitting_out() -> None:
    seated = [A, B, C, D]
    assert choose_button([A, B, C, D], seated, A, seated, frozenset()) == B
    assert choose_button([A, B, C, D], seated, A, seated, frozenset({B})) == C
    # Bob has no chips (not dealt in): skipped like a newcomer.
    assert choose_button([A, C, D], seated, A, seated, frozenset()) == C
    assert choose_button([A, B, C, D], seated, D, seated, frozenset()) == A  # wraps


def test_when_everyone_else_is_new_the_button_stays() -> None:
    assert choose_button([A, B, C], [A, B, C], A, [A],
                         frozenset({B, C})) == A


def test_a_departed_holders_button_moves_on_from_where_they_sat() -> None:
    before = [A, B, C, D]
    # Bob held it and left: Carol, who sat after him, is next.
    assert choose_button([A, C, D], [A, C, D], B, before, frozenset()) == C
    # ...unless she is new again (she left and came back): then Dave.
    assert choose_button([A, C, D], [A, D, C], B, before,
                         frozenset({C})) == D


def test_the_button_passes_a_player_who_left() -> None:
    assert choose_button([A, D], [A, D], B, [A, B, D]) == D


def test_nobody_dealt_in_has_no_button() -> None:
    with pytest.raises(ValueError, match="nobody"):
        choose_button([], [A], A)


# --------------------------------------------------------------------------- buy-in


def test_the_buy_in_is_twenty_points_and_a_short_buy_only_follows_a_full_buy() -> None:
    assert full_buy_in(5) == 100
    verify_buy_in(100, 5, previous_was_full=False)
    verify_buy_in(250, 5, previous_was_full=False)
    verify_buy_in(40, 5, previous_was_full=True)
    with pytest.raises(RuleError, match="short buy is allowed only after a full buy"):
        verify_buy_in(40, 5, previous_was_full=False)
    with pytest.raises(RuleError, match="at least 1"):
        verify_buy_in(0, 5, previous_was_full=True)
