"""A typical table of each game, for ``/help game:`` to show a newcomer: three players, their
bets placed and the cards dealt, played by the game's own adapter from a fixed deck (nothing
here restates a rule: a choice the game refuses is skipped)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.i18n import Refusal, Words
from bot.poker import FULL_DECK
from bot.tables.adapter import GameAdapter, TableContext
from bot.tables.config import TableConfig
from render import TableSnapshot

PLAYERS = {1: "Anna", 2: "Bernd", 3: "Chloé"}
BETS: dict[str, tuple[tuple[str, str], ...]] = {
    "uth": (("ante", "{a}"), ("trips", "{a}")),
    "threecard": (("ante", "{a}"), ("pairplus", "{a}")),
    "imperial": (("ante", "1:{a}"), ("bonus", "1:{a}")),
    "twoplusfour": (("ante", "1:{a}"), ("bonus", "1:{a}")),
    "hcf": (("ante", "{a}"), ("bonus", "{a}:{a}")),
    "chinese": (),
}
"""Each seat's bets (``{a}``: the amount), as the buttons send them."""
DECISIONS = (("start", ""), ("deal", ""), ("accept", ""), ("raise", "4"), ("raise", "3"), ("raise", "2"),
             ("raise", "1"), ("play", ""), ("bet", ""), ("buy", ""), ("auto", ""), ("confirm", ""),
             ("confirmfoul", ""))
"""What a seat does when it may: deal, bank, the largest raise, play on."""
STACK = 1_000
SEED = 1042


def apply_first(adapter: GameAdapter, state: Any, seat: int, choices: tuple[tuple[str, str], ...]) -> bool:
    """The first of ``choices`` the game takes from ``seat`` now, if any."""
    for action, text in choices:
        if action not in adapter.actions.arguments:
            continue
        try:
            adapter.actions.apply(state, seat, action, adapter.actions.read_arg(action, text), {})
        except Refusal:
            continue
        return True
    return False


def place_bets(adapter: GameAdapter, state: Any, seats: Mapping[int, str], amount: int,
               unplaced: set[tuple[int, str, str]] | None = None) -> set[tuple[int, str, str]]:
    """Each seat's bets of ``amount`` that the game takes now; the ones still to place."""
    if unplaced is None:
        unplaced = {(seat, action, text.format(a=amount))
                    for seat in seats for action, text in BETS[adapter.info.key]}
    for seat, action, text in sorted(unplaced):
        if apply_first(adapter, state, seat, ((action, text),)):
            unplaced.discard((seat, action, text))
    return unplaced


def decide(adapter: GameAdapter, state: Any, seats: Mapping[int, str]) -> list[int]:
    """Every seat takes its decisions (a start, then the bank...); the seats that acted."""
    acted = []
    for seat in seats:
        if any([apply_first(adapter, state, seat, DECISIONS) for _ in range(4)]):
            acted.append(seat)
    return acted


def sample_snapshot(adapter: GameAdapter, config: TableConfig, w: Words) -> TableSnapshot:
    """The table (a new one of the game: ``config``) once the bets are placed and the cards
    dealt: what a newcomer will see."""
    state = adapter.new_round(config, TableContext(1, tuple((seat, STACK) for seat in PLAYERS)))
    deck = random.Random(SEED).sample(FULL_DECK, len(FULL_DECK))
    decide(adapter, state, PLAYERS)
    place_bets(adapter, state, PLAYERS, 10)
    state.expire(lambda: list(deck))
    title = w("{game} · Round #{round}", game=adapter.info.name, round="1042")
    footer = w("Round #{round} · shuffle commitment {commitment}", round="1042",
               commitment="9f2c1e77a0b4d3c5\u2026")
    return adapter.snapshot(state, config, PLAYERS, title, footer, w)
