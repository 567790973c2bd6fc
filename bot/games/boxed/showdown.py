"""The end of a round: the dealer's card exchange and every box's settlement lines. Pure
functions on the data; the state machine (:mod:`bot.games.boxed.state`) calls them in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from bot.games.boxed.rules import (
    BoxedGame,
    BoxedOptions,
    BoxShowdown,
    cap_round,
    exchange_index,
    hand_class,
    settle_box,
)
from bot.games.boxed.seat import Seat, bet_name
from bot.games.common import SettlementLine
from bot.poker import Card, evaluate_rank


class Exchange(NamedTuple):
    """The dealer's hand after an exchange: ``replaced[i]`` gave way to ``drawn[i]``."""

    dealer: tuple[Card, ...]
    replaced: tuple[Card, ...]
    drawn: tuple[Card, ...]
    qualified: bool


def exchange_dealer_card(game: BoxedGame, dealer: Sequence[Card], draw: Callable[[], Card],
                         cards_left: int | None = None) -> Exchange:
    """Replace the dealer's highest card with ``draw()`` (seed points 13-16), and repeat for free
    while the game's rule allows it (Imperial: the new card has the old one's rank and the
    dealer still does not qualify, at most ``max_exchanges`` in all) and the deck has a card
    left (``cards_left``; Imperial seed point 18: a deck drawn low allows fewer free repeats)."""
    rule, qualifying = game.exchange, game.dealer.qualifying_value
    most = rule.max_exchanges if cards_left is None else min(rule.max_exchanges, cards_left)
    if most < 1:
        raise ValueError("no card is left for the dealer's exchange")
    cards, replaced, drawn = list(dealer), list[Card](), list[Card]()
    while True:
        index = exchange_index(cards)
        old, new = cards[index], draw()
        cards[index] = new
        replaced.append(old)
        drawn.append(new)
        qualified = evaluate_rank(cards) >= qualifying
        same_rank_again = rule.repeat_on_same_rank and new.rank == old.rank
        if qualified or len(drawn) >= most or not same_rank_again:
            return Exchange(tuple(cards), tuple(replaced), tuple(drawn), qualified)


def seat_lines(game: BoxedGame, options: BoxedOptions, player: Seat, dealt: int,
               final: int) -> list[SettlementLine]:
    """One line per bet of each of the player's boxes (box by box: Ante, BET, fees, bonus,
    insurance; nothing staked, no line), settled by :func:`settle_box` against the dealer's
    hand as dealt (``dealt``) and after the exchange (``final``), then the player's total
    capped by ``max_round_payout``.

    Outcomes: ``win``, ``push``, ``lose``; ``fold`` for a folded box's Ante; ``exchange`` for an
    Ante given as the exchange fee (``returned`` is then its 1:1 win or 0); ``fee`` for a Buy.
    """
    names: list[str] = []
    staked: list[int] = []
    returned: list[int] = []
    special: dict[str, str] = {}
    for position, box in sorted(player.boxes.items()):
        value = game.hand_value(box.cards)
        bet_win = game.bet_pays.winnings(box.cards, value, box.bet) if box.bet else 0
        first_five = hand_class(evaluate_rank(box.dealt or box.cards[: game.box_cards]))
        showdown = BoxShowdown(value, bet_win, first_five, dealt, final)
        back = settle_box(game, options, box.settled_stakes(), showdown)
        bets = [("ante", box.ante, back.ante), ("bet", box.bet, back.bet),
                *((fee, amount, 0) for fee, amount in box.fees),
                ("bonus", box.bonus, back.bonus), ("insurance", box.insurance, back.insurance)]
        for bet, stake, chips in bets:
            if not stake:
                continue
            name = bet_name(position, bet)
            names.append(name)
            staked.append(stake)
            returned.append(chips)
            if bet == "ante" and (box.folded or box.exchange):
                special[name] = "fold" if box.folded else "exchange"
            elif bet not in ("ante", "bet", "bonus", "insurance"):
                special[name] = "fee"
    returned = cap_round(returned, staked, options.max_round_payout)
    return [
        SettlementLine(player.seat, name, stake, back, special.get(name) or _outcome(stake, back))
        for name, stake, back in zip(names, staked, returned, strict=True)
    ]


def _outcome(staked: int, returned: int) -> str:
    if returned > staked:
        return "win"
    return "push" if returned == staked else "lose"
