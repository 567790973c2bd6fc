"""What the coach's valuations of the boxed games (2 Plus 4 and Imperial Poker) share: a box's net
against each class of dealer hand, settled by the engine's :func:`settle_box`, and the decisions
of an open box that both games offer (Fold, Bet with or without insurance, Go on or insure a box
whose BET is placed), each valued by the game's own way of counting the dealer's hands."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.coach.review import INSURED_BET
from bot.coach.values import Hint, OptionValue
from bot.games.boxed import BoxedGame, BoxedOptions, BoxStakes, HandClass
from bot.games.boxed.rules import BoxKind, BoxShowdown, insurance_limits, settle_box
from bot.poker import Card

NOT_QUALIFIED, WORSE, EQUAL, BETTER = 2, -1, 0, 1
"""How a dealer hand stands against a box: :func:`compare`'s answers (better: the box's)."""


def compare(game: BoxedGame, value: int, dealer: int) -> int:
    """:data:`NOT_QUALIFIED` when the dealer's hand does not qualify; else :data:`BETTER` when
    the box's ``value`` beats it, :data:`EQUAL`, or :data:`WORSE`."""
    if dealer < game.dealer.qualifying_value:
        return NOT_QUALIFIED
    return (value > dealer) - (value < dealer)


class Nets:
    """A box's net in chips against a dealer hand, settled by the engine once per class (the
    exchange taken or not, the dealer not qualifying or how its hand compares with the box's)
    at the first hand of the class it is asked for."""

    def __init__(self, game: BoxedGame, cards: Sequence[int], stakes: BoxStakes, paid: int,
                 options: BoxedOptions) -> None:
        box = [Card(card) for card in cards]
        self.game, self.value = game, game.hand_value(box)
        self.stakes, self.options = stakes, options
        # A box below the dealer's qualifying hand never wins its BET: no need to read its pay.
        wins = stakes.bet and self.value >= game.dealer.qualifying_value
        bet_win = game.bet_pays.winnings(box, self.value, stakes.bet) if wins else 0
        self.showdown = BoxShowdown(self.value, bet_win, HandClass.NOTHING, 0, 0)
        self.staked = stakes.ante + stakes.bet + stakes.insurance + paid
        self.settled: dict[tuple[bool, int], int] = {}

    def __call__(self, exchanged: bool, dealt: int, final: int) -> int:
        key = (exchanged, compare(self.game, self.value, final))
        if key not in self.settled:
            returns = settle_box(self.game, self.options, self.stakes._replace(exchanged=exchanged),
                                 self.showdown._replace(dealer_value=dealt, final_dealer_value=final))
            self.settled[key] = returns.total - self.staked
        return self.settled[key]


@dataclass(frozen=True)
class BoxDecisions(ABC):
    """One box's decisions valued in Antes: :meth:`antes` (the game's count of the dealer's
    hands) gives the box's mean net with final cards and stakes; the rest is the same in both
    games."""

    game: BoxedGame
    ante: int
    options: BoxedOptions

    @abstractmethod
    def antes(self, cards: Sequence[int], stakes: BoxStakes, paid: int = 0,
              gone: tuple[int, ...] = ()) -> Fraction:
        """The box's mean net in Antes with final ``cards`` and ``stakes`` (``paid``: chips spent
        on it that never come back), over the dealer's hands that hold none of ``gone`` (cards
        the box took from the deck after the deal)."""

    def antes_of(self, cards: Sequence[int], stakes: Sequence[BoxStakes], paid: int = 0,
                 gone: tuple[int, ...] = ()) -> list[Fraction]:
        """:meth:`antes` for each of ``stakes`` (the same cards with and without insurance): a
        game may count the dealer's hands once for all of them."""
        return [self.antes(cards, each, paid, gone) for each in stakes]

    @property
    def fee(self) -> int:
        """A Buy's price in chips."""
        assert self.game.buy is not None
        return self.game.buy.cost_antes * self.ante

    @property
    def bet(self) -> int:
        return self.game.bet_multiple * self.ante

    def fold(self, cards: Sequence[int], paid: int = 0) -> OptionValue:
        return OptionValue("fold", self.antes(cards, BoxStakes("open", self.ante, folded=True), paid))

    def bet_options(self, cards: Sequence[int], paid: int = 0,
                    gone: tuple[int, ...] = ()) -> list[OptionValue]:
        """The Bet, and with the least and the most insurance the box may buy with it."""
        stakes, amounts = BoxStakes("open", self.ante, self.bet), self.insurance_amounts(cards)
        insured_stakes = [stakes._replace(insurance=amount) for amount in amounts]
        bet, *insured = self.antes_of(cards, [stakes, *insured_stakes], paid, gone)
        return [OptionValue("bet", bet), *(OptionValue(INSURED_BET, value, amount=amount)
                                           for amount, value in zip(amounts, insured, strict=True))]

    def insure_options(self, cards: Sequence[int], gone: tuple[int, ...] = (), box: int = 1,
                       kind: BoxKind = "open", paid: int = 0) -> list[OptionValue]:
        """Go on with the BET placed (by a Buy, or on a blind box), or buy the least or the most
        insurance first."""
        stakes, amounts = BoxStakes(kind, self.ante, self.bet), self.insurance_amounts(cards)
        insured_stakes = [stakes._replace(insurance=amount) for amount in amounts]
        went_on, *insured = self.antes_of(cards, [stakes, *insured_stakes], paid, gone)
        return [OptionValue("goon", went_on, box=None if kind == "open" else box),
                *(OptionValue("insure", value, amount=amount, box=box)
                  for amount, value in zip(amounts, insured, strict=True))]

    def insurance_amounts(self, cards: Sequence[int]) -> tuple[int, ...]:
        """The least and the most insurance the box may buy (none below three of a kind)."""
        box = [Card(card) for card in cards]
        limits = insurance_limits(self.game, self.options, self.ante, box, self.game.hand_value(box))
        return () if limits is None else tuple(sorted(set(limits)))


def blind_hint_of(boxes: Sequence[tuple[int, Sequence[int], int]],
                  board_for: Callable[[int], BoxDecisions]) -> Hint:
    """Each turned blind box (position, cards, Ante) that may be insured: going on, or the least
    or the most insurance, valued by ``board_for(ante)``; in Antes of the first box."""
    first_ante = boxes[0][2]
    choices = []
    for position, cards, ante in boxes:
        for option in board_for(ante).insure_options(cards, box=position, kind="blind"):
            choices.append(dataclasses.replace(option, ev=option.ev * ante / first_ante))
    return Hint(tuple(choices), "exact")


__all__ = ["blind_hint_of", "BETTER", "EQUAL", "NOT_QUALIFIED", "WORSE", "BoxDecisions", "Nets", "compare"]
