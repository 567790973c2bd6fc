"""Each game's rules page (``/<game> rules``), its prose written wrapped in source and shown as
paragraphs; the game's adapter fills in its table's figures (limits, pay tables, times)."""

from __future__ import annotations

import re

from bot.i18n import N_

PARAGRAPH_START = re.compile(r"\n(?![*-]|Strategy|Measured)")
"""A line break that is only wrapping: the next line opens no bold heading, list item, nor the
strategy or measured-figures paragraph."""


def reflow(text: str) -> str:
    """Join wrapped lines; keep a break before each heading, list item and figures paragraph."""
    return PARAGRAPH_START.sub(" ", text).strip()


UTH_RULES = N_("""\
**Ultimate Texas Hold'em** — you against the dealer; best five of your two cards and the five
on the board.
**Bets** ({bets}): Ante, with an equal Blind placed automatically; optional
Trips. Betting window: {betting} s (green, then yellow, then red). Undo, Rebet (last round's
bets), Double (once). Bets below the minimum are returned when the window closes.
**Decisions** ({decision} s each): pre-flop Raise 4x or 3x the Ante, or Check; on the flop
Raise 2x or Check; on the river Raise 1x or Fold. One raise per hand. Missing a decision:
pre-flop/flop AUTO CHECKED, river AUTO FOLDED (Ante, Blind and Play lost).
**Dealer qualifies** with {qualifier}. Qualified: you beat the dealer -> Ante and Play 1:1,
Blind per table; dealer better -> all lost; tie -> push. Not qualified: Ante pushes; Play 1:1
and Blind per table if you win, lost if the dealer wins, push on a tie.
**Blind** (when you beat the dealer): {blind_table}; below that push.
**Trips** (on your own hand, whatever happens against the dealer, also after a fold):
{trips_table}; otherwise lost.
Payouts are whole chips, rounded down (3:2 on an odd bet).
""")


THREE_CARD_RULES = N_("""\
**Three Card Poker**: your three cards against the dealer's three.
**Bets** ({bets}): an Ante, and the optional Pair Plus once your Ante stands. Betting window:
{betting} s. Undo, Clear, Rebet (last round's bets). Bets below the minimum are returned when
the window closes.
**Decision** ({decision} s): Play (a bet equal to your Ante) or Fold (the Ante is lost). No
decision in time: AUTO FOLDED.
**Hands**, best first: straight flush, three of a kind, straight, flush, pair, high card.
A-2-3 is the lowest straight, A-K-Q the highest.
**Dealer qualifies** with queen high or better. Not qualified: Ante 1:1, Play pushes.
Qualified: your hand better -> Ante and Play 1:1; dealer better -> both lost; tie -> push.
**Ante bonus** on a played hand, whatever the dealer holds: {bonus}.
**Pair Plus**, on your three cards alone (also after a fold): {pair_plus}; otherwise lost.
""")


THREE_CARD_FIGURES = N_(
    "**The best play**, as the coach's hints give it: play Q-6-4 or better, fold below. The Ante "
    "and Play then return {rtp} of the Ante (house edge {edge}), exactly: every deal counted "
    "(`{command}`).")


TWO_PLUS_FOUR_RULES = N_("""\
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


IMPERIAL_RULES = N_("""\
**Imperial Poker**: five cards to each of your boxes against the dealer's five; the dealer's
last card is dealt face up.
**Boxes**: up to 4 per player; the first two boxes with an Ante are open (or just one:
`{open_one}`), the others blind. Antes {antes}, within a factor of 5
of each other. The AA+ Bonus (minimum {chip}) goes only on a box with an Ante.
**Open boxes**, in turn: Buy a 6th card (1 Ante); Draw: exchange any number of cards (1 Ante;
choose them in the menu under {pick_button} or with `{draw_command}`); Bet (2 x Ante); Fold (Ante
lost). After a Buy or a Draw of several cards: Bet or Fold. After a one-card Draw: Bet, Fold
or another one-card Draw, the k-th Draw in a row costing k Antes (1, 2, 3, ...). No Buy after
a Draw. Alone in a round you may draw until the deck is exhausted (the dealer's exchange is
then not available); with other players, cards are kept for the dealer's exchange. A card is
always kept for each other open box's Buy; a Draw that needs more is refused, and you are
warned before a Draw takes the last card.
Blind boxes bet automatically and are shown after your last open-box decision. A missed
decision folds the box on turn (no chips are taken without a click).
**Dealer qualifies** with Ace-King or better. Not qualified: Ante 1:1, BET returned.
Qualified and you win: Ante returned, BET per table (a blind box: BET per table and Ante 1:1);
dealer better: both lost; tie: both returned.
**Second combination**: another paying combination beside the best one, using at least one
card the best one does not, is paid on the BET too (AK996: a pair of nines and Ace-King;
987665 after a Buy: two straights; AAKKx: two pair only). **Imperial Flush**: six cards of one
suit from 9 to A, 1000:1 as a single combination.
**Insurance** (three of a kind or better, before the Bet: 1 Ante up to the box's potential
payout with the second combination, at most {max_payout}): 1:1 when the dealer does not
qualify; lost when it qualifies, but returned when the dealer's hand beats yours.
**Exchange**: when the dealer does not qualify you may pick open boxes and
press **{goon_button}**: each picked box's Ante is the fee and the dealer's highest card
is replaced; a card of the same rank that leaves the dealer still unqualified is replaced again
for free (3 exchanges at most). Then the dealer qualifies: you win -> BET per table (no
Ante); dealer better -> BET lost; tie -> BET returned. Still not qualified: BET returned, Ante
gone.
**BET pays**: {bet_table}. **Bonus pays** (the five cards dealt): {bonus_table}.
Caps: {max_payout} per box and bet (the Imperial Flush too), {max_round} per player per
round. Payouts are whole chips, rounded down.
**Our figures** (no published analysis exists; these are the first):
{figures}
""")


HCF_RULES = N_("""\
**High Card Flush**, banked by a player: each player against the designated player (DP) or,
when nobody banks, the house. Seven cards each; the longest flush wins, then its cards from the
top down; the same flush is a push.
**Table stacks**: bring chips with `{buyin_command}` (a stack covers at least the minimum Ante
and a 3x Raise); `{leave_command}` takes your stack back to your wallet (after the hand you are
in).
**The bank**: each hand the DP role is offered in turn, clockwise from the last DP, to players
whose stack is at least {bank_minimum}. Accept or decline (the timer declines); a player who
bets first declines. Nobody banks: the house banks with unlimited funds. The dealer button sits
in front of the DP. The DP places no bets and stakes the whole stack as the bank.
**Bets** (Ante {min_ante}–{max_ante}; betting window {betting} s): the Ante and, after it,
the optional Straight Flush and Flush bonuses; Rebet places your last hand's bets again. Your
stack must cover the Ante, a 3x Raise and the bonuses.
**Decisions** ({decision} s): Fold (Ante and bonuses lost) or Raise: 1x the Ante with a flush of
4 or fewer cards, up to 2x with 5, up to 3x with 6 or 7. The timer folds.
**The bank qualifies** with a 3-card 9-high flush or better. Not qualified: Ante 1:1, Raise
returned. Qualified: better hand Ante and Raise 1:1, worse both lost, equal both returned.
**Straight Flush bonus** (3+ suited cards in a row, ace high or low; it must beat the bank's
run, which counts even when the bank does not qualify; equal: push): {sf_table}.
**Flush bonus** (4+ cards; it must beat the bank's flush; equal: push): {flush_table}.
A bonus needs the Raise: a fold loses it. At most {max_payout} paid on one hand.
**Settlement** goes counter-clockwise from the right of the button, each win paid from the
DP's stack plus what the bank has collected so far. A hand the bank cannot pay in full is dead:
every stake back. {rake}
**Our figures**:
{figures}
""")


CHINESE_RULES = N_("""\
**Chinese Poker**, settled between players: 2 to 4 players, 13 cards each (four hands are
always dealt; those of empty seats are dead and never shown).
**Setting**: privately, a front of 3 cards, a middle of 5 and a back of 5 (the back is the
rest); the back must beat or tie the middle and the middle must beat the front. Straights and
flushes do not count in the front. Press **{cards_button}** (or `{cards_command}`): choose the
front and the middle in the menus, or **{auto_button}**, then **{confirm_button}**. Nobody sees a
hand until all are set; then the showdown image shows every hand and every result.
**Scoring**, pairwise against every other player: 1 point per segment won (a tie scores
nothing); winning all three is 6 points. Royalties to the segment's winner: back straight
flush +5, back four of a kind +4; middle straight flush +10, four of a kind +8, full house
+2; front trips +3. Super bonus: sweeping all three opponents scores 9 from each.
**Automatic wins** (declare before the showdown: the button under your cards, or `{declare_command}`): dragon
(A to K) 13 points from every player, beating every other; six pairs, three flushes, three
straights 4 points (two of these push).
**Foul**: a hand out of order pays 6 points to every player plus their royalties and super
bonus; two fouled hands push. You are warned before confirming one (**{confirmfoul_button}**
plays it).
**Time**: {decision} s to set; a hand not set in time is {timeout}.
**Money**: 1 point = {point} chips. Buy in with `{buyin_command}`: the first buy is
{buy_in} chips (20 points); after it any top-up between hands. Players pay each other
directly from their table stacks (no house, no rake): you win from each opponent at most your
own stack at the start of the hand; a loser pays the winners clockwise from the button until
their stack is empty, and the rest is forfeited, never a debt. The button moves clockwise each
hand; a new player does not get it on their first hand. `{leave_command}` takes your stack
back to your wallet (after the hand, if you are in one).
**{auto_button}**: the legal arrangement with the most expected points against one random
opponent (segments treated as independent, with sweeps and royalties).
""")
