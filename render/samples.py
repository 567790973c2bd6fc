"""A sample table and strip, shared by the benchmark, the tests and the README images.

``python -m render.samples docs`` rewrites ``docs/sample-table.png`` and ``docs/sample-hand.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from render.hands import hand_strip
from render.png import to_png
from render.table import SeatView, TableSnapshot, table_scene

SAMPLE_STRIP = ("As", "Kd", "Th", "7c", "2s", "9h", "Qh")


def sample_table(*, four_colour: bool = False) -> TableSnapshot:
    """Six seats of Ultimate Texas Hold'em at showdown; the folded hands stay face down."""
    dot = " \u00b7 "
    return TableSnapshot(
        title=f"Ultimate Texas Hold'em{dot}#casino{dot}Showdown",
        dealer=("Jh", "9s"),
        dealer_status=f"Pair of sevens{dot}qualifies",
        community=("Ah", "Kd", "7s", "7c", "2d"),
        seats=(
            SeatView("Alice", ("As", "Ks"), f"Ante 10{dot}Blind 10{dot}Play 40",
                     f"Two pair{dot}wins 50", highlight=frozenset({0, 1})),
            SeatView("Bob", (None, None), f"Ante 25{dot}Blind 25", f"Folded{dot}lost 50"),
            SeatView("Charlotte", ("Qh", "Qd"), f"Ante 5{dot}Blind 5{dot}Play 10",
                     f"Two pair{dot}wins 15", highlight=frozenset({0, 1})),
            SeatView("Dmitri", (None, None), f"Ante 50{dot}Blind 50", f"Folded{dot}lost 100"),
            SeatView("Eve", ("Tc", "9c"), f"Ante 10{dot}Blind 10{dot}Play 10",
                     f"Pair of sevens{dot}loses 30"),
            SeatView("Farouk", ("8h", "8s"), f"Ante 100{dot}Blind 100{dot}Play 300",
                     f"Two pair{dot}wins 400", highlight=frozenset({0, 1})),
        ),
        footer=f"Round #1042{dot}shuffle commitment "
               "9f2c1e77a0b4d3c5e6f7a8b9c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f6a7b8c9d",
        four_colour=four_colour,
    )


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sample-table.png").write_bytes(to_png(table_scene(sample_table())))
    strip = hand_strip(SAMPLE_STRIP, four_colour=True, hidden={6}, highlight={0, 1, 2})
    (folder / "sample-hand.png").write_bytes(to_png(strip))
    print(f"wrote {folder / 'sample-table.png'} and {folder / 'sample-hand.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
