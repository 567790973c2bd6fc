"""Ultimate Texas Hold'em's decisions valued by the coach, exact (the Ante, Blind and Play; Trips
is a side bet, paid on the player's hand whatever they do, and left out).

* The river, Raise 1x or Fold: the dealer's two cards are any 2 of the 45 the player does not
  see (990 hands), each settled by the engine's :func:`bot.games.uth.state.settle_against`.
* The flop, Raise 2x or Check: every turn and river (1,081 pairs) and every dealer hand from
  the 45 cards left (990), with the river played best after a Check. A million showdowns are
  too many to settle one by one in time, so they are valued at once with numpy
  (:mod:`bot.poker.vectorized`), and on each board the dealer's hands are counted by what the
  engine's settlement reads of them (whether the dealer qualifies, by the engine's
  :func:`bot.games.uth.state.dealer_qualified`, and whether the player's hand is better, equal
  or worse); the engine's :func:`bot.games.uth.rules.settle_hand` settles each count once.
  :func:`board_values` counts one board the same way in pure Python (the tests hold the two
  together).
"""

from __future__ import annotations

import dataclasses
import json
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import numpy.typing as npt

from bot.coach.values import Estimate, Hint, HintRequest, OptionValue, StrategyReturn
from bot.games.common import SeatId
from bot.games.uth import moves
from bot.games.uth.rules import Phase, UTHOptions, settle_hand
from bot.games.uth.state import UTHState, dealer_qualified, settle_against
from bot.poker import HandValue, _tables, evaluate
from bot.poker.evaluator import evaluate_rank, with_every_pair
from bot.poker.hand_value import CATEGORY_SHIFT, value_category
from bot.poker.vectorized import KEYS, SUIT_BITS, Ints, seven_card_values
from bot.sim.frame import simulate

STANDARD = UTHOptions(min_bet=1, max_bet=1)
"""A table with no cap on a win: the rules' own pay tables."""
PREFLOP_TABLE = Path(__file__).with_name("uth_preflop.json")
"""The pre-flop table, written by :mod:`bot.coach.uth_preflop`."""
PREFLOP_OPTIONS = (("raise", 4), ("raise", 3), ("check", None))
"""The pre-flop options, as (move, Raise multiple)."""
QUALIFIERS = ("pair_of_fours", "pair")
RANKS = "23456789TJQKA"


def river_hint(hole: Sequence[int], board: Sequence[int], ante: int = 1,
               options: UTHOptions = STANDARD) -> Hint:
    """Raise 1x or Fold with ``hole`` on the full ``board``, exact over the dealer's hands."""
    if len(hole) != 2 or len(board) != 5:
        raise ValueError("the river's hint takes two hole cards and the five board cards")
    seen = {*hole, *board}
    unseen = [card for card in range(52) if card not in seen]
    player = evaluate([*hole, *board])
    dealers = [evaluate([*dealer, *board]) for dealer in combinations(unseen, 2)]
    choices = [OptionValue("raise", _mean_net(player, dealers, ante, ante, False, options), choice=1),
                OptionValue("fold", _mean_net(player, dealers, ante, 0, True, options))]
    return Hint(tuple(choices), "exact")


def _mean_net(player: HandValue, dealers: Sequence[HandValue], ante: int, play: int, folded: bool,
              options: UTHOptions) -> Fraction:
    """The Ante, Blind and Play's mean net over the dealer's hands, in Antes."""
    staked = 2 * ante + play
    total = 0
    for dealer in dealers:
        returns = settle_against(player, dealer, ante, 0, play, folded, options)
        total += returns.ante + returns.blind + returns.play - staked
    return Fraction(total, len(dealers) * ante)


def flop_hint(hole: Sequence[int], flop: Sequence[int], ante: int = 1,
              options: UTHOptions = STANDARD) -> Hint:
    """Raise 2x or Check with ``hole`` on the ``flop``, exact, the river played best after a
    Check: every turn and river, and on each board every dealer hand (a million showdowns,
    valued at once with numpy and counted by class as :func:`board_values` counts one board)."""
    if len(hole) != 2 or len(flop) != 3:
        raise ValueError("the flop's hint takes two hole cards and the three flop cards")
    (totals,), scale = flop_boards(hole, flop, ante, (options,), (2, 1, 0))
    raised = Fraction(int(totals[2].sum()), scale)
    checked = Fraction(int(np.maximum(totals[1], totals[0]).sum()), scale)
    return Hint((OptionValue("raise", raised, choice=2), OptionValue("check", checked)), "exact")


def flop_boards(hole: Sequence[int], flop: Sequence[int], ante: int, tables: Sequence[UTHOptions],
                plays: Sequence[int]) -> tuple[list[dict[int, Ints]], int]:
    """After ``flop``, for each turn and river (in ``combinations`` order of the unseen cards):
    the Ante, Blind and Play's net summed over the dealer's 990 hands, for each Play of
    ``plays`` Antes (0: folded on the river) at each of ``tables``; and how many showdowns that
    is in all, times the Ante (what the sums' total divides by for a mean in Antes)."""
    unseen = np.array([card for card in range(52) if card not in {*hole, *flop}], dtype=np.int64)
    pairs = unseen[_pairs(len(unseen))]  # every turn and river, and every dealer hand: the same pairs
    pair_keys, pair_bits = KEYS[pairs].sum(axis=1), SUIT_BITS[pairs].sum(axis=1)
    flop_cards = np.array(flop, dtype=np.int64)
    board_keys = KEYS[flop_cards].sum() + pair_keys
    board_bits = SUIT_BITS[flop_cards].sum(axis=0) + pair_bits
    hole_cards = np.array(hole, dtype=np.int64)
    player_bits = board_bits + SUIT_BITS[hole_cards].sum(axis=0)
    players = seven_card_values(board_keys + KEYS[hole_cards].sum(), lambda at, suits: player_bits[at, suits])
    # Each board's dealer hands: the pairs holding neither its turn nor its river, row by row.
    boards, hands = _apart(len(unseen))
    dealers = seven_card_values(board_keys[boards] + pair_keys[hands],
                                lambda at, suits: board_bits[boards[at], suits] + pair_bits[hands[at], suits])
    dealers = dealers.reshape(len(pairs), -1)
    # Each showdown's class as one code: how the player's hand compares (0 better, 1 equal,
    # 2 worse), then whether the dealer qualifies at each table (a bit each); counted per board.
    codes = (dealers >= players[:, None]).astype(np.int64) + (dealers > players[:, None])
    for index, options in enumerate(tables):
        codes += (dealers >= _least_qualifying(options)) << (2 + index)
    classes = 1 << (2 + len(tables))
    counted = np.bincount((codes + np.arange(len(pairs))[:, None] * classes).ravel(),
                          minlength=len(pairs) * classes).reshape(len(pairs), classes)
    categories, category_of = np.unique(players >> CATEGORY_SHIFT, return_inverse=True)
    found = []
    for index, options in enumerate(tables):
        per_play = {play: np.zeros(len(pairs), dtype=np.int64) for play in plays}
        for code in range(classes):
            if code & 3 == 3:
                continue
            comparison, qualifies = 1 - (code & 3), bool(code >> (2 + index) & 1)
            for play, totals in per_play.items():
                nets = _nets(categories, comparison, qualifies, play * ante, ante, options)
                totals += counted[:, code] * nets[category_of]
        found.append(per_play)
    return found, dealers.size * ante


@cache
def _pairs(count: int) -> npt.NDArray[np.int64]:
    """Every pair of ``count`` positions, in ``combinations`` order."""
    return np.array(list(combinations(range(count), 2)), dtype=np.int64)


@cache
def _apart(count: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Every two pairs of ``count`` positions (:func:`_pairs`) that share no position, as the
    first's and the second's index, the first's in order (each has as many)."""
    pairs = _pairs(count)
    first, second = pairs[:, None, 0], pairs[:, None, 1]
    apart = ((first != pairs[None, :, 0]) & (first != pairs[None, :, 1])
             & (second != pairs[None, :, 0]) & (second != pairs[None, :, 1]))
    boards, hands = np.nonzero(apart)
    return boards, hands


def _nets(categories: npt.NDArray[np.int64], comparison: int, qualified: bool, play: int, ante: int,
          options: UTHOptions) -> npt.NDArray[np.int64]:
    """For each category of the player's hand in ``categories`` (the boards' distinct ones), the
    Ante, Blind and Play's net against a dealer hand of this class (the engine's
    :func:`settle_hand`); ``play`` 0: folded on the river."""
    nets = []
    for category in categories:
        returns = settle_hand(ante, 0, play, play == 0, int(category), comparison, qualified, options)
        nets.append(returns.ante + returns.blind + returns.play - 2 * ante - play)
    return np.array(nets, dtype=np.int64)


@cache
def _least_qualifying(options: UTHOptions) -> int:
    """The least hand value the engine's :func:`dealer_qualified` accepts at a table with
    ``options``: qualifying is monotone in a hand's value, so it splits every value there is."""
    values = sorted({*_tables.VALUES[1:], *(value for value in _tables.FLUSH_TABLE if value)})
    return values[_first_qualifying(values, options)]


def board_values(hole: Sequence[int], board: Sequence[int], ante: int,
                 options: UTHOptions) -> tuple[Fraction, Fraction, Fraction]:
    """On one full board: the mean net, in Antes, over the dealer's 990 hands, of having raised
    2x, of raising 1x on the river, and of folding there."""
    player = evaluate_rank((*hole, *board))
    unseen = [card for card in range(52) if card not in {*hole, *board}]
    counts = _outcome_counts(player, board, unseen, options)
    category = int(value_category(player))
    dealers = sum(counts.values())

    def mean(play: int, folded: bool) -> Fraction:
        total = 0
        for (qualified, comparison), count in counts.items():
            returns = settle_hand(ante, 0, play, folded, category, comparison, qualified, options)
            total += count * (returns.ante + returns.blind + returns.play - 2 * ante - play)
        return Fraction(total, dealers * ante)
    return mean(2 * ante, False), mean(ante, False), mean(0, True)


def _outcome_counts(player: int, board: Sequence[int], unseen: Sequence[int],
                    options: UTHOptions) -> dict[tuple[bool, int], int]:
    """The dealer's hands from ``unseen`` counted by whether the dealer qualifies and how the
    player's hand compares (1 better, 0 equal, -1 worse). Every hand is ranked, the values are
    sorted, and the counts are read off by bisection: qualifying is monotone in the hand's value
    (a better hand qualifies where a worse one does), so the lowest value the engine's
    :func:`bot.games.uth.state.dealer_qualified` accepts splits them."""
    values = sorted(with_every_pair(board, unseen))
    qualifying = _first_qualifying(values, options)
    worse, better = bisect_left(values, player), bisect_right(values, player)
    counts: dict[tuple[bool, int], int] = {}
    for low, high, comparison in ((0, worse, 1), (worse, better, 0), (better, len(values), -1)):
        split = min(max(qualifying, low), high)
        for qualified, count in ((False, split - low), (True, high - split)):
            if count:
                counts[(qualified, comparison)] = count
    return counts


def _first_qualifying(values: Sequence[int], options: UTHOptions) -> int:
    """Where the qualifying hands start in the sorted ``values``, asked of the engine."""
    qualified = _qualified(options)
    low, high = 0, len(values)
    while low < high:
        middle = (low + high) // 2
        value = values[middle]
        qualifies = qualified.get(value)
        if qualifies is None:  # asked of the engine once per value
            qualifies = qualified[value] = dealer_qualified(HandValue(value), options)
        if qualifies:
            high = middle
        else:
            low = middle + 1
    return low


@cache
def _qualified(options: UTHOptions) -> dict[int, bool]:
    """Whether a dealer's packed hand value qualifies at a table with ``options``, filled as
    values come up."""
    return {}


def hand_name(hole: Sequence[int]) -> str:
    """A starting hand's name in the table: "AKs", "AKo", "77"."""
    high, low = sorted(hole, reverse=True)
    if high >> 2 == low >> 2:
        return RANKS[high >> 2] * 2
    return f"{RANKS[high >> 2]}{RANKS[low >> 2]}{'s' if high & 3 == low & 3 else 'o'}"


@cache
def preflop_table() -> dict[str, Any]:
    """The pre-flop table as the project ships it."""
    loaded: dict[str, Any] = json.loads(PREFLOP_TABLE.read_text(encoding="utf-8"))
    return loaded


def preflop_hint(hole: Sequence[int], board: Sequence[int] = (), ante: int = 1,
                 options: UTHOptions = STANDARD) -> Hint:
    """Raise 4x, Raise 3x or Check with ``hole`` before the flop, at the table's dealer
    qualifier, from the pre-flop table (:mod:`bot.coach.uth_preflop`: sampled flops, each
    valued exactly; each figure with its standard error; the rules' pay tables, no cap)."""
    if len(hole) != 2 or board:
        raise ValueError("the pre-flop hint takes two hole cards and no board")
    values = preflop_table()["hands"][hand_name(hole)][options.dealer_qualifier]
    choices = []
    for move, times in PREFLOP_OPTIONS:
        mean, stderr = values[OptionValue(move, 0, choice=times).name]
        choices.append(OptionValue(move, mean, stderr, choice=times))
    return Hint(tuple(choices), "sampled")


def request(state: UTHState, seat: SeatId) -> HintRequest | None:
    """The hint for ``seat``'s decision now, from its own hole cards and the face-up board (None:
    no decision of its own)."""
    if seat not in state.pending_seats() or state.phase not in VALUED:
        return None
    view = state.private_view(seat)
    player = state.seats[seat]
    return HintRequest(VALUED[state.phase], (tuple(view.hole), tuple(view.board), player.ante, state.options),
                       player.ante, DECISIONS)


DECISIONS = frozenset({moves.Raise.kind, moves.Check.kind, moves.Fold.kind})
"""The moves of a decision on a street (a Raise of the street's size, Check, or Fold)."""
VALUED: dict[Phase, Callable[..., Hint]] = {Phase.PREFLOP: preflop_hint, Phase.FLOP: flop_hint,
                                            Phase.RIVER: river_hint}
"""The decisions the coach values, by street."""


def flop_ranks(hole: Sequence[int]) -> list[tuple[tuple[int, ...], float]]:
    """Every set of three ranks a flop can show beside ``hole`` (as rank indices, lowest first),
    with its exact chance: the strata the flops are drawn from."""
    left = [4 - sum(1 for card in hole if card >> 2 == rank) for rank in range(13)]
    strata: list[tuple[tuple[int, ...], float]] = []
    for ranks in combinations_with_replacement(range(13), 3):
        ways = 1
        for rank in set(ranks):
            ways *= comb(left[rank], ranks.count(rank))
        if ways:
            strata.append((ranks, ways / comb(sum(left), 3)))
    return strata


COMBOS = {"pair": 6, "suited": 4, "offsuit": 12}
"""How many two-card hands each starting hand stands for (1,326 in all)."""


def preflop_return(qualifier: str = STANDARD.dealer_qualifier) -> Estimate:
    """The coach's Ante, Blind and Play net per Ante, every starting hand played with the best
    pre-flop option of the table (the flop and river best after it): the starting hands weighed
    by how many two-card hands each is, each best figure's error carried along."""
    total = variance = 0.0
    hands = preflop_table()["hands"]
    for name, values in hands.items():
        best_mean, best_error = max(values[qualifier].values())
        combos = COMBOS["pair" if len(name) == 2 else "suited" if name.endswith("s") else "offsuit"]
        total += combos * best_mean
        variance += (combos * best_error) ** 2
    flops = preflop_table()["per_stratum"] * sum(len(flop_ranks(_cards_of(name))) for name in hands)
    return Estimate(total / 1326, variance ** 0.5 / 1326, flops)


def _cards_of(name: str) -> tuple[int, int]:
    """Two cards that make the starting hand ``name`` ("AKs", "AKo", "77")."""
    high, low = RANKS.index(name[0]), RANKS.index(name[1])
    return high * 4, low * 4 + (name[-1] != "s")


def strategy_return(samples: int, rng: Random, qualifier: str = STANDARD.dealer_qualifier) -> StrategyReturn:
    """The coach's return (the pre-flop table's best options) beside the basic strategy's, which
    the simulator plays for ``samples`` rounds drawn with ``rng``; the dealer qualifying with
    ``qualifier``."""
    from bot.games.uth.sim import UthSim  # the simulator's game, only here

    game = UthSim(dataclasses.replace(UTHOptions(), dealer_qualifier=qualifier))
    report = simulate(game, samples, rng.randrange(2**32))  # type: ignore[arg-type]  # UthSim is a SimGame
    measured = report.bets["ante+blind+play per ante"]
    assert measured.rtp is not None and measured.ci95 is not None
    low, high = measured.ci95
    simple = Estimate(measured.rtp - 1, (high - low) / (2 * 1.96), samples)
    return StrategyReturn("uth", "ante+blind+play", preflop_return(qualifier), simple, game.strategy,
                          "the pre-flop table's best option for every starting hand, its flops "
                          "sampled by their ranks and each valued exactly; the basic strategy simulated")
