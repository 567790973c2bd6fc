"""Expected values of every opening choice, which :class:`~bot.games.imperial.sim.Strategy` was
fitted to: ``python -m bot.games.imperial.analysis [DEALS] [SEED]``.

For five box cards, :func:`option_values` gives the average result (Ante, Buy or Draw and BET
together, in Antes) of Bet, Fold, Buy and each of the 31 Draws, taking the better of Bet and
Fold afterwards. The sixth card of a Buy and the cards of a one- or two-card Draw are every
possible card (47, 1,081); a Draw of three or more cards averages ``samples`` random
replacements. Against each final hand the dealer's hand is every one of the 2,598,960 five-card
hands (:func:`dealer_values`, built once in a few seconds): the model leaves out the card
removal of the box's own cards, the dealer's face-up card, repeated one-card Draws and the
dealer's exchange (the simulator plays all of those). On 2,500 random deals (seed 11) the best
choice averaged -0.054 Ante a round and the strategy's opening rules lost 0.0065 Ante a round
against it (the same deals).
Slow (pure Python, ~0.2 s a deal): a tool, not part of the game.
"""

from __future__ import annotations

import random
import sys
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

from bot.games.boxed import HandClass, hand_class
from bot.games.boxed import analysis as comparison
from bot.games.imperial.reading import read_hand
from bot.games.imperial.rules import IMPERIAL
from bot.games.imperial.sim import Plan, opening_plan
from bot.poker import FULL_DECK, Card, evaluate_rank5
from bot.poker.evaluator import evaluate_rank6

_QUALIFYING = IMPERIAL.dealer.qualifying_value
_TABLE = IMPERIAL.bet_pays.table
_PAIRED = (HandClass.PAIR, HandClass.TWO_PAIR, HandClass.THREE_OF_A_KIND, HandClass.FOUR_OF_A_KIND)


@cache
def dealer_values() -> tuple[int, ...]:
    """Every five-card hand's packed value, sorted: the dealer's hands, each once."""
    return tuple(sorted(evaluate_rank5(hand) for hand in combinations(range(52), 5)))


@cache
def _bet_value(value: int, units: int) -> float:
    """Average result of Ante 1 + BET 2 with a hand worth ``value`` that is paid ``units`` to 1
    on the BET when it beats a qualified dealer."""
    values = dealer_values()
    total = len(values)
    not_qualified = bisect_left(values, _QUALIFYING)
    below = max(bisect_left(values, value) - not_qualified, 0)
    above = total - max(bisect_right(values, value), not_qualified)
    return (not_qualified + below * 2 * units - above * 3) / total


def bet_value(cards: Sequence[int]) -> float:
    """Average result of betting these five or six cards (the dealer model above)."""
    value = evaluate_rank5(cards) if len(cards) == 5 else evaluate_rank6(cards)
    if value < _QUALIFYING:
        return _bet_value(value, 0)
    if len(cards) == 5:  # five cards: the only second combination is Ace-King (Table 1, note 2)
        cls = hand_class(value)
        ranks = [(card >> 2) + 2 for card in cards]
        units = _TABLE.winnings(cls, 1)
        if cls in _PAIRED and 14 in ranks and 13 in ranks and min(ranks.count(14), ranks.count(13)) < 2:
            units += 1
        return _bet_value(value, units)
    reading = read_hand([Card(card) for card in cards])
    if reading.primary is HandClass.IMPERIAL_FLUSH:
        return _bet_value(1 << 30, _TABLE.winnings(HandClass.IMPERIAL_FLUSH, 1))
    return _bet_value(value, _TABLE.winnings(reading.primary, 1) + _TABLE.winnings(reading.second, 1))


def _after(cards: Sequence[int]) -> float:
    return max(bet_value(cards), -1.0)


def option_values(hand: Sequence[int], rng: random.Random, samples: int = 2000) -> dict[str, float]:
    """``{"bet": ..., "fold": -1.0, "buy": ..., "draw0": ..., "draw01234": ...}``: each opening
    choice's average in Antes; ``drawNM`` draws the cards at positions N and M."""
    rest: list[int] = [card for card in FULL_DECK if card not in hand]
    values = {"bet": bet_value(hand), "fold": -1.0,
              "buy": -1 + sum(_after([*hand, card]) for card in rest) / len(rest)}
    for count in range(1, 6):
        for discard in combinations(range(5), count):
            kept = [card for index, card in enumerate(hand) if index not in discard]
            news: list[list[int]]
            if comb(len(rest), count) <= 2 * samples:
                news = [list(new) for new in combinations(rest, count)]
            else:
                news = [rng.sample(rest, count) for _ in range(samples)]
            average = sum(_after(kept + new) for new in news) / len(news)
            values["draw" + "".join(map(str, discard))] = -1 + average
    return values


def plan_name(plan: Plan) -> str:
    """The :func:`option_values` key of an opening plan."""
    return "draw" + "".join(map(str, plan.discard)) if plan.action == "draw" else plan.action


def one_deal(rng: random.Random) -> tuple[dict[str, float], str]:
    """A random deal's choice values and the strategy's opening choice."""
    cards = rng.sample(range(52), 6)
    return option_values(cards[:5], rng), plan_name(opening_plan(cards[:5], cards[5]))


def main(argv: list[str]) -> int:
    return comparison.run(argv, one_deal, deals=300, seed=11,
                          left_out="model: no card removal, no exchange, no repeated draws")


__all__ = ["bet_value", "dealer_values", "main", "one_deal", "option_values", "plan_name"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
