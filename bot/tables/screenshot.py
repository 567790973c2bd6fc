"""``python -m bot.tables.screenshot docs``: the README's table pictures, drawn by the real UTH
adapter from a settled round with a fixed deck, in each language the bot speaks
(``docs/table-en.png``, ``docs/table-de.png``): what a server in that language sees."""

from __future__ import annotations

import sys
from pathlib import Path

import render
from bot import catalog
from bot.games.uth import UTHState
from bot.i18n import LANGUAGES, words
from bot.poker import parse_cards
from bot.tables.actions import Amount, NoArg, Times
from bot.tables.adapter import GameInfo
from bot.tables.config import TableConfig
from bot.tables.uth import UTHAdapter

PLAYERS = {1: "Anna", 2: "Bernd", 3: "Chloé"}
DECK = parse_cards("As Ks Qh Qd 9c 8c Jh 9s Ah Kd 7s 7c 2d")  # not prose
"""Two cards to each seat in turn, two to the dealer, then the board."""


def settled_round(adapter: UTHAdapter, config: TableConfig) -> UTHState:
    state = adapter.new_state(config)
    for seat, ante in zip(PLAYERS, (10, 25, 10), strict=True):
        adapter.apply(state, seat, "ante", Amount(ante), {})
    adapter.apply(state, 1, "trips", Amount(5), {})
    adapter.on_deadline(state, lambda: DECK)
    adapter.apply(state, 1, "raise", Times(4), {})
    adapter.apply(state, 2, "check", NoArg(), {})
    adapter.apply(state, 3, "check", NoArg(), {})
    adapter.apply(state, 2, "check", NoArg(), {})
    adapter.apply(state, 3, "raise", Times(2), {})
    adapter.apply(state, 2, "fold", NoArg(), {})
    return state


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    adapter = UTHAdapter(GameInfo("uth", catalog.declared("uth").name))
    config = TableConfig("uth", max_bet=500)
    state = settled_round(adapter, config)
    for language in LANGUAGES:
        w = words(language)
        title = w("{game} · Round #{round} · Result", game=adapter.display_name, round="1042")
        footer = w("Round #{round} · seed {seed}", round="1042", seed="9f2c1e77a0b4d3c5")
        snapshot = adapter.snapshot(state, config, PLAYERS, title, footer, w)
        path = folder / f"table-{language}.png"
        path.write_bytes(render.table_scene_png(snapshot))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
