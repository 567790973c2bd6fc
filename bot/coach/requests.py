"""Which coach values which game's decisions, asked with the engine's round and a seat."""

from __future__ import annotations

from bot.coach import chinese, hcf, imperial, threecard, twoplusfour, uth
from bot.coach.values import HintRequest
from bot.games.boxed import BoxedState
from bot.games.chinese.table import ChineseTable
from bot.games.common import SeatId
from bot.games.hcf.offer import HCFRound
from bot.games.imperial.state import ImperialState
from bot.games.round import Round
from bot.games.threecard.state import ThreeCardState
from bot.games.uth.state import UTHState

COACHED_GAMES = frozenset({"threecard", "uth", "hcf", "twoplusfour", "imperial", "chinese"})
"""The games whose decisions the coach values: all six."""
POINTS = frozenset({"chinese"})
"""The games whose figures count points (Chinese Poker's, each worth the table's chips), not
Antes."""


def hint_request(state: Round, seat: SeatId) -> HintRequest | None:
    """What to compute for ``seat``'s decision now (None: the seat has none, or the coach does
    not know the game yet)."""
    if isinstance(state, ThreeCardState):
        return threecard.request(state, seat)
    if isinstance(state, UTHState):
        return uth.request(state, seat)
    if isinstance(state, HCFRound):
        return hcf.request(state, seat)
    if isinstance(state, ImperialState):
        return imperial.request(state, seat)
    if isinstance(state, BoxedState):
        return twoplusfour.request(state, seat)
    if isinstance(state, ChineseTable):
        return chinese.request(state, seat)
    return None
