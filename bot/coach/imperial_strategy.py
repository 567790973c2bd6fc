"""Imperial Poker's strategy figure: the return of the coach's best play beside the documented
strategy's (:data:`bot.games.imperial.figures.STRATEGY`), on the same random deals.

A deal is the open box's five cards and the dealer's face-up card. The coach plays the best
option of its opening hint (:func:`bot.coach.imperial.hint`), then Bet or Fold, whichever is
worth more; the documented strategy plays its own plan, every later decision its way (Bet a pair
or better with the least insurance when it is offered, else fold; a one-card Draw drawn again
while it may). Both are valued against the same dealer model: exactly for Bet, Fold, insurance,
the Buy and the first card of the coach's one-card Draws; over :data:`DRAWS` random draws for a
Draw of several cards (or the strategy's chains of one-card Draws), the same draws for both
where they draw the same cards. The coach's Draw of several cards is valued on fresh draws,
not on the hint's: the hint picked it for looking best on its own, and its figure there leans
high by that choice. A one-card Draw is worth the hint's figure, drawing again included as the
coach values it (every first card exact, the further Draws counted and sampled only for what
their cards change in the dealer's hands: a few hundredths of an Ante at most, too little to
lean on).

A deal costs about two seconds of CPU, so the coach's return is anchored: the simulator's long run of
the documented strategy (:data:`bot.games.imperial.figures.RTP`, 8,000,000 rounds) plus the mean
gain of the coach over it, deal by deal, which varies far less than either figure alone.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from random import Random

from bot.coach.imperial import DECK, GAME, STANDARD, _Board, dealer, hint
from bot.coach.values import Estimate, StrategyReturn
from bot.games.boxed import BoxStakes
from bot.games.imperial.figures import MEASURED_ROUNDS, RTP, STRATEGY
from bot.games.imperial.rules import DRAW
from bot.games.imperial.sim import bets_after, draws_again, opening_plan

DRAWS = 60
"""Random draws (or chains of one-card Draws) that value a Draw on one deal."""


def strategy_return(samples: int, rng: Random, workers: int | None = None) -> StrategyReturn:
    """The coach's and the documented strategy's mean net per Ante over ``samples`` deals drawn
    with ``rng`` (``workers`` processes share them), the coach's anchored on the simulator's
    long run of the documented strategy."""
    deals = [tuple(rng.sample(DECK, GAME.box_cards + 1)) for _ in range(samples)]
    with ProcessPoolExecutor(workers) as pool:
        values = list(pool.map(deal_values, deals, chunksize=8))
    best, simple = [value[0] for value in values], [value[1] for value in values]
    return StrategyReturn("imperial", "ante+buy+draws+bet+insurance", Estimate.of_samples(best),
                          Estimate.of_samples(simple), STRATEGY,
                          "deals sampled; on each the coach's opening hint (exact but for the "
                          "Draws of several cards) and the documented strategy's play valued "
                          "against the same dealer hands; the coach anchored on the simulator's "
                          "long run of the documented strategy",
                          Estimate.of_samples([mine - theirs for mine, theirs in values]), simulated_simple())


def simulated_simple() -> Estimate:
    """The documented strategy's Ante, Buy, Draws and BET per Ante from the simulator's long run
    (the rules page's figure), its standard error read back from the 95% interval."""
    measured = RTP["ante+bet per ante"]
    low, high = measured.ci95
    return Estimate(measured.value - 1, (high - low) / (2 * 1.96), MEASURED_ROUNDS)


def deal_values(deal: Sequence[int]) -> tuple[float, float]:
    """One deal's value in Antes with the coach's best opening option, and with the documented
    strategy's play (the same draws for both, seeded by the deal)."""
    hand, up = deal[:GAME.box_cards], deal[GAME.box_cards]
    best = hint(hand, up).best
    board = _board(hand, up, ())
    decks = _decks(board, hand, up)
    coach: Fraction | float = best.ev
    if best.move == "draw" and best.stderr and best.cards and len(best.cards) > 1:
        discard = [hand.index(card) for card in best.cards]
        coach = sum(board.after(*_drawn(hand, discard, 1, deck, board.ante)) for deck in decks) / len(decks)
    return float(coach), float(simple_value(hand, up, decks=decks))


def simple_value(hand: Sequence[int], up: int, seen: Sequence[int] = (),
                 decks: Sequence[Sequence[int]] | None = None) -> Fraction | float:
    """The documented strategy's play of ``hand`` against the dealer's face-up ``up``, in Antes:
    exact for Bet, Fold and the Buy (every sixth card); a Draw over ``decks`` (each the unseen
    cards in a random order, top first; by default :data:`DRAWS` of them seeded by the deal).
    ``seen``: other cards out of the deck (a test's small deck)."""
    board = _board(hand, up, seen)
    plan = opening_plan(hand, up)
    if plan.action == "fold":
        return Fraction(-1)
    if plan.action == "bet":
        return _bet(board, hand, 0, ())
    if plan.action == "buy":
        total = sum((_after(board, (*hand, card), board.fee, (card,)) for card in board.unseen), Fraction(0))
        return total / len(board.unseen)
    decks = decks or _decks(board, hand, up)
    outcomes = (_drawn(hand, plan.discard, plan.repeat_limit, deck, board.ante) for deck in decks)
    return sum(_after(board, *outcome) for outcome in outcomes) / len(decks)


def _board(hand: Sequence[int], up: int, seen: Sequence[int]) -> _Board:
    """The box's decisions at a 1-chip Ante against the dealer's hands from the unseen cards."""
    unseen = tuple(card for card in DECK if card not in {*hand, up, *seen})
    return _Board(GAME, 1, STANDARD, dealer=dealer(unseen, up))


def _decks(board: _Board, hand: Sequence[int], up: int) -> list[list[int]]:
    """:data:`DRAWS` orders of the unseen cards, seeded by the deal (not the hint's seed: the
    coach's Draw is valued on draws it was not chosen by)."""
    rng = Random(zlib.crc32(b"strategy" + bytes(sorted(hand)) + bytes([up])))
    return [rng.sample(board.unseen, len(board.unseen)) for _ in range(DRAWS)]


def _drawn(hand: Sequence[int], discard: Sequence[int], repeat_limit: int, deck: Sequence[int],
           ante: int) -> tuple[list[int], int, tuple[int, ...]]:
    """:func:`drawn_cards` with the Draws' price in chips."""
    cards, antes_paid, taken = drawn_cards(hand, discard, repeat_limit, deck)
    return cards, antes_paid * ante, taken


def drawn_cards(hand: Sequence[int], discard: Sequence[int], repeat_limit: int,
                deck: Sequence[int]) -> tuple[list[int], int, tuple[int, ...]]:
    """The strategy's Draw of the cards at ``discard`` from ``deck`` (top card first), a
    one-card Draw drawn again as :func:`bot.games.imperial.sim.draws_again` says: the final
    cards, the Antes the Draws cost, and every card taken."""
    cards, taken = list(hand), list[int]()
    number, paid = 1, DRAW.cost_antes(1)
    for position in discard:
        cards[position] = deck[len(taken)]
        taken.append(cards[position])
    while len(discard) == 1 and draws_again(cards, number, repeat_limit):
        number += 1
        paid += DRAW.cost_antes(number)
        cards[discard[0]] = deck[len(taken)]
        taken.append(cards[discard[0]])
    return cards, paid, tuple(taken)


def _after(board: _Board, cards: Sequence[int], paid: int, gone: tuple[int, ...]) -> Fraction:
    """The strategy after a Buy or its Draws: Bet a pair or better, fold the rest."""
    return _bet(board, cards, paid, gone) if bets_after(cards) else Fraction(-(board.ante + paid), board.ante)


def _bet(board: _Board, cards: Sequence[int], paid: int, gone: tuple[int, ...]) -> Fraction:
    """The BET with the least insurance when the box may buy it (the strategy always does)."""
    least = min(board.insurance_amounts(cards), default=0)
    return board.antes(cards, BoxStakes("open", board.ante, board.bet, insurance=least), paid, gone)


__all__ = ["DRAWS", "deal_values", "drawn_cards", "simple_value", "simulated_simple", "strategy_return"]
