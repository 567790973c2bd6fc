"""High Card Flush as data: table options, the two bonus pay tables and one hand's settlement.

:func:`settle_hand` is pure integer arithmetic on the hand keys of :mod:`bot.games.hcf.hands`,
so the state machine and the simulator settle through the very same function. It settles a
hand as if the bank had unlimited funds; what a player-banked round does when the DP cannot
pay is :mod:`bot.games.hcf.banking`'s part.

Sources: the seed ``seeds/high-card-flush.de.txt`` (points 1-7, the note on the house rake and
the two pay tables, "Anhang A" and "Anhang B") and the rulings in RULES.md ("High Card Flush").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from bot.games.common import NamedStep, OptionError
from bot.games.hcf.hands import QUALIFYING_FLUSH_KEY
from bot.games.plain import PlainData
from bot.i18n import N_, Text


class Phase(NamedStep):
    """The round's phases, in the only order they can happen."""

    BETTING = 0
    DEALING = 1
    DECISIONS = 2
    SETTLED = 3


BONUSES: Final = ("straight_flush", "flush")
"""The two optional side bets, by the names their settlement lines carry."""

BONUS_NAMES: Final = {"straight_flush": N_("Straight Flush bonus"), "flush": N_("Flush bonus")}

STRAIGHT_FLUSH_PAYS: Final = ((7, 1000), (6, 500), (5, 100), (4, 60), (3, 8))
"""Seed, "Anhang A": odds to 1 by the length of the player's straight-flush run."""

FLUSH_PAYS: Final = ((7, 200), (6, 50), (5, 10), (4, 2))
"""Seed, "Anhang B": odds to 1 by the length of the player's flush; 3 cards lose."""


class RakeMode:
    """Who pays the house rake (seed, "Hinweis: Ein House Rake ..."; RULES.md)."""

    NONE: Final = "none"
    EVERY_PLAYER: Final = "every_player"
    """i. every player, the DP included."""
    ALL_BUT_DP: Final = "all_but_dp"
    """ii. every player but the DP."""
    DP_ONLY: Final = "dp_only"
    """iii. the DP only."""

    ALL: Final = (NONE, EVERY_PLAYER, ALL_BUT_DP, DP_ONLY)
    DESCRIPTIONS: Final = {
        NONE: N_("no rake"),
        EVERY_PLAYER: N_("from every player, the designated player included"),
        ALL_BUT_DP: N_("from every player but the designated player"),
        DP_ONLY: N_("from the designated player only"),
    }


MAX_PLAYERS: Final = 6
"""Seven cards each: one deck deals six players and the DP (or the house) 49 cards."""


@dataclass(frozen=True)
class HCFOptions(PlainData):
    """A table's configuration; every rule that differs between tables lives here.

    * ``min_ante``/``max_ante``: the Ante's limits; the bonuses have their own, the Ante's when
      left ``None`` (seed: "Mindest- und Höchsteinsatzlimits werden an jedem Tisch bekannt
      gegeben").
    * ``bank_minimum``: the table stack a player needs to be offered the DP role (RULES.md: "A
      player qualifies to bank when their table stack is at least a table-set amount").
    * ``rake_mode`` (:class:`RakeMode`) and ``rake``: the house rake, a fixed number of chips per
      hand from each raked seat; see :mod:`bot.games.hcf.banking` for when it is taken.
    * ``max_payout``: the most one hand may win in total, ``None`` for no cap (seed, notes to
      both pay tables: "Pokerräume können einen maximalen Gesamtbetrag festlegen, der ... pro
      Hand ausgezahlt wird").
    * pay tables as ``(length, odds to 1)`` rows.
    """

    min_ante: int = 10
    max_ante: int = 1_000
    bonus_min: int | None = None
    bonus_max: int | None = None
    bank_minimum: int = 1_000
    rake_mode: str = RakeMode.NONE
    rake: int = 0
    max_payout: int | None = None
    max_players: int = MAX_PLAYERS
    straight_flush_pays: tuple[tuple[int, int], ...] = STRAIGHT_FLUSH_PAYS
    flush_pays: tuple[tuple[int, int], ...] = FLUSH_PAYS
    _sf_odds: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _flush_odds: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.min_ante <= self.max_ante:
            raise OptionError("Ante limits need 1 <= min_ante <= max_ante")
        if not 1 <= self.bonus_minimum <= self.bonus_maximum:
            raise OptionError("bonus limits need 1 <= bonus_min <= bonus_max")
        if self.bank_minimum < 1:
            raise OptionError("bank_minimum must be at least 1 chip")
        if self.rake_mode not in RakeMode.ALL:
            raise OptionError("rake_mode must be one of {choices}, not {value}",
                              choices=", ".join(RakeMode.ALL), value=self.rake_mode)
        if self.rake < 0 or (self.rake_mode != RakeMode.NONE and self.rake < 1):
            raise OptionError("a rake is a whole number of chips, at least 1 when a rake mode is set")
        if self.max_payout is not None and self.max_payout < 1:
            raise OptionError("max_payout must be at least 1 chip (or None for no cap)")
        if not 1 <= self.max_players <= MAX_PLAYERS:
            raise OptionError("max_players must be 1 to {most}: one deck deals 7 cards a hand",
                              most=MAX_PLAYERS)
        object.__setattr__(self, "_sf_odds", _odds_by_length(self.straight_flush_pays, 3))
        object.__setattr__(self, "_flush_odds", _odds_by_length(self.flush_pays, 4))

    @property
    def bonus_minimum(self) -> int:
        return self.min_ante if self.bonus_min is None else self.bonus_min

    @property
    def bonus_maximum(self) -> int:
        return self.max_ante if self.bonus_max is None else self.bonus_max

    @property
    def player_rake(self) -> int:
        """Chips each player (not the DP) pays as rake. With the house banking there is no DP,
        so "every player" and "every player but the DP" both rake every player, "the DP only"
        nobody."""
        if self.rake_mode in (RakeMode.EVERY_PLAYER, RakeMode.ALL_BUT_DP):
            return self.rake
        return 0

    def dp_rake(self, house_banks: bool) -> int:
        """Chips the DP pays as rake (never when the house banks)."""
        if house_banks or self.rake_mode not in (RakeMode.EVERY_PLAYER, RakeMode.DP_ONLY):
            return 0
        return self.rake

    def straight_flush_odds(self, run_length: int) -> int:
        """Odds to 1 for a winning Straight Flush bonus with a run this long (0: not paid)."""
        return self._sf_odds[min(run_length, 7)]

    def flush_odds(self, flush_length: int) -> int:
        """Odds to 1 for a winning Flush bonus with a flush this long (0: not paid)."""
        return self._flush_odds[min(flush_length, 7)]

    @property
    def rake_text(self) -> Text:
        """How the table discloses its rake (seed: "deutlich offengelegt")."""
        if self.rake_mode == RakeMode.NONE:
            return Text("No rake.")
        return Text("Rake: {amount} a hand {who}.", amount=Text("{count} chips", count=self.rake)
                    if self.rake != 1 else Text("1 chip"), who=Text(RakeMode.DESCRIPTIONS[self.rake_mode]))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HCFOptions:
        return cls(
            min_ante=int(data["min_ante"]),
            max_ante=int(data["max_ante"]),
            bonus_min=_optional_int(data["bonus_min"]),
            bonus_max=_optional_int(data["bonus_max"]),
            bank_minimum=int(data["bank_minimum"]),
            rake_mode=str(data["rake_mode"]),
            rake=int(data["rake"]),
            max_payout=_optional_int(data["max_payout"]),
            max_players=int(data["max_players"]),
            straight_flush_pays=tuple((int(n), int(odds)) for n, odds in data["straight_flush_pays"]),
            flush_pays=tuple((int(n), int(odds)) for n, odds in data["flush_pays"]),
        )


def _odds_by_length(rows: tuple[tuple[int, int], ...], shortest: int) -> tuple[int, ...]:
    odds = [0] * 8
    for length, paid in rows:
        if not shortest <= length <= 7 or paid < 1:
            raise ValueError(f"pay table row {length}: {paid} is not valid")
        odds[length] = paid
    return tuple(odds)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


class HandReturns(NamedTuple):
    """Chips handed back on each bet of one hand (stake included; 0 when the bet lost)."""

    ante: int
    raised: int
    straight_flush: int
    flush: int

    @property
    def total(self) -> int:
        return self.ante + self.raised + self.straight_flush + self.flush


def settle_hand(
    ante: int,
    raised: int,
    straight_flush: int,
    flush: int,
    player_flush: int,
    player_run: int,
    dp_flush: int,
    dp_run: int,
    options: HCFOptions,
) -> HandReturns:
    """Settle one hand against the DP's, as if the bank could pay anything.

    Stakes: ``ante``, ``raised`` (the Raise; 0 means the player folded), the two bonuses (0 when
    not placed). Hands as keys (:func:`bot.games.hcf.hands.hand_keys`). The branches (RULES.md):

    * folded: the Ante and both bonuses lose (seed point 2: "verlieren ihren Ante- und
      Bonus-Einsatz"; a bonus needs the Raise placed, points 6-7);
    * DP not qualified (below a 3-card 9-high flush): Ante 1:1, the Raise pushes;
    * DP qualified: player better, Ante and Raise 1:1; DP better, both lose; equal, both push;
    * Straight Flush bonus: the player's run must be 3+ cards; longer than the DP's run, or as
      long with a higher top card, wins the pay table's odds by the player's run length; the
      same run pushes; otherwise it loses. The DP's hand counts even when not qualified;
    * Flush bonus: the player's flush must be 4+ cards; better than the DP's flush (length,
      then card by card) wins by the player's flush length; equal pushes; otherwise it loses.
      (An unqualified DP holds at most three suited cards, so any 4-card flush beats it: the
      seed's "nur einen ... Straight Flush zu vergleichen" changes nothing here.)

    With ``options.max_payout`` the hand's winnings together are capped: the excess comes off
    the Flush bonus first, then the Straight Flush bonus, the Raise, the Ante.
    """
    if raised == 0:
        return HandReturns(0, 0, 0, 0)
    if dp_flush < QUALIFYING_FLUSH_KEY:
        ante_back, raised_back = 2 * ante, raised
    elif player_flush > dp_flush:
        ante_back, raised_back = 2 * ante, 2 * raised
    elif player_flush < dp_flush:
        ante_back, raised_back = 0, 0
    else:
        ante_back, raised_back = ante, raised
    sf_back = 0
    if straight_flush and player_run >> 4 >= 3 and player_run >= dp_run:
        sf_back = straight_flush
        if player_run > dp_run:
            sf_back += straight_flush * options.straight_flush_odds(player_run >> 4)
    flush_back = 0
    if flush and player_flush >> 13 >= 4 and player_flush >= dp_flush:
        flush_back = flush
        if player_flush > dp_flush:
            flush_back += flush * options.flush_odds(player_flush >> 13)
    returns = HandReturns(ante_back, raised_back, sf_back, flush_back)
    if options.max_payout is not None:
        returns = _capped(returns, (ante, raised, straight_flush, flush), options.max_payout)
    return returns


def _capped(returns: HandReturns, stakes: tuple[int, int, int, int], cap: int) -> HandReturns:
    backs = list(returns)
    excess = sum(max(back - stake, 0) for back, stake in zip(backs, stakes, strict=True)) - cap
    for index in (3, 2, 1, 0):  # Flush bonus, Straight Flush bonus, Raise, Ante
        if excess <= 0:
            break
        cut = min(excess, max(backs[index] - stakes[index], 0))
        backs[index] -= cut
        excess -= cut
    return HandReturns(*backs)
