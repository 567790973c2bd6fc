"""Imperial Poker played through discord.py against the fake Discord API, with fixed decks: the
Draw chosen in the private card menu and by command, its costs shown before they are paid, the
Buy, the warning before the last card, and bad input refused with nothing changed."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.games.boxed.rules import HandClass, Phase, hand_class
from bot.i18n import restored
from bot.poker import Card, evaluate_rank
from bot.poker.shuffle import deck_from_seed
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, FakeUser, Reply, assert_refused, walk_components
from tests.harness.fake_discord import CHANNEL_MESSAGE, UPDATE_MESSAGE
from tests.harness.tables import TableDriver, decide_every_box, opened_table

ANY_DECK = bytes(32)


def seed_where(holds: Callable[[list[Card]], bool]) -> bytes:
    """The first seed (0, 1, 2, ... as 32 bytes) whose deck ``holds``: a fixed deck, found the
    same way every run."""
    for number in range(20_000):
        seed = number.to_bytes(32, "big")
        if holds(deck_from_seed(seed)):
            return seed
    raise AssertionError("no seed gives such a deck")



@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    driver = await opened_table(harness, clock, "imperial", min_bet=10, max_bet=500)
    assert driver.table().config.max_payout == 20_000  # Imperial's default cap
    return driver



async def ante(harness: DiscordHarness, tables: TableDriver, user: FakeUser, box: int, amount: int) -> Reply:
    reply = await harness.slash(user, "imperial ante", box=box, amount=amount)
    await tables.settle()
    return reply



def hand(tables: TableDriver, user: FakeUser) -> list[Card]:
    """The cards of the user's box on turn (the test reads the engine; players see My cards)."""
    current = tables.round_state()
    box = current.current_box(user.id)
    return list(current.seats[user.id].boxes[box].cards)


# -- the private card menu ------------------------------------------------------------------------
def menu(message: dict[str, Any]) -> dict[str, Any]:
    selects = [c for c in walk_components(message.get("components") or []) if c.get("type") == 3]
    assert len(selects) == 1, f"expected one card menu, found {selects}"
    return selects[0]


def draw_button(message: dict[str, Any]) -> str:
    buttons = [c for c in walk_components(message.get("components") or [])
               if c.get("type") == 2 and c.get("label") == "Draw"]
    assert len(buttons) == 1, message.get("components")
    return str(buttons[0]["custom_id"])


async def open_menu(tables: TableDriver, user: FakeUser) -> dict[str, Any]:
    """The player's private cards message, opened with the table's Draw cards button."""
    reply = await tables.press(user, "Draw cards")
    assert reply.type == CHANNEL_MESSAGE and reply.ephemeral and reply.files, reply.text
    return reply.message


async def choose(harness: DiscordHarness, user: FakeUser, message: dict[str, Any],
                 cards: Sequence[Card | str]) -> Reply:
    reply = await harness.select(user, copy.deepcopy(message), menu(message)["custom_id"],
                                 [str(card) for card in cards])
    return reply


async def press_draw(harness: DiscordHarness, tables: TableDriver, user: FakeUser,
                     message: dict[str, Any]) -> Reply:
    reply = await harness.click(user, copy.deepcopy(message), draw_button(message))
    await tables.settle()
    return reply


async def draw_in_menu(harness: DiscordHarness, tables: TableDriver, user: FakeUser,
                       message: dict[str, Any], cards: Sequence[Card]) -> tuple[Reply, Reply]:
    """Choose ``cards`` in the menu, then press Draw: (the preview, the Draw)."""
    preview = await choose(harness, user, message, cards)
    assert preview.type == UPDATE_MESSAGE, preview.text
    drawn = await press_draw(harness, tables, user, preview.message)
    return preview, drawn


# -- a whole round ----------------------------------------------------------------------------------
async def test_a_whole_round_with_draws_in_the_menu_and_by_command_and_a_buy(
        harness: DiscordHarness, tables: TableDriver) -> None:
    harness.use_deck(ANY_DECK)
    alice, bob = harness.user("alice"), harness.user("bob")
    await ante(harness, tables, alice, 1, 20)
    await ante(harness, tables, alice, 2, 10)
    await ante(harness, tables, bob, 1, 10)
    await harness.slash(alice, "imperial bonus", box=1, amount=5)
    await tables.pass_time(31)
    assert "Buy, Draw, Bet or Fold" in tables.phase()
    assert {"Bet", "Buy", "Draw cards", "Fold", "My cards"} <= set(tables.buttons())
    assert "Go on" not in tables.buttons(), "nothing to go on past before a box is decided"
    start = await harness.wallet(alice)
    assert start == 1000 - 20 - 10 - 5

    # Alice, box 1: the menu offers her five cards; choosing one shows the cost before paying.
    message = await open_menu(tables, alice)
    cards = hand(tables, alice)
    assert [o["value"] for o in menu(message)["options"]] == [str(c) for c in cards]
    assert menu(message)["max_values"] == 5
    assert "Draw up to 5 cards for 1 Ante = 20 chips" in message["content"]
    preview, drawn = await draw_in_menu(harness, tables, alice, message, [cards[4]])
    assert f"Draw 1 card ({cards[4].pretty}) on box 1: costs 1 Ante = 20 chips" in preview.text
    assert preview.message["attachments"], "the preview redraws the cards with the cost"
    assert await harness.wallet(alice) == start - 20
    assert drawn.type == UPDATE_MESSAGE and drawn.text.startswith("box 1: DRAW 1 card · round #")
    after_one = hand(tables, alice)
    assert after_one[:4] == cards[:4] and after_one[4] != cards[4]
    # The second one-card Draw in a row costs 2 Antes; the menu now takes one card.
    again = drawn.message
    assert menu(again)["max_values"] == 1 and "(Draw 2 in a row)" in again["content"]
    preview, drawn = await draw_in_menu(harness, tables, alice, again, [after_one[0]])
    assert "Draw 2 in a row: costs 2 Antes = 40 chips" in preview.text
    assert await harness.wallet(alice) == start - 20 - 40
    assert "DRAW 1 card (draw 2)" in drawn.text
    assert (await tables.press(alice, "Bet")).text.startswith("box 1: BET")

    # Alice, box 2: a Buy for 1 Ante, then Bet.
    assert tables.round_state().current_box(alice.id) == 2
    bought = await harness.slash(alice, "imperial buy")
    assert bought.text.startswith("box 2: BUY"), bought.text
    assert await harness.wallet(alice) == start - 60 - 40 - 10  # Draws, box 1's BET, the Buy

    # Bob draws three cards by command, naming them as text.
    bobs = hand(tables, bob)
    named = f"{bobs[0]} {bobs[2]}, {bobs[3]}".replace("T", "10")
    drew = await harness.slash(bob, "imperial draw", cards=named)
    assert drew.text == f"box 1: DRAW 3 cards · round #{tables.table().round.id}", drew.text
    assert await harness.wallet(bob) == 1000 - 10 - 10
    refused = await harness.slash(bob, "imperial draw", cards=str(hand(tables, bob)[1]))
    assert_refused(refused, "several cards", "Bet or Fold")

    public = tables.message()
    shown = " ".join(str(e) for e in public["embeds"]) + public.get("content", "")
    assert not any(str(card) in shown for card in [*cards, *bobs]), "a private card went public"

    await decide_every_box(tables, [alice, bob])
    result = tables.table().last_result
    assert result.settlement is not None and not result.voided
    lines = {(line.seat, line.bet): line for line in result.settlement.lines}
    assert lines[(alice.id, "box1 draw")].staked == 60
    assert lines[(alice.id, "box2 buy")].staked == 10
    assert lines[(bob.id, "box1 draw")].staked == 10
    assert (alice.id, "box1 bonus") in lines
    for player in (alice, bob):
        assert await harness.wallet(player) == 1000 + result.settlement.summary[player.id].net
    actions = [restored(a.label) for a in await harness.bot.store.round_actions(result.round_id)]
    assert "box 1: DRAW 1 card" in actions and "box 1: DRAW 1 card (draw 2)" in actions
    assert "box 1: DRAW 3 cards" in actions
    await harness.audit_ok()


async def test_one_open_box_draws_while_the_blind_one_cannot(harness: DiscordHarness,
                                                              tables: TableDriver) -> None:
    harness.use_deck(ANY_DECK)
    alice = harness.user("alice")
    await ante(harness, tables, alice, 1, 10)
    await ante(harness, tables, alice, 2, 10)
    chosen = await harness.slash(alice, "imperial open", boxes=1)
    await tables.settle()
    assert "1 open box" in chosen.text, chosen.text
    assert await harness.wallet(alice) == 1000 - 20 - 20  # box 2 is blind: its BET is staked
    await tables.pass_time(31)
    assert tables.round_state().current_box(alice.id) == 1
    message = await open_menu(tables, alice)
    cards = hand(tables, alice)
    assert [o["value"] for o in menu(message)["options"]] == [str(c) for c in cards]
    _, drawn = await draw_in_menu(harness, tables, alice, message, cards[:3])
    assert drawn.text.startswith("box 1: DRAW 3 cards")
    assert not any(c.get("type") == 3 for c in walk_components(drawn.message["components"] or [])), \
        "after a Draw of several cards: Bet or Fold only"
    assert (await tables.press(alice, "Bet")).text.startswith("box 1: BET")
    await tables.settle()
    await decide_every_box(tables, [alice])
    result = tables.table().last_result
    assert result.settlement is not None and not result.voided
    staked = {line.bet: line.staked for line in result.settlement.lines}
    assert staked["box1 draw"] == 10 and staked["box2 bet"] == 20 and "box2 draw" not in staked
    assert await harness.wallet(alice) == 1000 + result.settlement.summary[alice.id].net
    await harness.audit_ok()


# -- bad input --------------------------------------------------------------------------------------
async def test_bad_draws_and_a_buy_after_a_draw_are_refused_and_change_nothing(
        harness: DiscordHarness, tables: TableDriver) -> None:
    harness.use_deck(ANY_DECK)
    alice = harness.user("alice")
    await ante(harness, tables, alice, 1, 10)
    await tables.pass_time(31)
    before = await harness.wallet(alice)
    message = await open_menu(tables, alice)
    cards = hand(tables, alice)
    stranger = next(card for card in deck_from_seed(ANY_DECK) if card not in cards)

    # Draw pressed with no cards chosen in the menu.
    assert_refused(await press_draw(harness, tables, alice, message), "choose the cards")
    # Cards that are not in the hand, by command and by a forged menu choice; text that is no card.
    assert_refused(await harness.slash(alice, "imperial draw", cards=str(stranger)),
                   f"does not hold {stranger}")
    assert_refused(await choose(harness, alice, message, [stranger]), f"does not hold {stranger}")
    assert_refused(await harness.slash(alice, "imperial draw", cards="Zz"), "like `As Kd")
    assert_refused(await choose(harness, alice, message, ["nonsense"]), "choose cards from the menu")
    assert hand(tables, alice) == cards and await harness.wallet(alice) == before
    await harness.audit_ok()

    # A one-card Draw; then a Buy, and a Draw of two cards, are refused.
    _, drawn = await draw_in_menu(harness, tables, alice, message, [cards[1]])
    assert drawn.text.startswith("box 1: DRAW 1 card")
    after = await harness.wallet(alice)
    assert after == before - 10
    assert_refused(await harness.slash(alice, "imperial buy"), "cannot be bought after a Draw")
    now = hand(tables, alice)
    assert_refused(await harness.slash(alice, "imperial draw", cards=f"{now[0]} {now[2]}"),
                   "one card again, not 2")
    # The old menu still names a card given up: refused, it is not in the hand any more.
    assert_refused(await choose(harness, alice, message, [cards[1]]), f"does not hold {cards[1]}")
    # Draw pressed twice at once on one rendering acts once.
    preview = await choose(harness, alice, drawn.message, [now[3]])
    double = copy.deepcopy(preview.message)
    replies = await harness.deliver(
        harness.component_payload(alice, double, draw_button(double)),
        harness.component_payload(alice, double, draw_button(double)))
    await tables.settle()
    assert sum(r.text.startswith("box 1: DRAW 1 card (draw 2)") for r in replies) == 1, [
        r.text for r in replies]
    assert await harness.wallet(alice) == after - 20
    assert hand(tables, alice) == [*now[:3], hand(tables, alice)[3], now[4]]
    await harness.audit_ok()

    assert (await harness.slash(alice, "imperial fold")).text.startswith("box 1: FOLD")
    await tables.settle()
    result = tables.table().last_result
    assert result.settlement is not None
    assert await harness.wallet(alice) == 1000 - 10 - 10 - 20
    await harness.audit_ok()


async def test_a_draw_the_deck_cannot_cover_is_refused_and_the_last_card_is_warned_of(
        harness: DiscordHarness, tables: TableDriver) -> None:
    """Two players with four boxes each use the whole deck: 8 x 5 cards and the dealer's five
    are dealt; of the 7 left, 3 are kept for the dealer's exchange and one for each other open
    box still to decide, so alice's box 1 may draw 1 card, the last."""
    harness.use_deck(ANY_DECK)
    alice, bob = harness.user("alice"), harness.user("bob")
    for player in (alice, bob):
        for box in (1, 2, 3, 4):
            await ante(harness, tables, player, box, 10)
    await tables.pass_time(31)
    assert tables.round_state().phase is Phase.DECISIONS
    before = await harness.wallet(alice)
    cards = hand(tables, alice)

    assert_refused(await harness.slash(alice, "imperial draw", cards=f"{cards[0]} {cards[1]}"),
                   "The deck would run out", "only 1 card left")
    message = await open_menu(tables, alice)
    assert menu(message)["max_values"] == 1
    assert "a one-card Draw now takes the last card left to draw" in message["content"]
    preview = await choose(harness, alice, message, [cards[0]])
    assert "Last card" in preview.text and "costs 1 Ante = 10 chips" in preview.text
    # By command: warned first, with a button to go ahead; nothing is paid yet.
    warned = await harness.slash(alice, "imperial draw", cards=str(cards[0]))
    assert warned.ephemeral and "Last card" in warned.text and "Press **Draw** to pay" in warned.text
    assert hand(tables, alice) == cards and await harness.wallet(alice) == before
    await harness.audit_ok()
    drawn = await press_draw(harness, tables, alice, warned.message)
    assert drawn.text.startswith("box 1: DRAW 1 card, the last card"), drawn.text
    assert await harness.wallet(alice) == before - 10
    assert not any(c.get("type") == 3 for c in walk_components(drawn.message["components"] or [])), \
        "no menu once nothing is left to draw"
    assert_refused(await harness.slash(alice, "imperial draw", cards=str(hand(tables, alice)[1])),
                   "The deck would run out", "no cards left")
    # Bob's boxes and alice's second box still get the card kept for their Buy.
    assert_refused(await harness.slash(bob, "imperial draw", cards=" ".join(map(str, hand(tables, bob)[:2]))),
                   "The deck would run out")
    await harness.audit_ok()
    await decide_every_box(tables, [alice, bob])
    result = tables.table().last_result
    assert result.settlement is not None and not result.voided
    for player in (alice, bob):
        assert await harness.wallet(player) == 1000 + result.settlement.summary[player.id].net
    await harness.audit_ok()


def _first_five_hold_three_of_a_kind(deck: list[Card]) -> bool:
    return hand_class(evaluate_rank(deck[:5])) >= HandClass.THREE_OF_A_KIND


async def test_insurance_above_the_cap_is_refused_and_the_cap_is_accepted(
        harness: DiscordHarness, tables: TableDriver) -> None:
    harness.use_deck(seed_where(_first_five_hold_three_of_a_kind))
    alice = harness.user("alice")
    await ante(harness, tables, alice, 1, 10)
    await tables.pass_time(31)
    low, high = tables.round_state().insurance_range(alice.id, 1)
    before = await harness.wallet(alice)
    mine = await tables.press(alice, "My cards")
    assert f"box 1 may be insured for {low:,}–{high:,} (/imperial insurance box:1 <amount>)" in mine.text
    assert_refused(await harness.slash(alice, "imperial bet", insurance=high + 1), "insur")
    assert_refused(await harness.slash(alice, "imperial bet", insurance=low - 1), "insur")
    assert await harness.wallet(alice) == before
    await harness.audit_ok()
    bet = await harness.slash(alice, "imperial bet", insurance=high)
    assert bet.text.startswith("box 1: BET"), bet.text
    await tables.settle()
    result = tables.table().last_result  # her only decision: the dealer shows at once
    assert result is not None and result.settlement is not None
    staked = {line.bet: line.staked for line in result.settlement.lines}
    assert staked["box1 bet"] == 20 and staked["box1 insurance"] == high
    assert await harness.wallet(alice) == 1000 + result.settlement.summary[alice.id].net
    await harness.audit_ok()


async def test_rules_show_both_pay_tables_and_our_figures(harness: DiscordHarness,
                                                          tables: TableDriver) -> None:
    rules = await harness.slash(harness.user("alice"), "imperial rules")
    assert rules.ephemeral and all(len(e["description"]) <= 4096 for e in rules.embeds)
    assert "Imperial Flush 1000:1" in rules.text and "Royal Flush 1000:1" in rules.text
    assert "Strategy:" in rules.text and "95% CI" in rules.text and "house edge" in rules.text
    assert "the k-th Draw in a row costing k Antes" in rules.text


async def test_alone_a_player_draws_the_deck_dry_warned_before_the_last_card_and_no_exchange(
        harness: DiscordHarness, tables: TableDriver) -> None:
    """Seed points 9 and 18: alone at the table, one open box may draw until the deck is
    exhausted (42 cards here), with a warning before the last; the dealer's card then cannot be
    exchanged, and the round settles as 'not qualified' with no exchange step."""
    dealer_misses = seed_where(lambda deck: hand_class(evaluate_rank(deck[5:10])) < HandClass.ACE_KING)
    harness.use_deck(dealer_misses)
    alice = harness.user("alice")
    await harness.bot.store.grant(harness.guild_id, alice.id, 10_000, reason="a long draw")
    await ante(harness, tables, alice, 1, 10)
    await tables.pass_time(31)
    for _ in range(41):
        drawn = await harness.slash(alice, "imperial draw", cards=str(hand(tables, alice)[0]))
        assert drawn.text.startswith("box 1: DRAW 1 card"), drawn.text
    warned = await harness.slash(alice, "imperial draw", cards=str(hand(tables, alice)[0]))
    assert warned.ephemeral and "Last card" in warned.text and "Press **Draw** to pay" in warned.text
    last = await press_draw(harness, tables, alice, warned.message)
    assert last.text.startswith("box 1: DRAW 1 card (draw 42), the last card"), last.text
    assert_refused(await harness.slash(alice, "imperial draw", cards=str(hand(tables, alice)[0])),
                   "no cards left")
    await tables.press(alice, "Bet")
    result = tables.table().last_result
    assert result is not None and result.settlement is not None, "settled without an exchange step"
    assert "does not qualify" in result.headline
    outcome = {line.bet: line.outcome for line in result.settlement.lines}
    assert outcome["box1 ante"] == "win" and outcome["box1 bet"] == "push"
    assert await harness.wallet(alice) == 11_000 + result.settlement.summary[alice.id].net
    await harness.audit_ok()
