"""The table scene: felt, the dealer's cards, the board, every seat, and a footer line.

The snapshot is plain data (text, cards, ``None`` for a face-down card), so a hidden card's
identity never reaches the renderer and cannot leak into a public image.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from render.draw import card_step, draw_text, paste_cards, paste_highlights, strip_width
from render.faces import CARD_HEIGHT, CARD_WIDTH, READABLE_STEP, CardLike
from render.hands import CARD_GAP
from render.palette import (
    ACTIVE_FRAME,
    BACKDROP,
    BET_TEXT,
    FELT,
    FELT_LINE,
    MUTED_TEXT,
    RAIL,
    RAIL_EDGE,
    SEAT_PANEL,
    TEXT,
)
from render.png import to_indexed
from render.sprites import chip_flat
from render.text import line_height, smallest_type, text_lines, text_width


@dataclass(frozen=True)
class SeatView:
    """One seat as the public sees it: ``None`` cards are face down."""

    name: str
    cards: Sequence[CardLike | None] = ()
    bet: str = ""
    """Chips on the table, as text: ``"Ante 10 · Blind 10"``."""
    status: str = ""
    """What happened or what is awaited: ``"Raised 4x"``, ``"Folded"``, ``"Wins 40"``."""
    highlight: Collection[int] = field(default_factory=frozenset)
    active: bool = False
    """The seat whose turn it is gets a gold frame."""
    stack: str = ""
    """Chips the player has at the table, as text (``"1,250"``): drawn after the name, for
    games played from table stacks."""
    seat: int | None = None
    """Whose seat this is (a player id), so a caller can add to the view; never drawn."""


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the public table image shows; the dealer's and the board's row is drawn only
    when one of them has cards, and seats fill rows of two."""

    title: str
    dealer: Sequence[CardLike | None] = ()
    community: Sequence[CardLike | None] = ()
    seats: Sequence[SeatView] = ()
    footer: str = ""
    """Small print at the bottom, e.g. the round number and the shuffle commitment hash."""
    dealer_status: str = ""
    dealer_label: str = "Dealer"
    """The name over the dealer's row (a player-banked game shows who banks)."""
    board_label: str = "Board"
    """The name over the community cards, in the reader's language."""
    dealer_highlight: Collection[int] = field(default_factory=frozenset)
    community_highlight: Collection[int] = field(default_factory=frozenset)
    four_colour: bool = False


Box = tuple[int, int, int, int]

WIDTH = 780
"""Laid out for a phone: Discord shows the picture about 360 px wide there (x0.46), so every
text is at least :func:`~render.text.smallest_type` (20 px) and two seats share a row, each
wide enough for seven overlapping cards whose ranks all show (High Card Flush)."""
SEATS_PER_PICTURE = 6
"""A table of more seats is shown as several pictures (:func:`table_pages`), each of them short
enough for a phone to show whole (:data:`~render.text.MAX_ASPECT`)."""
RAIL_WIDTH = 16
INNER_MARGIN = 20
"""From the rail's inner edge to the content."""
TITLE_PADDING = 10
LABEL_HEIGHT = 26
SECTION_GAP = 40
"""Between the dealer's cards and the board."""
SEAT_COLUMNS = 2
SEAT_GAP = 10
SEAT_PADDING = 8
CARD_MARGIN = 4
"""Above and below a seat's cards."""
CHIP_RADIUS = 9
STACK_GAP = 10
FOOTER_PADDING = 6
CONTENT_LEFT = RAIL_WIDTH + INNER_MARGIN
CONTENT_WIDTH = WIDTH - 2 * CONTENT_LEFT
SEAT_WIDTH = (CONTENT_WIDTH - SEAT_GAP * (SEAT_COLUMNS - 1)) // SEAT_COLUMNS
TEXT_ROOM = SEAT_WIDTH - 2 * SEAT_PADDING
CHIP_ROOM = 2 * CHIP_RADIUS + 8
SMALLEST = smallest_type(WIDTH)
TITLE_SIZE, LABEL_SIZE, STATUS_SIZE = 30, SMALLEST, SMALLEST + 1
NAME_SIZE, BET_SIZE, FOOTER_SIZE = SMALLEST + 3, SMALLEST, SMALLEST
FOOTER_ROOM = CONTENT_WIDTH - 80
"""Kept clear of the felt's rounded corners."""
assert CARD_WIDTH + 6 * READABLE_STEP <= TEXT_ROOM, "seven cards fit a seat with every rank shown"


@dataclass(frozen=True)
class SeatLines:
    """A seat's texts broken into the lines drawn (a long name, bet or result takes two)."""

    name: list[str]
    stack: str
    stack_on_name_line: bool
    bet: list[str]
    status: list[str]

    @classmethod
    def of(cls, seat: SeatView) -> SeatLines:
        name = text_lines(seat.name, NAME_SIZE, TEXT_ROOM) or [""]
        beside = bool(seat.stack) and (text_width(name[-1], NAME_SIZE) + STACK_GAP
                                       + text_width(seat.stack, BET_SIZE) <= TEXT_ROOM)
        return cls(name, seat.stack, beside, text_lines(seat.bet, BET_SIZE, TEXT_ROOM - CHIP_ROOM),
                   text_lines(seat.status, STATUS_SIZE, TEXT_ROOM))

    @property
    def name_height(self) -> int:
        extra = bool(self.stack) and not self.stack_on_name_line
        return len(self.name) * line_height(NAME_SIZE) + extra * line_height(BET_SIZE)

    @property
    def height(self) -> int:
        # At least one line each for the bet and the result, so seats line up at every phase.
        return (SEAT_PADDING + self.name_height + CARD_MARGIN + CARD_HEIGHT + CARD_MARGIN
                + max(1, len(self.bet)) * line_height(BET_SIZE)
                + max(1, len(self.status)) * line_height(STATUS_SIZE) + SEAT_PADDING)


@dataclass(frozen=True)
class TableLayout:
    title: list[str]
    dealer_status: list[str]
    footer: list[str]
    seats: list[SeatLines]
    seat_boxes: list[Box]
    has_top: bool
    height: int

    @classmethod
    def of(cls, snapshot: TableSnapshot) -> TableLayout:
        title = text_lines(snapshot.title, TITLE_SIZE, FOOTER_ROOM) or [""]
        has_top = bool(snapshot.dealer or snapshot.community)
        status = text_lines(snapshot.dealer_status, STATUS_SIZE, CONTENT_WIDTH) if has_top else []
        seats = [SeatLines.of(seat) for seat in snapshot.seats]
        top = _seats_top(len(title), has_top, len(status))
        boxes = _seat_boxes(seats, top)
        footer = text_lines(snapshot.footer, FOOTER_SIZE, FOOTER_ROOM)
        content_bottom = boxes[-1][3] if boxes else top
        height = (content_bottom + FOOTER_PADDING + len(footer) * line_height(FOOTER_SIZE)
                  + FOOTER_PADDING + RAIL_WIDTH + 10)
        return cls(title, status, footer, seats, boxes, has_top, height)


def table_pages(snapshot: TableSnapshot) -> list[TableSnapshot]:
    """The table as the pictures it is shown in: itself up to six seats; beyond, six seats a
    picture, the dealer and the board on the first, the footer on the last, each titled with
    its place ("(2/3)"). One tall picture would be shrunk (or cropped) by a phone until its
    text could not be read."""
    seats = list(snapshot.seats)
    if len(seats) <= SEATS_PER_PICTURE:
        return [snapshot]
    groups = [seats[first:first + SEATS_PER_PICTURE] for first in range(0, len(seats), SEATS_PER_PICTURE)]
    pages = []
    for number, group in enumerate(groups, 1):
        first, last = number == 1, number == len(groups)
        pages.append(replace(
            snapshot, title=f"{snapshot.title} ({number}/{len(groups)})", seats=group,
            dealer=snapshot.dealer if first else (), community=snapshot.community if first else (),
            dealer_status=snapshot.dealer_status if first else "", footer=snapshot.footer if last else ""))
    return pages


def table_scene(snapshot: TableSnapshot) -> Image.Image:
    """Draw the whole table (palette image)."""
    layout = TableLayout.of(snapshot)
    image = _background(layout.height).copy()
    _draw_lines(image, WIDTH // 2, RAIL_WIDTH + TITLE_PADDING, layout.title, TITLE_SIZE, TEXT, FELT)
    if layout.has_top:
        _draw_dealer_and_board(image, snapshot, len(layout.title), layout.dealer_status)
    for seat, lines, box in zip(snapshot.seats, layout.seats, layout.seat_boxes, strict=True):
        _draw_seat(image, seat, lines, box, snapshot.four_colour)
    footer_height = len(layout.footer) * line_height(FOOTER_SIZE)
    footer_top = layout.height - RAIL_WIDTH - 10 - FOOTER_PADDING - footer_height
    _draw_lines(image, WIDTH // 2, footer_top, layout.footer, FOOTER_SIZE, MUTED_TEXT, FELT)
    return image


def _draw_lines(image: Image.Image, centre: int, top: int, lines: Sequence[str], size: int,
                colour: tuple[int, int, int], background: tuple[int, int, int]) -> int:
    """Lines centred on ``centre`` from ``top`` down; the y under the last one."""
    step = line_height(size)
    for number, line in enumerate(lines):
        draw_text(image, (centre, top + number * step + step // 2), line, size, colour,
                  background, anchor="mm")
    return top + len(lines) * step


def _title_height(lines: int) -> int:
    return TITLE_PADDING + lines * line_height(TITLE_SIZE) + TITLE_PADDING // 2


def _seats_top(title_lines: int, has_top: bool, status_lines: int) -> int:
    top = RAIL_WIDTH + _title_height(title_lines)
    if has_top:
        top += LABEL_HEIGHT + CARD_HEIGHT + CARD_MARGIN + max(1, status_lines) * line_height(STATUS_SIZE) + 8
    return top


def _seat_boxes(seats: Sequence[SeatLines], top: int) -> list[Box]:
    # Seats keep one width whatever their number; a row is as tall as its tallest seat.
    boxes: list[Box] = []
    for first in range(0, len(seats), SEAT_COLUMNS):
        row = seats[first:first + SEAT_COLUMNS]
        height = max(seat.height for seat in row)
        # A short last row is centred rather than left-aligned.
        row_width = len(row) * SEAT_WIDTH + (len(row) - 1) * SEAT_GAP
        left = CONTENT_LEFT + (CONTENT_WIDTH - row_width) // 2
        for column in range(len(row)):
            box_left = left + column * (SEAT_WIDTH + SEAT_GAP)
            boxes.append((box_left, top, box_left + SEAT_WIDTH, top + height))
        top += height + SEAT_GAP
    return boxes


@lru_cache(maxsize=16)
def _background(height: int) -> Image.Image:
    """Rail and felt, drawn at 2x for smooth curves, indexed, cached per height (~1 MB)."""
    s = 2
    image = Image.new("RGB", (WIDTH * s, height * s), BACKDROP)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, WIDTH * s - 1, height * s - 1), radius=90 * s, fill=RAIL,
                           outline=RAIL_EDGE, width=3 * s)
    felt = RAIL_WIDTH * s
    draw.rounded_rectangle((felt, felt, (WIDTH - RAIL_WIDTH) * s - 1,
                            (height - RAIL_WIDTH) * s - 1), radius=76 * s, fill=FELT)
    line = (RAIL_WIDTH + 10) * s
    draw.rounded_rectangle((line, line, (WIDTH - RAIL_WIDTH - 10) * s - 1,
                            (height - RAIL_WIDTH - 10) * s - 1), radius=66 * s,
                           outline=FELT_LINE, width=s * 3 // 2)
    return to_indexed(image.reduce(s))


@lru_cache(maxsize=16)
def _seat_panel(width: int, height: int, active: bool) -> Image.Image:
    """A seat's panel on the felt; the seat whose turn it is gets a gold frame."""
    s = 2
    image = Image.new("RGB", (width * s, height * s), FELT)
    box = (0, 0, width * s - 1, height * s - 1)
    ImageDraw.Draw(image).rounded_rectangle(
        box, radius=14 * s, fill=SEAT_PANEL,
        outline=ACTIVE_FRAME if active else None, width=3 * s,
    )
    return to_indexed(image.reduce(s))


def _draw_dealer_and_board(image: Image.Image, snapshot: TableSnapshot, title_lines: int,
                           status: Sequence[str]) -> None:
    groups = [
        (snapshot.dealer_label, snapshot.dealer, snapshot.dealer_highlight),
        (snapshot.board_label, snapshot.community, snapshot.community_highlight),
    ]
    groups = [group for group in groups if group[1]]
    total_cards = sum(len(cards) for _, cards, _ in groups)
    available = CONTENT_WIDTH - SECTION_GAP * (len(groups) - 1)
    # Each group gets room in proportion to its cards; overlap only when the row is full.
    steps = [card_step(len(cards), available * len(cards) // total_cards, CARD_GAP)
             for _, cards, _ in groups]
    widths = [strip_width(len(cards), step) for (_, cards, _), step in zip(groups, steps, strict=True)]
    left = CONTENT_LEFT + (CONTENT_WIDTH - sum(widths) - SECTION_GAP * (len(groups) - 1)) // 2
    top = RAIL_WIDTH + _title_height(title_lines)
    cards_top = top + LABEL_HEIGHT
    for (label, cards, highlight), step, width in zip(groups, steps, widths, strict=True):
        draw_text(image, (left + width // 2, top + LABEL_HEIGHT // 2), label.upper(), LABEL_SIZE,
                  MUTED_TEXT, FELT, anchor="mm")
        paste_highlights(image, highlight, len(cards), left, cards_top, step, FELT)
        paste_cards(image, cards, snapshot.four_colour, left, cards_top, step, FELT)
        left += width + SECTION_GAP
    # The dealer's line spans the table: the hand's name and whether it qualifies, never cut.
    _draw_lines(image, WIDTH // 2, cards_top + CARD_HEIGHT + CARD_MARGIN, status, STATUS_SIZE, TEXT, FELT)


def _draw_name_and_stack(image: Image.Image, lines: SeatLines, centre: int, top: int) -> int:
    """The name (its lines), and the stack in the chips' colour after it or under it; the y
    under them."""
    step = line_height(NAME_SIZE)
    for number, line in enumerate(lines.name):
        middle = top + number * step + step // 2
        last = number == len(lines.name) - 1
        if not (last and lines.stack_on_name_line):
            draw_text(image, (centre, middle), line, NAME_SIZE, TEXT, SEAT_PANEL, anchor="mm")
            continue
        name_width, stack_width = text_width(line, NAME_SIZE), text_width(lines.stack, BET_SIZE)
        left = centre - (name_width + STACK_GAP + stack_width) // 2
        draw_text(image, (left, middle), line, NAME_SIZE, TEXT, SEAT_PANEL, anchor="lm")
        draw_text(image, (left + name_width + STACK_GAP, middle), lines.stack, BET_SIZE, BET_TEXT,
                  SEAT_PANEL, anchor="lm")
    top += len(lines.name) * step
    if lines.stack and not lines.stack_on_name_line:
        top = _draw_lines(image, centre, top, [lines.stack], BET_SIZE, BET_TEXT, SEAT_PANEL)
    return top


def _draw_seat(image: Image.Image, seat: SeatView, lines: SeatLines, box: Box, four_colour: bool) -> None:
    # Name above the cards, chips and result below, all centred and wrapped to the panel.
    left, top, right, bottom = box
    width, centre = right - left, (left + right) // 2
    image.paste(_seat_panel(width, bottom - top, seat.active), (left, top))
    cards_top = _draw_name_and_stack(image, lines, centre, top + SEAT_PADDING) + CARD_MARGIN
    if seat.cards:
        step = card_step(len(seat.cards), TEXT_ROOM, CARD_GAP)
        cards_left = left + (width - strip_width(len(seat.cards), step)) // 2
        paste_highlights(image, seat.highlight, len(seat.cards), cards_left, cards_top, step,
                         SEAT_PANEL)
        paste_cards(image, seat.cards, four_colour, cards_left, cards_top, step, SEAT_PANEL)
    y = cards_top + CARD_HEIGHT + CARD_MARGIN
    bet_step = line_height(BET_SIZE)
    for number, line in enumerate(lines.bet):
        middle = y + number * bet_step + bet_step // 2
        line_left = centre - (text_width(line, BET_SIZE) + CHIP_ROOM) // 2
        if number == 0:
            image.paste(chip_flat(SEAT_PANEL, CHIP_RADIUS), (line_left, middle - CHIP_RADIUS))
        draw_text(image, (line_left + CHIP_ROOM, middle), line, BET_SIZE, BET_TEXT, SEAT_PANEL,
                  anchor="lm")
    y += max(1, len(lines.bet)) * bet_step
    _draw_lines(image, centre, y, lines.status, STATUS_SIZE, MUTED_TEXT, SEAT_PANEL)
