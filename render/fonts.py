"""The pictures' font at any size: Roboto (Apache License 2.0, ``font_files/``), shipped with
the package so a machine with no system fonts draws the same pictures. Pillow's own bundled
font has no umlauts or accents, so German names and hands ("Könige", "Chloé") need this one."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_FILE = Path(__file__).with_name("font_files") / "Roboto-Regular.ttf"


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Roboto Regular at ``size`` pixels (Pillow needs FreeType, which its wheels include)."""
    return ImageFont.truetype(str(FONT_FILE), size)
