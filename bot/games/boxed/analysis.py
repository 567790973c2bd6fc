"""The command both boxed games' analyses share: how far the simulator's opening strategy falls
short of the best opening choice, averaged over random deals (each game's ``analysis`` module
says how it values the choices of one deal)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

ChoiceValues = Callable[[random.Random], tuple[Mapping[str, float], str]]
"""One random deal: every opening choice's expected result in Antes, and the strategy's choice."""


def compare(deals: int, seed: int, deal: ChoiceValues) -> tuple[float, float]:
    """Average result of the best opening choice and of the strategy's, over random deals."""
    rng = random.Random(seed)
    best = chosen = 0.0
    for _ in range(deals):
        values, choice = deal(rng)
        best += max(values.values())
        chosen += values[choice]
    return best / deals, chosen / deals


def run(argv: Sequence[str], deal: ChoiceValues, *, deals: int, seed: int, left_out: str) -> int:
    """``[DEALS] [SEED]`` from the command line: prints both averages and the strategy's loss;
    ``left_out`` names what the game's model does not count."""
    deals = int(argv[0]) if argv else deals
    seed = int(argv[1]) if len(argv) > 1 else seed
    best, chosen = compare(deals, seed, deal)
    print(f"{deals} deals: best choice {best:+.4f} Ante/round, strategy {chosen:+.4f}, "
          f"loss {best - chosen:.4f} ({left_out})")
    return 0
