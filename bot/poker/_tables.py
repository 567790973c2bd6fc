"""Lookup tables behind the fast evaluator, built once at import (a few tenths of a second).

Each card has a key ``RANK_KEYS[rank] << 8 | SUIT_KEYS[suit]``; a hand's key is the plain sum of
its cards' keys. Two facts make that sum enough to value a hand:

* The low 8 bits are the sum of the suit keys. With suit keys ``0, 1, 25, 32`` that sum tells,
  for five, six or seven cards, whether some suit holds five or more cards, and which one
  (checked by :func:`_flush_suit_table` for every split of the cards between suits). Seven cards
  sum to at most 224, so the suits never carry into the rank part.
* The rest is the sum of the rank keys. These keys (the ones SKPokerEval uses) give a different
  sum to every multiset of the same number of ranks (up to seven, no rank more than four times),
  so the sum names the ranks held. :func:`_rank_tables` refuses to build if two ever collided.

Without a flush, the ranks alone decide the hand, so a table maps the rank sum to the value.
With a flush, only the flush cards matter (five of one suit out of at most seven leaves no room
for a full house or quads), so a 13-bit mask of the flush cards' ranks indexes a list.
Every sum for a seven-card hand stays below 2**30 unless it holds three aces or more big cards,
which keeps CPython's additions on its one-digit fast path for almost all hands.

For seven cards, the hot path of every simulation, the rank table is not a dict but a flat
``array('H')`` indexed by the rank sum (15.6 MB, mostly zeros) holding an index into
:data:`VALUES`: one memory access instead of a dict's several (hash slot, entry, key object)
nearly doubles the speed. Five and six cards keep the dicts and save the memory.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

from bot.poker.hand_value import Category, pack_value

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_KEYS = (0, 1, 25, 32)
SUIT_KEY_BITS = 8
SUIT_KEY_MASK = (1 << SUIT_KEY_BITS) - 1
HAND_SIZES = (5, 6, 7)

CARD_KEYS: tuple[int, ...] = tuple(
    (RANK_KEYS[card >> 2] << SUIT_KEY_BITS) | SUIT_KEYS[card & 3] for card in range(52)
)
"""Indexed by card: the key whose sum over a hand the evaluator looks up."""

SUIT_RANK_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << (card >> 2) if card & 3 == suit else 0 for card in range(52)) for suit in range(4)
)
"""``SUIT_RANK_BITS[suit][card]``: the card's rank bit if it has that suit, else 0."""

_WHEEL = (5, 4, 3, 2, 14)


def five_card_value(ranks: tuple[int, ...], suited: bool) -> int:
    """The packed value of five cards with these ranks (2..14), all of one suit or not."""
    counts = {rank: ranks.count(rank) for rank in set(ranks)}
    # Most copies first, then higher rank: the order the cards are compared in.
    order = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    straight = _straight_order(order) if len(counts) == 5 else None
    if straight is not None and suited:
        category = Category.ROYAL_FLUSH if straight[0] == 14 else Category.STRAIGHT_FLUSH
        return pack_value(category, straight)
    if suited:
        return pack_value(Category.FLUSH, order)
    if straight is not None:
        return pack_value(Category.STRAIGHT, straight)
    return pack_value(_category_by_counts(sorted(counts.values(), reverse=True)), order)


def _straight_order(descending: list[int]) -> tuple[int, ...] | None:
    if descending[0] - descending[4] == 4:
        return tuple(descending)
    if descending == [14, 5, 4, 3, 2]:
        return _WHEEL
    return None


def _category_by_counts(counts: list[int]) -> Category:
    if counts[0] == 4:
        return Category.FOUR_OF_A_KIND
    if counts[0] == 3:
        return Category.FULL_HOUSE if counts[1] == 2 else Category.THREE_OF_A_KIND
    if counts[0] == 2:
        return Category.TWO_PAIR if counts[1] == 2 else Category.PAIR
    return Category.HIGH_CARD


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` (5 to 7) rank indices 0..12, no rank more than four times."""
    for ranks in combinations_with_replacement(range(13), size):
        # Sorted, so a rank held five times shows as equal entries four places apart.
        if ranks[0] != ranks[4] and ranks[-5] != ranks[-1] and (size < 7 or ranks[1] != ranks[5]):
            yield ranks


def _rank_tables() -> dict[int, dict[int, int]]:
    """For each hand size, rank-key sum -> value of the best five cards, ignoring flushes."""
    key_of = RANK_KEYS.__getitem__
    tables: dict[int, dict[int, int]] = {5: {}}
    for ranks in _rank_multisets(5):
        value = five_card_value(tuple(rank + 2 for rank in ranks), suited=False)
        _store(tables[5], sum(map(key_of, ranks)), value)
    for size in HAND_SIZES[1:]:
        smaller, table = tables[size - 1], tables.setdefault(size, {})
        # The best five of n cards is the best five of the best n-1 after dropping one card:
        # push every (n-1)-card value to each n-card multiset one more card makes of it.
        get = table.get
        for ranks in _rank_multisets(size - 1):
            total = sum(map(key_of, ranks))
            value = smaller[total]
            for key in _KEYS_WITHOUT[_rank_held_four_times(ranks)]:
                if get(total + key, 0) < value:
                    table[total + key] = value
    _check_unique_sums(tables)
    return tables


def _rank_held_four_times(ranks: tuple[int, ...]) -> int:
    """The rank index a sorted multiset holds four times, or -1."""
    for first, fourth in zip(ranks, ranks[3:], strict=False):  # pairs cards 3 apart
        if first == fourth:
            return first
    return -1


_KEYS_WITHOUT = {
    excluded: tuple(key for rank, key in enumerate(RANK_KEYS) if rank != excluded)
    for excluded in range(-1, 13)
}
"""The rank keys a multiset can still take one more of, given the rank it holds four times."""


def _check_unique_sums(tables: dict[int, dict[int, int]]) -> None:
    """Refuse tables where two rank multisets of one size share a key sum (one would be lost)."""
    for size, table in tables.items():
        multisets = sum(1 for _ in _rank_multisets(size))
        if len(table) != multisets:
            raise AssertionError(f"rank keys collide for {size} cards: the tables would be wrong")


def _store(table: dict[int, int], key: int, value: int) -> None:
    if table.setdefault(key, value) != value:
        raise AssertionError(f"rank keys collide at {key}: the evaluator tables would be wrong")


def _flush_table() -> list[int]:
    """Mask of the flush cards' ranks (5 to 7 bits) -> value of the best five; else 0."""
    table = [0] * (1 << 13)
    for size in HAND_SIZES:
        for rank_indices in combinations(range(13), size):
            mask = sum(1 << rank for rank in rank_indices)
            if size == 5:
                table[mask] = five_card_value(tuple(r + 2 for r in reversed(rank_indices)), True)
            else:
                table[mask] = max(table[mask & ~(1 << rank)] for rank in rank_indices)
    return table


def _flush_suit_table(size: int) -> list[tuple[int, ...] | None]:
    """Suit-key sum of ``size`` cards -> the flush suit's ``SUIT_RANK_BITS``, or None."""
    table: list[tuple[int, ...] | None] = [None] * (SUIT_KEY_MASK + 1)
    seen: dict[int, int] = {}
    for suits in combinations_with_replacement(range(4), size):
        total = sum(SUIT_KEYS[suit] for suit in suits)
        flush_suit = next((suit for suit in range(4) if suits.count(suit) >= 5), -1)
        if seen.setdefault(total, flush_suit) != flush_suit:
            raise AssertionError(f"suit keys cannot tell flushes apart at {total}")
        if flush_suit >= 0:
            table[total] = SUIT_RANK_BITS[flush_suit]
    return table


def _dense_rank_array(table: dict[int, int], values: tuple[int, ...]) -> array[int]:
    """``table`` as a flat array: rank sum -> index of the value in ``values`` (0: no hand)."""
    position = {value: index for index, value in enumerate(values)}
    dense = array("H", [0]) * (max(table) + 1)
    for rank_sum, value in table.items():
        dense[rank_sum] = position[value]
    return dense


RANK_TABLES: dict[int, dict[int, int]] = _rank_tables()
FLUSH_TABLE: list[int] = _flush_table()
VALUES: tuple[int, ...] = (0, *sorted(set(RANK_TABLES[7].values())))
"""Every value a seven-card hand can have without a flush, after a 0 for "no hand"."""
RANK_ARRAY_7: array[int] = _dense_rank_array(RANK_TABLES[7], VALUES)
FLUSH_SUIT_TABLES: dict[int, list[tuple[int, ...] | None]] = {
    size: _flush_suit_table(size) for size in HAND_SIZES
}
