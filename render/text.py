"""Text drawn from cached patches: a table re-renders mostly the same names and bets.

FreeType rasterises every glyph on every ``ImageDraw.text`` call (about a millisecond for a
name), and even a masked paste of a cached glyph mask costs a tenth of that. Text here always
sits on a solid colour, so each line is cached already blended onto that colour and pasted
as a plain copy.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font

Colour = tuple[int, int, int]

ELLIPSIS = "\u2026"


@lru_cache(maxsize=2048)
def _mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    typeface = font(size)
    left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=typeface, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(image: Image.Image, xy: tuple[int, int], text: str, size: int, fill: Colour,
              background: Colour, anchor: str = "la") -> None:
    """Like ``ImageDraw.text`` with the default font at ``size``, anchored as in Pillow.

    The text's bounding box is painted ``background``: it must lie on that solid colour.
    """
    if not text:
        return
    patch, left, top = _patch(text, size, anchor, fill, background)
    image.paste(patch, (xy[0] + left, xy[1] + top))


@lru_cache(maxsize=2048)
def _patch(text: str, size: int, anchor: str, fill: Colour,
           background: Colour) -> tuple[Image.Image, int, int]:
    mask, left, top = _mask(text, size, anchor)
    patch = Image.new("RGB", mask.size, background)
    patch.paste(fill, (0, 0), mask)
    return patch, left, top


@lru_cache(maxsize=2048)
def text_width(text: str, size: int) -> int:
    return int(font(size).getlength(text))


@lru_cache(maxsize=2048)
def fit_text(text: str, size: int, max_width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``max_width`` pixels at ``size``."""
    typeface = font(size)
    if typeface.getlength(text) <= max_width:
        return text
    while text and typeface.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
