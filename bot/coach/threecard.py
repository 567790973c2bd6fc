"""Three Card Poker's decision, Play or Fold, valued exactly: the dealer's three cards are any
3 of the 49 the player does not hold (18,424 hands), each settled by the engine's own
:func:`bot.games.threecard.rules.settle_hand` (hands of equal value settle alike, so each
distinct dealer value is settled once, weighted by how many hands have it).

:func:`optimal_return` plays the best option with every one of the 22,100 hands: the return
of the Ante and Play under the coach's strategy, exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb

from bot.coach.values import Estimate, Hint, HintRequest, OptionValue, StrategyReturn
from bot.games.common import SeatId
from bot.games.threecard import moves
from bot.games.threecard.hands import HAND_SIZE, hand_value
from bot.games.threecard.rules import ThreeCardOptions, settle_hand
from bot.games.threecard.sim import exact_ante_play_edge
from bot.games.threecard.state import ThreeCardState

DECK = range(52)
DEALER_HANDS = comb(52 - HAND_SIZE, HAND_SIZE)
STANDARD = ThreeCardOptions(min_bet=1, max_bet=1)
"""A table with no cap on a win: the rules' own odds (a table's ``max_payout`` may cut them)."""


def hint(cards: Sequence[int], ante: int = 1, options: ThreeCardOptions = STANDARD) -> Hint:
    """Play or Fold for the player's ``cards`` with ``ante`` chips on the Ante, exact."""
    dealer = dealer_values(tuple(sorted(cards)))
    value = hand_value(cards)
    return Hint(tuple(OptionValue(move, _expected_net(value, ante, played, dealer, options))
                      for move, played in (("play", True), ("fold", False))), "exact")


def _expected_net(value: int, ante: int, played: bool, dealer: Counter[int], options: ThreeCardOptions,
                  settled: dict[tuple[int, int, bool], int] | None = None) -> Fraction:
    """The Ante and Play's expected net, in Antes, over the dealer's hands (``settled``: nets
    already settled for a hand value against a dealer value, to reuse)."""
    settled = {} if settled is None else settled
    total = 0
    for dealer_value, count in dealer.items():
        key = (value, dealer_value, played)
        if key not in settled:
            returns = settle_hand(ante, 0, played, value, dealer_value, options)
            settled[key] = returns.ante + returns.play - ante * (2 if played else 1)
        total += count * settled[key]
    return Fraction(total, DEALER_HANDS * ante)


def dealer_values(held: tuple[int, ...]) -> Counter[int]:
    """How many of the dealer's possible hands have each value, when the player holds ``held``:
    every hand's value, less those of the hands sharing a card with ``held`` (counted by
    inclusion and exclusion: the hands with each held card, with each two, with all three)."""
    values = _all_values().copy()
    for size, sign in ((1, -1), (2, 1), (3, -1)):
        for cards in combinations(held, size):
            touching = _values_with(cards)
            if sign < 0:
                values.subtract(touching)
            else:
                values.update(touching)
    return +values


def strategy_return() -> StrategyReturn:
    """The coach's best play beside the documented Q-6-4 strategy, both exact over every deal."""
    return StrategyReturn("threecard", "ante+play", Estimate(optimal_return() - 1),
                          Estimate(-exact_ante_play_edge()), "play Q-6-4 or better, fold below",
                          "every deal enumerated")


def optimal_return() -> Fraction:
    """The Ante and Play's return per chip staked on the Ante, the best option played with every
    hand (the house edge is 1 minus it, per Ante)."""
    total, settled = Fraction(0), dict[tuple[int, int, bool], int]()
    for hand, count in _hand_classes().items():
        dealer, value = dealer_values(hand), hand_value(hand)
        total += count * max(_expected_net(value, 1, played, dealer, STANDARD, settled)
                             for played in (True, False))
    return 1 + total / comb(52, HAND_SIZE)


@cache
def _all_values() -> Counter[int]:
    """How many of the 22,100 hands have each value."""
    return Counter(_value(hand) for hand in combinations(DECK, HAND_SIZE))


@cache
def _value(hand: tuple[int, ...]) -> int:
    return hand_value(hand)


@cache
def _values_with(cards: tuple[int, ...]) -> Counter[int]:
    """How many hands holding all of ``cards`` (sorted) have each value."""
    rest = [card for card in DECK if card not in cards]
    return Counter(_value(tuple(sorted((*cards, *others))))
                   for others in combinations(rest, HAND_SIZE - len(cards)))


@cache
def _hand_classes() -> dict[tuple[int, ...], int]:
    """The 22,100 hands up to the order of suits (a hand and its suits permuted are worth the
    same), each with how many hands it stands for."""
    classes: Counter[tuple[int, ...]] = Counter()
    for hand in combinations(DECK, HAND_SIZE):
        classes[_canonical(hand)] += 1
    return dict(classes)


def _canonical(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The hand with its suits renamed in the way that sorts first (a card is rank x 4 + suit)."""
    return min(tuple(sorted(card & ~3 | order[card & 3] for card in hand))
               for order in permutations(range(4)))


def request(state: ThreeCardState, seat: SeatId) -> HintRequest | None:
    """The hint for ``seat``'s decision now, from its own cards alone (None: it has none to
    make). Its options are the seat's legal moves: Play and Fold."""
    if seat not in state.pending_seats():
        return None
    player = state.seats[seat]
    return HintRequest(hint, (tuple(player.cards), player.ante, state.options), player.ante,
                       frozenset({moves.Play.kind, moves.Fold.kind}))
