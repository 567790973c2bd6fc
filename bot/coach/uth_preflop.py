"""Ultimate Texas Hold'em's pre-flop decision, Raise 4x, Raise 3x or Check, from a table the
project computes: ``python -m bot.coach.uth_preflop [--per-stratum N] [--seed S] [--workers W]``
rewrites ``uth_preflop.json`` beside this module (:func:`bot.coach.uth.preflop_hint` reads it).

For each of the 169 starting hands (a pair, two suited or two offsuit ranks: the suits do not
change a hand's worth before the flop) and each dealer qualifier, the table holds each
option's expected net result in Antes (the Ante, Blind and Play; Trips is a side bet) with its
standard error. Counting every flop exactly (19,600 of them, each a million showdowns) would
take days on this machine, so the flops are drawn by their ranks (:func:`bot.coach.uth.flop_ranks`:
``--per-stratum`` flops with random suits for each of the 455 or so sets of three ranks, the
same flops for the three options and both qualifiers) and each is valued exactly
(:func:`bot.coach.uth.flop_boards`: every turn and river, every dealer hand, settled by the
engine's pay tables): a Raise's net over all of them, and a Check's as the better of Raise 2x
and Check on that flop, the river played best after a Check. An option's figure is the strata's
means weighed by their exact chances, its error from the spread within each stratum. The table
is for the rules' pay tables at a 2-chip Ante (every pay whole chips), no payout capped.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from math import lcm
from pathlib import Path
from random import Random
from typing import Any

import numpy as np

from bot.coach.uth import (
    PREFLOP_OPTIONS,
    PREFLOP_TABLE,
    QUALIFIERS,
    RANKS,
    STANDARD,
    flop_boards,
    flop_ranks,
    hand_name,
)
from bot.coach.values import OptionValue
from bot.games.uth.rules import BLIND_PAYS

PER_STRATUM = 2
"""Flops drawn per set of flop ranks by default (two: the spread within a stratum needs two)."""
ANTE = lcm(*(denominator for _, _, denominator in BLIND_PAYS.rows))
"""The Ante the table is valued at, in chips: the least at which every Blind pay is whole chips
(two: the flush's 3:2 pays 3 chips; at a 1-chip Ante the rules' whole chips round it down to 1,
and every figure came out about 1% of the Ante low)."""


def starting_hands() -> list[tuple[str, tuple[int, int]]]:
    """The 169 starting hands by name ("AA", "AKs", "AKo") with two cards that make each."""
    hands = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                hands.append((RANKS[high] * 2, (high * 4, low * 4 + 1)))
            else:
                hands.append((f"{RANKS[high]}{RANKS[low]}s", (high * 4, low * 4)))
                hands.append((f"{RANKS[high]}{RANKS[low]}o", (high * 4, low * 4 + 1)))
    return hands


def hand_values(hole: Sequence[int], per_stratum: int, seed: int) -> dict[str, dict[str, list[float]]]:
    """One starting hand's options at each qualifier: ``{qualifier: {option: [mean, stderr]}}``.

    Stratified by the flop's ranks (:func:`flop_ranks`): for each of the 455 or so sets of
    ranks, ``per_stratum`` flops with those ranks and random suits (the same flops for every
    option and qualifier), each valued exactly; a figure is the strata's means weighed by their
    chances, its error from the spread within each stratum (what the suits change: little)."""
    tables = [dataclasses.replace(STANDARD, dealer_qualifier=qualifier) for qualifier in QUALIFIERS]
    rng = Random(f"{seed}:{hand_name(hole)}")
    means = {qualifier: np.zeros(len(PREFLOP_OPTIONS)) for qualifier in QUALIFIERS}
    variances = {qualifier: np.zeros(len(PREFLOP_OPTIONS)) for qualifier in QUALIFIERS}
    for ranks, chance in flop_ranks(hole):
        drawn: dict[str, list[list[float]]] = {qualifier: [] for qualifier in QUALIFIERS}
        for _ in range(per_stratum):
            flop = _flop_with(ranks, hole, rng)
            found, scale = flop_boards(hole, flop, ANTE, tables, (4, 3, 2, 1, 0))
            for qualifier, totals in zip(QUALIFIERS, found, strict=True):
                checked = max(int(totals[2].sum()), int(np.maximum(totals[1], totals[0]).sum()))
                drawn[qualifier].append([int(totals[4].sum()) / scale, int(totals[3].sum()) / scale,
                                         checked / scale])
        for qualifier, rows in drawn.items():
            values = np.array(rows)
            means[qualifier] += chance * values.mean(axis=0)
            if per_stratum > 1:
                variances[qualifier] += chance ** 2 * values.var(axis=0, ddof=1) / per_stratum
    return {qualifier: _figures(means[qualifier], variances[qualifier]) for qualifier in QUALIFIERS}


def _figures(means: np.ndarray, variances: np.ndarray) -> dict[str, list[float]]:
    """Each option's ``[mean, stderr]`` by its name."""
    return {OptionValue(move, 0, choice=times).name: [float(mean), float(variance) ** 0.5]
            for (move, times), mean, variance in zip(PREFLOP_OPTIONS, means, variances, strict=True)}


def _flop_with(ranks: Sequence[int], hole: Sequence[int], rng: Random) -> list[int]:
    """A flop of these ranks, its cards drawn at random among those left."""
    flop: list[int] = []
    for rank in sorted(set(ranks)):
        left = [rank * 4 + suit for suit in range(4) if rank * 4 + suit not in hole]
        flop += rng.sample(left, ranks.count(rank))
    return flop


def compute(per_stratum: int, seed: int, workers: int | None) -> dict[str, Any]:
    """The whole table (every starting hand, both qualifiers), the hands shared by ``workers``
    processes."""
    hands = starting_hands()
    with ProcessPoolExecutor(workers) as pool:
        found = list(pool.map(hand_values, [hole for _, hole in hands], [per_stratum] * len(hands),
                              [seed] * len(hands)))
    return {"per_stratum": per_stratum, "seed": seed,
            "hands": {name: values for (name, _), values in zip(hands, found, strict=True)}}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.coach.uth_preflop", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-stratum", type=int, default=PER_STRATUM,
                        help=f"flops drawn per set of flop ranks (default {PER_STRATUM}; at least 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, help="processes (default: one per core)")
    parser.add_argument("--out", type=Path, default=PREFLOP_TABLE)
    args = parser.parse_args(argv)
    if args.per_stratum < 2:
        parser.error("--per-stratum: at least 2 (a stratum's spread needs two flops)")
    started = time.perf_counter()
    computed = compute(args.per_stratum, args.seed, args.workers)
    args.out.write_text(json.dumps(computed, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {len(computed['hands'])} hands, {args.per_stratum} flops per set of flop "
          f"ranks, in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


__all__ = ["ANTE", "PER_STRATUM", "compute", "hand_values", "starting_hands"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
