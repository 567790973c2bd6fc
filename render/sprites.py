"""Every piece a scene is pasted from, cached twice over: drawn once, and indexed once.

The scenes are composed directly in palette mode, where a paste is a plain copy of bytes:
each sprite is either flattened onto the solid colour it will sit on (``*_flat``) or kept
with transparent corners plus a mask (``*_clear``) for where it overlaps other things.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.poker.cards import Card
from render.faces import CARD_HEIGHT, CARD_WIDTH, SUPERSAMPLE, CardLike, card_back, card_face
from render.palette import CHIP, CHIP_EDGE, HIGHLIGHT, Colour
from render.png import clear_mask, to_indexed, to_indexed_clear
from render.text import text_mask

RING_OFFSET = 4
"""The highlight ring sits this far outside the card."""


def _card_rgba(card: CardLike | None, four_colour: bool) -> Image.Image:
    return card_back() if card is None else card_face(card, four_colour)


def _key(card: CardLike | None, four_colour: bool) -> tuple[int, bool]:
    # -1 is the back; the back looks the same in both colour schemes.
    return (-1, False) if card is None else (int(Card(card)), four_colour)


def card_flat(card: CardLike | None, four_colour: bool, background: Colour) -> Image.Image:
    """The face (the back for ``None``) on a solid ``background``, indexed."""
    return _card_flat(*_key(card, four_colour), background)


@lru_cache(maxsize=1024)
def _card_flat(index: int, four_colour: bool, background: Colour) -> Image.Image:
    image = _card_rgba(None if index < 0 else index, four_colour)
    return to_indexed(_flatten(image, background))


def card_clear(card: CardLike | None, four_colour: bool) -> tuple[Image.Image, Image.Image]:
    """The face (the back for ``None``) with transparent corners, indexed, and its paste mask."""
    return _card_clear(*_key(card, four_colour))


@lru_cache(maxsize=256)
def _card_clear(index: int, four_colour: bool) -> tuple[Image.Image, Image.Image]:
    return _indexed_with_mask(_card_rgba(None if index < 0 else index, four_colour))


@lru_cache(maxsize=1)
def highlight_ring() -> Image.Image:
    """A gold rounded frame ``RING_OFFSET`` px outside a card, RGBA (drawn 4x, reduced)."""
    s = SUPERSAMPLE
    width, height = CARD_WIDTH + 2 * RING_OFFSET, CARD_HEIGHT + 2 * RING_OFFSET
    ring = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(ring).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=11 * s, outline=HIGHLIGHT, width=3 * s
    )
    return ring.reduce(s)


@lru_cache(maxsize=4)
def ring_flat(background: Colour) -> Image.Image:
    """The ring on ``background``: pasted before the card, which then covers its middle."""
    return to_indexed(_flatten(highlight_ring(), background))


@lru_cache(maxsize=1)
def ring_clear() -> tuple[Image.Image, Image.Image]:
    return _indexed_with_mask(highlight_ring())


@lru_cache(maxsize=4)
def chip_flat(background: Colour, radius: int) -> Image.Image:
    """A casino chip seen from above, to tag bet amounts: drawn 4x, reduced, indexed."""
    s = SUPERSAMPLE
    outer = radius * s
    chip = Image.new("RGB", (2 * outer, 2 * outer), background)
    draw = ImageDraw.Draw(chip)
    draw.ellipse((0, 0, 2 * outer - 1, 2 * outer - 1), fill=CHIP)
    inner = outer * 0.6
    draw.ellipse((outer - inner, outer - inner, outer + inner, outer + inner),
                 outline=CHIP_EDGE, width=max(s, outer // 6))
    mark = outer * 0.2
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        x, y = outer + dx * outer * 0.8, outer + dy * outer * 0.8
        draw.rectangle((x - mark, y - mark, x + mark, y + mark), fill=CHIP_EDGE)
    # The edge marks overhang the disc; trim them back to a circle.
    disc = Image.new("L", chip.size, 0)
    ImageDraw.Draw(disc).ellipse((0, 0, 2 * outer - 1, 2 * outer - 1), fill=255)
    flat = Image.new("RGB", chip.size, background)
    flat.paste(chip, (0, 0), disc)
    return to_indexed(flat.reduce(s))


@lru_cache(maxsize=2048)
def text_flat(text: str, size: int, anchor: str, fill: Colour,
              background: Colour) -> tuple[Image.Image, int, int]:
    """``text`` in ``fill`` on ``background``, indexed, and its offset from the anchor."""
    mask, left, top = text_mask(text, size, anchor)
    patch = Image.new("RGB", mask.size, background)
    patch.paste(fill, (0, 0), mask)
    return to_indexed(patch), left, top


def _flatten(image: Image.Image, background: Colour) -> Image.Image:
    flat = Image.new("RGB", image.size, background)
    flat.paste(image, (0, 0), image)
    return flat


def _indexed_with_mask(image: Image.Image) -> tuple[Image.Image, Image.Image]:
    # The mask is 255 where the sprite is drawn: pasting with it copies those indices only.
    drawn = clear_mask(image).point(lambda value: 255 - value)
    return to_indexed_clear(image), drawn
