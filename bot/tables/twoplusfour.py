"""2 Plus 4 Poker on the table runtime: the boxed adapter with this game's data and rules page."""

from __future__ import annotations

from bot.games.twoplusfour import TWO_PLUS_FOUR
from bot.games.twoplusfour.figures import summary
from bot.i18n import N_
from bot.tables.adapter import GameInfo
from bot.tables.boxed import BoxedAdapter

RULES = N_("""\
**2 Plus 4 Poker**: five cards to each of your boxes against the dealer's six (two face
down, four face up; the dealer plays the best five).
**Boxes**: up to 4 per player; the first two boxes with an Ante are open (or just one:
`{open_one}`), the others blind. Antes within a factor of 5 of each other; the larger
open box is played first and the second open box's Ante may not exceed the first's. A Bonus may
go with or instead of an Ante (minimum {chip}). Antes {antes}.
**Open boxes**: Buy a 6th card (1 Ante), Bet (2 x Ante) or Fold (Ante lost). After a Buy you
may still choose only when the dealer's four up-cards show a pair of kings or better;
otherwise the BET is placed with the Buy. Blind boxes bet automatically and are shown after
your last open-box decision. A missed decision folds the box on turn (no chips are taken
without a click) and passes on insurance and the exchange.
**Dealer qualifies** with Ace-King or better. Not qualified: Ante 1:1, BET returned.
Qualified and you win: BET per table and Ante 1:1; dealer better: both lost; tie: returned.
**Insurance** (three of a kind or better, 1 Ante up to the potential payout, at most
{max_payout}): 1:1 when the dealer does not qualify; lost when it qualifies, but returned
when the dealer's hand beats yours.
**Exchange**: when the dealer does not qualify you may pick boxes (blind ones too) and
press **{goon_button}**: each picked box's Ante is the fee and the dealer's highest card is replaced. Then the
dealer qualifies: you win -> BET per table and Ante 1:1; dealer better -> BET lost. Still not
qualified: BET returned, Ante gone.
**BET pays**: {bet_table}. **Bonus pays** (first five cards): {bonus_table}.
Caps: {max_payout} per box and bet, {max_round} per player per round. Payouts are whole
chips, rounded down.
**Our figures** (no published analysis exists; these are the first):
{figures}
""")


def two_plus_four_adapter(info: GameInfo) -> BoxedAdapter:
    """2 Plus 4 is the boxed core run with its data (no adapter code of its own)."""
    return BoxedAdapter(info, TWO_PLUS_FOUR, RULES, summary)
