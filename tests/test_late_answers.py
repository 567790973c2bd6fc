"""A press the bot answers after Discord's 3 seconds: Discord has dropped the interaction
(10062), the player's client says "This interaction failed", and what the press did stands.
The bot logs one warning line, not an error with a traceback, and tries no reply that cannot
arrive."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.harness import fake_discord
from tests.harness.driver import DiscordHarness
from tests.harness.tables import opened_table


async def test_a_press_answered_too_late_stands_and_is_logged_as_a_warning(
    harness: DiscordHarness, clock: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    tables = await opened_table(harness, clock, "uth")
    player = harness.user("slowpoke")
    before = await harness.wallet(player)
    monkeypatch.setattr(fake_discord, "CALLBACK_DEADLINE_SECONDS", -1.0)  # every answer is late
    with caplog.at_level(logging.INFO, logger="bot.errors"):
        reply = await tables.press(player, "Ante 10")
    assert reply.record.errors == [10062] and reply.record.callbacks == []
    assert await harness.wallet(player) == before - 20  # Ante and Blind are in
    (logged,) = [record for record in caplog.records if record.name == "bot.errors"]
    assert logged.levelno == logging.WARNING and not logged.exc_info
    assert "after Discord's 3 seconds" in logged.getMessage()


async def test_a_slash_command_answered_too_late_is_logged_as_a_warning(
    harness: DiscordHarness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    player = harness.user("slowpoke")
    monkeypatch.setattr(fake_discord, "CALLBACK_DEADLINE_SECONDS", -1.0)
    with caplog.at_level(logging.INFO, logger="bot.errors"):
        reply = await harness.slash(player, "balance")
    assert reply.record.errors == [10062]
    levels = [record.levelno for record in caplog.records if record.name == "bot.errors"]
    assert levels == [logging.WARNING], caplog.text
