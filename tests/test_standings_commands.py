"""/leaderboard, /stats, /chips settings timezone and the sitting recap, through discord.py and
the fake Discord API: what players see, in English and German."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.poker import evaluate
from bot.store.stats_models import SESSION_IDLE_SECONDS, PlayedHand
from cogs import common
from cogs.standings import Standings
from tests.harness.driver import DiscordHarness
from tests.harness.fake_discord import EPHEMERAL_FLAG
from tests.harness.tables import opened_table
from tests.stats_helpers import Seat, record


def standings(harness: DiscordHarness) -> Standings:
    cog = harness.bot.get_cog("Standings")  # discord.py loads the extension as its own module
    assert cog is not None and type(cog).__name__ == "Standings"
    return cog  # type: ignore[return-value]


def picture_of(reply_or_message: dict, filename: str) -> dict:
    (attachment,) = reply_or_message["attachments"]
    assert attachment["filename"] == filename and attachment["size"] > 1000
    assert reply_or_message["embeds"][0]["image"]["url"] == f"attachment://{filename}"
    return attachment


async def test_the_leaderboard_is_a_picture_with_the_callers_rank_and_neighbours(
    harness: DiscordHarness, clock
) -> None:
    store, guild = harness.bot.store, harness.guild_id
    players = [harness.user(f"player{index}") for index in range(14)]
    for index, player in enumerate(players):  # player n wins n chips (player 0: a push)
        await record(store, guild, "uth", clock.now - 60, {player.id: Seat(10, 10 + index)},
                     names={player.id: f"Player {index} 🎲"})
    caller = players[2]
    board = await harness.slash(caller, "leaderboard")
    assert board.type == 4 and not board.ephemeral  # ready in time: the answer itself, for the channel
    assert not board.followups
    posted = board.message
    picture_of(posted, "leaderboard.png")
    text = board.text
    assert text.startswith("Leaderboard · All games")
    assert text.index(f"**1.** <@{players[13].id}> +13 (1 round)") < text.index(f"**10.** <@{players[4].id}>")
    assert f"<@{players[3].id}>" in text and f"<@{players[1].id}>" in text  # the caller's neighbours
    assert "Your rank: **#12** of 14 (+2)" in text
    assert posted["embeds"][0]["footer"]["text"] == "Net winnings · All time"


def given_time(monkeypatch, seconds: float) -> None:
    """Replies wait up to ``seconds`` for their board before they defer."""
    monkeypatch.setattr(common, "ANSWER_AT_ONCE_SECONDS", seconds)
    monkeypatch.setattr(common, "LATEST_DEFER_AGE", max(seconds, common.LATEST_DEFER_AGE))


@pytest.fixture(autouse=True)
def ready_in_time(monkeypatch) -> None:
    """Boards here answer at once whatever this machine's speed (the first one starts the
    workers, which may take longer than the bot's second); the deferred path has its tests."""
    given_time(monkeypatch, 60.0)


def answering_slowly(monkeypatch) -> None:
    """No time to answer at once: every board is deferred first."""
    given_time(monkeypatch, 0.0)


def test_an_old_interaction_waits_less_for_its_board(monkeypatch) -> None:
    def aged(seconds: float) -> Any:
        return SimpleNamespace(created_at=discord.utils.utcnow() - dt.timedelta(seconds=seconds))

    monkeypatch.undo()  # the bot's own limits, not this module's generous ones
    assert 0.99 < common.patience(aged(0.0)) <= common.ANSWER_AT_ONCE_SECONDS == 1.0
    assert 0.45 < common.patience(aged(1.5)) <= 0.5  # the defer must leave by 2 s of Discord's 3
    assert common.patience(aged(2.5)) == 0.0 and common.patience(aged(60)) == 0.0


async def test_a_board_not_ready_in_time_is_deferred_then_posted(
    harness: DiscordHarness, clock, monkeypatch
) -> None:
    answering_slowly(monkeypatch)
    player = harness.user("player")
    await record(harness.bot.store, harness.guild_id, "uth", clock.now, {player.id: Seat(10, 30)})
    board = await harness.slash(player, "leaderboard")
    assert board.type == 5 and not board.ephemeral  # "thinking", for the channel
    (posted,) = board.followups
    picture_of(posted, "leaderboard.png")
    assert f"**1.** <@{player.id}> +20 (1 round)" in board.text
    stats = await harness.slash(player, "stats")
    assert stats.type == 5
    picture_of(stats.followups[0], "stats.png")


async def test_a_board_that_fails_after_its_defer_says_so_privately(
    harness: DiscordHarness, monkeypatch, caplog
) -> None:
    answering_slowly(monkeypatch)
    cog = standings(harness)

    async def broken_drawing(*_: object) -> bytes:
        raise RuntimeError("the drawing failed")

    monkeypatch.setattr(cog.drawer, "draw", broken_drawing)
    board = await harness.slash(harness.user("player"), "leaderboard")
    assert board.type == 5
    (apology,) = board.followups
    assert apology["flags"] & EPHEMERAL_FLAG and "went wrong" in apology["content"], apology
    assert "the drawing failed" in caplog.text


async def test_win_rate_needs_ten_rounds_and_says_so(harness: DiscordHarness, clock) -> None:
    store, guild = harness.bot.store, harness.guild_id
    regular, newcomer = harness.user("regular"), harness.user("newcomer")
    for index in range(12):
        await record(store, guild, "hcf", clock.now - index, {regular.id: Seat(10, 20 if index % 3 else 0)})
    await record(store, guild, "hcf", clock.now, {newcomer.id: Seat(10, 20)})
    board = await harness.slash(newcomer, "leaderboard", game="hcf", period="today", metric="win_rate")
    assert f"**1.** <@{regular.id}> 66.7% (12 rounds)" in board.text
    assert "You have played 1 of the 10 rounds needed to be ranked by win rate." in board.text
    assert "at least 10 rounds to qualify" in board.message["embeds"][0]["footer"]["text"]


async def test_a_german_server_reads_its_leaderboard_and_stats_in_german(
    harness: DiscordHarness, clock
) -> None:
    harness.guild_locale = "de"
    anna = harness.user("anna", locale="en-US")
    royal = evaluate("As Ks Qs Js Ts")
    await record(harness.bot.store, harness.guild_id, "uth", clock.now, {anna.id: Seat(1000, 2500)},
                 names={anna.id: "Anna"}, played={anna.id: PlayedHand(royal.value, "As Ks Qs Js Ts")})
    board = await harness.slash(anna, "leaderboard", metric="best_win")
    assert board.text.startswith("Bestenliste · Alle Spiele"), board.text
    assert "+1.500" in board.text and "Größter Einzelgewinn · Gesamte Zeit" in board.text
    stats = await harness.slash(anna, "stats")
    assert "Gewinnquote 100,0" in stats.text and "Statistik · Anna" in stats.text, stats.text
    assert "Beste Hand: Royal Flush" in stats.text


async def test_stats_show_a_players_record_and_best_hand_from_a_real_round(
    harness: DiscordHarness, clock
) -> None:
    tables = await opened_table(harness, clock, "uth")
    alice, bob = await tables.players_ante(2)
    await tables.pass_time(31)  # the betting window closes and the cards are dealt
    await tables.pass_time(60, times=4)  # every decision times out: checked, then folded
    assert tables.results(), "the round did not finish"
    with sqlite3.connect(Path(harness.bot.config.db_path)) as raw:
        hands = raw.execute("SELECT user_id, hand_value, hand FROM round_players").fetchall()
    assert {user for user, value, cards in hands if value and len(cards.split()) == 5} == {alice.id, bob.id}
    stats = await harness.slash(bob, "stats", member=alice)
    assert not stats.ephemeral
    picture_of(stats.message, "stats.png")
    assert f"<@{alice.id}>: 1 round" in stats.text and "Best hand: " in stats.text, stats.text
    assert "**Ultimate Texas Hold'em**: 1 round" in stats.text
    nobody = await harness.slash(alice, "stats", member=harness.user("newbie"))
    assert "has no finished rounds here yet" in nobody.text


async def test_a_sitting_is_recapped_once_after_30_idle_minutes(harness: DiscordHarness, clock) -> None:
    store, guild = harness.bot.store, harness.guild_id
    table = await store.create_table(guild, harness.channel_id, "uth", {}, now=clock.now)
    ann, ben = harness.user("ann"), harness.user("ben")
    for step in range(5):
        await record(store, guild, "uth", clock.now + step * 60, {ann.id: Seat(10, 30), ben.id: Seat(10, 0)},
                     table_id=table.id, names={ann.id: "Ann", ben.id: "בן"})
    cog = standings(harness)
    before = len(harness.fake.messages)
    clock.advance(4 * 60 + SESSION_IDLE_SECONDS - 5)
    await cog.post_recaps()
    assert len(harness.fake.messages) == before  # still within the 30 minutes
    clock.advance(10)
    await cog.post_recaps()
    (recap,) = list(harness.fake.messages.values())[before:]
    picture_of(recap, "recap.png")
    description = recap["embeds"][0]["description"]
    assert recap["embeds"][0]["title"] == "Ultimate Texas Hold'em · the sitting is over"
    assert "5 rounds · 2 players" in description and "Ann +100" in description and "בן -50" in description
    await cog.post_recaps()
    assert len(harness.fake.messages) == before + 1  # posted once


async def test_session_period_needs_a_table_here(harness: DiscordHarness) -> None:
    refused = await harness.slash(harness.user("ann"), "leaderboard", period="session")
    assert refused.ephemeral and "no sitting at a table in this channel" in refused.text


async def test_an_admin_sets_the_time_zone_by_its_iana_name(harness: DiscordHarness) -> None:
    admin = harness.user("admin", admin=True)
    shown = await harness.slash(admin, "chips settings", timezone="America/New_York")
    assert shown.ephemeral and "America/New_York" in shown.text, shown.text
    assert (await harness.bot.store.guild_settings(harness.guild_id)).timezone == "America/New_York"
    wrong = await harness.slash(admin, "chips settings", timezone="Atlantis/Capital")
    assert wrong.ephemeral and "is not a time zone I know" in wrong.text
    assert (await harness.bot.store.guild_settings(harness.guild_id)).timezone == "America/New_York"
