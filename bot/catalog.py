"""Every game the bot offers, each declared once. Everything else about a game is derived from
its declaration here: the table runtime's adapters, the extensions loaded, the simulator's
games, every game choice (``/table open``, the leaderboard's filter), the defaults of a new
table. A game that is not in :data:`GAMES` does not exist for the bot.

To add a game, see ``docs/adding-a-game.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from bot.games.boxed import moves as boxed_moves
from bot.games.chinese import moves as chinese_moves
from bot.games.hcf import moves as hcf_moves
from bot.games.imperial import moves as imperial_moves
from bot.games.moves import NO_MOVES, MoveSet
from bot.games.threecard import moves as threecard_moves
from bot.games.uth import moves as uth_moves
from bot.i18n import N_
from bot.tables import wording
from bot.tables.adapter import Funding, GameAdapter, GameInfo
from bot.tables.boxed import BoxedTableOptions
from bot.tables.chinese import ChineseAdapter, ChineseTableOptions
from bot.tables.config import TableConfig, TableOptions
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
    moves: MoveSet = NO_MOVES
    """Its engine's moves (the engine's ``MOVES``): what a player may do, one label line each in
    the vocabulary."""
    private_message: str | None = None
    """``module:function`` that builds a player's private message where the game has its own
    (Chinese Poker's hand setting, with two menus); None: the cards picture every game shows."""
    summary: str = ""
    """``/help``'s line for it: what it is, how many play, who banks (a catalogue text)."""
    how_it_goes: str = ""
    """``/help game:``'s "how a hand goes", naming its buttons and commands by the vocabulary's
    ``{action_button}``/``{action_command}`` (a catalogue text)."""
    max_bet: int | None = 1_000
    """A new table's largest Ante (None: no maximum)."""
    max_payout: int = 100_000
    decision_seconds: int = 30

    @property
    def info(self) -> GameInfo:
        return GameInfo(self.key, self.name, self.funding, self.options, self.vocabulary, self.moves)

    def new_adapter(self) -> GameAdapter:
        return self.adapter(self.info)

    def new_table_config(self) -> TableConfig:
        """A new table's configuration when the admin changes nothing: the declared defaults."""
        return TableConfig(self.key, max_bet=self.max_bet, max_payout=self.max_payout,
                           decision_seconds=self.decision_seconds)


GAMES: tuple[GameDeclaration, ...] = (
    GameDeclaration(
        "uth", "Ultimate Texas Hold'em", "house", UTHTableOptions, "bot.games.uth", UTHAdapter,
        "cogs.uth", "bot.games.uth.sim:UthSim", wording.UTH, uth_moves.MOVES,
        summary=N_("Hold'em against the dealer: your two cards and five on the board; raise once, "
                   "the earlier the bigger. Any number of players; the house banks."),
        how_it_goes=N_("1. Press **Ante 10** (or another Ante; an equal Blind goes with it) and, if you "
                       "like, Trips.\n"
                       "2. When betting closes, **{cards_button}** shows your two cards: raise 4x or 3x, "
                       "or **{check_button}**.\n"
                       "3. On the flop raise 2x or check; on the river raise 1x or **{fold_button}**.\n"
                       "4. The dealer shows: beat the dealer's hand to win.")),
    GameDeclaration(
        "twoplusfour", "2 Plus 4 Poker", "house", BoxedTableOptions, "bot.games.twoplusfour",
        two_plus_four_adapter, "cogs.twoplusfour", "bot.games.twoplusfour.sim:TwoPlusFourSim",
        wording.TWO_PLUS_FOUR, boxed_moves.MOVES,
        summary=N_("Five cards against the dealer's six, four of them face up: buy a card, bet or fold. "
                   "Any number of players, up to four boxes each; the house banks."),
        how_it_goes=N_("1. Put an Ante on a box (**Box 1: Ante 10**); up to four boxes, a Bonus if you "
                       "like.\n"
                       "2. When betting closes you see your five cards and the dealer's four up-cards.\n"
                       "3. For each open box: **{buy_button}** a sixth card, **{bet_button}** (2 x Ante) or "
                       "**{fold_button}**.\n"
                       "4. The dealer's six cards show: your best five against the dealer's best five."),
        # The seed: "es gibt keinen Höchsteinsatz"; RULES.md caps a box at 20,000.
        max_bet=None, max_payout=20_000),
    GameDeclaration(
        "imperial", "Imperial Poker", "house", BoxedTableOptions, "bot.games.imperial",
        ImperialAdapter, "cogs.imperial", "bot.games.imperial.sim:ImperialSim", wording.IMPERIAL,
        imperial_moves.MOVES,
        summary=N_("Five cards against the dealer's five, one of them face up: buy, draw, bet or fold. "
                   "Any number of players, up to four boxes each; the house banks."),
        how_it_goes=N_("1. Put an Ante on a box (**Box 1: Ante 10**); up to four boxes, the AA+ Bonus if you "
                       "like.\n"
                       "2. When betting closes you see your five cards and the dealer's up-card.\n"
                       "3. For each open box: **{buy_button}** a sixth card, **{draw_button}** (exchange "
                       "cards for an Ante), **{bet_button}** (2 x Ante) or **{fold_button}**.\n"
                       "4. The dealer may exchange a card, then shows: your hand against the dealer's."),
        max_bet=None, max_payout=20_000),
    GameDeclaration(
        "hcf", "High Card Flush", "player-bank", HCFTableOptions, "bot.games.hcf", HCFAdapter,
        "cogs.hcf", "bot.games.hcf.sim:HcfSim", wording.HIGH_CARD_FLUSH, hcf_moves.MOVES,
        summary=N_("Seven cards each; the longest flush wins. Up to six players against one of them who "
                   "banks (or the house), from table stacks."),
        how_it_goes=N_("1. Bring chips to the table with `{buyin_command}`.\n"
                       "2. Press **{start_button}**: the bank is offered to a player (**{accept_button}** or "
                       "**{decline_button}**); then place an Ante.\n"
                       "3. When betting closes, **{cards_button}** shows your seven cards: raise (the longer "
                       "your flush, the more you may) or **{fold_button}**.\n"
                       "4. Your longest flush against the bank's.")),
    GameDeclaration(
        "chinese", "Chinese Poker", "peer", ChineseTableOptions, "bot.games.chinese",
        ChineseAdapter, "cogs.chinese", "bot.games.chinese.sim:ChineseSim", wording.CHINESE,
        chinese_moves.MOVES, private_message="cogs.chinese:hand_message",
        summary=N_("Thirteen cards set into three poker hands, scored against every other player. Two to "
                   "four players pay each other; nobody banks."),
        how_it_goes=N_("1. Bring chips to the table with `{buyin_command}`.\n"
                       "2. Press **{deal_button}**: thirteen cards each.\n"
                       "3. Set them: a front of three, a middle and a back of five, each beating the one "
                       "before (**{auto_button}** does it for you), then **{confirm_button}**.\n"
                       "4. Every hand shows; you win or pay points against each other player."),
        decision_seconds=120),  # setting 13 cards takes longer than one decision elsewhere
    GameDeclaration(
        "threecard", "Three Card Poker", "house", TableOptions, "bot.games.threecard",
        ThreeCardAdapter, "cogs.threecard", "bot.games.threecard.sim:ThreeCardSim",
        wording.THREE_CARD, threecard_moves.MOVES,
        summary=N_("Your three cards against the dealer's three: play or fold. Any number of players; "
                   "the house banks."),
        how_it_goes=N_("1. Press **Ante 10** (or another Ante) and, if you like, Pair Plus.\n"
                       "2. When betting closes, **{cards_button}** shows your three cards.\n"
                       "3. **{play_button}** (a bet equal to your Ante) or **{fold_button}**.\n"
                       "4. The dealer shows: the dealer needs queen high to qualify; beat the dealer to "
                       "win.")),
)

BY_KEY: dict[str, GameDeclaration] = {game.key: game for game in GAMES}
if len(BY_KEY) != len(GAMES):
    raise RuntimeError("two games are declared with one key")


def declared(key: str) -> GameDeclaration:
    return BY_KEY[key]


def own_private_message(key: str) -> object | None:
    """The game's own private message builder (its declaration's ``private_message``), if any."""
    game = BY_KEY.get(key)
    if game is None or game.private_message is None:
        return None
    module, _, name = game.private_message.partition(":")
    builder: object = getattr(importlib.import_module(module), name)
    return builder


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
