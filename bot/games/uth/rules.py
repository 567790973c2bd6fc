"""Ultimate Texas Hold'em as data: table options, the two pay tables and one hand's settlement.

Everything here is pure arithmetic on integers so that the state machine
(:mod:`bot.games.uth.state`) and the simulator (:mod:`bot.games.uth.sim`) settle through the
very same function, :func:`settle_hand`.

Sources: the seed text ``seeds/ultimate-texas-holdem.de.txt`` (sections "Spielergebnis" and
"Auszahlungen") and the rulings in ``RULES.md`` ("Ultimate Texas Hold'em"), which decide where
the seed is unclear. Payouts are whole chips and round down (RULES.md, common part).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.games.common import NamedStep, OptionError, SeatId, SettlementLine, hand_lines
from bot.games.paytable import PayTable as PayTable
from bot.games.plain import PlainData
from bot.poker import Category


class Phase(NamedStep):
    """The round's phases, in the only order they can happen."""

    BETTING = 0
    DEALING = 1
    PREFLOP = 2
    FLOP = 3
    RIVER = 4
    SETTLED = 5


RAISE_MULTIPLES: dict[Phase, tuple[int, ...]] = {
    Phase.PREFLOP: (4, 3),
    Phase.FLOP: (2,),
    Phase.RIVER: (1,),
}
"""Play bet sizes in Antes per street (seed, "Jetzt entscheiden")."""

DECISION_PHASES = (Phase.PREFLOP, Phase.FLOP, Phase.RIVER)


QUALIFIERS: dict[str, int] = {"pair_of_fours": 4, "pair": 2}
"""``dealer_qualifier`` option -> the lowest pair that qualifies (any two pair or better does).

Seed, "Spielergebnis": "Der Dealer muss mindestens ein Paar Vieren haben, um sich zu
qualifizieren." RULES.md keeps that as the default and adds "pair" as a table option.
"""


BLIND_PAYS = PayTable.of("Blind", {
    Category.ROYAL_FLUSH: 500, Category.STRAIGHT_FLUSH: 50, Category.FOUR_OF_A_KIND: 10,
    Category.FULL_HOUSE: 3, Category.FLUSH: (3, 2), Category.STRAIGHT: 1,
}, miss="push")
"""Seed, "Auszahlungen / BLIND": paid only when the player beats the dealer; "Drei Gleiche
oder Schlechter: Push". The flush pays 1.5:1, so an odd Blind rounds down to the chip."""

TRIPS_PAYS = PayTable.of("Trips", {
    Category.ROYAL_FLUSH: 50, Category.STRAIGHT_FLUSH: 40, Category.FOUR_OF_A_KIND: 30,
    Category.FULL_HOUSE: 8, Category.FLUSH: 7, Category.STRAIGHT: 4, Category.THREE_OF_A_KIND: 3,
}, miss="lose")
"""Seed, "Auszahlungen / TRIPS": three of a kind or better on the player's own best hand."""


@dataclass(frozen=True)
class UTHOptions(PlainData):
    """A table's configuration. Every rule that differs between tables lives here.

    ``min_bet``/``max_bet`` are the Ante limits (seed, "Einsatz platzieren": "EINSATZ-LIMIT");
    the Blind always equals the Ante. Trips has its own limits, the Ante's when left ``None``.
    ``max_payout`` caps the winnings of any single bet; the seed names no cap for this game,
    so the default is none. ``max_seats`` is what one deck can serve: 2 cards a seat plus 7
    for the dealer and the board, so at most 22.
    """

    dealer_qualifier: str = "pair_of_fours"
    min_bet: int = 10
    max_bet: int = 1000
    trips_min_bet: int | None = None
    trips_max_bet: int | None = None
    max_payout: int | None = None
    max_seats: int = 22
    blind_pays: PayTable[Category] = BLIND_PAYS
    trips_pays: PayTable[Category] = TRIPS_PAYS

    def __post_init__(self) -> None:
        if self.dealer_qualifier not in QUALIFIERS:
            raise OptionError("dealer_qualifier must be one of {choices}, not {value}",
                              choices=", ".join(QUALIFIERS), value=self.dealer_qualifier)
        if not 1 <= self.min_bet <= self.max_bet:
            raise OptionError("Ante limits need 1 <= min_bet <= max_bet")
        if not 1 <= self.trips_min <= self.trips_max:
            raise OptionError("Trips limits need 1 <= trips_min_bet <= trips_max_bet")
        if self.max_payout is not None and self.max_payout < 1:
            raise OptionError("max_payout must be at least 1 chip (or None for no cap)")
        if not 1 <= self.max_seats <= 22:
            raise OptionError("max_seats must be 1 to 22: one deck deals 2 cards a seat plus 7")

    @property
    def trips_min(self) -> int:
        return self.min_bet if self.trips_min_bet is None else self.trips_min_bet

    @property
    def trips_max(self) -> int:
        return self.max_bet if self.trips_max_bet is None else self.trips_max_bet

    @property
    def min_qualifying_pair(self) -> int:
        """The rank (2..14) of the lowest pair with which the dealer qualifies."""
        return QUALIFIERS[self.dealer_qualifier]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UTHOptions:
        return cls(
            dealer_qualifier=str(data["dealer_qualifier"]),
            min_bet=int(data["min_bet"]),
            max_bet=int(data["max_bet"]),
            trips_min_bet=_optional_int(data["trips_min_bet"]),
            trips_max_bet=_optional_int(data["trips_max_bet"]),
            max_payout=_optional_int(data["max_payout"]),
            max_seats=int(data["max_seats"]),
            blind_pays=PayTable.from_dict(data["blind_pays"], Category),
            trips_pays=PayTable.from_dict(data["trips_pays"], Category),
        )


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def dealer_qualifies(category: int, pair_rank: int, options: UTHOptions) -> bool:
    """Whether the dealer's hand opens the Ante bet to being paid (seed, "Spielergebnis").

    ``pair_rank`` is the rank (2..14) of the dealer's pair when ``category`` is a pair and is
    ignored otherwise: two pair or better always qualifies, high card never does.
    """
    if category >= _TWO_PAIR:
        return True
    return category == _PAIR and pair_rank >= options.min_qualifying_pair


_PAIR, _TWO_PAIR = int(Category.PAIR), int(Category.TWO_PAIR)  # plain ints: the simulator's hot path


class HandReturns(NamedTuple):
    """Chips handed back on each bet of one hand (stake included; 0 when the bet lost)."""

    ante: int
    blind: int
    play: int
    trips: int

    @property
    def total(self) -> int:
        return self.ante + self.blind + self.play + self.trips


def settle_hand(
    ante: int,
    trips: int,
    play: int,
    folded: bool,
    player_category: int,
    comparison: int,
    qualified: bool,
    options: UTHOptions,
) -> HandReturns:
    """Settle one player's hand against the dealer (Blind = Ante).

    ``comparison`` is positive when the player's best hand beats the dealer's, 0 on a tie
    (suits never break ties), negative when the dealer's is better. ``qualified`` comes from
    :func:`dealer_qualifies`. The branches, from the seed's "Spielergebnis" as RULES.md rules
    them:

    * folded (only possible on the river): Ante, Blind (and a Play there is none of) lose;
    * dealer qualifies, player better: Ante 1:1, Play 1:1, Blind per the Blind table (push
      below a straight); dealer better: Ante, Blind, Play lose; tie: all push;
    * dealer does not qualify: the Ante pushes; player better: Play 1:1, Blind per table;
      dealer better: Play and Blind lose; tie: Play and Blind push.

    Trips is paid on ``player_category`` alone, whatever happened against the dealer and also
    after a fold (seed: "gleich ob Sie PASSEN oder MITGEHEN"). With ``options.max_payout`` set,
    no bet wins more than that many chips.
    """
    cap = options.max_payout
    trips_back = options.trips_pays.returned(player_category, trips) if trips else 0
    if cap is not None and trips_back - trips > cap:
        trips_back = trips + cap
    if folded:
        return HandReturns(0, 0, 0, trips_back)
    if comparison > 0:
        blind_back = options.blind_pays.returned(player_category, ante)
        if cap is not None and blind_back - ante > cap:
            blind_back = ante + cap
        even = ante if cap is None else min(ante, cap)
        ante_back = ante + even if qualified else ante
        play_back = play + (play if cap is None else min(play, cap))
        return HandReturns(ante_back, blind_back, play_back, trips_back)
    if comparison < 0:
        return HandReturns(0 if qualified else ante, 0, 0, trips_back)
    return HandReturns(ante, ante, play, trips_back)


def settlement_lines(
    seat: SeatId, ante: int, trips: int, play: int, folded: bool, returns: HandReturns
) -> tuple[SettlementLine, ...]:
    """One line per bet in play, in the order Ante, Blind, Play, Trips (zero stakes omitted)."""
    rows = (("ante", ante, returns.ante), ("blind", ante, returns.blind), ("play", play, returns.play),
            ("trips", trips, returns.trips))
    return hand_lines(seat, rows, folded=folded, side_bets=("trips",))
