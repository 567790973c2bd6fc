"""High Card Flush in the simulator: one player against the house as bank, settled by the engine's
own :func:`bot.games.hcf.rules.settle_hand` (the house has unlimited funds, so no hand is dead).

Every round the player stakes an Ante of 1 and both bonuses, 1 each, and plays :data:`STRATEGY`.
Cards come in the engine's dealing order: the player's seven, then the bank's seven.

The strategy, and where it comes from
-------------------------------------
With the house banking, a fold loses the Ante (-1) and a Raise of k Antes wins or loses
(1 + k) Antes against a qualified bank, and 1 Ante when the bank does not qualify. So raising
beats folding when ``P(not qualified) + 2 * (P(qualified and worse) - P(better)) > -1``, and
once a Raise pays at all the largest allowed Raise pays most (the result is linear in k).

* A flush of 5 or more: raise the cap (3x with 6 or 7 cards, 2x with 5); it loses to very few
  hands. A 4-card flush: raise 1x (the cap); its expected result is far above -1.
* A 3-card flush: raise 1x with T-9-x or better (any J-high, Q-high, K-high or A-high flush,
  and 10-high with a 9), else fold. Counted exactly for each hand (the bank's 45,379,620 hands
  per player hand, by suit), sampled 3-card flushes averaged: A-K-x about -0.82 Ante, J-T-x
  -0.71, J-3-x -0.87, T-9-x -0.976, T-8-x -1.014, T-7-x -1.045, 9-8-x -1.15: the line falls
  between T-9 and T-8.
* A 3-card straight flush is always raised (1x): folding would lose the Straight Flush bonus,
  which pays 8:1 on it and beats most banks' runs.
* A flush of two cards: fold (a sure loss to every qualified bank).

The bonuses' RTPs do not depend on these choices, because no hand that a bonus could pay is
folded; :mod:`bot.games.hcf.exact` counts them exactly (Straight Flush 0.900399, Flush
0.927577) and the bank's qualification rate (75.3637%), and the tests check the simulation
against all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.hcf.hands import QUALIFYING_FLUSH_KEY, flush_key, hand_keys, raise_cap
from bot.games.hcf.rules import HCFOptions, settle_hand
from bot.i18n import N_
from bot.poker import Card
from bot.sim.recorder import Recorder

ANTE: Final = 1
BONUS: Final = 1

THREE_CARD_RAISE_KEY: Final = flush_key((10, 9, 2))
"""The weakest 3-card flush the strategy raises: T-9-2 (every T-9-x and J-high or better)."""

STRATEGY: Final = N_(
    "House banks. Ante 1, Straight Flush bonus 1 and Flush bonus 1 a round. Raise 3x with a 6- "
    "or 7-card flush, 2x with 5, 1x with 4; with a 3-card flush raise 1x when it is T-9-x or "
    "better or holds a 3-card straight flush, else fold; fold a 2-card flush."
)


def decide(flush: int, run: int) -> int:
    """The strategy's Raise in Antes for a hand with these keys; 0 folds."""
    length = flush >> 13
    if length >= 4:
        return raise_cap(length)
    if length == 3 and (flush >= THREE_CARD_RAISE_KEY or run >> 4 >= 3):
        return 1
    return 0


class HcfSim:
    """The simulator's view of High Card Flush (see the module docstring)."""

    name = "hcf"
    strategy = STRATEGY
    bets = ("ante", "raise", "ante+raise", "straight flush", "flush", "total")
    events = (
        "dp_qualified", "raised 3x", "raised 2x", "raised 1x", "folded",
        "player won", "push", "bank won", "sf bonus paid", "flush bonus paid",
    )
    cards_needed = 14

    def __init__(self, options: HCFOptions | None = None) -> None:
        self.options = options or HCFOptions()

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        player_flush, player_run = hand_keys(deck[:7])
        bank_flush, bank_run = hand_keys(deck[7:14])
        multiple = decide(player_flush, player_run)
        raised = ANTE * multiple
        back = settle_hand(ANTE, raised, BONUS, BONUS, player_flush, player_run,
                           bank_flush, bank_run, self.options)
        event = record.event
        if bank_flush >= QUALIFYING_FLUSH_KEY:
            event("dp_qualified")
        event(_DECISIONS[multiple])
        if multiple:
            main = back.ante + back.raised - ANTE - raised
            event("player won" if main > 0 else "push" if main == 0 else "bank won")
        if back.straight_flush > BONUS:
            event("sf bonus paid")
        if back.flush > BONUS:
            event("flush bonus paid")
        bet = record.bet
        bet("ante", ANTE, back.ante)
        if raised:
            bet("raise", raised, back.raised)
        bet("ante+raise", ANTE + raised, back.ante + back.raised)
        bet("straight flush", BONUS, back.straight_flush)
        bet("flush", BONUS, back.flush)
        bet("total", ANTE + raised + 2 * BONUS, back.total)


_DECISIONS: Final = {0: "folded", 1: "raised 1x", 2: "raised 2x", 3: "raised 3x"}
