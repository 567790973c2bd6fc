"""Configuration, start-up without a token, extension isolation, and a clean SIGTERM shutdown."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.client import CasinoBot
from bot.config import DEFAULT_DB_PATH, Config, ConfigError, load_config, read_dotenv
from tests.harness.fake_discord import FakeDiscord

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def test_missing_token_raises_a_config_error_with_instructions(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as raised:
        load_config({}, dotenv_path=tmp_path / "absent.env")
    assert "discord.com/developers/applications" in str(raised.value)
    assert ".env" in str(raised.value)


def test_defaults_and_environment_values(tmp_path: Path) -> None:
    config = load_config({"DISCORD_TOKEN": " abc "}, dotenv_path=tmp_path / "none")
    assert config == Config(token="abc", db_path=DEFAULT_DB_PATH, dev_guild_id=None,
                            log_level="INFO", api_base=None, gateway_url=None)
    full = load_config({
        "DISCORD_TOKEN": "t", "CASINO_DB": "/tmp/x.db", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug",
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10", "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9",
    }, dotenv_path=tmp_path / "none")
    assert full.db_path == "/tmp/x.db" and full.dev_guild_id == 123 and full.log_level == "DEBUG"
    assert full.api_base == "http://127.0.0.1:9/api/v10" and full.gateway_url == "ws://127.0.0.1:9"


def test_dotenv_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text('# comment\nexport DISCORD_TOKEN="from-file"\nCASINO_DB=\'/data/c.db\'\n\n')
    assert read_dotenv(dotenv) == {"DISCORD_TOKEN": "from-file", "CASINO_DB": "/data/c.db"}
    assert load_config({}, dotenv_path=dotenv).token == "from-file"
    assert load_config({"DISCORD_TOKEN": "env"}, dotenv_path=dotenv).token == "env"


def test_dev_guild_id_must_be_digits(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        load_config({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"}, dotenv_path=tmp_path / "n")


def clean_env(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DISCORD_", "CASINO_", "DEV_GUILD", "LOG_LEVEL"))}
    env.update(extra)
    return env


def test_running_without_a_token_prints_help_and_exits_2(tmp_path: Path) -> None:
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=clean_env(PYTHONPATH=str(PROJECT_ROOT)),
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


async def test_a_failing_extension_is_logged_and_the_others_load(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = Config(token="t", db_path=str(tmp_path / "c.db"))
    bot = CasinoBot(config, extensions=("cogs.does_not_exist", "cogs.economy"))
    await bot.login("t")
    try:
        assert bot.failed_extensions == ["cogs.does_not_exist"]
        assert "cogs.economy" in bot.extensions
        assert "balance" in fake_discord.commands, "the healthy extension's commands were synced"
        assert any("cogs.does_not_exist" in record.getMessage() for record in caplog.records)
    finally:
        await bot.close()


async def test_dev_guild_sync_goes_to_that_guild(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    bot = CasinoBot(Config(token="t", db_path=str(tmp_path / "c.db"), dev_guild_id=4242))
    await bot.login("t")
    try:
        sync_paths = [r.path for r in fake_discord.requests if r.method == "PUT"]
        assert sync_paths and all("/guilds/4242/commands" in path for path in sync_paths)
    finally:
        await bot.close()


async def test_sigterm_shuts_down_cleanly_and_closes_the_database(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The real process: logs in against the fake, is told to stop, exits 0 with the db closed."""
    db_path = tmp_path / "data" / "casino.sqlite3"
    env = clean_env(
        PYTHONPATH=str(PROJECT_ROOT), DISCORD_TOKEN="fake-token", CASINO_DB=str(db_path),
        DISCORD_API_BASE=f"http://127.0.0.1:{fake_discord.port}/api/v10",
        DISCORD_GATEWAY_URL="ws://127.0.0.1:9",  # nothing listens: the bot keeps retrying
        LOG_LEVEL="INFO",
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        async with asyncio.timeout(30):
            await _wait_until(lambda: "balance" in fake_discord.commands)
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), timeout=30)
    finally:
        if process.returncode is None:
            process.kill()
    log = stderr.decode()
    assert process.returncode == 0, log
    assert "shutting down cleanly" in log and "Store closed" in log
    # discord.py logs its own gateway reconnect attempts (nothing listens there); our code must not.
    assert not re.search(r"(ERROR|CRITICAL)\s+(bot|cogs)\.", log), log
    assert db_path.exists(), "the data directory is created"
    with sqlite3.connect(db_path) as db:  # closed cleanly: no pending transaction, schema there
        assert db.execute("PRAGMA user_version").fetchone()[0] >= 1


async def _wait_until(condition: Callable[[], bool]) -> None:
    while not condition():  # noqa: ASYNC110 - the condition lives in another server, no event to await
        await asyncio.sleep(0.05)
