"""Pillow rendering: card faces, hands and table scenes, from plain data to PNG bytes.

Inputs are plain data only: cards as ``Card``, an index 0..51 or text like ``"As"``, ``None``
for a face-down card, and the small frozen dataclasses below. Nothing here imports discord,
the store or the cogs, and nothing here is async: call these from an executor
(``loop.run_in_executor``), never directly in a coroutine.

Faces are drawn once (vectors at 4x, reduced once) and cached; every image after that is
pasted together, and PNGs are written as 8-bit palette images against one shared palette.
Call :func:`warm_cache` at start-up (in an executor) so the first table does not pay ~0.5 s.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from render.faces import CARD_HEIGHT, CARD_SIZE, CARD_WIDTH, CardLike, card_back, card_face
from render.faces import warm_cache as _warm_faces
from render.hands import LabelledHand, hand_strip, row_of_hands
from render.png import PNG_SIGNATURE, shared_palette, to_png
from render.showdown import ShowdownHand, ShowdownSnapshot, showdown, showdown_pages
from render.table import SeatView, TableSnapshot, table_pages, table_scene

__all__ = [
    "CARD_HEIGHT",
    "CARD_SIZE",
    "CARD_WIDTH",
    "PNG_SIGNATURE",
    "CardLike",
    "LabelledHand",
    "SeatView",
    "ShowdownHand",
    "ShowdownSnapshot",
    "TableSnapshot",
    "card_back",
    "card_face",
    "hand_strip",
    "hand_strip_png",
    "row_of_hands",
    "row_of_hands_png",
    "showdown",
    "showdown_pages",
    "showdown_png",
    "table_pages",
    "table_scene",
    "table_scene_png",
    "to_png",
    "warm_cache",
]


def warm_cache() -> None:
    """Draw all faces in both colour schemes, the back, and the PNG palette."""
    _warm_faces()
    shared_palette()


def hand_strip_png(
    cards: Sequence[CardLike | None],
    *,
    four_colour: bool = False,
    hidden: Collection[int] = frozenset(),
    highlight: Collection[int] = frozenset(),
) -> bytes:
    """:func:`hand_strip` as PNG bytes (transparent background)."""
    return to_png(hand_strip(cards, four_colour=four_colour, hidden=hidden, highlight=highlight))


def row_of_hands_png(rows: Sequence[LabelledHand], *, four_colour: bool = False) -> bytes:
    """:func:`row_of_hands` as PNG bytes."""
    return to_png(row_of_hands(rows, four_colour=four_colour))


def table_scene_png(snapshot: TableSnapshot) -> bytes:
    """:func:`table_scene` as PNG bytes."""
    return to_png(table_scene(snapshot))


def showdown_png(snapshot: ShowdownSnapshot) -> bytes:
    """:func:`showdown` as PNG bytes: every hand in its parts and every result."""
    return to_png(showdown(snapshot))
