"""The coach at Three Card Poker: each option's value is exact, checked against every deal
settled through the engine itself; the coach's strategy returns the known 96.63% (house edge
3.37% of the Ante, Q-6-4); a hint depends only on the player's own cards."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from itertools import combinations

import pytest

from bot.coach import threecard
from bot.games.threecard import moves
from bot.games.threecard.rules import ThreeCardOptions
from bot.games.threecard.sim import ANTE_PLAY_EDGE, exact_ante_play_edge
from bot.games.threecard.state import ThreeCardState
from bot.poker import parse_cards

SEAT = 7


def brute_force(cards: list[int], move: str, ante: int, options: ThreeCardOptions) -> Fraction:
    """The hand's mean net over every dealer hand, each a whole round through the engine, in Antes."""
    rest = [card for card in range(52) if card not in cards]
    total = count = 0
    for dealer in combinations(rest, 3):
        state = dealt(cards, dealer, rest, ante, options)
        state.apply(SEAT, moves.Play() if move == "play" else moves.Fold())
        assert state.settlement is not None
        total += state.settlement.summary[SEAT].net
        count += 1
    return Fraction(total, count * ante)


def dealt(cards: list[int], dealer: tuple[int, ...], rest: list[int], ante: int,
          options: ThreeCardOptions) -> ThreeCardState:
    state = ThreeCardState(options)
    state.apply(SEAT, moves.Ante(ante))
    state.close_betting()
    state.deal([*cards, *dealer, *(card for card in rest if card not in dealer)])
    return state


@pytest.mark.parametrize(("hand", "ante", "max_payout", "best"), [
    ("Qs 6d 4c", 1, None, "play"),   # the weakest hand worth playing
    ("Qs 6d 3c", 1, None, "fold"),   # the strongest worth folding
    ("5h 4h 3h", 50, 60, "play"),    # a straight flush's 5:1 Ante bonus, cut by the table's cap
])
def test_each_option_is_worth_exactly_what_every_deal_settles_to(hand: str, ante: int, max_payout: int | None,
                                                               best: str) -> None:
    options = ThreeCardOptions(min_bet=1, max_bet=100, max_payout=max_payout)
    cards = parse_cards(hand)
    hint = threecard.hint(cards, ante, options)
    assert hint.method == "exact" and hint.best.move == best
    for option in hint.options:
        assert option.ev == brute_force(cards, option.move, ante, options), option


def test_the_coachs_strategy_returns_the_known_figure() -> None:
    """Enumerated over every hand with the best option each time: 96.627% (house edge 3.373%
    of the Ante), the same fraction as the simulator's exact figure for Q-6-4 or better."""
    best = threecard.optimal_return()
    assert best == 1 - exact_ante_play_edge()
    assert round(float(1 - best), 7) == ANTE_PLAY_EDGE, "the rules page's figure"
    assert round(float(1 - best), 4) == 0.0337


def test_a_hint_reads_only_the_players_own_cards() -> None:
    """Two deals that differ only in the dealer's cards give the same hint, whose options are
    the seat's legal moves."""
    options = ThreeCardOptions(min_bet=1, max_bet=100)
    cards = parse_cards("Kd 9s 2c")
    rest = [card for card in range(52) if card not in cards]
    hints = []
    for dealer in (tuple(parse_cards("Ah Ac As")), tuple(parse_cards("3d 4h 7c"))):
        state = dealt(cards, dealer, rest, 10, options)
        asked = threecard.request(state, SEAT)
        assert asked is not None and asked.ante == 10
        hint = asked.run()
        assert {option.move for option in hint.options} == {option.kind for option in state.legal_moves(SEAT)}
        hints.append(hint)
    assert hints[0] == hints[1]


def test_the_command_line_prints_the_hint_as_json() -> None:
    shown = subprocess.run([sys.executable, "-m", "bot", "hint", "threecard", "--hand", "Qs 6d 4c"],
                           capture_output=True, text=True, check=True)
    answer = json.loads(shown.stdout)
    assert answer["best"] == "play" and answer["method"] == "exact" and answer["stderr"] == 0
    assert [option["move"] for option in answer["options"]] == ["play", "fold"]
    assert answer["options"][1]["ev"] == -1.0
    assert abs(answer["options"][0]["ev"] - (-9151 / 9212)) < 1e-12
