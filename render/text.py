"""Text as cached masks, and fitting text into a width.

FreeType rasterises every glyph on every ``ImageDraw.text`` call (about a millisecond for a
name), which would dominate a table render; a table re-renders mostly the same names and
bets, so each line is rasterised once and pasted from the cache after that.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font

ELLIPSIS = "\u2026"


def pixel_box(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A text bounding box widened to whole pixels (layout engines may return fractions)."""
    left, top, right, bottom = box
    return math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)


@lru_cache(maxsize=2048)
def text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``text`` and its offset from the anchor point (Pillow anchors)."""
    left, top, right, bottom = pixel_box(font(size).getbbox(text, anchor=anchor))
    typeface = font(size)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=typeface, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=2048)
def text_width(text: str, size: int) -> int:
    return int(font(size).getlength(text))


@lru_cache(maxsize=2048)
def wrap_text(text: str, size: int, max_width: int) -> list[str]:
    """``text`` as lines no wider than ``max_width`` pixels at ``size``, broken between words (a
    word wider than a line between its letters): every character is kept."""
    typeface = font(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if typeface.getlength(candidate) <= max_width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for letter in word:
            if line and typeface.getlength(line + letter) > max_width:
                lines.append(line)
                line = ""
            line += letter
    return [*lines, line] if line else lines


def fit_text(text: str, size: int, max_width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``max_width`` pixels at ``size``."""
    typeface = font(size)
    if typeface.getlength(text) <= max_width:
        return text
    while text and typeface.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
