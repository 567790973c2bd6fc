"""Imperial Poker in the simulator: one open box played with a fixed strategy and settled by the
engine's own :func:`bot.games.boxed.rules.settle_box` with :data:`IMPERIAL`'s data (its BET
payout reads the second combination and the Imperial Flush, :func:`read_hand`).

Every round the box holds an Ante of 1 and a Bonus of 1. Cards come in the engine's dealing
order: the box's five, the dealer's five (the last face up), then the deck's next cards for a
Buy or the Draws and for the dealer's exchange, in the order they happen.

The strategy (:data:`bot.games.imperial.figures.STRATEGY` says it in words; :class:`Strategy`
holds its few numbers) was fitted to expected values, like 2 Plus 4's: for 2,500 random deals,
an expected-value model valued Bet, Fold, Buy and all 31 Draws against every dealer hand (no
card removal, no exchange), and the rules were refined until they lost 0.0065 Ante a round
against the best choice on those deals. That model is gone: the coach's
(:mod:`bot.coach.imperial`) settles through the engine, card removal and the exchange counted,
and ``python -m bot strategy imperial`` measures the strategy against it deal by deal. What the
model showed: a Buy is worth far more than in 2 Plus 4, because a sixth
card that completes a flush or a straight beside a pair is paid twice (the second combination);
a pair plus Ace-King is paid twice too, so Ace-King keeps both and draws three; a lone ace or
king is worth a four-card Draw rather than a fold. Four to a straight flush draws one card and
again, the k-th Draw costing k Antes, while that stays below what the draw is worth (a chain
the model does not value, worked out by hand). Each rule was then measured against its
alternative by the simulator itself on the same deals (:func:`compare_strategies`).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.games.boxed import BoxStakes, HandClass, exchange_index, hand_class
from bot.games.boxed.bonus import exact_bonus_rtp as bonus_rtp
from bot.games.boxed.simulated import ante_and_bet_return, settle
from bot.games.imperial.figures import STRATEGY
from bot.games.imperial.reading import IMPERIAL_FLUSH_VALUE, IMPERIAL_RANKS
from bot.games.imperial.rules import DRAW, IMPERIAL
from bot.poker import FULL_DECK, Card, evaluate_rank5
from bot.poker.evaluator import evaluate_rank6
from bot.sim.recorder import Recorder

ANTE: Final = 1
BONUS: Final = 1
INSURANCE: Final = ANTE
"""The minimum insurance, bought whenever it is offered (three of a kind or better)."""

GAME: Final = IMPERIAL
QUALIFYING: Final = IMPERIAL.dealer.qualifying_value
_ACE, _KING = 14, 13

def exact_bonus_rtp() -> float:
    """The bonus's exact return to player (:func:`bot.games.boxed.bonus.exact_bonus_rtp`)."""
    return bonus_rtp(GAME)


@dataclass(frozen=True)
class Strategy:
    """The strategy's numbers (module docstring); the defaults are the simulated strategy.

    ``bet_pair``: the lowest pair bet as dealt (lower pairs draw three). ``repeat_two_ways``
    and ``repeat_one_way``: the costliest one-card Draw (in Antes) still taken on four to a
    straight flush that two ranks complete (or a royal flush) and that one rank completes.
    ``keep_king``: a lone king is kept and four cards drawn (like a lone ace) rather than
    folded. ``three_to_royal``: three suited cards from ten to ace draw two. The switches exist
    to measure each rule against its alternative on the same deals (:func:`compare_strategies`).
    """

    bet_pair: int = 7
    repeat_two_ways: int = 3
    repeat_one_way: int = 2
    keep_king: bool = True
    three_to_royal: bool = True


@dataclass(frozen=True)
class Plan:
    """The opening decision: ``"bet"``, ``"fold"``, ``"buy"`` or ``"draw"`` (of the cards at
    ``discard``, positions in the hand); ``repeat_limit`` > 1: after a one-card Draw that has not
    made a straight or better, draw the new card again while the next Draw costs at most this
    many Antes."""

    action: str
    discard: tuple[int, ...] = ()
    repeat_limit: int = 1


def _ranks(hand: Sequence[int]) -> list[int]:
    return [(card >> 2) + 2 for card in hand]


def _flush_draw(hand: Sequence[int]) -> int | None:
    """The position of the odd card when four of the five share a suit, else None."""
    suits = [card & 3 for card in hand]
    for suit in set(suits):
        if suits.count(suit) == 4:
            return next(index for index, other in enumerate(suits) if other != suit)
    return None


def _rank_mask(ranks: Iterable[int]) -> int:
    """Bit ``rank`` set for each rank, and bit 1 too for an ace (it also plays low)."""
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask | (2 if mask & (1 << _ACE) else 0)


_STRAIGHTS: Final = tuple(0b11111 << low for low in range(1, 11))
"""The ten straights as rank masks, the wheel's ace as bit 1."""


def straight_outs(ranks: Iterable[int]) -> list[int]:
    """Ranks that one more card may have to make a five-card straight with these ranks (the
    ace high or low); none that the ranks already hold."""
    held = _rank_mask(ranks)
    outs = set()
    for straight in _STRAIGHTS:
        missing = straight & ~held
        if missing and missing & (missing - 1) == 0:  # exactly one rank missing
            outs.add(_ACE if missing == 2 else missing.bit_length() - 1)
    return sorted(outs)


def _keep(ranks: Sequence[int], kept: Callable[[int, int], bool]) -> Plan:
    """A Draw of every card ``kept(position, rank)`` does not keep."""
    return Plan("draw", tuple(index for index, rank in enumerate(ranks) if not kept(index, rank)))


def opening_plan(hand: Sequence[int], up: int, strategy: Strategy = Strategy()) -> Plan:
    """What the strategy does with five cards, the rules of :data:`STRATEGY` in their order.
    ``up`` (the dealer's face-up card) is part of the decision's input; these rules do not
    use it."""
    cls = hand_class(evaluate_rank5(hand))
    ranks = _ranks(hand)
    counts = {rank: ranks.count(rank) for rank in ranks}
    ace_king = {_ACE, _KING} <= counts.keys()
    if cls >= HandClass.FULL_HOUSE or cls is HandClass.TWO_PAIR:
        return Plan("bet")
    if cls in (HandClass.FLUSH, HandClass.STRAIGHT):
        return Plan("buy")
    if cls is HandClass.THREE_OF_A_KIND:
        # Trips beside an ace and a king already pay a second Ace-King: keep them.
        return Plan("bet") if ace_king else _keep(ranks, lambda _, rank: counts[rank] == 3)
    odd = _flush_draw(hand)
    outs = straight_outs(ranks)
    if cls is HandClass.PAIR:
        if odd is not None or outs:
            return Plan("buy")
        pair = next(rank for rank, count in counts.items() if count == 2)
        if pair >= strategy.bet_pair or ace_king:
            return Plan("bet")
        return _keep(ranks, lambda _, rank: rank == pair)
    if odd is not None:
        suited = {rank for index, rank in enumerate(ranks) if index != odd}
        ways = straight_outs(suited) if len(suited) == 4 else []
        if ways:
            royal = min(suited) >= 10
            limit = strategy.repeat_two_ways if len(ways) > 1 or royal else strategy.repeat_one_way
            return Plan("draw", (odd,), limit)
        return Plan("buy")
    if len(outs) >= 2:
        return Plan("buy")
    if ace_king:
        return _keep(ranks, lambda _, rank: rank in (_ACE, _KING))
    if strategy.three_to_royal:
        for suit in range(4):
            royal_cards = [index for index, card in enumerate(hand)
                           if card & 3 == suit and (card >> 2) + 2 >= 10]
            if len(royal_cards) == 3:
                return Plan("draw", tuple(index for index in range(5) if index not in royal_cards))
    for rank in (_ACE, _KING) if strategy.keep_king else (_ACE,):
        if rank in counts:
            return Plan("draw", tuple(index for index, held in enumerate(ranks) if held != rank))
    return Plan("fold")


def bets_after(cards: Sequence[int]) -> bool:
    """After a Buy or the Draws: Bet with a pair or better, fold the rest."""
    value = evaluate_rank5(cards) if len(cards) == 5 else evaluate_rank6(cards)
    return hand_class(value) >= HandClass.PAIR


def draws_again(cards: Sequence[int], number: int, repeat_limit: int) -> bool:
    """After the ``number``-th one-card Draw, with ``cards`` now: draw the new card again while
    the next Draw costs at most ``repeat_limit`` Antes and the box holds less than a straight."""
    return (DRAW.cost_antes(number + 1) <= repeat_limit
            and hand_class(evaluate_rank5(cards)) < HandClass.STRAIGHT)


def hand_value(cards: Sequence[int]) -> int:
    """:func:`bot.games.imperial.hand_value` for the simulator's five or six card indices."""
    if len(cards) == 5:
        return evaluate_rank5(cards)
    if len({card & 3 for card in cards}) == 1 and {(card >> 2) + 2 for card in cards} == IMPERIAL_RANKS:
        return IMPERIAL_FLUSH_VALUE
    return evaluate_rank6(cards)


def _bet_win(cards: Sequence[int], value: int, bet: int) -> int:
    return GAME.bet_pays.winnings([Card(card) for card in cards], value, bet)


def exchange_gain(cards: Sequence[int], value: int, bet: int, dealer: Sequence[int],
                  unseen: Sequence[int]) -> float:
    """Chips the dealer's exchange is worth on average over every order of the ``unseen``
    cards it may draw (free repeats on a same-rank card included), against taking the
    not-qualified result (Ante 1:1, BET returned). Positive: exchange."""
    bet_win = _bet_win(cards, value, bet)

    totals: dict[int, int] = {}

    def settle(final: int) -> int:
        # The engine's settlement, asked once per branch: not qualified, box better, tie, dealer.
        branch = 0 if final < QUALIFYING else 1 if value > final else 2 if value == final else 3
        if branch not in totals:
            totals[branch] = ante_and_bet_return(GAME, ANTE, bet, value, bet_win, 0, final, exchanged=True)
        return totals[branch]

    def average(hand: list[int], pool: list[int], done: int) -> float:
        index = exchange_index([Card(card) for card in hand])
        old = hand[index]
        total = 0.0
        for card in pool:
            hand[index] = card
            final = evaluate_rank5(hand)
            if (final < QUALIFYING and (card >> 2) == (old >> 2)
                    and done + 1 < GAME.exchange.max_exchanges):
                total += average(hand, [other for other in pool if other != card], done + 1)
            else:
                total += settle(final)
        hand[index] = old
        return total / len(pool)

    keep = ANTE + ANTE + bet  # not qualified: the Ante paid 1:1, the BET returned
    return average(list(dealer), list(unseen), 0) - keep


class ImperialSim:
    """The simulator's view of Imperial Poker (see the module docstring and STRATEGY)."""

    name = "imperial"
    strategy = STRATEGY
    bets = ("ante+bet", "ante+bet per ante", "bonus", "insurance", "total")
    events = (
        "dealer_qualified", "bet", "fold", "buy", "draw", "draw_repeat", "insured", "exchange",
        "exchange_repeat", "exchange_qualified", "second_combination", "imperial_flush",
        "box_won", "tie", "box_lost",
    )
    cards_needed = 5 + 5 + 5 + 3
    """Five box cards, five dealer cards, up to five drawn, three for the dealer's exchange."""

    def __init__(self, rules: Strategy | None = None) -> None:
        self.rules = rules or Strategy()

    def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
        result = play_one(deck, self.rules, record.event)
        main_wagered, main_back = result.wagered, result.ante_back + result.bet_back
        record.bet("ante+bet", main_wagered, main_back)
        record.bet("ante+bet per ante", ANTE, ANTE + main_back - main_wagered)
        record.bet("bonus", BONUS, result.bonus_back)
        if result.insurance:
            record.bet("insurance", result.insurance, result.insurance_back)
        total_back = main_back + result.bonus_back + result.insurance_back
        record.bet("total", main_wagered + BONUS + result.insurance, total_back)


@dataclass(frozen=True)
class RoundResult:
    """One simulated round: chips staked on the main game (Ante, BET, Buy, Draws) and each
    bet's chips back (stake included); the final cards and what the player did."""

    wagered: int
    ante_back: int
    bet_back: int
    bonus_back: int
    insurance: int
    insurance_back: int
    cards: tuple[int, ...]
    actions: tuple[str, ...]


def play_one(deck: Sequence[int], rules: Strategy = Strategy(),
             event: Callable[[str], None] = lambda name: None) -> RoundResult:
    """Play one round from ``deck`` (top card first) the strategy's way and settle it."""
    hand, dealer, up = list(deck[:5]), list(deck[5:10]), deck[9]
    next_card = 10
    fees, actions = 0, []
    plan = opening_plan(hand, up, rules)
    cards = list(hand)
    if plan.action == "buy":
        cards.append(deck[next_card])
        next_card += 1
        fees += IMPERIAL.buy.cost_antes * ANTE if IMPERIAL.buy else 0
        actions.append("buy")
        event("buy")
    elif plan.action == "draw":
        number = 1
        for position in plan.discard:
            cards[position] = deck[next_card]
            next_card += 1
        fees += DRAW.cost_antes(number) * ANTE
        actions.append("draw")
        event("draw")
        while len(plan.discard) == 1 and draws_again(cards, number, plan.repeat_limit):
            number += 1
            cards[plan.discard[0]] = deck[next_card]  # the card just drawn goes again
            next_card += 1
            fees += DRAW.cost_antes(number) * ANTE
            actions.append("draw")
            event("draw_repeat")
    if plan.action == "bet" or (plan.action in ("buy", "draw") and bets_after(cards)):
        bet = IMPERIAL.bet_multiple * ANTE
        event("bet")
        actions.append("bet")
    else:
        bet = 0
        event("fold")
        actions.append("fold")
    value = hand_value(cards)
    insurance = INSURANCE if bet and hand_class(value) >= IMPERIAL.insurance_class else 0
    if insurance:
        event("insured")
    dealt = evaluate_rank5(dealer)
    final, exchanged = dealt, False
    if dealt >= QUALIFYING:
        event("dealer_qualified")
    elif bet and _bet_win(cards, value, bet) > 2 * ANTE:
        # An exchange gives up the Ante and its 1:1 win (2 chips) for at most the BET's win:
        # below that it can never pay, so its average is not worth computing.
        seen = {*hand, *cards, *dealer, *deck[10:next_card]}
        unseen = [card for card in FULL_DECK if card not in seen]
        if exchange_gain(cards, value, bet, dealer, unseen) > 0:
            exchanged = True
            event("exchange")
            actions.append("exchange")
            swapped, done = list(dealer), 0
            while True:
                index = exchange_index([Card(card) for card in swapped])
                old, swapped[index] = swapped[index], deck[next_card]
                next_card += 1
                done += 1
                final = evaluate_rank5(swapped)
                if (final >= QUALIFYING or (swapped[index] >> 2) != (old >> 2)
                        or done >= IMPERIAL.exchange.max_exchanges):
                    break
                event("exchange_repeat")
            if final >= QUALIFYING:
                event("exchange_qualified")
    against = final if exchanged else dealt
    wins = bool(bet) and against >= QUALIFYING and value > against
    bet_win = _bet_win(cards, value, bet) if wins else 0
    if wins and bet_win > IMPERIAL.bet_pays.table.winnings(hand_class(value), bet):
        event("second_combination")
    if value == IMPERIAL_FLUSH_VALUE:
        event("imperial_flush")
    stakes = BoxStakes("open", ANTE, bet, BONUS, insurance, folded=not bet, exchanged=exchanged)
    back = settle(GAME, stakes, value, bet_win, hand, dealt, final)
    wagered = ANTE + fees + bet
    if bet:
        main_back = back.ante + back.bet
        event("box_won" if main_back > wagered else "tie" if main_back == wagered else "box_lost")
    return RoundResult(wagered, back.ante, back.bet, back.bonus, insurance, back.insurance,
                       tuple(cards), tuple(actions))


def compare_strategies(rounds: int, seed: int, **changes: Any) -> tuple[float, float]:
    """Average result per round, in Antes, of the default strategy and of one with ``changes``
    (``bet_pair=9`` ...), played on the same deals; and the difference's standard error. How
    the thresholds were checked."""
    base, other = Strategy(), replace(Strategy(), **changes)
    rng = random.Random(seed)
    diffs = []
    for _ in range(rounds):
        deck = rng.sample(FULL_DECK, ImperialSim.cards_needed)
        results = [play_one(deck, rules) for rules in (base, other)]
        nets = [r.ante_back + r.bet_back - r.wagered for r in results]
        diffs.append(nets[1] - nets[0])
    return statistics.fmean(diffs), statistics.stdev(diffs) / rounds**0.5


__all__ = [
    "ANTE",
    "BONUS",
    "ImperialSim",
    "Plan",
    "RoundResult",
    "Strategy",
    "bets_after",
    "draws_again",
    "compare_strategies",
    "exact_bonus_rtp",
    "exchange_gain",
    "hand_value",
    "opening_plan",
    "play_one",
    "straight_outs",
]
