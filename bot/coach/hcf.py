"""High Card Flush's decision valued by the coach, exact: each Raise the seat may make, and Fold
(the Ante and Raise; the two bonuses are side bets and the rake is the same whatever the
player does, so both are left out).

The bank's seven cards are any seven of the cards the player does not see (45 of them: other
players' cards are as hidden as the deck), 45,379,620 hands: too many to settle one by one, but
the engine's settlement reads only the bank's flush key, and only whether it is below the
qualifier, below the player's, equal or above. So the hands are counted by key, suit by suit:
the hands whose key is below some ``b`` are those whose every suit holds a set of ranks with a
key below ``b``, which is the coefficient of t^7 in the product over the four suits of
sum(t^|S|) over such sets S. The counts at the breakpoints (the qualifier, the player's key and
the one above it) split the hands into intervals on which the settlement is the same, and
:func:`bot.games.hcf.rules.settle_hand` settles each interval once, at its lowest key.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise
from math import comb
from random import Random

from bot.coach.values import Estimate, Hint, HintRequest, OptionValue, StrategyReturn
from bot.games.common import SeatId
from bot.games.hcf import moves
from bot.games.hcf.hands import QUALIFYING_FLUSH_KEY, hand_keys, mask_flush_key, raise_cap, suit_masks
from bot.games.hcf.offer import HCFRound
from bot.games.hcf.rules import HCFOptions, settle_hand
from bot.games.hcf.sim import STRATEGY, decide

HAND = 7
DECK = range(52)
STANDARD = HCFOptions()
"""A table with the rules' own limits and no cap on a win."""


def hint(hand: Sequence[int], ante: int = 1, raises: Sequence[int] | None = None,
         options: HCFOptions = STANDARD, unseen: Sequence[int] | None = None) -> Hint:
    """Fold and each Raise multiple in ``raises`` (default: every one the hand's flush allows)
    for the seven cards ``hand``, exact over the bank's hands from ``unseen`` (default: every
    card not in the hand)."""
    if len(hand) != HAND or len(set(hand)) != HAND:
        raise ValueError("High Card Flush's hint takes the player's seven cards")
    player_key, _ = hand_keys(hand)
    if raises is None:
        raises = range(1, raise_cap(player_key >> 13) + 1)
    held = set(hand)
    intervals = bank_intervals(player_key, [card for card in (DECK if unseen is None else unseen)
                                            if card not in held])
    hands = sum(count for _, count in intervals)

    def mean_net(raised: int) -> Fraction:
        total = 0
        for lowest, count in intervals:
            returns = settle_hand(ante, raised, 0, 0, player_key, 0, lowest, 0, options)
            total += count * (returns.ante + returns.raised - ante - raised)
        return Fraction(total, hands * ante)

    return Hint((*(OptionValue("raise", mean_net(times * ante), choice=times) for times in raises),
                 OptionValue("fold", mean_net(0))), "exact")


def bank_intervals(player_key: int, unseen: Sequence[int]) -> list[tuple[int, int]]:
    """The bank's seven-card hands from ``unseen`` as ``(lowest key, hands)`` per interval of
    flush keys on which the settlement reads the same (module docstring); empty ones left out."""
    breaks = sorted({QUALIFYING_FLUSH_KEY, player_key, player_key + 1})
    below = [_hands_below(key, unseen) for key in breaks]
    counts = [below[0], *(high - low for low, high in pairwise(below)), comb(len(unseen), HAND) - below[-1]]
    return [(lowest, count) for lowest, count in zip((0, *breaks), counts, strict=True) if count]


def _hands_below(key: int, unseen: Sequence[int]) -> int:
    """How many seven-card hands from ``unseen`` have a flush key below ``key``."""
    product = [1] + [0] * HAND
    for free in suit_masks(unseen):
        sizes = [bisect_left(keys, key) for keys in _suit_sets(free)]
        product = [sum(product[done] * sizes[total - done] for done in range(total + 1))
                   for total in range(HAND + 1)]
    return product[HAND]


@lru_cache(maxsize=4096)
def _suit_sets(free: int) -> tuple[tuple[int, ...], ...]:
    """The flush keys, sorted, of every set of the ranks in the mask ``free``, by the set's size
    (0 to 7): what one suit may give the bank. Cached: a suit's free ranks repeat from hand to
    hand (a hand holds few cards of most suits)."""
    by_size: list[list[int]] = [[] for _ in range(HAND + 1)]
    ranks = free
    while True:  # every subset of the free ranks, the empty one last
        if ranks.bit_count() <= HAND:
            by_size[ranks.bit_count()].append(mask_flush_key(ranks))
        if ranks == 0:
            return tuple(tuple(sorted(keys)) for keys in by_size)
        ranks = (ranks - 1) & free


def request(round_: HCFRound, seat: SeatId) -> HintRequest | None:
    """The hint for ``seat``'s decision now (None: it has none): its options are its legal
    moves, each Raise the engine allows it (its flush's cap, its chips) and Fold."""
    game = round_.game
    if round_.offering or seat not in game.pending_seats():
        return None
    raises = tuple(times for times in range(1, game.raise_cap(seat) + 1) if game.can_raise_bet(seat, times))
    player = game.players[seat]
    return HintRequest(hint, (tuple(player.cards), player.ante, raises, game.options), player.ante,
                       frozenset({moves.Raise.kind, moves.Fold.kind}))


def strategy_return(samples: int, rng: Random) -> StrategyReturn:
    """The Ante and Raise's mean net per Ante with the coach's best option, beside the
    simulator's documented strategy, over ``samples`` player hands drawn with ``rng``: each
    hand valued exactly against every bank hand (an estimate whose only error is which hands
    were drawn), the two strategies on the same hands."""
    best, simple = [], []
    for _ in range(samples):
        hand = rng.sample(DECK, HAND)
        options = hint(hand)
        best.append(float(options.best.ev))
        flush, run = hand_keys(hand)
        times = decide(flush, run)
        simple.append(float(options.value_of(f"raise {times}x" if times else "fold").ev))
    gains = [mine - theirs for mine, theirs in zip(best, simple, strict=True)]
    return StrategyReturn("hcf", "ante+raise", Estimate.of_samples(best), Estimate.of_samples(simple),
                          STRATEGY, "player hands sampled, each valued exactly over the bank's hands",
                          Estimate.of_samples(gains))
