"""``python -m bot hint GAME ...`` (one decision's options as JSON) and ``python -m bot strategy
GAME`` (the return of the coach's strategy beside the documented simple strategy's)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time

from bot.coach import threecard, uth
from bot.games.threecard import sim as threecard_sim
from bot.poker import Card, CardError, parse_cards

GAMES = ("threecard", "uth")
"""The games the coach knows so far."""


def hint_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot hint",
                                     description="Each option's expected value at one decision, as JSON.")
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--hand", required=True, help='the player\'s cards, e.g. "Qs 6d 4c"')
    parser.add_argument("--board", help='Ultimate Texas Hold\'em: the flop\'s three cards or all five')
    parser.add_argument("--qualifier", choices=("pair_of_fours", "pair"), default="pair_of_fours",
                        help="Ultimate Texas Hold'em: what the dealer needs to qualify")
    args = parser.parse_args(argv)
    hand, board = _cards(parser, "--hand", args.hand), _cards(parser, "--board", args.board or "")
    if len({*hand, *board}) != len(hand) + len(board):
        parser.error("a card is named twice")
    if args.game == "threecard":
        if len(hand) != 3:
            parser.error("--hand: Three Card Poker's hand is three cards")
        answer = threecard.hint(hand)
    else:
        if len(hand) != 2 or len(board) not in (3, 5):
            parser.error("uth: --hand takes two hole cards and --board the flop (3 cards) or the "
                         "river (5); the coach values those decisions so far")
        options = dataclasses.replace(uth.STANDARD, dealer_qualifier=args.qualifier)
        street = uth.flop_hint if len(board) == 3 else uth.river_hint
        answer = street(hand, board, 1, options)
    print(json.dumps(answer.to_json()))
    return 0


def _cards(parser: argparse.ArgumentParser, option: str, text: str) -> list[Card]:
    try:
        return parse_cards(text) if text else []
    except CardError as error:
        parser.error(f"{option}: {error}")


def strategy_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot strategy",
                                     description="The return to player of the coach's best play.")
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    best = float(threecard.optimal_return())
    simple = float(1 - threecard_sim.exact_ante_play_edge())
    figures = {"game": args.game, "bet": "ante+play per ante", "coach": best,
               "coach_method": "exact", "simple": simple, "simple_method": "exact",
               "simple_strategy": "play Q-6-4 or better, fold below"}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"Three Card Poker, Ante and Play, per chip of Ante (every deal enumerated):\n"
              f"  the coach's best play:       return {best:.4%}, house edge {1 - best:.4%}\n"
              f"  play Q-6-4 or better (docs): return {simple:.4%}, house edge {1 - simple:.4%}")
    print(f"computed in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0
