"""Leaderboard, profile card and sitting recap pictures, from already-translated snapshots.

Like the rest of render/: plain data in, PNG bytes out, no discord, nothing async (call from an
executor). Charts are drawn here with Pillow: a few polylines do not earn a plotting library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from render.faces import CardLike
from render.hands import hand_strip
from render.palette import BACKDROP, BET_TEXT, FELT, FELT_LINE, MUTED_TEXT, SEAT_PANEL, TEXT, Colour
from render.png import to_png
from render.text import fit_text, text_mask

WIDTH = 900
MARGIN = 28
TITLE_SIZE, BODY_SIZE, SMALL_SIZE = 30, 22, 17
ROW_HEIGHT = 40
OWN_ROW: Colour = (60, 64, 40)
GAIN: Colour = (120, 220, 140)
LOSS: Colour = (240, 120, 110)
LINE_COLOURS: tuple[Colour, ...] = ((255, 206, 58), (110, 190, 255), (240, 120, 110), (150, 230, 150),
                                    (220, 150, 255), (255, 160, 80), (120, 230, 230), (246, 246, 240))
CARD_SCALE = 0.5


@dataclass(frozen=True)
class StandingRow:
    """One ranked line: its rank, a name, the metric as shown and a detail (rounds played)."""

    rank: str
    name: str
    value: str
    detail: str
    own: bool = False
    positive: bool | None = None
    """Colours the value: True green, False red, None plain."""


@dataclass(frozen=True)
class BoardPicture:
    title: str
    subtitle: str
    rows: Sequence[StandingRow]
    around: Sequence[StandingRow] = ()
    """The caller's rank and neighbours, below a gap."""
    empty: str = ""
    footer: str = ""


@dataclass(frozen=True)
class Chart:
    """Lines over a shared x axis: ``series`` are (label, values), values one per point. The
    scale runs from min(0, lowest) to max(0, highest); ``scale_labels`` name those two."""

    title: str
    series: Sequence[tuple[str, Sequence[int]]]
    first_label: str = ""
    last_label: str = ""
    scale_labels: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class ShownHand:
    label: str
    cards: Sequence[CardLike]


@dataclass(frozen=True)
class ProfilePicture:
    title: str
    summary: Sequence[str]
    table_header: Sequence[str]
    table_rows: Sequence[Sequence[str]]
    hands: Sequence[ShownHand] = ()
    charts: Sequence[Chart] = ()
    empty: str = ""


@dataclass(frozen=True)
class RecapPicture:
    title: str
    subtitle: str
    rows: Sequence[StandingRow]
    chart: Chart | None = None
    footer: str = ""
    hands: Sequence[ShownHand] = field(default_factory=tuple)


def board_png(picture: BoardPicture) -> bytes:
    height = _board_height(picture)
    canvas = Image.new("RGB", (WIDTH, height), BACKDROP)
    y = _heading(canvas, picture.title, picture.subtitle)
    if not picture.rows:
        _text(canvas, (WIDTH // 2, y + 40), picture.empty, BODY_SIZE, MUTED_TEXT, "mm")
        y += 80
    y = _rows(canvas, picture.rows, y)
    if picture.around:
        _text(canvas, (WIDTH // 2, y + 12), "\u22ee", BODY_SIZE, MUTED_TEXT, "mm")
        y = _rows(canvas, picture.around, y + 26)
    _footer(canvas, picture.footer)
    return to_png(canvas)


def _board_height(picture: BoardPicture) -> int:
    rows = len(picture.rows) + len(picture.around)
    return 120 + rows * ROW_HEIGHT + (26 if picture.around else 0) + (80 if not picture.rows else 0) + 44


def recap_png(picture: RecapPicture) -> bytes:
    chart_height = 260 if picture.chart else 0
    hands_height = _hands_height(picture.hands)
    height = 120 + len(picture.rows) * ROW_HEIGHT + chart_height + hands_height + 60
    canvas = Image.new("RGB", (WIDTH, height), BACKDROP)
    y = _heading(canvas, picture.title, picture.subtitle)
    y = _rows(canvas, picture.rows, y)
    if picture.chart:
        y = _chart(canvas, picture.chart, (MARGIN, y + 16, WIDTH - MARGIN, y + chart_height))
    _hands(canvas, picture.hands, y + 10)
    _footer(canvas, picture.footer)
    return to_png(canvas)


def profile_png(picture: ProfilePicture) -> bytes:
    table_height = (len(picture.table_rows) + 1) * 34 + 16 if picture.table_rows else 60
    charts_height = 250 * len(picture.charts)
    height = (100 + len(picture.summary) * 30 + table_height + _hands_height(picture.hands)
              + charts_height + 40)
    canvas = Image.new("RGB", (WIDTH, height), BACKDROP)
    y = _heading(canvas, picture.title, "")
    for line in picture.summary:
        _text(canvas, (MARGIN, y), fit_text(line, BODY_SIZE, WIDTH - 2 * MARGIN), BODY_SIZE, TEXT, "la")
        y += 30
    if not picture.table_rows:
        _text(canvas, (WIDTH // 2, y + 30), picture.empty, BODY_SIZE, MUTED_TEXT, "mm")
        return to_png(canvas)
    y = _table(canvas, picture.table_header, picture.table_rows, y + 8)
    y = _hands(canvas, picture.hands, y + 8)
    for chart in picture.charts:
        y = _chart(canvas, chart, (MARGIN, y + 10, WIDTH - MARGIN, y + 240))
    return to_png(canvas)


# -- pieces --------------------------------------------------------------------------------------

def _text(canvas: Image.Image, xy: tuple[int, int], text: str, size: int, fill: Colour,
          anchor: str) -> None:
    if not text:
        return
    mask, left, top = text_mask(text, size, anchor)
    canvas.paste(fill, (xy[0] + left, xy[1] + top), mask)


def _heading(canvas: Image.Image, title: str, subtitle: str) -> int:
    ImageDraw.Draw(canvas).rectangle((0, 0, WIDTH, 6), fill=FELT_LINE)
    _text(canvas, (MARGIN, 22), fit_text(title, TITLE_SIZE, WIDTH - 2 * MARGIN), TITLE_SIZE, TEXT, "la")
    if subtitle:
        _text(canvas, (MARGIN, 64), fit_text(subtitle, SMALL_SIZE, WIDTH - 2 * MARGIN), SMALL_SIZE,
              MUTED_TEXT, "la")
    return 100


def _rows(canvas: Image.Image, rows: Sequence[StandingRow], y: int) -> int:
    draw = ImageDraw.Draw(canvas)
    for index, row in enumerate(rows):
        fill = OWN_ROW if row.own else (SEAT_PANEL if index % 2 == 0 else FELT)
        draw.rounded_rectangle((MARGIN, y + 2, WIDTH - MARGIN, y + ROW_HEIGHT - 2), 6, fill=fill)
        middle = y + ROW_HEIGHT // 2
        _text(canvas, (MARGIN + 46, middle), row.rank, BODY_SIZE, BET_TEXT, "rm")
        _text(canvas, (MARGIN + 62, middle), fit_text(row.name, BODY_SIZE, 430), BODY_SIZE, TEXT, "lm")
        colour = TEXT if row.positive is None else (GAIN if row.positive else LOSS)
        _text(canvas, (WIDTH - MARGIN - 190, middle), row.value, BODY_SIZE, colour, "rm")
        _text(canvas, (WIDTH - MARGIN - 12, middle), fit_text(row.detail, SMALL_SIZE, 160), SMALL_SIZE,
              MUTED_TEXT, "rm")
        y += ROW_HEIGHT
    return y


def _table(canvas: Image.Image, header: Sequence[str], rows: Sequence[Sequence[str]], y: int) -> int:
    columns = len(header)
    first = 230
    step = (WIDTH - 2 * MARGIN - first) // max(1, columns - 1)
    draw = ImageDraw.Draw(canvas)
    for index, line in enumerate([header, *rows]):
        if index:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + 32), fill=SEAT_PANEL if index % 2 else FELT)
        colour = MUTED_TEXT if index == 0 else TEXT
        size = SMALL_SIZE if index == 0 else BODY_SIZE - 2
        for column, cell in enumerate(line):
            if column == 0:
                _text(canvas, (MARGIN + 8, y + 16), fit_text(cell, size, first - 16), size, colour, "lm")
            else:
                right = MARGIN + first + column * step - 8
                _text(canvas, (right, y + 16), fit_text(cell, size, step - 8), size, colour, "rm")
        y += 34
    return y


def _hands_height(hands: Sequence[ShownHand]) -> int:
    return 0 if not hands else 40 + int(150 * CARD_SCALE) + 30


def _hands(canvas: Image.Image, hands: Sequence[ShownHand], y: int) -> int:
    """Hands side by side, each with its label above it."""
    if not hands:
        return y
    width = (WIDTH - 2 * MARGIN) // len(hands)
    for index, hand in enumerate(hands):
        left = MARGIN + index * width
        _text(canvas, (left, y + 14), fit_text(hand.label, SMALL_SIZE, width - 10), SMALL_SIZE, MUTED_TEXT,
              "lm")
        strip = hand_strip(list(hand.cards)).convert("RGBA")
        size = (int(strip.width * CARD_SCALE), int(strip.height * CARD_SCALE))
        small = strip.resize(size, Image.Resampling.LANCZOS)
        if small.width > width - 10:
            small = small.resize((width - 10, int(small.height * (width - 10) / small.width)))
        canvas.paste(small, (left, y + 30), small)
    return y + _hands_height(hands)


def _chart(canvas: Image.Image, chart: Chart, box: tuple[int, int, int, int]) -> int:
    """Lines of cumulative values with a zero line, the extremes labelled, a legend on top."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(box, 8, fill=SEAT_PANEL)
    _text(canvas, (left + 12, top + 16), chart.title, SMALL_SIZE, TEXT, "lm")
    legend_x = left + 12
    for index, (label, _) in enumerate(chart.series if len(chart.series) > 1 else ()):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        name = fit_text(label, SMALL_SIZE - 2, 120)
        draw.rectangle((legend_x, top + 36, legend_x + 12, top + 46), fill=colour)
        _text(canvas, (legend_x + 18, top + 41), name, SMALL_SIZE - 2, MUTED_TEXT, "lm")
        legend_x += 150
        if legend_x > right - 150:
            break
    plot = (left + 70, top + 58, right - 14, bottom - 26)
    values = [value for _, points in chart.series for value in points] or [0]
    low, high = min(0, *values), max(0, *values)
    span = max(high - low, 1)
    longest = max((len(points) for _, points in chart.series), default=1)

    def at(position: int, value: int) -> tuple[int, int]:
        x = plot[0] + (plot[2] - plot[0]) * position // max(longest - 1, 1)
        y = plot[3] - (plot[3] - plot[1]) * (value - low) // span
        return x, y

    zero = at(0, 0)[1]
    draw.line((plot[0], zero, plot[2], zero), fill=FELT_LINE, width=1)
    low_label, high_label = chart.scale_labels
    _text(canvas, (plot[0] - 8, plot[1]), high_label, SMALL_SIZE - 3, MUTED_TEXT, "rm")
    _text(canvas, (plot[0] - 8, plot[3]), low_label, SMALL_SIZE - 3, MUTED_TEXT, "rm")
    for index, (_, points) in enumerate(chart.series):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        line = [at(position, value) for position, value in enumerate(points)]
        if len(line) == 1:
            draw.ellipse((line[0][0] - 3, line[0][1] - 3, line[0][0] + 3, line[0][1] + 3), fill=colour)
        elif line:
            draw.line(line, fill=colour, width=3, joint="curve")
    _text(canvas, (plot[0], bottom - 12), chart.first_label, SMALL_SIZE - 3, MUTED_TEXT, "lm")
    _text(canvas, (plot[2], bottom - 12), chart.last_label, SMALL_SIZE - 3, MUTED_TEXT, "rm")
    return bottom


def _footer(canvas: Image.Image, footer: str) -> None:
    if footer:
        _text(canvas, (MARGIN, canvas.height - 22), fit_text(footer, SMALL_SIZE, WIDTH - 2 * MARGIN),
              SMALL_SIZE, MUTED_TEXT, "lm")
