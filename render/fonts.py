"""The pictures' fonts at any size, shipped with the package so a machine with no system fonts
draws the same pictures: Roboto (Apache License 2.0) for the words, then DejaVu Sans (Bitstream
Vera licence: Hebrew, Arabic, Cyrillic, Greek, symbols), Symbola (free for any use: emoji) and
Droid Sans Fallback (Apache License 2.0: Chinese, Japanese and Korean) for whatever a member's
name holds that Roboto lacks. Pillow's own bundled font has no umlauts
or accents, so German names and hands ("Könige", "Chloé") need these.

Text is laid out by Pillow's basic engine on every machine (raqm is not everywhere): a
right-to-left name is put into display order here (Unicode bidi, Arabic letters joined) before
it is drawn, and each run of characters is drawn in the first font that has them.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path

import arabic_reshaper
from bidi import get_display
from fontTools.ttLib import TTFont
from PIL import ImageFont

FONT_FOLDER = Path(__file__).with_name("font_files")
FONT_FILE = FONT_FOLDER / "Roboto-Regular.ttf"
FALLBACK_FILES = (FONT_FILE, FONT_FOLDER / "DejaVuSans.ttf", FONT_FOLDER / "Symbola.ttf",
                  FONT_FOLDER / "DroidSansFallback.ttf")
"""In order of preference."""

# Characters that only modify their neighbour (emoji presentation, joiners, skin tones) stay in
# the run of the character before them.
_JOINING = frozenset({0x200D, 0xFE0E, 0xFE0F, *range(0x1F3FB, 0x1F400)})


@lru_cache(maxsize=64)
def font(size: int, index: int = 0) -> ImageFont.FreeTypeFont:
    """Roboto Regular (or fallback ``index``) at ``size`` pixels."""
    return ImageFont.truetype(str(FALLBACK_FILES[index]), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def coverage(index: int) -> frozenset[int]:
    """The code points fallback font ``index`` has a glyph for."""
    with TTFont(str(FALLBACK_FILES[index]), lazy=True) as typeface:
        return frozenset(typeface.getBestCmap())


def font_index(character: str) -> int:
    """The first font with a glyph for ``character`` (Roboto when none has one)."""
    point = ord(character)
    for index in range(len(FALLBACK_FILES)):
        if point in coverage(index):
            return index
    return 0


@lru_cache(maxsize=4096)
def font_runs(text: str) -> tuple[tuple[str, int], ...]:
    """``text`` in display order, cut into runs that one font draws: ``((run, font index), ...)``."""
    shown = display_order(text)
    runs: list[list[str | int]] = []
    for character in shown:
        index = font_index(character)
        if runs and (index == runs[-1][1] or ord(character) in _JOINING or character.isspace()):
            runs[-1][0] = str(runs[-1][0]) + character
        else:
            runs.append([character, index])
    return tuple((str(run), int(index)) for run, index in runs)


def display_order(text: str) -> str:
    """Left-to-right text as it is; text with right-to-left letters reordered for display."""
    if not any(unicodedata.bidirectional(character) in ("R", "AL") for character in text):
        return text
    return str(get_display(arabic_reshaper.reshape(text)))


def single_font(text: str) -> bool:
    """True when Roboto draws all of ``text`` as it is (the fast path: most words)."""
    runs = font_runs(text)
    return len(runs) <= 1 and (not runs or (runs[0][1] == 0 and runs[0][0] == text))
