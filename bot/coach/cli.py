"""``python -m bot hint GAME ...`` (one decision's options as JSON) and ``python -m bot strategy
GAME`` (the return of the coach's strategy beside the documented simple strategy's)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable
from random import Random

from bot.coach import chinese, hcf, imperial, imperial_strategy, threecard, twoplusfour, uth
from bot.coach.values import Estimate, Hint, StrategyReturn
from bot.games.hcf.hands import hand_keys, raise_cap
from bot.poker import Card, CardError, parse_cards

GAMES = ("threecard", "uth", "hcf", "twoplusfour", "imperial", "chinese")
"""The games the coach knows: all six."""
SAMPLES = {"uth": 2_000_000, "hcf": 150_000, "twoplusfour": 100_000, "imperial": 8_000}
"""Hands a sampled strategy figure draws by default: at least 10^5 where a hand costs little
(Ultimate Texas Hold'em: the basic strategy's simulated rounds; the coach's figure comes from
the pre-flop table). At High Card Flush that is enough for a 95% interval within ±0.5% of the
Ante (its standard deviation per hand is 0.96); at 2 Plus 4 (1.7 a deal) the interval comes from
the simple strategy's long run plus the gain. An Imperial deal costs about half a second (its
opening hint and the strategy's Draws), so 8,000 of them (about half an hour on two cores)
place the gain."""
NAMES = {"threecard": "Three Card Poker", "uth": "Ultimate Texas Hold'em", "hcf": "High Card Flush",
         "twoplusfour": "2 Plus 4 Poker", "imperial": "Imperial Poker", "chinese": "Chinese Poker"}


def hint_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot hint",
                                     description="Each option's expected value at one decision, as JSON.")
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--hand", required=True, help='the player\'s cards, e.g. "Qs 6d 4c"')
    parser.add_argument("--board", help="Ultimate Texas Hold'em: the flop's three cards or all five (none: "
                                        "pre-flop)")
    parser.add_argument("--qualifier", choices=("pair_of_fours", "pair"), default="pair_of_fours",
                        help="Ultimate Texas Hold'em: what the dealer needs to qualify")
    parser.add_argument("--max-raise", type=int, choices=(1, 2, 3),
                        help="High Card Flush: the largest Raise the player may make (default: "
                             "what the hand's flush allows)")
    parser.add_argument("--dealer-up", help="2 Plus 4: the dealer's four face-up cards; Imperial: its one")
    parser.add_argument("--bought", help="2 Plus 4 and Imperial: the sixth card a Buy brought (the decision "
                                         "after it)")
    parser.add_argument("--front", help="Chinese Poker: the draft's front (3 cards)")
    parser.add_argument("--middle", help="Chinese Poker: the draft's middle (5 cards)")
    parser.add_argument("--opponents", type=int, choices=(1, 2, 3), default=3,
                        help="Chinese Poker: the other players at the table (default 3)")
    args = parser.parse_args(argv)
    hand, board = _cards(parser, "--hand", args.hand), _cards(parser, "--board", args.board or "")
    named = [*hand, *board, *_cards(parser, "--dealer-up", args.dealer_up or ""),
             *_cards(parser, "--bought", args.bought or "")]
    if len(set(named)) != len(named):
        parser.error("a card is named twice")
    answer = HINTS[args.game](parser, args, hand, board)
    print(json.dumps(answer.to_json()))
    return 0


def _threecard_hint(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card],
                    board: list[Card]) -> Hint:
    if len(hand) != 3:
        parser.error("--hand: Three Card Poker's hand is three cards")
    return threecard.hint(hand)


def _uth_hint(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card],
              board: list[Card]) -> Hint:
    if len(hand) != 2 or len(board) not in (0, 3, 5):
        parser.error("uth: --hand takes two hole cards and --board nothing (pre-flop), the flop (3 "
                     "cards) or the river (5)")
    options = dataclasses.replace(uth.STANDARD, dealer_qualifier=args.qualifier)
    streets: dict[int, Callable[..., Hint]] = {0: uth.preflop_hint, 3: uth.flop_hint, 5: uth.river_hint}
    street = streets[len(board)]
    return street(hand, board, 1, options)


def _hcf_hint(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card],
              board: list[Card]) -> Hint:
    if len(hand) != 7:
        parser.error("--hand: High Card Flush's hand is seven cards")
    allowed = raise_cap(hand_keys(hand)[0] >> 13)
    if args.max_raise is not None and args.max_raise > allowed:
        parser.error(f"--max-raise: this hand's flush allows a Raise of {allowed}x at most")
    return hcf.hint(hand, raises=range(1, (args.max_raise or allowed) + 1))


def _box_cards(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card], game: str,
               face_up: int) -> tuple[list[Card], list[Card]]:
    """A boxed game's dealer face-up cards and the card a Buy brought (none or one), checked."""
    up = _cards(parser, "--dealer-up", args.dealer_up or "")
    bought = _cards(parser, "--bought", args.bought or "")
    if len(hand) != 5 or len(up) != face_up or len(bought) > 1:
        parser.error(f"{game}: --hand takes the box's five cards, --dealer-up the dealer's {face_up} "
                     "face-up card(s) and --bought at most one card")
    return up, bought


def _twoplusfour_hint(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card],
                      board: list[Card]) -> Hint:
    up, bought = _box_cards(parser, args, hand, "twoplusfour", 4)
    return twoplusfour.hint([*hand, *bought], up)


def _imperial_hint(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card],
                   board: list[Card]) -> Hint:
    up, bought = _box_cards(parser, args, hand, "imperial", 1)
    paid = 1 if bought else 0  # a Buy's Ante: the decision after it is Bet or Fold
    taken = [int(card) for card in bought]
    return imperial.hint([int(card) for card in [*hand, *bought]], int(up[0]), paid=paid, taken=taken)


def _chinese_hint(parser: argparse.ArgumentParser, args: argparse.Namespace, hand: list[Card],
                  board: list[Card]) -> Hint:
    front, middle = _cards(parser, "--front", args.front or ""), _cards(parser, "--middle", args.middle or "")
    if len(hand) != 13 or (front or middle) and (len(front) != 3 or len(middle) != 5):
        parser.error("chinese: --hand takes the thirteen cards, --front and --middle a draft's 3 and 5")
    if not {*front, *middle} <= set(hand):
        parser.error("chinese: the draft's cards come from --hand")
    return chinese.hint(hand, (front, middle) if front else None, args.opponents, seed=1)


HINTS: dict[str, Callable[[argparse.ArgumentParser, argparse.Namespace, list[Card], list[Card]], Hint]] = {
    "threecard": _threecard_hint, "uth": _uth_hint, "hcf": _hcf_hint, "twoplusfour": _twoplusfour_hint,
    "imperial": _imperial_hint, "chinese": _chinese_hint}


def _cards(parser: argparse.ArgumentParser, option: str, text: str) -> list[Card]:
    try:
        return parse_cards(text) if text else []
    except CardError as error:
        parser.error(f"{option}: {error}")


def strategy_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot strategy",
                                     description="The return to player of the coach's best play.")
    parser.add_argument("game", choices=[game for game in GAMES if game in STRATEGIES])
    parser.add_argument("--samples", type=int,
                        help="hands drawn where the figure is sampled (default: "
                             + ", ".join(f"{game} {count:,}" for game, count in SAMPLES.items()) + ")")
    parser.add_argument("--seed", type=int, default=1, help="the draw's seed (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    parser.add_argument("--qualifier", choices=("pair_of_fours", "pair"), default="pair_of_fours",
                        help="Ultimate Texas Hold'em: what the dealer needs to qualify")
    args = parser.parse_args(argv)
    samples = args.samples or SAMPLES.get(args.game, 2)
    if samples < 2:
        parser.error("--samples: at least 2")
    started = time.perf_counter()
    figures = (uth.strategy_return(samples, Random(args.seed), args.qualifier) if args.game == "uth"
               else STRATEGIES[args.game](samples, Random(args.seed)))
    print(json.dumps(figures.to_json()) if args.json else strategy_text(figures))
    print(f"computed in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


def _threecard_strategy(samples: int, rng: Random) -> StrategyReturn:
    return threecard.strategy_return()


STRATEGIES: dict[str, Callable[[int, Random], StrategyReturn]] = {
    "threecard": _threecard_strategy, "uth": uth.strategy_return, "hcf": hcf.strategy_return,
    "twoplusfour": twoplusfour.strategy_return, "imperial": imperial_strategy.strategy_return}


def strategy_text(figures: StrategyReturn) -> str:
    """The two strategies' returns per chip of Ante, each with its house edge and, where
    sampled, its 95% interval."""
    coach, simple = figures.coach, figures.simple
    return (f"{NAMES[figures.game]}, {figures.bets.replace('+', ' and ')}, per chip of Ante "
            f"({figures.how}):\n"
            f"  the coach's best play: {_figure(coach)}\n"
            f"  the simple strategy:   {_figure(simple)}\n"
            + (f"  the coach's gain, hand by hand on the same hands: {float(figures.gain.mean):+.4%} "
               f"(± {1.96 * figures.gain.stderr:.4%} at 95%)\n" if figures.gain else "")
            + _anchored_line(figures)
            + f"  simple strategy: {figures.simple_strategy}")


def _anchored_line(figures: StrategyReturn) -> str:
    """The coach's return placed by the simple strategy's long run and the gain, where known."""
    if figures.anchored is None or figures.simple_measured is None:
        return ""
    return (f"  the coach's best play as the simple strategy's long run "
            f"({_figure(figures.simple_measured, 'rounds')}) plus the gain: "
            f"{_figure(figures.anchored, 'deals')}\n")


def _figure(estimate: Estimate, drawn: str = "samples") -> str:
    returned = 1 + float(estimate.mean)
    text = f"return {returned:.4%}, house edge {1 - returned:.4%}"
    if estimate.samples:
        text += f" (± {1.96 * estimate.stderr:.2%} at 95%, {estimate.samples:,} {drawn})"
    return text
