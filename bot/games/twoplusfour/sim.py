"""2 Plus 4 Poker in the simulator: one open box played with a fixed strategy and settled by the
engine's own :func:`bot.games.boxed.rules.settle_box` with :data:`TWO_PLUS_FOUR`'s data.

Every round the box holds an Ante of 1 and a Bonus of 1. Cards come in the engine's dealing
order: the box's five, the dealer's six (two down, four up), then the deck's next cards for a
Buy and for the dealer's exchange, in the order they happen.

Where the strategy comes from: no analysis of this game is published, so the rules below were
fitted to exact expected values. For 12,000 random deals the value of Bet, Fold and Buy was
computed by enumerating every pair of dealer down cards (903) and, for Buy, every sixth card
(43) with the best choice after it. On those deals the simple rules lost 0.024 +- 0.002 Ante
a round against the best choice (the exchange not counted). That early model restated the
payouts and is gone: the coach now values every choice exactly through the engine's settlement,
exchange included, and ``python -m bot strategy twoplusfour`` measures the strategy's loss
against it deal by deal (:data:`bot.games.twoplusfour.figures.COACH_GAIN`). The strategy's text is
:data:`bot.games.twoplusfour.figures.STRATEGY`, with the figures it measured.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.boxed import BoxStakes, HandClass, exchange_index, hand_class, shows_pair_of
from bot.games.boxed.bonus import exact_bonus_rtp as bonus_rtp
from bot.games.boxed.simulated import ante_and_bet_return, settle
from bot.games.twoplusfour.figures import STRATEGY
from bot.games.twoplusfour.rules import TWO_PLUS_FOUR
from bot.poker import FULL_DECK, Card, Category, evaluate_rank5
from bot.poker.evaluator import evaluate_rank6
from bot.poker.hand_value import pack_value
from bot.sim.recorder import Recorder

GAME: Final = TWO_PLUS_FOUR
if GAME.buy is None or GAME.buy.free_choice_pair is None:
    raise RuntimeError("the strategy below is written for a Buy that may force the BET")
BUY_COST: Final = GAME.buy.cost_antes
FREE_CHOICE_PAIR: Final = GAME.buy.free_choice_pair
"""After a Buy the player may still fold only when the face-up cards show this pair or better."""

ANTE: Final = 1
BONUS: Final = 1
BET: Final = GAME.bet_multiple * ANTE
INSURANCE: Final = ANTE
"""The minimum insurance, bought whenever it is offered (``GAME.insurance_class`` or better)."""

def exact_bonus_rtp() -> float:
    """The bonus's exact return to player (:func:`bot.games.boxed.bonus.exact_bonus_rtp`)."""
    return bonus_rtp(GAME)


def face_up_value(up: Sequence[int]) -> int:
    """The dealer's face-up cards as a packed hand value with every missing or kicker card
    counted above an ace, so a hand beats it only by its category or its combination's ranks."""
    counts: dict[int, int] = {}
    for card in up:
        counts[(card >> 2) + 2] = counts.get((card >> 2) + 2, 0) + 1
    groups = sorted(((count, rank) for rank, count in counts.items() if count >= 2), reverse=True)
    category = Category.HIGH_CARD
    if groups and groups[0][0] == 4:
        category = Category.FOUR_OF_A_KIND
    elif groups and groups[0][0] == 3:
        category = Category.THREE_OF_A_KIND
    elif len(groups) == 2:
        category = Category.TWO_PAIR
    elif groups:
        category = Category.PAIR
    ranks = [rank for _, rank in groups]
    return pack_value(category, ranks + [15] * (5 - len(ranks)))


def _four_to_a_flush(hand: Sequence[int]) -> bool:
    suits = [card & 3 for card in hand]
    return max(suits.count(suit) for suit in range(4)) == 4


def _open_ended(hand: Sequence[int]) -> bool:
    """Four consecutive ranks that a card at either end completes (not A-2-3-4 or J-Q-K-A)."""
    ranks = {(card >> 2) + 2 for card in hand}
    return any(all(low + step in ranks for step in range(4)) for low in range(2, 11))


def opening_decision(hand: Sequence[int], up: Sequence[int]) -> str:
    """``"bet"``, ``"buy"`` or ``"fold"`` for five cards and the four face-up cards (STRATEGY)."""
    value = evaluate_rank5(hand)
    cls = hand_class(value)
    if cls >= HandClass.STRAIGHT:
        return "bet"
    if cls is HandClass.THREE_OF_A_KIND:
        return "buy"
    up_paired = len({card >> 2 for card in up}) < 4
    if cls is HandClass.TWO_PAIR:
        return "buy" if up_paired else "bet"
    if _four_to_a_flush(hand):
        return "buy"
    if _open_ended(hand) and (cls is HandClass.PAIR or not up_paired):
        return "buy"
    if cls is HandClass.PAIR and value > face_up_value(up):
        return "bet"
    return "fold"


def bets_after_buy(six: Sequence[int], up: Sequence[int]) -> bool:
    """After a Buy that leaves the choice: Bet only if the six cards beat the face-up cards."""
    return evaluate_rank6(six) > face_up_value(up)


def exchange_gain(cards: Sequence[Card], value: int, bet: int, dealer: Sequence[Card]) -> float:
    """Chips an exchange is worth on average over every unseen replacement card, against taking
    the not-qualified result (Ante 1:1, BET returned). Positive: exchange."""
    seen = {*cards, *dealer}
    index = exchange_index(dealer)
    bet_win = GAME.bet_pays.winnings(cards, value, bet)
    dealt = evaluate_rank6(dealer)
    keep = ante_and_bet_return(GAME, ANTE, bet, value, bet_win, dealt, dealt, exchanged=False)
    swapped = list(dealer)
    total = unseen = 0
    for card in FULL_DECK:
        if card in seen:
            continue
        swapped[index] = card
        final = evaluate_rank6(swapped)
        total += ante_and_bet_return(GAME, ANTE, bet, value, bet_win, dealt, final, exchanged=True)
        unseen += 1
    return total / unseen - keep


class TwoPlusFourSim:
    """The simulator's view of 2 Plus 4 Poker (see the module docstring and STRATEGY)."""

    name = "twoplusfour"
    strategy = STRATEGY
    bets = ("ante+bet", "ante+bet per ante", "bonus", "insurance", "total")
    events = (
        "dealer_qualified", "bet", "buy", "fold", "bet_forced_by_buy", "insured", "exchange",
        "exchange_qualified", "box_won", "tie", "box_lost",
    )
    cards_needed = GAME.box_cards + GAME.dealer.cards + 1 + GAME.exchange.max_exchanges

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        event = record.event
        draw = GAME.box_cards + GAME.dealer.cards
        hand, dealer = deck[:GAME.box_cards], deck[GAME.box_cards:draw]
        up = dealer[len(dealer) - GAME.dealer.face_up:]
        cards, buy, bet, folded = tuple(hand), 0, 0, False
        decision = opening_decision(hand, up)
        event(decision)
        if decision == "buy":
            buy, cards, draw = BUY_COST * ANTE, (*hand, deck[draw]), draw + 1
            if not shows_pair_of(up, FREE_CHOICE_PAIR):
                bet = BET
                event("bet_forced_by_buy")
            elif bets_after_buy(cards, up):
                bet = BET
            else:
                folded = True
        elif decision == "bet":
            bet = BET
        else:
            folded = True
        value = evaluate_rank5(cards) if len(cards) == 5 else evaluate_rank6(cards)
        insurance = INSURANCE if bet and hand_class(value) >= GAME.insurance_class else 0
        if insurance:
            event("insured")
        dealt = evaluate_rank6(dealer)
        final, exchanged = dealt, False
        if dealt >= GAME.dealer.qualifying_value:
            event("dealer_qualified")
        elif bet and exchange_gain(cards, value, bet, dealer) > 0:
            exchanged = True
            event("exchange")
            swapped = list(dealer)
            swapped[exchange_index(dealer)] = deck[draw]
            final = evaluate_rank6(swapped)
            if final >= GAME.dealer.qualifying_value:
                event("exchange_qualified")
        bet_win = GAME.bet_pays.winnings(cards, value, bet) if bet else 0
        stakes = BoxStakes("open", ANTE, bet, BONUS, insurance, folded, exchanged)
        back = settle(GAME, stakes, value, bet_win, hand, dealt, final)
        main_wagered, main_back = ANTE + buy + bet, back.ante + back.bet
        if bet:
            event("box_won" if main_back > main_wagered else "tie" if main_back == main_wagered
                  else "box_lost")
        record.bet("ante+bet", main_wagered, main_back)
        record.bet("ante+bet per ante", ANTE, ANTE + main_back - main_wagered)
        record.bet("bonus", BONUS, back.bonus)
        if insurance:
            record.bet("insurance", insurance, back.insurance)
        record.bet("total", main_wagered + BONUS + insurance, back.total)
