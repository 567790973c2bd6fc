"""The four suit symbols as filled vector shapes, so no font needs to carry them.

Each function fills a shape of height ``size`` centred on ``(cx, cy)`` in an ``ImageDraw`` in
whatever resolution the caller draws at (the card faces draw at 4x and downsample once).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

Colour = tuple[int, int, int]
Point = tuple[float, float]

_CURVE_STEPS = 96


def _heart_outline(cx: float, cy: float, size: float, flip: bool = False) -> list[Point]:
    # The classic heart curve x = 16 sin^3 t, y = 13 cos t - 5 cos 2t - 2 cos 3t - cos 4t spans
    # about 34 units across and 29 tall; the bulge sits in the upper half, which is what makes
    # a flipped copy read as the top of a spade.
    scale = size / 29.0
    direction = 1 if flip else -1
    points = []
    for step in range(_CURVE_STEPS):
        t = 2 * math.pi * step / _CURVE_STEPS
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * scale * 1.02, cy + direction * (y - 2.4) * scale))
    return points


def heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour) -> None:
    draw.polygon(_heart_outline(cx, cy, size), fill=fill)


def diamond(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour) -> None:
    # Slightly concave sides: a plain rhombus looks like a road sign at large sizes.
    half_h, half_w = size / 2, size * 0.38
    corners = [(cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h), (cx - half_w, cy)]
    points: list[Point] = []
    for index, (x0, y0) in enumerate(corners):
        x1, y1 = corners[(index + 1) % 4]
        mid_x, mid_y = (x0 + x1) / 2, (y0 + y1) / 2
        length = math.hypot(cx - mid_x, cy - mid_y)
        inward_x, inward_y = (cx - mid_x) / length, (cy - mid_y) / length
        for step in range(16):
            f = step / 16
            bow = math.sin(math.pi * f) * size * 0.04
            points.append((x0 + (x1 - x0) * f + inward_x * bow,
                           y0 + (y1 - y0) * f + inward_y * bow))
    draw.polygon(points, fill=fill)


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour) -> None:
    body = size * 0.8
    draw.polygon(_heart_outline(cx, cy - size * 0.07, body, flip=True), fill=fill)
    # The stem starts inside the body so it covers the notch of the flipped heart.
    _stem(draw, cx, cy - size * 0.05, cy + size * 0.5, size, fill)


def club(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Colour) -> None:
    radius = size * 0.215
    top_y = cy - size * 0.5 + radius
    side_y = cy + size * 0.02
    for x, y in ((cx, top_y), (cx - size * 0.245, side_y), (cx + size * 0.245, side_y)):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
    # Fill the hollow between the three leaves.
    draw.polygon([(cx, top_y), (cx - size * 0.2, side_y), (cx + size * 0.2, side_y)], fill=fill)
    _stem(draw, cx, side_y - radius * 0.2, cy + size * 0.5, size, fill)


def _stem(draw: ImageDraw.ImageDraw, cx: float, top: float, bottom: float, size: float,
          fill: Colour) -> None:
    # A foot with concave flanks, like a printed deck's, rather than a bare triangle.
    points: list[Point] = []
    half_foot = size * 0.2
    for step in range(17):
        f = step / 16
        y = top + (bottom - top) * f
        points.append((cx - size * 0.03 - half_foot * f**2.2, y))
    for step in range(16, -1, -1):
        f = step / 16
        y = top + (bottom - top) * f
        points.append((cx + size * 0.03 + half_foot * f**2.2, y))
    draw.polygon(points, fill=fill)


DRAW_SUIT: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, Colour], None]] = {
    "c": club,
    "d": diamond,
    "h": heart,
    "s": spade,
}
