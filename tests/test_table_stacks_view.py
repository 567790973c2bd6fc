"""Stacks on the public table picture: the render field and the runtime-side annotation."""

from __future__ import annotations

from PIL import ImageChops

from bot.tables.stack_view import seated_with_stacks, stack_label, with_stacks
from render import SeatView, TableSnapshot
from render.faces import CARD_HEIGHT
from render.table import (
    BET_SIZE,
    NAME_SIZE,
    RAIL_WIDTH,
    SEAT_PADDING,
    STACK_GAP,
    TEXT_ROOM,
    TITLE_PADDING,
    TITLE_SIZE,
    WIDTH,
    SeatLines,
    table_scene,
)
from render.text import drawn_texts, line_height, text_width


def test_a_stack_is_drawn_on_the_name_line_only_and_the_seat_key_not_at_all() -> None:
    def scene(seat: SeatView) -> TableSnapshot:
        return TableSnapshot("HCF", seats=[seat])

    plain = table_scene(scene(SeatView("Alice", ("As", None), "Ante 10", "Waiting")))
    keyed = table_scene(scene(SeatView("Alice", ("As", None), "Ante 10", "Waiting", seat=5)))
    stacked = table_scene(scene(SeatView("Alice", ("As", None), "Ante 10", "Waiting",
                                         stack="1,250 chips", seat=5)))
    assert ImageChops.difference(plain.convert("RGB"), keyed.convert("RGB")).getbbox() is None
    box = ImageChops.difference(plain.convert("RGB"), stacked.convert("RGB")).getbbox()
    assert box is not None
    seats_top = RAIL_WIDTH + TITLE_PADDING + line_height(TITLE_SIZE) + TITLE_PADDING // 2
    name_line = (seats_top + SEAT_PADDING, seats_top + SEAT_PADDING + line_height(NAME_SIZE))
    assert name_line[0] <= box[1] and box[3] <= name_line[1] < name_line[1] + CARD_HEIGHT


def test_a_long_name_and_its_stack_are_both_drawn_whole() -> None:
    lines = SeatLines.of(SeatView("Maximilian Alexander von Stackenberg", stack="99,999 chips"))
    assert " ".join(lines.name) == "Maximilian Alexander von Stackenberg"
    assert all(text_width(line, NAME_SIZE) <= TEXT_ROOM for line in lines.name)
    assert lines.stack_on_name_line, lines  # the name's last line has room for the stack
    last_line = text_width(lines.name[-1], NAME_SIZE) + STACK_GAP + text_width("99,999 chips", BET_SIZE)
    assert last_line <= TEXT_ROOM
    short = SeatLines.of(SeatView("Al", stack="5 chips"))
    assert short.name == ["Al"] and short.stack_on_name_line
    with drawn_texts() as drawn:
        image = table_scene(TableSnapshot("HCF", seats=[SeatView("M" * 60, stack="9" * 60)]))
    assert image.width == WIDTH and drawn.cuts == []
    assert "".join(text for text, _ in drawn.sizes if set(text) == {"M"}) == "M" * 60


def test_each_seated_player_gets_a_stack_matched_by_seat_or_unique_name() -> None:
    drawn = TableSnapshot("Pot", seats=(
        SeatView("box of seven", seat=7, bet="Ante 5"),
        SeatView("alice", bet="Ante 10"),
        SeatView("house"),
        SeatView("bob", stack="kept"),
    ))
    seats = {7: "zed", 1: "alice", 2: "bob", 3: "carol"}
    shown = with_stacks(drawn, seats, {7: 70, 1: 1, 2: 20}, waiting_status="Next round")
    assert [(view.name, view.stack, view.seat, view.status) for view in shown.seats] == [
        ("box of seven", "70 chips", 7, ""),
        ("alice", "1 chip", 1, ""),
        ("house", "", None, ""),
        ("bob", "kept", None, ""),
        ("carol", "0 chips", 3, "Next round"),
    ]
    assert drawn.seats[0].stack == "", "the adapter's snapshot is not changed"


def test_a_name_two_players_share_matches_neither() -> None:
    drawn = TableSnapshot("Pot", seats=(SeatView("alex"),))
    shown = with_stacks(drawn, {1: "alex", 2: "alex"}, {1: 10, 2: 20}, waiting_status="Seated")
    assert [(view.name, view.stack, view.seat) for view in shown.seats] == [
        ("alex", "", None), ("alex", "10 chips", 1), ("alex", "20 chips", 2)]


def test_the_seated_field_lists_stacks_in_seating_order() -> None:
    assert seated_with_stacks({2: "bob", 1: "alice"}, {1: 1_250}) == "bob (0), alice (1,250)"
    assert stack_label(1) == "1 chip" and stack_label(12_000) == "12,000 chips"
