"""``python -m bot bench eval``: hand evaluations per second, ours beside treys and phevaluator.

Every evaluator gets the same pre-generated random hands in its own card format and is called
once per hand through its public function, in a plain ``for`` loop. Each line runs for about
``--seconds``, in passes of ``--chunk`` hands; it prints the best pass (the machine is shared,
and a neighbour's burst only ever slows a pass down) and the average over all passes.
Goals (issue 3): >= 1,000,000 seven-card evaluations/s and >= 5x treys.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.poker import Card, evaluate, evaluate_rank, evaluate_rank5
from bot.poker.evaluator import evaluate_rank7

GOAL_PER_SECOND = 1_000_000
GOAL_TREYS_RATIO = 5.0

Pass = Callable[[int, int], None]
"""Evaluates the hands ``[start, stop)`` of the pool once each."""


@dataclass(frozen=True)
class Rate:
    best: float
    average: float


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench eval", description=__doc__)
    parser.add_argument("--hands", type=int, default=300_000, help="random hands per size")
    parser.add_argument("--seconds", type=float, default=1.5, help="run time per line")
    parser.add_argument("--chunk", type=int, default=20_000, help="hands per timed pass")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pool = [rng.sample(range(52), 7) for _ in range(args.hands)]
    print(f"evaluator benchmark: {args.hands:,} random hands, ~{args.seconds:g} s per line, "
          "hands/s (best pass / average)")
    for size in (5, 7):
        hands = [hand[:size] for hand in pool]
        rates = {name: _measure(run, len(hands), args) for name, run in _passes(hands).items()}
        for name, rate in rates.items():
            print(f"{size} cards  {name:<44} {rate.best:>12,.0f} {rate.average:>12,.0f}")
        _print_verdicts(size, rates)
    return 0


def _passes(hands: list[list[int]]) -> dict[str, Pass]:
    """Every evaluator available, each as a loop over a slice of the same hands."""
    size = len(hands[0])
    fast = evaluate_rank7 if size == 7 else evaluate_rank5
    card_hands = [[Card(card) for card in hand] for hand in hands]
    passes = {
        f"bot.poker evaluate_rank{size} (int lists)": _calls(fast, hands),
        f"bot.poker evaluate_rank{size} (Card lists)": _calls(fast, card_hands),
        "bot.poker evaluate_rank (any size, int lists)": _calls(evaluate_rank, hands),
        "bot.poker evaluate -> HandValue (slow path)": _calls(evaluate, card_hands),
    }
    passes.update(_treys_passes(hands))
    passes.update(_phevaluator_passes(hands))
    return passes


def _calls(function: Callable[[Sequence[int]], object], hands: Sequence[Sequence[int]]) -> Pass:
    def run(start: int, stop: int) -> None:
        for hand in hands[start:stop]:
            function(hand)

    return run


def _treys_passes(hands: list[list[int]]) -> dict[str, Pass]:
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return {}
    treys_evaluate = Evaluator().evaluate
    to_treys = [TreysCard.new(str(Card(card))) for card in range(52)]
    split = [([to_treys[c] for c in hand[:2]], [to_treys[c] for c in hand[2:]]) for hand in hands]

    def run(start: int, stop: int) -> None:
        for hole, board in split[start:stop]:
            treys_evaluate(hole, board)

    return {"treys Evaluator.evaluate (pure Python)": run}


def _phevaluator_passes(hands: list[list[int]]) -> dict[str, Pass]:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return {}

    # phevaluator numbers cards rank * 4 + suit (c d h s), as we do, so the lists are shared.
    def run(start: int, stop: int) -> None:
        for hand in hands[start:stop]:
            evaluate_cards(*hand)

    return {"phevaluator evaluate_cards (C extension)": run}


def _measure(run: Pass, pool_size: int, args: argparse.Namespace) -> Rate:
    chunk = min(args.chunk, pool_size)
    run(0, min(1_000, pool_size))  # warm up: first calls pay for caches and specialisation
    done, elapsed, best, start = 0, 0.0, 0.0, 0
    while elapsed < args.seconds:
        stop = min(start + chunk, pool_size)
        began = time.perf_counter()
        run(start, stop)
        took = time.perf_counter() - began
        done, elapsed = done + stop - start, elapsed + took
        best = max(best, (stop - start) / took)
        start = 0 if stop == pool_size else stop
    return Rate(best, done / elapsed)


def _print_verdicts(size: int, rates: dict[str, Rate]) -> None:
    ours = rates[f"bot.poker evaluate_rank{size} (int lists)"]
    line = f"{size} cards  "
    if size == 7:
        line += f"goal >= {GOAL_PER_SECOND:,}/s: {_verdict(ours.best >= GOAL_PER_SECOND)}"
    treys = next((rate for name, rate in rates.items() if name.startswith("treys")), None)
    if treys is not None:
        ratio = ours.best / treys.best
        line += f"  ours/treys {ratio:.1f}x (average {ours.average / treys.average:.1f}x)"
        if size == 7:
            line += f" goal >= {GOAL_TREYS_RATIO:g}x: {_verdict(ratio >= GOAL_TREYS_RATIO)}"
    print(line)


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"
