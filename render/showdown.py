"""The showdown picture of a game where every hand is shown in parts (Chinese Poker's front,
middle and back): one panel per player with their cards in labelled groups, then text lines
(every pairwise result, who paid whom).

Plain data in, an image out, like the table scene: no game rules here, only layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from render.draw import card_step, draw_text, paste_cards, strip_width
from render.faces import CARD_HEIGHT, CARD_WIDTH, READABLE_STEP, CardLike
from render.palette import BACKDROP, BET_TEXT, FELT, MUTED_TEXT, SEAT_PANEL, TEXT
from render.png import to_indexed
from render.text import MAX_ASPECT, line_height, smallest_type, text_lines, text_width


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


WIDTH = 780
"""Laid out for a phone like the table (see ``render.table.WIDTH``): every text at least
:func:`~render.text.smallest_type` and a hand's three parts side by side, every rank shown."""
MARGIN = 18
PANEL_PADDING = 10
PANEL_GAP = 10
CARD_GAP = 8
GROUP_GAP = 16
TITLE_PADDING = 12
FOOTER_PADDING = 10
SMALLEST = smallest_type(WIDTH)
TITLE_SIZE, NAME_SIZE, SUMMARY_SIZE = 28, SMALLEST + 4, SMALLEST + 2
DETAIL_SIZE, LINE_SIZE, FOOTER_SIZE = SMALLEST, SMALLEST + 1, SMALLEST
PANEL_WIDTH = WIDTH - 2 * MARGIN
CARDS_WIDTH = PANEL_WIDTH - 2 * PANEL_PADDING
SUMMARY_GAP = 16

Group = tuple[str, Sequence[CardLike | None], str]


@dataclass(frozen=True)
class HandLayout:
    """One panel's lines and its parts' places: (left, width, card step, label lines)."""

    heading: list[tuple[str, str]]
    """(name line, summary line): both on one line when they fit, else one under the other."""
    note: list[str]
    groups: list[tuple[Group, int, int, int, list[str]]]
    height: int

    @classmethod
    def of(cls, hand: ShowdownHand) -> HandLayout:
        heading = _heading(hand.name, hand.summary)
        note = text_lines(hand.note, DETAIL_SIZE, CARDS_WIDTH)
        groups = _groups(hand.rows)
        labels = max((len(lines) for *_, lines in groups), default=0)
        cards = (CARD_HEIGHT + 6 + labels * line_height(DETAIL_SIZE)) if groups else 0
        height = (PANEL_PADDING + len(heading) * line_height(NAME_SIZE) + len(note) * line_height(DETAIL_SIZE)
                  + 6 + cards + PANEL_PADDING)
        return cls(heading, note, groups, height)


def _heading(name: str, summary: str) -> list[tuple[str, str]]:
    names = text_lines(name, NAME_SIZE, CARDS_WIDTH) or [""]
    summaries = text_lines(summary, SUMMARY_SIZE, CARDS_WIDTH)
    last = names[-1]
    if len(summaries) == 1 and (text_width(last, NAME_SIZE) + SUMMARY_GAP
                                + text_width(summaries[0], SUMMARY_SIZE) <= CARDS_WIDTH):
        return [(line, "") for line in names[:-1]] + [(last, summaries[0])]
    return [(line, "") for line in names] + [("", line) for line in summaries]


def _groups(rows: Sequence[Group]) -> list[tuple[Group, int, int, int, list[str]]]:
    """The parts side by side: each first gets the room its cards need with every rank shown,
    then the rest of the row in proportion to its cards."""
    groups = [row for row in rows if row[1]]
    if not groups:
        return []
    needs = [strip_width(len(cards), READABLE_STEP) for _, cards, _ in groups]
    spare = max(0, CARDS_WIDTH - GROUP_GAP * (len(groups) - 1) - sum(needs))
    total = sum(len(cards) for _, cards, _ in groups)
    placed, left = [], 0
    for group, need in zip(groups, needs, strict=True):
        label, cards, detail = group
        width = need + spare * len(cards) // total
        step = card_step(len(cards), width, CARD_GAP)
        text = f"{label}: {detail}" if detail else label
        placed.append((group, left, width, step, text_lines(text, DETAIL_SIZE, max(width, CARD_WIDTH))))
        left += width + GROUP_GAP
    return placed


@dataclass(frozen=True)
class ShowdownLayout:
    title: list[str]
    hands: list[HandLayout]
    lines: list[str]
    footer: list[str]

    @classmethod
    def of(cls, snapshot: ShowdownSnapshot) -> ShowdownLayout:
        return cls(text_lines(snapshot.title, TITLE_SIZE, PANEL_WIDTH) or [""],
                   [HandLayout.of(hand) for hand in snapshot.hands],
                   [line for text in snapshot.lines for line in text_lines(text, LINE_SIZE, PANEL_WIDTH)],
                   text_lines(snapshot.footer, FOOTER_SIZE, PANEL_WIDTH))

    @property
    def title_height(self) -> int:
        return TITLE_PADDING + len(self.title) * line_height(TITLE_SIZE) + TITLE_PADDING // 2

    @property
    def lines_top(self) -> int:
        return self.title_height + sum(hand.height + PANEL_GAP for hand in self.hands)

    @property
    def footer_top(self) -> int:
        return self.lines_top + len(self.lines) * line_height(LINE_SIZE) + FOOTER_PADDING

    @property
    def height(self) -> int:
        return self.footer_top + len(self.footer) * line_height(FOOTER_SIZE) + FOOTER_PADDING


def showdown_pages(snapshot: ShowdownSnapshot) -> list[ShowdownSnapshot]:
    """The showdown as the pictures it is shown in: one, or when that would be taller than a
    phone shows whole, the hands in one and the results between players in a second."""
    if ShowdownLayout.of(snapshot).height <= MAX_ASPECT * WIDTH or not snapshot.lines:
        return [snapshot]
    return [replace(snapshot, title=f"{snapshot.title} (1/2)", lines=(), footer=""),
            replace(snapshot, title=f"{snapshot.title} (2/2)", hands=())]


def showdown(snapshot: ShowdownSnapshot) -> Image.Image:
    """Draw the showdown (palette image)."""
    layout = ShowdownLayout.of(snapshot)
    title, hands, lines, footer = layout.title, layout.hands, layout.lines, layout.footer
    title_height, lines_top, footer_top = layout.title_height, layout.lines_top, layout.footer_top
    image = _background([hand.height for hand in hands], title_height, layout.height)
    _draw_lines(image, TITLE_PADDING, title, TITLE_SIZE, TEXT, "mm")
    top = title_height
    for hand in hands:
        _draw_hand(image, hand, top, snapshot.four_colour)
        top += hand.height + PANEL_GAP
    _draw_lines(image, lines_top, lines, LINE_SIZE, TEXT, "lm")
    _draw_lines(image, footer_top, footer, FOOTER_SIZE, MUTED_TEXT, "mm")
    return image


def _draw_lines(image: Image.Image, top: int, lines: Sequence[str], size: int,
                colour: tuple[int, int, int], anchor: str) -> None:
    """Lines on the felt from ``top`` down: centred ("mm") or from the margin ("lm")."""
    x = WIDTH // 2 if anchor == "mm" else MARGIN
    step = line_height(size)
    for number, line in enumerate(lines):
        draw_text(image, (x, top + number * step + step // 2), line, size, colour, FELT, anchor=anchor)


def _background(heights: Sequence[int], top: int, height: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=BACKDROP, width=2)
    for panel_height in heights:
        draw.rounded_rectangle((MARGIN, top, MARGIN + PANEL_WIDTH, top + panel_height), radius=14,
                               fill=SEAT_PANEL)
        top += panel_height + PANEL_GAP
    return to_indexed(image)


def _draw_hand(image: Image.Image, layout: HandLayout, top: int, four_colour: bool) -> None:
    left, right = MARGIN + PANEL_PADDING, MARGIN + PANEL_PADDING + CARDS_WIDTH
    y = top + PANEL_PADDING
    step = line_height(NAME_SIZE)
    for name, summary in layout.heading:
        middle = y + step // 2
        draw_text(image, (left, middle), name, NAME_SIZE, TEXT, SEAT_PANEL, anchor="lm")
        draw_text(image, (right, middle), summary, SUMMARY_SIZE, BET_TEXT, SEAT_PANEL, anchor="rm")
        y += step
    for line in layout.note:
        draw_text(image, (left, y + line_height(DETAIL_SIZE) // 2), line, DETAIL_SIZE, BET_TEXT,
                  SEAT_PANEL, anchor="lm")
        y += line_height(DETAIL_SIZE)
    _draw_groups(image, layout.groups, left, y + 6, four_colour)


def _draw_groups(image: Image.Image, groups: Sequence[tuple[Group, int, int, int, list[str]]],
                 left: int, top: int, four_colour: bool) -> None:
    """The parts side by side, each with its label and hand under it."""
    step_y = line_height(DETAIL_SIZE)
    for (_, cards, _), offset, width, step, labels in groups:
        used = strip_width(len(cards), step)
        group_left = left + offset
        paste_cards(image, cards, four_colour, group_left + (width - used) // 2, top, step, SEAT_PANEL)
        for number, line in enumerate(labels):
            middle = top + CARD_HEIGHT + 6 + number * step_y + step_y // 2
            draw_text(image, (group_left + width // 2, middle), line, DETAIL_SIZE, MUTED_TEXT,
                      SEAT_PANEL, anchor="mm")
