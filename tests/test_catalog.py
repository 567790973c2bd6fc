"""Each game is declared once (bot.catalog) and appears on every surface the bot has: the table
runtime, its extension and slash commands with a rules page, the game choice of /table open and
of /leaderboard, and the simulator. No surface names a game that is not declared."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from bot import catalog
from bot.client import EXTENSIONS, OWN_EXTENSIONS
from bot.sim import registry
from bot.sim.frame import simulate
from tests.harness.driver import DiscordHarness

ROOT = Path(__file__).resolve().parent.parent
DECLARED = [game.key for game in catalog.GAMES]
IMPURE = ("discord", "aiosqlite", "sqlite3", "asyncpg", "secrets", "time", "datetime", "render",
          "bot.store", "bot.tables", "cogs")
"""What a rules engine never imports: no Discord, no database, no clock or randomness of its own
(offline tools beside it may use ``random.Random(seed)``, which is seeded and so repeatable,
never the module's shared generator)."""


def choices_of(harness: DiscordHarness, *path: str) -> list[tuple[str, str]]:
    node: dict[str, Any] = harness.fake.commands[path[0]]
    for name in path[1:]:
        node = next(option for option in node["options"] if option["name"] == name)
    return [(choice["value"], choice["name"]) for choice in node.get("choices") or []]


def test_keys_and_names_are_unique_and_valid_command_names() -> None:
    assert len(set(DECLARED)) == len(DECLARED)
    assert len({game.name for game in catalog.GAMES}) == len(DECLARED)
    assert all(key.isalnum() and key.islower() and len(key) <= 32 for key in DECLARED)


async def test_the_runtime_and_the_extensions_run_exactly_the_declared_games(harness: DiscordHarness) -> None:
    runtime = harness.bot.tables
    assert list(runtime.adapters) == DECLARED
    for game in catalog.GAMES:
        adapter = runtime.adapters[game.key]
        assert adapter.info == game.info
    games_extensions = [name for name in EXTENSIONS if name not in OWN_EXTENSIONS]
    assert games_extensions == [game.cog for game in catalog.GAMES]
    assert set(harness.bot.extensions) >= set(EXTENSIONS) and not harness.bot.failed_extensions


async def test_every_game_has_its_commands_and_a_rules_page(harness: DiscordHarness) -> None:
    player = harness.user("reader")
    for game in catalog.GAMES:
        group = harness.fake.commands.get(game.key)
        assert group is not None, f"/{game.key} was never synced"
        assert "rules" in [option["name"] for option in group["options"]], f"/{game.key} has no rules"
        page = await harness.slash(player, f"{game.key} rules")
        assert page.ephemeral and game.name in page.text and len(page.text) > 200, page.text[:200]


async def test_the_game_choices_are_exactly_the_declared_games(harness: DiscordHarness) -> None:
    declared = [(game.key, game.name) for game in catalog.GAMES]
    assert choices_of(harness, "table", "open", "game") == declared
    assert choices_of(harness, "leaderboard", "game") == [("all", "All games"), *declared]


@pytest.mark.parametrize("game", catalog.GAMES, ids=DECLARED)
def test_every_game_has_a_simulator(game: catalog.GameDeclaration) -> None:
    assert registry.GAMES[game.key] == game.simulator
    simulator = registry.load_game(game.key)
    report = simulate(simulator, 3, seed=1)
    assert report.rounds == 3 and report.bets


def test_the_simulator_knows_no_other_game() -> None:
    assert list(registry.GAMES) == DECLARED


@pytest.mark.parametrize("game", catalog.GAMES, ids=DECLARED)
def test_every_engine_is_pure(game: catalog.GameDeclaration) -> None:
    package = ROOT / Path(*game.engine.split("."))
    assert package.is_dir(), f"{game.engine} is not a package"
    for source in package.rglob("*.py"):
        text = source.read_text()
        # A command-line tool beside the engine (Chinese Poker's offline calibration) may time
        # itself; it never runs in a round.
        forbidden = [bad for bad in IMPURE if not (bad == "time" and "__main__" in text)]
        for node in ast.walk(ast.parse(text)):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not any(name == bad or name.startswith(bad + ".") for bad in forbidden), (
                    f"{source.relative_to(ROOT)} imports {name}")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "random":
                assert node.attr == "Random", f"{source.relative_to(ROOT)} uses random.{node.attr}"


async def test_table_open_and_config_offer_every_declared_option(harness: DiscordHarness) -> None:
    for command in ("open", "config"):
        synced = next(o for o in harness.fake.commands["table"]["options"] if o["name"] == command)
        offered = {option["name"]: option for option in synced["options"]}
        for game in catalog.GAMES:
            for name, _, spec in game.options.specs():
                assert name in offered, f"/table {command} lacks {game.name}'s {name}"
                assert game.name in offered[name]["description"]
                assert spec.description[:40] in offered[name]["description"]
                assert not offered[name].get("required")


async def test_an_option_of_another_game_is_refused_by_name(harness: DiscordHarness) -> None:
    admin = harness.user("pit-boss", admin=True)
    refused = await harness.slash(admin, "table open", game="uth", rake=5)
    assert refused.ephemeral and "`rake` is an option of High Card Flush, not of Ultimate Texas Hold'em" \
        in refused.text, refused.text
    assert harness.bot.tables.table_in(harness.channel_id) is None
    opened = await harness.slash(admin, "table open", game="hcf", rake_mode="every_player", rake=2)
    assert "table open" in opened.text
    table = harness.bot.tables.table_in(harness.channel_id)
    assert table.config.options.to_dict() == {"bank_minimum": 1000, "rake_mode": "every_player", "rake": 2}
    changed = await harness.slash(admin, "table config", bank_minimum=300)
    assert "updated" in changed.text and "bank minimum" in changed.text
    assert table.config.options.to_dict()["bank_minimum"] == 300
    foreign = await harness.slash(admin, "table config", point_value=5)
    assert "`point_value` is an option of Chinese Poker, not of High Card Flush" in foreign.text


async def test_a_game_that_is_not_declared_is_refused_not_crashed(harness: DiscordHarness) -> None:
    # Discord offers only the declared choices, but a forged request can name anything (the
    # e2e fuzzer found this one crashing /table open).
    admin = harness.user("pit-boss", admin=True)
    refused = await harness.slash(admin, "table open", game="baccarat")
    assert refused.ephemeral and "no such game" in refused.text, refused.text
    assert "`threecard`" in refused.text, refused.text
    assert harness.bot.tables.table_in(harness.channel_id) is None
