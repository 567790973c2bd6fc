"""One shared 256-colour palette, and PNG encoding against it.

Pillow's PNG writer tries every row filter on RGB data, which made a table take ~30 ms to
encode; 8-bit palette data encodes in a few ms at a third of the size. The images are flat
colours and anti-aliased edges between known colours, so one fixed palette, built once from
those colours, serves every image. The scenes go further and are composed directly in
palette mode from pre-indexed sprites (render/sprites.py), so they skip quantizing too.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from render import faces, palette
from render.faces import CARD_HEIGHT, CARD_WIDTH, card_back, card_face

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FAST_COMPRESSION = 3
"""zlib levels 1 to 3 take the same time on these images and 3 is ~15% smaller; level 6
doubles the time for another ~15% (``python -m bot bench render`` prints the figures)."""
TRANSPARENT_INDEX = 255
"""Reserved palette entry for fully transparent pixels (strips keep a clear background)."""
_RAMP_STEPS = 16
_SWATCH_COLUMNS = 27


def to_png(image: Image.Image, compress_level: int = FAST_COMPRESSION) -> bytes:
    """Encode an image as palette PNG bytes, ready for a ``discord.File``.

    Palette images from this package are written as they are; RGB and RGBA images are first
    mapped onto the shared palette (so ``to_png`` suits any image drawn in these colours).
    """
    if image.mode == "RGBA":
        image = to_indexed_clear(image)
    elif image.mode != "P":
        image = to_indexed(image)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=compress_level)
    return buffer.getvalue()


def to_indexed(image: Image.Image) -> Image.Image:
    """Map an opaque image onto the shared palette: nearest colour, no dithering."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


def to_indexed_clear(image: Image.Image) -> Image.Image:
    """Map an RGBA image onto the shared palette, keeping its clear pixels transparent.

    PNG palettes could carry partial alpha, but the only half-covered pixels here are the rims
    of rounded corners: they turn opaque in their own colour and the rest of the clear
    background maps to the one transparent entry, which suits light and dark themes alike.
    """
    indexed = to_indexed(image)
    indexed.paste(TRANSPARENT_INDEX, (0, 0), clear_mask(image))
    indexed.info["transparency"] = TRANSPARENT_INDEX
    return indexed


def clear_mask(image: Image.Image) -> Image.Image:
    """255 where ``image`` is (mostly) transparent, 0 where it is drawn."""
    return image.getchannel("A").point(_CLEAR_LUT, mode="L")


_CLEAR_LUT = [255 if alpha < 128 else 0 for alpha in range(256)]


def blank_indexed(size: tuple[int, int], index: int = TRANSPARENT_INDEX) -> Image.Image:
    """A palette image filled with one entry (transparent unless told otherwise)."""
    image = Image.new("P", size, index)
    image.putpalette(shared_palette().getpalette() or [])
    if index == TRANSPARENT_INDEX:
        image.info["transparency"] = TRANSPARENT_INDEX
    return image


@lru_cache(maxsize=1)
def shared_palette() -> Image.Image:
    """A 255-colour palette image (plus the transparent entry) that every PNG maps onto."""
    # Octree measured a lower mean and max error than median cut on tables and strips in
    # both colour schemes, and builds five times faster.
    quantized = _swatch().quantize(colors=TRANSPARENT_INDEX, method=Image.Quantize.FASTOCTREE,
                                   dither=Image.Dither.NONE)
    colours = (quantized.getpalette() or [])[: TRANSPARENT_INDEX * 3]
    colours += [0, 0, 0] * (TRANSPARENT_INDEX - len(colours) // 3)
    result = Image.new("P", (1, 1))
    result.putpalette(colours + list(palette.BACKDROP))
    return result


def _swatch() -> Image.Image:
    """Every colour the renderer produces: all faces on the felt and on a seat panel, and
    blends between each colour and each background it is drawn on."""
    backgrounds = [palette.FELT, palette.SEAT_PANEL]
    cards = [card_face(index, four) for four in (False, True) for index in range(52)]
    cards.append(card_back())
    rows_per_background = -(-len(cards) // _SWATCH_COLUMNS)
    foregrounds = [getattr(module, name) for module in (palette, faces)
                   for name in dir(module) if name.isupper() and _is_colour(getattr(module, name))]
    ramp_backgrounds = backgrounds + [palette.BACKDROP, palette.RAIL, palette.CHIP, faces.PAPER]
    cards_height = CARD_HEIGHT * rows_per_background * len(backgrounds)
    ramps_height = 4 * len(foregrounds) * len(ramp_backgrounds)
    swatch = Image.new("RGB", (CARD_WIDTH * _SWATCH_COLUMNS, cards_height + ramps_height))
    top = 0
    for background in backgrounds:
        swatch.paste(background, (0, top, swatch.width, top + CARD_HEIGHT * rows_per_background))
        for position, card in enumerate(cards):
            row, column = divmod(position, _SWATCH_COLUMNS)
            swatch.paste(card, (column * CARD_WIDTH, top + row * CARD_HEIGHT), card)
        top += CARD_HEIGHT * rows_per_background
    for background in ramp_backgrounds:
        for foreground in foregrounds:
            _paste_ramp(swatch, top, background, foreground)
            top += 4
    return swatch


def _is_colour(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(
        isinstance(channel, int) for channel in value)


def _paste_ramp(swatch: Image.Image, top: int, start: tuple[int, int, int],
                end: tuple[int, int, int]) -> None:
    span = swatch.width // _RAMP_STEPS
    for step in range(_RAMP_STEPS):
        f = step / (_RAMP_STEPS - 1)
        colour = tuple(round(a + (b - a) * f) for a, b in zip(start, end, strict=True))
        swatch.paste(colour, (step * span, top, (step + 1) * span, top + 4))
