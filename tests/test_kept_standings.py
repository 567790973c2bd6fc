"""Kept standings (#38): each week's and month's final leaderboard posted once in the channel an
admin named, at the period's end in the server's time zone (across daylight-saving changes and
restarts), and past periods on /leaderboard ``when:``; through discord.py and the fake Discord."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import discord
import pytest

from bot.client import CasinoBot
from bot.config import Config
from bot.errors import UserError
from bot.i18n import words_for
from bot.store import Store, StoreError
from bot.store.stats_models import last_ended, next_period_start, period_key
from cogs.admin import Admin
from cogs.standings import Standings
from tests.harness.driver import DiscordHarness, assert_refused
from tests.harness.faults import Fault
from tests.harness.postgres import Databases
from tests.stats_helpers import Seat, record
from tests.test_standings_commands import given_time

STANDINGS_CHANNEL = 810000000000000777
BERLIN, NEW_YORK = ZoneInfo("Europe/Berlin"), ZoneInfo("America/New_York")


@pytest.fixture(autouse=True)
def ready_in_time(monkeypatch) -> None:
    """Boards answer at once whatever this machine's speed (test_standings_commands tests the
    deferred path)."""
    given_time(monkeypatch, 60.0)


def local(zone: ZoneInfo, *parts: int) -> float:
    return dt.datetime(*parts, tzinfo=zone).timestamp()  # type: ignore[misc]


def standings(harness: DiscordHarness) -> Standings:
    cog = harness.bot.get_cog("Standings")
    assert cog is not None and type(cog).__name__ == "Standings"
    return cog  # type: ignore[return-value]


def posts_in(harness: DiscordHarness, channel_id: int) -> list[dict]:
    return [message for message in harness.fake.messages.values()
            if int(message["channel_id"]) == channel_id]


# -- the calendar -------------------------------------------------------------------------------

@pytest.mark.parametrize(("zone", "monday", "hours"), [
    (BERLIN, dt.date(2026, 10, 19), 169),    # clocks go back on Sunday 25 October
    (BERLIN, dt.date(2026, 3, 23), 167),     # and forward on Sunday 29 March
    (NEW_YORK, dt.date(2026, 10, 26), 169),  # back on Sunday 1 November
    (NEW_YORK, dt.date(2026, 11, 2), 168),
])
def test_a_week_ends_at_the_local_midnight_after_its_sunday(zone: ZoneInfo, monday: dt.date,
                                                            hours: int) -> None:
    start = local(zone, monday.year, monday.month, monday.day)
    end = next_period_start("week", start + 3600, zone)
    assert dt.datetime.fromtimestamp(end, zone) == dt.datetime(
        *(monday + dt.timedelta(days=7)).timetuple()[:3], tzinfo=zone)
    assert (end - start) / 3600 == hours
    assert last_ended("week", end, zone) == (f"w{monday.isoformat()}", start, end)
    assert last_ended("week", end - 1, zone)[2] == start  # a second before: the week before it


def test_a_month_across_a_change_of_the_clocks_has_its_extra_hour() -> None:
    key, start, end = last_ended("month", local(BERLIN, 2026, 11, 1, 0, 0, 1), BERLIN)
    assert key == "m2026-10" and (end - start) / 3600 == 31 * 24 + 1
    assert period_key("month", end - 1, BERLIN) == "m2026-10"


# -- posted once at the end ---------------------------------------------------------------------

async def name_the_channel(harness: DiscordHarness, zone: str) -> None:
    admin = harness.user("admin", admin=True)
    shown = await harness.slash(admin, "chips settings", timezone=zone, standings_channel=STANDINGS_CHANNEL)
    assert shown.ephemeral and f"<#{STANDINGS_CHANNEL}>" in shown.text, shown.text


@pytest.mark.parametrize(("zone", "played", "week_end"), [
    ("Europe/Berlin", (2026, 10, 25, 12), (2026, 10, 26)),   # the week the clocks go back
    ("America/New_York", (2026, 11, 1, 23, 30), (2026, 11, 2)),
])
async def test_the_weeks_final_standings_are_posted_once_at_its_local_end(
    harness: DiscordHarness, clock, tmp_path: Path, zone: str, played: tuple[int, ...],
    week_end: tuple[int, ...]
) -> None:
    here = ZoneInfo(zone)
    clock.now = local(here, 2026, 10, 19, 9) if zone == "Europe/Berlin" else local(here, 2026, 10, 26, 9)
    await name_the_channel(harness, zone)
    store, guild = harness.bot.store, harness.guild_id
    ann, ben = harness.user("ann"), harness.user("ben")
    await record(store, guild, "uth", local(here, *played), {ann.id: Seat(10, 60), ben.id: Seat(10, 0)},
                 names={ann.id: "Ann", ben.id: "Ben"})
    end = local(here, *week_end)
    cog = standings(harness)
    clock.now = end - 1
    await cog.post_standings()
    assert posts_in(harness, STANDINGS_CHANNEL) == []  # the week is not over: the round counts in it
    clock.now = end + 1
    await cog.post_standings()
    (posted,) = posts_in(harness, STANDINGS_CHANNEL)
    embed = posted["embeds"][0]
    monday = dt.date(*week_end) - dt.timedelta(days=7)
    assert embed["title"] == f"Final standings · Week of {monday:%b} {monday.day}, {monday.year}"
    assert embed["description"].splitlines()[:2] == [f"**1.** <@{ann.id}> +50 (1 round)",
                                                      f"**2.** <@{ben.id}> -10 (1 round)"]
    assert "Your rank" not in embed["description"]  # posted for the channel, no reader's line
    assert posted["attachments"][0]["filename"] == "standings.png"
    await cog.post_standings()
    await restart(harness, clock, tmp_path)
    await standings(harness).post_standings()
    assert len(posts_in(harness, STANDINGS_CHANNEL)) == 1  # once, restarts included
    assert await harness.bot.store.standings_post(guild, f"w{monday.isoformat()}") == (
        STANDINGS_CHANNEL, int(posted["id"]), True)


async def restart(harness: DiscordHarness, clock, tmp_path: Path) -> None:
    """The bot process stops and a new one starts on the same database."""
    await harness.bot.close()
    bot = CasinoBot(Config(token="fake-token", db_path=str(tmp_path / "casino.sqlite3")))
    bot.clock = clock
    await bot.login("fake-token")
    harness.bot = bot


async def test_the_months_standings_follow_and_a_quiet_or_earlier_period_is_not_posted(
    harness: DiscordHarness, clock
) -> None:
    clock.now = local(BERLIN, 2026, 10, 28, 12)  # a Wednesday: last week ended before the channel
    await name_the_channel(harness, "Europe/Berlin")
    store, guild = harness.bot.store, harness.guild_id
    ann = harness.user("ann")
    await record(store, guild, "hcf", local(BERLIN, 2026, 10, 20, 12), {ann.id: Seat(10, 30)})  # last week
    cog = standings(harness)
    await cog.post_standings()
    assert posts_in(harness, STANDINGS_CHANNEL) == []  # that week ended before the channel was named
    clock.now = local(BERLIN, 2026, 11, 1, 0, 0, 30)  # October is over (this week goes on)
    await cog.post_standings()
    (month,) = posts_in(harness, STANDINGS_CHANNEL)
    assert month["embeds"][0]["title"] == "Final standings · October 2026"
    assert f"<@{ann.id}> +20" in month["embeds"][0]["description"]
    clock.now = local(BERLIN, 2026, 11, 2, 0, 0, 30)  # the week of 26 October: nobody played
    await cog.post_standings()
    assert len(posts_in(harness, STANDINGS_CHANNEL)) == 1
    assert await store.standings_post(guild, "w2026-10-26") == (STANDINGS_CHANNEL, None, True)


async def test_discord_down_posts_later_and_a_deleted_channel_is_given_up(
    harness: DiscordHarness, clock
) -> None:
    store, guild = harness.bot.store, harness.guild_id
    clock.now = local(BERLIN, 2026, 11, 25, 12)
    await name_the_channel(harness, "Europe/Berlin")
    ann = harness.user("ann")
    await record(store, guild, "uth", clock.now, {ann.id: Seat(10, 30)})
    cog = standings(harness)
    clock.now = local(BERLIN, 2026, 11, 30, 0, 1)
    harness.fake.inject(Fault.server_error(503, route="channels", method="POST",
                                           channel_id=STANDINGS_CHANNEL))
    await cog.post_standings()
    assert posts_in(harness, STANDINGS_CHANNEL) == []
    assert await store.standings_post(guild, "w2026-11-23") == (STANDINGS_CHANNEL, None, False)  # to send
    harness.fake.heal()
    await cog.post_standings()
    (posted,) = posts_in(harness, STANDINGS_CHANNEL)  # posted at the next check
    assert await store.standings_post(guild, "w2026-11-23") == (STANDINGS_CHANNEL, int(posted["id"]), True)
    harness.fake.delete_channel(STANDINGS_CHANNEL)
    clock.now = local(BERLIN, 2026, 12, 1, 0, 1)  # November's end: the channel is gone
    await cog.post_standings()
    await cog.post_standings()
    assert await store.standings_post(guild, "m2026-11") == (STANDINGS_CHANNEL, None, True)


async def test_a_post_sent_but_never_noted_is_not_posted_again_after_a_restart(
    harness: DiscordHarness, clock, tmp_path: Path
) -> None:
    """Discord made the message but its answer was lost, and the bot stopped before trying
    again: the next process sends the claim again with the same nonce and gets that message."""
    store, guild = harness.bot.store, harness.guild_id
    clock.now = local(NEW_YORK, 2026, 11, 25, 12)
    await name_the_channel(harness, "America/New_York")
    await record(store, guild, "uth", clock.now, {harness.user("ann").id: Seat(10, 30)})
    clock.now = local(NEW_YORK, 2026, 11, 30, 0, 1)
    harness.fake.inject(Fault.server_error(502, route="channels", method="POST", channel_id=STANDINGS_CHANNEL,
                                           after=True))
    await standings(harness).post_standings()
    (made,) = posts_in(harness, STANDINGS_CHANNEL)
    assert not (await store.standings_post(guild, "w2026-11-23")).done  # type: ignore[union-attr]
    harness.fake.heal()
    await restart(harness, clock, tmp_path)
    await standings(harness).post_standings()
    assert posts_in(harness, STANDINGS_CHANNEL) == [made]
    noted = await harness.bot.store.standings_post(guild, "w2026-11-23")
    assert noted == (STANDINGS_CHANNEL, int(made["id"]), True)


async def test_a_german_server_reads_its_final_standings_in_german(harness: DiscordHarness, clock) -> None:
    harness.guild_locale = "de"
    clock.now = local(BERLIN, 2026, 11, 25, 12)
    await name_the_channel(harness, "Europe/Berlin")
    anna = harness.user("anna")
    await record(harness.bot.store, harness.guild_id, "uth", clock.now, {anna.id: Seat(1000, 2500)})
    clock.now = local(BERLIN, 2026, 11, 30, 0, 1)
    await standings(harness).post_standings()
    (posted,) = posts_in(harness, STANDINGS_CHANNEL)
    assert posted["embeds"][0]["title"] == "Endstand · Woche vom 23. Nov. 2026", posted["embeds"][0]
    assert "+1.500" in posted["embeds"][0]["description"]


# -- the admin's setting and /leaderboard when: --------------------------------------------------

async def test_an_admin_names_the_standings_channel_and_switches_it_off(
    harness: DiscordHarness, clock
) -> None:
    store, guild = harness.bot.store, harness.guild_id
    admin = harness.user("admin", admin=True)
    member = await harness.slash(harness.user("ann"), "chips settings", standings_channel=STANDINGS_CHANNEL)
    assert member.ephemeral and (await store.guild_settings(guild)).standings_channel_id is None
    await name_the_channel(harness, "UTC")
    settings = await store.guild_settings(guild)
    assert (settings.standings_channel_id, settings.standings_since) == (STANDINGS_CHANNEL, clock.now)
    both = await harness.slash(admin, "chips settings", standings_channel=STANDINGS_CHANNEL,
                               standings_off=True)
    assert_refused(both, "not both")
    assert (await store.guild_settings(guild)).standings_channel_id == STANDINGS_CHANNEL
    off = await harness.slash(admin, "chips settings", standings_off=True)
    assert off.ephemeral and "Not posted" in off.text
    assert (await store.guild_settings(guild)).standings_channel_id is None
    assert await store.standings_guilds() == []


async def test_the_leaderboard_shows_a_past_week_or_month(harness: DiscordHarness, clock) -> None:
    await harness.slash(harness.user("admin", admin=True), "chips settings", timezone="America/New_York")
    store, guild = harness.bot.store, harness.guild_id
    ann, ben = harness.user("ann"), harness.user("ben")
    # Ann's round is in October and Ben's in the next week in New York (both in November in UTC).
    await record(store, guild, "uth", local(NEW_YORK, 2026, 10, 31, 23, 30), {ann.id: Seat(10, 40)})
    await record(store, guild, "uth", local(NEW_YORK, 2026, 11, 2, 0, 30), {ben.id: Seat(10, 90)})
    clock.now = local(NEW_YORK, 2026, 11, 18, 12)
    past = await harness.slash(ann, "leaderboard", period="week", when="2026-10-28")
    assert not past.ephemeral
    assert f"**1.** <@{ann.id}> +30" in past.text and f"<@{ben.id}>" not in past.text, past.text
    assert past.message["embeds"][0]["footer"]["text"] == "Net winnings · Week of Oct 26, 2026"
    month = await harness.slash(ben, "leaderboard", period="month", when="2026-11")
    assert_refused(month, "has not ended yet")
    october = await harness.slash(ben, "leaderboard", period="month", when="2026-10")
    assert f"<@{ann.id}> +30" in october.text and october.message["embeds"][0]["footer"]["text"].endswith(
        "October 2026")
    assert_refused(await harness.slash(ben, "leaderboard", period="all", when="2026-10"), "week or a month")
    for nonsense in ("last tuesday", "2026-13", "9999-12-31"):
        assert_refused(await harness.slash(ben, "leaderboard", period="week", when=nonsense), "2026-11-16")


async def test_the_past_periods_offered_are_the_last_ones_that_ended(harness: DiscordHarness, clock) -> None:
    clock.now = local(BERLIN, 2026, 11, 18, 12)
    await harness.slash(harness.user("admin", admin=True), "chips settings", timezone="Europe/Berlin")
    offered = await harness.autocomplete(harness.user("ann"), "leaderboard", "when", "", period="week")
    assert [choice["value"] for choice in offered][:3] == ["2026-11-09", "2026-11-02", "2026-10-26"]
    assert offered[0]["name"] == "Week of Nov 9, 2026" and len(offered) == 8
    months = await harness.autocomplete(harness.user("ann"), "leaderboard", "when", "sep", period="month")
    assert [choice["value"] for choice in months] == ["2026-09"]


# -- the store, on both databases ---------------------------------------------------------------

@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_periods_post_is_claimed_once_and_done_once(
    databases: Databases, backend: str
) -> None:
    location = await databases.new(backend)
    store = await Store.open(location)
    try:
        await store.update_guild_settings(7, standings_channel_id=STANDINGS_CHANNEL, standings_since=100.0)
        await store.update_guild_settings(8, timezone="Europe/Berlin")  # no channel: not listed
        listed = await store.standings_guilds()
        assert [(guild, kept.standings_channel_id) for guild, kept in listed] == [(7, STANDINGS_CHANNEL)]
        assert await store.standings_post(7, "w2026-11-23") is None
        assert await store.claim_standings(7, "w2026-11-23", STANDINGS_CHANNEL, now=200.0)
        assert not await store.claim_standings(7, "w2026-11-23", 5, now=201.0)  # the first claim stands
        assert await store.standings_post(7, "w2026-11-23") == (STANDINGS_CHANNEL, None, False)
        await store.standings_posted(7, "w2026-11-23", 99)
        assert await store.standings_post(7, "w2026-11-23") == (STANDINGS_CHANNEL, 99, True)
        assert await store.claim_standings(7, "m2026-11", STANDINGS_CHANNEL, now=300.0)
        await store.standings_posted(7, "m2026-11", None)  # nothing to post
        assert await store.standings_post(7, "m2026-11") == (STANDINGS_CHANNEL, None, True)
        with pytest.raises(StoreError):
            await store.update_guild_settings(7, standings_channel_id=-5)
    finally:
        await store.close()
        await databases.discard(location)


def test_a_channel_the_bot_may_not_post_pictures_in_is_refused_naming_what_is_missing() -> None:
    """Where the bot's cache knows the channel, its own permissions there are checked (the
    harness has no channel cache, so the check is driven here with Discord's objects)."""
    without_files = discord.Permissions(view_channel=True, send_messages=True, embed_links=True)
    cached = SimpleNamespace(permissions_for=lambda member: without_files)
    channel = SimpleNamespace(id=STANDINGS_CHANNEL, mention=f"<#{STANDINGS_CHANNEL}>",
                              resolve=lambda: cached)
    admin = Admin(SimpleNamespace(clock=lambda: 5.0))  # type: ignore[arg-type]
    for locale, expected in (("en-US", "I'm missing Attach Files there"),
                             ("de", "Mir fehlt dort Dateien anhängen")):
        interaction = SimpleNamespace(guild=SimpleNamespace(me=object()), locale=locale)
        with pytest.raises(UserError) as refused:
            admin._standings_changes(interaction, channel, None)  # type: ignore[arg-type]
        assert expected in refused.value.text(words_for(locale)), refused.value.text(words_for(locale))
    everything = discord.Permissions(view_channel=True, send_messages=True, embed_links=True,
                                     attach_files=True)
    cached.permissions_for = lambda member: everything
    assert admin._standings_changes(interaction, channel, None) == {  # type: ignore[arg-type]
        "standings_channel_id": STANDINGS_CHANNEL, "standings_since": 5.0}
