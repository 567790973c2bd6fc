"""Pasting helpers shared by the strips, the rows and the table (all in palette mode)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image

from render.faces import CARD_WIDTH, INDEX_SIZE, CardLike
from render.palette import Colour
from render.sprites import RING_OFFSET, card_clear, card_flat, ring_clear, ring_flat, text_flat
from render.text import note_card_step, note_drawn, note_placed


def card_step(count: int, max_width: int, gap: int) -> int:
    """Distance between card left edges so ``count`` cards fit in ``max_width``.

    Cards overlap when they must: every corner index shows whole down to a step of
    ``READABLE_STEP``; below that, ranks run together (layouts leave room for it).
    """
    if count <= 1:
        return CARD_WIDTH + gap
    fitting = (max_width - CARD_WIDTH) // (count - 1)
    return max(min(CARD_WIDTH + gap, fitting), 1)


def strip_width(count: int, step: int) -> int:
    return 0 if count == 0 else CARD_WIDTH + step * (count - 1)


def paste_cards(canvas: Image.Image, cards: Sequence[CardLike | None], four_colour: bool,
                left: int, top: int, step: int, background: Colour) -> None:
    """Paste cards left to right onto a palette canvas of colour ``background``.

    ``None`` cards are face down. Side by side, each card is a flat copy; overlapping, each
    card's rounded corners show the card beneath.
    """
    overlapping = step < CARD_WIDTH
    note_cards(cards, step)
    for position, card in enumerate(cards):
        xy = (left + position * step, top)
        if overlapping:
            sprite, mask = card_clear(card, four_colour)
            canvas.paste(sprite, xy, mask)
        else:
            canvas.paste(card_flat(card, four_colour, background), xy)


def note_cards(cards: Sequence[CardLike | None], step: int, scale: float = 1.0) -> None:
    """Report face-up cards' indexes as drawn text (their size at ``scale``) and how far apart
    they overlap."""
    faces = [card for card in cards if card is not None]
    for card in faces:
        note_drawn(f"card {card}", round(INDEX_SIZE * scale))
    if len(faces) > 1 and step < CARD_WIDTH:
        note_card_step(round(step * scale))


def paste_highlights(canvas: Image.Image, positions: Collection[int], count: int, left: int,
                     top: int, step: int, background: Colour) -> None:
    """Rings for the highlighted cards of a row about to be pasted at ``left, top``."""
    overlapping = step < CARD_WIDTH
    for position in positions:
        if not 0 <= position < count:
            continue
        xy = (left + position * step - RING_OFFSET, top - RING_OFFSET)
        if overlapping:
            # A flat ring would paint over its neighbours' rings.
            sprite, mask = ring_clear()
            canvas.paste(sprite, xy, mask)
        else:
            canvas.paste(ring_flat(background), xy)


def draw_text(canvas: Image.Image, xy: tuple[int, int], text: str, size: int, fill: Colour,
              background: Colour, anchor: str = "la") -> None:
    """Like ``ImageDraw.text`` with the default font at ``size``, anchored as in Pillow.

    The text's bounding box is painted ``background``: it must lie on that solid colour.
    """
    if not text:
        return
    note_drawn(text, size)
    patch, left, top = text_flat(text, size, anchor, fill, background)
    corner = (xy[0] + left, xy[1] + top)
    note_placed(text, (*corner, corner[0] + patch.width, corner[1] + patch.height), canvas.size)
    canvas.paste(patch, corner)
