"""``python -m bot.tables.screenshot docs``: the README's table pictures, drawn by the real UTH
adapter from a settled round with a fixed deck, in each language the bot speaks
(``docs/table-en.png``, ``docs/table-de.png``): what a server in that language sees; and
``docs/table-phone.png``, the English one as a phone shows it (360 px wide)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

import render
from bot import catalog
from bot.games.uth import UTHState
from bot.i18n import LANGUAGES, words
from bot.poker import parse_cards
from bot.tables.actions import Amount, NoArg, Times
from bot.tables.config import TableConfig
from bot.tables.uth import UTHAdapter
from render.text import PHONE_WIDTH

PLAYERS = {1: "Anna", 2: "Bernd", 3: "Chloé"}
DECK = parse_cards("As Ks Qh Qd 9c 8c Jh 9s Ah Kd 7s 7c 2d")  # not prose
"""Two cards to each seat in turn, two to the dealer, then the board."""


def settled_round(adapter: UTHAdapter, config: TableConfig) -> UTHState:
    state = adapter.new_round(config)
    for seat, ante in zip(PLAYERS, (10, 25, 10), strict=True):
        adapter.actions.apply(state, seat, "ante", Amount(ante), {})
    adapter.actions.apply(state, 1, "trips", Amount(5), {})
    state.expire(lambda: DECK)
    adapter.actions.apply(state, 1, "raise", Times(4), {})
    adapter.actions.apply(state, 2, "check", NoArg(), {})
    adapter.actions.apply(state, 3, "check", NoArg(), {})
    adapter.actions.apply(state, 2, "check", NoArg(), {})
    adapter.actions.apply(state, 3, "raise", Times(2), {})
    adapter.actions.apply(state, 2, "fold", NoArg(), {})
    return state


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    adapter = UTHAdapter(catalog.declared("uth").info)
    config = TableConfig("uth", max_bet=500)
    state = settled_round(adapter, config)
    for language in LANGUAGES:
        w = words(language)
        title = w("{game} · Round #{round} · Result", game=adapter.info.name, round="1042")
        footer = w("Round #{round} · seed {seed}", round="1042", seed="9f2c1e77a0b4d3c5")
        snapshot = adapter.snapshot(state, config, PLAYERS, title, footer, w)
        path = folder / f"table-{language}.png"
        png = render.table_scene_png(snapshot)
        path.write_bytes(png)
        print(f"wrote {path}")
        if language == "en":
            write_phone_view(png, folder / "table-phone.png")
    return 0


def write_phone_view(png: bytes, path: Path) -> None:
    """The picture at the width a phone shows it (``render.text.PHONE_WIDTH``), resampled as
    a phone's screen does."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    width = PHONE_WIDTH
    phone = picture.resize((width, round(picture.height * width / picture.width)), Image.Resampling.LANCZOS)
    phone.save(path, optimize=True)
    print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
