"""Auto-arrange: the best legal arrangement of 13 cards, and the natural they hold if any.

Objective (issue 9 asks for a stated one): the expected points of the arrangement against ONE
opponent whose hand is a random deal arranged by this same method, treating the three segments
as independent. For each segment with value ``v``, from the distribution of that segment in
opponents' hands (:mod:`bot.games.chinese._strength`, sampled by :mod:`.calibrate`):

* ``win`` = P(opponent's segment < v), ``lose`` = P(opponent's segment > v) (ties score 0);
* ``ev`` = ``win * (1 + royalty(v)) - lose - E[opponent's royalty; opponent's segment > v]``;

and the arrangement scores ``ev_front + ev_middle + ev_back + 3 * (win_f * win_m * win_b -
lose_f * lose_m * lose_b)``: the 3 extra points of a sweep won or lost. Fouled arrangements are
never chosen (a legal one always exists). It is a heuristic: segments are not independent, and
the super bonus and opponents' naturals and fouls are left out.

Search: exact (a test checks it against all 72,072 splits). Three cards go in front (286 ways)
and the other ten split into two fives (126 ways); the stronger five must go behind, so 36,036
splits cover all 72,072 orders, and those where the front beats the middle are skipped. Every
five-card and three-card value is computed once per hand (1,287 + 286 evaluations) and read from
lists by index in the inner loop, which is plain arithmetic on floats. Upper bounds (see
``_best_split``) skip fronts and splits that cannot beat the best found. ``python -m bot bench
chinese`` measures it (goal: <= 50 ms per hand; about 11 ms of CPU).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from bot.games.chinese import _strength
from bot.games.chinese.hands import (
    HAND_SIZE,
    Arrangement,
    CardsInput,
    Natural,
    Segment,
    find_natural,
    royalty,
)
from bot.games.chinese.scoring import SWEEP_BONUS
from bot.games.common import RuleError
from bot.poker import Card, CardError, Category, evaluate_rank5, parse_cards
from bot.poker.hand_value import pack_value

_FIVES: tuple[tuple[int, int, int, int, int], ...] = tuple(combinations(range(HAND_SIZE), 5))
_THREES: tuple[tuple[int, int, int], ...] = tuple(combinations(range(HAND_SIZE), 3))


def _splits() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each front (index into ``_THREES``): the splits of the other ten cards into two
    fives, as pairs of indices into ``_FIVES``, each split once."""
    five_index = {_mask(five): index for index, five in enumerate(_FIVES)}
    everything = (1 << HAND_SIZE) - 1
    splits = []
    for front in _THREES:
        rest = [position for position in range(HAND_SIZE) if position not in front]
        pairs = []
        # The lowest remaining card always goes in the first five: each split appears once.
        for others in combinations(rest[1:], 4):
            first = _mask((rest[0], *others))
            second = everything ^ _mask(front) ^ first
            pairs.append((five_index[first], five_index[second]))
        splits.append(tuple(pairs))
    return tuple(splits)


def _mask(positions: Sequence[int]) -> int:
    return sum(1 << position for position in positions)


def _front_values() -> dict[tuple[int, int, int], int]:
    """Packed front value by the three rank indices (0..12) in ascending order; the same values
    :func:`bot.poker.evaluate_front` gives, without building cards."""
    values = {}
    for low, mid, high in combinations_with_replacement(range(13), 3):
        ranks = [high + 2, mid + 2, low + 2]
        counts = {rank: ranks.count(rank) for rank in ranks}
        order = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
        category = {3: Category.THREE_OF_A_KIND, 2: Category.PAIR}.get(max(counts.values()))
        values[(low, mid, high)] = pack_value(category or Category.HIGH_CARD, order)
    return values


_SPLITS = _splits()
_FRONT_VALUES = _front_values()

Odds = tuple[float, float, float]
"""A segment's ``(ev, win, lose)`` against the opponents' distribution."""


class SegmentModel:
    """One segment's opponents' distribution and the odds of a value against it."""

    def __init__(self, segment: Segment, sample: Sequence[int]) -> None:
        if not sample or list(sample) != sorted(sample):
            raise ValueError("a segment sample must be a non-empty sorted list of values")
        self.segment = segment
        self.sample = tuple(sample)
        # royalty_above[i]: the opponents' royalties summed over sample[i:].
        self._royalty_above = [0.0] * (len(self.sample) + 1)
        for index in range(len(self.sample) - 1, -1, -1):
            self._royalty_above[index] = self._royalty_above[index + 1] + royalty(segment, self.sample[index])
        self._cache: dict[int, Odds] = {}

    def odds_of(self, values: Sequence[int]) -> list[Odds]:
        """:meth:`odds` of each value, mostly from the cache."""
        cache, odds = self._cache, self.odds
        return [cache.get(value) or odds(value) for value in values]

    def odds(self, value: int) -> Odds:
        cached = self._cache.get(value)
        if cached is None:
            size = len(self.sample)
            below, not_above = bisect_left(self.sample, value), bisect_right(self.sample, value)
            win, lose = below / size, (size - not_above) / size
            ev = win * (1 + royalty(self.segment, value)) - lose - self._royalty_above[not_above] / size
            cached = self._cache[value] = (ev, win, lose)
        return cached


@dataclass(frozen=True)
class AutoArrangement:
    """The proposed arrangement, its objective (expected points against one opponent) and the
    natural the cards hold (``None`` if none; declaring it is the player's choice)."""

    arrangement: Arrangement
    expected_points: float
    natural: Natural | None


class Arranger:
    """Auto-arrange against one set of opponents' segment distributions."""

    def __init__(self, front: Sequence[int], middle: Sequence[int], back: Sequence[int]) -> None:
        self.front = SegmentModel(Segment.FRONT, front)
        self.middle = SegmentModel(Segment.MIDDLE, middle)
        self.back = SegmentModel(Segment.BACK, back)

    def expected_points(self, arrangement: Arrangement) -> float:
        """The objective for any legal arrangement (see the module docstring)."""
        if arrangement.fouled:
            raise ValueError("a fouled arrangement has no objective value")
        front, middle, back = arrangement.values()
        odds = (self.front.odds(front.value), self.middle.odds(middle.value), self.back.odds(back.value))
        return _objective(*odds)

    def arrange(self, cards: CardsInput) -> AutoArrangement:
        """The legal arrangement of these 13 cards with the highest objective.

        Ties go to the first split found in a fixed order; the cards are sorted first, so the
        order they are passed in does not matter.
        """
        hand = _thirteen(cards)
        front, middle, back, score = self._best_split(hand)
        arrangement = Arrangement(*(tuple(hand[i] for i in reversed(part)) for part in (front, middle, back)))
        return AutoArrangement(arrangement, score, find_natural(hand))

    def _best_split(self, hand: Sequence[Card]) -> tuple[Sequence[int], Sequence[int], Sequence[int], float]:
        fives = [evaluate_rank5([hand[a], hand[b], hand[c], hand[d], hand[e]]) for a, b, c, d, e in _FIVES]
        ranks = [card >> 2 for card in hand]
        threes = [_FRONT_VALUES[(ranks[a], ranks[b], ranks[c])] for a, b, c in _THREES]
        back_ev, back_win, back_lose = zip(*self.back.odds_of(fives), strict=True)
        middle_ev, middle_win, middle_lose = zip(*self.middle.odds_of(fives), strict=True)
        front_odds = self.front.odds_of(threes)
        # Branch and bound, still exact: no split can score more than its front's ev plus a won
        # sweep's share (3 * win_f) plus the best back ev and the best middle ev of the hand.
        # Fronts are tried in the order of that bound; once it cannot beat the best split
        # found, no later front can either.
        ceiling = max(back_ev) + max(middle_ev)
        bounds = sorted(((odds[0] + SWEEP_BONUS * odds[1], front) for front, odds in enumerate(front_odds)),
                        reverse=True)
        best, choice = float("-inf"), (0, 0, 0)
        for bound, front in bounds:
            if bound + ceiling <= best:
                break
            front_value = threes[front]
            ev, win, lose = front_odds[front]
            win *= SWEEP_BONUS
            lose *= SWEEP_BONUS
            # The hot loop: every name is a local, every lookup a list index.
            for one, two in _SPLITS[front]:
                value_one, value_two = fives[one], fives[two]
                # The stronger five cards go to the back; the front must not beat the middle.
                if value_one >= value_two:
                    back_at, middle_at, middle_value = one, two, value_two
                else:
                    back_at, middle_at, middle_value = two, one, value_one
                if front_value > middle_value:
                    continue
                score = back_ev[back_at] + middle_ev[middle_at] + ev
                # The sweep term is at most ``win``: most splits are dropped before computing it.
                if score + win <= best:
                    continue
                score += (win * back_win[back_at] * middle_win[middle_at]
                          - lose * back_lose[back_at] * middle_lose[middle_at])
                if score > best:
                    best, choice = score, (front, middle_at, back_at)
        front, middle, back = choice
        return _THREES[front], _FIVES[middle], _FIVES[back], best


def _objective(front: Odds, middle: Odds, back: Odds) -> float:
    sweep_won = front[1] * middle[1] * back[1]
    sweep_lost = front[2] * middle[2] * back[2]
    return front[0] + middle[0] + back[0] + SWEEP_BONUS * (sweep_won - sweep_lost)


def _thirteen(cards: CardsInput) -> list[Card]:
    try:
        hand = sorted(parse_cards(cards))
    except CardError as error:
        raise RuleError(error.said) from error
    if len(hand) != HAND_SIZE:
        raise RuleError("A Chinese Poker hand has {hand_size} cards, not {count}.",
                        hand_size=HAND_SIZE, count=len(hand))
    return hand


def naive_arrangement(cards: CardsInput) -> Arrangement:
    """The simplest legal arrangement: the best five behind, the best five of the rest in the
    middle, the last three in front (a baseline the auto-arrange must not do worse than)."""
    hand = _thirteen(cards)
    back = max(combinations(hand, 5), key=evaluate_rank5)
    rest = [card for card in hand if card not in back]
    middle = max(combinations(rest, 5), key=evaluate_rank5)
    front = [card for card in rest if card not in middle]
    return Arrangement(*(tuple(sorted(part, reverse=True)) for part in (front, middle, back)))


DEFAULT_ARRANGER = Arranger(_strength.FRONT, _strength.MIDDLE, _strength.BACK)


def auto_arrange(cards: CardsInput) -> AutoArrangement:
    """The best legal arrangement of 13 cards by the default objective, and their natural."""
    return DEFAULT_ARRANGER.arrange(cards)


def expected_points(arrangement: Arrangement) -> float:
    """The default objective of a legal arrangement."""
    return DEFAULT_ARRANGER.expected_points(arrangement)


__all__ = [
    "DEFAULT_ARRANGER",
    "Arranger",
    "AutoArrangement",
    "SegmentModel",
    "auto_arrange",
    "expected_points",
    "naive_arrangement",
]
