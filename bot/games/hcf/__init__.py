"""High Card Flush, banked by a player: the pure rules engine (seed ``high-card-flush.de.txt``,
RULES.md "High Card Flush", issue #8).

Modules
-------
``hands``     a hand's :class:`Flush` and straight-flush :class:`Run`, the DP's qualifier, the
              Raise cap, the cards to highlight (:func:`flush_cards`, :func:`run_cards`) and a
              hand in the order a picture groups it (:func:`flush_first`)
``rules``     :class:`HCFOptions` (limits, bank minimum, rake, pay tables), :class:`Phase`,
              :func:`settle_hand` (one hand against the bank, unlimited funds)
``banking``   :func:`settle_against_bank`: the settlement order, the DP's funds, dead hands, the
              rake, and who paid whom (:class:`Transfer`)
``state``     :class:`HCFState`, the round's state machine with verify/can/act trios
``actions``   the frozen records of the round's history
``rotation``  :func:`dp_offer_order`: whom to offer the DP role, in which order
``offer``     :class:`HCFRound`: a hand as a table plays it, the DP offer before ``HCFState``
``exact``     exact figures (qualification rate, both bonuses' RTP) by counting
``sim``       the simulator plug-in and its strategy (imported only by the simulator)

Driving a round (what a table adapter does)
-------------------------------------------
A table drives :class:`HCFRound` (module ``offer``), which asks the DP role in turn and then
hands over to :class:`HCFState`; these are the steps it takes, on the state directly::

    order = dp_offer_order(clockwise, stacks, options.bank_minimum, previous_dp)
    # ask order[0], order[1], ... until one accepts; nobody: banker = None (the house banks)
    state = HCFState.new(options, clockwise, stacks, banker)
    state.place_ante(seat, 10)                       # -> AnteBet, flows: stack -> play
    state.place_bonus(seat, "straight_flush", 5)     # needs the Ante first; "flush" likewise
    state.clear_bets(seat)                           # all back (a player leaving while betting)
    state.close_betting()                            # the timer; nobody bet: SETTLED, undealt
    state.deal(deck)                                 # 7 cards a player, then 7 for the bank;
                                                     # flows: the DP's whole stack as "bank"
    state.raise_cap(seat); state.raise_bet(seat, k)  # 1 <= k <= cap; or state.fold(seat)
    state.timeout(seat)                              # decision timer or leaving: folds
    # after the last decision the round settles by itself:
    state.phase is Phase.SETTLED
    state.result.settlement   # bot.games.common.Settlement, one line per bet (see below)
    state.result.transfers    # who paid whom, in settlement order
    state.result.hands        # per hand: net, dead or not, the bank's funds before/after

Each ``verify_x`` raises :class:`bot.games.common.RuleError` with a reason for the player,
``can_x`` answers with a bool (for buttons). Every record is appended to ``state.history``;
``state.to_dict()`` / ``HCFState.from_dict()`` save and restore the round after any action.

Chips
-----
Stacks are table stacks, fixed for the round (``stacks`` at :meth:`HCFState.new`). Betting
records' ``flows`` move chips from a stack into play; the deal's flow puts the DP's whole stack
into play as the bank. The settlement's lines hand back ``returned`` per bet: each player's
``ante``, ``raise``, ``straight_flush``, ``flush`` and ``rake`` (staked with the first Ante by
raked players, returned only with a dead hand) and, for a player DP, one ``bank`` line whose
``returned`` is the bank plus what it collected, less what it paid and its rake. So with a
player banking ``settlement.house_net`` is exactly the rake; with the house banking it is the
house's result, rake included. The outcomes are ``win``, ``push``, ``lose``, ``fold``, ``dead``
(a hand the bank could not cover: every stake back) and ``rake``. :mod:`bot.games.hcf.banking`
says when each rake is taken and how the order of settlement decides dead hands.

Privacy: players' cards are in ``state.players[seat].cards`` from the deal; the bank's cards are
in ``state.bank_cards`` but only public once ``phase`` is SETTLED (:meth:`HCFState.bank_flush`
and :attr:`HCFState.dp_qualified` return ``None`` before). History records hold no hidden card.
"""

from bot.games.hcf.actions import BankDeclined, CloseBetting, Deal, Fold, HouseBanks, Showdown
from bot.games.hcf.banking import HOUSE, HandResult, Transfer, settle_against_bank
from bot.games.hcf.hands import (
    QUALIFYING_FLUSH_KEY,
    Flush,
    Run,
    dp_qualifies,
    flush_cards,
    flush_first,
    flush_of,
    hand_keys,
    raise_cap,
    run_cards,
    run_of,
)
from bot.games.hcf.offer import HCFRound
from bot.games.hcf.rotation import dp_offer_order
from bot.games.hcf.rules import FLUSH_PAYS, STRAIGHT_FLUSH_PAYS, HCFOptions, Phase, RakeMode, settle_hand
from bot.games.hcf.state import HCFBets, HCFPlayer, HCFState, required_stack

__all__ = [
    "BankDeclined", "CloseBetting", "Deal", "FLUSH_PAYS", "Flush", "Fold", "HCFOptions",
    "HCFBets", "HCFPlayer", "HCFRound", "HCFState", "HOUSE", "HandResult", "HouseBanks", "Phase",
    "QUALIFYING_FLUSH_KEY", "RakeMode", "Run", "STRAIGHT_FLUSH_PAYS", "Showdown", "Transfer",
    "dp_offer_order", "dp_qualifies", "flush_cards", "flush_first", "flush_of", "hand_keys", "raise_cap",
    "required_stack", "run_cards", "run_of", "settle_against_bank", "settle_hand",
]
