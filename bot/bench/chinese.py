"""``python -m bot bench chinese``: milliseconds to auto-arrange one 13-card Chinese Poker hand.

Arranges ``--hands`` random hands (seeded) one at a time with
:func:`bot.games.chinese.auto_arrange` and prints the mean, median, p99 and worst time per hand,
and the same for scoring a four-player showdown. Goal (issue 9): <= 50 ms per 13 cards. The
machine may be shared: a neighbour's burst shows up in the wall-clock p99 and worst case first,
so the CPU time this process spent per hand is printed beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games.chinese import PlayerHand, auto_arrange, score_hands
from bot.poker import FULL_DECK

GOAL_MS = 50.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench chinese", description=__doc__)
    parser.add_argument("--hands", type=int, default=1000, help="random 13-card hands to arrange")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deals = [rng.sample(FULL_DECK, 52) for _ in range((args.hands + 3) // 4)]
    hands = [deal[13 * seat : 13 * seat + 13] for deal in deals for seat in range(4)][: args.hands]
    # Warm-up: the first hands fill the per-value odds caches, as they are filled in a running bot.
    for hand in hands[:20]:
        auto_arrange(hand)

    arrange_ms, arrange_cpu_ms = [], []
    arranged = []
    for hand in hands:
        started, cpu_started = time.perf_counter(), time.process_time()
        result = auto_arrange(hand)
        arrange_cpu_ms.append((time.process_time() - cpu_started) * 1000)
        arrange_ms.append((time.perf_counter() - started) * 1000)
        arranged.append(PlayerHand.set_as(result.arrangement))

    score_ms = []
    for start in range(0, len(arranged) - 3, 4):
        table = {seat: arranged[start + seat] for seat in range(4)}
        started = time.perf_counter()
        score_hands(table)
        score_ms.append((time.perf_counter() - started) * 1000)

    print(f"chinese poker benchmark: {len(hands)} random hands (seed {args.seed})")
    _print_line("auto_arrange, ms per 13-card hand", arrange_ms)
    _print_line("  the same, CPU ms of this process", arrange_cpu_ms)
    if score_ms:
        _print_line("score_hands, ms per 4-player showdown", score_ms)
    p99 = _percentile(arrange_ms, 99)
    verdict = "meets" if p99 <= GOAL_MS else "MISSES"
    print(f"goal: auto_arrange p99 <= {GOAL_MS:g} ms per hand: {verdict} ({p99:.1f} ms)")
    return 0


def _print_line(label: str, samples: list[float]) -> None:
    print(f"{label:<40} mean {statistics.fmean(samples):6.2f}  median {statistics.median(samples):6.2f}  "
          f"p99 {_percentile(samples, 99):6.2f}  max {max(samples):6.2f}")


def _percentile(samples: list[float], percent: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(percent / 100 * len(ordered)) - 1))
    return ordered[index]
