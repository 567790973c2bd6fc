"""The code's shape: the layers of DESIGN.md import downwards only, and no module imports one
that imports it back (a cycle makes the import order matter and hides who depends on whom).
Every import counts, also one inside a function or under TYPE_CHECKING."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "render")
DRIVES_THE_BOT = "bot.bench."
"""The benchmarks run the whole bot, cogs included, as the tests do."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The project's modules ``path`` imports (``from a.b import c`` counts ``a.b.c`` when that
    is a module, else ``a.b``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in known:
                    found.add(full)
                elif node.module in known:
                    found.add(node.module)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    known = {module_name(path) for path in paths}
    return {module_name(path): imported_modules(path, known) - {module_name(path)} for path in paths}


def cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path start -> ... -> start, if any (a package importing its own modules is skipped:
    ``bot.games.uth`` re-exporting ``bot.games.uth.rules`` is not a cycle of the design)."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        node, path = stack.pop()
        for target in graph.get(node, ()):
            if node.startswith(target + ".") or target.startswith(node + "."):
                continue
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_the_cogs_import_no_cycle() -> None:
    graph = import_graph()
    cycles = [cycle for module in sorted(graph) if module.startswith("cogs.")
              if (cycle := cycle_through(graph, module)) is not None]
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)


def test_the_layers_import_downwards_only() -> None:
    """render/, the engines and the coach know nothing above them; bot/ never imports a cog."""
    graph = import_graph()
    upward = []
    for module, targets in graph.items():
        for target in targets:
            if module.startswith(("render", "bot.games", "bot.poker", "bot.coach")) and target.startswith(
                    ("cogs", "bot.tables", "bot.store", "bot.client")):
                upward.append(f"{module} -> {target}")
            below_cogs = module.startswith("bot.") and not module.startswith(DRIVES_THE_BOT)
            if below_cogs and target.startswith("cogs"):
                upward.append(f"{module} -> {target}")
    assert not upward, upward
