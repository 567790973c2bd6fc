"""Hand evaluation: the best five of 5, 6 or 7 cards, and the three-card Chinese Poker front.

Two speeds. :func:`evaluate_rank` (and the per-size :func:`evaluate_rank5`, ``6``, ``7``) returns a
plain ``int`` (higher is better, see :mod:`bot.poker.hand_value`) from a sequence of distinct card
indices, by summing precomputed per-card keys and making one table lookup (see
:mod:`bot.poker._tables`); there is no loop over five-card subsets. They do not validate their
input, for speed: duplicate or out-of-range cards give a wrong value or a ``KeyError``/
``IndexError``. :func:`evaluate` validates, and returns a :class:`HandValue` that also names the
best five cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from bot.poker import _tables
from bot.poker.cards import Card, CardError, parse_cards
from bot.poker.hand_value import CATEGORY_SHIFT, Category, HandValue, pack_value, value_ranks

CardsInput = str | Iterable[Card | int | str]
Ranker = Callable[[Sequence[int]], int]

_FLUSH_CATEGORIES = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


def _make_rankers() -> tuple[Ranker, Ranker, Ranker]:
    """The three fast rankers, with every table bound in a closure so no lookup leaves the frame.

    Written out per hand size on purpose: unpacking a fixed number of cards and adding the keys
    inline is markedly faster in CPython than any loop or ``sum`` over them.
    """
    keys, flush_table, mask = _tables.CARD_KEYS, _tables.FLUSH_TABLE, _tables.SUIT_KEY_MASK
    shift = _tables.SUIT_KEY_BITS
    suits5, suits6, suits7 = (_tables.FLUSH_SUIT_TABLES[size] for size in _tables.HAND_SIZES)
    ranks5, ranks6 = _tables.RANK_TABLES[5], _tables.RANK_TABLES[6]
    ranks7, values = _tables.RANK_ARRAY_7, _tables.VALUES

    def evaluate_rank5(cards: Sequence[int]) -> int:
        """Value of exactly five distinct card indices; higher is better."""
        a, b, c, d, e = cards
        total = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
        bits = suits5[total & mask]
        if bits is not None:
            return flush_table[bits[a] | bits[b] | bits[c] | bits[d] | bits[e]]
        return ranks5[total >> shift]

    def evaluate_rank6(cards: Sequence[int]) -> int:
        """Value of the best five of exactly six distinct card indices; higher is better."""
        a, b, c, d, e, f = cards
        total = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
        bits = suits6[total & mask]
        if bits is not None:
            return flush_table[bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[f]]
        return ranks6[total >> shift]

    def evaluate_rank7(cards: Sequence[int]) -> int:
        """Value of the best five of exactly seven distinct card indices; higher is better."""
        a, b, c, d, e, f, g = cards
        total = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
        bits = suits7[total & mask]
        if bits is not None:
            return flush_table[bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[f] | bits[g]]
        return values[ranks7[total >> shift]]

    return evaluate_rank5, evaluate_rank6, evaluate_rank7


evaluate_rank5, evaluate_rank6, evaluate_rank7 = _make_rankers()


def with_two_more(five: Sequence[int]) -> Callable[[int, int], int]:
    """``rank(x, y)``: the value of ``five`` cards (a board) with two more (a player's hole
    cards), as :func:`evaluate_rank7` gives it, with the five cards' keys added up once. For
    counting every hand a board makes: a million of them in about a second."""
    keys, flush_table, mask = _tables.CARD_KEYS, _tables.FLUSH_TABLE, _tables.SUIT_KEY_MASK
    shift, suits7 = _tables.SUIT_KEY_BITS, _tables.FLUSH_SUIT_TABLES[7]
    ranks7, values = _tables.RANK_ARRAY_7, _tables.VALUES
    a, b, c, d, e = five
    base = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]

    def rank(x: int, y: int) -> int:
        total = base + keys[x] + keys[y]
        bits = suits7[total & mask]
        if bits is not None:
            return flush_table[bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[x] | bits[y]]
        return values[ranks7[total >> shift]]
    return rank
def with_every_pair(five: Sequence[int], cards: Sequence[int]) -> list[int]:
    """The values :func:`evaluate_rank7` gives ``five`` cards (a board) with each pair of
    ``cards`` (all the dealer's hands), in ``itertools.combinations(cards, 2)`` order.

    A seven-card hand without a flush is valued by its ranks alone, so every pair is first
    valued that way in one tight loop; then only the pairs that can make a flush with this
    board (five cards of a suit) are valued in full. A board with at most two cards of every suit
    makes no flush at all. Three times faster than calling :func:`with_two_more` per pair."""
    keys, shift = _tables.CARD_KEYS, _tables.SUIT_KEY_BITS
    ranks7, values = _tables.RANK_ARRAY_7, _tables.VALUES
    base = sum(keys[card] for card in five)
    pair_keys = [keys[card] for card in cards]
    found = [values[ranks7[(base + first + second) >> shift]]
             for index, first in enumerate(pair_keys) for second in pair_keys[index + 1:]]
    on_board = [0, 0, 0, 0]
    for card in five:
        on_board[card & 3] += 1
    suit = max(range(4), key=on_board.__getitem__)  # five cards hold three of one suit at most once
    if on_board[suit] < 3:
        return found
    rank, count = with_two_more(five), len(cards)
    suited = {position for position, card in enumerate(cards) if card & 3 == suit}
    # Five of the suit: the board's three need both cards of it, its four either one.
    needed = 5 - on_board[suit]
    pairs = (combinations(sorted(suited), 2) if needed == 2 else
             ((min(one, other), max(one, other)) for one in suited for other in range(count)
              if other != one and (other not in suited or one < other)) if needed == 1 else
             combinations(range(count), 2))
    for first, second in pairs:
        found[first * (2 * count - first - 1) // 2 + second - first - 1] = rank(cards[first], cards[second])
    return found


RANKERS: dict[int, Ranker] = {5: evaluate_rank5, 6: evaluate_rank6, 7: evaluate_rank7}
"""The fast ranker for each hand size, as :func:`evaluate_rank` picks it."""


def evaluate_rank(cards: Sequence[int]) -> int:
    """Value of the best five of 5, 6 or 7 distinct card indices (``Card`` or ``int``).

    Higher is better; :func:`bot.poker.hand_value.value_category` reads the category back.
    """
    ranker = RANKERS.get(len(cards))
    if ranker is None:
        raise CardError(f"a hand has 5, 6 or 7 cards, not {len(cards)}")
    return ranker(cards)


def evaluate(cards: CardsInput) -> HandValue:
    """The best five-card hand among 5, 6 or 7 cards (``Card``, index or text like ``"As"``)."""
    hand = parse_cards(cards)
    value = evaluate_rank(hand)
    return HandValue(value, _best_five(hand, value))


def _best_five(hand: Sequence[Card], value: int) -> tuple[Card, ...]:
    """The cards behind ``value``, most important first; among equal ranks, the highest suit."""
    pool = sorted(hand, reverse=True)
    if value >> CATEGORY_SHIFT in _FLUSH_CATEGORIES:
        suits = [card & 3 for card in hand]
        flush_suit = max(range(4), key=suits.count)
        pool = [card for card in pool if card & 3 == flush_suit]
    by_rank: dict[int, list[Card]] = {}
    for card in pool:
        by_rank.setdefault((card >> 2) + 2, []).append(card)
    return tuple(by_rank[rank].pop(0) for rank in _ranks_of(value))


def _ranks_of(value: int) -> tuple[int, ...]:
    """:func:`value_ranks`, remembered: there are only a few thousand distinct values."""
    ranks = _RANKS_OF.get(value)
    if ranks is None:
        ranks = _RANKS_OF[value] = value_ranks(value)
    return ranks


_RANKS_OF: dict[int, tuple[int, ...]] = {}


def strongest_hand(hands: Iterable[Sequence[Card]]) -> HandValue | None:
    """The best poker hand among ``hands`` (each 3 cards, ranked as a front, or 5 to 7 cards,
    by their best five); None when none has a poker hand's size."""
    values = [evaluate_front(cards) if len(cards) == 3 else evaluate(cards)
              for cards in hands if len(cards) == 3 or 5 <= len(cards) <= 7]
    return max(values, default=None)


def evaluate_front(cards: CardsInput) -> HandValue:
    """The value of a three-card Chinese Poker front: trips, a pair or high card.

    Straights and flushes do not count in three cards. The value lives in the same ordered space
    as five-card values, as a five-card hand whose two missing kickers rank below a deuce: front
    trips of twos lose to any full house, and a front A-A-K loses to any five-card A-A-K-x-y but
    beats A-A-Q-x-y. That is what the "back >= middle >= front" check needs.
    """
    hand = parse_cards(cards)
    if len(hand) != 3:
        raise CardError(f"a front hand has 3 cards, not {len(hand)}")
    ranks = sorted((card.rank for card in hand), reverse=True)
    counts = {rank: ranks.count(rank) for rank in ranks}
    order = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    category = {3: Category.THREE_OF_A_KIND, 2: Category.PAIR}.get(max(counts.values()))
    value = pack_value(category or Category.HIGH_CARD, order)
    return HandValue(value, _best_five(hand, value))
