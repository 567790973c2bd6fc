"""Imperial Poker on the table runtime: the boxed adapter run with Imperial's round (the core's
state machine plus the Draw), the Draw's action and private card menu, and the rules page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.boxed.rules import Phase
from bot.games.boxed.state import BoxedState
from bot.games.common import SeatId
from bot.games.imperial import DRAW, IMPERIAL, ImperialState, new_round, restore_round
from bot.games.imperial.figures import summary
from bot.poker import Card
from bot.tables.actions import ActionArg, CardList, Tag, expect
from bot.tables.adapter import CardPick, Control, GameInfo, PickPreview, PrivateRows
from bot.tables.boxed import BoxedAdapter
from bot.tables.config import TableConfig

RULES = """\
**Imperial Poker**: five cards to each of your boxes against the dealer's five; the dealer's
last card is dealt face up.
**Boxes**: up to 4 per player; the first two boxes with an Ante are open (or just one:
`/imperial open 1`), the others blind. Antes {antes}, within a factor of 5
of each other. The AA+ Bonus (minimum {chip:,}) goes only on a box with an Ante.
**Open boxes**, in turn: Buy a 6th card (1 Ante); Draw: exchange any number of cards (1 Ante;
choose them in the menu under My cards or with `/imperial draw`); Bet (2 x Ante); Fold (Ante
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
payout with the second combination, at most {max_payout:,}): 1:1 when the dealer does not
qualify; lost when it qualifies, but returned when the dealer's hand beats yours.
**Exchange**: when the dealer does not qualify you may pick open boxes and press Go on: each
picked box's Ante is the fee and the dealer's highest card is replaced; a card of the same
rank that leaves the dealer still unqualified is replaced again for free (3 exchanges at
most). Then the dealer qualifies: you win -> BET per table (no Ante); dealer better -> BET
lost; tie -> BET returned. Still not qualified: BET returned, Ante gone.
**BET pays**: {bet_table}. **Bonus pays** (the five cards dealt): {bonus_table}.
Caps: {max_payout:,} per box and bet (the Imperial Flush too), {max_round:,} per player per
round. Payouts are whole chips, rounded down.
**Our figures** (no published analysis exists; these are the first):
{figures}
"""


class ImperialAdapter(BoxedAdapter):
    """The boxed adapter with the Draw: the ``draw`` action (its argument names the cards, never
    their positions), a Draw button that opens the player's private card menu, and the menu."""

    arguments = {**BoxedAdapter.arguments, "draw": CardList}

    def __init__(self, info: GameInfo) -> None:
        super().__init__(info, IMPERIAL, RULES, summary, new_round=new_round, restore_round=restore_round)

    def _dispatch(self, state: BoxedState, seat: SeatId, action: str, arg: ActionArg,
                  memory: Mapping[SeatId, Any]) -> Any:
        if action == "draw":
            return _imperial(state).draw(seat, list(expect(arg, CardList).cards))
        return super()._dispatch(state, seat, action, arg, memory)

    # -- presentation ----------------------------------------------------------------------
    def controls(self, state: BoxedState | None, config: TableConfig) -> list[Control]:
        controls = super().controls(state, config)
        if state is not None and state.phase is Phase.DECISIONS:
            # The cards to draw are private: this opens the player's own menu of them.
            at = next(i for i, control in enumerate(controls) if control.action == "buy") + 1
            controls.insert(at, Control("Draw cards", "cards", Tag("draw"), "primary", 0))
        return controls

    def phase_text(self, state: BoxedState | None) -> str:
        if state is not None and state.phase is Phase.DECISIONS:
            return "Decisions: Buy, Draw, Bet or Fold each open box"
        return super().phase_text(state)

    def private_cards(self, state: BoxedState, seat: SeatId) -> tuple[PrivateRows, str]:
        rows, line = super().private_cards(state, seat)
        view = _imperial(state).private_view(seat)
        if not view.can_draw:
            return rows, line
        antes = DRAW.cost_antes(view.draw_number)
        most = f"up to {view.draw_max} cards" if view.draw_max > 1 else "1 card"
        hint = (f"Draw {most} for {_antes(antes)} = {view.draw_cost:,} chips"
                + (f" (Draw {view.draw_number} in a row)" if view.draw_number > 1 else "")
                + ": choose them in the menu below")
        if view.draw_takes_last_card:
            hint += "; a one-card Draw now takes the last card left to draw"
        return rows, f"{line} · {hint}"

    # -- the Draw's card menu ------------------------------------------------------------------
    def card_pick(self, state: BoxedState, seat: SeatId) -> CardPick | None:
        imperial = _imperial(state)
        view = imperial.private_view(seat)
        if not view.can_draw or view.current_box is None:
            return None
        shown = [box for box in view.boxes if box.cards]
        row = next(i for i, box in enumerate(shown) if box.position == view.current_box)
        cards = tuple(card for card in shown[row].cards if card is not None)
        most = view.draw_max
        return CardPick(row=row, cards=cards, most=most, action="draw", button="Draw",
                        placeholder=f"Cards of box {view.current_box} to exchange "
                                    f"({'up to ' + str(most) if most > 1 else 'one'})")

    def pick_preview(self, state: BoxedState, seat: SeatId, cards: Sequence[Card]) -> PickPreview:
        imperial = _imperial(state)
        imperial.verify_draw(seat, list(cards))
        view = imperial.private_view(seat)
        count, cost = len(cards), imperial.draw_cost(seat)
        names = " ".join(card.pretty for card in cards)
        plural = "" if count == 1 else "s"
        again = f", Draw {view.draw_number} in a row" if view.draw_number > 1 else ""
        text = (f"Draw {count} card{plural} ({names}) on box {view.current_box}{again}: costs "
                f"{_antes(DRAW.cost_antes(view.draw_number))} = {cost:,} chips. Press Draw to pay.")
        warning = None
        if imperial.draw_takes_last_card(seat, count):
            warning = ("\u26a0\ufe0f Last card: this Draw takes the last card the deck has left "
                       "for Draws (the rest is kept for the other boxes and the dealer's exchange).")
        return PickPreview(text, f"Draw {count}: {cost:,} chips", warning)


def _imperial(state: BoxedState) -> ImperialState:
    if not isinstance(state, ImperialState):
        raise TypeError("the Imperial adapter runs Imperial rounds only")
    return state


def _antes(count: int) -> str:
    return f"{count} Ante" + ("" if count == 1 else "s")

