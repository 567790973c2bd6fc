"""Fixed-deck rounds shared by the boxed games' engine tests (Imperial and 2 Plus 4 run on the
same core and differ here only in how many cards the dealer gets)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.games.boxed import BoxedOptions, BoxedState, Phase
from bot.poker import FULL_DECK, Card, parse_cards

ANTE = 10
Bets = Mapping[int, Mapping[int, tuple[int, int]]]
"""seat -> box -> (ante, bonus)"""

State = TypeVar("State", bound=BoxedState)


@dataclass(frozen=True)
class FixedDecks(Generic[State]):
    """Rounds of one boxed game dealt from decks the test arranges."""

    new_round: Callable[[BoxedOptions | None], State]
    dealer_cards: int
    default_options: BoxedOptions | None = None

    def arrange_deck(self, hands: Sequence[str], dealer: str, draws: str = "") -> list[Card]:
        """A deck that deals ``hands`` to the boxes in dealing order (seat by seat in the order
        the seats first bet, boxes by position), then ``dealer``, then ``draws`` to the Buys,
        Draws and the exchange in the order they happen; the unnamed cards follow in index
        order."""
        named = [card for hand in hands for card in parse_cards(hand)]
        assert all(len(parse_cards(hand)) == 5 for hand in hands)
        assert len(parse_cards(dealer)) == self.dealer_cards
        named += parse_cards(dealer) + parse_cards(draws)
        assert len(set(named)) == len(named), "a card is named twice"
        return named + [card for card in FULL_DECK if card not in named]

    def play(self, bets: Bets, hands: Sequence[str], dealer: str, draws: str = "",
             options: BoxedOptions | None = None) -> State:
        """Bets placed (Ante, then bonus, box by box), betting closed and the arranged deck
        dealt."""
        state = self.new_round(options or self.default_options)
        for seat, boxes in bets.items():
            for box, (ante, bonus) in boxes.items():
                if ante:
                    state.place_ante(seat, box, ante)
                if bonus:
                    state.place_bonus(seat, box, bonus)
        state.close_betting()
        state.deal(self.arrange_deck(hands, dealer, draws))
        return state

    def one_box(self, hand: str, dealer: str, draws: str = "", *, ante: int = ANTE, bonus: int = 0,
                options: BoxedOptions | None = None) -> State:
        return self.play({1: {1: (ante, bonus)}}, [hand], dealer, draws, options)


def returned(state: BoxedState, seat: int = 1) -> dict[str, int]:
    assert state.phase is Phase.SETTLED and state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines_of(seat)}


def outcomes(state: BoxedState, seat: int = 1) -> dict[str, str]:
    assert state.settlement is not None
    return {line.bet: line.outcome for line in state.settlement.lines_of(seat)}


def exchange(state: BoxedState, seat: int = 1, boxes: Sequence[int] = (1,)) -> None:
    assert state.phase is Phase.EXCHANGE
    for box in boxes:
        state.pick_exchange(seat, box)
    state.go_on(seat)


def dealt_in_index_order(new_round: Callable[[BoxedOptions | None], State]) -> State:
    """One seat's one box with an Ante, dealt from the unshuffled deck (``FULL_DECK``): card
    ``i`` of the deal is the card with index ``i``."""
    state = new_round(BoxedOptions(min_ante=1))
    state.place_ante(1, 1, ANTE)
    state.close_betting()
    state.deal(list(FULL_DECK))
    return state


def settled_net(state: BoxedState, exchange: bool, seat: int = 1) -> int:
    """The seat's net once the round is played out, box 1 asking for the dealer's exchange or
    not where it may."""
    if state.phase is Phase.EXCHANGE:
        if exchange:
            state.pick_exchange(seat, 1)
        state.go_on(seat)
    assert state.settlement is not None
    return state.settlement.summary[seat].net
