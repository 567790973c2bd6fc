"""The contract check refuses what Discord refuses: a known-bad body of each kind, each named by
route and field, so a check that let everything through would fail here."""

from __future__ import annotations

import copy
import json
from typing import Any

import aiohttp
import pytest

from tests.conftest import raise_for_violations
from tests.discord_api.contract import (
    ContractViolation,
    DiscordContract,
    Upload,
    Violation,
    shared_contract,
)
from tests.harness.driver import DiscordHarness
from tests.harness.fake_discord import FakeDiscord

CHANNEL_MESSAGES = "/api/v10/channels/1/messages"
CHANNEL_MESSAGE = "/api/v10/channels/1/messages/2"
CALLBACK = "/api/v10/interactions/3/token/callback"
FOLLOWUP = "/api/v10/webhooks/4/token"
ORIGINAL = "/api/v10/webhooks/4/token/messages/@original"
COMMANDS = "/api/v10/applications/5/commands"
GUILD_COMMANDS = "/api/v10/applications/5/guilds/6/commands"
TABLE_PNG = Upload("files[0]", "table.png", 20_000)


@pytest.fixture(scope="module")
def contract() -> DiscordContract:
    return shared_contract()


def table_message() -> dict[str, Any]:
    """A table message as the bot sends it: embed with picture, two rows of buttons."""
    return {
        "embeds": [{"title": "Ultimate Texas Hold'em", "description": "**Betting**",
                    "image": {"url": "attachment://table.png"}, "color": 1,
                    "fields": [{"name": "Seated", "value": "Ann", "inline": False}],
                    "footer": {"text": "Table 1"}, "timestamp": "2026-11-24T12:00:00.000000+00:00"}],
        "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "Ante 10",
                                        "custom_id": "tbl:1:0:0:ante:10"},
                                       {"type": 2, "style": 1, "label": "Ante 50",
                                        "custom_id": "tbl:1:0:0:ante:50"}]},
            {"type": 1, "components": [{"type": 3, "custom_id": "tbp:1:2:draw",
                                        "options": [{"label": "A♠", "value": "As"},
                                                    {"label": "K♦", "value": "Kd"}],
                                        "min_values": 1, "max_values": 2}]}],
        "attachments": [{"id": 0, "filename": "table.png"}],
    }


def command(name: str = "round", **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "Show a finished round", "type": 1,
            "options": [{"type": 4, "name": "number", "description": "The round's number",
                         "required": True, "min_value": 1, "max_value": 2**53 - 1}], **extra}


def fields_of(found: list[Violation]) -> set[str]:
    return {violation.field for violation in found}


# -- what passes ------------------------------------------------------------------------------
def test_a_table_message_with_its_picture_and_buttons_passes(contract: DiscordContract) -> None:
    assert contract.check("POST", CHANNEL_MESSAGES, table_message(), [TABLE_PNG]) == []
    assert contract.check("PATCH", CHANNEL_MESSAGE, table_message(), [TABLE_PNG]) == []


def test_an_ephemeral_reply_and_a_deferral_pass(contract: DiscordContract) -> None:
    assert contract.check("POST", CALLBACK, {"type": 4, "data": {"content": "Done", "flags": 64}}) == []
    assert contract.check("POST", CALLBACK, {"type": 5, "data": {"flags": 64}}) == []
    assert contract.check("POST", CALLBACK, {"type": 6}) == []


def test_a_command_sync_within_the_limits_passes(contract: DiscordContract) -> None:
    assert contract.check("PUT", COMMANDS, [command(), command("balance", options=[])]) == []


# -- the command sync ---------------------------------------------------------------------------
def test_an_integer_bound_past_two_to_the_53_is_refused(contract: DiscordContract) -> None:
    bad = command()
    bad["options"][0]["max_value"] = 2**62  # what /round declared: Discord refused the whole sync
    found = contract.check("PUT", COMMANDS, [bad])
    assert "[0].options[0].max_value" in fields_of(found)
    assert all(v.route == "/applications/{application_id}/commands" for v in found)


@pytest.mark.parametrize(("change", "field"), [
    (lambda c: c.update(name="Round"), "[0].name"),
    (lambda c: c.update(name="a" * 33), "[0].name"),
    (lambda c: c.update(name="two words"), "[0].name"),
    (lambda c: c.update(description=""), "[0].description"),
    (lambda c: c.update(description="d" * 101), "[0].description"),
    (lambda c: c.update(name_localizations={"de": "Runde"}), "[0].name_localizations.de"),
    (lambda c: c.update(name_localizations={"xx": "runde"}), "[0].name_localizations.xx"),
    (lambda c: c.update(options=[{"type": 3, "name": f"o{i}", "description": "x"} for i in range(26)]),
     "[0].options"),
    (lambda c: c["options"][0].update(choices=[{"name": str(i), "value": i} for i in range(26)]),
     "[0].options[0].choices"),
    (lambda c: c["options"].insert(0, {"type": 3, "name": "note", "description": "x"}),
     "[0].options[1]"),
    (lambda c: c["options"][0].update(min_value=10, max_value=5), "[0].options[0].min_value"),
    (lambda c: c["options"].append({"type": 3, "name": "nummer", "description": "x",
                                    "name_localizations": {"de": "number"}}), "[0].options"),
    (lambda c: c.update(options=[{"type": 1, "name": "a", "description": "x"},
                                 {"type": 3, "name": "b", "description": "x"}]), "[0].options"),
])
def test_each_command_limit_is_enforced(contract: DiscordContract, change: Any, field: str) -> None:
    bad = copy.deepcopy(command())
    change(bad)
    assert field in fields_of(contract.check("PUT", COMMANDS, [bad]))


def test_a_command_over_4000_characters_is_refused(contract: DiscordContract) -> None:
    options = [{"type": 3, "name": f"option{i}", "description": "d" * 100,
                "choices": [{"name": "n" * 90, "value": f"v{j}"} for j in range(2)]} for i in range(25)]
    found = contract.check("PUT", GUILD_COMMANDS, [command(options=options)])
    assert any(v.field == "[0]" and "4000" in v.problem for v in found)


def test_more_than_100_slash_commands_are_refused(contract: DiscordContract) -> None:
    found = contract.check("PUT", COMMANDS, [command(f"c{i}") for i in range(101)])
    assert any("101 slash commands" in v.problem for v in found)


# -- messages -----------------------------------------------------------------------------------
def embed_change(change: Any) -> dict[str, Any]:
    message = table_message()
    change(message["embeds"][0])
    return message


@pytest.mark.parametrize(("message", "field"), [
    ({"content": "x" * 2001}, "content"),
    ({"embeds": [{"title": "t"}] * 11}, "embeds"),
    (embed_change(lambda e: e.update(title="t" * 257)), "embeds[0].title"),
    (embed_change(lambda e: e.update(description="d" * 4097)), "embeds[0].description"),
    (embed_change(lambda e: e.update(fields=[{"name": "n", "value": "v"}] * 26)), "embeds[0].fields"),
    (embed_change(lambda e: e.update(fields=[{"name": "n" * 257, "value": "v"}])),
     "embeds[0].fields[0].name"),
    (embed_change(lambda e: e.update(fields=[{"name": "n", "value": "v" * 1025}])),
     "embeds[0].fields[0].value"),
    (embed_change(lambda e: e.update(footer={"text": "f" * 2049})), "embeds[0].footer.text"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
    (embed_change(lambda e: e.update(image={"url": "attachment://other.png"})), "embeds[0].image"),
])
def test_each_embed_and_content_limit_is_enforced(contract: DiscordContract, message: dict[str, Any],
                                                   field: str) -> None:
    assert field in fields_of(contract.check("POST", CHANNEL_MESSAGES, message, [TABLE_PNG]))


def rows_change(change: Any) -> dict[str, Any]:
    message = table_message()
    change(message["components"])
    return message


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id}


@pytest.mark.parametrize(("message", "field"), [
    (rows_change(lambda rows: rows.extend({"type": 1, "components": [button(f"x{i}")]}
                                          for i in range(4))), "components"),
    (rows_change(lambda rows: rows[0]["components"].extend(button(f"b{i}") for i in range(4))),
     "components[0]"),
    (rows_change(lambda rows: rows[1]["components"].append(button("beside"))), "components[1]"),
    (rows_change(lambda rows: rows[1]["components"][0].update(options=[])),
     "components[1].components[0].options"),
    (rows_change(lambda rows: rows[1]["components"][0].update(
        options=[{"label": str(i), "value": str(i)} for i in range(26)])),
     "components[1].components[0].options"),
    (rows_change(lambda rows: rows[1]["components"][0].update(min_values=2, max_values=1)),
     "components[1].components[0].min_values"),
    (rows_change(lambda rows: rows[1]["components"][0].update(max_values=3)),
     "components[1].components[0].max_values"),
    (rows_change(lambda rows: rows[1]["components"][0].update(placeholder="p" * 151)),
     "components[1].components[0].placeholder"),
    (rows_change(lambda rows: rows[1]["components"][0]["options"][0].update(label="l" * 101)),
     "components[1].components[0].options[0].label"),
    (rows_change(lambda rows: rows[0]["components"][0].update(label="l" * 81)),
     "components[0].components[0].label"),
    (rows_change(lambda rows: rows[0]["components"][0].update(custom_id="c" * 101)),
     "components[0].components[0].custom_id"),
    (rows_change(lambda rows: rows[0]["components"][0].update(custom_id="")),
     "components[0].components[0].custom_id"),
    (rows_change(lambda rows: rows[0]["components"][1].update(custom_id="tbl:1:0:0:ante:10")),
     "components[0].components[1].custom_id"),
])
def test_each_component_limit_is_enforced(contract: DiscordContract, message: dict[str, Any],
                                          field: str) -> None:
    assert field in fields_of(contract.check("POST", CHANNEL_MESSAGES, message, [TABLE_PNG]))


def test_an_empty_message_is_refused(contract: DiscordContract) -> None:
    assert "" in fields_of(contract.check("POST", CHANNEL_MESSAGES, {"content": ""}))
    assert "data" in fields_of(contract.check("POST", CALLBACK, {"type": 4, "data": {"content": ""}}))
    blank = {"content": "", "embeds": [], "attachments": []}
    assert "" in fields_of(contract.check("PATCH", CHANNEL_MESSAGE, blank))


def test_only_each_routes_own_message_flags_are_allowed(contract: DiscordContract) -> None:
    ephemeral = {"content": "psst", "flags": 64}
    assert "flags" in fields_of(contract.check("POST", CHANNEL_MESSAGES, ephemeral))
    assert "flags" in fields_of(contract.check("PATCH", ORIGINAL, ephemeral))
    assert contract.check("POST", FOLLOWUP, ephemeral) == []
    assert "data.flags" in fields_of(contract.check("POST", CALLBACK, {"type": 5, "data": {"flags": 4}}))


def test_an_upload_is_named_by_its_index_and_an_edit_must_list_it(contract: DiscordContract) -> None:
    wrong_index = table_message()
    wrong_index["attachments"] = [{"id": 7, "filename": "table.png"}]  # no files[7] was uploaded
    found = contract.check("POST", CHANNEL_MESSAGES, wrong_index, [TABLE_PNG])
    assert "attachments[0].id" in fields_of(found)
    unlisted = table_message()
    unlisted["attachments"] = []
    assert "attachments" in fields_of(contract.check("PATCH", CHANNEL_MESSAGE, unlisted, [TABLE_PNG]))


def test_a_route_discord_does_not_have_is_refused(contract: DiscordContract) -> None:
    (violation,) = contract.check("POST", "/api/v10/channels/1/tables", {"content": "x"})
    assert violation.problem == "no such route in Discord's API"


def test_a_wrongly_typed_field_is_refused_by_the_schema(contract: DiscordContract) -> None:
    found = contract.check("POST", CHANNEL_MESSAGES, {"content": 5})
    assert "content" in fields_of(found)


# -- through the fakes --------------------------------------------------------------------------
async def test_the_fake_answers_a_bad_request_as_discord_does_and_records_it(
    fake_discord: FakeDiscord,
) -> None:
    url = f"http://127.0.0.1:{fake_discord.port}{CHANNEL_MESSAGES}"
    async with aiohttp.ClientSession() as session, \
            session.post(url, json={"content": "x" * 2001}) as response:
        body = await response.json()
    assert response.status == 400 and body["code"] == 50035
    (violation,) = fake_discord.take_violations()
    assert str(violation) == "POST /channels/{channel_id}/messages: content: 2001 characters; at most 2000"
    assert fake_discord.messages == {}  # nothing was posted


async def test_a_bad_multipart_payload_json_is_checked_too(fake_discord: FakeDiscord) -> None:
    url = f"http://127.0.0.1:{fake_discord.port}{CHANNEL_MESSAGES}"
    message = table_message()
    message["embeds"][0]["title"] = "t" * 300
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(message), content_type="application/json")
    form.add_field("files[0]", b"\x89PNG", filename="table.png", content_type="image/png")
    async with aiohttp.ClientSession() as session, session.post(url, data=form) as response:
        assert response.status == 400
    assert "embeds[0].title" in fields_of(fake_discord.take_violations())


def test_a_test_whose_bot_broke_the_contract_fails_naming_route_and_field() -> None:
    fake = FakeDiscord()
    FakeDiscord.created.remove(fake)  # this test judges it itself
    fake.violations.append(Violation("PUT", "/applications/{application_id}/commands",
                                     "[8].options[0].max_value", "too large"))
    with pytest.raises(ContractViolation, match=r"PUT /applications/\{application_id\}/commands: "
                                                r"\[8\]\.options\[0\]\.max_value: too large"):
        raise_for_violations([fake])


async def test_the_bots_own_command_sync_keeps_the_contract(harness: DiscordHarness) -> None:
    syncs = [r for r in harness.fake.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert syncs and all(r.status == 200 for r in syncs)
    (number,) = harness.fake.commands["round"]["options"]
    assert number["max_value"] <= 2**53 - 1
    assert harness.fake.violations == []


async def test_a_full_table_of_long_names_stays_within_discords_limits(
    harness: DiscordHarness, clock: Any,
) -> None:
    """The largest public messages the bot makes: 22 UTH hands (all one deck serves) whose
    players have 32-character names (Discord's longest), each with an Ante and Trips, to the
    showdown. The contract check judges the table message and the result on the way."""
    from tests.harness.tables import TableDriver

    tables = TableDriver(harness, clock)
    await tables.open(harness.user("admin", admin=True), min_bet=10, max_bet=1_000)
    players = [harness.user(f"{index:02d}" + "\u00e9" * 30) for index in range(22)]
    for player in players:
        await tables.press(player, "Ante 10")
        await tables.command(player, "trips", amount=10)
    for _ in range(4):  # the deal, then each street times out
        await tables.pass_time(31)
    (result,) = tables.results()
    assert len(result["embeds"][0]["fields"]) == 23  # a field per hand and the seed
    assert harness.fake.violations == []
    await harness.audit_ok()


def test_a_body_checked_again_gets_the_same_answer_on_every_route() -> None:
    """The contract answers a body it checked before from memory (a command sync takes half a
    second to validate, and every test's bot sends the same one): the same violations each
    time, for that route and those uploads only."""
    contract = DiscordContract()
    too_long = {"content": "x" * 2001}
    first = contract.check("POST", CHANNEL_MESSAGES, too_long)
    first.clear()  # a caller may change its list: the next answer is whole
    again = contract.check("PATCH", CHANNEL_MESSAGE, too_long)
    assert fields_of(again) == {"content"}
    assert again[0].route == "/channels/{channel_id}/messages/{message_id}"
    assert fields_of(contract.check("POST", CHANNEL_MESSAGES, too_long)) == {"content"}
    assert contract.check("POST", CHANNEL_MESSAGES, {"content": "x" * 2000}) == []
    picture = {**table_message(), "attachments": [{"id": 0, "filename": "table.png"}]}
    assert contract.check("PATCH", CHANNEL_MESSAGE, picture, [TABLE_PNG]) == []
    assert contract.check("PATCH", CHANNEL_MESSAGE, picture) != []  # the same body, no file sent
    assert contract.route_of("GET", "/api/v10/users/@me") is not None
    assert contract.route_of("POST", "/api/v10/webhooks/7/other-token/messages/@original") is None
    assert contract.route_of("GET", ORIGINAL.replace("/4/", "/8/")).template.endswith("/@original")
