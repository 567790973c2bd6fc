"""A rule lives in its engine: no cog or adapter writes out a run of numbers an engine defines
(UTH's raise multiples, High Card Flush's 1x-3x, a box count...). The engines' constants are
every tuple of two or more whole numbers bound to an upper-case name in bot/games (also inside
a mapping: RAISE_MULTIPLES by street); the presenters' literals are every tuple, list or
``Literal[...]`` of two or more whole numbers in bot/tables and cogs."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import bot.games

ROOT = Path(__file__).resolve().parents[1]
PRESENTERS = sorted([*(ROOT / "bot" / "tables").glob("*.py"), *(ROOT / "cogs").glob("*.py")])


def engine_number_runs() -> dict[tuple[int, ...], str]:
    runs: dict[tuple[int, ...], str] = {}
    for module_info in pkgutil.walk_packages(bot.games.__path__, "bot.games."):
        if module_info.name.endswith((".sim", ".calibrate", ".exact")):
            continue
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if name.isupper():
                for run in _runs(value):
                    runs.setdefault(run, f"{module_info.name}.{name}")
    return runs


def _runs(value: object) -> list[tuple[int, ...]]:
    if isinstance(value, tuple) and 2 <= len(value) <= 16 and all(type(item) is int for item in value):
        return [value]
    if isinstance(value, dict):
        return [run for item in value.values() for run in _runs(item)]
    return []


def literal_runs(path: Path) -> list[tuple[int, tuple[int, ...]]]:
    """(line, numbers) of every literal run of whole numbers in the file."""
    found: set[tuple[int, tuple[int, ...]]] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        items = node.elts if isinstance(node, ast.Tuple | ast.List) else None
        if isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "Literal":
            items = node.slice.elts if isinstance(node.slice, ast.Tuple) else None
        if items and len(items) >= 2 and all(
                isinstance(item, ast.Constant) and type(item.value) is int for item in items):
            found.add((node.lineno, tuple(item.value for item in items)))  # type: ignore[attr-defined]
    return sorted(found)


def test_no_presenter_writes_out_numbers_an_engine_defines() -> None:
    engines = engine_number_runs()
    assert engines[(1, 2, 3)] == "bot.games.hcf.hands.RAISE_MULTIPLES", "the check sees the engines"
    restated = [f"{path.relative_to(ROOT)}:{line}: {numbers} is {engines[numbers]}"
                for path in PRESENTERS for line, numbers in literal_runs(path)
                if numbers in engines or tuple(sorted(numbers)) in {tuple(sorted(run)) for run in engines}]
    assert restated == [], "take these from the engine: " + "; ".join(restated)


def test_the_check_finds_a_restated_run(tmp_path: Path) -> None:
    cog = tmp_path / "cog.py"
    cog.write_text("from typing import Literal\nMultiple = Literal[1, 2, 3]\nRAISES = (4, 3)\n")
    assert literal_runs(cog) == [(2, (1, 2, 3)), (3, (4, 3))]
