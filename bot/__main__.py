"""``python -m bot`` runs the bot; ``python -m bot bench NAME``, ``python -m bot simulate GAME``,
``python -m bot hint GAME ...``, ``python -m bot strategy GAME`` and ``python -m bot db copy SOURCE
TARGET`` run the benchmarks, the simulator, the coach and the database copy."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv and argv[0] == "bench":
        from bot.bench import main as bench_main

        return bench_main(argv[1:])
    if argv and argv[0] == "db":
        from bot.dbtool import main as db_main

        return db_main(argv[1:])
    if argv and argv[0] in ("hint", "strategy"):
        from bot.coach.cli import hint_main, strategy_main

        return (hint_main if argv[0] == "hint" else strategy_main)(argv[1:])
    if argv and argv[0] == "simulate":
        from bot.sim.cli import main as simulate_main

        return simulate_main(argv[1:])
    from bot.runner import main as run_main

    return run_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
