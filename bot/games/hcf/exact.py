"""Exact figures of High Card Flush by counting, not sampling: the simulator is checked against them.

Every figure counts ordered pairs of seven-card hands from one deck, the player's and the DP's:
C(52, 7) * C(45, 7) pairs, all equally likely. Only the cards' suits and ranks per suit matter,
so the counts work suit by suit instead of hand by hand:

* :func:`dp_qualified_rate`: a hand has at least a 3-card 9-high flush. Per split of the seven
  cards over the suits, C(13, k) hands per suit; a 3-card suit fails only with all three ranks
  from 2 to 8, C(7, 3) of the C(13, 3). 100,825,036 of 133,784,560 hands: 75.3637%.
* :func:`flush_bonus_rtp`: the Flush bonus needs 4+ suited cards and beats the DP's flush. Per
  split of both hands over the suits (how many cards of each suit each hand holds) the lengths
  decide, except when both flushes are as long: in the same suit the two rank sets are a random
  pair of disjoint sets, so the player's is higher half the time and never equal; in different
  suits they are independent uniform sets, equal with probability 1 / C(13, n).
* :func:`straight_flush_bonus_rtp`: per suit, every way to split its 13 ranks between the player,
  the DP and the rest of the deck (3^13), counted by (player cards, DP cards, player's run,
  DP's run); the four suits combine as the coefficient of a^7 b^7 in the fourth power of that
  table, restricted to runs at most x and y, which gives P(player's run <= x and DP's <= y).

The bonuses' figures hold for any player who never folds a hand the bonus could pay (a 3-card
straight flush, a 4-card flush), as the simulator's strategy does: a fold loses every bonus.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import accumulate, product
from math import comb, prod

from bot.games.hcf.hands import QUALIFYING_TOP, mask_run_key
from bot.games.hcf.rules import HCFOptions

HAND = 7
RANKS = 13


def _splits(cards: int, limits: tuple[int, ...] = (RANKS,) * 4) -> list[tuple[int, ...]]:
    """Every way to spread ``cards`` cards over the four suits, at most ``limits[s]`` in suit s."""
    return [counts for counts in product(range(cards + 1), repeat=4)
            if sum(counts) == cards and all(k <= limit for k, limit in zip(counts, limits, strict=True))]


def dp_qualified_rate() -> Fraction:
    """The chance that a seven-card hand qualifies the DP (module docstring)."""
    below_nine = QUALIFYING_TOP - 2  # ranks 2..8
    qualified = 0
    for counts in _splits(HAND):
        ways = prod(comb(RANKS, k) for k in counts)
        if max(counts) >= 4:
            qualified += ways
        elif max(counts) == 3:
            failing = prod(comb(below_nine, k) if k == 3 else comb(RANKS, k) for k in counts)
            qualified += ways - failing
    return Fraction(qualified, comb(52, HAND))


def flush_bonus_rtp(options: HCFOptions | None = None) -> Fraction:
    """The Flush bonus's return to player, stake included (module docstring)."""
    options = options or HCFOptions()
    returned = Fraction(0)
    for mine in _splits(HAND):
        length = max(mine)
        if length < 4:
            continue
        suit = mine.index(length)  # 4+ of seven cards: one suit only
        paid = 1 + options.flush_odds(length)
        for theirs in _splits(HAND, tuple(RANKS - k for k in mine)):
            ways = prod(comb(RANKS, a) * comb(RANKS - a, b) for a, b in zip(mine, theirs, strict=True))
            best = max(theirs)
            if best < length:
                returned += ways * paid
            elif best == length:
                if theirs.index(best) == suit:
                    returned += Fraction(ways, 2) * paid
                else:
                    tie = Fraction(1, comb(RANKS, length))
                    returned += ways * (tie + (1 - tie) / 2 * paid)
    return returned / (comb(52, HAND) * comb(52 - HAND, HAND))


@cache
def _suit_table() -> tuple[tuple[int, ...], dict[tuple[int, int], list[list[int]]]]:
    """Per suit, every split of its ranks between the player and the DP, counted by cards held
    and run keys: ``(keys, tables)`` where ``keys`` are the run keys in order and
    ``tables[a, b][i][j]`` counts the splits with ``a`` player cards and ``b`` DP cards whose
    runs are at most ``keys[i]`` and ``keys[j]`` (a cumulative table)."""
    # Per mask: cards << 8 | run key, -1 beyond seven cards; pairs counted under one int key.
    info = [(mask.bit_count() << 8 | mask_run_key(mask)) if mask.bit_count() <= HAND else -1
            for mask in range(1 << RANKS)]
    counts: dict[int, int] = {}
    full = (1 << RANKS) - 1
    for mine in range(1 << RANKS):
        if info[mine] < 0:
            continue
        base, free = info[mine] << 12, full & ~mine
        theirs = free
        while True:  # every subset of the free ranks, the empty one last
            if info[theirs] >= 0:
                counts[base | info[theirs]] = counts.get(base | info[theirs], 0) + 1
            if theirs == 0:
                break
            theirs = (theirs - 1) & free
    keys = tuple(sorted({packed & 255 for packed in info if packed >= 0}))
    index = {key: position for position, key in enumerate(keys)}
    size = len(keys)
    tables: dict[tuple[int, int], list[list[int]]] = {}
    for packed, ways in counts.items():
        mine_info, theirs_info = packed >> 12, packed & 4095
        cards = (mine_info >> 8, theirs_info >> 8)
        if cards not in tables:
            tables[cards] = [[0] * size for _ in range(size)]
        cell = tables[cards]
        cell[index[mine_info & 255]][index[theirs_info & 255]] += ways
    for cell in tables.values():  # running sums along both keys: "at most" counts
        above = [0] * size
        for i, row in enumerate(cell):
            cell[i] = above = [left + up for left, up in zip(accumulate(row), above, strict=True)]
    return keys, tables


def _pairs_at_most(mine: int, theirs: int) -> int:
    """Ordered hand pairs with the player's run at most the ``mine``-th run key and the DP's at
    most the ``theirs``-th (indices into the sorted keys; -1: below every key)."""
    if mine < 0 or theirs < 0:
        return 0
    suit = [[0] * (HAND + 1) for _ in range(HAND + 1)]
    for (a, b), cell in _suit_table()[1].items():
        suit[a][b] = cell[mine][theirs]
    total = suit
    for _ in range(3):
        total = _multiply(total, suit)
    return total[HAND][HAND]


def _multiply(left: list[list[int]], right: list[list[int]]) -> list[list[int]]:
    """Product of two polynomials in a and b, cut above a^7 and b^7."""
    out = [[0] * (HAND + 1) for _ in range(HAND + 1)]
    for a1, row in enumerate(left):
        for b1, value in enumerate(row):
            if value:
                for a2 in range(HAND + 1 - a1):
                    target, source = out[a1 + a2], right[a2]
                    for b2 in range(HAND + 1 - b1):
                        target[b1 + b2] += value * source[b2]
    return out


@cache
def straight_flush_outcomes() -> dict[int, tuple[int, int]]:
    """Per player run key of 3+ cards: (hand pairs where the DP's run is lower, where equal)."""
    keys = _suit_table()[0]
    outcomes = {}
    for i, key in enumerate(keys):
        if key >> 4 < 3:
            continue
        both, mine_lower = _pairs_at_most(i, i), _pairs_at_most(i - 1, i)
        theirs_lower, lower = _pairs_at_most(i, i - 1), _pairs_at_most(i - 1, i - 1)
        outcomes[key] = (theirs_lower - lower, both - mine_lower - theirs_lower + lower)
    return outcomes


def straight_flush_bonus_rtp(options: HCFOptions | None = None) -> Fraction:
    """The Straight Flush bonus's return to player, stake included (module docstring)."""
    options = options or HCFOptions()
    returned = sum(
        wins * (1 + options.straight_flush_odds(key >> 4)) + ties
        for key, (wins, ties) in straight_flush_outcomes().items()
    )
    return Fraction(returned, comb(52, HAND) * comb(52 - HAND, HAND))
