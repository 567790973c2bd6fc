"""An Imperial Poker round: the boxed core's state machine with the Draw added.

Everything but the Draw is the core's (:class:`bot.games.boxed.BoxedState`, run with
:data:`bot.games.imperial.rules.IMPERIAL`): betting, the deal (the dealer's last card face up),
Buy, Bet, Fold, insurance, blind boxes, the dealer's exchange with free repeats, settlement and
the caps. This module adds, on the open box on turn (stage ``deciding``):

* ``verify_draw/can_draw/draw(seat, cards)``: give up ``cards`` (the cards themselves, not their
  positions: a stale menu can never throw away a card the player did not pick) and take as many
  from the deck, each new card in the place of the old one. The first Draw exchanges any number
  of cards for 1 Ante; after a one-card Draw another one-card Draw may follow, the k-th costing
  k Antes (fee line ``box{n} draw``, the sum of them). After a Draw of several cards, or a Buy:
  only Bet or Fold; a Buy after a Draw is refused.
* The deck: a player alone in the round may draw until the deck is exhausted (seed point 9:
  "bis das Deck erschöpft ist"); the dealer's exchange then has fewer cards or none (point 18:
  no exchange, no free repeats). Where the seed is silent, at a table shared by several
  players, a Draw takes only cards nobody else is promised: the dealer's exchange cards (3),
  so one player's draws never cost the others the exchange. Alone or not, one card is kept for
  every other open box that has not yet bought, drawn or finished (its Buy, or a one-card
  Draw). The rest, :meth:`ImperialState.draw_room`, is first come, first served; a Draw that
  needs more is refused ("the deck would run out"), and :meth:`draw_takes_last_card` tells the
  table to warn before a Draw takes the last of it.
* The bonus stays on the five cards as dealt (``Box.dealt``), whatever is drawn.

A Draw's record (:class:`Draw`) names the positions exchanged, never the cards: they are
hidden from the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from bot.games.boxed import Box, BoxedOptions, BoxedState, Phase, PrivateView, PublicView
from bot.games.boxed.actions import ACTION_TYPES, Action
from bot.games.common import RuleError, SeatId
from bot.games.imperial.moves import DrawCards
from bot.games.imperial.reading import hand_text
from bot.games.imperial.rules import DRAW, IMPERIAL
from bot.games.moves import Move, MoveOption
from bot.i18n import Text
from bot.poker import Card, CardError, parse_cards


class Draw(Action, kind="draw"):
    """The ``number``-th successive Draw on ``box``: the cards at ``positions`` (0-based in the
    hand) exchanged for ``cost`` chips; ``last_card``: it took the last card left for draws."""

    seat: SeatId
    box: int
    positions: tuple[int, ...]
    number: int
    cost: int
    last_card: bool

    @property
    def label(self) -> str:
        count = len(self.positions)
        label = (Text("box {box}: DRAW 1 card", box=self.box) if count == 1
                 else Text("box {box}: DRAW {count} cards", box=self.box, count=count))
        if self.number > 1:
            label = Text("{action} (draw {number})", action=label, number=self.number)
        return Text("{action}, the last card", action=label) if self.last_card else label


if ACTION_TYPES.setdefault(Draw.kind, Draw) is not Draw:  # restores Draw records in a history
    raise RuntimeError("another action is already registered as 'draw'")


class ImperialState(BoxedState):
    """One Imperial Poker round. Build with :func:`bot.games.imperial.new_round`, restore with
    :func:`bot.games.imperial.restore_round`."""

    # ------------------------------------------------------------------------------ draw

    def draw_sizes(self, seat: SeatId, box: int) -> tuple[int, ...]:
        """How many cards each Draw on the seat's ``box`` exchanged, in order (from the history,
        the one record of them)."""
        return tuple(len(action.positions) for action in self.history
                     if isinstance(action, Draw) and action.seat == seat and action.box == box)

    def draw_room(self, seat: SeatId) -> int:
        """Cards a Draw on the seat's box on turn may take now: the deck left, less the cards
        promised to every other open box and, when others play this round, to the dealer's
        exchange (module docstring)."""
        player = self.seats.get(seat)
        box = player.current if player is not None and self.phase is Phase.DECISIONS else None
        if box is None:
            return 0
        shared = len(self.seats) > 1
        promised = (self.game.exchange.max_exchanges if shared else 0) + sum(
            1 for other in self.seats.values() for held in other.boxes.values()
            if held is not box and self._holds_a_card(other.seat, held)
        )
        return max(self.cards_left() - promised, 0)

    def draw_max(self, seat: SeatId) -> int:
        """The most cards the seat's next Draw may exchange (0: no Draw now): the whole hand for
        a first Draw, one card after a one-card Draw, within :meth:`draw_room`."""
        try:
            box, sizes = self._drawing_box(seat)
        except RuleError:
            return 0
        most = len(box.cards) if not sizes else DRAW.repeat_cards
        return min(most, self.draw_room(seat))

    def draw_cost(self, seat: SeatId) -> int:
        """Chips the seat's next Draw takes from the wallet (0: no Draw now): k Antes for the
        k-th successive Draw on the box."""
        if not self.draw_max(seat):
            return 0
        box = self._box_on_turn(seat)
        return box.ante * DRAW.cost_antes(len(self.draw_sizes(seat, box.position)) + 1)

    def draw_takes_last_card(self, seat: SeatId, count: int = 1) -> bool:
        """True when a Draw of ``count`` cards now would take the last card left for draws: the
        table warns before it (seed point 18, RULES.md)."""
        return 0 < count <= self.draw_max(seat) and count == self.draw_room(seat)

    def verify_draw(self, seat: SeatId, cards: Sequence[Card | str] | str) -> None:
        """Exchange ``cards`` of the open box on turn (seed points 8-9)."""
        box, sizes = self._drawing_box(seat)
        discards = _discards(box, cards)
        if sizes and len(discards) > DRAW.repeat_cards:
            raise RuleError("After a one-card Draw, box {box} may exchange one card again, not "
                            "{count}.", box=box.position, count=len(discards))
        room = self.draw_room(seat)
        if len(discards) > room:
            left = (Text("no cards") if not room else Text("only 1 card") if room == 1
                    else Text("only {count} cards", count=room))
            raise RuleError("The deck would run out: it has {left} left to draw (the rest is kept "
                            "for the other boxes and the dealer's exchange).", left=left)

    def can_draw(self, seat: SeatId, cards: Sequence[Card | str] | str) -> bool:
        try:
            self.verify_draw(seat, cards)
        except RuleError:
            return False
        return True

    def draw(self, seat: SeatId, cards: Sequence[Card | str] | str) -> Draw:
        self.verify_draw(seat, cards)
        player, box = self.seats[seat], self._box_on_turn(seat)
        discards = _discards(box, cards)
        number = len(self.draw_sizes(seat, box.position)) + 1
        cost = box.ante * DRAW.cost_antes(number)
        last_card = len(discards) == self.draw_room(seat)
        before = player.stakes()
        fees = dict(box.fees)
        fees["draw"] = fees.get("draw", 0) + cost
        box.fees = list(fees.items())
        positions = tuple(sorted(box.cards.index(card) for card in discards))
        hand = list(box.cards)
        for position, card in zip(positions, self._draw(len(positions)), strict=True):
            hand[position] = card
        box.cards = tuple(hand)
        box.discarded = (*box.discarded, *discards)
        sizes = (*self.draw_sizes(seat, box.position), len(positions))
        box.status = f"DRAW {sizes[0]}" if len(sizes) == 1 else f"DRAW {sizes[0]} x{len(sizes)}"
        return self._record(Draw(seat=seat, box=box.position, positions=positions, number=number,
                                 cost=cost, last_card=last_card, flows=player.flows_since(before)))

    # ------------------------------------------------------------------------------ moves

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        """The core's moves and the Draw, with the most cards it may exchange now."""
        most = self.draw_max(seat)
        drawn = (MoveOption(DrawCards.kind, 1, most),) if most else ()
        return (*super().legal_moves(seat), *drawn)

    def _make(self, seat: SeatId, move: Move) -> Action:
        if isinstance(move, DrawCards):
            return self.draw(seat, list(move.cards))
        return super()._make(seat, move)

    # ----------------------------------------------------------------- the core's decisions

    def verify_buy(self, seat: SeatId) -> None:
        """Buy as in the core, but never after a Draw ("a buy after a draw")."""
        super().verify_buy(seat)
        box = self._box_on_turn(seat)
        if self.draw_sizes(seat, box.position):
            raise RuleError("Box {box} has drawn: a sixth card cannot be bought after a Draw. Bet, "
                            "Fold or draw again.", box=box.position)

    def verify_go_on(self, seat: SeatId) -> None:
        player = self.seats.get(seat)
        box = player.current if player is not None and self.phase is Phase.DECISIONS else None
        if box is not None and box.stage == "deciding":
            raise RuleError("Decide box {box} first: Buy, Draw, Bet or Fold.", box=box.position)
        super().verify_go_on(seat)

    # ------------------------------------------------------------------------------- views

    def public_view(self) -> PublicView:
        """The core's table view, hands named the Imperial way ("Pair of Nines + Ace-King")."""
        view = super().public_view()
        seats = tuple(replace(seat, boxes=tuple(
            replace(box, hand=_imperial_hand(box.cards, box.hand)) for box in seat.boxes))
            for seat in view.seats)
        return replace(view, seats=seats)

    def private_view(self, seat: SeatId) -> ImperialPrivateView:
        """The core's private view, hands named the Imperial way, with the Draw's buttons."""
        view = super().private_view(seat)
        boxes = tuple(replace(box, hand=_imperial_hand(box.cards, box.hand)) for box in view.boxes)
        base = {spec.name: getattr(view, spec.name) for spec in fields(PrivateView)}
        base["boxes"] = boxes
        box_on_turn = self.current_box(seat)
        return ImperialPrivateView(
            **base,
            can_draw=self.draw_max(seat) > 0,
            draw_max=self.draw_max(seat),
            draw_cost=self.draw_cost(seat),
            draw_number=len(self.draw_sizes(seat, box_on_turn)) + 1 if box_on_turn else 0,
            draw_room=self.draw_room(seat),
            draw_takes_last_card=self.draw_takes_last_card(seat),
        )

    # ----------------------------------------------------------------------------- helpers

    def _drawing_box(self, seat: SeatId) -> tuple[Box, tuple[int, ...]]:
        """The open box on turn if it may draw now, with its Draws so far; else why not."""
        box = self._decision_box(seat)
        if box.bought:
            raise RuleError("Box {box} has bought a sixth card: Bet or Fold.", box=box.position)
        sizes = self.draw_sizes(seat, box.position)
        if sizes and sizes[-1] > DRAW.repeat_cards:
            raise RuleError("After a Draw of several cards, box {box} may only Bet or Fold.",
                            box=box.position)
        return box, sizes

    def _holds_a_card(self, seat: SeatId, box: Box) -> bool:
        """An open box still to decide that has not yet taken a card: one is kept for it."""
        return (box.kind == "open" and box.stage in ("waiting", "deciding") and not box.bought
                and not self.draw_sizes(seat, box.position))


@dataclass(frozen=True)
class ImperialPrivateView(PrivateView):
    """The core's private view and the Draw: ``can_draw`` (the Draw button), ``draw_max`` (how
    many cards may be picked), ``draw_cost`` (chips the next Draw takes), ``draw_number`` (k for
    the k-th successive Draw), ``draw_room`` (cards left to draw) and ``draw_takes_last_card``
    (a one-card Draw now takes the last of them: warn)."""

    can_draw: bool
    draw_max: int
    draw_cost: int
    draw_number: int
    draw_room: int
    draw_takes_last_card: bool

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data.update(can_draw=self.can_draw, draw_max=self.draw_max, draw_cost=self.draw_cost,
                    draw_number=self.draw_number, draw_room=self.draw_room,
                    draw_takes_last_card=self.draw_takes_last_card)
        return data


def new_round(options: BoxedOptions | None = None) -> ImperialState:
    """A fresh Imperial Poker round with the table's limits (RULES.md defaults when ``None``)."""
    return ImperialState(IMPERIAL, options or BoxedOptions())


def restore_round(data: Mapping[str, Any]) -> ImperialState:
    """An Imperial Poker round saved with :meth:`ImperialState.to_dict`."""
    state = ImperialState.from_dict(data, IMPERIAL)
    assert isinstance(state, ImperialState)  # from_dict builds ``cls``
    return state


def _discards(box: Box, cards: Sequence[Card | str] | str) -> list[Card]:
    """The cards to give up, checked against the hand; a reason a player can read if not.
    ``cards`` are cards or their names (``["Kd", "5s"]`` or ``"Kd 5s"``), never positions."""
    items = [cards] if isinstance(cards, str) else list(cards)
    if any(type(item) is int for item in items):
        raise TypeError("a Draw names the cards to give up (Card or 'Kd'), not their positions")
    try:
        chosen = parse_cards(" ".join(str(item) for item in items))
    except CardError as error:
        raise RuleError("Choose cards from the box to exchange: {error}.", error=error) from None
    if not chosen:
        raise RuleError("Choose the cards to exchange first: a Draw exchanges at least one card.")
    missing = [str(card) for card in chosen if card not in box.cards]
    if missing:
        raise RuleError("Box {box} does not hold {cards}: choose from its cards.",
                        box=box.position, cards=', '.join(missing))
    return chosen


def _imperial_hand(cards: Sequence[Card | None], core_name: str | None) -> str | None:
    """The Imperial name of a hand the view shows (the core's is None for hidden cards)."""
    if core_name is None or any(card is None for card in cards):
        return core_name
    return hand_text([card for card in cards if card is not None])


__all__ = ["Draw", "ImperialPrivateView", "ImperialState", "new_round", "restore_round"]
