"""The commands translated so far speak each reader's language (the economy, admin, table
seats and stacks): a German user's private answers are German and an English user's beside
them English; public messages (daily claims, gifts, leaderboards, grants, a table opening)
follow the server's language, which an admin may set."""

from __future__ import annotations

import re

from tests.harness.driver import DiscordHarness, assert_refused

ENGLISH_WORDS = re.compile(r"\b(You|have|chips|Balance|claimed|Next|Give|gave|Leaderboard|rounds?|Page)\b")
GERMAN_WORDS = re.compile(
    r"\b(Du|hast|Kontostand|abgeholt|Nächste|schenken|geschenkt|Bestenliste|Runden?|Seite)\b")


def german(text: str) -> None:
    assert GERMAN_WORDS.search(text) and not ENGLISH_WORDS.search(text), text


def english(text: str) -> None:
    assert ENGLISH_WORDS.search(text) and not GERMAN_WORDS.search(text), text


async def test_private_answers_follow_each_users_client(harness: DiscordHarness) -> None:
    anna, bob = harness.user("anna", locale="de"), harness.user("bob", locale="en-GB")
    mine = await harness.slash(anna, "balance")
    assert mine.ephemeral and mine.text == "Kontostand\nDu hast **1.000 Chips**."
    theirs = await harness.slash(bob, "balance")
    assert theirs.ephemeral and theirs.text == "Balance\nYou have **1,000 chips**."
    await harness.slash(anna, "history")
    page = await harness.slash(anna, "history")
    german(page.text)
    assert {"Neuere", "Ältere"} <= {c["label"] for row in page.components for c in row["components"]}
    english((await harness.slash(bob, "history")).text)


async def test_refusals_are_in_the_users_language(harness: DiscordHarness) -> None:
    anna, bob = harness.user("anna", locale="de"), harness.user("bob", locale="en-US")
    assert_refused(await harness.slash(anna, "give", member=anna, amount=10), "Dir selbst")
    assert_refused(await harness.slash(bob, "give", member=bob, amount=10), "yourself")
    refused = await harness.slash(anna, "give", member=bob, amount=5_000)
    assert_refused(refused, "Du hast nur 1.000 Chips, also kannst du nicht 5.000 Chips schenken.")
    await harness.slash(anna, "daily")
    again = await harness.slash(anna, "daily")
    assert_refused(again, "Du hast deine täglichen Chips schon abgeholt", "Kontostand: 1.250 Chips")


async def test_public_messages_follow_the_server_not_the_user(harness: DiscordHarness) -> None:
    harness.guild_locale = "de"
    bob = harness.user("bob", locale="en-US")
    daily = await harness.slash(bob, "daily")
    assert not daily.ephemeral
    german(daily.text)
    assert "**250 Chips**" in daily.text and "Kontostand: 1.250 Chips" in daily.text
    board = await harness.slash(bob, "leaderboard")
    assert not board.ephemeral and board.text.startswith("Bestenliste · Alle Spiele")


async def test_a_gift_is_confirmed_privately_and_announced_in_the_servers_language(
    harness: DiscordHarness,
) -> None:
    anna, bob = harness.user("anna", locale="de"), harness.user("bob")
    offer = await harness.slash(anna, "give", member=bob, amount=300)
    assert offer.text.startswith("Geschenk bestätigen\n**300 Chips** an ")
    done = await harness.click(anna, offer.message, offer.button("Bestätigen"))
    (sent,) = done.embeds
    german(f"{sent['title']}\n{sent['description']}")
    (announcement,) = done.followups
    english(announcement["content"])  # the server's language is English
    assert "gave **300 chips**" in announcement["content"]


async def test_an_admin_sets_the_servers_language_over_discords(harness: DiscordHarness) -> None:
    admin = harness.user("admin", admin=True, locale="en-US")
    shown = await harness.slash(admin, "chips settings", language="de")
    assert shown.ephemeral and "Deutsch, set by an admin" in shown.text, shown.text
    board = await harness.slash(harness.user("bob"), "leaderboard", period="week")
    assert board.text.startswith("Bestenliste · Alle Spiele") and "Diese Woche" in board.text
    back = await harness.slash(admin, "chips settings", language="auto")
    assert "the server's Discord language (English)" in back.text
    english((await harness.slash(harness.user("carl"), "leaderboard")).text)


async def test_plural_forms_are_the_languages_own(harness: DiscordHarness) -> None:
    from bot.i18n import words

    assert words("en").plural("{count} round", "{count} rounds", 1) == "1 round"
    assert words("en").plural("{count} round", "{count} rounds", 2) == "2 rounds"
    assert words("de").plural("{count} round", "{count} rounds", 1) == "1 Runde"
    assert words("de").plural("{count} round", "{count} rounds", 1000) == "1.000 Runden"
    assert words("de").plural("{count} chip", "{count} chips", 1) == "1 Chip"


async def test_a_table_stack_is_reported_in_the_players_language(harness: DiscordHarness) -> None:
    admin = harness.user("pit-boss", admin=True)
    await harness.slash(admin, "table open", game="hcf", min_bet=10, max_bet=100)
    anna, bob = harness.user("anna", locale="de"), harness.user("bob")
    bought = await harness.slash(anna, "hcf buyin", amount=500)
    assert bought.ephemeral and bought.text == (
        "Du hast 500 Chips an den Tisch gebracht. Dein Stapel: 500 Chips; deine Börse: 500 Chips.")
    assert (await harness.slash(bob, "hcf stack")).text == (
        "Your stack at this table: 0 chips. You are not seated here.")
    refused = await harness.slash(anna, "chinese stack")
    assert_refused(refused, "In diesem Kanal gibt es keinen Chinese Poker-Tisch.")
    left = await harness.slash(anna, "hcf leave")
    assert left.ephemeral and left.text == (
        "Du hast den Tisch verlassen. Dein Stapel von 500 Chips ging zurück in deine Börse.")


async def test_a_table_opens_in_the_servers_language_and_seats_in_the_players(
    harness: DiscordHarness,
) -> None:
    harness.guild_locale = "de"
    admin = harness.user("pit-boss", admin=True)
    opened = await harness.slash(admin, "table open", game="twoplusfour", min_bet=10)
    assert not opened.ephemeral and opened.text == (
        "2 Plus 4 Poker-Tisch eröffnet\nEinsätze 10 und mehr (kein Maximum). Die Tischnachricht "
        "unten zeigt das Spiel. Neu hier? Drück unten **Box 1: Ante 10**, um 10 Chips auf die nächste "
        "Runde zu setzen (`/twoplusfour ante` setzt einen anderen Betrag); deine Karten bekommst du "
        "dann privat, und die Tasten zeigen jede Wahl.")
    anna, bob = harness.user("anna", locale="de"), harness.user("bob")
    assert (await harness.slash(anna, "table join")).text == (
        "Du hast Platz genommen. Setze eine ANTE, um zu spielen.")
    assert (await harness.slash(bob, "table join")).text == "You are seated. Place an Ante to play."
    assert (await harness.slash(anna, "table leave")).text == "Du hast den Tisch verlassen."
    closed = await harness.slash(harness.user("admin-de", admin=True, locale="de"), "table close")
    assert closed.ephemeral and closed.text == "Tisch geschlossen."


async def test_table_settings_and_round_records_answer_in_the_readers_language(
    harness: DiscordHarness,
) -> None:
    chef = harness.user("chef", admin=True, locale="de")
    await harness.slash(chef, "table open", game="chinese", min_bet=10, point_value=1000)
    shown = await harness.slash(chef, "table config")
    assert shown.ephemeral and shown.text.startswith("Konfiguration von Tisch ")
    (embed,) = shown.embeds
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    assert fields["Zeiten"] == "Einsätze 30 s · Entscheidungen 120 s"
    assert fields["punktwert"] == "1.000" and fields["bei zeitablauf"] == "automatisch setzen"
    missing = await harness.slash(chef, "round", number=99)
    assert_refused(missing, "Auf diesem Server gibt es keine Runde #99.")
    english = await harness.slash(harness.user("boss", admin=True), "table config")
    fields = {field["name"]: field["value"] for field in english.embeds[0]["fields"]}
    assert fields["point value"] == "1,000" and fields["on timeout"] == "auto-set"


async def test_a_game_commands_refusals_are_in_the_players_language(harness: DiscordHarness) -> None:
    admin = harness.user("pit-boss", admin=True)
    await harness.slash(admin, "table open", game="twoplusfour", min_bet=10)
    refused = await harness.slash(harness.user("anna", locale="de"), "twoplusfour bet", insurance=-1)
    assert_refused(refused, "Die Versicherung muss zwischen 0 und 1.000.000.000.000 Chips liegen.")


async def test_options_a_game_refuses_are_refused_in_the_admins_language(harness: DiscordHarness) -> None:
    admin = harness.user("anna", locale="de", admin=True)
    refused = await harness.slash(admin, "table open", game="hcf", rake_mode="every_player", rake=0)
    assert_refused(refused, "ein Rake ist eine ganze Zahl Chips, mindestens 1")
    assert harness.bot.tables.table_in(harness.channel_id) is None
