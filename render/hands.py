"""Hands as images: a strip of cards, and rows of labelled hands (a player per row)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.draw import card_images, card_step, paste_cards, strip_width
from render.faces import CARD_HEIGHT, CARD_WIDTH, SUPERSAMPLE, CardLike
from render.palette import FELT, HIGHLIGHT, MUTED_TEXT, SEAT_PANEL, TEXT, Colour
from render.text import draw_text, fit_text

STRIP_MARGIN = 6
"""Room around the cards for the highlight ring."""
CARD_GAP = 12
"""Wide enough for two highlight rings side by side."""
RING_OFFSET = 4


def hand_strip(
    cards: Sequence[CardLike | None],
    *,
    four_colour: bool = False,
    hidden: Collection[int] = frozenset(),
    highlight: Collection[int] = frozenset(),
) -> Image.Image:
    """Cards side by side on a transparent background (RGBA).

    ``None`` cards and positions in ``hidden`` are face down; positions in ``highlight`` get a
    gold ring (e.g. the five cards that make the hand).
    """
    count = len(cards)
    step = CARD_WIDTH + CARD_GAP
    width = strip_width(count, step) + 2 * STRIP_MARGIN
    strip = Image.new("RGBA", (width, CARD_HEIGHT + 2 * STRIP_MARGIN), (0, 0, 0, 0))
    for position in highlight:
        if 0 <= position < count:
            left = STRIP_MARGIN + position * step - RING_OFFSET
            strip.alpha_composite(highlight_ring(), (left, STRIP_MARGIN - RING_OFFSET))
    for position, image in enumerate(card_images(cards, four_colour, hidden)):
        # A plain paste copies the card's pixels exactly, transparent corners included.
        strip.paste(image, (STRIP_MARGIN + position * step, STRIP_MARGIN))
    return strip


@lru_cache(maxsize=1)
def highlight_ring() -> Image.Image:
    """A gold rounded frame that sits ``RING_OFFSET`` px outside a card (drawn 4x, reduced)."""
    s = SUPERSAMPLE
    width, height = CARD_WIDTH + 2 * RING_OFFSET, CARD_HEIGHT + 2 * RING_OFFSET
    ring = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(ring).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=11 * s, outline=HIGHLIGHT, width=3 * s
    )
    return ring.reduce(s)


@lru_cache(maxsize=4)
def ring_on(background: Colour) -> Image.Image:
    """The highlight ring flattened onto ``background``: pasted before the card, no mask."""
    ring = highlight_ring()
    flat = Image.new("RGB", ring.size, background)
    flat.paste(ring, (0, 0), ring)
    return flat


def paste_highlights(image: Image.Image, positions: Collection[int], count: int, left: int,
                     top: int, step: int, background: Colour) -> None:
    """Rings for the highlighted cards of a row about to be pasted at ``left, top``."""
    overlapping = step < CARD_WIDTH
    for position in positions:
        if not 0 <= position < count:
            continue
        xy = (left + position * step - RING_OFFSET, top - RING_OFFSET)
        if overlapping:
            # A flattened ring would paint over its neighbours' rings.
            image.paste(highlight_ring(), xy, highlight_ring())
        else:
            image.paste(ring_on(background), xy)


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
MAX_CARDS_WIDTH = 7 * CARD_WIDTH + 6 * CARD_GAP
"""Rows wider than seven cards overlap their cards instead of growing the image."""


def row_of_hands(rows: Sequence[LabelledHand], *, four_colour: bool = False) -> Image.Image:
    """Rows of labelled hands on felt (RGB), e.g. every player's hand at showdown."""
    steps = [card_step(len(row.cards), MAX_CARDS_WIDTH, CARD_GAP) for row in rows]
    cards_width = max((strip_width(len(row.cards), step) for row, step in zip(rows, steps,
                                                                            strict=True)),
                      default=0)
    row_height = CARD_HEIGHT + 2 * ROW_PADDING
    width = ROW_PADDING * 3 + LABEL_WIDTH + cards_width
    image = Image.new("RGB", (width, max(row_height * len(rows), 1)), FELT)
    draw = ImageDraw.Draw(image)
    for index, (row, step) in enumerate(zip(rows, steps, strict=True)):
        top = index * row_height
        if index:
            draw.line((ROW_PADDING, top, width - ROW_PADDING, top), fill=SEAT_PANEL, width=2)
        _draw_label(image, row, top + row_height // 2)
        cards_left = ROW_PADDING * 2 + LABEL_WIDTH
        paste_highlights(image, row.highlight, len(row.cards), cards_left, top + ROW_PADDING,
                         step, FELT)
        shown = [None if position in row.hidden else card
                 for position, card in enumerate(row.cards)]
        paste_cards(image, shown, four_colour, cards_left, top + ROW_PADDING, step, FELT)
    return image


def _draw_label(image: Image.Image, row: LabelledHand, middle: int) -> None:
    name = fit_text(row.label, NAME_SIZE, LABEL_WIDTH)
    if not row.detail:
        draw_text(image, (ROW_PADDING, middle), name, NAME_SIZE, TEXT, FELT, anchor="lm")
        return
    draw_text(image, (ROW_PADDING, middle - 4), name, NAME_SIZE, TEXT, FELT, anchor="ls")
    detail = fit_text(row.detail, DETAIL_SIZE, LABEL_WIDTH)
    draw_text(image, (ROW_PADDING, middle + 6), detail, DETAIL_SIZE, MUTED_TEXT, FELT,
              anchor="lt")
