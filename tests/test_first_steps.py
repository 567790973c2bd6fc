"""A newcomer's first steps, through discord.py against the local Discord: ``/help`` and ``/help
game:`` in both languages, the welcome when the bot joins a server (once, and only where it may
post), practice tables of every game that leave wallets, the ledger's totals, leaderboards and
/stats untouched, and the idle table telling a first-time player what to press."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import discord
import pytest

from bot import catalog
from bot.economies import practice_economy
from bot.i18n import Words, words
from bot.store import Store
from bot.tables.config import PRACTICE_CHIPS, TableConfig
from cogs.common import PRACTICE_MARK
from tests.harness.driver import DiscordHarness, FakeUser, message_text
from tests.harness.fake_discord import BOT_PERMISSIONS
from tests.harness.tables import TableDriver
from tests.test_languages_tables import assert_names_listed_commands, assert_names_shown_buttons, assert_reads

LANGUAGES = {"en": "en-US", "de": "de"}
GAME_KEYS = [game.key for game in catalog.GAMES]


# ----------------------------------------------------------------------------------- /help
@pytest.mark.parametrize("language", list(LANGUAGES))
async def test_help_tells_a_newcomer_the_games_how_to_start_and_the_rest(
        harness: DiscordHarness, language: str) -> None:
    reader = harness.user("newcomer", locale=LANGUAGES[language])
    reply = await harness.slash(reader, "help")
    assert reply.ephemeral
    w = words(language)
    for game in catalog.GAMES:
        assert game.summary and game.how_it_goes, f"{game.key} needs its /help texts"
        assert f"**{game.name}**: {w(game.summary)}" in reply.text
    for command in ("table open", "daily", "balance", "leaderboard", "stats", "round", "audit",
                    "chips settings", "help", "event start", "event join", "event results"):
        assert w.command(command) in reply.text, command
    assert "practice" in reply.text.lower() or "übung" in reply.text.lower()
    assert_reads(language, [reply.text])
    assert_names_listed_commands(harness, language, [reply.text])


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("game", GAME_KEYS)
async def test_help_for_a_game_shows_how_a_hand_goes_with_a_picture_of_its_table(
        harness: DiscordHarness, language: str, game: str) -> None:
    reader = harness.user("newcomer", locale=LANGUAGES[language])
    reply = await harness.slash(reader, "help", game=game)
    assert reply.ephemeral
    w = words(language)
    vocabulary = catalog.vocabularies()[game]
    declared = catalog.declared(game)
    assert w(declared.how_it_goes, **vocabulary.references()) in reply.text
    assert vocabulary.command("rules").startswith("/") and w.command(f"{game} rules") in reply.text
    (embed,) = reply.data["embeds"]
    assert embed["image"]["url"] == "attachment://table.png"
    assert [file["filename"] for file in reply.files] == ["table.png"]
    assert_reads(language, [reply.text])
    assert_names_listed_commands(harness, language, [reply.text])
    assert_names_shown_buttons(language, [reply.text])


# ----------------------------------------------------------------------------------- welcome
WELCOME_GUILD = 800000000000000777
SYSTEM_CHANNEL, OTHER_CHANNEL = 810000000000000777, 810000000000000778
SEND = discord.Permissions(send_messages=True)


def guild_create(harness: DiscordHarness, guild_id: int, *, locale: str = "de",
                 denied: discord.Permissions | None = None) -> dict[str, Any]:
    """The GUILD_CREATE Discord sends when the bot is added to a server: its roles, the bot as a
    member and two text channels, the first the system channel; ``denied`` is taken from the bot
    in every channel."""
    bot_user = harness.bot.user
    overwrites = [] if denied is None else [
        {"id": str(bot_user.id), "type": 1, "allow": "0", "deny": str(denied.value)}]
    named = ((SYSTEM_CHANNEL, "general"), (OTHER_CHANNEL, "casino"))
    channels = [{"id": str(channel), "type": 0, "name": name, "position": position, "guild_id": str(guild_id),
                 "permission_overwrites": overwrites} for position, (channel, name) in enumerate(named)]
    return {
        "id": str(guild_id), "name": "Neuer Server", "owner_id": "1", "preferred_locale": locale,
        "system_channel_id": str(SYSTEM_CHANNEL), "roles": [
            {"id": str(guild_id), "name": "@everyone", "permissions": str(BOT_PERMISSIONS.value),
             "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False}],
        "members": [{"user": {"id": str(bot_user.id), "username": bot_user.name, "discriminator": "0",
                              "avatar": None, "bot": True},
                     "roles": [], "joined_at": "2026-11-27T08:00:00+00:00", "deaf": False, "mute": False,
                     "flags": 0}],
        "channels": channels, "threads": [], "emojis": [], "stickers": [], "features": [],
        "member_count": 1, "large": False, "joined_at": "2026-11-27T08:00:00+00:00",
    }


def posted_in(harness: DiscordHarness, channel_id: int) -> list[dict[str, Any]]:
    return [message for message in harness.fake.messages.values()
            if int(message.get("channel_id") or 0) == channel_id]


async def join(harness: DiscordHarness, payload: dict[str, Any]) -> None:
    """Feed the gateway's GUILD_CREATE through discord.py, and let its listeners run."""
    harness.bot._connection.parse_guild_create(payload)
    for _ in range(20):
        await asyncio.sleep(0.01)


async def test_the_bot_greets_a_new_server_once_in_its_language(harness: DiscordHarness) -> None:
    await join(harness, guild_create(harness, WELCOME_GUILD, locale="de"))
    (welcome,) = posted_in(harness, SYSTEM_CHANNEL)
    text = message_text(welcome)
    w = words("de")
    assert welcome["embeds"][0]["title"] == w("Casino poker is here") != "Casino poker is here"
    assert w.command("table open", game=...) in text and w.command("help") in text
    assert_reads("de", [text])
    assert_names_listed_commands(harness, "de", [text])
    # Removed and added again (a second GUILD_CREATE for it), or a restart: no second welcome.
    harness.bot._connection._remove_guild(harness.bot.get_guild(WELCOME_GUILD))
    await join(harness, guild_create(harness, WELCOME_GUILD, locale="de"))
    assert len(posted_in(harness, SYSTEM_CHANNEL)) == 1 and posted_in(harness, OTHER_CHANNEL) == []


async def test_no_welcome_where_the_bot_may_not_post(harness: DiscordHarness) -> None:
    await join(harness, guild_create(harness, WELCOME_GUILD + 1, denied=SEND))
    assert posted_in(harness, SYSTEM_CHANNEL) == [] and posted_in(harness, OTHER_CHANNEL) == []


async def test_a_server_is_welcomed_once_even_by_racing_processes(store: Store) -> None:
    assert await store.first_welcome(42, now=1.0)
    assert not await store.first_welcome(42, now=2.0)
    assert await store.first_welcome(43, now=2.0)


# ----------------------------------------------------------------------------------- practice
async def snapshot_of_real_money(harness: DiscordHarness, players: list[FakeUser]) -> tuple[Any, ...]:
    store = harness.bot.store
    audit = await store.audit(harness.guild_id)
    return (tuple([await harness.wallet(player) for player in players]),
            dataclasses.replace(audit, stats_off=0),
            await store.leaderboard(harness.guild_id),
            [await store.profile(harness.guild_id, player.id) for player in players],
            [await store.history(harness.guild_id, player.id) for player in players])


def results(tables: TableDriver) -> list[dict[str, Any]]:
    return [message for message in tables.h.fake.messages.values()
            if any(file["filename"] == "result.png" for file in message.get("attachments") or [])]


async def play_a_practice_round(tables: TableDriver, game: str, players: list[FakeUser], w: Words) -> None:
    """Both players bet the least they can (buying in first where the game plays from stacks),
    then the timers play the round out."""
    vocabulary = catalog.vocabularies()[game]
    if game in ("hcf", "chinese"):
        for player in players:
            await tables.command(player, "buyin", amount=200)
        await tables.press(players[0], vocabulary.button(w, "start" if game == "hcf" else "deal"))
    if game != "chinese":
        for player in players:
            await tables.press(player, vocabulary.button(w, "ante", amount=10, box=1))
    for _ in range(12):
        if results(tables):
            return
        await tables.pass_time(121)
    raise AssertionError("the practice round never ended")


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("game", GAME_KEYS)
async def test_a_practice_round_touches_no_wallet_total_leaderboard_or_stats(
        harness: DiscordHarness, clock: Any, game: str, language: str) -> None:
    harness.guild_locale = LANGUAGES[language]
    w = words(language)
    tables = TableDriver(harness, clock, game)
    players = [harness.user("ann"), harness.user("ben")]
    for player in players:  # their real wallets, with the starting chips
        await harness.wallet(player)
    before = await snapshot_of_real_money(harness, players)
    opened = await tables.open(harness.user("pit-boss", admin=True), practice=True)
    mark, name = w(PRACTICE_MARK), w("{game} (practice)", game=catalog.declared(game).name)
    assert mark in opened.text and name in opened.text and w("{chips}", chips=PRACTICE_CHIPS) in opened.text
    await play_a_practice_round(tables, game, players, w)
    (result,) = results(tables)
    assert name in result["embeds"][0]["title"]
    message = tables.message()
    assert name == message["embeds"][0]["title"] and mark in message["embeds"][0]["description"]
    assert await snapshot_of_real_money(harness, players) == before
    await harness.audit_ok()
    economy = practice_economy(harness.guild_id)
    await harness.audit_ok(economy)  # the practice chips balance too, in their own books
    assert (await harness.bot.store.audit(economy)).minted > 0
    mine = await harness.slash(players[0], "table refill")
    have = await harness.bot.store.ensure_wallet(economy, players[0].id)
    assert have >= PRACTICE_CHIPS  # topped up when below, kept when above
    assert mine.ephemeral and mine.text == words("en")("You have {chips} practice chips.", chips=have)


async def test_closing_a_practice_table_returns_the_practice_stacks_to_the_practice_chips(
        harness: DiscordHarness, clock: Any) -> None:
    tables = TableDriver(harness, clock, "hcf")
    admin, ann = harness.user("pit-boss", admin=True), harness.user("ann")
    real = await harness.wallet(ann)
    await tables.open(admin, practice=True)
    await tables.command(ann, "buyin", amount=300)
    economy = practice_economy(harness.guild_id)
    assert await harness.bot.store.ensure_wallet(economy, ann.id) == PRACTICE_CHIPS - 300
    await harness.slash(admin, "table close")
    assert harness.bot.tables.table_in(harness.channel_id) is None
    assert await harness.bot.store.ensure_wallet(economy, ann.id) == PRACTICE_CHIPS
    assert await harness.wallet(ann) == real
    await harness.audit_ok()
    await harness.audit_ok(economy)


async def test_refill_is_only_for_practice_tables(harness: DiscordHarness, clock: Any) -> None:
    tables = TableDriver(harness, clock, "uth")
    await tables.open(harness.user("pit-boss", admin=True))
    refused = await harness.slash(harness.user("ann"), "table refill")
    assert refused.ephemeral and "Only a practice table" in refused.text


def test_a_practice_table_is_kept_as_one_across_restarts() -> None:
    config = TableConfig("uth", practice=True)
    assert TableConfig.from_dict(config.to_dict()).practice
    assert not TableConfig.from_dict({key: value for key, value in config.to_dict().items()
                                      if key != "practice"}).practice  # tables opened before


# ----------------------------------------------------------------------------------- idle table
@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("game", GAME_KEYS)
async def test_an_idle_table_says_exactly_what_to_press(harness: DiscordHarness, clock: Any, game: str,
                                                        language: str) -> None:
    harness.guild_locale = LANGUAGES[language]
    tables = TableDriver(harness, clock, game)
    await tables.open(harness.user("pit-boss", admin=True))
    message = tables.message()
    description = message["embeds"][0]["description"]
    labels = tables.buttons()
    bold = [part for index, part in enumerate(description.split("**")) if index % 2]
    pressed = [label for label in bold if label in labels]
    assert pressed, (description, labels)  # it names a button the table shows
    assert_reads(language, [description])
    assert_names_listed_commands(harness, language, [description])
