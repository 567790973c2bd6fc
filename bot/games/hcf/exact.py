"""Exact figures of High Card Flush by counting, not sampling: the simulator is checked against them.

Every figure counts ordered pairs of seven-card hands from one deck, the player's and the DP's:
C(52, 7) * C(45, 7) pairs, all equally likely. Only the cards' suits and ranks per suit matter,
so the counts work suit by suit instead of hand by hand:

* :func:`dp_qualified_rate`: a hand has at least a 3-card 9-high flush. Per split of the seven
  cards over the suits, C(13, k) hands per suit; a 3-card suit fails only with all three ranks
  from 2 to 8, C(7, 3) of the C(13, 3). 100,826,960 of 133,784,560 hands: 75.3637%.
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

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
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
def _suit_table() -> tuple[tuple[int, int, int, int, int], ...]:
    """Per suit: (player cards, DP cards, player's run key, DP's run key, ways), aggregated."""
    table: Counter[tuple[int, int, int, int]] = Counter()
    full = (1 << RANKS) - 1
    for mine in range(1 << RANKS):
        a = mine.bit_count()
        if a > HAND:
            continue
        mine_run, free = mask_run_key(mine), full & ~mine
        theirs = free
        while True:  # every subset of the free ranks, the empty one last
            b = theirs.bit_count()
            if b <= HAND:
                table[a, b, mine_run, mask_run_key(theirs)] += 1
            if theirs == 0:
                break
            theirs = (theirs - 1) & free
    return tuple((a, b, x, y, ways) for (a, b, x, y), ways in table.items())


def _pairs_at_most(mine: int, theirs: int) -> int:
    """Ordered hand pairs with the player's run key <= ``mine`` and the DP's <= ``theirs``."""
    suit = [[0] * (HAND + 1) for _ in range(HAND + 1)]
    for a, b, x, y, ways in _suit_table():
        if x <= mine and y <= theirs:
            suit[a][b] += ways
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
    keys = sorted({x for _, _, x, _, _ in _suit_table() if x >> 4 >= 3})
    outcomes = {}
    for key in keys:
        both, mine_lower = _pairs_at_most(key, key), _pairs_at_most(key - 1, key)
        theirs_lower, lower = _pairs_at_most(key, key - 1), _pairs_at_most(key - 1, key - 1)
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
