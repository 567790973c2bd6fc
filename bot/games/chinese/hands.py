"""One player's 13 cards: the three segments, fouls, royalties and automatic wins (naturals).

Seed ``chinese-poker.de.txt`` and RULES.md, "Chinese Poker":

* The hand is set as a front of 3, a middle of 5 and a back of 5 cards; the back must beat or
  tie the middle and the middle must beat the front ("Die hintere Hand muss die mittleren 5
  Karten ... schlagen oder gleichziehen und die mittleren 5 Karten müssen die vorderen 3 Karten
  schlagen"). Straights and flushes do not count in the front: it is trips, a pair or high card,
  valued by :func:`bot.poker.evaluate_front` in the same ordered space as five-card hands. A
  three-card front can never equal a five-card value (it has two missing kickers), so "beats"
  and "beats or ties" coincide there.
* A hand is fouled ("falsch gesetzt") when a segment has the wrong number of cards or the
  segments are out of that order.
* Royalties ("Bonuspunkte"), by segment: back straight flush 5, back four of a kind 4; middle
  straight flush 10, middle four of a kind 8, middle full house 2; front trips 3. A royal flush is
  a straight flush. A fouled hand earns none.
* Naturals ("automatischer Gewinn"), a property of the 13 cards: dragon (13 ranks, 13 points),
  six pairs (four of a kind counts as two pairs, trips as one), three flushes and three straights
  (4 points each). Here the front's three cards DO count as a flush or a straight: the seed makes
  the automatic win the one exception to "Straights und Flushes in der Drei-Karten-Hand zählen
  nicht". A three-card straight is three consecutive ranks, the ace high (Q-K-A) or low (A-2-3).
  A straight flush counts as a straight or as a flush. Because the seed lets a natural be shown
  without setting the hand ("muss der Spieler die Hände nicht setzen"), a natural only has to
  exist in some split of the 13 cards; it need not be the arrangement the player set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.games.common import NamedStep, RuleError
from bot.i18n import N_, Text
from bot.poker import Card, CardError, Category, HandValue, evaluate, evaluate_front, parse_cards

CardsInput = str | Iterable[Card | int | str]


class Segment(NamedStep):
    """The three segments in the order they are compared and shown."""

    FRONT = 0
    MIDDLE = 1
    BACK = 2

    @property
    def size(self) -> int:
        return SEGMENT_SIZES[self]


SEGMENTS = (Segment.FRONT, Segment.MIDDLE, Segment.BACK)
SEGMENT_SIZES = (3, 5, 5)
HAND_SIZE = 13

ROYALTIES: Mapping[Segment, Mapping[Category, int]] = {
    Segment.FRONT: {Category.THREE_OF_A_KIND: 3},
    Segment.MIDDLE: {
        Category.ROYAL_FLUSH: 10, Category.STRAIGHT_FLUSH: 10, Category.FOUR_OF_A_KIND: 8,
        Category.FULL_HOUSE: 2,
    },
    Segment.BACK: {Category.ROYAL_FLUSH: 5, Category.STRAIGHT_FLUSH: 5, Category.FOUR_OF_A_KIND: 4},
}
"""Royalty points by segment and category (RULES.md); collected only by a segment's winner."""


def royalty(segment: Segment, value: int) -> int:
    """The royalty a segment of this packed hand value is worth to the player who wins it."""
    return ROYALTIES[segment].get(Category(value >> 20), 0)


def segment_value(segment: Segment, cards: Sequence[Card]) -> HandValue:
    """The segment's poker value: three-card front rules for the front, five-card otherwise."""
    return evaluate_front(cards) if segment is Segment.FRONT else evaluate(cards)


@dataclass(frozen=True)
class Arrangement:
    """A hand as set: front, middle and back. The counts may be wrong (that is a foul)."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]

    @classmethod
    def parse(cls, front: CardsInput, middle: CardsInput, back: CardsInput) -> Arrangement:
        """Read three segments (text like ``"As Kd Qh"`` or cards). A bad or repeated card is a
        :class:`RuleError`; wrong counts are not (they make a foul)."""
        try:
            parts = [tuple(parse_cards(part)) for part in (front, middle, back)]
            parse_cards([card for part in parts for card in part])
        except CardError as error:
            raise RuleError(error.said) from error
        return cls(*parts)

    @classmethod
    def from_choice(cls, hand: Sequence[Card], front: CardsInput, middle: CardsInput) -> Arrangement:
        """The arrangement a player picks from ``hand``: ``front`` (3) and ``middle`` (5), the
        back is the rest. Refuses wrong counts, cards not in the hand and a card used twice."""
        front_cards = choose_cards(hand, front, Segment.FRONT)
        middle_cards = choose_cards(hand, middle, Segment.MIDDLE)
        both = set(front_cards) & set(middle_cards)
        if both:
            raise RuleError("{card} cannot be in your front and your middle at once.", card=Card(min(both)))
        back = tuple(card for card in hand if card not in front_cards and card not in middle_cards)
        return cls(front_cards, middle_cards, back)

    @property
    def parts(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return self.front, self.middle, self.back

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    @property
    def counts_ok(self) -> bool:
        return tuple(len(part) for part in self.parts) == SEGMENT_SIZES

    def values(self) -> tuple[HandValue, HandValue, HandValue]:
        """Each segment's value (front, middle, back); the counts must be right."""
        if not self.counts_ok:
            raise ValueError("a hand with wrong segment sizes has no segment values")
        front, middle, back = self.parts
        return evaluate_front(front), evaluate(middle), evaluate(back)

    def foul_reason(self) -> str | None:
        """Why this hand is fouled, for a person; ``None`` when it is legal."""
        return foul_reason(self)

    @property
    def fouled(self) -> bool:
        return foul_reason(self) is not None

    def royalties(self) -> tuple[int, int, int]:
        """Royalty points of each segment (front, middle, back); none for a fouled hand."""
        if self.fouled:
            return 0, 0, 0
        front, middle, back = self.values()
        return (royalty(Segment.FRONT, front.value), royalty(Segment.MIDDLE, middle.value),
                royalty(Segment.BACK, back.value))

    def to_dict(self) -> dict[str, str]:
        parts = zip(SEGMENTS, self.parts, strict=True)
        return {segment.label: " ".join(str(card) for card in part) for segment, part in parts}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Arrangement:
        return cls.parse(str(data["front"]), str(data["middle"]), str(data["back"]))


def choose_cards(hand: Sequence[Card], cards: CardsInput, segment: Segment) -> tuple[Card, ...]:
    """``cards`` read and checked as the player's choice for ``segment`` from ``hand``."""
    try:
        chosen = tuple(parse_cards(cards))
    except CardError as error:
        raise RuleError(error.said) from error
    if len(chosen) != segment.size:
        raise RuleError("Your {part} takes {size} cards, not {count}.",
                        part=Text(segment.label), size=segment.size, count=len(chosen))
    missing = [card for card in chosen if card not in hand]
    if missing:
        raise RuleError("{card} is not one of your cards.", card=missing[0])
    return chosen


def foul_reason(arrangement: Arrangement) -> str | None:
    """Why ``arrangement`` is fouled, for a person (the UI's warning); ``None`` when legal."""
    for segment, part in zip(SEGMENTS, arrangement.parts, strict=True):
        if len(part) != segment.size:
            return Text("Your {part} has {count} cards instead of {size}.", part=Text(segment.label),
                        count=len(part), size=segment.size)
    front, middle, back = arrangement.values()
    if middle > back:
        return Text("Your middle ({middle}) beats your back ({back}).", middle=middle.describe(),
                    back=back.describe())
    if front > middle:
        return Text("Your front ({front}) beats your middle ({middle}).", front=front.describe(),
                    middle=middle.describe())
    return None


# --------------------------------------------------------------------------------- naturals


class NaturalKind(Enum):
    """The automatic wins, with the points each collects from every player without one."""

    DRAGON = (N_("dragon"), 13)
    SIX_PAIRS = (N_("six pairs"), 4)
    THREE_FLUSHES = (N_("three flushes"), 4)
    THREE_STRAIGHTS = (N_("three straights"), 4)

    def __init__(self, label: str, points: int) -> None:
        self.label = label
        self.points = points

    @classmethod
    def from_label(cls, label: str) -> NaturalKind:
        for kind in cls:
            if kind.label == label:
                return kind
        raise ValueError(f"no automatic win is called {label!r}")


@dataclass(frozen=True)
class Natural:
    """An automatic win a 13-card hand holds; ``arrangement`` shows it when it has a shape
    (three flushes or three straights, and the dragon as three straights), else ``None``."""

    kind: NaturalKind
    arrangement: Arrangement | None = None

    @property
    def points(self) -> int:
        return self.kind.points

    @property
    def label(self) -> str:
        return self.kind.label


_RANKS = range(2, 15)
_STRAIGHTS5 = [(14, 2, 3, 4, 5)] + [tuple(range(low, low + 5)) for low in range(2, 11)]
_STRAIGHTS3 = [(14, 2, 3)] + [tuple(range(low, low + 3)) for low in range(2, 13)]


def find_natural(cards: Sequence[Card]) -> Natural | None:
    """The best automatic win the 13 ``cards`` hold (a dragon before the 4-point ones), or None."""
    found = naturals_of(cards)
    return found[0] if found else None


def naturals_of(cards: Sequence[Card]) -> tuple[Natural, ...]:
    """Every automatic win the 13 ``cards`` hold, best first (dragon, six pairs, three flushes,
    three straights); empty when there are not exactly 13 distinct cards."""
    if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
        return ()
    ranks = Counter(card.rank for card in cards)
    found: list[Natural] = []
    straights = _three_straights(cards, ranks)
    if len(ranks) == HAND_SIZE:
        found.append(Natural(NaturalKind.DRAGON, straights))
    if sum(count // 2 for count in ranks.values()) >= 6:
        found.append(Natural(NaturalKind.SIX_PAIRS))
    flushes = _three_flushes(cards)
    if flushes is not None:
        found.append(Natural(NaturalKind.THREE_FLUSHES, flushes))
    if straights is not None:
        found.append(Natural(NaturalKind.THREE_STRAIGHTS, straights))
    return tuple(found)


def _three_flushes(cards: Sequence[Card]) -> Arrangement | None:
    """A split into a 3-card flush and two 5-card flushes, if the suits allow one."""
    by_suit: dict[str, list[Card]] = {}
    for card in sorted(cards, reverse=True):
        by_suit.setdefault(card.suit, []).append(card)
    # Each suit's cards must fill whole segments: sizes 3, 5, 5 shared out between the suits.
    for front_suit in by_suit:
        rest = dict(by_suit)
        front = tuple(rest[front_suit][-3:])
        rest[front_suit] = rest[front_suit][:-3]
        fives = [suit_cards[i : i + 5] for suit_cards in rest.values() for i in range(0, len(suit_cards), 5)]
        if len(fives) == 2 and all(len(five) == 5 for five in fives):
            return _ordered(front, tuple(fives[0]), tuple(fives[1]))
    return None


def _three_straights(cards: Sequence[Card], ranks: Counter[int]) -> Arrangement | None:
    """A split into a 3-card straight and two 5-card straights, if the ranks allow one."""
    for first_index, first in enumerate(_STRAIGHTS5):
        left = ranks - Counter(first)
        if sum(left.values()) != 8:
            continue
        for second in _STRAIGHTS5[first_index:]:
            rest = left - Counter(second)
            if sum(rest.values()) != 3:
                continue
            front = tuple(sorted(rest.elements()))
            if any(sorted(straight) == list(front) for straight in _STRAIGHTS3):
                return _deal_ranks(cards, (front, first, second))
    return None


def _deal_ranks(cards: Sequence[Card], shapes: Sequence[Sequence[int]]) -> Arrangement:
    """Cards for each segment's ranks, taken from ``cards``."""
    pool: dict[int, list[Card]] = {}
    for card in sorted(cards, reverse=True):
        pool.setdefault(card.rank, []).append(card)
    front, one, two = (tuple(pool[rank].pop() for rank in shape) for shape in shapes)
    return _ordered(front, one, two)


def _ordered(front: tuple[Card, ...], one: tuple[Card, ...], two: tuple[Card, ...]) -> Arrangement:
    """The natural's split with the stronger five behind, so it is also a legal hand."""
    middle, back = sorted((one, two), key=evaluate)
    return Arrangement(_by_rank(front), _by_rank(middle), _by_rank(back))


def _by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


__all__ = [
    "HAND_SIZE",
    "ROYALTIES",
    "SEGMENTS",
    "SEGMENT_SIZES",
    "Arrangement",
    "CardsInput",
    "Natural",
    "NaturalKind",
    "Segment",
    "choose_cards",
    "find_natural",
    "foul_reason",
    "naturals_of",
    "royalty",
    "segment_value",
]
