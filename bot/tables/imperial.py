"""Imperial Poker on the table runtime: the boxed adapter run with Imperial's round (the core's
state machine plus the Draw), the Draw's action and private card menu, and the rules page."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.boxed.rules import Phase
from bot.games.boxed.state import BoxedState
from bot.games.common import SeatId
from bot.games.imperial import DRAW, IMPERIAL, ImperialState, new_round, restore_round
from bot.games.imperial.figures import summary
from bot.games.round import Round
from bot.i18n import Words
from bot.poker import Card
from bot.tables.adapter import CardPick, GameInfo, PickPreview, PrivateRows, own
from bot.tables.boxed import BoxedAdapter
from bot.tables.config import ENGLISH
from bot.tables.rules_page import IMPERIAL_RULES


class ImperialAdapter(BoxedAdapter):
    """The boxed adapter with the Draw: the ``draw`` action (its argument names the cards, never
    their positions), a Draw button that opens the player's private card menu, and the menu."""

    def __init__(self, info: GameInfo) -> None:
        super().__init__(info, IMPERIAL, IMPERIAL_RULES, summary, new_round=new_round,
                         restore_round=restore_round)

    # -- presentation ----------------------------------------------------------------------
    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str:
        state = own(round_, BoxedState)
        if state is not None and state.phase is Phase.DECISIONS:
            return w("Decisions: Buy, Draw, Bet or Fold each open box")
        return super().phase_text(round_, w)

    def private_cards(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        rows, line = super().private_cards(round_, seat, w)
        view = own(round_, ImperialState).private_view(seat)
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
    def card_pick(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> CardPick | None:
        view = own(round_, ImperialState).private_view(seat)
        if not view.can_draw or view.current_box is None:
            return None
        shown = [box for box in view.boxes if box.cards]
        row = next(i for i, box in enumerate(shown) if box.position == view.current_box)
        cards = tuple(card for card in shown[row].cards if card is not None)
        most = view.draw_max
        placeholder = (w("Cards of box {box} to exchange (up to {most})", box=view.current_box, most=most)
                       if most > 1 else w("Cards of box {box} to exchange (one)", box=view.current_box))
        return CardPick(row=row, cards=cards, most=most, action="draw",
                        button=self.info.vocabulary.button(w, "draw"), placeholder=placeholder)

    def pick_preview(self, round_: Round, seat: SeatId, cards: Sequence[Card],
                     w: Words = ENGLISH) -> PickPreview:
        imperial = own(round_, ImperialState)
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
                         draw=self.info.vocabulary.label("draw"))
        warning = None
        if imperial.draw_takes_last_card(seat, count):
            warning = w("\u26a0\ufe0f Last card: this Draw takes the last card the deck has left "
                        "for Draws (the rest is kept for the other boxes and the dealer's exchange).")
        return PickPreview(text, w("Draw {count}: {cost}", count=count, cost=w.chips(cost)), warning)


def _antes(count: int, w: Words) -> str:
    return w.plural("{count} Ante", "{count} Antes", count)
