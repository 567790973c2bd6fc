"""2 Plus 4 Poker's decisions valued by the coach, exact (the box's Ante, Buy, BET and insurance;
the bonus is a side bet, paid on the first five cards whatever the player does, and left out).

The dealer's two face-down cards are any two of the cards the player does not see (903 pairs
with one box: other players' cards are as hidden as the deck), and a Buy's card any one of
them. When the dealer does not qualify the player may give up the Ante's win for the dealer's
exchange: the dealer's highest card (the engine's :func:`bot.games.boxed.exchange_index`) gives
way to any card still unseen, and the box takes the exchange exactly when its mean over those
cards beats keeping the Ante's win (the exchange's best use). Each outcome is settled by the
engine's :func:`bot.games.boxed.rules.settle_box`; a showdown's settlement reads only whether
the dealer qualifies and how the hands compare, so each such class is settled once per box
value and weighed by how many deals fall in it.

The decisions: an open box on turn Buys, Bets (with or without insurance, from three of a kind)
or Folds; after a Buy it Bets or Folds where the dealer shows a pair of kings or better, and
otherwise, its BET placed with the Buy, goes on or buys insurance. Insurance's value is linear
in its chips, so the least and the most the box may buy are the options worth showing. The
turned blind boxes go on or buy insurance, each box valued apart; and once the dealer shows a
hand that does not qualify, each box that may ask for the exchange keeps the Ante's win or
takes the exchange, valued over every card it may bring.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from itertools import combinations
from random import Random

from bot.coach.boxed import BoxDecisions, Nets, blind_hint_of
from bot.coach.values import Estimate, Hint, HintRequest, OptionValue, StrategyReturn
from bot.games.boxed import (
    BoxedOptions,
    BoxedState,
    BoxStakes,
    HandClass,
    Phase,
    PrivateView,
    exchange_index,
)
from bot.games.boxed import moves as boxed_moves
from bot.games.boxed.rules import BoxShowdown, settle_box
from bot.games.boxed.showdown import exchange_dealer_card
from bot.games.common import SeatId
from bot.games.twoplusfour.figures import MEASURED_ROUNDS, RTP, STRATEGY
from bot.games.twoplusfour.rules import TWO_PLUS_FOUR
from bot.games.twoplusfour.sim import bets_after_buy, opening_decision
from bot.poker import Card, evaluate_rank
from bot.poker.evaluator import RANKERS

GAME = TWO_PLUS_FOUR
STANDARD = BoxedOptions(min_ante=1)
"""A table with the rules' default limits (no win of a 1-chip Ante reaches their caps)."""
DECK = range(52)
QUALIFYING = GAME.dealer.qualifying_value


@dataclass(frozen=True)
class Unqualified:
    """A dealer hand that does not qualify: its face-down pair, its value as dealt, and the
    exchange's result with each card that may replace its highest (``finals``: card -> value;
    ``ordered``: the values sorted, for counting; ``qualifying``: how many of them qualify)."""

    pair: tuple[int, int]
    dealt: int
    finals: dict[int, int]
    ordered: tuple[int, ...]
    qualifying: int


@dataclass(frozen=True)
class Dealer:
    """Every way the dealer's face-down cards can fall from ``unseen``, counted for settling:
    the qualifying hands' values sorted (all, and those holding each card, which a Buy's card
    rules out), and the hands that do not qualify, most qualifying exchanges first."""

    unseen: tuple[int, ...]
    qualified: tuple[int, ...]
    qualified_with: dict[int, tuple[int, ...]]
    unqualified: tuple[Unqualified, ...]
    unqualified_with: dict[int, int]
    finals: tuple[int, ...]
    """Every value an exchange can make, sorted: where a class of them is looked up to settle."""


@lru_cache(maxsize=4)  # a Dealer holds ~20,000 exchange values: a few, for the hints asked again
def dealer(unseen: tuple[int, ...], up: tuple[int, ...]) -> Dealer:
    """The dealer's hands from ``unseen`` face-down cards beside the face-up ``up``, in the
    engine's dealing order (face down first)."""
    qualified: list[int] = []
    qualified_with: dict[int, list[int]] = {card: [] for card in unseen}
    unqualified: list[Unqualified] = []
    unqualified_with = dict.fromkeys(unseen, 0)
    rank = RANKERS[GAME.dealer.cards]  # what the engine's evaluate_rank asks for six cards
    for pair in combinations(unseen, 2):
        cards = [*pair, *up]
        dealt = rank(cards)
        if dealt >= QUALIFYING:
            qualified.append(dealt)
            for card in pair:
                qualified_with[card].append(dealt)
            continue
        index, finals = exchange_index([Card(card) for card in cards]), {}
        for card in unseen:
            if card not in pair:
                cards[index] = card
                finals[card] = rank(cards)
        ordered = tuple(sorted(finals.values()))
        qualifying = len(ordered) - bisect_left(ordered, QUALIFYING)
        unqualified.append(Unqualified(pair, dealt, finals, ordered, qualifying))
        for card in pair:
            unqualified_with[card] += 1
    unqualified.sort(key=lambda hand: -hand.qualifying)
    return Dealer(unseen, tuple(sorted(qualified)),
                  {card: tuple(sorted(values)) for card, values in qualified_with.items()},
                  tuple(unqualified), unqualified_with,
                  tuple(sorted({value for hand in unqualified for value in hand.ordered})))


def box_net(cards: Sequence[int], dealer: Dealer, stakes: BoxStakes, paid: int, options: BoxedOptions,
            gone: int | None = None) -> Fraction:
    """The box's mean net in chips with final ``cards`` and ``stakes`` (``paid``: chips spent
    on it that never come back, a Buy), over the ``dealer``'s hands that do not hold ``gone``
    (a card the box bought), the exchange taken where it is worth more."""
    net = Nets(GAME, cards, stakes, paid, options)
    value = net.value
    # Every exchange draws from as many cards (the unseen but the dealer's pair and ``gone``),
    # so every hand's sum is scaled by that count and stays whole.
    scale = len(dealer.unseen) - 2 - (gone is not None)
    total = count = 0
    without = dealer.qualified_with[gone] if gone is not None else ()
    for values, sign in ((dealer.qualified, 1), (without, -1)):
        worse, better = bisect_left(values, value), bisect_right(values, value)
        for low, high in ((0, worse), (worse, better), (better, len(values))):
            if high > low:
                total += sign * (high - low) * net(False, values[low], values[low]) * scale
                count += sign * (high - low)
    hands = len(dealer.unqualified) - (dealer.unqualified_with[gone] if gone is not None else 0)
    if not hands:
        return Fraction(total, count * scale)
    example = dealer.unqualified[0]
    kept = net(False, example.dealt, example.dealt) * scale
    total += hands * kept
    count += hands
    if stakes.folded:
        return Fraction(total, count * scale)
    nets = _exchange_nets(net, example.dealt, dealer.finals, value)
    unqualified, best = nets[0], max(nets[1:])
    for hand in dealer.unqualified:
        # The most the exchange can return: every qualifying card at the best class, the rest not
        # qualifying. Hands come most qualifying cards first, so past the first that cannot beat
        # keeping the Ante's win, none can.
        if hand.qualifying * best + (scale - hand.qualifying) * unqualified <= kept:
            break
        if gone not in hand.pair:
            total += max(0, _exchange_sum(hand, value, gone, nets) - kept)
    return Fraction(total, count * scale)


def _exchange_nets(net: Nets, dealt: int, finals: Sequence[int], value: int) -> tuple[int, int, int, int]:
    """The exchange's net when the new hand does not qualify, is worse than the box's, equal,
    better (each settled at a value an exchange makes; 0 for a class no exchange reaches)."""
    qualified = bisect_left(finals, QUALIFYING)
    worse_end = bisect_left(finals, value, qualified)
    better_start = bisect_right(finals, value, worse_end)
    firsts = (0 if qualified else len(finals), qualified if qualified < worse_end else len(finals),
              worse_end if worse_end < better_start else len(finals), better_start)
    return tuple(net(True, dealt, finals[index]) if index < len(finals) else 0  # type: ignore[return-value]
                 for index in firsts)


def _exchange_sum(hand: Unqualified, value: int, gone: int | None, nets: tuple[int, int, int, int]) -> int:
    """The exchange's nets summed over the cards that may replace the dealer's highest (all of
    ``hand.finals`` but ``gone``), counted by class (``nets``' order: not qualified, worse,
    equal, better than the box)."""
    ordered = hand.ordered
    qualified = len(ordered) - hand.qualifying
    worse_end = bisect_left(ordered, value, qualified)
    better_start = bisect_right(ordered, value, worse_end)
    unqualified, worse, equal, better = nets
    total = (qualified * unqualified + (worse_end - qualified) * worse + (better_start - worse_end) * equal
             + (len(ordered) - better_start) * better)
    removed = hand.finals.get(gone) if gone is not None else None
    if removed is not None:
        total -= nets[0 if removed < QUALIFYING else 1 if removed < value else 2 if removed == value else 3]
    return total


def hint(cards: Sequence[int], up: Sequence[int], ante: int = 1, options: BoxedOptions = STANDARD,
         seen: Sequence[int] = (), box: int = 1) -> Hint:
    """The open box's decision with ``cards`` (five: Buy, Bet or Fold; six, bought: Bet or Fold
    where the dealer's face-up ``up`` leave the choice, else go on or insure), exact. ``seen``:
    the player's other cards in sight (another open box's); ``box``: its position."""
    if len(up) != GAME.dealer.face_up or len(cards) not in (5, 6):
        raise ValueError("2 Plus 4's hint takes the box's five or six cards and the dealer's four "
                         "face-up cards")
    held = {*cards, *up, *seen}
    unseen = tuple(card for card in DECK if card not in held)
    board = _Board(GAME, ante, options, dealer=dealer(unseen, tuple(up)))
    if len(cards) == 5:
        return Hint((*board.bet_options(cards), board.fold(cards), board.buy(cards, unseen, up)), "exact")
    if not _buy_forces_bet(up):
        return Hint((*board.bet_options(cards, paid=board.fee), board.fold(cards, board.fee)), "exact")
    return Hint(tuple(board.insure_options(cards, box=box, paid=board.fee)), "exact")


@dataclass(frozen=True)
class _Board(BoxDecisions):
    """One box's decisions valued against the ``dealer``'s hands, in Antes."""

    dealer: Dealer = dataclasses.field(kw_only=True)

    def antes(self, cards: Sequence[int], stakes: BoxStakes, paid: int = 0,
              gone: tuple[int, ...] = ()) -> Fraction:
        return box_net(cards, self.dealer, stakes, paid, self.options, gone[0] if gone else None) / self.ante

    def buy(self, cards: Sequence[int], unseen: Sequence[int], up: Sequence[int]) -> OptionValue:
        """Buy: every sixth card, each followed by the best play (Bet or Fold, or insurance)."""
        forced = _buy_forces_bet(up)
        folded = self.fold(cards, self.fee).ev
        total: Fraction | float = Fraction(0)
        for card in unseen:
            bought = (*cards, card)
            later = (self.insure_options(bought, (card,), paid=self.fee) if forced
                     else [*self.bet_options(bought, self.fee, (card,)), OptionValue("fold", folded)])
            total += max(option.ev for option in later)
        return OptionValue("buy", total / len(unseen))


def _buy_forces_bet(up: Sequence[int]) -> bool:
    return GAME.buy is not None and GAME.buy.forces_bet(Card(card) for card in up)


def request(state: BoxedState, seat: SeatId) -> HintRequest | None:
    """The hint for ``seat``'s decision now, from the cards it sees (None: it has none): the open
    box on turn (its own cards, the dealer's face-up ones and its earlier open box's), the
    turned blind boxes' insurance, or the dealer's exchange once every card is face up. Only
    the first two are reviewed: the exchange's picks are toggles, confirmed together."""
    if state.game is not GAME or seat not in state.pending_seats():
        return None
    if state.phase is Phase.EXCHANGE:
        return _exchange_request(state, seat)
    view = state.private_view(seat)
    if view.step == "blind":
        return _blind_request(state, view)
    box = next((box for box in view.boxes if box.position == view.current_box), None)
    if box is None or box.stage not in ("deciding", "go_on"):
        return None
    if box.stage == "go_on" and not box.insurance_range:
        return None
    cards = tuple(card for card in box.cards if card is not None)
    up = tuple(card for card in view.dealer if card is not None)
    seen = tuple(card for other in view.boxes if other is not box for card in other.cards if card is not None)
    return HintRequest(hint, (cards, up, box.ante, state.options, seen, box.position), box.ante, DECISIONS)


def _blind_request(state: BoxedState, view: PrivateView) -> HintRequest | None:
    """The blind boxes' insurance, once they are turned: each insurable box's options."""
    insurable = tuple((box.position, tuple(card for card in box.cards if card is not None), box.ante)
                      for box in view.boxes if box.kind == "blind" and box.insurance_range)
    if not insurable:
        return None
    up = tuple(card for card in view.dealer if card is not None)
    seen = tuple(card for box in view.boxes for card in box.cards if card is not None)
    return HintRequest(blind_hint, (insurable, up, state.options, seen), insurable[0][2],
                       frozenset({boxed_moves.Insure.kind}))


def blind_hint(boxes: Sequence[tuple[int, Sequence[int], int]], up: Sequence[int], options: BoxedOptions,
               seen: Sequence[int]) -> Hint:
    """Each turned blind box (position, cards, Ante) that may be insured: no insurance, or the
    least or the most, exact over the dealer's face-down cards; in Antes of the first box."""
    unseen = tuple(card for card in DECK if card not in {*up, *seen})
    dealt = dealer(unseen, tuple(up))
    return blind_hint_of(boxes, lambda ante: _Board(GAME, ante, options, dealer=dealt))


def exchange_hint(boxes: Sequence[tuple[int, Sequence[int], BoxStakes, int]], dealt: Sequence[int],
                  options: BoxedOptions, seen: Sequence[int]) -> Hint:
    """The dealer's exchange, the dealer's cards revealed: for each box that may ask for it
    (position, final cards, stakes, chips paid for it), keeping the Ante's win or the exchange
    with every card that may come, settled by the engine; in Antes of the first box."""
    unseen = [card for card in DECK if card not in {*dealt, *seen}]
    hand = tuple(Card(card) for card in dealt)
    dealt_value = evaluate_rank(hand)
    finals = [evaluate_rank(exchange_dealer_card(GAME, hand, partial(Card, card)).dealer) for card in unseen]
    first_ante = boxes[0][2].ante
    choices = []
    for position, cards, stakes, paid in boxes:
        box = [Card(card) for card in cards]
        value = GAME.hand_value(box)
        showdown = BoxShowdown(value, GAME.bet_pays.winnings(box, value, stakes.bet), HandClass.NOTHING,
                               dealt_value, dealt_value)
        staked = stakes.ante + stakes.bet + stakes.insurance + paid
        kept = settle_box(GAME, options, stakes, showdown).total - staked
        swapped = stakes._replace(exchanged=True)
        exchanged = sum(settle_box(GAME, options, swapped, showdown._replace(final_dealer_value=final)).total
                        for final in finals) - staked * len(finals)
        choices += [OptionValue("keep", Fraction(kept, first_ante), box=position),
                    OptionValue("exchange", Fraction(exchanged, len(finals) * first_ante), box=position)]
    return Hint(tuple(choices), "exact")


def _exchange_request(state: BoxedState, seat: SeatId) -> HintRequest | None:
    """The exchange, for the boxes of ``seat`` that may ask for it (every card is face up now)."""
    view, player = state.private_view(seat), state.seats[seat]
    if not view.exchange_boxes:
        return None
    # The bonus is a side bet (left out); the exchange is what the hint weighs (not yet asked).
    chosen = [(position, player.boxes[position]) for position in view.exchange_boxes]
    boxes = tuple((position, tuple(box.cards), box.settled_stakes()._replace(bonus=0, exchanged=False),
                   box.fee_total) for position, box in chosen)
    seen = tuple(card for card in state.public_view().face_up_cards())
    return HintRequest(exchange_hint, (boxes, tuple(state.dealer_dealt), state.options, seen),
                       boxes[0][2].ante, frozenset())



DECISIONS = frozenset({boxed_moves.Buy.kind, boxed_moves.Bet.kind, boxed_moves.Fold.kind,
                       boxed_moves.Insure.kind, boxed_moves.GoOn.kind})
"""The moves of an open box's decision (Buy, Bet with or without insurance, Fold; after a Buy
that placed the BET, Insure or Go on)."""


def strategy_return(samples: int, rng: Random, workers: int | None = None) -> StrategyReturn:
    """The box's mean net per Ante with the coach's best option at every decision, beside the
    simulator's documented strategy, over ``samples`` deals (the box's five cards and the
    dealer's four face-up ones) drawn with ``rng``: each deal valued exactly over the cards
    still unseen, both strategies on the same deals (``workers`` processes share them)."""
    deals = [tuple(rng.sample(DECK, GAME.box_cards + GAME.dealer.face_up)) for _ in range(samples)]
    with ProcessPoolExecutor(workers) as pool:
        values = list(pool.map(deal_values, deals, chunksize=64))
    best, simple = [value[0] for value in values], [value[1] for value in values]
    gains = [mine - theirs for mine, theirs in values]
    return StrategyReturn("twoplusfour", "ante+buy+bet+insurance", Estimate.of_samples(best),
                          Estimate.of_samples(simple), STRATEGY,
                          "deals sampled, each valued exactly over the unseen cards; the simple "
                          "strategy's minimum insurance aside, as the rules page measures it",
                          Estimate.of_samples(gains), simulated_simple())


def simulated_simple() -> Estimate:
    """The simple strategy's Ante, Buy and BET per Ante from the simulator's long run (the rules
    page's figure), its standard error read back from the 95% interval."""
    measured = RTP["ante+bet per ante"]
    low, high = measured.ci95
    return Estimate(measured.value - 1, (high - low) / (2 * 1.96), MEASURED_ROUNDS)


def deal_values(deal: Sequence[int]) -> tuple[float, float]:
    """One deal's exact value in Antes with the coach's best option, and with the documented
    strategy's (its insurance aside)."""
    hand, up = deal[:GAME.box_cards], deal[GAME.box_cards:]
    options = hint(hand, up)
    choice = opening_decision(hand, up)
    simple = options.value_of(choice).ev if choice != "buy" else _simple_buy(hand, up)
    return float(options.best.ev), float(simple)


def _simple_buy(hand: Sequence[int], up: Sequence[int]) -> Fraction | float:
    """The documented strategy's Buy: after it, the BET placed (forced, or the six cards beat
    the face-up ones) or the box folded."""
    unseen = tuple(card for card in DECK if card not in {*hand, *up})
    board = _Board(GAME, 1, STANDARD, dealer=dealer(unseen, tuple(up)))
    forced, stakes = _buy_forces_bet(up), BoxStakes("open", board.ante, board.bet)
    folded = board.fold(hand, board.fee).ev
    total: Fraction | float = Fraction(0)
    for card in unseen:
        six = (*hand, card)
        betting = forced or bets_after_buy(six, up)
        total += board.antes(six, stakes, board.fee, (card,)) if betting else folded
    return total / len(unseen)
