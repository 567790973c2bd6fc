"""Every game the bot offers, each declared once. Everything else about a game is derived from
its declaration here: the table runtime's adapters, the extensions loaded, the simulator's
games, every game choice (``/table open``, the leaderboard's filter), the defaults of a new
table. A game that is not in :data:`GAMES` does not exist for the bot.

To add a game, see ``docs/adding-a-game.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.tables import wording
from bot.tables.adapter import Funding, GameAdapter, GameInfo
from bot.tables.boxed import BoxedTableOptions
from bot.tables.chinese import ChineseAdapter, ChineseTableOptions
from bot.tables.config import TableOptions
from bot.tables.hcf import HCFAdapter, HCFTableOptions
from bot.tables.imperial import ImperialAdapter
from bot.tables.threecard import ThreeCardAdapter
from bot.tables.twoplusfour import two_plus_four_adapter
from bot.tables.uth import UTHAdapter, UTHTableOptions
from bot.tables.wording import Vocabulary


@dataclass(frozen=True)
class GameDeclaration:
    """One game: who it is, its rules engine, how it meets the table runtime and Discord, its
    simulator, and what a new table of it starts with."""

    key: str
    """Its name in the store, in button ids and as its slash command group (``/uth``)."""
    name: str
    """What players read."""
    funding: Funding
    """``house``: wallet bets against the house; ``player-bank``: a player banks from a table
    stack; ``peer``: players settle between their table stacks."""
    options: type[TableOptions]
    """Its table options: each field's default, range and description (``/table open``)."""
    engine: str
    """The package of its pure rules engine."""
    adapter: Callable[[GameInfo], GameAdapter]
    """Builds its adapter for the table runtime (the adapter's rules page is ``/<key> rules``)."""
    cog: str
    """The extension with its slash commands."""
    simulator: str
    """``module:factory`` of its :class:`bot.sim.game.SimGame` (``python -m bot simulate <key>``)."""
    vocabulary: Vocabulary | None = None
    """What players call its actions: its commands and its buttons (``bot/tables/wording.py``)."""
    max_bet: int | None = 1_000
    """A new table's largest Ante (None: no maximum)."""
    max_payout: int = 100_000
    decision_seconds: int = 30

    @property
    def info(self) -> GameInfo:
        return GameInfo(self.key, self.name, self.funding, self.options, self.vocabulary)

    def new_adapter(self) -> GameAdapter:
        return self.adapter(self.info)


GAMES: tuple[GameDeclaration, ...] = (
    GameDeclaration(
        "uth", "Ultimate Texas Hold'em", "house", UTHTableOptions, "bot.games.uth", UTHAdapter,
        "cogs.uth", "bot.games.uth.sim:UthSim", wording.UTH),
    GameDeclaration(
        "twoplusfour", "2 Plus 4 Poker", "house", BoxedTableOptions, "bot.games.twoplusfour",
        two_plus_four_adapter, "cogs.twoplusfour", "bot.games.twoplusfour.sim:TwoPlusFourSim",
        wording.TWO_PLUS_FOUR,
        # The seed: "es gibt keinen Höchsteinsatz"; RULES.md caps a box at 20,000.
        max_bet=None, max_payout=20_000),
    GameDeclaration(
        "imperial", "Imperial Poker", "house", BoxedTableOptions, "bot.games.imperial",
        ImperialAdapter, "cogs.imperial", "bot.games.imperial.sim:ImperialSim", wording.IMPERIAL,
        max_bet=None, max_payout=20_000),
    GameDeclaration(
        "hcf", "High Card Flush", "player-bank", HCFTableOptions, "bot.games.hcf", HCFAdapter,
        "cogs.hcf", "bot.games.hcf.sim:HcfSim", wording.HIGH_CARD_FLUSH),
    GameDeclaration(
        "chinese", "Chinese Poker", "peer", ChineseTableOptions, "bot.games.chinese",
        ChineseAdapter, "cogs.chinese", "bot.games.chinese.sim:ChineseSim", wording.CHINESE,
        decision_seconds=120),  # setting 13 cards takes longer than one decision elsewhere
    GameDeclaration(
        "threecard", "Three Card Poker", "house", TableOptions, "bot.games.threecard",
        ThreeCardAdapter, "cogs.threecard", "bot.games.threecard.sim:ThreeCardSim",
        wording.THREE_CARD),
)

BY_KEY: dict[str, GameDeclaration] = {game.key: game for game in GAMES}
if len(BY_KEY) != len(GAMES):
    raise RuntimeError("two games are declared with one key")


def declared(key: str) -> GameDeclaration:
    return BY_KEY[key]


def game_name(key: str) -> str:
    """What players read for a game key (its own name in every language); an unknown key (a
    game since removed, in old rounds) as it is."""
    game = BY_KEY.get(key)
    return game.name if game is not None else key


def adapters() -> dict[str, GameAdapter]:
    """A fresh adapter for every game, by key: what the table runtime runs."""
    return {game.key: game.new_adapter() for game in GAMES}


def extensions() -> tuple[str, ...]:
    """The games' extensions (after the bot's own, which :mod:`bot.client` lists)."""
    return tuple(game.cog for game in GAMES)


def vocabularies() -> dict[str, Vocabulary]:
    """What players call every game's actions, by game key."""
    return {game.key: game.vocabulary for game in GAMES if game.vocabulary is not None}
