"""Chinese Poker played through discord.py against the fake Discord API, with fixed decks.

Players buy in, deal, and set their hands privately: with the two menus (front 3, middle 5),
with Auto-arrange, by ``/chinese set``, or by a declared automatic win; a player who runs out of
time is set by the auto-arrange or fouled (table option). Bad input is refused privately and
changes nothing. Chips move only between the players' table stacks: after every hand the books
balance and the house balance has not moved.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot.games.chinese import auto_arrange, find_natural
from bot.i18n import restored
from bot.poker import Card
from bot.poker.shuffle import deck_from_seed
from bot.store import AccountRef
from bot.tables.chinese import ChineseTableOptions
from bot.tables.config import TableConfig
from tests.conftest import FakeClock
from tests.e2e.privacy import cards_named
from tests.harness.driver import DiscordHarness, FakeUser, Reply, message_text, walk_components
from tests.harness.fake_discord import CHANNEL_MESSAGE, UPDATE_MESSAGE
from tests.harness.tables import TableDriver

POINT = 10
FULL_BUY_IN = 20 * POINT
ANY_DECK = bytes(32)


def seed_where(holds: Callable[[list[Card]], bool]) -> bytes:
    """The first seed (0, 1, 2, ... as 32 bytes) whose deck ``holds``: fixed, found the same way
    every run."""
    for number in range(200_000):
        seed = number.to_bytes(32, "big")
        if holds(deck_from_seed(seed)):
            return seed
    raise AssertionError("no seed gives such a deck")


def stack_of(harness: DiscordHarness, tables: TableDriver, user_id: int) -> int:
    return harness.bot.tables.seating.stack_of(tables.table(), user_id)


def hand_at(deck: Sequence[Card], position: int) -> list[Card]:
    return list(deck[13 * position:13 * position + 13])



def private(reply: Reply, *fragments: str) -> None:
    assert (reply.type == CHANNEL_MESSAGE and reply.ephemeral) or reply.type == UPDATE_MESSAGE, reply.text
    for fragment in fragments:
        assert fragment.lower() in reply.text.lower(), f"{fragment!r} not in {reply.text!r}"


def refused(reply: Reply, *fragments: str) -> None:
    assert reply.type == CHANNEL_MESSAGE and reply.ephemeral, reply.text
    for fragment in fragments:
        assert fragment.lower() in reply.text.lower(), f"{fragment!r} not in {reply.text!r}"


async def house(harness: DiscordHarness) -> int:
    return await harness.bot.store.balance(harness.guild_id, AccountRef.house())


async def three_bought_in(harness: DiscordHarness) -> tuple[FakeUser, FakeUser, FakeUser, int]:
    """Alice, Bob and Carol, each bought in for a full stack, hands dealt from ``ANY_DECK``;
    and the house's chips before they came (:func:`sound` checks them after)."""
    harness.use_deck(ANY_DECK)
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    house_before = await house(harness)
    await buy_in(harness, alice, bob, carol)
    return alice, bob, carol, house_before


async def sound(harness: DiscordHarness, house_before: int) -> None:
    """The books balance and the house has neither won nor paid anything."""
    await harness.audit_ok()
    assert await house(harness) == house_before


@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    driver = TableDriver(harness, clock)
    await harness.bot.tables.open_table(harness.guild_id, harness.channel_id, TableConfig(
        "chinese", decision_seconds=120, options=ChineseTableOptions(point_value=POINT)))
    await driver.settle()
    return driver



def cards_of(tables: TableDriver, user: FakeUser) -> list[Card]:
    """The test reads the engine; the player sees their cards in the private message."""
    return list(tables.round_state().hand.hand_of(user.id))


# -- the private message ----------------------------------------------------------------------
def menus(message: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found = {}
    for component in walk_components(message.get("components") or []):
        if component.get("type") == 3:
            found[component["custom_id"].rsplit(":", 1)[1]] = component
    return found


def button(message: dict[str, Any], label: str) -> str:
    for component in walk_components(message.get("components") or []):
        if component.get("type") == 2 and component.get("label") == label:
            return str(component["custom_id"])
    raise AssertionError(f"no button {label!r} in {message.get('components')}")


def labels(message: dict[str, Any]) -> list[str]:
    return [c["label"] for c in walk_components(message.get("components") or []) if c.get("type") == 2]


async def open_hand(tables: TableDriver, user: FakeUser) -> dict[str, Any]:
    reply = await tables.press(user, "Set my hand")
    assert reply.type == CHANNEL_MESSAGE and reply.ephemeral and reply.files, reply.text
    return reply.message


async def choose(harness: DiscordHarness, user: FakeUser, message: dict[str, Any], part: str,
                 cards: Sequence[Card | str]) -> Reply:
    return await harness.select(user, copy.deepcopy(message), menus(message)[part]["custom_id"],
                                [str(card) for card in cards])


async def press(harness: DiscordHarness, tables: TableDriver, user: FakeUser, message: dict[str, Any],
                label: str) -> Reply:
    reply = await harness.click(user, copy.deepcopy(message), button(message, label))
    await tables.settle()
    return reply


async def buy_in(harness: DiscordHarness, *users: FakeUser, amount: int = FULL_BUY_IN) -> None:
    for user in users:
        private(await harness.slash(user, "chinese buyin", amount=amount), "You brought")


async def test_three_players_set_hands_with_the_menus_auto_arrange_and_a_command(
        harness: DiscordHarness, tables: TableDriver) -> None:
    alice, bob, carol, house_before = await three_bought_in(harness)
    await tables.settle()
    assert "Deal" in tables.buttons()
    dealt = await tables.press(alice, "Deal")
    assert dealt.text.startswith("Deal (3 players) · round #"), dealt.text
    assert "Setting hands" in tables.phase() and "Set my hand" in tables.buttons()
    for user in (alice, bob, carol):
        assert stack_of(harness, tables, user.id) == 0  # the stack is in play
    assert not cards_named(message_text(tables.message())), "a card went public before the showdown"

    # Alice: the menus. The front menu offers her 13 cards; after it, the middle menu the rest.
    message = await open_hand(tables, alice)
    mine = cards_of(tables, alice)
    assert sorted(o["value"] for o in menus(message)["front"]["options"]) == sorted(map(str, mine))
    assert menus(message)["front"]["min_values"] == menus(message)["front"]["max_values"] == 3
    assert "Confirm" not in labels(message) and "Auto-arrange" in labels(message)
    best = auto_arrange(mine).arrangement
    chosen = await choose(harness, alice, message, "front", best.front)
    assert chosen.type == UPDATE_MESSAGE and chosen.text.startswith("Front chosen · round #"), chosen.text
    assert chosen.message["attachments"], "the draft is redrawn"
    middle_menu = menus(chosen.message)["middle"]
    assert len(middle_menu["options"]) == 10 and middle_menu["max_values"] == 5
    chosen = await choose(harness, alice, chosen.message, "middle", best.middle)
    assert "Middle chosen" in chosen.text and "Press **Confirm**" in chosen.text
    assert "Front:" in chosen.text and "Back:" in chosen.text
    confirmed = await press(harness, tables, alice, chosen.message, "Confirm")
    assert confirmed.text.startswith("Hand set · round #"), confirmed.text
    assert "Your hand is set" in confirmed.text and "Waiting for 2 more players" in confirmed.text
    assert not menus(confirmed.message), "a set hand has no menus"

    # Bob: Auto-arrange proposes, Confirm sets.
    message = await open_hand(tables, bob)
    proposed = await press(harness, tables, bob, message, "Auto-arrange")
    assert proposed.text.startswith("Auto-arrange proposed"), proposed.text
    proposal = auto_arrange(cards_of(tables, bob)).arrangement
    defaults = {part: sorted(o["value"] for o in menu["options"] if o.get("default"))
                for part, menu in menus(proposed.message).items()}
    assert defaults == {"front": sorted(map(str, proposal.front)),
                        "middle": sorted(map(str, proposal.middle))}
    await press(harness, tables, bob, proposed.message, "Confirm")

    # Carol: /chinese set with the cards named as text, "10" for a ten; the last hand shows down.
    hers = auto_arrange(cards_of(tables, carol)).arrangement
    named = " ".join(card.pretty[:-1] + str(card)[-1] for card in hers.front)
    set_reply = await harness.slash(carol, "chinese set", front=named, middle=" ".join(map(str, hers.middle)))
    await tables.settle()
    assert set_reply.text.startswith("Hand set · round #"), set_reply.text
    result = tables.table().last_result
    assert result is not None and result.settlement is not None and not result.voided
    assert result.settlement.house_net == 0
    posted = tables.results()[-1]
    assert posted["attachments"][0]["filename"] == "result.png"
    text = str(posted["embeds"])
    assert "Points (10 chips each)" in text and ("paid" in text or "No chips changed hands" in text)
    stacks = {user.id: stack_of(harness, tables, user.id) for user in (alice, bob, carol)}
    assert sum(stacks.values()) == 3 * FULL_BUY_IN
    assert stacks == {seat: summary.returned for seat, summary in result.settlement.summary.items()}
    await sound(harness, house_before)



async def set_by_command(harness: DiscordHarness, tables: TableDriver, user: FakeUser) -> Reply:
    """``/chinese auto`` then ``/chinese confirm``: the auto-arrange's proposal, set."""
    proposed = await harness.slash(user, "chinese auto")
    assert proposed.text.startswith("Auto-arrange proposed"), proposed.text
    confirmed = await harness.slash(user, "chinese confirm")
    await tables.settle()
    assert confirmed.text.startswith("Hand set · round #"), confirmed.text
    return confirmed


async def ledger_of_round(harness: DiscordHarness, round_id: int) -> list[Any]:
    return await harness.bot.store.ledger(harness.guild_id, round_id=round_id, limit=1000)


async def test_four_players_one_times_out_and_is_set_by_the_auto_arrange(
        harness: DiscordHarness, tables: TableDriver) -> None:
    harness.use_deck(ANY_DECK)
    deck = deck_from_seed(ANY_DECK)
    players = [harness.user(name) for name in ("alice", "bob", "carol", "dave")]
    alice, bob, carol, dave = players
    house_before = await house(harness)
    await buy_in(harness, *players)
    await buy_in(harness, bob, amount=150)  # a top-up after the full buy
    wallets = {user.id: await harness.wallet(user) for user in players}
    dealt = await harness.slash(carol, "chinese deal")
    await tables.settle()
    assert dealt.text.startswith("Deal (4 players) · round #"), dealt.text
    hands = tables.round_state().hand
    # Four hands dealt from the deck in seating order, 13 each, none dead.
    assert [list(hands.hand_of(user.id)) for user in players] == [
        sorted(hand_at(deck, position), reverse=True) for position in range(4)]
    assert tables.table().round.deadline == tables.clock() + 120  # the decision timer

    message = await open_hand(tables, alice)
    best = auto_arrange(cards_of(tables, alice)).arrangement
    chosen = await choose(harness, alice, message, "middle", best.middle)
    chosen = await choose(harness, alice, chosen.message, "front", best.front)
    await press(harness, tables, alice, chosen.message, "Confirm")
    message = await open_hand(tables, bob)
    await press(harness, tables, bob, (await press(harness, tables, bob, message, "Auto-arrange")).message,
                "Confirm")
    await set_by_command(harness, tables, carol)
    assert tables.table().round is not None, "dave has not set his hand"
    assert [s.status for s in tables.messages.table_snapshot(tables.table()).seats] == [
        "hand set", "hand set", "hand set", "setting…"]

    await tables.pass_time(121)  # dave's time runs out: the auto-arrange sets his hand
    result = tables.table().last_result
    assert result is not None and result.settlement is not None and not result.voided
    actions = [restored(a.label) for a in await harness.bot.store.round_actions(result.round_id)]
    assert actions[-1] == "Time ran out: hand set by the auto-arrange"
    record = (await harness.bot.store.get_round(harness.guild_id, result.round_id)).state["record"]
    assert record["hands"][str(dave.id)]["set_by"] == "auto-set"
    davids = auto_arrange(hand_at(deck, 3)).arrangement
    assert record["hands"][str(dave.id)]["back"] == " ".join(map(str, davids.back))
    assert len(record["showdown"]["pairs"]) == 6  # every pair of the four

    # Through the ledger: each stack went into the round's escrow and came back as settled;
    # no wallet and not the house took part.
    rows = await ledger_of_round(harness, result.round_id)
    kinds = {(row.source.kind, row.target.kind) for row in rows}
    assert kinds == {("stack", "escrow"), ("escrow", "stack")}, kinds
    final = {user.id: stack_of(harness, tables, user.id) for user in players}
    assert final == {line.seat: line.returned for line in result.settlement.lines}
    assert sum(final.values()) == 4 * FULL_BUY_IN + 150
    for user in players:
        assert await harness.wallet(user) == wallets[user.id]
    await sound(harness, house_before)


async def test_under_the_foul_option_a_player_out_of_time_is_fouled_and_pays_everyone(
        harness: DiscordHarness, tables: TableDriver) -> None:
    await harness.bot.tables.configure(harness.guild_id, harness.channel_id,
                                       options={"on_timeout": "foul"})
    alice, bob, carol, house_before = await three_bought_in(harness)
    await tables.press(bob, "Deal")
    message = await open_hand(tables, alice)
    assert "then it is fouled" in message["content"]
    await set_by_command(harness, tables, alice)
    await set_by_command(harness, tables, bob)
    await tables.pass_time(121)
    result = tables.table().last_result
    assert result is not None and result.settlement is not None
    record = (await harness.bot.store.get_round(harness.guild_id, result.round_id)).state["record"]
    showdown = record["showdown"]
    assert showdown["readings"][str(carol.id)]["foul"] == "The hand was not set in time."
    assert record["hands"][str(carol.id)]["set_by"] == "timeout-foul"
    # The fouled hand loses every segment to each other hand: 6 points plus their royalties.
    for other in (alice, bob):
        pair = next(p for p in showdown["pairs"] if {p["first"], p["second"]} == {carol.id, other.id})
        royalties = sum(showdown["readings"][str(other.id)]["royalties"])
        assert pair["matchup"] == "foul" and abs(pair["total"]) == 6 + royalties
    assert showdown["points"][str(carol.id)] < 0
    assert "FOULED" not in str(tables.results()[-1]["embeds"])  # the image says it; the embed:
    assert "fouled" in str(tables.results()[-1]["embeds"])
    await sound(harness, house_before)


async def test_bad_input_is_refused_privately_and_changes_nothing(harness: DiscordHarness,
                                                                 tables: TableDriver) -> None:
    harness.use_deck(ANY_DECK)
    deck = deck_from_seed(ANY_DECK)
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    house_before = await house(harness)

    # Buy-in rules: the first buy is the full 20 points' worth; short buys only after it.
    refused(await harness.slash(alice, "chinese buyin", amount=FULL_BUY_IN - 1),
            f"The buy-in is {FULL_BUY_IN} chips (20 points)")
    refused(await harness.slash(alice, "chinese buyin", amount=5000), "Your wallet has 1,000 chips")
    refused(await harness.slash(alice, "chinese deal"), "no chips at this table", "/chinese buyin")
    await buy_in(harness, alice)
    await buy_in(harness, alice, amount=30)  # a short buy after the full one
    refused(await harness.slash(alice, "chinese deal"), "at least two players with chips")
    assert tables.table().round is None
    await buy_in(harness, bob)
    await harness.slash(carol, "table join")  # seated with no chips: sits out
    refused(await harness.slash(carol, "chinese deal"), "no chips at this table")
    await tables.press(alice, "Deal")
    round_id = tables.table().round.id
    assert [seat for seat, _ in tables.round_state().lineup] == [alice.id, bob.id]
    refused(await harness.slash(bob, "chinese buyin", amount=50), f"You are playing round #{round_id}")
    refused(await harness.slash(bob, "chinese deal"), "already been dealt")
    await harness.audit_ok()

    message = await open_hand(tables, alice)
    mine = cards_of(tables, alice)
    stranger = next(card for card in deck if card not in mine)
    before = tables.round_state().to_dict()
    # Wrong card counts, by a forged menu and by command.
    refused(await choose(harness, alice, message, "front", mine[:2]), "front takes 3 cards, not 2")
    refused(await choose(harness, alice, message, "middle", mine[:6]), "middle takes 5 cards, not 6")
    refused(await harness.slash(alice, "chinese set", front=" ".join(map(str, mine[:4])),
                                middle=" ".join(map(str, mine[4:9]))), "front takes 3 cards, not 4")
    # A card not in the hand; text that is no card.
    refused(await choose(harness, alice, message, "front", [stranger, *mine[:2]]),
            f"{stranger} is not one of your cards")
    refused(await harness.slash(alice, "chinese set", front=f"{stranger} {mine[0]} {mine[1]}",
                                middle=" ".join(map(str, mine[2:7]))), f"{stranger} is not one of your cards")
    refused(await harness.slash(alice, "chinese set", front="Zz Kd 2c", middle="As"), "like `As Kd 10h`")
    refused(await choose(harness, alice, message, "front", ["nonsense", "x", "y"]), "like `As Kd 10h`")
    # One card in two parts at once.
    refused(await harness.slash(alice, "chinese set", front=" ".join(map(str, mine[:3])),
                                middle=" ".join(map(str, mine[2:7]))),
            "cannot be in your front and your middle")
    # Confirm with nothing chosen; declare with no automatic win.
    refused(await harness.slash(bob, "chinese confirm"), "Choose your front 3 and middle 5 cards first")
    assert (await press(harness, tables, alice, message, "Auto-arrange")).text.startswith("Auto-arrange")
    if find_natural(cards_of(tables, bob)) is None:
        refused(await harness.slash(bob, "chinese declare"), "hold no automatic win")
    # Someone else's hand: a player not in the round uses alice's menu and buttons, and commands.
    refused(await choose(harness, carol, message, "front", mine[:3]), "You have no hand in this round")
    refused(await harness.click(carol, copy.deepcopy(message), button(message, "Auto-arrange")),
            "You have no hand in this round")
    refused(await harness.slash(carol, "chinese set", front=" ".join(map(str, mine[:3])),
                                middle=" ".join(map(str, mine[3:8]))), "You have no hand in this round")
    refused(await tables.press(carol, "Set my hand"), "You have no hand in this round")
    after = tables.round_state().to_dict()
    assert after["hand"]["players"][1] == before["hand"]["players"][1], "bob's hand was touched"
    assert after["hand"]["players"][0]["front"] is not None  # alice's Auto-arrange draft only
    await harness.audit_ok()

    # A fouled draft: Confirm refuses it with the reason; Confirm foul plays it.
    best = auto_arrange(mine).arrangement
    fouled_front, fouled_middle = best.middle[:3], best.back  # the back's five in the middle
    drafted = await harness.slash(alice, "chinese set", front=" ".join(map(str, fouled_front)),
                                  middle=" ".join(map(str, fouled_middle)))
    assert drafted.text.startswith("Front and middle chosen (fouled: not set)"), drafted.text
    assert "Fouled:" in drafted.text and "Confirm foul" in labels(drafted.message)
    assert "Confirm" not in labels(drafted.message)
    refused(await harness.slash(alice, "chinese confirm"), "This hand is fouled", "Confirm foul")
    assert tables.round_state().hand.pending_seats() == (alice.id, bob.id)
    old_message = copy.deepcopy(drafted.message)
    confirmed = await press(harness, tables, alice, drafted.message, "Confirm foul")
    assert confirmed.text.startswith("Hand set (fouled) · round #"), confirmed.text
    # Confirming twice: refused, by the button on the same message and by command.
    refused(await harness.click(alice, old_message, button(old_message, "Confirm foul")),
            "already set your hand")
    refused(await harness.slash(alice, "chinese confirm", foul=True), "already set your hand")
    refused(await harness.slash(alice, "chinese auto"), "already set your hand")
    await harness.audit_ok()
    await set_by_command(harness, tables, bob)
    result = tables.table().last_result
    assert result is not None and result.settlement is not None and result.round_id == round_id
    no_round = await harness.slash(alice, "chinese confirm")
    refused(no_round, "Bring chips to the table with")  # no round any more
    await sound(harness, house_before)


def fouled_choice(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """A front and middle of these cards that foul (the middle beats the back)."""
    from bot.games.chinese import Arrangement

    best = auto_arrange(cards).arrangement
    rest = [card for card in cards if card not in best.back]
    for front in (rest[:3], rest[-3:], rest[3:6]):
        arrangement = Arrangement.from_choice(cards, front, best.back)
        if arrangement.fouled:
            return list(front), list(best.back)
    raise AssertionError("no fouled arrangement found")


async def set_fouled(harness: DiscordHarness, tables: TableDriver, user: FakeUser) -> None:
    front, middle = fouled_choice(cards_of(tables, user))
    drafted = await harness.slash(user, "chinese set", front=" ".join(map(str, front)),
                                  middle=" ".join(map(str, middle)))
    assert drafted.text.startswith("Front and middle chosen (fouled: not set)"), drafted.text
    confirmed = await harness.slash(user, "chinese confirm", foul=True)
    await tables.settle()
    assert confirmed.text.startswith("Hand set (fouled) · round #"), confirmed.text


async def test_a_short_stacked_loser_pays_clockwise_from_the_button_and_the_rest_is_forfeited(
        harness: DiscordHarness, tables: TableDriver) -> None:
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    house_before = await house(harness)
    await buy_in(harness, alice, bob, carol)
    # Hand 1: carol plays a fouled hand and loses at least 6 points to each of the others.
    harness.use_deck(ANY_DECK)
    await tables.press(alice, "Deal")
    assert tables.round_state().button == alice.id  # everyone is new: the first seat
    await set_by_command(harness, tables, alice)
    await set_by_command(harness, tables, bob)
    await set_fouled(harness, tables, carol)
    short = stack_of(harness, tables, carol.id)
    assert 0 < short <= FULL_BUY_IN - 2 * 6 * POINT
    await sound(harness, house_before)

    # Hand 2: she fouls again, owing each of them at least 60 with at most 80 left.
    harness.use_deck((1).to_bytes(32, "big"))
    start = {user.id: stack_of(harness, tables, user.id) for user in (alice, bob, carol)}
    await tables.press(carol, "Deal")
    assert tables.round_state().button == bob.id  # clockwise: alice had it
    await set_by_command(harness, tables, alice)
    await set_fouled(harness, tables, carol)
    await set_by_command(harness, tables, bob)
    result = tables.table().last_result
    assert result is not None and result.settlement is not None and not result.voided
    record = (await harness.bot.store.get_round(harness.guild_id, result.round_id)).state["record"]
    points = {int(seat): value for seat, value in record["showdown"]["points"].items()}
    pairs = {frozenset((p["first"], p["second"])): p for p in record["showdown"]["pairs"]}

    def owed_by_carol(winner: FakeUser) -> int:
        pair = pairs[frozenset((carol.id, winner.id))]
        won = pair["total"] if pair["first"] == winner.id else -pair["total"]
        assert won >= 6
        return min(won * POINT, start[winner.id])  # a winner takes at most their own stack

    # Clockwise from the button (bob): carol, alice, bob. Carol pays alice first, then bob.
    to_alice = min(owed_by_carol(alice), short)
    to_bob = min(owed_by_carol(bob), short - to_alice)
    payments = record["payments"]
    paid_by_carol = [(t["payee"], t["amount"]) for t in payments["transfers"] if t["payer"] == carol.id]
    assert paid_by_carol == [(alice.id, to_alice)] + ([(bob.id, to_bob)] if to_bob else [])
    forfeited = {t["payee"]: t["amount"] for t in payments["forfeited"] if t["payer"] == carol.id}
    assert forfeited == {user.id: owed_by_carol(user) - paid
                         for user, paid in ((alice, to_alice), (bob, to_bob)) if owed_by_carol(user) > paid}
    assert forfeited, "nothing was forfeited: carol was not short"
    final = {user.id: stack_of(harness, tables, user.id) for user in (alice, bob, carol)}
    assert final[carol.id] == 0, "nothing is carried as a debt: her stack is simply empty"
    assert final == {int(seat): stack for seat, stack in record["payments"]["stacks"].items()}
    assert sum(final.values()) == sum(start.values())
    assert points[carol.id] < 0
    # Through the ledger: every stack into the round's escrow at the deal, back as settled.
    rows = await ledger_of_round(harness, result.round_id)
    staked = {int(row.source.key.split(":")[1]): row.amount for row in rows if row.source.kind == "stack"}
    returned = {int(row.target.key.split(":")[1]): row.amount for row in rows if row.target.kind == "stack"}
    assert staked == start and returned == {seat: stack for seat, stack in final.items() if stack}
    assert all(row.round_id == result.round_id for row in rows)
    embed = str(tables.results()[-1]["embeds"])
    assert f"<@{carol.id}> paid <@{alice.id}> {to_alice:,}" in embed and "Forfeited" in embed
    # Bust, she may buy in short (after her full buy) and deal again.
    await buy_in(harness, carol, amount=50)
    await sound(harness, house_before)


async def hand_by_timeouts(harness: DiscordHarness, tables: TableDriver, dealer: FakeUser) -> int:
    """Deal and let the timer set every hand; the button of that hand."""
    await tables.press(dealer, "Deal")
    button = tables.round_state().button
    shown = [s for s in tables.messages.table_snapshot(tables.table()).seats if s.bet == "Button"]
    assert [s.seat for s in shown] == [button]
    await tables.pass_time(121)
    assert tables.table().round is None
    return int(button)


async def test_the_button_moves_clockwise_and_skips_a_newcomer_on_their_first_hand(
        harness: DiscordHarness, tables: TableDriver) -> None:
    harness.use_deck(ANY_DECK)
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    house_before = await house(harness)
    await buy_in(harness, alice, bob)
    assert await hand_by_timeouts(harness, tables, alice) == alice.id  # all new: the first seat
    assert await hand_by_timeouts(harness, tables, alice) == bob.id
    await buy_in(harness, carol)  # sits after bob
    assert await hand_by_timeouts(harness, tables, carol) == alice.id  # carol is new: skipped
    assert await hand_by_timeouts(harness, tables, carol) == bob.id
    assert await hand_by_timeouts(harness, tables, carol) == carol.id  # her turn now
    private(await harness.slash(carol, "chinese leave"), "went back to your wallet")
    # The holder left: the button moves on from where she sat.
    assert await hand_by_timeouts(harness, tables, bob) == alice.id
    await sound(harness, house_before)


def _bob_holds_a_natural(deck: list[Card]) -> bool:
    return find_natural(hand_at(deck, 1)) is not None and find_natural(hand_at(deck, 0)) is None


async def test_a_declared_automatic_win_collects_from_every_player(harness: DiscordHarness,
                                                                   tables: TableDriver) -> None:
    seed = seed_where(_bob_holds_a_natural)
    harness.use_deck(seed)
    natural = find_natural(hand_at(deck_from_seed(seed), 1))
    assert natural is not None
    alice, bob = harness.user("alice"), harness.user("bob")
    house_before = await house(harness)
    await buy_in(harness, alice, bob)
    await tables.press(alice, "Deal")
    message = await open_hand(tables, bob)
    assert f"Your cards hold an automatic win, {natural.label}" in message["content"]
    alices = await open_hand(tables, alice)
    assert not any(label.startswith("Declare") for label in labels(alices))
    declared = await press(harness, tables, bob, message, f"Declare {natural.label}")
    assert declared.text.startswith(f"Declared {natural.label} · round #"), declared.text
    await set_by_command(harness, tables, alice)
    result = tables.table().last_result
    assert result is not None and result.settlement is not None
    record = (await harness.bot.store.get_round(harness.guild_id, result.round_id)).state["record"]
    assert record["showdown"]["readings"][str(bob.id)]["natural"] == natural.label
    assert record["showdown"]["points"][str(bob.id)] == natural.points
    assert stack_of(harness, tables, bob.id) == FULL_BUY_IN + natural.points * POINT
    await sound(harness, house_before)


async def test_a_player_who_leaves_mid_hand_is_set_at_once_and_cashed_out_at_the_showdown(
        harness: DiscordHarness, tables: TableDriver) -> None:
    alice, bob, carol, house_before = await three_bought_in(harness)
    await tables.press(alice, "Deal")
    left = await harness.slash(alice, "chinese leave")
    await tables.settle()
    private(left, "played by the timeout rules", "goes back to your wallet when round #")
    assert tables.round_state().hand.players[alice.id].set_by == "auto-set"
    await set_by_command(harness, tables, bob)
    await set_by_command(harness, tables, carol)
    result = tables.table().last_result
    assert result is not None and result.settlement is not None
    returned = result.settlement.summary[alice.id].returned
    assert await harness.wallet(alice) == 1000 - FULL_BUY_IN + returned
    assert alice.id not in tables.table().seats and stack_of(harness, tables, alice.id) == 0
    await sound(harness, house_before)


async def test_rules_explain_scoring_and_money(harness: DiscordHarness, tables: TableDriver) -> None:
    rules = await harness.slash(harness.user("alice"), "chinese rules")
    assert rules.ephemeral and len(rules.embeds[0]["description"]) <= 4096
    for fragment in ("1 point = 10 chips", "200 chips (20 points)", "winning all three is 6 points",
                     "9 from each", "dragon", "clockwise from the button", "forfeited, never a debt",
                     "no house, no rake", "120 s to set"):
        assert fragment in rules.text, fragment


async def test_table_open_takes_the_point_value_and_the_timeout_option(harness: DiscordHarness,
                                                                      clock: FakeClock) -> None:
    driver = TableDriver(harness, clock)
    admin = harness.user("pit-boss", admin=True)
    opened = await harness.slash(admin, "table open", game="chinese", point_value=25, on_timeout="foul")
    await driver.settle()
    assert "Chinese Poker table open" in opened.text and "press **Deal**" in opened.text
    config = driver.table().config
    assert config.options == ChineseTableOptions(point_value=25, on_timeout="foul")
    assert config.decision_seconds == 120  # the game's own default: 13 cards to set
    assert list(driver.buttons()) == ["Deal"]
    assert "/chinese buyin" in driver.phase()
    footer = driver.message()["embeds"][0]["footer"]["text"]
    assert "25 chips a point · buy-in 500" in footer and "bets" not in footer, footer
    alice = harness.user("alice")
    refused(await harness.slash(alice, "chinese buyin", amount=200), "The buy-in is 500 chips (20 points)")
    changed = await harness.slash(admin, "table config", point_value=5, on_timeout="auto-set")
    assert "point value" in changed.text and "auto-set" in changed.text
    private(await harness.slash(alice, "chinese buyin", amount=100), "Your stack: 100 chips")
    rules = await harness.slash(alice, "chinese rules")
    assert "1 point = 5 chips" in rules.text and "set by the auto-arrange" in rules.text


async def test_a_stale_deal_button_while_hands_are_set_says_the_hand_is_in_play(
    harness: DiscordHarness, tables: TableDriver
) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await buy_in(harness, alice, bob)
    idle_message = copy.deepcopy(tables.message())
    await tables.press(alice, "Deal")
    assert tables.round_state().hand is not None
    stale = await harness.click(bob, idle_message, button(idle_message, "Deal"))
    refused(stale, "is being played; the next one can start when it ends")
    assert "bets" not in stale.text
    await harness.audit_ok()


async def test_the_last_confirm_on_a_private_message_closes_its_menus(
    harness: DiscordHarness, tables: TableDriver
) -> None:
    harness.use_deck(ANY_DECK)
    alice, bob = harness.user("alice"), harness.user("bob")
    await buy_in(harness, alice, bob)
    await tables.press(alice, "Deal")
    await set_by_command(harness, tables, bob)
    message = await open_hand(tables, alice)
    proposed = await press(harness, tables, alice, message, "Auto-arrange")
    last = await press(harness, tables, alice, proposed.message, "Confirm")
    assert tables.table().round is None, "alice's hand was the last: the round is settled"
    assert last.type == UPDATE_MESSAGE, last.type
    assert last.text.startswith("Hand set · round #") and "result is in the channel" in last.text
    assert not last.message.get("components"), "no menus or buttons left on a finished hand"
    await harness.audit_ok()
