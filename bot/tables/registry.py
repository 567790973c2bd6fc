"""The games installed on the table runtime, by the name stored with each table."""

from __future__ import annotations

from bot.tables.adapter import GameAdapter
from bot.tables.chinese import ChineseAdapter
from bot.tables.hcf import HCFAdapter
from bot.tables.imperial import IMPERIAL_ADAPTER
from bot.tables.twoplusfour import TWO_PLUS_FOUR_ADAPTER
from bot.tables.uth import UTHAdapter

ADAPTERS: dict[str, GameAdapter] = {
    "uth": UTHAdapter(),
    "twoplusfour": TWO_PLUS_FOUR_ADAPTER,
    "imperial": IMPERIAL_ADAPTER,
    "hcf": HCFAdapter(),
    "chinese": ChineseAdapter(),
}
