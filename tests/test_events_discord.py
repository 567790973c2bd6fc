"""Game nights (#38) through discord.py and the local Discord: an admin starts an event, members
join and play at its table with event stacks, the end pays the prize pool and posts the podium
once, whatever Discord does; bad input is refused privately and changes nothing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot.economies import event_economy
from cogs.events import Events
from tests.harness.driver import DiscordHarness, FakeUser, walk_components
from tests.harness.faults import Fault
from tests.harness.tables import TableDriver
from tests.test_kept_standings import restart

START = dt.datetime(2026, 11, 27, 19, tzinfo=dt.UTC).timestamp()
HOUR = 3600.0


def events_cog(harness: DiscordHarness) -> Events:
    cog = harness.bot.get_cog("Events")
    assert cog is not None and type(cog).__name__ == "Events"  # a restart loads the module anew
    return cog  # type: ignore[return-value]


def podiums(harness: DiscordHarness) -> list[dict[str, Any]]:
    return [message for message in harness.fake.messages.values()
            if any(file["filename"] == "podium.png" for file in message.get("attachments") or [])]


async def start_night(harness: DiscordHarness, clock: Any, **options: Any) -> dict[str, Any]:
    clock.now = START
    admin = harness.user("pit-boss", admin=True)
    chosen = {"name": "Friday Night", "stack": 1000, "length_hours": 3, "fee": 100, "rebuys": True,
              "games": "uth, hcf", **options}
    started = await harness.slash(admin, "event start", **chosen)
    assert not started.ephemeral and started.embeds[0]["title"] == f"Event: {chosen['name']}", started.text
    return started.embeds[0]


async def play_a_round(tables: TableDriver, players: list[FakeUser]) -> None:
    """Each player antes 10; the timers play the round out (checks, then folds)."""
    before = len(tables.results())
    for player in players:
        reply = await tables.press(player, "Ante 10")
        assert reply.ephemeral is False or "Ante" in reply.text, reply.text
    for _ in range(12):
        if len(tables.results()) > before:
            return
        await tables.pass_time(61)
    raise AssertionError("the round never ended")


async def test_an_event_night_from_the_start_to_the_podium(harness: DiscordHarness, clock: Any,
                                                           tmp_path: Path) -> None:
    shown = await start_night(harness, clock)
    assert "1,000 event chips" in shown["description"]
    assert {field["name"]: field["value"] for field in shown["fields"]}["Entry fee"] == "100 chips"
    ann, ben, cat = harness.user("ann"), harness.user("ben"), harness.user("cat")
    wallets = {player.id: await harness.wallet(player) for player in (ann, ben, cat)}
    for player in (ann, ben):
        joined = await harness.slash(player, "event join", name="friday night")
        assert joined.ephemeral and "You're in Friday Night with 1,000 event chips" in joined.text
    twice = await harness.slash(ann, "event join", name="Friday Night")
    assert twice.ephemeral and "already joined" in twice.text

    tables = TableDriver(harness, clock, "uth")
    opened = await tables.open(harness.user("pit-boss", admin=True))
    assert "plays for **Friday Night**" in opened.text
    shown = tables.message()["embeds"][0]
    assert shown["title"] == "Ultimate Texas Hold'em · Friday Night"
    assert shown["description"].startswith("🏆 **Friday Night** · bets come from event stacks")
    outsider = await tables.press(cat, "Ante 10")
    assert outsider.ephemeral and "join it first" in outsider.text
    await play_a_round(tables, [ann, ben])
    economy = event_economy(1)
    stacks = await harness.bot.store.event_stacks(harness.guild_id, 1)
    assert stacks == {ann.id: 980, ben.id: 980}  # the timers folded both: Ante and Blind lost
    assert {player.id: await harness.wallet(player) for player in (ann, ben, cat)} == {
        ann.id: wallets[ann.id] - 100, ben.id: wallets[ben.id] - 100, cat.id: wallets[cat.id]}
    await harness.audit_ok()
    await harness.audit_ok(economy)

    # The end: the table deals no more; the podium is posted once, also after a restart.
    clock.now = START + 3 * HOUR + 1
    late = await tables.press(ann, "Ante 10")
    assert late.ephemeral and "Friday Night is over" in late.text
    await events_cog(harness).end_due_events()
    (podium,) = podiums(harness)
    assert int(podium["channel_id"]) == harness.channel_id
    assert podium["embeds"][0]["title"] == "Friday Night · final standings"
    prizes = {ann.id: 100, ben.id: 100}  # tied: first's and second's 125 + 75 (50:30 of 200) shared
    assert {player.id: await harness.wallet(player) for player in (ann, ben)} == {
        user: wallets[user] - 100 + prizes[user] for user in (ann.id, ben.id)}
    await events_cog(harness).end_due_events()
    await restart(harness, clock, tmp_path)
    await events_cog(harness).end_due_events()
    assert len(podiums(harness)) == 1
    results = await harness.slash(cat, "event results", name="Friday Night")
    assert results.ephemeral and results.text.endswith(
        f"🥇 <@{ann.id}> 980 chips · prize 100 chips\n🥇 <@{ben.id}> 980 chips · prize 100 chips")
    listed = await harness.slash(cat, "event results")
    assert "**Friday Night**: ended" in listed.text
    await harness.audit_ok()


async def test_bad_input_is_refused_privately_and_changes_nothing(harness: DiscordHarness,
                                                                 clock: Any) -> None:
    await start_night(harness, clock)
    admin, ann = harness.user("pit-boss", admin=True), harness.user("ann")
    for options, says in [
        ({"name": "Later", "stack": 10, "end": "2020-01-01 10:00"}, "has to be in the future"),
        ({"name": "Later", "stack": 10}, "an end or a length"),
        ({"name": "Later", "stack": 10, "length_hours": 2, "end": "2026-11-28 10:00"}, "an end or a length"),
        ({"name": "Later", "stack": 10, "length_hours": 2, "games": "chess"}, "no game chess"),
        ({"name": "Later", "stack": 10, "length_hours": 2, "split": "60/60"}, "add up to 100"),
        ({"name": "Later", "stack": 10, "end": "tomorrow evening"}, "Write a time as"),
        ({"name": "FRIDAY night", "stack": 10, "length_hours": 2}, "already an event named"),
    ]:
        refused = await harness.slash(admin, "event start", **options)
        assert refused.ephemeral and says in refused.text, (options, refused.text)
    member = await harness.slash(ann, "event start", name="Mine", stack=10, length_hours=1)
    assert member.ephemeral and "Friday Night" not in member.text
    assert [event.spec.name for event in await harness.bot.store.guild_events(harness.guild_id)] == [
        "Friday Night"]
    offered = await harness.autocomplete(ann, "event join", "name", "fri")
    assert [choice["value"] for choice in offered] == ["Friday Night"]
    assert await harness.autocomplete(ann, "event join", "name", "sat") == []
    unknown = await harness.slash(ann, "event join", name="Saturday")
    assert unknown.ephemeral and "no event named Saturday" in unknown.text
    await harness.slash(ann, "event join", name="Friday Night")
    full = await harness.slash(ann, "event rebuy", name="Friday Night")
    assert full.ephemeral and "once your event stack is empty: it has 1,000 chips" in full.text
    ben = harness.user("ben")
    await harness.slash(ben, "event join", name="Friday Night")
    live = await harness.slash(ann, "event results", name="Friday Night")
    assert live.text.endswith(f"Standings now\n1. <@{ann.id}> 1,000 chips\n1. <@{ben.id}> 1,000 chips")
    wrong_game = await TableDriver(harness, clock, "imperial").open(admin)
    assert wrong_game.ephemeral and "Friday Night is played at" in wrong_game.text
    both = await TableDriver(harness, clock, "uth").open(admin, practice=True, event="Friday Night")
    assert both.ephemeral and "for an event or with practice chips, not both" in both.text
    practice = await TableDriver(harness, clock, "uth").open(admin, practice=True)
    assert "Practice" in practice.text and "Friday Night" not in practice.text
    await harness.audit_ok()


async def test_a_deleted_event_channel_ends_nothing_but_its_podium(harness: DiscordHarness,
                                                                  clock: Any) -> None:
    await start_night(harness, clock, fee=0)
    ann = harness.user("ann")
    await harness.slash(ann, "event join", name="Friday Night")
    clock.now = START + 3 * HOUR + 1
    harness.fake.inject(Fault.server_error(503, route="channels", method="POST",
                                           channel_id=harness.channel_id))
    await events_cog(harness).end_due_events()
    assert podiums(harness) == [] and (await harness.bot.store.event_result(harness.guild_id, 1)) is not None
    harness.fake.heal()
    harness.fake.delete_channel(harness.channel_id)
    await events_cog(harness).end_due_events()
    await events_cog(harness).end_due_events()
    assert podiums(harness) == [] and await harness.bot.store.podiums_to_post() == []


@pytest.mark.parametrize("locale", ["de"])
async def test_a_german_server_reads_its_event_in_german(harness: DiscordHarness, clock: Any,
                                                        locale: str) -> None:
    harness.guild_locale = locale
    clock.now = START
    admin = harness.user("pit-boss", admin=True, locale=locale)
    started = await harness.slash(admin, "event start", name="Spieleabend", stack=500, length_hours=2)
    assert started.embeds[0]["title"] == "Event: Spieleabend"
    assert "500 Event-Chips" in started.embeds[0]["description"]
    anna = harness.user("anna", locale=locale)
    joined = await harness.slash(anna, "event join", name="Spieleabend")
    assert joined.text == "Du bist bei Spieleabend dabei, mit 500 Event-Chips."
    clock.now = START + 2 * HOUR
    await events_cog(harness).end_due_events()
    (podium,) = podiums(harness)
    assert podium["embeds"][0]["title"] == "Spieleabend · Endstand"


async def press_at(tables: TableDriver, channel_id: int, user: FakeUser, label: str) -> Any:
    """Press a button on the table message of ``channel_id``."""
    await tables.settle()
    message = tables.message(channel_id)
    buttons = {component["label"]: component["custom_id"]
               for component in walk_components(message["components"]) if component.get("type") == 2}
    assert label in buttons, f"no button {label!r}; the table shows {list(buttons)}"
    reply = await tables.h.click(user, message, buttons[label])
    await tables.settle()
    return reply


async def test_four_players_two_games_a_rebuy_and_a_restart_across_the_end(
    harness: DiscordHarness, clock: Any, tmp_path: Path
) -> None:
    """Ann and Ben play Ultimate Texas Hold'em in the event's channel, Cat and Dan Three Card
    Poker at a table opened for the event elsewhere; every round is played out by the timers
    (folds), Ann rebuys, the bot is down across the end and ends the event when it is back."""
    await start_night(harness, clock, name="Game Night", stack=20, fee=50, games="uth, threecard")
    admin = harness.user("pit-boss", admin=True)
    ann, ben, cat, dan = (harness.user(name) for name in ("ann", "ben", "cat", "dan"))
    players = (ann, ben, cat, dan)
    wallets = {player.id: await harness.wallet(player) for player in players}
    for player in players:
        assert (await harness.slash(player, "event join", name="Game Night")).ephemeral
    uth = TableDriver(harness, clock, "uth")
    await uth.open(admin)
    elsewhere = harness.channel_id + 1
    opened = await harness.slash(admin, "table open", channel_id=elsewhere, game="threecard",
                                 event="Game Night")
    assert "plays for **Game Night**" in opened.text, opened.text
    for player in (ann, ben):
        await uth.press(player, "Ante 10")
    for player in (cat, dan):
        await press_at(uth, elsewhere, player, "Ante 10")
    await uth.pass_time(61, times=12)  # every decision times out: folds
    assert await harness.bot.store.event_stacks(harness.guild_id, 1) == {ann.id: 0, ben.id: 0, cat.id: 10,
                                                                          dan.id: 10}
    assert len(uth.results()) == 2  # both tables' rounds are over
    result = uth.results()[0]
    number = int(result["embeds"][0]["title"].split("#")[1].split()[0])
    shown = await harness.slash(cat, "round", number=number)  # an event's round, found like any other
    assert shown.ephemeral and f"#{number}" in shown.text and "no round" not in shown.text
    rebuy = await harness.slash(ann, "event rebuy", name="Game Night")
    assert rebuy.ephemeral and "20 event chips again" in rebuy.text
    cat_rebuy = await harness.slash(cat, "event rebuy", name="Game Night")
    assert cat_rebuy.ephemeral and "it has 10 chips" in cat_rebuy.text

    await harness.bot.close()  # down across the end
    clock.now = START + 3 * HOUR + 600
    await restart(harness, clock, tmp_path)
    await events_cog(harness).end_due_events()
    await events_cog(harness).end_due_events()
    (podium,) = podiums(harness)
    # Pool 250 (five fees of 50): Ann first, 125; Cat and Dan tied second share 75 + 50, the odd
    # chip to Cat, who joined first; Ben finished with nothing.
    assert podium["embeds"][0]["description"].splitlines()[2:] == [
        "1. ann 20 · prize 125 chips", "2. cat 10 · prize 63 chips", "2. dan 10 · prize 62 chips",
        "4. ben 0 · no round won"]
    prizes = {ann.id: 125 - 100, ben.id: -50, cat.id: 63 - 50, dan.id: 62 - 50}
    assert {player.id: await harness.wallet(player) - wallets[player.id] for player in players} == prizes
    await harness.audit_ok()
    books = await harness.slash(admin, "audit", event="Game Night")
    fields = {field["name"]: field["value"] for field in books.embeds[0]["fields"]}
    assert books.ephemeral and books.embeds[0]["title"] == "Audit of Game Night: books balance"
    assert fields == {"Event stacks": "40", "In play (escrow)": "0", "Stacks given": "100",
                      "Results of its rounds": "-60"}


async def test_a_stack_game_for_the_event_takes_its_buy_ins_from_event_stacks(harness: DiscordHarness,
                                                                               clock: Any) -> None:
    await start_night(harness, clock)
    ann = harness.user("ann")
    wallet = await harness.wallet(ann)
    await harness.slash(ann, "event join", name="Friday Night")
    tables = TableDriver(harness, clock, "hcf")
    await tables.open(harness.user("pit-boss", admin=True))
    too_much = await tables.command(ann, "buyin", amount=5000)
    assert too_much.ephemeral and "You have 1,000 event chips" in too_much.text
    bought = await tables.command(ann, "buyin", amount=300)
    assert bought.ephemeral and "300" in bought.text, bought.text
    assert await harness.bot.store.event_stacks(harness.guild_id, 1) == {ann.id: 1000}  # 700 + 300 seated
    assert await harness.wallet(ann) == wallet - 100
    await harness.audit_ok()


async def test_a_deleted_event_channel_ends_nothing_the_event_goes_on_at_its_other_tables(
    harness: DiscordHarness, clock: Any
) -> None:
    """The event's channel (and its table, stakes returned to the event stacks) is deleted in the
    middle of the night: the table opened for the event elsewhere plays on, members still join,
    and the end pays the pool; only the podium, which had nowhere to go, is not posted."""
    await start_night(harness, clock, name="Game Night", stack=20, fee=50, games="uth, threecard")
    admin = harness.user("pit-boss", admin=True)
    ann, ben, cat, dan = (harness.user(name) for name in ("ann", "ben", "cat", "dan"))
    wallets = {player.id: await harness.wallet(player) for player in (ann, ben, cat, dan)}
    for player in (ann, ben, cat):
        assert (await harness.slash(player, "event join", name="Game Night")).ephemeral
    uth = TableDriver(harness, clock, "uth")
    await uth.open(admin)
    elsewhere = harness.channel_id + 1
    await harness.slash(admin, "table open", channel_id=elsewhere, game="threecard", event="Game Night")
    await uth.press(ann, "Ante 10")
    stacks = await harness.bot.store.event_stacks(harness.guild_id, 1)
    assert stacks == {ann.id: 0, ben.id: 20, cat.id: 20}  # Ann's Ante and Blind are in play

    harness.fake.delete_channel(harness.channel_id)
    tables_cog: Any = harness.bot.get_cog("Tables")
    await tables_cog.messages.channel_deleted(harness.channel_id)  # Discord says so (CHANNEL_DELETE)
    await uth.settle()
    assert harness.bot.tables.table_in(harness.channel_id) is None
    assert await harness.bot.store.event_stacks(harness.guild_id, 1) == {ann.id: 20, ben.id: 20, cat.id: 20}

    joined = await harness.slash(dan, "event join", name="Game Night", channel_id=elsewhere)
    assert joined.ephemeral and "20 event chips" in joined.text, joined.text
    for player in (cat, dan):
        await press_at(uth, elsewhere, player, "Ante 10")
    await uth.pass_time(61, times=6)  # the timers fold both
    assert await harness.bot.store.event_stacks(harness.guild_id, 1) == {ann.id: 20, ben.id: 20, cat.id: 10,
                                                                          dan.id: 10}
    clock.now = START + 3 * HOUR + 1
    await events_cog(harness).end_due_events()
    await events_cog(harness).end_due_events()
    assert podiums(harness) == []
    # Pool 200: Ann and Ben tied first share first's and second's 100 + 60 (80 each), Cat and
    # Dan tied third share third's 40 (20 each).
    prizes = {ann.id: 80 - 50, ben.id: 80 - 50, cat.id: 20 - 50, dan.id: 20 - 50}
    players = (ann, ben, cat, dan)
    changes = {player.id: await harness.wallet(player) - wallets[player.id] for player in players}
    assert changes == prizes
    results = await harness.slash(cat, "event results", name="Game Night", channel_id=elsewhere)
    assert results.ephemeral and f"<@{cat.id}> 10 chips · prize 20 chips" in results.text, results.text
    await harness.audit_ok()
    await harness.audit_ok(event_economy(1))
