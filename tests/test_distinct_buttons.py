"""Two different buttons are two actions, in every game, even pressed within one redraw of the
table (both clicks carry the same rendering in their custom ids). Only the same button pressed
twice in a row, or one interaction delivered twice, acts once."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import CasinoBot
from bot.config import Config
from bot.games.boxed.rules import HandClass, Phase, hand_class
from bot.games.chinese import auto_arrange
from bot.i18n import restored
from bot.poker import Card, evaluate_rank
from bot.poker.shuffle import deck_from_seed
from bot.tables.chinese import ChineseTableOptions
from bot.tables.config import TableConfig
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, FakeUser, Reply, walk_components
from tests.harness.fake_discord import CHANNEL_MESSAGE
from tests.harness.tables import EACH_BOXED_GAME, TableDriver

DOUBLE_CLICK = "already done"


def ids_of(message: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for c in walk_components(message.get("components") or [])
            if c.get("type") == 2}


async def press_in_one_rendering(harness: DiscordHarness, tables: TableDriver, user: FakeUser,
                                 *labels: str, message: dict[str, Any] | None = None) -> list[Reply]:
    """Press buttons one after another on one rendering of a message (the table's unless another
    is given), as a player does faster than the table is redrawn."""
    await tables.settle()
    rendering = copy.deepcopy(message if message is not None else tables.message())
    buttons = ids_of(rendering)
    replies = [await harness.click(user, rendering, buttons[label]) for label in labels]
    await tables.settle()
    return replies


def both_orders(first: str, second: str) -> list[tuple[str, str]]:
    """Two presses, each way round: a test of two different buttons holds in either order."""
    return [(first, second), (second, first)]


def accepted(reply: Reply) -> bool:
    return reply.type == CHANNEL_MESSAGE and " · round #" in reply.text and DOUBLE_CLICK not in reply.text


async def each_accepted(harness: DiscordHarness, tables: TableDriver, user: FakeUser,
                        labels: tuple[str, ...]) -> None:
    """``user`` presses ``labels`` on one rendering of the table, and every press acts."""
    replies = await press_in_one_rendering(harness, tables, user, *labels)
    assert all(map(accepted, replies)), [r.text for r in replies]


def refused_as_double_click(reply: Reply) -> bool:
    return reply.ephemeral and DOUBLE_CLICK in reply.text



async def open_table(harness: DiscordHarness, tables: TableDriver, game: str, **options: Any) -> None:
    admin = harness.user("pit-boss", admin=True)
    await harness.slash(admin, "table open", game=game, **{"min_bet": 10, "max_bet": 500, **options})
    await tables.settle()


async def alice_plays(harness: DiscordHarness, tables: TableDriver, game: str, *presses: str,
                      **options: Any) -> FakeUser:
    """Alice at a new ``game`` table, having pressed ``presses`` in order."""
    await open_table(harness, tables, game, **options)
    alice = harness.user("alice")
    for label in presses:
        await tables.press(alice, label)
    return alice


@pytest.fixture
def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return TableDriver(harness, clock)


async def alices_presses_all_count(harness: DiscordHarness, tables: TableDriver, game: str,
                                   presses: tuple[str, ...]) -> Any:
    """Alice opens a round of ``game`` with Ante 10, then makes ``presses`` on one rendering of
    the table message: each is accepted. Her seat afterwards."""
    alice = await alice_plays(harness, tables, game, "Ante 10")  # the round opens; the rest share a rendering
    await each_accepted(harness, tables, alice, presses)
    return tables.round_state().seats[alice.id]


# -- Ultimate Texas Hold'em ------------------------------------------------------------------
@pytest.mark.parametrize("order", both_orders("Ante 10", "Ante 50"))
async def test_uth_two_ante_buttons_are_two_antes(harness: DiscordHarness, tables: TableDriver,
                                                  order: tuple[str, str]) -> None:
    seat = await alices_presses_all_count(harness, tables, "uth", order)
    assert seat.ante == 70
    await harness.audit_ok()


@pytest.mark.parametrize("order", both_orders("Ante 10", "Trips 10"))
async def test_uth_ante_and_trips_are_two_bets(harness: DiscordHarness, tables: TableDriver,
                                               order: tuple[str, str]) -> None:
    seat = await alices_presses_all_count(harness, tables, "uth", order)
    assert (seat.ante, seat.trips) == (20, 10)


async def test_uth_the_same_button_twice_in_a_row_acts_once_but_again_after_another(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    await open_table(harness, tables, "uth")
    alice, bob = harness.user("alice"), harness.user("bob")
    await tables.press(alice, "Ante 10")
    first, again = await press_in_one_rendering(harness, tables, alice, "Ante 10", "Ante 10")
    assert accepted(first) and refused_as_double_click(again)
    assert tables.round_state().seats[alice.id].ante == 20
    # Another player's press in between is not alice's: her next Ante 10 is still a double click.
    (bobs,) = await press_in_one_rendering(harness, tables, bob, "Ante 10")
    replies = await press_in_one_rendering(harness, tables, alice, "Ante 50", "Ante 10", "Ante 10")
    assert [accepted(r) for r in replies] == [True, True, False]
    assert accepted(bobs) and tables.round_state().seats[alice.id].ante == 80
    await harness.audit_ok()


async def test_one_interaction_delivered_twice_acts_once(harness: DiscordHarness,
                                                         tables: TableDriver) -> None:
    alice = await alice_plays(harness, tables, "uth", "Ante 10")
    payload = harness.component_payload(alice, copy.deepcopy(tables.message()),
                                        tables.buttons()["Ante 50"])
    await harness.deliver(payload, copy.deepcopy(payload))
    await tables.settle()
    assert tables.round_state().seats[alice.id].ante == 60


# -- the boxed games -------------------------------------------------------------------------
def dealer_misses(dealer_cards: int, *, boxes: int = 2) -> bytes:
    """A seed whose dealer (dealt after the boxes, five cards each) holds less than Ace-King."""
    first = 5 * boxes
    for number in range(10_000):
        seed = number.to_bytes(32, "big")
        if hand_class(evaluate_rank(deck_from_seed(seed)[first:first + dealer_cards])) < HandClass.ACE_KING:
            return seed
    raise AssertionError("no such seed")


@EACH_BOXED_GAME
@pytest.mark.parametrize("order", both_orders("Box 1: Ante 10", "Box 2: Ante 10"))
async def test_two_boxes_ante_buttons_are_two_antes(harness: DiscordHarness, tables: TableDriver,
                                                    game: str, order: tuple[str, str]) -> None:
    await open_table(harness, tables, game)
    alice, bob = harness.user("alice"), harness.user("bob")
    await tables.press(bob, "Box 1: Ante 10")  # opens the round
    await each_accepted(harness, tables, alice, order)
    boxes = tables.round_state().seats[alice.id].boxes
    assert (boxes[1].ante, boxes[2].ante) == (10, 10)
    await harness.audit_ok()


async def reach_the_exchange(harness: DiscordHarness, tables: TableDriver, game: str,
                             alice: FakeUser) -> None:
    """Alice plays boxes 1 and 2 open, Bets both, and the dealer does not qualify."""
    seed = dealer_misses(tables.table().adapter.boxed_game.dealer.cards)
    harness.use_deck(seed)
    await tables.press(alice, "Box 1: Ante 10")
    await tables.press(alice, "Box 2: Ante 10")
    await tables.pass_time(31)
    for _ in range(4):
        if tables.round_state().phase is Phase.EXCHANGE:
            return
        await tables.press(alice, "Bet" if tables.round_state().private_view(alice.id).can_bet else "Go on")
    assert tables.round_state().phase is Phase.EXCHANGE, "the dealer qualified"


@EACH_BOXED_GAME
@pytest.mark.parametrize("order", both_orders("Exchange box 1", "Exchange box 2"))
async def test_two_exchange_buttons_pick_two_boxes(harness: DiscordHarness, tables: TableDriver,
                                                   game: str, order: tuple[str, str]) -> None:
    await open_table(harness, tables, game)
    alice = harness.user("alice")
    await reach_the_exchange(harness, tables, game, alice)
    await each_accepted(harness, tables, alice, order)
    boxes = tables.round_state().seats[alice.id].boxes
    assert boxes[1].exchange and boxes[2].exchange
    # Pressing one of them again right after is a double click, not an unpick.
    (again,) = await press_in_one_rendering(harness, tables, alice, order[1])
    assert accepted(again) and not tables.round_state().seats[alice.id].boxes[int(order[1][-1])].exchange


# -- High Card Flush -----------------------------------------------------------------------
@pytest.mark.parametrize("order", both_orders("SF bonus 10", "Flush bonus 10"))
async def test_hcf_the_two_bonus_buttons_are_two_bets(harness: DiscordHarness, tables: TableDriver,
                                                      order: tuple[str, str]) -> None:
    await open_table(harness, tables, "hcf", max_bet=100, bank_minimum=300)
    alice = harness.user("alice")
    await harness.slash(alice, "hcf buyin", amount=500)
    await tables.press(alice, "Ante 10")  # opens a hand and declines the bank offer
    await each_accepted(harness, tables, alice, order)
    player = tables.round_state().game.players[alice.id]
    assert (player.ante, player.straight_flush, player.flush) == (10, 10, 10)
    await harness.audit_ok()


@pytest.mark.parametrize("order", both_orders("Ante 50", "Ante 10"))
async def test_hcf_two_ante_buttons_are_two_actions(harness: DiscordHarness, tables: TableDriver,
                                                    order: tuple[str, str]) -> None:
    """A High Card Flush Ante names the Ante's amount (it replaces, not adds): the last one
    pressed stands, and both were taken."""
    await open_table(harness, tables, "hcf", max_bet=100, bank_minimum=300)
    alice = harness.user("alice")
    await harness.slash(alice, "hcf buyin", amount=500)
    await tables.press(alice, "Ante 10")
    await each_accepted(harness, tables, alice, order)
    assert tables.round_state().game.players[alice.id].ante == int(order[1].split()[1])
    labels = [restored(a.label) for a in await harness.bot.store.round_actions(tables.table().round.id)]
    assert len([label for label in labels if label.startswith("Ante")]) == 3, labels


# -- Three Card Poker ------------------------------------------------------------------------
@pytest.mark.parametrize("order", [("Ante 10", "Ante 50", "Pair Plus 10"),
                                   ("Pair Plus 10", "Ante 50", "Ante 10")])
async def test_threecard_ante_ante_and_pair_plus_are_three_bets(
    harness: DiscordHarness, tables: TableDriver, order: tuple[str, ...],
) -> None:
    seat = await alices_presses_all_count(harness, tables, "threecard", order)
    assert (seat.ante, seat.pairplus) == (70, 10)


async def test_threecard_play_then_fold_on_one_rendering_is_one_decision(
    harness: DiscordHarness, tables: TableDriver, clock: FakeClock,
) -> None:
    await open_table(harness, tables, "threecard")
    alice, bob = harness.user("alice"), harness.user("bob")
    for player in (alice, bob):
        await tables.press(player, "Ante 10")
    clock.advance(31)
    await harness.bot.tables.fire_due()
    played, folded = await press_in_one_rendering(harness, tables, alice, "Play", "Fold")
    assert accepted(played) and folded.ephemeral and "already decided" in folded.text, folded.text
    assert tables.round_state().seats[alice.id].played


# -- Chinese Poker ---------------------------------------------------------------------------
async def deal_chinese_and_set(
    harness: DiscordHarness, tables: TableDriver, alice: FakeUser
) -> dict[str, Any]:
    """Alice and Bob buy in at a Chinese Poker table, Alice deals and opens her private message
    to set her hand: that message."""
    await harness.bot.tables.open_table(harness.guild_id, harness.channel_id, TableConfig(
        "chinese", decision_seconds=120, options=ChineseTableOptions(point_value=10)))
    for user in (alice, harness.user("bob")):
        await harness.slash(user, "chinese buyin", amount=200)
    await tables.press(alice, "Deal")
    return (await tables.press(alice, "Set my hand")).message


async def test_chinese_auto_arrange_then_confirm_on_one_rendering_both_act(
    harness: DiscordHarness, tables: TableDriver,
) -> None:
    alice = harness.user("alice")
    private = await deal_chinese_and_set(harness, tables, alice)
    first: Callable[[dict[str, Any]], str] = lambda m: next(  # noqa: E731
        c["custom_id"] for c in walk_components(m["components"]) if c.get("type") == 3)
    cards: list[Card] = list(tables.round_state().hand.hand_of(alice.id))
    best = auto_arrange(cards).arrangement
    chosen = await harness.select(alice, copy.deepcopy(private), first(private), [str(c) for c in best.front])
    menus = [c for c in walk_components(chosen.message["components"]) if c.get("type") == 3]
    chosen = await harness.select(alice, copy.deepcopy(chosen.message), menus[1]["custom_id"],
                                  [str(c) for c in best.middle])
    assert {"Auto-arrange", "Confirm"} <= set(ids_of(chosen.message))
    proposed, confirmed = await press_in_one_rendering(harness, tables, alice, "Auto-arrange", "Confirm",
                                                       message=chosen.message)
    assert proposed.text.startswith("Auto-arrange proposed"), proposed.text
    assert confirmed.text.startswith("Hand set"), confirmed.text
    assert tables.round_state().private_view(alice.id).is_set


async def test_chinese_auto_arrange_twice_in_a_row_acts_once(harness: DiscordHarness,
                                                              tables: TableDriver) -> None:
    alice = harness.user("alice")
    private = await deal_chinese_and_set(harness, tables, alice)
    first, again = await press_in_one_rendering(harness, tables, alice, "Auto-arrange", "Auto-arrange",
                                                message=private)
    assert first.text.startswith("Auto-arrange proposed") and refused_as_double_click(again)


async def test_a_double_click_across_a_restart_still_acts_once(
    harness: DiscordHarness, tables: TableDriver, clock: FakeClock, tmp_path: Path,
) -> None:
    """The player's latest press is saved with the round: the same button pressed again after
    the bot restarted is still recognised, and a different one still acts."""
    alice = await alice_plays(harness, tables, "uth", "Ante 10")
    await tables.settle()
    rendering = copy.deepcopy(tables.message())
    (first,) = await press_in_one_rendering(harness, tables, alice, "Ante 50", message=rendering)
    assert accepted(first)
    await harness.bot.close()

    bot = CasinoBot(Config(token="fake-token", db_path=str(tmp_path / "casino.sqlite3")))
    bot.clock = clock
    await bot.login("fake-token")
    harness.bot = bot
    restarted = TableDriver(harness, clock)
    again, other = await press_in_one_rendering(harness, restarted, alice, "Ante 50", "Ante 10",
                                                message=rendering)
    assert refused_as_double_click(again) and accepted(other)
    assert restarted.round_state().seats[alice.id].ante == 70
    await harness.audit_ok()
