"""``python -m bot bench hints``: milliseconds per hint, for each game and decision the coach
values, over random decisions (seeded; a fifth as many Chinese Poker hands and Imperial Poker
openings, each a second or more of counting and sampling). The first hint of a process fills
the coach's tables (about a second); it is timed apart as the cold start. Goal (issue 36):
every hint within 1 s at p99 on this machine. Hints run in a worker process in the bot; here
they run in this one."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from bot.coach import chinese, hcf, imperial, threecard, twoplusfour, uth
from bot.coach.values import Hint
from bot.poker import FULL_DECK

GOAL_MS = 1000.0


def decisions(rng: random.Random, count: int) -> dict[str, list[partial[Hint]]]:
    """``count`` random decisions of each kind, each a hint to compute."""
    kinds: dict[str, list[partial[Hint]]] = {
        "threecard play/fold": [], "uth pre-flop": [], "uth flop": [], "uth river": [], "hcf raise/fold": [],
        "twoplusfour opening": [], "twoplusfour after buy": []}
    for index in range(count):
        if index % 5 == 0:  # a Chinese Poker hint draws its opponents' hands: about a second each
            hand = tuple(rng.sample(FULL_DECK, 13))
            kinds.setdefault("chinese set (3 others)", []).append(
                partial(chinese.hint, hand, None, 3, rng.randrange(2**32)))
            deal = tuple(rng.sample(FULL_DECK, 7))
            kinds.setdefault("imperial opening", []).append(partial(imperial.hint, deal[:5], deal[5]))
            kinds.setdefault("imperial after buy", []).append(
                partial(imperial.hint, (*deal[:5], deal[6]), deal[5], paid=1))
            drawing = _four_suited(rng)  # where drawing again pays: the Draws' further ones counted
            kinds.setdefault("imperial 4-flush", []).append(partial(imperial.hint, drawing[:5], drawing[5]))
            kinds.setdefault("imperial drawn again", []).append(
                partial(imperial.hint, (*drawing[:4], drawing[6]), drawing[5], seen=(drawing[4],), paid=1,
                        draws=(1,), draw_most=1, may_buy=False, taken=(drawing[6],)))
        deal = tuple(rng.sample(FULL_DECK, 10))  # hashable: the bot coalesces equal hints by their args
        kinds["threecard play/fold"].append(partial(threecard.hint, deal[:3]))
        kinds["uth pre-flop"].append(partial(uth.preflop_hint, deal[:2]))
        kinds["uth flop"].append(partial(uth.flop_hint, deal[:2], deal[2:5]))
        kinds["uth river"].append(partial(uth.river_hint, deal[:2], deal[2:7]))
        kinds["hcf raise/fold"].append(partial(hcf.hint, deal[:7]))
        kinds["twoplusfour opening"].append(partial(twoplusfour.hint, deal[:5], deal[5:9]))
        kinds["twoplusfour after buy"].append(partial(twoplusfour.hint, (*deal[:5], deal[9]), deal[5:9]))
    return kinds


def _four_suited(rng: random.Random) -> tuple[int, ...]:
    """Seven cards: four of one suit and an odd card (the box's), the dealer's face-up card and
    the card a one-card Draw of the odd card brought."""
    suit = rng.randrange(4)
    suited = rng.sample([card for card in FULL_DECK if card % 4 == suit], 4)
    return (*suited, *rng.sample([card for card in FULL_DECK if card not in suited], 3))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench hints", description=__doc__)
    parser.add_argument("--decisions", type=int, default=200, help="random decisions of each kind")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--only", help="time only the decisions whose kind holds this text (\"imperial\")")
    args = parser.parse_args(argv)
    print(f"hints benchmark: {args.decisions} random decisions of each kind (seed {args.seed})")
    print(f"{'decision':<22} {'cold ms':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    worst = 0.0
    for kind, hints in decisions(random.Random(args.seed), args.decisions).items():
        if args.only and args.only not in kind:
            continue
        timings = []
        for hint in hints:
            started = time.perf_counter()
            hint()
            timings.append((time.perf_counter() - started) * 1000)
        cold, warm = timings[0], sorted(timings[1:] or timings)  # one decision: its time is all there is
        p99 = warm[min(len(warm) - 1, round(0.99 * (len(warm) - 1)))]
        worst = max(worst, p99)
        print(f"{kind:<22} {cold:>8.1f} {statistics.median(warm):>8.1f} {p99:>8.1f} {warm[-1]:>8.1f}")
    verdict = "met" if worst <= GOAL_MS else "MISSED"
    print(f"goal: every hint within {GOAL_MS:g} ms at p99: {verdict} (worst p99 {worst:.1f} ms)")
    return 0
