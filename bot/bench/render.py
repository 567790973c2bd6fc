"""``python -m bot bench render``: how long card images take to draw, compose and encode.

Goals (issue 3): a 7-card strip in <= 5 ms and a 6-seat table in <= 20 ms median, compose
plus PNG encode, with the table's PNG <= 150 KB. Then every picture kind a player is sent
(issue 34: each within 20 ms and 150 KB), with its width and the scale a phone shows it at
(Discord's clients show a message's picture about 360 px wide there). Figures are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from functools import partial

import PIL
from PIL import Image

from bot.poker.cards import Card
from render import faces, hand_strip, row_of_hands, showdown, table_scene, to_png, warm_cache
from render.samples import (
    SAMPLE_STRIP,
    sample_board,
    sample_private_cards,
    sample_profile,
    sample_recap,
    sample_showdown,
    sample_table,
)
from render.standings import board_png, profile_png, recap_png
from render.text import PHONE_WIDTH, drawn_texts

STRIP_GOAL_MS, TABLE_GOAL_MS, TABLE_GOAL_KB = 5.0, 20.0, 150.0
PICTURE_KINDS: dict[str, Callable[[], bytes]] = {
    "table (6 seats)": lambda: to_png(table_scene(sample_table())),
    "result (Chinese showdown)": lambda: to_png(showdown(sample_showdown())),
    "private cards (7 cards)": lambda: to_png(row_of_hands(sample_private_cards())),
    "leaderboard": lambda: board_png(sample_board()),
    "profile": lambda: profile_png(sample_profile()),
    "recap": lambda: recap_png(sample_recap()),
}
"""Every picture kind a player is sent, drawn from its sample: compose + PNG."""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench render")
    parser.add_argument("--repeat", type=int, default=200, help="timed runs per figure")
    args = parser.parse_args(argv)
    print(f"render benchmark: Pillow {PIL.__version__}, {args.repeat} runs per figure")
    _cold_figures(args.repeat)
    warm_cache()
    strip_png = to_png(hand_strip(SAMPLE_STRIP))
    table_png = to_png(table_scene(sample_table()))
    strip = _times(lambda: to_png(hand_strip(SAMPLE_STRIP)), args.repeat)
    table = _times(lambda: to_png(table_scene(sample_table())), args.repeat)
    _row("7-card strip, compose + PNG", strip,
         f"PNG {len(strip_png) / 1024:.1f} KB  goal <= {STRIP_GOAL_MS:g} ms: "
         + _verdict(statistics.median(strip) <= STRIP_GOAL_MS))
    _row("6-seat table, compose + PNG", table,
         f"PNG {len(table_png) / 1024:.1f} KB  goal <= {TABLE_GOAL_MS:g} ms, "
         f"<= {TABLE_GOAL_KB:g} KB: " + _verdict(statistics.median(table) <= TABLE_GOAL_MS
                                                  and len(table_png) <= TABLE_GOAL_KB * 1024))
    scene = table_scene(sample_table())
    _row("  of which compose", _times(lambda: table_scene(sample_table()), args.repeat))
    _row("  of which PNG encode", _times(lambda: to_png(scene), args.repeat))
    for level in (1, 3, 6, 9):
        size_kb = len(to_png(scene, level)) / 1024
        _row(f"  table PNG at zlib level {level}",
             _times(partial(to_png, scene, level), max(args.repeat // 4, 5)),
             f"PNG {size_kb:.1f} KB")
    print("every picture kind, compose + PNG (goal <= 20 ms, <= 150 KB each):")
    for kind, draw in PICTURE_KINDS.items():
        with drawn_texts() as drawn:
            png = draw()
        with Image.open(io.BytesIO(png)) as image:
            width, height = image.size
        times = _times(draw, max(args.repeat // 4, 5))
        met = statistics.median(times) <= TABLE_GOAL_MS and len(png) <= TABLE_GOAL_KB * 1024
        smallest = min(size for _, size in drawn.sizes) * PHONE_WIDTH / width
        _row(f"  {kind}", times, f"PNG {len(png) / 1024:.1f} KB  {width}x{height}, on a phone x"
             f"{PHONE_WIDTH / width:.2f}, smallest text {smallest:.1f} px: " + _verdict(met))
    return 0


def _cold_figures(repeat: int) -> None:
    faces.clear_cache()
    started = time.perf_counter()
    faces.card_face("As")
    print(f"{'first face ever (font load + draw)':<34} {_ms(time.perf_counter() - started)}")
    cards = [Card(index % 52) for index in range(max(repeat // 4, 13))]
    _row("one face, cold draw", _times_each(lambda card: faces.draw_face(card, False), cards))
    faces.clear_cache()
    started = time.perf_counter()
    for index in range(52):
        faces.card_face(index)
    print(f"{'warm-up: 52 faces':<34} {_ms(time.perf_counter() - started)}")
    faces.clear_cache()
    started = time.perf_counter()
    warm_cache()
    print(f"{'warm_cache(): 104 faces, back, palette':<34} {_ms(time.perf_counter() - started)}")


def _times(action: Callable[[], object], repeat: int) -> list[float]:
    action()  # the first run may fill caches; it is not what players wait for
    result = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        result.append((time.perf_counter() - started) * 1000)
    return result


def _times_each(action: Callable[[Card], object], cards: list[Card]) -> list[float]:
    result = []
    for card in cards:
        started = time.perf_counter()
        action(card)
        result.append((time.perf_counter() - started) * 1000)
    return result


def _row(label: str, times_ms: list[float], note: str = "") -> None:
    median = statistics.median(times_ms)
    p95 = statistics.quantiles(times_ms, n=20)[18] if len(times_ms) >= 2 else median
    print(f"{label:<34} median {median:7.2f} ms  p95 {p95:7.2f} ms  {note}".rstrip())


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"
