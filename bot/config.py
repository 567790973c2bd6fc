"""Configuration from environment variables and an optional ``.env`` file.

Real environment variables win over ``.env`` so a deployment can override a developer's file.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.shards import Shards

log = logging.getLogger(__name__)

DEFAULT_DB_PATH = "./data/casino.sqlite3"
DISCORD_API_BASE_DEFAULT = "https://discord.com/api/v10"

TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

  1. Create an application at https://discord.com/developers/applications
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env next to the Makefile:   DISCORD_TOKEN=your-token-here
     (or export DISCORD_TOKEN in your shell), then run `make run` again.

The README's "Discord set-up" section explains intents, permissions and the invite link.
"""


class ConfigError(Exception):
    """The configuration cannot start the bot; the message tells the operator what to do."""


@dataclass(frozen=True)
class Config:
    token: str
    db_path: str = DEFAULT_DB_PATH
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    shards: Shards | None = None
    """Sharded across processes: this process's shards (SHARD_COUNT, SHARD_IDS); None runs one
    unsharded connection with every guild, as a bot on a few servers should."""


def read_dotenv(path: str | os.PathLike[str]) -> dict[str, str]:
    """Parse ``KEY=value`` lines (``#`` comments, optional quotes, optional ``export``)."""
    file = Path(path)
    if not file.is_file():
        return {}
    values: dict[str, str] = {}
    for line in file.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def load_config(
    environ: Mapping[str, str] | None = None, dotenv_path: str | os.PathLike[str] = ".env"
) -> Config:
    """Build the :class:`Config`; raises :class:`ConfigError` when the token is missing."""
    merged = {**read_dotenv(dotenv_path), **(os.environ if environ is None else environ)}
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(TOKEN_HELP)
    return Config(
        token=token,
        db_path=merged.get("CASINO_DB", "").strip() or DEFAULT_DB_PATH,
        dev_guild_id=_optional_int(merged, "DEV_GUILD_ID"),
        log_level=(merged.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        api_base=merged.get("DISCORD_API_BASE", "").strip() or None,
        gateway_url=merged.get("DISCORD_GATEWAY_URL", "").strip() or None,
        shards=_shards(merged),
    )


def _shards(values: Mapping[str, str]) -> Shards | None:
    """SHARD_COUNT (how many shards in all) and SHARD_IDS (this process's, e.g. ``0,1`` or
    ``2-3``; all of them if unset)."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT: how many shards there are in all")
        return None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}")
    count = int(count_text)
    try:
        ids = _shard_ids(ids_text) if ids_text else tuple(range(count))
        return Shards(count, ids)
    except ValueError as error:
        raise ConfigError(f"SHARD_IDS {ids_text!r}: {error}") from None


def _shard_ids(text: str) -> tuple[int, ...]:
    ids: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        if not first.isdigit() or (last and not last.isdigit()):
            raise ValueError("list shard ids as numbers and ranges, e.g. 0,1 or 2-3")
        ids.extend(range(int(first), int(last or first) + 1))
    return tuple(ids)


def _optional_int(values: Mapping[str, str], key: str) -> int | None:
    raw = values.get(key, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{key} must be a server (guild) id made of digits, not {raw!r}")
    return int(raw)


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Aim discord.py at another API and gateway (a local fake in tests). No-op when unset."""
    import discord.gateway
    import discord.http
    import yarl

    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
        log.warning("Discord REST API base set to %s", discord.http.Route.BASE)
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
        log.warning("Discord gateway set to %s", gateway_url)
