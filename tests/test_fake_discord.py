"""The fake Discord behaves as discord.py needs and as Discord does on the edge cases."""

from __future__ import annotations

import time

import aiohttp

from tests.harness.driver import DiscordHarness
from tests.harness.fake_discord import FakeDiscord


def interaction_payload(fake: FakeDiscord) -> dict[str, object]:
    return {"id": str(fake.snowflake()), "token": "tok", "type": 2, "channel_id": "5",
            "guild_id": "6"}


async def post_callback(fake: FakeDiscord, payload: dict[str, object]) -> tuple[int, dict[str, object], str]:
    url = f"http://127.0.0.1:{fake.port}/api/v10/interactions/{payload['id']}/tok/callback"
    async with aiohttp.ClientSession() as session:
        async with session.post(url, params={"with_response": "1"},
                                json={"type": 4, "data": {"content": "hi"}}) as response:
            return response.status, await response.json(), response.headers["Content-Type"]


async def test_callback_answers_json_with_the_interaction_id(fake_discord: FakeDiscord) -> None:
    payload = interaction_payload(fake_discord)
    fake_discord.register_interaction(payload)
    status, body, content_type = await post_callback(fake_discord, payload)
    assert status == 200 and content_type == "application/json"
    assert body["interaction"]["id"] == payload["id"]  # type: ignore[index]


async def test_second_callback_is_refused_with_40060(fake_discord: FakeDiscord) -> None:
    payload = interaction_payload(fake_discord)
    fake_discord.register_interaction(payload)
    await post_callback(fake_discord, payload)
    status, body, _ = await post_callback(fake_discord, payload)
    assert status == 400 and body["code"] == 40060


async def test_a_callback_after_three_seconds_is_refused_with_10062(fake_discord: FakeDiscord) -> None:
    payload = interaction_payload(fake_discord)
    record = fake_discord.register_interaction(payload)
    record.delivered_at = time.monotonic() - 3.5  # as if the bot had taken 3.5 s
    status, body, _ = await post_callback(fake_discord, payload)
    assert status == 404 and body["code"] == 10062
    assert record.errors == [10062] and record.callbacks == []


async def test_commands_are_synced_with_ids_and_unknown_routes_are_recorded(
    harness: DiscordHarness,
) -> None:
    assert {"balance", "daily", "give", "leaderboard", "history", "chips", "audit", "table",
            "round", "uth"} <= set(harness.fake.commands)
    assert all(command["id"].isdigit() for command in harness.fake.commands.values())
    assert harness.fake.unknown_routes == []
