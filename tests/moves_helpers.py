"""One check for every engine's moves: the legal moves a seat is shown are exactly what the
engine's own actions accept at that moment, each bet's ``most`` is the most it takes and each
choice (a Raise's multiple) is taken while the others are refused."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot.games.common import RuleError
from bot.poker import FULL_DECK

Probe = Callable[[int], Any]
"""A move of one kind, given an amount (ignored by a move that takes none)."""


def takes(state: Any, copy: Callable[[Any], Any], seat: int, move: Any) -> bool:
    """Whether the engine (on a copy of ``state``) takes ``move`` from ``seat`` now."""
    try:
        copy(state).apply(seat, move)
    except RuleError:
        return False
    return True


def assert_legal_moves_are_what_the_engine_accepts(state: Any, seats: Iterable[int],
                                                   probes: Mapping[str, Probe], copy: Callable[[Any], Any],
                                                   amount: int = 1) -> None:
    for seat in seats:
        legal = {option.kind: option for option in state.legal_moves(seat)}
        taken = {kind for kind, probe in probes.items()
                 if any(takes(state, copy, seat, probe(value)) for value in (amount, 1, 2, 3, 4))}
        assert set(legal) == taken, (seat, sorted(legal), sorted(taken))
        for kind, option in legal.items():
            if option.most is not None:
                assert takes(state, copy, seat, probes[kind](option.most)), (kind, option)
                assert not takes(state, copy, seat, probes[kind](option.most + 1)), (kind, option)
            for value in (1, 2, 3, 4) if option.choices else ():
                chosen = takes(state, copy, seat, probes[kind](value))
                assert chosen == (value in option.choices), (kind, value)


def play_checking_every_step(state: Any, steps: Iterable[tuple[int, str, int]], seed: int,
                             probes: Mapping[str, Probe], check: Callable[[Any], None],
                             close_at: int) -> None:
    """Make ``steps`` (seat, move kind, amount; a refused move changes nothing), betting closed
    and the cards dealt (from a deck shuffled by ``seed``) at step ``close_at``, ``check``
    before every step and after the last."""
    for index, (seat, kind, amount) in enumerate(steps):
        check(state)
        if index == close_at and state.can_close_betting():
            state.close_betting()
            if state.can_deal():
                state.deal(random.Random(seed).sample(FULL_DECK, len(FULL_DECK)))
            continue
        try:
            state.apply(seat, probes[kind](amount))
        except RuleError:
            pass
    check(state)
