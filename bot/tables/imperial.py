"""Imperial Poker on the table runtime: the boxed adapter run with Imperial's round (the core's
state machine plus the Draw), the Draw's action and private card menu, and the rules page."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.boxed.rules import Phase
from bot.games.boxed.state import BoxedState
from bot.games.common import SeatId
from bot.games.imperial import DRAW, IMPERIAL, ImperialState, moves, new_round, restore_round
from bot.games.imperial.figures import summary
from bot.i18n import N_, Words
from bot.poker import Card
from bot.tables.adapter import CardPick, GameInfo, PickPreview, PrivateRows
from bot.tables.boxed import BoxedAdapter
from bot.tables.config import ENGLISH

RULES = N_("""\
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


class ImperialAdapter(BoxedAdapter):
    """The boxed adapter with the Draw: the ``draw`` action (its argument names the cards, never
    their positions), a Draw button that opens the player's private card menu, and the menu."""

    move_types = moves.MOVE_TYPES

    def __init__(self, info: GameInfo) -> None:
        super().__init__(info, IMPERIAL, RULES, summary, new_round=new_round, restore_round=restore_round)

    # -- presentation ----------------------------------------------------------------------
    def phase_text(self, state: BoxedState | None, w: Words = ENGLISH) -> str:
        if state is not None and state.phase is Phase.DECISIONS:
            return w("Decisions: Buy, Draw, Bet or Fold each open box")
        return super().phase_text(state, w)

    def private_cards(self, state: BoxedState, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        rows, line = super().private_cards(state, seat, w)
        view = _imperial(state).private_view(seat)
        if not view.can_draw:
            return rows, line
        antes = DRAW.cost_antes(view.draw_number)
        most = w("up to {count} cards", count=view.draw_max) if view.draw_max > 1 else w("1 card")
        hint = w("Draw {most} for {antes} = {cost}", most=most, antes=_antes(antes, w),
                 cost=w.chips(view.draw_cost))
        if view.draw_number > 1:
            hint += w(" (Draw {number} in a row)", number=view.draw_number)
        hint += w(": choose them in the menu below")
        if view.draw_takes_last_card:
            hint += w("; a one-card Draw now takes the last card left to draw")
        return rows, f"{line} · {hint}"

    # -- the Draw's card menu ------------------------------------------------------------------
    def card_pick(self, state: BoxedState, seat: SeatId, w: Words = ENGLISH) -> CardPick | None:
        imperial = _imperial(state)
        view = imperial.private_view(seat)
        if not view.can_draw or view.current_box is None:
            return None
        shown = [box for box in view.boxes if box.cards]
        row = next(i for i, box in enumerate(shown) if box.position == view.current_box)
        cards = tuple(card for card in shown[row].cards if card is not None)
        most = view.draw_max
        placeholder = (w("Cards of box {box} to exchange (up to {most})", box=view.current_box, most=most)
                       if most > 1 else w("Cards of box {box} to exchange (one)", box=view.current_box))
        return CardPick(row=row, cards=cards, most=most, action="draw",
                        button=self.vocabulary.button(w, "draw"), placeholder=placeholder)

    def pick_preview(self, state: BoxedState, seat: SeatId, cards: Sequence[Card],
                     w: Words = ENGLISH) -> PickPreview:
        imperial = _imperial(state)
        imperial.verify_draw(seat, list(cards))
        view = imperial.private_view(seat)
        count, cost = len(cards), imperial.draw_cost(seat)
        names = " ".join(card.pretty for card in cards)
        drawn = w.plural("Draw {count} card ({names}) on box {box}",
                         "Draw {count} cards ({names}) on box {box}", count, names=names,
                         box=view.current_box)
        if view.draw_number > 1:
            drawn += w(", Draw {number} in a row", number=view.draw_number)
        text = drawn + w(": costs {antes} = {cost}. Press **{draw}** to pay.",
                         antes=_antes(DRAW.cost_antes(view.draw_number), w), cost=w.chips(cost),
                         draw=self.vocabulary.label("draw"))
        warning = None
        if imperial.draw_takes_last_card(seat, count):
            warning = w("\u26a0\ufe0f Last card: this Draw takes the last card the deck has left "
                        "for Draws (the rest is kept for the other boxes and the dealer's exchange).")
        return PickPreview(text, w("Draw {count}: {cost}", count=count, cost=w.chips(cost)), warning)


def _imperial(state: BoxedState) -> ImperialState:
    if not isinstance(state, ImperialState):
        raise TypeError("the Imperial adapter runs Imperial rounds only")
    return state


def _antes(count: int, w: Words) -> str:
    return w.plural("{count} Ante", "{count} Antes", count)


