"""Text as cached masks, and fitting text into a width.

FreeType rasterises every glyph on every ``ImageDraw.text`` call (about a millisecond for a
name), which would dominate a table render; a table re-renders mostly the same names and
bets, so each line is rasterised once and pasted from the cache after that.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font, font_runs, single_font

ELLIPSIS = "\u2026"


def pixel_box(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A text bounding box widened to whole pixels (layout engines may return fractions)."""
    left, top, right, bottom = box
    return math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)


@lru_cache(maxsize=2048)
def text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``text`` and its offset from the anchor point (Pillow anchors)."""
    if not single_font(text):
        return _runs_mask(text, size, anchor)
    left, top, right, bottom = pixel_box(font(size).getbbox(text, anchor=anchor))
    typeface = font(size)
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=typeface, fill=255, anchor=anchor)
    return mask, left, top


def _runs_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """:func:`text_mask` for text drawn in several fonts or reordered (a name with an emoji or
    in Hebrew): each run on the same baseline, the anchor placed by Roboto's metrics."""
    runs = font_runs(text)
    ascent, descent = font(size).getmetrics()
    width = max(1, text_width(text, size))
    mask = Image.new("L", (width, 2 * (ascent + descent)), 0)
    baseline = ascent + descent // 2
    draw, x = ImageDraw.Draw(mask), 0
    for run, index in runs:
        draw.text((x, baseline), run, font=font(size, index), fill=255, anchor="ls")
        x += int(font(size, index).getlength(run))
    inked = mask.getbbox() or (0, 0, 1, 1)
    horizontal = {"l": 0, "m": width // 2, "r": width}[anchor[0]]
    vertical = {"a": baseline - ascent, "s": baseline, "d": baseline + descent,
                "m": baseline - (ascent - descent) // 2, "t": inked[1], "b": inked[3]}[anchor[1]]
    left, top = 0, inked[1]
    cropped = mask.crop((left, top, width, max(inked[3], top + 1)))
    return cropped, left - horizontal, top - vertical


@lru_cache(maxsize=2048)
def text_width(text: str, size: int) -> int:
    return sum(int(font(size, index).getlength(run)) for run, index in font_runs(text))


@lru_cache(maxsize=2048)
def wrap_text(text: str, size: int, max_width: int) -> list[str]:
    """``text`` as lines no wider than ``max_width`` pixels at ``size``, broken between words (a
    word wider than a line between its letters): every character is kept."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size) <= max_width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for letter in word:
            if line and text_width(line + letter, size) > max_width:
                lines.append(line)
                line = ""
            line += letter
    return [*lines, line] if line else lines


def fit_text(text: str, size: int, max_width: int) -> str:
    """``text``, cut with an ellipsis if it is wider than ``max_width`` pixels at ``size``."""
    if text_width(text, size) <= max_width:
        return text
    while text and text_width(text + ELLIPSIS, size) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
