"""Hand facts the casino games need beyond "which hand wins".

* High Card Flush ranks hands by their longest flush (:func:`longest_flush`) and pays a bonus on
  the longest straight-flush run (:func:`longest_straight_flush_run`).
* The dealer in Imperial and 2 Plus 4 qualifies with Ace-King or better (:func:`has_ace_king`).
* Imperial pays a second combination when the cards form another paying combination that uses a
  card the primary one does not. :func:`find_combinations` lists every combination with the exact
  cards it uses and :func:`primary_combination` names the one the best five cards make; which
  pairs of them pay is the game's rule, not this module's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations, product

from bot.poker.cards import SUIT_CHARS, Card, CardError, parse_cards
from bot.poker.evaluator import CardsInput, evaluate
from bot.poker.hand_value import Category

ACE, KING = 14, 13


def longest_flush(cards: CardsInput) -> tuple[str, tuple[int, ...]]:
    """The suit with the most cards and those cards' ranks, highest first.

    When two suits hold as many cards, the one with the higher ranks compared card by card wins
    (``A 7 3`` beats ``K Q J``); if even the ranks are equal, the suit first in ``c d h s``.
    Compare two hands' flushes by ``(len(ranks), ranks)``.
    """
    by_suit = _ranks_by_suit(_nonempty(cards))
    best = max(SUIT_CHARS, key=lambda suit: (len(by_suit[suit]), by_suit[suit]))
    return best, by_suit[best]


def longest_straight_flush_run(cards: CardsInput) -> tuple[int, int]:
    """``(length, top_rank)`` of the longest run of consecutive ranks in one suit.

    The ace plays high (Q-K-A, top 14) or low (A-2-3, top 3), never both in one run. Between runs
    of equal length the higher top card wins. A lone card is a run of length 1.
    """
    by_suit = _ranks_by_suit(_nonempty(cards))
    return max(_longest_run(set(ranks)) for ranks in by_suit.values() if ranks)


def has_ace_king(cards: CardsInput) -> bool:
    """True when the cards include an ace and a king, of any suits."""
    ranks = {card.rank for card in parse_cards(cards)}
    return ACE in ranks and KING in ranks


class ComboKind(IntEnum):
    """The paying combinations of the Imperial family, weakest first. Ace-King is the lowest."""

    ACE_KING = 1
    PAIR = 2
    TWO_PAIR = 3
    TRIPS = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    QUADS = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10


@dataclass(frozen=True)
class Combo:
    """One combination and the cards that make it, most important first (no kickers)."""

    kind: ComboKind
    cards: tuple[Card, ...]

    def uses_card_outside(self, used: Iterable[Card]) -> bool:
        """True when at least one of this combination's cards is not among ``used``."""
        return not set(self.cards) <= set(used)

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(card.rank for card in self.cards)


_KIND_OF_CATEGORY = {
    Category.PAIR: ComboKind.PAIR,
    Category.TWO_PAIR: ComboKind.TWO_PAIR,
    Category.THREE_OF_A_KIND: ComboKind.TRIPS,
    Category.STRAIGHT: ComboKind.STRAIGHT,
    Category.FLUSH: ComboKind.FLUSH,
    Category.FULL_HOUSE: ComboKind.FULL_HOUSE,
    Category.FOUR_OF_A_KIND: ComboKind.QUADS,
    Category.STRAIGHT_FLUSH: ComboKind.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH: ComboKind.ROYAL_FLUSH,
}
_CARDS_USED = {
    Category.PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}
"""Cards a category uses when fewer than five: the rest of the best five are kickers."""


def primary_combination(cards: CardsInput) -> Combo | None:
    """The combination the best five of these 5-7 cards make, with only the cards it uses.

    Ace-King counts when the best hand is only a high card; a high card without both is None.
    """
    hand = parse_cards(cards)
    best = evaluate(hand)
    kind = _KIND_OF_CATEGORY.get(best.category)
    if kind is not None:
        return Combo(kind, best.best_five[: _CARDS_USED.get(best.category, 5)])
    if has_ace_king(hand):
        return Combo(ComboKind.ACE_KING, best.best_five[:2])
    return None


def find_combinations(cards: CardsInput) -> list[Combo]:
    """Every combination in the cards (meant for up to seven), strongest first.

    Each distinct set of cards is listed once, under the best combination it makes: five suited
    consecutive cards are a straight flush, not also a straight and a flush. Smaller combinations
    inside bigger ones are listed too (a full house's pair and trips), since a game may pay them.
    """
    hand = sorted(parse_cards(cards), reverse=True)
    by_rank = {rank: [card for card in hand if card.rank == rank] for rank in _ranks(hand)}
    ace_kings = product(by_rank.get(ACE, []), by_rank.get(KING, []))
    found = [
        *(Combo(ComboKind.ACE_KING, ace_king) for ace_king in ace_kings),
        *_sets_of_a_kind(by_rank),
        *_two_pairs_and_full_houses(by_rank),
        *_five_card_runs_and_flushes(hand),
    ]
    return sorted(found, key=lambda combo: (combo.kind, _strength(combo)), reverse=True)


def _sets_of_a_kind(by_rank: dict[int, list[Card]]) -> list[Combo]:
    kinds = {2: ComboKind.PAIR, 3: ComboKind.TRIPS, 4: ComboKind.QUADS}
    return [
        Combo(kind, group)
        for cards in by_rank.values()
        for size, kind in kinds.items()
        for group in combinations(cards, size)
    ]


def _two_pairs_and_full_houses(by_rank: dict[int, list[Card]]) -> list[Combo]:
    found: list[Combo] = []
    for high, low in combinations(by_rank, 2):  # by_rank is ordered high to low
        for high_pair, low_pair in product(combinations(by_rank[high], 2), combinations(by_rank[low], 2)):
            found.append(Combo(ComboKind.TWO_PAIR, high_pair + low_pair))
    for trips_rank, pair_rank in product(by_rank, repeat=2):
        if trips_rank != pair_rank:
            for trips, pair in product(
                combinations(by_rank[trips_rank], 3), combinations(by_rank[pair_rank], 2)
            ):
                found.append(Combo(ComboKind.FULL_HOUSE, trips + pair))
    return found


def _five_card_runs_and_flushes(hand: Sequence[Card]) -> list[Combo]:
    found: list[Combo] = []
    for five in combinations(hand, 5):
        run = _straight_order(five)
        suited = len({card.suit for card in five}) == 1
        if run is not None and suited:
            royal = run[0].rank == ACE
            found.append(Combo(ComboKind.ROYAL_FLUSH if royal else ComboKind.STRAIGHT_FLUSH, run))
        elif run is not None:
            found.append(Combo(ComboKind.STRAIGHT, run))
        elif suited:
            found.append(Combo(ComboKind.FLUSH, tuple(five)))
    return found


def _straight_order(five: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The five cards top-down if they are a straight (the wheel's ace last), else None."""
    ranks = [card.rank for card in five]  # descending: the hand is sorted
    if len(set(ranks)) != 5:
        return None
    if ranks[0] - ranks[4] == 4:
        return five
    if ranks == [ACE, 5, 4, 3, 2]:
        return (*five[1:], five[0])
    return None


def _strength(combo: Combo) -> tuple[int, ...]:
    """Within one kind, the order poker would give (the wheel's ace counts low)."""
    ranks = combo.ranks
    if combo.kind in (ComboKind.STRAIGHT, ComboKind.STRAIGHT_FLUSH):
        return (ranks[0],)
    return ranks


def _nonempty(cards: CardsInput) -> list[Card]:
    hand = parse_cards(cards)
    if not hand:
        raise CardError("no cards given")
    return hand


def _ranks(hand: Iterable[Card]) -> list[int]:
    """The distinct ranks, highest first."""
    return sorted({card.rank for card in hand}, reverse=True)


def _ranks_by_suit(hand: Iterable[Card]) -> dict[str, tuple[int, ...]]:
    ranks: dict[str, list[int]] = {suit: [] for suit in SUIT_CHARS}
    for card in hand:
        ranks[card.suit].append(card.rank)
    return {suit: tuple(sorted(values, reverse=True)) for suit, values in ranks.items()}


def _longest_run(ranks: set[int]) -> tuple[int, int]:
    """``(length, top)`` of the longest run of consecutive ranks, the ace also counting as 1."""
    values = ranks | ({1} if ACE in ranks else set())
    best = (0, 0)
    for top in values:
        if top + 1 not in values:  # top ends a run: walk down to its start
            length = 1
            while top - length in values:
                length += 1
            best = max(best, (min(length, 13), top))
    return best
