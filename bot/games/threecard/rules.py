"""Three Card Poker as data: table options, the two pay tables and one hand's settlement.

Everything here is pure arithmetic, so the state machine (:mod:`bot.games.threecard.state`),
the simulator and the exact figures (:mod:`bot.games.threecard.sim`) settle through the very
same function, :func:`settle_hand`. Standard rules (the game has no seed text here; the issue
that added it states them): the dealer qualifies with queen high or better. Not qualified:
Ante 1:1, Play pushes. Qualified: the better hand wins Ante and Play 1:1, a tie pushes both.
The Ante bonus is paid on a played hand whatever the dealer holds; Pair Plus is paid on the
player's hand alone, also after a fold. Payouts are whole chips (RULES.md, common part).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from bot.games.common import NamedStep, OptionError, SeatId, SettlementLine, hand_lines
from bot.games.paytable import PayTable
from bot.games.threecard.hands import HAND_SIZE, QUEEN_HIGH, HandClass, hand_class
from bot.i18n import N_


class Phase(NamedStep):
    """The round's phases, in the only order they can happen."""

    BETTING = 0
    DEALING = 1
    DECIDING = 2
    SETTLED = 3


BETS = ("ante", "pairplus")
"""What a player places in the betting window; Play (= Ante) comes with the decision."""
BET_NAMES = {"ante": N_("Ante"), "pairplus": N_("Pair Plus"), "play": N_("Play")}

PAIR_PLUS = PayTable.of(N_("Pair Plus"), {
    HandClass.STRAIGHT_FLUSH: 40, HandClass.THREE_OF_A_KIND: 30, HandClass.STRAIGHT: 6,
    HandClass.FLUSH: 4, HandClass.PAIR: 1,
}, miss="lose")
"""On the player's own three cards, whatever the dealer holds and also after a fold."""

ANTE_BONUS = PayTable.of(N_("Ante bonus"), {
    HandClass.STRAIGHT_FLUSH: 5, HandClass.THREE_OF_A_KIND: 4, HandClass.STRAIGHT: 1,
}, miss="push")
"""Paid on the Ante of a played hand, whatever the dealer holds, on top of the Ante's result."""

DECK_SIZE = 52
MOST_SEATS = (DECK_SIZE - HAND_SIZE) // HAND_SIZE
"""One deck deals three cards a seat and three to the dealer: 16 seats."""


@dataclass(frozen=True)
class ThreeCardOptions:
    """A table's limits: the Ante's (Play always equals it), Pair Plus's (the Ante's when
    ``None``), the largest win on one bet (``None``: no cap) and how many may play a round."""

    min_bet: int = 10
    max_bet: int = 1000
    pair_plus_max_bet: int | None = None
    max_payout: int | None = None
    max_seats: int = MOST_SEATS

    def __post_init__(self) -> None:
        if not 1 <= self.min_bet <= self.max_bet:
            raise OptionError("Ante limits need 1 <= min_bet <= max_bet")
        if self.pair_plus_max < self.min_bet:
            raise OptionError("Pair Plus's maximum must be at least the table minimum")
        if self.max_payout is not None and self.max_payout < 1:
            raise OptionError("max_payout must be at least 1 chip (or None for no cap)")
        if not 1 <= self.max_seats <= MOST_SEATS:
            raise OptionError("max_seats must be 1 to {most}: one deck deals three cards a seat",
                              most=MOST_SEATS)

    @property
    def pair_plus_max(self) -> int:
        return self.max_bet if self.pair_plus_max_bet is None else self.pair_plus_max_bet

    def limit_of(self, bet: str) -> int:
        return self.pair_plus_max if bet == "pairplus" else self.max_bet

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThreeCardOptions:
        return cls(**data)


def dealer_qualifies(dealer_value: int) -> bool:
    """Queen high or better (a value from :func:`bot.games.threecard.hands.hand_value`)."""
    return dealer_value >= QUEEN_HIGH


class HandReturns(NamedTuple):
    """Chips handed back on each bet of one hand (stake included; 0 when the bet lost)."""

    ante: int
    play: int
    pairplus: int

    @property
    def total(self) -> int:
        return self.ante + self.play + self.pairplus


def settle_hand(ante: int, pair_plus: int, played: bool, player_value: int, dealer_value: int,
                options: ThreeCardOptions) -> HandReturns:
    """Settle one hand (Play = Ante when ``played``; a fold leaves Play at 0).

    * folded: Ante lost; Pair Plus on the player's hand alone;
    * dealer not qualified: Ante 1:1, Play pushes;
    * qualified: player better, Ante and Play 1:1; dealer better, both lost; tie, both push;
    * a played hand's Ante bonus (straight 1:1, three of a kind 4:1, straight flush 5:1) is
      added to the Ante's return whatever the dealer holds.

    With ``options.max_payout`` set, no bet wins more than that many chips.
    """
    player_class = hand_class(player_value)
    pays_pair_plus = PAIR_PLUS.odds(player_class) is not None
    pair_plus_back = _returned(pair_plus, 0 if pays_pair_plus else -1, options,
                               PAIR_PLUS.winnings(player_class, pair_plus))
    if not played:
        return HandReturns(0, 0, pair_plus_back)
    if not dealer_qualifies(dealer_value):
        ante_result, play_result = 1, 0
    else:
        ante_result = play_result = (player_value > dealer_value) - (player_value < dealer_value)
    bonus = ANTE_BONUS.winnings(player_class, ante)
    return HandReturns(_returned(ante, ante_result, options, bonus),
                       _returned(ante, play_result, options), pair_plus_back)


def _returned(stake: int, result: int, options: ThreeCardOptions, extra: int = 0) -> int:
    """Chips back on ``stake``: none when ``result`` is -1 (lost), the stake on 0 (push), the
    stake and ``result`` x stake when it won (a pay table's multiple), plus ``extra`` winnings
    (the Ante bonus); the winnings at most ``max_payout``."""
    winnings = stake * max(result, 0) + extra
    cap = options.max_payout
    return (0 if result < 0 else stake) + (winnings if cap is None else min(winnings, cap))


def settlement_lines(seat: SeatId, ante: int, pair_plus: int, played: bool,
                     returns: HandReturns) -> tuple[SettlementLine, ...]:
    """One line per bet in play: Ante, Play, Pair Plus (zero stakes omitted)."""
    rows = (("ante", ante, returns.ante), ("play", ante if played else 0, returns.play),
            ("pairplus", pair_plus, returns.pairplus))
    return hand_lines(seat, rows, folded=not played, side_bets=("pairplus",))


def ante_bonus_class(player_value: int) -> HandClass | None:
    """The class the Ante bonus pays on, or None."""
    kind = hand_class(player_value)
    return kind if ANTE_BONUS.odds(kind) else None
