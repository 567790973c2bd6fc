"""Replies say what happened: Undo, Rebet and Double answer with the bets now in place, a refused
exchange names its reason, the private boxed picture and message name every box's hand in full,
and the High Card Flush bank offer names the player it is offered to."""

from __future__ import annotations

from typing import Any

import pytest

from render.faces import CARD_HEIGHT
from render.fonts import font
from render.hands import LABEL_WIDTH, LINE_GAP, NAME_SIZE, SMALLEST_DETAIL_SIZE, detail_lines
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness
from tests.harness.tables import EACH_BOXED_GAME, TableDriver
from tests.test_distinct_buttons import alice_plays, open_table, reach_the_exchange


@pytest.fixture
def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return TableDriver(harness, clock)


async def test_uth_undo_double_and_rebet_answer_with_the_bets_in_place(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    alice = await alice_plays(harness, tables, "uth", "Ante 10", "Trips 10")
    assert (await tables.press(alice, "Double")).text.startswith(
        "Double: Ante 20 · Blind 20 · Trips 20 · round #")
    assert (await tables.press(alice, "Undo")).text.startswith(
        "Undo: Ante 10 · Blind 10 · Trips 10 · round #")
    await tables.press(alice, "Undo")
    assert (await tables.press(alice, "Undo")).text.startswith("Undo: no bets left · round #")
    await tables.press(alice, "Ante 10")
    for _ in range(4):
        await tables.pass_time(31)
    assert tables.table().round is None
    rebet = await tables.press(alice, "Rebet")
    assert rebet.text.startswith("Rebet: Ante 10 · Blind 10 · round #"), rebet.text


@EACH_BOXED_GAME
async def test_boxed_undo_and_rebet_answer_with_every_box_in_place(
    harness: DiscordHarness, tables: TableDriver, game: str,
) -> None:
    alice = await alice_plays(harness, tables, game, "Box 1: Ante 10", "Box 2: Ante 10", "Box 1: Bonus 1")
    undone = await tables.press(alice, "Undo")
    assert undone.text.startswith("Undo: Box 1: Ante 10; Box 2: Ante 10 · round #"), undone.text
    await tables.pass_time(31)
    while tables.table().round is not None:  # fold what is asked, let the rest time out
        await tables.pass_time(31)
    rebet = await tables.press(alice, "Rebet")
    assert rebet.text.startswith("Rebet: Box 1: Ante 10; Box 2: Ante 10 · round #"), rebet.text


@EACH_BOXED_GAME
async def test_a_refused_exchange_says_why(harness: DiscordHarness, tables: TableDriver, game: str) -> None:
    await open_table(harness, tables, game)
    alice = harness.user("alice")
    await reach_the_exchange(harness, tables, game, alice)
    assert "Exchange box 3" not in tables.buttons(), "only the boxes that may ask are offered"
    refused = await harness.slash(alice, f"{game} exchange", box=3)
    assert refused.ephemeral and refused.text == "Box 3 has no Ante, so it cannot take part in the exchange."


# -- the private boxed picture and text ----------------------------------------------------------
LONGEST_HAND_NAMES = [
    "Two Pair, Queens and Jacks", "Full House, Queens full of Jacks",
    "Straight Flush, Queen high", "Three of a Kind, Sevens", "Royal Flush",
    "Imperial Flush", "Four of a Kind, Queens · Draw 2 in a row: costs 2 Antes",
    "Vollständiges Haus, Damen über Buben",  # a longer language must fit too
]


@pytest.mark.parametrize("name", LONGEST_HAND_NAMES)
def test_a_hand_name_beside_its_cards_is_wrapped_never_cut(name: str) -> None:
    room = CARD_HEIGHT - NAME_SIZE - LINE_GAP  # under the box's label, beside its cards
    size, lines = detail_lines(name, room)
    # Every word is drawn; a line may break where a " · " stood.
    assert " · ".join(lines).replace(" · ", " ").split() == name.replace(" · ", " ").split()
    assert all(font(size).getlength(line) <= LABEL_WIDTH for line in lines)
    assert size >= SMALLEST_DETAIL_SIZE
    # Smaller than the usual size only to fit beside the cards; at the phone's floor the row grows.
    assert size == SMALLEST_DETAIL_SIZE or len(lines) * (size + LINE_GAP) <= room


async def test_the_private_boxed_message_names_each_boxs_hand(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    alice = await alice_plays(harness, tables, "imperial", "Box 1: Ante 10", "Box 2: Ante 10")
    await tables.pass_time(31)
    await tables.press(alice, "Bet")  # box 1 decided: box 2 is turned for its decision
    mine = await tables.press(alice, "My cards")
    boxes = tables.round_state().private_view(alice.id).boxes
    assert [box.position for box in boxes if box.hand] == [1, 2]
    for box in boxes:
        assert f"box {box.position}: {box.hand}" in mine.text, mine.text


# -- High Card Flush ---------------------------------------------------------------------------
async def test_the_bank_offer_names_the_player_it_is_offered_to(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    await open_table(harness, tables, "hcf", max_bet=100, bank_minimum=300)
    alice, bob = harness.user("alice"), harness.user("bob")
    for user in (alice, bob):
        await harness.slash(user, "hcf buyin", amount=500)
    await tables.press(bob, "Deal next hand")
    offered: Any = tables.round_state().offered
    assert f"The bank is offered to <@{offered}>" in tables.phase()
    await tables.press(alice if offered == alice.id else bob, "Decline bank")
    following = tables.round_state().offered
    assert following != offered and f"The bank is offered to <@{following}>" in tables.phase()


async def test_imperial_rebet_pressed_again_adds_last_rounds_bets_once_more(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    alice = await alice_plays(harness, tables, "imperial", "Box 1: Ante 10", "Box 1: Bonus 1")
    while tables.table().round is not None:
        await tables.pass_time(31)
    await tables.press(alice, "Rebet")
    again = await tables.press(alice, "Rebet")  # after the table was redrawn: a second click
    assert again.text.startswith("Rebet: Box 1: Ante 20 · Bonus 2 · round #"), again.text
