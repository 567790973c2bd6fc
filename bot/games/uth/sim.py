"""Ultimate Texas Hold'em in the simulator: one seat, a basic strategy, settled by the engine's
own :func:`bot.games.uth.rules.settle_hand`.

Every round the seat bets an Ante of 2 (so the Blind's 3:2 on a flush is paid exactly), the
Blind of 2 that goes with it, and Trips of 1, and plays the basic strategy below. Cards come
in the engine's dealing order: the seat's two, the dealer's two, then the five board cards.

Basic strategy (the simple strategy widely published for the game, e.g. by the Wizard of Odds;
"hidden" means a hole card is part of it)

* Pre-flop, raise 4x with: any pair of 3s or better; any ace; any suited king, or K5 and
  better offsuit; Q6 and better suited, Q8 and better offsuit; J8 and better suited, JT
  offsuit. Otherwise check.
* Flop, raise 2x with: a hidden pair (a pocket pair, or a hole card pairing the flop), except
  a lone pocket pair of 2s; two pair or better (every such hand on a three-card flop holds a
  hidden pair, except a made straight or flush, which count; trips lying on the flop alone
  do not); four to a flush with a hidden card of that suit of rank 10 or better. Otherwise
  check.
* River, raise 1x with: a hidden pair or better, meaning the best seven-card hand is at
  least a pair and of a higher category than the board's five cards alone; or fewer than 21
  dealer outs. A dealer out is one of the 45 unseen cards that, together with the board,
  would beat the player's hand (a card that would tie counts half). Otherwise fold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.uth.rules import UTHOptions, dealer_qualifies, settle_hand
from bot.poker import Card, Category, evaluate_rank5
from bot.poker.evaluator import evaluate_rank6, evaluate_rank7
from bot.poker.hand_value import CATEGORY_SHIFT
from bot.sim.recorder import Recorder

ANTE: Final = 2
TRIPS: Final = 1
OUTS_LIMIT: Final = 21

SEVEN_CARD_CATEGORY_COUNTS: Final[dict[Category, int]] = {
    Category.ROYAL_FLUSH: 4_324,
    Category.STRAIGHT_FLUSH: 37_260,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
"""How many of the C(52, 7) = 133,784,560 seven-card hands have each best category."""


def exact_trips_rtp(options: UTHOptions | None = None) -> float:
    """The Trips bet's return to player: the pay table weighted by the category counts.

    With the seed's table (50, 40, 30, 8, 7, 4, 3 to 1) that is 129,104,860 / 133,784,560
    = 0.965021 (house edge 3.498%), whatever the player does on the other bets.
    """
    table = (options or UTHOptions()).trips_pays
    total = sum(SEVEN_CARD_CATEGORY_COUNTS.values())
    returned = sum(count * table.returned(category, 1)
                   for category, count in SEVEN_CARD_CATEGORY_COUNTS.items())
    return returned / total


def preflop_raises(first: int, second: int) -> bool:
    """The pre-flop rule of the basic strategy (module docstring); cards as ``Card``/index."""
    high, low = max(first >> 2, second >> 2) + 2, min(first >> 2, second >> 2) + 2
    suited = first & 3 == second & 3
    if high == low:
        return high >= 3
    if high == 14:
        return True
    if high == 13:
        return suited or low >= 5
    if high == 12:
        return low >= (6 if suited else 8)
    if high == 11:
        return low >= (8 if suited else 10)
    return False


_PREFLOP: Final = bytes(preflop_raises(a, b) for a in range(52) for b in range(52))
"""``_PREFLOP[a * 52 + b]``: the pre-flop rule, looked up instead of computed per round."""

_TEN: Final = 8
"""Rank index (card >> 2) of a ten; deuces are 0, aces 12."""


def flop_raises(hole: Sequence[int], flop: Sequence[int]) -> bool:
    """The flop rule of the basic strategy (module docstring)."""
    first, second = hole
    a, b, c = flop
    high, low = first >> 2, second >> 2
    flop_ranks = {a >> 2, b >> 2, c >> 2}
    if high in flop_ranks or low in flop_ranks:
        return True  # a hole card pairs the flop (or makes trips or better with it)
    if high == low:
        return high > 0 or len(flop_ranks) < 3  # deuces need a flop pair: two pair
    ranks = flop_ranks | {high, low}
    if len(ranks) == 5 and (max(ranks) - min(ranks) == 4 or ranks == _WHEEL):
        return True
    suits = [a & 3, b & 3, c & 3, first & 3, second & 3]
    for card in hole:
        count = suits.count(card & 3)
        if count == 5 or (count == 4 and card >> 2 >= _TEN):
            return True
    return False


_WHEEL: Final = {12, 0, 1, 2, 3}


def dealer_outs(hole: Sequence[int], board: Sequence[int], player: int) -> float:
    """Unseen cards that, with the board, beat the player's value ``player`` (1 each) or tie
    it (1/2 each). ``player`` is :func:`bot.poker.evaluate_rank` of the seven cards.

    Unless the board holds four cards of one suit, one more card cannot make a flush, so the
    dealer's hand depends only on the board's ranks and the card's rank: those 13 values are
    computed once per rank pattern of the board (keyed by the board's own value, which names
    its five ranks when it is not a flush) and each rank counts as often as it is unseen.
    """
    suits = [card & 3 for card in board]
    if suits.count(suits[0]) >= 4 or suits.count(suits[1]) >= 4:
        return _dealer_outs_by_card(hole, board, player)
    board_value = evaluate_rank5(board)
    values = _VALUES_BY_RANK.get(board_value)
    if values is None:
        values = _VALUES_BY_RANK[board_value] = _values_by_rank(board)
    # Count all four cards of each rank, then take back the seven the player can see.
    halves = 0
    for value in values:
        if value >= player:
            halves += 8 if value > player else 4
    for card in (*hole, *board):
        value = values[card >> 2]
        if value >= player:
            halves -= 2 if value > player else 1
    return halves / 2


_VALUES_BY_RANK: dict[int, tuple[int, ...]] = {}
"""Board value -> value of the board plus one card of each rank (0 where the board holds all
four). At most one entry per pattern of five ranks (6,175): a cache, not a result."""


def _values_by_rank(board: Sequence[int]) -> tuple[int, ...]:
    held = [card >> 2 for card in board]
    a, b, c, d, e = board
    # A clubs card stands for its rank: with at most three board cards of a suit, no flush.
    return tuple(
        evaluate_rank6((a, b, c, d, e, rank << 2)) if held.count(rank) < 4 else 0
        for rank in range(13)
    )


def _dealer_outs_by_card(hole: Sequence[int], board: Sequence[int], player: int) -> float:
    """:func:`dealer_outs` card by card, for the boards where the suit can matter."""
    seen = {*hole, *board}
    halves = 0
    for card in range(52):
        if card not in seen:
            value = evaluate_rank6((*board, card))
            halves += 2 if value > player else 1 if value == player else 0
    return halves / 2


def river_raises(hole: Sequence[int], board: Sequence[int], player: int) -> bool:
    """The river rule of the basic strategy (module docstring); ``player`` as in
    :func:`dealer_outs`."""
    category = player >> CATEGORY_SHIFT
    if category >= _PAIR and category > evaluate_rank5(board) >> CATEGORY_SHIFT:
        return True
    return dealer_outs(hole, board, player) < OUTS_LIMIT


STRATEGY: Final = (
    "Ante 2 (+ Blind 2) and Trips 1 a round. Pre-flop raise 4x with a pair of 3s+, any ace, "
    "K2s+/K5o+, Q6s+/Q8o+, J8s+/JTo; flop raise 2x with a hidden pair (not lone pocket 2s), "
    "two pair or better, or four to a flush with a hidden 10+ of the suit; river raise 1x with "
    "a hidden pair or better or fewer than 21 dealer outs (ties count half), else fold."
)


class UthSim:
    """The simulator's view of Ultimate Texas Hold'em (see the module docstring)."""

    name = "uth"
    strategy = STRATEGY
    bets = ("ante", "blind", "play", "trips", "total", "ante+blind+play per ante")
    events = (
        "raised 4x pre-flop", "raised 2x on the flop", "raised 1x on the river", "player folded",
        "dealer qualified", "player won", "tie", "dealer won", "blind paid", "trips paid",
        "royal flush",
    )
    cards_needed = 9

    def __init__(self, options: UTHOptions | None = None) -> None:
        self.options = options or UTHOptions()
        lowest = {4: "a pair of 4s", 2: "any pair"}[self.options.min_qualifying_pair]
        self.strategy = f"{STRATEGY} Dealer qualifies with {lowest} or better."

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        # The simulator's hot path: plain ints and locals, no enum look-ups per round.
        hole0, hole1, dealer0, dealer1, a, b, c, d, e = deck
        player = evaluate_rank7((hole0, hole1, a, b, c, d, e))
        if _PREFLOP[hole0 * 52 + hole1]:
            play, folded, decision = 4 * ANTE, False, "raised 4x pre-flop"
        elif flop_raises((hole0, hole1), (a, b, c)):
            play, folded, decision = 2 * ANTE, False, "raised 2x on the flop"
        elif river_raises((hole0, hole1), (a, b, c, d, e), player):
            play, folded, decision = ANTE, False, "raised 1x on the river"
        else:
            play, folded, decision = 0, True, "player folded"
        event, options = record.event, self.options
        event(decision)
        dealer = evaluate_rank7((dealer0, dealer1, a, b, c, d, e))
        qualified = dealer_qualifies(dealer >> CATEGORY_SHIFT, (dealer >> TOP_RANK_SHIFT) & 15, options)
        if qualified:
            event("dealer qualified")
        comparison = (player > dealer) - (player < dealer)
        category = player >> CATEGORY_SHIFT
        back = settle_hand(ANTE, TRIPS, play, folded, category, comparison, qualified, options)
        ante, blind, play_back, trips = back
        if not folded:
            event(_RESULTS[comparison])
        if blind > ANTE:
            event("blind paid")
        if trips:
            event("trips paid")
            if category == _ROYAL:
                event("royal flush")  # a royal always pays Trips
        bet = record.bet
        bet("ante", ANTE, ante)
        bet("blind", ANTE, blind)
        if play:
            bet("play", play, play_back)
        bet("trips", TRIPS, trips)
        bet("total", 2 * ANTE + TRIPS + play, ante + blind + play_back + trips)
        # The main game's net per Ante (the coach's figures count the same): 1 + net / Ante.
        bet("ante+blind+play per ante", ANTE, ANTE + ante + blind + play_back - 2 * ANTE - play)


_RESULTS: Final = {1: "player won", 0: "tie", -1: "dealer won"}
_PAIR: Final = int(Category.PAIR)
_ROYAL: Final = int(Category.ROYAL_FLUSH)
TOP_RANK_SHIFT: Final = 16
"""A packed hand value's most important rank (a pair's rank) sits at bits 16-19."""
