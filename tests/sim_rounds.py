"""Checks every game's simulator passes: round by round against its state machine, from the
command line, and the figures its rules page publishes."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from bot.games.figures import Measured
from bot.poker import FULL_DECK, Card
from bot.sim.cli import main
from bot.sim.game import SimGame
from bot.sim.recorder import Recorder
from bot.sim.registry import load_game


class LastRound(Recorder):
    """A recorder that also keeps what each bet returned in the round just played."""

    def __init__(self, game: SimGame) -> None:
        super().__init__(game.bets, game.events)
        self.game = game
        self.last: dict[str, float] = {}

    def play(self, deck: Sequence[Card]) -> dict[str, float]:
        """One round of the simulator from ``deck``; what each bet returned in it."""
        self.last = {}
        self.game.play_round(deck, self)
        return self.last

    def bet(self, name: str, wagered: float, returned: float) -> None:
        super().bet(name, wagered, returned)
        self.last[name] = returned

    def random_rounds(self, seed: int, rounds: int) -> Iterator[list[Card]]:
        """``rounds`` rounds of the simulator, each from a deck drawn by ``random.Random(seed)``:
        yields each deck once it is played (``last`` holds its returns), for the test to play
        the same round on the engine."""
        rng = random.Random(seed)
        size = self.game.cards_needed or len(FULL_DECK)
        for _ in range(rounds):
            deck = rng.sample(FULL_DECK, size)
            self.play(deck)
            yield deck
            self.end_round()


def engine_returns(state: Any) -> dict[str, int]:
    """What each bet line of a settled engine round returned."""
    assert state.settlement is not None, "the round has not settled"
    return {line.bet: line.returned for line in state.settlement.lines}


def assert_same_returns(simulated: Mapping[str, float], engine: Mapping[str, int],
                        names: Mapping[str, str]) -> None:
    """The simulator's bet (key of ``names``) returned what the engine's line (value) did; a
    bet neither placed counts as 0."""
    for sim_name, engine_name in names.items():
        assert simulated.get(sim_name, 0) == engine.get(engine_name, 0), sim_name


def simulate_from_the_command_line(capsys: pytest.CaptureFixture[str], game: str,
                                   rounds: int) -> dict[str, Any]:
    """``python -m bot simulate GAME --rounds N --seed 3 --json``: its report, which names the
    game."""
    assert main([game, "--rounds", str(rounds), "--seed", "3", "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert report["game"] == game
    return report


def check_published_figures(game: str, strategy: str, rtp: Mapping[str, Measured],
                            *others: tuple[str, Measured]) -> None:
    """The figures a game publishes were measured with its registered simulator's strategy, for
    every bet it records, each inside its own 95% interval."""
    sim = load_game(game)
    assert sim.strategy == strategy
    assert set(rtp) == set(sim.bets) - {"total"}
    for name, figure in [*rtp.items(), *others]:
        low, high = figure.ci95
        assert low < figure.value < high, name
