"""2 Plus 4 Poker on the table runtime: the boxed adapter with this game's data and rules page."""

from __future__ import annotations

from bot.games.twoplusfour import TWO_PLUS_FOUR
from bot.games.twoplusfour.figures import summary
from bot.tables.adapter import GameInfo
from bot.tables.boxed import BoxedAdapter
from bot.tables.rules_page import TWO_PLUS_FOUR_RULES


def two_plus_four_adapter(info: GameInfo) -> BoxedAdapter:
    """2 Plus 4 is the boxed core run with its data (no adapter code of its own)."""
    return BoxedAdapter(info, TWO_PLUS_FOUR, TWO_PLUS_FOUR_RULES, summary)
