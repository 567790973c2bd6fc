"""``bot.games.moves.amount_range``: the least and most chips a bet takes, found by asking the
engine's check, equal the run's ends by brute force for every run the engines make (a floor and
a limit, the run at least twice as long as its start), within any cap."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.games.moves import MOST_CHIPS, MoveOption, amount_range


@given(st.integers(1, 400), st.integers(0, 3_000), st.integers(1, 5_000))
def test_the_ends_of_a_run_of_amounts_are_found(least: int, extra: int, cap: int) -> None:
    most = 2 * least - 1 + extra  # a run at least twice as long as its start
    asked: list[int] = []

    def takes(amount: int) -> bool:
        asked.append(amount)
        return least <= amount <= most

    found = amount_range(takes, cap)
    assert found == (None if least > cap else (least, min(most, cap)))
    assert len(asked) <= 5 * cap.bit_length() + 5, "a few dozen checks, never a scan"


def test_no_limit_and_no_floor_are_found_in_two_checks_after_the_first() -> None:
    asked: list[int] = []
    assert amount_range(lambda amount: asked.append(amount) or amount >= 1, MOST_CHIPS) == (1, MOST_CHIPS)
    assert len(asked) == 3


def test_an_optional_amount_is_none_or_within_its_bounds() -> None:
    insurance = MoveOption("bet", 10, 60, optional=True)
    assert [insurance.allows(amount) for amount in (0, 5, 10, 60, 61)] == [True, False, True, True, False]
    assert MoveOption("bet", optional=True).allows(0) and not MoveOption("bet", optional=True).allows(10)
