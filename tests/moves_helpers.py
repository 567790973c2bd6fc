"""One check for every engine's moves: the legal moves a seat is shown are exactly what the
engine's own actions accept at that moment, each bet's ``most`` is the most it takes and each
choice (a Raise's multiple) is taken while the others are refused.

Probes make a move of one kind (on one box, for the boxed games) from an amount; they are
given as a mapping, or as a function of the state and seat where the move depends on them
(Imperial's Draw names the cards of the box on turn)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any, TypeAlias

from bot.games.common import RuleError
from bot.poker import FULL_DECK

Probe = Callable[[int], Any]
"""A move of one kind, given an amount (ignored by a move that takes none)."""
Key: TypeAlias = str | tuple[str, int | str | None]
"""A move's kind, or its kind and box (or which of its bets: High Card Flush's bonuses)."""
Probes: TypeAlias = Mapping[Key, Probe] | Callable[[Any, int], Mapping[Key, Probe]]
TRIED = (0, 1, 2, 3, 4)
"""Amounts every probe is tried with (besides the step's own)."""


def _keyed(probes: Mapping[Key, Probe]) -> dict[tuple[str, int | str | None], Probe]:
    return {(key, None) if isinstance(key, str) else key: probe for key, probe in probes.items()}


def option_key(option: Any) -> tuple[str, int | str | None]:
    return option.kind, option.box if option.box is not None else option.part


def takes(state: Any, copy: Callable[[Any], Any], seat: int, move: Any) -> bool:
    """Whether the engine (on a copy of ``state``) takes ``move`` from ``seat`` now."""
    try:
        copy(state).apply(seat, move)
    except RuleError:
        return False
    return True


def assert_legal_moves_are_what_the_engine_accepts(state: Any, seats: Iterable[int], probes: Probes,
                                                   copy: Callable[[Any], Any], amount: int = 1,
                                                   remembered: frozenset[str] = frozenset()) -> None:
    """Every legal move is taken (a bet at its least and most, not one chip beyond either), no
    move left out is taken at any amount tried. ``remembered``: kinds made from the table's
    memory of last round (Rebet), offered while they may be made: the engine taking one means
    it is offered, not the other way round."""
    for seat in seats:
        keyed = _keyed(probes(state, seat) if callable(probes) else probes)
        legal = {option_key(option): option for option in state.legal_moves(seat)}
        assert set(legal) <= set(keyed), (seat, sorted(set(legal) - set(keyed)))
        for key, probe in keyed.items():
            tried = {value: takes(state, copy, seat, probe(value)) for value in (amount, *TRIED)}
            if key not in legal:
                assert not any(tried.values()), (seat, key, "taken but not offered", tried)
            elif key[0] not in remembered:
                assert_option_is_exact(legal[key], partial(_takes_amount, state, copy, seat, probe),
                                       any(tried.values()))


def _takes_amount(state: Any, copy: Callable[[Any], Any], seat: int, probe: Probe, amount: int) -> bool:
    return takes(state, copy, seat, probe(amount))


def assert_option_is_exact(option: Any, taken: Callable[[int], bool], taken_as_tried: bool) -> None:
    """An offered move is taken: a bet from its least to its most chips and at neither's
    neighbour outside, a choice at its values only, any other move as it is."""
    if option.least is not None and option.most is not None:
        assert taken(option.least) and taken(option.most), option
        assert not taken(option.most + 1), option
        assert option.least <= 1 or not taken(option.least - 1), option
    elif option.choices:
        for value in (1, 2, 3, 4):
            assert taken(value) == (value in option.choices), (option, value)
    else:
        assert taken_as_tried, option


def deal_from(state: Any, deck: list[Any]) -> None:
    """Close a dealer game's betting window and deal ``deck`` to whoever is left."""
    if state.can_close_betting():
        state.close_betting()
        if state.can_deal():
            state.deal(deck)


def play_checking_every_step(state: Any, steps: Iterable[tuple[int, Key, int]], seed: int,
                             probes: Probes, check: Callable[[Any], None], close_at: int,
                             close: Callable[[Any, list[Any]], None] = deal_from) -> None:
    """Make ``steps`` (seat, move kind, amount; a refused move changes nothing), betting closed
    and the cards dealt (from a deck shuffled by ``seed``) at step ``close_at``, ``check``
    before every step and after the last."""
    for index, (seat, kind, amount) in enumerate(steps):
        check(state)
        if index == close_at:
            close(state, random.Random(seed).sample(FULL_DECK, len(FULL_DECK)))
            continue
        keyed = _keyed(probes(state, seat) if callable(probes) else probes)
        try:
            state.apply(seat, keyed[(kind, None) if isinstance(kind, str) else kind](amount))
        except RuleError:
            pass
    check(state)
