"""Text as cached masks, fitting text into a width, and the phone's legibility rule.

FreeType rasterises every glyph on every ``ImageDraw.text`` call (about a millisecond for a
name), which would dominate a table render; a table re-renders mostly the same names and
bets, so each line is rasterised once and pasted from the cache after that.

Every picture is laid out for a phone first. Discord shows a message's picture about
:data:`PHONE_WIDTH` px wide on a phone, so a picture ``width`` px wide is drawn there at
``PHONE_WIDTH / width`` of its size; :func:`smallest_type` is the least font size (em, in the
picture's pixels) that is still :data:`PHONE_TEXT` px there. Texts wrap onto more lines rather
than being cut; a text that still had to be cut is reported (:func:`drawn_texts` in tests, a
warning in the log).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font, font_runs, single_font

PHONE_WIDTH = 360
"""How wide a phone shows a message's picture (px): Discord's message column on a 360 dp wide
phone, the most common Android width."""
PHONE_TEXT = 9
"""The least legible text on a phone (px, em size): smaller type needs the picture opened."""

MAX_ASPECT = 1.6
"""Height over width that a picture keeps (a table of up to six seats, a showdown), so a phone
shows the whole picture at full width. Discord's clients bound an embed's image by both sides
and scale a taller one down (desktop: 400 x 300 px, leovoel/embed-visualizer#30, measured on
the client); Android has cropped tall embed images instead of shrinking them
(discord/discord-api-docs#6952, #1996, Mantaro/MantaroBot#599). A 360 x 576 picture fits the
message list of a 360 x 780 phone (about 640 px between the channel's header and the input box)
whole, with a line of text above it."""

log = logging.getLogger(__name__)


def smallest_type(width: int) -> int:
    """The least font size for a picture ``width`` px wide that a phone still shows at
    :data:`PHONE_TEXT` px."""
    return math.ceil(PHONE_TEXT * width / PHONE_WIDTH)


@dataclass
class DrawnTexts:
    """What a render drew: every text with its size, and every text it had to cut (texts wrap,
    so a cut is a text that ran off its picture)."""

    sizes: list[tuple[str, int]] = field(default_factory=list)
    cuts: list[tuple[str, str]] = field(default_factory=list)
    """(the text, what was drawn of it)."""
    card_steps: list[int] = field(default_factory=list)
    """Left edge to left edge of overlapping face-up cards: each card's index shows whole
    only from ``render.faces.READABLE_STEP`` up."""


_drawn: ContextVar[DrawnTexts | None] = ContextVar("drawn_texts", default=None)


@contextmanager
def drawn_texts() -> Iterator[DrawnTexts]:
    """Collect the texts drawn inside the block (in this thread): tests hold pictures to the
    phone's sizes and to no cut text with it."""
    record = DrawnTexts()
    token = _drawn.set(record)
    try:
        yield record
    finally:
        _drawn.reset(token)


def pass_on(record: DrawnTexts) -> None:
    """Add what an inner :func:`drawn_texts` block collected to the block around it (a picture
    drawn twice reports its last drawing only)."""
    outer = _drawn.get()
    if outer is not None:
        outer.sizes += record.sizes
        outer.cuts += record.cuts
        outer.card_steps += record.card_steps


def note_drawn(text: str, size: int) -> None:
    """Every text drawn on a picture passes here (``size`` as drawn: a card's index at its
    em size)."""
    record = _drawn.get()
    if record is not None and text:
        record.sizes.append((text, size))


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


def note_card_step(step: int) -> None:
    record = _drawn.get()
    if record is not None:
        record.card_steps.append(step)


def note_cut(text: str, shown: str) -> None:
    """A text drawn only in part (outside its picture): logged, and collected in tests."""
    log.warning("picture text cut: %r drawn as %r", text, shown)
    record = _drawn.get()
    if record is not None:
        record.cuts.append((text, shown))


def note_placed(text: str, box: tuple[int, int, int, int], canvas: tuple[int, int]) -> None:
    """Report ``text`` as cut when its box (left, top, right, bottom) leaves the canvas."""
    left, top, right, bottom = box
    if left < 0 or top < 0 or right > canvas[0] or bottom > canvas[1]:
        note_cut(text, f"{text} (outside the picture at {box})")


SEPARATOR = " \u00b7 "
"""Between the parts of a line ("Ante 10 · Blind 10 · Play 40"): lines break there first."""


@lru_cache(maxsize=2048)
def text_lines(text: str, size: int, max_width: int) -> list[str]:
    """``text`` wrapped into ``max_width`` (no line for no text): the whole text, always. A
    line of parts breaks between whole parts where it can, so a bet or a result is never split
    from its amount."""
    lines: list[str] = []
    for part in text.split(SEPARATOR) if text else []:
        joined = f"{lines[-1]}{SEPARATOR}{part}" if lines else part
        if lines and text_width(joined, size) <= max_width:
            lines[-1] = joined
        elif text_width(part, size) <= max_width:
            lines.append(part)
        else:
            lines += wrap_text(part, size, max_width)
    return lines


def line_height(size: int) -> int:
    """Baseline to baseline for lines of ``size``."""
    return round(size * 1.2)
