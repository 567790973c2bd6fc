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
    SEAT_NAME_HEIGHT,
    SEAT_PADDING,
    STACK_GAP,
    TITLE_HEIGHT,
    fit_name_and_stack,
    table_scene,
)
from render.text import text_width


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
    seats_top = RAIL_WIDTH + TITLE_HEIGHT
    name_line = (seats_top + SEAT_PADDING, seats_top + SEAT_PADDING + SEAT_NAME_HEIGHT)
    assert name_line[0] <= box[1] and box[3] <= name_line[1] < name_line[1] + CARD_HEIGHT


def test_a_long_name_gives_way_to_the_stack() -> None:
    room = 280
    name, stack = fit_name_and_stack("Maximilian Alexander von Stackenberg", "99,999 chips", room)
    assert stack == "99,999 chips" and name.endswith("\u2026")
    assert text_width(name, NAME_SIZE) + STACK_GAP + text_width(stack, BET_SIZE) <= room
    assert fit_name_and_stack("Al", "5 chips", room) == ("Al", "5 chips")
    image = table_scene(TableSnapshot("HCF", seats=[SeatView("M" * 60, stack="9" * 60)]))
    assert image.width == 1000


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
