"""Hands as images: a strip of cards, and rows of labelled hands (a player per row)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.draw import card_step, draw_text, note_cards, paste_cards, paste_highlights, strip_width
from render.faces import CARD_HEIGHT, CARD_WIDTH, READABLE_STEP, CardLike
from render.palette import FELT, MUTED_TEXT, SEAT_PANEL, TEXT
from render.png import blank_indexed, to_indexed
from render.sprites import RING_OFFSET, card_clear, ring_clear
from render.text import smallest_type, text_lines

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
    note_cards([None if position in hidden else card for position, card in enumerate(cards)], step)
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
MAX_CARDS_WIDTH = 5 * CARD_WIDTH + 4 * CARD_GAP
"""Five cards side by side; more overlap (seven, thirteen) with every rank still shown, so the
picture stays narrow enough for a phone to show its text at full size."""
MAX_WIDTH = ROW_PADDING * 3 + LABEL_WIDTH + MAX_CARDS_WIDTH
NAME_SIZE, DETAIL_SIZE = 26, 22
SMALLEST_DETAIL_SIZE = smallest_type(MAX_WIDTH)
"""A detail (a hand's name) that does not fit beside the cards at the usual size is drawn
smaller down to this (a phone's least legible size), then on more lines: never cut."""
LINE_GAP = 4
assert strip_width(13, READABLE_STEP) <= MAX_CARDS_WIDTH, "thirteen cards show every rank"


def row_of_hands(rows: Sequence[LabelledHand], *, four_colour: bool = False) -> Image.Image:
    """Rows of labelled hands on felt, as a palette image: e.g. every hand at showdown."""
    steps = [card_step(len(row.cards), MAX_CARDS_WIDTH, CARD_GAP) for row in rows]
    cards_width = max((strip_width(len(row.cards), step)
                       for row, step in zip(rows, steps, strict=True)), default=0)
    labels = [_label_lines(row) for row in rows]
    heights = [max(CARD_HEIGHT, _label_height(*label)) + 2 * ROW_PADDING for label in labels]
    width = ROW_PADDING * 3 + LABEL_WIDTH + cards_width
    image = _rows_background(width, tuple(heights)).copy()
    cards_left = ROW_PADDING * 2 + LABEL_WIDTH
    top = 0
    for row, step, label, height in zip(rows, steps, labels, heights, strict=True):
        _draw_label(image, *label, top + height // 2)
        cards_top = top + (height - CARD_HEIGHT) // 2
        paste_highlights(image, row.highlight, len(row.cards), cards_left, cards_top, step, FELT)
        shown = [None if position in row.hidden else card
                 for position, card in enumerate(row.cards)]
        paste_cards(image, shown, four_colour, cards_left, cards_top, step, FELT)
        top += height
    return image


@lru_cache(maxsize=8)
def _rows_background(width: int, heights: tuple[int, ...]) -> Image.Image:
    image = Image.new("RGB", (width, max(sum(heights), 1)), FELT)
    draw = ImageDraw.Draw(image)
    top = 0
    for height in heights[:-1]:
        top += height
        draw.line((ROW_PADDING, top, width - ROW_PADDING, top), fill=SEAT_PANEL, width=2)
    return to_indexed(image)


def _label_lines(row: LabelledHand) -> tuple[list[str], int, list[str]]:
    """The label's lines, the detail's size and its lines, to fit beside the cards."""
    name = text_lines(row.label, NAME_SIZE, LABEL_WIDTH)
    size, lines = detail_lines(row.detail, CARD_HEIGHT - len(name) * (NAME_SIZE + LINE_GAP))
    return name, size, lines


def _label_height(name: Sequence[str], size: int, lines: Sequence[str]) -> int:
    return len(name) * (NAME_SIZE + LINE_GAP) + len(lines) * (size + LINE_GAP)


def _draw_label(image: Image.Image, name: Sequence[str], size: int, lines: Sequence[str],
                middle: int) -> None:
    """The label, and under it the detail, the whole block centred on ``middle``."""
    top = middle - _label_height(name, size, lines) // 2
    for line in name:
        draw_text(image, (ROW_PADDING, top), line, NAME_SIZE, TEXT, FELT, anchor="lt")
        top += NAME_SIZE + LINE_GAP
    for line in lines:
        draw_text(image, (ROW_PADDING, top), line, size, MUTED_TEXT, FELT, anchor="lt")
        top += size + LINE_GAP


def detail_lines(detail: str, height: int) -> tuple[int, list[str]]:
    """The largest size from DETAIL_SIZE down whose wrapped lines fit ``height`` pixels, with
    the lines (at the smallest size, as many lines as it takes: the row grows)."""
    for size in range(DETAIL_SIZE, SMALLEST_DETAIL_SIZE - 1, -1):
        lines = text_lines(detail, size, LABEL_WIDTH)
        if len(lines) * (size + LINE_GAP) <= height:
            return size, lines
    return SMALLEST_DETAIL_SIZE, text_lines(detail, SMALLEST_DETAIL_SIZE, LABEL_WIDTH)
