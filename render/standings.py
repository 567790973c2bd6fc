"""Leaderboard, profile card and sitting recap pictures, from already-translated snapshots.

Like the rest of render/: plain data in, PNG bytes out, no discord, nothing async (call from an
executor). Charts are drawn here with Pillow: a few polylines do not earn a plotting library.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from PIL import Image, ImageDraw

from render.draw import note_cards
from render.faces import CARD_WIDTH, CardLike
from render.hands import CARD_GAP, hand_strip
from render.palette import BACKDROP, BET_TEXT, FELT, FELT_LINE, MUTED_TEXT, SEAT_PANEL, TEXT, Colour
from render.png import to_png
from render.text import (
    drawn_texts,
    line_height,
    note_drawn,
    note_placed,
    pass_on,
    smallest_type,
    text_lines,
    text_mask,
    text_width,
)

WIDTH = 720
"""Laid out for a phone (see ``render.table.WIDTH``): every text at least
:func:`~render.text.smallest_type` (18 px), shown at 9 px on a 360 px wide phone."""
MARGIN = 24
SMALL_SIZE = smallest_type(WIDTH)
TITLE_SIZE, BODY_SIZE = 30, SMALL_SIZE + 4
ROW_HEIGHT = 40
ROW_PADDING = 8
OWN_ROW: Colour = (60, 64, 40)
GAIN: Colour = (120, 220, 140)
LOSS: Colour = (240, 120, 110)
LINE_COLOURS: tuple[Colour, ...] = ((255, 206, 58), (110, 190, 255), (240, 120, 110), (150, 230, 150),
                                    (220, 150, 255), (255, 160, 80), (120, 230, 230), (246, 246, 240))
CARD_REDUCTION = 2
"""Best hands are drawn at half size (averaging 2 x 2 blocks: fast, and sharp at exactly half)."""
HANDS_PER_ROW = 2
"""Best hands two a row: five cards at half size still show their ranks on a phone."""
FIRST_HEIGHT = 1200
"""Pictures are drawn top down on a canvas this tall and cut to what they used; one that needs
more is drawn again on a canvas as tall as it needs."""
NAME_ROOM = 300
VALUE_RIGHT = WIDTH - MARGIN - 150
DETAIL_ROOM = 130


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
    return _drawn(partial(_board, picture))


def _board(picture: BoardPicture, canvas: Image.Image) -> int:
    y = _heading(canvas, picture.title, picture.subtitle)
    if not picture.rows:
        y = _lines(canvas, y + 20, picture.empty, BODY_SIZE, MUTED_TEXT, centred=True) + 20
    y = _rows(canvas, picture.rows, y)
    if picture.around:
        _text(canvas, (WIDTH // 2, y + 12), "\u22ee", BODY_SIZE, MUTED_TEXT, "mm")
        y = _rows(canvas, picture.around, y + 26)
    return _footer(canvas, y, picture.footer)


def recap_png(picture: RecapPicture) -> bytes:
    return _drawn(partial(_recap, picture))


def _recap(picture: RecapPicture, canvas: Image.Image) -> int:
    y = _heading(canvas, picture.title, picture.subtitle)
    y = _rows(canvas, picture.rows, y)
    if picture.chart:
        y = _chart(canvas, picture.chart, (MARGIN, y + 16, WIDTH - MARGIN, y + 276))
    y = _hands(canvas, picture.hands, y + 10)
    return _footer(canvas, y, picture.footer)


def profile_png(picture: ProfilePicture) -> bytes:
    return _drawn(partial(_profile, picture))


def _profile(picture: ProfilePicture, canvas: Image.Image) -> int:
    y = _heading(canvas, picture.title, "")
    for line in picture.summary:
        y = _lines(canvas, y, line, BODY_SIZE, TEXT)
    if not picture.table_rows:
        return _lines(canvas, y + 20, picture.empty, BODY_SIZE, MUTED_TEXT, centred=True) + 20
    y = _table(canvas, picture.table_header, picture.table_rows, y + 8)
    y = _hands(canvas, picture.hands, y + 8)
    for chart in picture.charts:
        y = _chart(canvas, chart, (MARGIN, y + 10, WIDTH - MARGIN, y + 250))
    return y


# -- pieces --------------------------------------------------------------------------------------

def _drawn(draw: Callable[[Image.Image], int]) -> bytes:
    """What ``draw`` draws top down (it returns the y under its content), as a PNG cut to it."""
    height = FIRST_HEIGHT
    while True:
        canvas = Image.new("RGB", (WIDTH, height), BACKDROP)
        with drawn_texts() as attempt:
            bottom = draw(canvas) + 16
        if bottom <= height:
            break
        height = bottom
    pass_on(attempt)
    return to_png(canvas.crop((0, 0, WIDTH, bottom)))


def _footer(canvas: Image.Image, y: int, footer: str) -> int:
    return _lines(canvas, y + 12, footer, SMALL_SIZE, MUTED_TEXT) if footer else y


def _text(canvas: Image.Image, xy: tuple[int, int], text: str, size: int, fill: Colour,
          anchor: str) -> None:
    if not text:
        return
    note_drawn(text, size)
    mask, left, top = text_mask(text, size, anchor)
    corner = (xy[0] + left, xy[1] + top)
    # Only across: a canvas too short for the content is drawn again, taller.
    note_placed(text, (*corner, corner[0] + mask.width, corner[1] + mask.height), (WIDTH, 10**6))
    canvas.paste(fill, corner, mask)


def _lines(canvas: Image.Image, top: int, text: str, size: int, fill: Colour, *,
           left: int = MARGIN, room: int = WIDTH - 2 * MARGIN, centred: bool = False) -> int:
    """``text`` wrapped into ``room`` from ``top`` down; the y under it."""
    for line in text_lines(text, size, room):
        x = left + room // 2 if centred else left
        _text(canvas, (x, top + line_height(size) // 2), line, size, fill, "mm" if centred else "lm")
        top += line_height(size)
    return top


def _heading(canvas: Image.Image, title: str, subtitle: str) -> int:
    ImageDraw.Draw(canvas).rectangle((0, 0, WIDTH, 6), fill=FELT_LINE)
    y = _lines(canvas, 18, title, TITLE_SIZE, TEXT)
    if subtitle:
        y = _lines(canvas, y + 4, subtitle, SMALL_SIZE, MUTED_TEXT)
    return y + 16


def _rows(canvas: Image.Image, rows: Sequence[StandingRow], y: int) -> int:
    draw = ImageDraw.Draw(canvas)
    for index, row in enumerate(rows):
        names = text_lines(row.name, BODY_SIZE, NAME_ROOM) or [""]
        details = text_lines(row.detail, SMALL_SIZE, DETAIL_ROOM)
        height = max(ROW_HEIGHT, 2 * ROW_PADDING + line_height(BODY_SIZE) * len(names),
                     2 * ROW_PADDING + line_height(SMALL_SIZE) * len(details))
        fill = OWN_ROW if row.own else (SEAT_PANEL if index % 2 == 0 else FELT)
        draw.rounded_rectangle((MARGIN, y + 2, WIDTH - MARGIN, y + height - 2), 6, fill=fill)
        middle = y + height // 2
        _text(canvas, (MARGIN + 46, middle), row.rank, BODY_SIZE, BET_TEXT, "rm")
        _block(canvas, MARGIN + 62, middle, names, BODY_SIZE, TEXT, "lm")
        colour = TEXT if row.positive is None else (GAIN if row.positive else LOSS)
        _text(canvas, (VALUE_RIGHT, middle), row.value, BODY_SIZE, colour, "rm")
        _block(canvas, WIDTH - MARGIN - 12, middle, details, SMALL_SIZE, MUTED_TEXT, "rm")
        y += height
    return y


def _block(canvas: Image.Image, x: int, middle: int, lines: Sequence[str], size: int, fill: Colour,
           anchor: str) -> None:
    """Lines centred as a block on ``middle``."""
    step = line_height(size)
    top = middle - step * len(lines) // 2
    for number, line in enumerate(lines):
        _text(canvas, (x, top + number * step + step // 2), line, size, fill, anchor)


def _table(canvas: Image.Image, header: Sequence[str], rows: Sequence[Sequence[str]], y: int) -> int:
    columns = len(header)
    first = 190
    step = (WIDTH - 2 * MARGIN - first) // max(1, columns - 1)
    draw = ImageDraw.Draw(canvas)
    for index, line in enumerate([header, *rows]):
        colour = MUTED_TEXT if index == 0 else TEXT
        size = SMALL_SIZE if index == 0 else BODY_SIZE - 2
        cells = [text_lines(cell, size, (first if column == 0 else step) - 12)
                 for column, cell in enumerate(line)]
        height = max(32, 8 + line_height(size) * max((len(cell) for cell in cells), default=1))
        if index:
            fill = SEAT_PANEL if index % 2 else FELT
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + height - 2), fill=fill)
        for column, cell in enumerate(cells):
            if column == 0:
                _block(canvas, MARGIN + 8, y + height // 2, cell, size, colour, "lm")
            else:
                _block(canvas, MARGIN + first + column * step - 8, y + height // 2, cell, size, colour, "rm")
        y += height
    return y


def _hands(canvas: Image.Image, hands: Sequence[ShownHand], y: int) -> int:
    """Hands two a row, each with its label above it."""
    if not hands:
        return y
    width = (WIDTH - 2 * MARGIN) // HANDS_PER_ROW
    for first in range(0, len(hands), HANDS_PER_ROW):
        row = hands[first:first + HANDS_PER_ROW]
        labels = [text_lines(hand.label, SMALL_SIZE, width - 10) for hand in row]
        cards_top = y + 4 + line_height(SMALL_SIZE) * max(len(label) for label in labels)
        bottom = cards_top
        for index, (hand, label) in enumerate(zip(row, labels, strict=True)):
            left = MARGIN + index * width
            _block(canvas, left, y + 4 + line_height(SMALL_SIZE) * len(label) // 2, label, SMALL_SIZE,
                   MUTED_TEXT, "lm")
            with drawn_texts():  # drawn at full size, noted below at the size shown
                strip = hand_strip(list(hand.cards)).convert("RGBA")
            note_cards(hand.cards, CARD_WIDTH + CARD_GAP, 1 / CARD_REDUCTION)
            small = strip.reduce(CARD_REDUCTION)
            canvas.paste(small, (left, cards_top), small)
            bottom = max(bottom, cards_top + small.height)
        y = bottom + 10
    return y


def _chart(canvas: Image.Image, chart: Chart, box: tuple[int, int, int, int]) -> int:
    """Lines of cumulative values with a zero line, the extremes labelled, a legend on top."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(box, 8, fill=SEAT_PANEL)
    _text(canvas, (left + 12, top + 16), chart.title, SMALL_SIZE, TEXT, "lm")
    legend_x, legend_y = left + 12, top + 44
    for index, (label, _) in enumerate(chart.series if len(chart.series) > 1 else ()):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        # Each name whole: the legend takes another line when a row is full.
        room = 18 + text_width(label, SMALL_SIZE) + 20
        if legend_x + room > right and legend_x > left + 12:
            legend_x, legend_y = left + 12, legend_y + line_height(SMALL_SIZE)
        draw.rectangle((legend_x, legend_y - 5, legend_x + 12, legend_y + 5), fill=colour)
        _text(canvas, (legend_x + 18, legend_y), label, SMALL_SIZE, MUTED_TEXT, "lm")
        legend_x += room
    gutter = max(text_width(label, SMALL_SIZE) for label in (*chart.scale_labels, "0"))
    plot = (left + 24 + gutter, legend_y + 20, right - 14, bottom - 28)
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
    _text(canvas, (plot[0] - 8, plot[1]), high_label, SMALL_SIZE, MUTED_TEXT, "rm")
    _text(canvas, (plot[0] - 8, plot[3]), low_label, SMALL_SIZE, MUTED_TEXT, "rm")
    for index, (_, points) in enumerate(chart.series):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        line = [at(position, value) for position, value in enumerate(points)]
        if len(line) == 1:
            draw.ellipse((line[0][0] - 3, line[0][1] - 3, line[0][0] + 3, line[0][1] + 3), fill=colour)
        elif line:
            draw.line(line, fill=colour, width=3, joint="curve")
    _text(canvas, (plot[0], bottom - 13), chart.first_label, SMALL_SIZE, MUTED_TEXT, "lm")
    _text(canvas, (plot[2], bottom - 13), chart.last_label, SMALL_SIZE, MUTED_TEXT, "rm")
    return bottom
