"""Hands as images: a strip of cards, and rows of labelled hands (a player per row)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.draw import card_step, draw_text, paste_cards, paste_highlights, strip_width
from render.faces import CARD_HEIGHT, CARD_WIDTH, CardLike
from render.palette import FELT, MUTED_TEXT, SEAT_PANEL, TEXT
from render.png import blank_indexed, to_indexed
from render.sprites import RING_OFFSET, card_clear, ring_clear
from render.text import fit_text, wrap_text

STRIP_MARGIN = RING_OFFSET + 2
"""Room around the cards for the highlight ring."""
CARD_GAP = 12
"""Wide enough for two highlight rings side by side."""


def hand_strip(
    cards: Sequence[CardLike | None],
    *,
    four_colour: bool = False,
    hidden: Collection[int] = frozenset(),
    highlight: Collection[int] = frozenset(),
) -> Image.Image:
    """Cards side by side on a transparent background, as a palette image.

    ``None`` cards and positions in ``hidden`` are face down; positions in ``highlight`` get a
    gold ring (e.g. the five cards that make the hand). ``.convert("RGBA")`` to draw on it.
    """
    count = len(cards)
    step = CARD_WIDTH + CARD_GAP
    strip = blank_indexed((strip_width(count, step) + 2 * STRIP_MARGIN,
                           CARD_HEIGHT + 2 * STRIP_MARGIN))
    ring, ring_mask = ring_clear()
    for position in highlight:
        if 0 <= position < count:
            left = STRIP_MARGIN + position * step - RING_OFFSET
            strip.paste(ring, (left, STRIP_MARGIN - RING_OFFSET), ring_mask)
    for position, card in enumerate(cards):
        face_down = card is None or position in hidden
        sprite, _ = card_clear(None if face_down else card, four_colour)
        # No mask: the card's own transparent corners are copied too, so the ring shows only
        # outside the card, and a face-down card is exactly the back, pixel for pixel.
        strip.paste(sprite, (STRIP_MARGIN + position * step, STRIP_MARGIN))
    return strip


@dataclass(frozen=True)
class LabelledHand:
    """One row: who (``label``), what they bet or hold (``detail``), and their cards."""

    label: str
    cards: Sequence[CardLike | None]
    detail: str = ""
    hidden: Collection[int] = field(default_factory=frozenset)
    highlight: Collection[int] = field(default_factory=frozenset)


ROW_PADDING = 12
LABEL_WIDTH = 200
NAME_SIZE, DETAIL_SIZE = 26, 20
SMALLEST_DETAIL_SIZE = 14
"""A detail (a hand's name) that does not fit in the row at the usual size is drawn smaller,
never cut."""
LINE_GAP = 4
MAX_CARDS_WIDTH = 7 * CARD_WIDTH + 6 * CARD_GAP
"""Rows wider than seven cards overlap their cards instead of growing the image."""


def row_of_hands(rows: Sequence[LabelledHand], *, four_colour: bool = False) -> Image.Image:
    """Rows of labelled hands on felt, as a palette image: e.g. every hand at showdown."""
    steps = [card_step(len(row.cards), MAX_CARDS_WIDTH, CARD_GAP) for row in rows]
    cards_width = max((strip_width(len(row.cards), step)
                       for row, step in zip(rows, steps, strict=True)), default=0)
    row_height = CARD_HEIGHT + 2 * ROW_PADDING
    width = ROW_PADDING * 3 + LABEL_WIDTH + cards_width
    image = _rows_background(width, row_height, len(rows)).copy()
    cards_left = ROW_PADDING * 2 + LABEL_WIDTH
    for index, (row, step) in enumerate(zip(rows, steps, strict=True)):
        top = index * row_height
        _draw_label(image, row, top + row_height // 2, row_height - 2 * ROW_PADDING)
        paste_highlights(image, row.highlight, len(row.cards), cards_left, top + ROW_PADDING,
                         step, FELT)
        shown = [None if position in row.hidden else card
                 for position, card in enumerate(row.cards)]
        paste_cards(image, shown, four_colour, cards_left, top + ROW_PADDING, step, FELT)
    return image


@lru_cache(maxsize=8)
def _rows_background(width: int, row_height: int, rows: int) -> Image.Image:
    image = Image.new("RGB", (width, max(row_height * rows, 1)), FELT)
    draw = ImageDraw.Draw(image)
    for index in range(1, rows):
        top = index * row_height
        draw.line((ROW_PADDING, top, width - ROW_PADDING, top), fill=SEAT_PANEL, width=2)
    return to_indexed(image)


def _draw_label(image: Image.Image, row: LabelledHand, middle: int, height: int) -> None:
    """The label on one line, and under it the detail wrapped into as many lines as it needs,
    the whole block centred on ``middle``."""
    name = fit_text(row.label, NAME_SIZE, LABEL_WIDTH)
    if not row.detail:
        draw_text(image, (ROW_PADDING, middle), name, NAME_SIZE, TEXT, FELT, anchor="lm")
        return
    size, lines = detail_lines(row.detail, height - NAME_SIZE - LINE_GAP)
    block = NAME_SIZE + LINE_GAP + len(lines) * (size + LINE_GAP)
    top = middle - block // 2
    draw_text(image, (ROW_PADDING, top), name, NAME_SIZE, TEXT, FELT, anchor="lt")
    for number, line in enumerate(lines):
        line_top = top + NAME_SIZE + LINE_GAP + number * (size + LINE_GAP)
        draw_text(image, (ROW_PADDING, line_top), line, size, MUTED_TEXT, FELT, anchor="lt")


def detail_lines(detail: str, height: int) -> tuple[int, list[str]]:
    """The largest size from DETAIL_SIZE down whose wrapped lines fit ``height`` pixels, with
    the lines (at the smallest size they are drawn even if taller)."""
    for size in range(DETAIL_SIZE, SMALLEST_DETAIL_SIZE - 1, -1):
        lines = wrap_text(detail, size, LABEL_WIDTH)
        if len(lines) * (size + LINE_GAP) <= height:
            return size, lines
    return SMALLEST_DETAIL_SIZE, wrap_text(detail, SMALLEST_DETAIL_SIZE, LABEL_WIDTH)
