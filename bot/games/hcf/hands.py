"""What a High Card Flush hand is worth: its flush, its straight-flush run, the DP's qualifier.

A hand is seven cards. RULES.md ("High Card Flush"):

* strength: the number of cards in the longest flush, then those cards' ranks from the top down
  (seed: "ein Flush aus vier Karten schlägt einen Flush aus drei Karten ... die höchste Karte");
  equal strength is a push. When two suits hold as many cards, the hand's flush is the one with
  the higher ranks card by card (:func:`bot.poker.helpers.longest_flush`).
* the straight-flush run: the longest run of consecutive ranks in one suit, the ace high or low
  (A-2-3 is a run with top card 3); runs compare by length, then top card.
* the designated player (DP) qualifies with at least a 3-card 9-high flush: any flush of 4 or
  more cards, or a 3-card flush whose top card is a 9 or higher.

Two encodings of the same facts:

* :class:`Flush` and :class:`Run`, readable records for the table and the renderer, with the
  cards that form them (:func:`flush_cards`, :func:`run_cards`, for highlighting);
* plain ``int`` keys that compare like the records (:func:`flush_key`, :func:`run_key`,
  :func:`hand_keys`), which the settlement arithmetic and the simulator use. A flush key is
  ``length << 13 | rank bits`` (bit ``r - 2`` for rank ``r``): two sets of the same size compare
  card by card exactly as their bit masks compare as integers. A run key is ``length << 4 | top``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from bot.i18n import Text
from bot.poker import Card, longest_flush, longest_straight_flush_run, parse_cards
from bot.poker.evaluator import CardsInput

ACE: Final = 14
QUALIFYING_TOP: Final = 9
"""The lowest top card of a 3-card flush with which the DP qualifies (RULES.md)."""


class Flush(NamedTuple):
    """A hand's flush: its suit and ranks, highest first. Compare hands with :attr:`strength`."""

    suit: str
    ranks: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.ranks)

    @property
    def strength(self) -> tuple[int, tuple[int, ...]]:
        """``(length, ranks)``: the order of hands in this game."""
        return self.length, self.ranks

    @property
    def key(self) -> int:
        return flush_key(self.ranks)

    @property
    def text(self) -> Text:
        """``"4-card flush K-9-5-2"``, for the table."""
        names = "-".join(_RANK_TEXT[rank] for rank in self.ranks)
        return Text("{length}-card flush {names}", length=self.length, names=names)


class Run(NamedTuple):
    """The longest straight-flush run: ``length`` cards ending at ``top`` (3 for A-2-3)."""

    length: int
    top: int

    @property
    def key(self) -> int:
        return run_key(self.length, self.top)

    @property
    def text(self) -> Text:
        """``"3-card straight flush A-2-3"`` (lowest first, as straights are read)."""
        names = "-".join(_RANK_TEXT[rank] for rank in range(self.top - self.length + 1, self.top + 1))
        return Text("{length}-card straight flush {names}", length=self.length, names=names)


_RANK_TEXT: Final = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"} | {
    rank: str(rank) for rank in range(2, 10)
}


def flush_of(cards: CardsInput) -> Flush:
    """The hand's flush (the best one when two suits are as long)."""
    suit, ranks = longest_flush(cards)
    return Flush(suit, ranks)


def run_of(cards: CardsInput) -> Run:
    """The hand's longest straight-flush run, ace high or low."""
    length, top = longest_straight_flush_run(cards)
    return Run(length, top)


def dp_qualifies(flush: Flush) -> bool:
    """At least a 3-card 9-high flush (seed point 4: "mindestens aus einem 3-Karten 9-High
    Flush"): any flush of four or more cards, or three cards topped by a 9 or higher."""
    return flush.length >= 4 or (flush.length == 3 and flush.ranks[0] >= QUALIFYING_TOP)


RAISE_MULTIPLES = (1, 2, 3)
"""Every Raise in Antes a hand may make (seed point 2); :func:`raise_cap` says which one's flush
allows which."""


def raise_cap(flush_length: int) -> int:
    """The largest Raise in Antes (seed point 2): 3x with a 6- or 7-card flush, 2x with 5,
    1x with 4 or fewer."""
    one, two, three = RAISE_MULTIPLES
    if flush_length >= 6:
        return three
    return two if flush_length == 5 else one


def flush_cards(cards: CardsInput) -> tuple[Card, ...]:
    """The cards of the hand's flush, highest first: what a picture of the hand highlights."""
    hand = parse_cards(cards)
    suit = flush_of(hand).suit
    return tuple(sorted((card for card in hand if card.suit == suit), reverse=True))


def flush_first(cards: CardsInput) -> tuple[Card, ...]:
    """The hand as a picture shows it: its flush first (highest first), then the other cards
    (highest first), so the flush reads at a glance even where seven cards overlap."""
    flush = flush_cards(cards)
    rest = sorted((card for card in parse_cards(cards) if card not in flush), reverse=True)
    return (*flush, *rest)


def run_cards(cards: CardsInput) -> tuple[Card, ...]:
    """The cards of the longest straight-flush run, top card first (an ace-low run ends with
    its ace). Of two equal runs in different suits, the first suit in ``c d h s``."""
    hand = parse_cards(cards)
    best = run_of(hand)
    for suit in "cdhs":
        suited = [card for card in hand if card.suit == suit]
        if suited and run_of(suited) == best:
            by_rank = {card.rank: card for card in suited}
            if ACE in by_rank:
                by_rank[1] = by_rank[ACE]
            return tuple(by_rank[rank] for rank in range(best.top, best.top - best.length, -1))
    raise AssertionError("the best run lies in one of the suits")  # pragma: no cover


# --------------------------------------------------------------------------- integer keys


def flush_key(ranks: Sequence[int]) -> int:
    """The flush ``ranks`` as an int that orders hands as the rules do."""
    mask = 0
    for rank in ranks:
        mask |= 1 << (rank - 2)
    return len(ranks) << 13 | mask


def run_key(length: int, top: int) -> int:
    return length << 4 | top


QUALIFYING_FLUSH_KEY: Final = flush_key((QUALIFYING_TOP, 3, 2))
"""The weakest qualifying hand, 9-3-2 in one suit: the DP qualifies when its key is at least
this (every 3-card flush topped by 9 or more is, every 8-high one is below)."""


def _mask_run_key(mask: int) -> int:
    """Run key of one suit's rank bits; the ace (bit 12) also plays below the deuce."""
    extended = (mask << 1) | (mask >> 12 & 1)  # bit 0: ace low, bit r - 1: rank r
    best = 0
    length, top = 0, 0
    for bit in range(14):
        if extended >> bit & 1:
            length += 1
            top = bit + 1
            best = max(best, run_key(length, top))
        else:
            length = 0
    return best


_FLUSH_KEYS: Final = tuple(mask.bit_count() << 13 | mask for mask in range(1 << 13))
_RUN_KEYS: Final = tuple(_mask_run_key(mask) for mask in range(1 << 13))


def suit_masks(cards: Sequence[int]) -> tuple[int, int, int, int]:
    """Each suit's rank bits (``c d h s``), from cards as ``Card`` or index ``rank * 4 + suit``."""
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card & 3] |= 1 << (card >> 2)
    return masks[0], masks[1], masks[2], masks[3]


def hand_keys(cards: Sequence[int]) -> tuple[int, int]:
    """``(flush_key, run_key)`` of the hand, by table look-up: the simulator's hot path. Equal
    to ``flush_of(cards).key`` and ``run_of(cards).key``."""
    c, d, h, s = suit_masks(cards)
    flushes, runs = _FLUSH_KEYS, _RUN_KEYS
    return (
        max(flushes[c], flushes[d], flushes[h], flushes[s]),
        max(runs[c], runs[d], runs[h], runs[s]),
    )


def mask_flush_key(mask: int) -> int:
    """Flush key of one suit's rank bits."""
    return _FLUSH_KEYS[mask]


def mask_run_key(mask: int) -> int:
    """Run key of one suit's rank bits."""
    return _RUN_KEYS[mask]
