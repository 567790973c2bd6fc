"""Pillow's bundled font at any size: works on a machine with no system fonts installed."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The default font (Aileron, bundled with Pillow >= 10.1) at ``size`` pixels."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        # Only a Pillow built without FreeType lands here; its bitmap font ignores the size.
        raise RuntimeError("render/ needs Pillow with FreeType support for scalable text")
    return loaded
