"""compose.yaml: PostgreSQL and bot processes whose shards cover every guild exactly once, all on
the one database, configured from the environment only (no docker engine runs here, so the file
is read as Compose reads it: YAML with merge keys and ${VAR} substitution)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from bot.config import load_config

COMPOSE = Path(__file__).resolve().parent.parent / "compose.yaml"
ENVIRONMENT = {"DISCORD_TOKEN": "token-from-env", "POSTGRES_PASSWORD": "secret-from-env"}
VARIABLE = re.compile(r"\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}")


def substituted(value: Any) -> Any:
    """Compose's ${VAR}, ${VAR:-default} and ${VAR:?error} from ENVIRONMENT."""
    if isinstance(value, str):
        def replace(match: re.Match[str]) -> str:
            name, default = match.group(1), match.group(2)
            if name in ENVIRONMENT:
                return ENVIRONMENT[name]
            assert default is not None, f"${{{name}}} has no value and no default"
            return default
        return VARIABLE.sub(replace, value)
    if isinstance(value, dict):
        return {key: substituted(item) for key, item in value.items()}
    if isinstance(value, list):
        return [substituted(item) for item in value]
    return value


def services() -> dict[str, Any]:
    return substituted(yaml.safe_load(COMPOSE.read_text()))["services"]


def test_the_bot_processes_cover_every_shard_once_on_one_database() -> None:
    bots = {name: service for name, service in services().items()
            if "SHARD_IDS" in service.get("environment", {})}
    assert len(bots) >= 2
    configs = [load_config(service["environment"], dotenv_path="/nonexistent") for service in bots.values()]
    assert {config.db_path for config in configs} == {
        "postgresql://casino:secret-from-env@postgres:5432/casino"}
    assert {config.token for config in configs} == {"token-from-env"}
    counts = {config.shards.count for config in configs if config.shards}
    assert len(counts) == 1 and len(configs) == len([c for c in configs if c.shards])
    (count,) = counts
    owned = sorted(shard for config in configs if config.shards for shard in config.shards.ids)
    assert owned == list(range(count))
    for service in bots.values():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["build"] == "."


def test_postgresql_keeps_its_data_on_a_volume_and_secrets_come_from_the_environment() -> None:
    postgres = services()["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert postgres["environment"]["POSTGRES_PASSWORD"] == "secret-from-env"
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in postgres["volumes"])
    assert "healthcheck" in postgres
    text = COMPOSE.read_text()
    assert "token-from-env" not in text and "secret-from-env" not in text
