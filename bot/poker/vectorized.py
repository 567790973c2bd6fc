"""Many five-card hands valued at once with numpy: the values :func:`evaluate_rank5` gives, from
the same tables (:mod:`bot.poker._tables`), for the coach's counts over hundreds of thousands of
dealer hands, which pure Python cannot do within a hint's second.

A hand's value comes from two sums, as in the fast evaluator: its cards' keys (the rank part
names the ranks held) and, for a flush, its cards' rank bits. :func:`values_of_parts` takes those
sums, so a caller may add a card's key to a four-card sum without adding the four again.
"""

from __future__ import annotations

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


__all__ = ["KEYS", "RANK_BITS", "SUITS", "values_of", "values_of_parts"]
