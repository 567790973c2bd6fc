"""The simulation loop: deal, let the game play a round, fold its results; then summarise."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.plain import PlainData
from bot.poker.cards import FULL_DECK
from bot.sim.game import SimGame
from bot.sim.recorder import BetSums, Recorder
from bot.sim.stats import ratio_ci95


@dataclass(frozen=True)
class BetReport(PlainData):
    wagered: float
    returned: float
    rtp: float | None
    """``None`` when nothing was wagered on this bet."""
    ci95: tuple[float, float] | None


@dataclass(frozen=True)
class SimReport(PlainData):
    """The ``--json`` object is its ``to_dict``: these fields, ``ci95`` as ``[low, high]`` or null."""

    game: str
    rounds: int
    seed: int
    strategy: str
    bets: dict[str, BetReport]
    events: dict[str, float]
    """Occurrences per round."""


def simulate(game: SimGame, rounds: int, seed: int) -> SimReport:
    """Play ``rounds`` rounds of ``game`` dealt from ``random.Random(seed)``."""
    recorder = Recorder(game.bets, game.events)
    _play_rounds(game, rounds, random.Random(seed), recorder)
    return SimReport(
        game=game.name,
        rounds=rounds,
        seed=seed,
        strategy=game.strategy,
        bets={name: _bet_report(rounds, sums) for name, sums in recorder.bets.items()},
        events={name: count / rounds if rounds else 0.0
                for name, count in recorder.event_counts.items()},
    )


def _play_rounds(game: SimGame, rounds: int, rng: random.Random, recorder: Recorder) -> None:
    # Bound methods hoisted out of the loop: this loop is the simulator's hot path.
    play_round, end_round = game.play_round, recorder.end_round
    if game.cards_needed is not None:
        draw, needed = rng.sample, game.cards_needed
        for _ in range(rounds):
            play_round(draw(FULL_DECK, needed), recorder)
            end_round()
    else:
        shuffle = rng.shuffle
        for _ in range(rounds):
            deck = list(FULL_DECK)
            shuffle(deck)
            play_round(deck, recorder)
            end_round()


def _bet_report(rounds: int, sums: BetSums) -> BetReport:
    rtp = sums.sum_r / sums.sum_w if sums.sum_w else None
    ci95 = ratio_ci95(rounds, sums.sum_w, sums.sum_r, sums.sum_ww, sums.sum_rr, sums.sum_wr)
    return BetReport(wagered=sums.sum_w, returned=sums.sum_r, rtp=rtp, ci95=ci95)
