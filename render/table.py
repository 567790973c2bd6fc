"""The table scene: felt, the dealer's cards, the board, every seat, and a footer line.

The snapshot is plain data (text, cards, ``None`` for a face-down card), so a hidden card's
identity never reaches the renderer and cannot leak into a public image.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.draw import card_step, draw_text, paste_cards, paste_highlights, strip_width
from render.faces import CARD_HEIGHT, CardLike
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
from render.text import fit_text, text_width


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
    when one of them has cards, and seats fill rows of three."""

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

WIDTH = 1000
RAIL_WIDTH = 16
INNER_MARGIN = 20
"""From the rail's inner edge to the content."""
TITLE_HEIGHT = 56
LABEL_HEIGHT = 28
STATUS_HEIGHT = 30
SECTION_GAP = 56
"""Between the dealer's cards and the board."""
SEAT_COLUMNS = 3
SEAT_GAP = 12
SEAT_PADDING = 12
SEAT_NAME_HEIGHT = 34
BET_HEIGHT = 28
CHIP_RADIUS = 9
STACK_GAP = 10
SEAT_HEIGHT = (SEAT_PADDING + SEAT_NAME_HEIGHT + CARD_HEIGHT + BET_HEIGHT + STATUS_HEIGHT
               + SEAT_PADDING // 2)
FOOTER_HEIGHT = 34
CONTENT_LEFT = RAIL_WIDTH + INNER_MARGIN
CONTENT_WIDTH = WIDTH - 2 * CONTENT_LEFT
TITLE_SIZE, LABEL_SIZE, STATUS_SIZE = 30, 19, 20
NAME_SIZE, BET_SIZE, FOOTER_SIZE = 23, 18, 16


def table_scene(snapshot: TableSnapshot) -> Image.Image:
    """Draw the whole table (RGB)."""
    has_top = bool(snapshot.dealer or snapshot.community)
    seat_boxes = _seat_boxes(len(snapshot.seats), _seats_top(has_top))
    height = _height(has_top, seat_boxes)
    image = _background(height).copy()
    _draw_title(image, snapshot.title)
    if has_top:
        _draw_dealer_and_board(image, snapshot)
    for seat, box in zip(snapshot.seats, seat_boxes, strict=True):
        _draw_seat(image, seat, box, snapshot.four_colour)
    # Kept clear of the rounded corners of the felt.
    footer = fit_text(snapshot.footer, FOOTER_SIZE, CONTENT_WIDTH - 40)
    # Centred above the felt's inner line, which runs 10 px inside the rail.
    draw_text(image, (WIDTH // 2, height - RAIL_WIDTH - FOOTER_HEIGHT // 2 - 6), footer,
              FOOTER_SIZE, MUTED_TEXT, FELT, anchor="mm")
    return image


def _seats_top(has_top: bool) -> int:
    top = RAIL_WIDTH + TITLE_HEIGHT
    if has_top:
        top += LABEL_HEIGHT + CARD_HEIGHT + STATUS_HEIGHT + 8
    return top


def _seat_boxes(count: int, top: int) -> list[Box]:
    # Seats keep one width whatever their number, so a seat looks the same at every table.
    columns = SEAT_COLUMNS
    seat_width = (CONTENT_WIDTH - SEAT_GAP * (columns - 1)) // columns
    boxes = []
    for index in range(count):
        row, column = divmod(index, columns)
        in_this_row = min(columns, count - row * columns)
        # A short last row is centred rather than left-aligned.
        row_width = in_this_row * seat_width + (in_this_row - 1) * SEAT_GAP
        left = CONTENT_LEFT + (CONTENT_WIDTH - row_width) // 2 + column * (seat_width + SEAT_GAP)
        box_top = top + row * (SEAT_HEIGHT + SEAT_GAP)
        boxes.append((left, box_top, left + seat_width, box_top + SEAT_HEIGHT))
    return boxes


def _height(has_top: bool, seat_boxes: list[Box]) -> int:
    content_bottom = seat_boxes[-1][3] if seat_boxes else _seats_top(has_top)
    return content_bottom + 6 + FOOTER_HEIGHT + RAIL_WIDTH


@lru_cache(maxsize=8)
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


@lru_cache(maxsize=4)
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


def _draw_title(image: Image.Image, title: str) -> None:
    text = fit_text(title, TITLE_SIZE, CONTENT_WIDTH - 80)
    draw_text(image, (WIDTH // 2, RAIL_WIDTH + TITLE_HEIGHT // 2 + 6), text, TITLE_SIZE, TEXT,
              FELT, anchor="mm")


def _draw_dealer_and_board(image: Image.Image, snapshot: TableSnapshot) -> None:
    groups = [
        (snapshot.dealer_label, snapshot.dealer, snapshot.dealer_highlight, snapshot.dealer_status),
        (snapshot.board_label, snapshot.community, snapshot.community_highlight, ""),
    ]
    groups = [group for group in groups if group[1]]
    total_cards = sum(len(cards) for _, cards, _, _ in groups)
    available = CONTENT_WIDTH - SECTION_GAP * (len(groups) - 1)
    # Each group gets room in proportion to its cards; overlap only when the row is full.
    steps = [card_step(len(cards), available * len(cards) // total_cards, CARD_GAP)
             for _, cards, _, _ in groups]
    widths = [strip_width(len(cards), step) for (_, cards, _, _), step in zip(groups, steps,
                                                                               strict=True)]
    left = CONTENT_LEFT + (CONTENT_WIDTH - sum(widths) - SECTION_GAP * (len(groups) - 1)) // 2
    top = RAIL_WIDTH + TITLE_HEIGHT
    for (label, cards, highlight, status), step, width in zip(groups, steps, widths,
                                                              strict=True):
        draw_text(image, (left + width // 2, top + LABEL_HEIGHT // 2), label.upper(), LABEL_SIZE,
                  MUTED_TEXT, FELT, anchor="mm")
        cards_top = top + LABEL_HEIGHT
        paste_highlights(image, highlight, len(cards), left, cards_top, step, FELT)
        paste_cards(image, cards, snapshot.four_colour, left, cards_top, step, FELT)
        draw_text(image, (left + width // 2, cards_top + CARD_HEIGHT + STATUS_HEIGHT // 2 + 2),
                  fit_text(status, STATUS_SIZE, max(width, 240)), STATUS_SIZE, TEXT, FELT,
                  anchor="mm")
        left += width + SECTION_GAP


def fit_name_and_stack(name: str, stack: str, room: int) -> tuple[str, str]:
    """The name and the stack as drawn side by side in ``room`` pixels: the stack keeps up to
    half the room, the name is cut first."""
    stack = fit_text(stack, BET_SIZE, room // 2)
    return fit_text(name, NAME_SIZE, room - text_width(stack, BET_SIZE) - STACK_GAP), stack


def _draw_name_and_stack(image: Image.Image, seat: SeatView, centre: int, middle: int,
                         room: int) -> None:
    """The name, and the stack after it in the chips' colour; the name gives way first."""
    if not seat.stack:
        draw_text(image, (centre, middle), fit_text(seat.name, NAME_SIZE, room), NAME_SIZE,
                  TEXT, SEAT_PANEL, anchor="mm")
        return
    name, stack = fit_name_and_stack(seat.name, seat.stack, room)
    name_width, stack_width = text_width(name, NAME_SIZE), text_width(stack, BET_SIZE)
    left = centre - (name_width + STACK_GAP + stack_width) // 2
    draw_text(image, (left, middle), name, NAME_SIZE, TEXT, SEAT_PANEL, anchor="lm")
    draw_text(image, (left + name_width + STACK_GAP, middle), stack, BET_SIZE, BET_TEXT,
              SEAT_PANEL, anchor="lm")


def _draw_seat(image: Image.Image, seat: SeatView, box: Box, four_colour: bool) -> None:
    # Name above the cards, chips and status below, all centred: each line gets the full
    # panel width, so a long name never squeezes the bet out.
    left, top, right, bottom = box
    width, centre = right - left, (left + right) // 2
    image.paste(_seat_panel(width, bottom - top, seat.active), (left, top))
    text_room = width - 2 * SEAT_PADDING
    name_middle = top + SEAT_PADDING + SEAT_NAME_HEIGHT // 2 - 2
    _draw_name_and_stack(image, seat, centre, name_middle, text_room)
    cards_top = top + SEAT_PADDING + SEAT_NAME_HEIGHT
    if seat.cards:
        step = card_step(len(seat.cards), text_room, CARD_GAP)
        cards_left = left + (width - strip_width(len(seat.cards), step)) // 2
        paste_highlights(image, seat.highlight, len(seat.cards), cards_left, cards_top, step,
                         SEAT_PANEL)
        paste_cards(image, seat.cards, four_colour, cards_left, cards_top, step, SEAT_PANEL)
    bet_middle = cards_top + CARD_HEIGHT + BET_HEIGHT // 2 + 3
    if seat.bet:
        chip_room = 2 * CHIP_RADIUS + 8
        bet = fit_text(seat.bet, BET_SIZE, text_room - chip_room)
        bet_left = centre - (text_width(bet, BET_SIZE) + chip_room) // 2
        image.paste(chip_flat(SEAT_PANEL, CHIP_RADIUS), (bet_left, bet_middle - CHIP_RADIUS))
        draw_text(image, (bet_left + chip_room, bet_middle), bet, BET_SIZE, BET_TEXT, SEAT_PANEL,
                  anchor="lm")
    status = fit_text(seat.status, STATUS_SIZE, text_room)
    draw_text(image, (centre, bet_middle + BET_HEIGHT // 2 + STATUS_HEIGHT // 2), status,
              STATUS_SIZE, MUTED_TEXT, SEAT_PANEL, anchor="mm")
