"""Many five-card hands valued at once with numpy: the values :func:`evaluate_rank5` gives, from
the same tables (:mod:`bot.poker._tables`), for the coach's counts over hundreds of thousands of
dealer hands, which pure Python cannot do within a hint's second.

A hand's value comes from two sums, as in the fast evaluator: its cards' keys (the rank part
names the ranks held) and, for a flush, its cards' rank bits. :func:`values_of_parts` takes those
sums, so a caller may add a card's key to a four-card sum without adding the four again.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from bot.poker import _tables

Ints = npt.NDArray[np.int64]

KEYS: Ints = np.array(_tables.CARD_KEYS, dtype=np.int64)
"""Indexed by card: the evaluator's key (rank key << 8 | suit key)."""
RANK_BITS: Ints = np.array([1 << (card >> 2) for card in range(52)], dtype=np.int64)
"""Indexed by card: its rank's bit (the flush table's index is the flush cards' bits)."""
SUITS: Ints = np.arange(52, dtype=np.int64) & 3

_FLUSH: Ints = np.array(_tables.FLUSH_TABLE, dtype=np.int64)
_VALUES5: Ints = np.array(sorted(set(_tables.RANK_TABLES[5].values())), dtype=np.int64)


def _dense_rank_index() -> npt.NDArray[np.uint16]:
    """Rank-key sum of five cards -> index of its value in ``_VALUES5`` (13 MB, mostly unused:
    one gather instead of a search per hand)."""
    table = _tables.RANK_TABLES[5]
    index = np.zeros(max(table) + 1, dtype=np.uint16)
    sums = np.fromiter(table, dtype=np.int64, count=len(table))
    index[sums] = np.searchsorted(_VALUES5, np.fromiter(table.values(), dtype=np.int64, count=len(table)))
    return index


_RANK_INDEX = _dense_rank_index()


def values_of_parts(key_sums: Ints, flush_bits: Ints) -> Ints:
    """The values of five-card hands from their summed keys and, where the five share a suit,
    their summed rank bits (elsewhere any negative number: no flush)."""
    values: Ints = _VALUES5[_RANK_INDEX[key_sums >> _tables.SUIT_KEY_BITS]]
    suited = flush_bits >= 0
    if suited.any():
        values[suited] = _FLUSH[flush_bits[suited]]
    return values


def values_of(hands: npt.NDArray[np.integer]) -> Ints:
    """The value of each five-card hand in ``hands`` (shape ``(..., 5)``, card indices), as
    :func:`bot.poker.evaluate_rank5` gives it."""
    cards = hands.astype(np.int64)
    suits = SUITS[cards]
    suited = (suits == suits[..., :1]).all(axis=-1)
    bits = np.where(suited, RANK_BITS[cards].sum(axis=-1), -1)
    return values_of_parts(KEYS[cards].sum(axis=-1), bits)


_VALUES7: Ints = np.array(_tables.VALUES, dtype=np.int64)
_RANK_INDEX7 = np.frombuffer(_tables.RANK_ARRAY_7, dtype=np.uint16)
_FLUSH_SUIT7: Ints = np.array([-1 if bits is None else next(suit for suit in range(4)
                                                              if bits is _tables.SUIT_RANK_BITS[suit])
                               for bits in _tables.FLUSH_SUIT_TABLES[7]], dtype=np.int64)
"""Suit-key sum of seven cards -> the suit five or more of them share (-1: none)."""
SUIT_BITS: Ints = np.array([[1 << (card >> 2) if card & 3 == suit else 0 for suit in range(4)]
                            for card in range(52)], dtype=np.int64)
"""Indexed by card, then suit: its rank's bit in its own suit's column, 0 in the others."""


def seven_card_values(key_sums: Ints, suit_bits: Callable[[Ints, Ints], Ints]) -> Ints:
    """The values of seven-card hands (the best five, as :func:`bot.poker.evaluator.evaluate_rank7`
    gives them) from their summed keys; ``suit_bits(where, suits)`` gives, for the hands at the
    flat positions ``where``, their cards' summed rank bits in ``suits`` (asked only of hands
    with a flush: five or more cards of one suit)."""
    values: Ints = _VALUES7[_RANK_INDEX7[key_sums >> _tables.SUIT_KEY_BITS]]
    suits = _FLUSH_SUIT7[key_sums & _tables.SUIT_KEY_MASK]
    where = np.flatnonzero(suits >= 0)
    if len(where):
        values.flat[where] = _FLUSH[suit_bits(where, suits.flat[where])]
    return values


__all__ = ["KEYS", "RANK_BITS", "SUITS", "SUIT_BITS", "seven_card_values", "values_of", "values_of_parts"]
