"""The showdown picture of a game where every hand is shown in parts (Chinese Poker's front,
middle and back): one panel per player with their cards in labelled groups, then text lines
(every pairwise result, who paid whom).

Plain data in, an image out, like the table scene: no game rules here, only layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.draw import card_step, draw_text, paste_cards, strip_width
from render.faces import CARD_HEIGHT, CARD_WIDTH, CardLike
from render.palette import BACKDROP, BET_TEXT, FELT, MUTED_TEXT, SEAT_PANEL, TEXT
from render.png import to_indexed
from render.text import fit_text


@dataclass(frozen=True)
class ShowdownHand:
    """One player's hand at the showdown.

    ``rows`` are the hand's parts in order, each ``(label, cards, detail)``: ``("Front",
    cards, "Pair of Queens")``. ``summary`` is drawn beside the name (``"+7 points · +70
    chips"``) and ``note`` under it, highlighted (``"declared dragon"``, a foul's reason).
    """

    name: str
    rows: Sequence[tuple[str, Sequence[CardLike | None], str]]
    summary: str = ""
    note: str = ""


@dataclass(frozen=True)
class ShowdownSnapshot:
    title: str
    hands: Sequence[ShowdownHand]
    lines: Sequence[str] = ()
    """Text under the hands, one line each (results between players, payments)."""
    footer: str = ""
    four_colour: bool = False


WIDTH = 1200
MARGIN = 24
PANEL_PADDING = 14
PANEL_GAP = 12
HEADER_HEIGHT = 40
NOTE_HEIGHT = 26
DETAIL_HEIGHT = 30
GROUP_GAP = 28
TITLE_HEIGHT = 60
LINE_HEIGHT = 28
FOOTER_HEIGHT = 34
TITLE_SIZE, NAME_SIZE, SUMMARY_SIZE, DETAIL_SIZE, LINE_SIZE, FOOTER_SIZE = 30, 24, 21, 19, 20, 16
PANEL_WIDTH = WIDTH - 2 * MARGIN
CARDS_WIDTH = PANEL_WIDTH - 2 * PANEL_PADDING


def showdown(snapshot: ShowdownSnapshot) -> Image.Image:
    """Draw the showdown (palette image)."""
    heights = [_panel_height(hand) for hand in snapshot.hands]
    lines_top = TITLE_HEIGHT + sum(heights) + PANEL_GAP * len(heights)
    height = lines_top + LINE_HEIGHT * len(snapshot.lines) + FOOTER_HEIGHT + MARGIN // 2
    image = _background(heights, height)
    draw_text(image, (WIDTH // 2, TITLE_HEIGHT // 2 + 4), fit_text(snapshot.title, TITLE_SIZE, PANEL_WIDTH),
              TITLE_SIZE, TEXT, FELT, anchor="mm")
    top = TITLE_HEIGHT
    for hand, panel_height in zip(snapshot.hands, heights, strict=True):
        _draw_hand(image, hand, top, snapshot.four_colour)
        top += panel_height + PANEL_GAP
    for index, line in enumerate(snapshot.lines):
        middle = lines_top + index * LINE_HEIGHT + LINE_HEIGHT // 2
        draw_text(image, (MARGIN, middle), fit_text(line, LINE_SIZE, PANEL_WIDTH), LINE_SIZE, TEXT, FELT,
                  anchor="lm")
    draw_text(image, (WIDTH // 2, height - FOOTER_HEIGHT // 2 - 4),
              fit_text(snapshot.footer, FOOTER_SIZE, PANEL_WIDTH), FOOTER_SIZE, MUTED_TEXT, FELT,
              anchor="mm")
    return image


def _panel_height(hand: ShowdownHand) -> int:
    cards = CARD_HEIGHT + DETAIL_HEIGHT if any(cards for _, cards, _ in hand.rows) else 0
    return PANEL_PADDING + HEADER_HEIGHT + (NOTE_HEIGHT if hand.note else 0) + cards + PANEL_PADDING // 2


def _background(heights: Sequence[int], height: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=BACKDROP, width=2)
    top = TITLE_HEIGHT
    for panel_height in heights:
        draw.rounded_rectangle((MARGIN, top, MARGIN + PANEL_WIDTH, top + panel_height), radius=14,
                               fill=SEAT_PANEL)
        top += panel_height + PANEL_GAP
    return to_indexed(image)


def _draw_hand(image: Image.Image, hand: ShowdownHand, top: int, four_colour: bool) -> None:
    left = MARGIN + PANEL_PADDING
    middle = top + PANEL_PADDING + HEADER_HEIGHT // 2
    summary = fit_text(hand.summary, SUMMARY_SIZE, CARDS_WIDTH // 2)
    draw_text(image, (left + CARDS_WIDTH, middle), summary, SUMMARY_SIZE, BET_TEXT, SEAT_PANEL, anchor="rm")
    draw_text(image, (left, middle), fit_text(hand.name, NAME_SIZE, CARDS_WIDTH // 2), NAME_SIZE, TEXT,
              SEAT_PANEL, anchor="lm")
    cards_top = top + PANEL_PADDING + HEADER_HEIGHT
    if hand.note:
        note = fit_text(hand.note, DETAIL_SIZE, CARDS_WIDTH)
        draw_text(image, (left, cards_top + NOTE_HEIGHT // 2 - 2), note, DETAIL_SIZE, BET_TEXT, SEAT_PANEL,
                  anchor="lm")
        cards_top += NOTE_HEIGHT
    _draw_groups(image, hand.rows, left, cards_top, four_colour)


def _draw_groups(image: Image.Image, rows: Sequence[tuple[str, Sequence[CardLike | None], str]],
                 left: int, top: int, four_colour: bool) -> None:
    """The parts side by side, each given room in proportion to its cards, its label and
    detail under it."""
    groups = [row for row in rows if row[1]]
    if not groups:
        return
    total = sum(len(cards) for _, cards, _ in groups)
    room = CARDS_WIDTH - GROUP_GAP * (len(groups) - 1)
    for label, cards, detail in groups:
        width = room * len(cards) // total
        step = card_step(len(cards), width, 12)
        used = strip_width(len(cards), step)
        paste_cards(image, cards, four_colour, left + (width - used) // 2, top, step, SEAT_PANEL)
        text = f"{label}: {detail}" if detail else label
        draw_text(image, (left + width // 2, top + CARD_HEIGHT + DETAIL_HEIGHT // 2 + 2),
                  fit_text(text, DETAIL_SIZE, max(width, CARD_WIDTH)), DETAIL_SIZE, MUTED_TEXT, SEAT_PANEL,
                  anchor="mm")
        left += width + GROUP_GAP
