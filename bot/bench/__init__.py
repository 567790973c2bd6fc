"""Benchmarks that print figures: ``python -m bot bench NAME`` (``all`` runs every one).

Performance goals live here, not in timed tests, so a slow CI machine never flakes the suite.
Each entry is ``module:function``; the function takes the remaining argv and returns an exit code.
"""

from __future__ import annotations

import importlib

BENCHMARKS: dict[str, str] = {
    "chinese": "bot.bench.chinese:main",
    "eval": "bot.bench.evaluator:main",
    "hints": "bot.bench.hints:main",
    "latency": "bot.bench.latency:main",
    "leaderboard": "bot.bench.leaderboard:main",
    "ledger": "bot.bench.ledger:main",
    "load": "bot.bench.load:main",
    "render": "bot.bench.render:main",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help"}:
        print("usage: python -m bot bench {" + ",".join([*BENCHMARKS, "all"]) + "} [options]")
        return 0 if argv else 2
    names = list(BENCHMARKS) if argv[0] == "all" else [argv[0]]
    for name in names:
        target = BENCHMARKS.get(name)
        if target is None:
            print(f"unknown benchmark {name!r}; choose from {', '.join(BENCHMARKS)} or all")
            return 2
        module_name, function_name = target.split(":")
        status = getattr(importlib.import_module(module_name), function_name)(argv[1:])
        if status:
            return int(status)
    return 0
