"""Ultimate Texas Hold'em's decisions valued by the coach. On the river, Raise 1x or Fold, exact:
the dealer's two cards are any 2 of the 45 the player does not see (990 hands), each settled by
the engine's own :func:`bot.games.uth.state.settle_against` (the Ante, Blind and Play; Trips is a
side bet, paid on the player's hand whatever they do, and left out)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from bot.coach.values import Hint, HintRequest, OptionValue
from bot.games.common import SeatId
from bot.games.uth.rules import Phase, UTHOptions
from bot.games.uth.state import UTHState, settle_against
from bot.poker import HandValue, evaluate

STANDARD = UTHOptions(min_bet=1, max_bet=1)
"""A table with no cap on a win: the rules' own pay tables."""


def river_hint(hole: Sequence[int], board: Sequence[int], ante: int = 1,
               options: UTHOptions = STANDARD) -> Hint:
    """Raise 1x or Fold with ``hole`` on the full ``board``, exact over the dealer's hands."""
    if len(hole) != 2 or len(board) != 5:
        raise ValueError("the river's hint takes two hole cards and the five board cards")
    seen = {*hole, *board}
    unseen = [card for card in range(52) if card not in seen]
    player = evaluate([*hole, *board])
    dealers = [evaluate([*dealer, *board]) for dealer in combinations(unseen, 2)]
    choices = [OptionValue("raise", _mean_net(player, dealers, ante, ante, False, options), choice=1),
                OptionValue("fold", _mean_net(player, dealers, ante, 0, True, options))]
    return Hint(tuple(choices), "exact")


def _mean_net(player: HandValue, dealers: Sequence[HandValue], ante: int, play: int, folded: bool,
              options: UTHOptions) -> Fraction:
    """The Ante, Blind and Play's mean net over the dealer's hands, in Antes."""
    staked = 2 * ante + play
    total = 0
    for dealer in dealers:
        returns = settle_against(player, dealer, ante, 0, play, folded, options)
        total += returns.ante + returns.blind + returns.play - staked
    return Fraction(total, len(dealers) * ante)


def request(state: UTHState, seat: SeatId) -> HintRequest | None:
    """The hint for ``seat``'s decision now, from its own hole cards and the face-up board (None:
    no decision of its own, or one the coach does not value yet: pre-flop and the flop)."""
    if seat not in state.pending_seats() or state.phase is not Phase.RIVER:
        return None
    view = state.private_view(seat)
    player = state.seats[seat]
    return HintRequest(river_hint, (tuple(view.hole), tuple(view.board), player.ante, state.options),
                       player.ante)
