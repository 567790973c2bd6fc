"""Exact expected values of the opening decision, which :data:`~bot.games.twoplusfour.sim.STRATEGY`
was fitted to: ``python -m bot.games.twoplusfour.analysis [DEALS] [SEED]``.

For five box cards and the dealer's four face-up cards, :func:`exact_values` averages the box's
result (Ante, Buy and BET together, in Antes) over every pair of dealer down cards (903 of
them), and for a Buy also over every sixth card (43), taking the better of Bet and Fold after
it when the dealer's face-up cards leave the choice. The dealer's exchange is left out (it only
adds value, to strong hands). The command compares the strategy with the best choice on random
deals: on 12,000 deals (seed 1) the best choice averaged -0.037 Ante a round (+-0.031 from the
sample) and the strategy lost 0.024 +- 0.002 Ante a round against it (the same deals, so the
difference is much tighter than either average).
Slow (pure Python, ~20 ms a deal): a tool, not part of the game.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from itertools import combinations

from bot.games.boxed import analysis as comparison
from bot.games.boxed import shows_pair_of
from bot.games.twoplusfour.rules import TWO_PLUS_FOUR
from bot.games.twoplusfour.sim import opening_decision
from bot.poker import FULL_DECK, Card, evaluate_rank

_QUALIFYING = TWO_PLUS_FOUR.dealer.qualifying_value


def _bet_value(cards: Sequence[Card], dealer_values: Sequence[int]) -> float:
    """Average result in Antes of Ante 1 + BET 2 against each possible dealer hand."""
    value = evaluate_rank(cards)
    win = 1 + TWO_PLUS_FOUR.bet_pays.winnings(cards, value, 2)
    total = 0.0
    for dealer in dealer_values:
        if dealer < _QUALIFYING:
            total += 1
        elif value > dealer:
            total += win
        elif value < dealer:
            total -= 3
    return total / len(dealer_values)


def exact_values(hand: Sequence[Card], up: Sequence[Card]) -> dict[str, float]:
    """``{"bet": ..., "fold": -1.0, "buy": ...}``: each opening choice's exact average, in Antes."""
    seen = {*hand, *up}
    unseen = [card for card in FULL_DECK if card not in seen]
    dealers = {pair: evaluate_rank((*pair, *up)) for pair in combinations(unseen, 2)}
    forced = not shows_pair_of(up, 13)
    buy = -1.0
    for sixth in unseen:
        values = [value for (a, b), value in dealers.items() if sixth not in (a, b)]
        after = _bet_value((*hand, sixth), values)
        buy += (after if forced else max(after, -1.0)) / len(unseen)
    return {"bet": _bet_value(hand, list(dealers.values())), "fold": -1.0, "buy": buy}


def one_deal(rng: random.Random) -> tuple[dict[str, float], str]:
    """A random deal's choice values and the strategy's opening choice."""
    cards = rng.sample(FULL_DECK, 9)
    hand, up = cards[:5], cards[5:]
    return exact_values(hand, up), opening_decision(hand, up)


def main(argv: list[str]) -> int:
    return comparison.run(argv, one_deal, deals=500, seed=1, left_out="exchange not counted")


__all__ = ["exact_values", "main", "one_deal"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
