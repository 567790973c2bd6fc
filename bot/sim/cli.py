"""``python -m bot simulate GAME --rounds N --seed S [--json]``: run the frame, print a report."""

from __future__ import annotations

import argparse
import json
import sys
import time

from bot.sim.frame import SimReport, simulate
from bot.sim.registry import UnknownGameError, game_names, load_game


def main(argv: list[str]) -> int:
    parser = _parser()
    if not argv:
        parser.print_usage(sys.stderr)
        print(f"games: {', '.join(game_names())}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    try:
        game = load_game(args.game)
    except UnknownGameError as error:
        print(error, file=sys.stderr)
        return 2
    started = time.perf_counter()
    report = simulate(game, args.rounds, args.seed)
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        print(format_report(report))
    # Timing goes to stderr so that stdout is the same for the same seed, run after run.
    rate = args.rounds / elapsed if elapsed > 0 else float("inf")
    print(f"{args.rounds:,} rounds in {elapsed:.2f} s ({rate:,.0f} rounds/s)", file=sys.stderr)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot simulate",
        description="Play many rounds of a game with a fixed strategy and report RTP per bet.",
    )
    parser.add_argument("game", help=f"one of: {', '.join(game_names())}")
    parser.add_argument("--rounds", type=_positive_int, default=100_000, help="default 100000")
    parser.add_argument("--seed", type=int, default=1, help="default 1; same seed, same report")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def format_report(report: SimReport) -> str:
    """The human-readable report: one line per bet, then event rates."""
    lines = [
        f"{report.game}: {report.rounds:,} rounds, seed {report.seed}",
        f"strategy: {report.strategy}",
        "",
        f"{'bet':<20} {'wagered':>14} {'returned':>14} {'RTP':>9}  95% CI",
    ]
    for name, bet in report.bets.items():
        rtp = f"{bet.rtp:.5f}" if bet.rtp is not None else "-"
        ci = f"[{bet.ci95[0]:.5f}, {bet.ci95[1]:.5f}]" if bet.ci95 is not None else "-"
        lines.append(
            f"{name:<20} {_amount(bet.wagered):>14} {_amount(bet.returned):>14} {rtp:>9}  {ci}"
        )
    lines += ["", f"{'event':<20} {'per round':>14}"]
    lines += [f"{name:<20} {rate:>14.6f}" for name, rate in report.events.items()]
    return "\n".join(lines)


def _amount(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"
