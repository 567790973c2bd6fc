"""A boxed-game round as one state machine: boxes, deal, decisions, dealer, exchange, settlement.

Phases run in a fixed order (:class:`Phase`)::

    BETTING --close_betting()--> DEALING --deal(deck)--> DECISIONS --> [dealer reveal]
        --> EXCHANGE (only when the dealer does not qualify and a box may ask) --> SETTLED

* BETTING: each player places an Ante and/or a bonus on up to ``game.max_boxes`` boxes
  (``place_ante``/``place_bonus``, additive, like chips clicked onto a box), and may Undo the
  last placement, Clear everything or Rebet last round's boxes. The first
  ``game.max_open_boxes`` boxes (by position) with an Ante are open, the others blind. A blind
  box's BET (2 x Ante) is automatic: it goes into play with the placement that makes the box
  blind, so that no chips ever leave a wallet without the player's click (and a blind box
  that turns open when betting closes gets its BET back). Refused at once, with the reason:
  an Ante that breaks the factor-5 rule, a bet over ``max_ante``, a bonus without an Ante
  where the game needs one, a box the deck cannot serve.
* ``close_betting()``: Antes below ``min_ante`` and bonuses below the smallest chip are
  rejected and refunded, the others stand (removing boxes never breaks the factor-5 rule, so
  it needs no second check). The open boxes' play order is fixed: the larger Ante first where
  the game says so (2 Plus 4: "Die größere Wette wird immer zuerst gespielt"), so the second
  open box's Ante never exceeds the first's. Nobody left: SETTLED with nothing dealt.
* ``deal(deck)``: from the top of ``deck``, five cards to each box with a stake, seat by seat
  (seats in the order they first bet), boxes by position; then the dealer's cards, the last
  ``dealer.face_up`` of them face up. The rest of ``deck`` stays in the state: a Buy and the
  dealer's exchange draw from it, in the order they happen.
* DECISIONS: every player at once, each on their own "current box": the open boxes in play
  order (Buy / Bet / Fold; insurance is bought with the Bet, "before the Bet"); then the blind
  and bonus-only boxes are turned for their player and blind boxes with three of a kind or
  better may be insured ("Go on" ends that step). A box whose BET is placed automatically
  after a Buy waits for insurance or "Go on" only when it can be insured.
* Dealer reveal when every player is done. Not qualified and some box may ask for an
  exchange: EXCHANGE, where players click boxes (a second click cancels) and press "Go on";
  then the dealer's highest card is replaced once for every box that asked (repeats as the
  game's :class:`ExchangeRule` says). Then SETTLED: every bet of every box is settled by
  :func:`bot.games.boxed.rules.settle_box`, each player's total capped by
  ``max_round_payout``.

Timeouts (``timeout(seat)``, one step; ``timeout_pending()`` for the runtime's deadline) never
take chips from a wallet, because a timer has nobody to ask for them: an open box on turn is
AUTO FOLDED (its Ante lost; the BET would need chips the player never offered), a box whose
BET is already placed goes on without insurance, and an unconfirmed exchange is no exchange.

Every action is a trio, as in pokerkit: ``verify_x()`` raises :class:`RuleError` with a reason
a player can read, ``can_x()`` answers with a bool, ``x()`` applies it and returns its frozen
record (also appended to ``history``). No clock, no randomness, no I/O.

Imperial Poker adds Draw by subclassing: a ``verify_draw/can_draw/draw`` trio on a box in the
``deciding`` stage, built from :meth:`BoxedState._decision_box`, :meth:`_draw` (the next deck
card), a fee appended to ``box.fees`` and :meth:`_finish_box`; pay rules are already data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

from bot.games.boxed import moves
from bot.games.boxed.actions import (
    Action,
    Bet,
    Buy,
    ChooseOpenBoxes,
    ClearBets,
    CloseBetting,
    Deal,
    DealerExchange,
    DealerReveal,
    ExchangeConfirm,
    ExchangePick,
    Fold,
    GoOn,
    Insure,
    PlaceAnte,
    PlaceBonus,
    Rebet,
    Rejection,
    ShowBoxes,
    Showdown,
    UndoBet,
    action_from_dict,
)
from bot.games.boxed.betting import apply_layout, seat_cards, verify_layout, within_minimums
from bot.games.boxed.rules import BoxedGame, BoxedOptions, Phase, insurance_limits
from bot.games.boxed.seat import Box, Layout, Seat
from bot.games.boxed.showdown import exchange_dealer_card, seat_lines
from bot.games.boxed.views import PrivateView, PublicView, private_view, public_view
from bot.games.common import ChipFlow, RuleError, SeatId, Settlement, SettlementLine, permits, verify_saved
from bot.games.moves import MOST_CHIPS, Move, Moved, MoveOption, amount_range, round_step
from bot.games.records import DealerRound, bet_list
from bot.games.round import DeadlineKind
from bot.i18n import N_, Text, joined
from bot.poker import Card, evaluate_rank

_A = TypeVar("_A", bound=Action)


@dataclass
class BoxedState(DealerRound):
    """One round at one table. Build with ``BoxedState(game, options)``; save with :meth:`to_dict`
    and restore with ``BoxedState.from_dict(data, game)``."""

    game: BoxedGame
    options: BoxedOptions = field(default_factory=BoxedOptions)
    phase: Phase = Phase.BETTING
    seats: dict[SeatId, Seat] = field(default_factory=dict)
    """In the order the seats first bet; boxes are dealt in this order."""
    deck: tuple[Card, ...] = ()
    """The whole deck given to :meth:`deal`; ``deck[:drawn]`` are the cards dealt so far."""
    drawn: int = 0
    dealer: tuple[Card, ...] = ()
    """The dealer's cards now (after an exchange, with the new card in the old one's place)."""
    dealer_dealt: tuple[Card, ...] = ()
    """The dealer's cards as dealt: they settle insurance and every box that did not exchange."""
    revealed: bool = False
    history: list[Action] = field(default_factory=list)
    settlement: Settlement | None = None

    # ----------------------------------------------------------------------------- betting

    def verify_place_ante(self, seat: SeatId, box: int, amount: int) -> None:
        """An Ante adds ``amount`` chips to box ``box`` (1..4) of the seat."""
        self._verify_betting()
        _verify_amount(amount)
        self._verify_position(box)
        layout = self._layout(seat)
        ante, bonus = layout.get(box, (0, 0))
        layout[box] = (ante + amount, bonus)
        self._verify_layout(seat, layout)

    can_place_ante = permits(verify_place_ante)

    def place_ante(self, seat: SeatId, box: int, amount: int) -> PlaceAnte:
        self.verify_place_ante(seat, box, amount)
        layout = self._layout(seat)
        ante, bonus = layout.get(box, (0, 0))
        layout[box] = (ante + amount, bonus)
        flows = self._set_layout(seat, layout, undoable=True)
        return self._record(PlaceAnte(seat=seat, box=box, amount=amount, flows=flows))

    def verify_place_bonus(self, seat: SeatId, box: int, amount: int) -> None:
        """A bonus on the box's first five cards; 2 Plus 4 takes it with or instead of an Ante."""
        self._verify_betting()
        _verify_amount(amount)
        self._verify_position(box)
        layout = self._layout(seat)
        ante, bonus = layout.get(box, (0, 0))
        layout[box] = (ante, bonus + amount)
        self._verify_layout(seat, layout)

    can_place_bonus = permits(verify_place_bonus)

    def place_bonus(self, seat: SeatId, box: int, amount: int) -> PlaceBonus:
        self.verify_place_bonus(seat, box, amount)
        layout = self._layout(seat)
        ante, bonus = layout.get(box, (0, 0))
        layout[box] = (ante, bonus + amount)
        flows = self._set_layout(seat, layout, undoable=True)
        return self._record(PlaceBonus(seat=seat, box=box, amount=amount, flows=flows))

    def verify_rebet(self, seat: SeatId, previous: Mapping[int, tuple[int, int]]) -> None:
        """Rebet places last round's boxes (``box -> (ante, bonus)``, kept by the caller) again;
        each further Rebet adds them once more (Imperial seed point 6: "Jeder nachfolgende Klick
        auf 'Rebet', erhöht die Wette um die Summe der vorherigen Wette"), within the table's
        limits like any placement."""
        self._verify_betting()
        if not previous or any(ante < 0 or bonus < 0 or ante + bonus == 0
                               for ante, bonus in previous.values()):
            raise RuleError("There are no bets from your last round to repeat.")
        for box in previous:
            self._verify_position(box)
        self._verify_layout(seat, self._rebet_layout(seat, previous))

    can_rebet = permits(verify_rebet)

    def rebet(self, seat: SeatId, previous: Mapping[int, tuple[int, int]]) -> Rebet:
        self.verify_rebet(seat, previous)
        flows = self._set_layout(seat, self._rebet_layout(seat, previous), undoable=True)
        bets = tuple((box, ante, bonus) for box, (ante, bonus) in sorted(previous.items()))
        return self._record(Rebet(seat=seat, bets=bets, flows=flows))

    def _rebet_layout(self, seat: SeatId, previous: Mapping[int, tuple[int, int]]) -> Layout:
        """The seat's boxes with last round's bets added to what is on them now."""
        layout = self.seats[seat].layout() if seat in self.seats else {}
        for box, (ante, bonus) in previous.items():
            now_ante, now_bonus = layout.get(box, (0, 0))
            layout[box] = (now_ante + ante, now_bonus + bonus)
        return layout

    def verify_choose_open_boxes(self, seat: SeatId, count: int) -> None:
        """Open play on one or two boxes (seed point 5): the player may play fewer boxes open
        than the game allows; the rest of the boxes with an Ante are then blind."""
        self._verify_betting()
        limit = self.game.max_open_boxes
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= limit:
            raise RuleError("Choose how many boxes you play open: 1 to {limit}.", limit=limit)
        player = self.seats.get(seat)
        if player is None:
            raise RuleError("Place an Ante first; then choose how many of your boxes are open.")
        others = [(other.layout(), other.open_boxes) for other_seat, other in self.seats.items()
                  if other_seat != seat]
        verify_layout(self.game, self.options, player.layout(), others, count)

    can_choose_open_boxes = permits(verify_choose_open_boxes)

    def choose_open_boxes(self, seat: SeatId, count: int) -> ChooseOpenBoxes:
        self.verify_choose_open_boxes(seat, count)
        player = self.seats[seat]
        player.open_boxes = count
        flows = self._set_layout(seat, player.layout(), undoable=False)
        return self._record(ChooseOpenBoxes(seat=seat, count=count, flows=flows))

    def verify_undo(self, seat: SeatId) -> None:
        """Undo takes back the seat's latest placement while betting is open."""
        self._verify_betting()
        if seat not in self.seats or not self.seats[seat].undo:
            raise RuleError("You have no bets on the table this round.")

    can_undo = permits(verify_undo)

    def undo(self, seat: SeatId) -> UndoBet:
        self.verify_undo(seat)
        layout = self.seats[seat].undo.pop()
        flows = self._set_layout(seat, layout, undoable=False)
        return self._record(UndoBet(seat=seat, flows=flows))

    def verify_clear_bets(self, seat: SeatId) -> None:
        """Take every bet back at once (seed: the "Clear" button)."""
        self.verify_undo(seat)

    can_clear_bets = permits(verify_clear_bets)

    def clear_bets(self, seat: SeatId) -> ClearBets:
        self.verify_clear_bets(seat)
        flows = self._set_layout(seat, {}, undoable=False)
        return self._record(ClearBets(seat=seat, flows=flows))

    def verify_close_betting(self) -> None:
        self._verify_betting()

    can_close_betting = permits(verify_close_betting)

    def close_betting(self) -> CloseBetting:
        """End the window: refund Antes below the minimum (with the BET a blind box held, and
        the bonus where it needs an Ante) and bonuses below the smallest chip; fix the open
        boxes' play order."""
        self.verify_close_betting()
        rejected: list[Rejection] = []
        flows: list[ChipFlow] = []
        for seat_id, player in list(self.seats.items()):
            layout, refused = within_minimums(self.game, self.options, player)
            rejected += refused
            player.undo.clear()
            if refused:
                flows += self._set_layout(seat_id, layout, undoable=False)
        for player in self.seats.values():
            opens = [box for box in player.boxes.values() if box.kind == "open"]
            if self.game.larger_open_box_first:
                opens.sort(key=lambda box: (-box.ante, box.position))
            player.order = tuple(box.position for box in opens)
        action = CloseBetting(seats=tuple(self.seats), rejected=tuple(rejected), flows=tuple(flows))
        if self.seats:
            self.phase = Phase.DEALING
        else:
            self.phase = Phase.SETTLED
            self.settlement = Settlement(())
        return self._record(action)

    # -------------------------------------------------------------------------------- deal

    def cards_needed(self) -> int:
        """Cards the round may use: five per box, the dealer's, a Buy per open box and the
        exchanges. :meth:`deal` needs a deck at least this long."""
        seats = sum(seat_cards(self.game, player.layout(), player.open_boxes)
                    for player in self.seats.values())
        return seats + self.game.dealer_cards

    def verify_deal(self) -> None:
        if self.phase is not Phase.DEALING:
            raise RuleError("Cards are dealt once, after betting has closed.")

    can_deal = permits(verify_deal)

    def deal(self, deck: Sequence[Card | int]) -> Deal:
        """Deal from the top of ``deck`` (see the module docstring for the order); the rest of
        the deck is kept for Buys and the exchange. A deck too short or holding a card twice is
        the caller's bug, not a player's, so it raises ``ValueError``."""
        self.verify_deal()
        cards = tuple(Card(card) for card in deck)
        if len(set(cards)) != len(cards):
            raise ValueError("the deck holds a card twice")
        if len(cards) < self.cards_needed():
            raise ValueError(f"this round needs {self.cards_needed()} cards, the deck has {len(cards)}")
        self.deck, self.drawn = cards, 0
        size = self.game.box_cards
        for player in self.seats.values():
            for position in sorted(player.boxes):
                box = player.boxes[position]
                box.cards = box.dealt = self._draw(size)
        self.dealer = self.dealer_dealt = self._draw(self.game.dealer.cards)
        self.phase = Phase.DECISIONS
        action = self._record(Deal(seats=tuple(self.seats), dealer_up=self.dealer_up))
        for player in self.seats.values():
            player.turn = 0
            self._next_step(player)
        self._advance()
        return action

    @property
    def dealer_up(self) -> tuple[Card, ...]:
        """The dealer's face-up cards after the deal (the last ``face_up`` dealt)."""
        up = self.game.dealer.face_up
        return self.dealer_dealt[len(self.dealer_dealt) - up:] if self.dealer_dealt else ()

    # --------------------------------------------------------------------------- decisions

    def pending_seats(self) -> tuple[SeatId, ...]:
        """Seats that still have something to decide in this phase (empty outside them)."""
        if self.phase is Phase.DECISIONS:
            return tuple(seat for seat, player in self.seats.items() if player.step in ("box", "blind"))
        if self.phase is Phase.EXCHANGE:
            return tuple(seat for seat, player in self.seats.items() if not player.confirmed)
        return ()

    def current_box(self, seat: SeatId) -> int | None:
        """The position of the open box the seat decides now (None outside that step)."""
        player = self.seats.get(seat)
        box = player.current if player is not None and self.phase is Phase.DECISIONS else None
        return None if box is None else box.position

    def verify_buy(self, seat: SeatId) -> None:
        """Buy a sixth card for 1 Ante (seed point 9), once, before the Bet; an open box only."""
        box = self._decision_box(seat)
        if self.game.buy is None:
            raise RuleError("{game} has no Buy.", game=self.game.display_name)
        if box.bought:
            raise RuleError("You have already bought a sixth card for box {box}.", box=box.position)

    can_buy = permits(verify_buy)

    def buy_cost(self, seat: SeatId) -> int:
        """Chips a Buy takes from the wallet now, the BET it forces included (0: not allowed)."""
        if not self.can_buy(seat) or self.game.buy is None:
            return 0
        box = self._box_on_turn(seat)
        forced = self.buy_forces_bet()
        return box.ante * (self.game.buy.cost_antes + (self.game.bet_multiple if forced else 0))

    def buy_forces_bet(self) -> bool:
        """Whether a Buy now places the BET automatically (2 Plus 4: unless the dealer's face-up
        cards show a pair of kings or better, seed point 9)."""
        return self.game.buy is not None and self.game.buy.forces_bet(self.dealer_up)

    def buy(self, seat: SeatId) -> Buy:
        self.verify_buy(seat)
        assert self.game.buy is not None  # verify_buy refuses a game without Buy
        player, box = self.seats[seat], self._box_on_turn(seat)
        before = player.stakes()
        cost = box.ante * self.game.buy.cost_antes
        box.fees.append(("buy", cost))
        box.cards += self._draw(1)
        box.bought = True
        forced = self.buy_forces_bet()
        if forced:
            box.bet = self.game.bet_multiple * box.ante
        box.status = "BUY + BET" if forced else "BUY"
        action = self._record(Buy(seat=seat, box=box.position, cost=cost, forced_bet=box.bet,
                                  flows=player.flows_since(before)))
        if forced:
            if self._insurance(box) is not None:
                box.stage = "go_on"
            else:
                self._finish_box(player, box)
        return action

    def insurance_range(self, seat: SeatId, box: int) -> tuple[int, int] | None:
        """``(least, most)`` chips of insurance the seat may buy on ``box`` right now, if any."""
        player = self.seats.get(seat)
        if player is None or box not in player.boxes or self.phase is not Phase.DECISIONS:
            return None
        target = player.boxes[box]
        on_turn = player.current is target or (player.step == "blind" and target.kind == "blind")
        if not on_turn or target.insurance or target.stage not in ("deciding", "go_on"):
            return None
        return self._insurance(target)

    def verify_bet(self, seat: SeatId, insurance: int = 0) -> None:
        """The BET (2 x Ante) on the open box on turn, with ``insurance`` chips of insurance
        bought first (seed point 10: "Bevor der Einsatz erhöht werden kann ...")."""
        box = self._decision_box(seat)
        if insurance:
            self._verify_insurance(box, insurance)

    can_bet = permits(verify_bet)

    def bet_cost(self, seat: SeatId, insurance: int = 0) -> int:
        """Chips the Bet (with that insurance) takes from the wallet (0: not allowed now)."""
        if not self.can_bet(seat, insurance):
            return 0
        return self._box_on_turn(seat).ante * self.game.bet_multiple + insurance

    def bet(self, seat: SeatId, insurance: int = 0) -> Bet:
        self.verify_bet(seat, insurance)
        player, box = self.seats[seat], self._box_on_turn(seat)
        before = player.stakes()
        box.bet = self.game.bet_multiple * box.ante
        box.insurance = insurance
        box.status = "BET" + (" + INSURANCE" if insurance else "")
        action = self._record(Bet(seat=seat, box=box.position, amount=box.bet, insurance=insurance,
                                  flows=player.flows_since(before)))
        self._finish_box(player, box)
        return action

    def verify_fold(self, seat: SeatId) -> None:
        """Fold the open box on turn: its Ante is lost (and a Buy's price)."""
        self._decision_box(seat)

    can_fold = permits(verify_fold)

    def fold(self, seat: SeatId) -> Fold:
        self.verify_fold(seat)
        return self._fold(seat, auto=False)

    def verify_insure(self, seat: SeatId, box: int, amount: int) -> None:
        """Insurance on a box whose BET was placed automatically: the open box on turn after a
        forced Buy, or a blind box once the blind boxes are turned (seed points 10, 17)."""
        self._verify_decisions(seat)
        player = self.seats[seat]
        target = player.boxes.get(box)
        if target is None:
            raise RuleError("You have no box {box} in this round.", box=box)
        if player.current is target and target.stage == "deciding":
            raise RuleError("Box {box} has no BET yet: insurance is bought with the Bet.", box=box)
        on_turn = player.current is target or (player.step == "blind" and target.kind == "blind")
        if not on_turn or target.stage != "go_on":
            raise RuleError("Box {box} cannot be insured now.", box=box)
        self._verify_insurance(target, amount)

    can_insure = permits(verify_insure)

    def insure(self, seat: SeatId, box: int, amount: int) -> Insure:
        self.verify_insure(seat, box, amount)
        player = self.seats[seat]
        target = player.boxes[box]
        before = player.stakes()
        target.insurance = amount
        target.status = f"{target.status} + INSURANCE" if target.status else "INSURANCE"
        action = self._record(Insure(seat=seat, box=box, amount=amount, flows=player.flows_since(before)))
        if player.step == "box":
            self._finish_box(player, target)
        else:
            target.stage = "done"
            self._end_blind_step_if_done(player)
        return action

    def verify_go_on(self, seat: SeatId) -> None:
        """"Go on": past a box whose BET is placed (without more insurance), past the blind
        boxes' insurance, or, in the exchange phase, to confirm the boxes picked (seed 13-14)."""
        if self.phase is Phase.EXCHANGE:
            player = self.seats.get(seat)
            if player is None or player.confirmed:
                raise RuleError("You have nothing to decide in the exchange.")
            return
        self._verify_decisions(seat)
        player = self.seats[seat]
        box = player.current
        if box is not None and box.stage != "go_on":
            raise RuleError("Decide box {box} first: Buy, Bet or Fold.", box=box.position)

    can_go_on = permits(verify_go_on)

    def go_on(self, seat: SeatId) -> GoOn | ExchangeConfirm:
        self.verify_go_on(seat)
        return self._go_on(seat, auto=False)

    # ------------------------------------------------------------------------------ exchange

    def cards_left(self) -> int:
        """Cards of the deck not yet dealt, bought, drawn or exchanged."""
        return len(self.deck) - self.drawn

    def exchange_boxes(self, seat: SeatId) -> tuple[int, ...]:
        """Positions of the seat's boxes that may ask for the dealer's card exchange: none once
        the deck is exhausted (Imperial seed point 18: the dealer's card cannot be exchanged)."""
        player = self.seats.get(seat)
        if player is None or not self.cards_left():
            return ()
        allowed = ("open", "blind") if self.game.exchange.boxes == "any" else ("open",)
        return tuple(
            position for position, box in sorted(player.boxes.items())
            if box.ante and not box.folded and box.kind in allowed
        )

    def verify_pick_exchange(self, seat: SeatId, box: int) -> None:
        """A click on a box: request the exchange for it, or cancel that request (seed 13)."""
        if self.phase is not Phase.EXCHANGE:
            raise RuleError("The dealer's card can be exchanged only when the dealer does not qualify.")
        player = self.seats.get(seat)
        if player is None or player.confirmed:
            raise RuleError("You have nothing to decide in the exchange.")
        if box not in self.exchange_boxes(seat):
            raise RuleError(self._exchange_refusal(player.boxes.get(box), box))

    def _exchange_refusal(self, target: Box | None, box: int) -> str:
        """Why ``box`` cannot ask for the exchange, in the player's terms."""
        if target is None or not target.ante:
            return Text("Box {box} has no Ante, so it cannot take part in the exchange.", box=box)
        if target.folded:
            return Text("Box {box} folded, so it cannot take part in the exchange.", box=box)
        return Text("Box {box} is played blind, and only open boxes take part in the exchange here.", box=box)

    can_pick_exchange = permits(verify_pick_exchange)

    def pick_exchange(self, seat: SeatId, box: int) -> ExchangePick:
        self.verify_pick_exchange(seat, box)
        target = self.seats[seat].boxes[box]
        target.exchange = not target.exchange
        return self._record(ExchangePick(seat=seat, box=box, picked=target.exchange))

    # ------------------------------------------------------------------------------ timeouts

    def deadline_kind(self) -> DeadlineKind | None:
        """``"betting"`` while bets are open, ``"decision"`` while players decide, else None."""
        if self.phase is Phase.BETTING:
            return "betting"
        if self.phase in (Phase.DECISIONS, Phase.EXCHANGE):
            return "decision"
        return None

    def verify_timeout(self, seat: SeatId) -> None:
        """The runtime's call when a seat's decision timer runs out or the player leaves."""
        if seat not in self.pending_seats():
            raise RuleError("There is nothing to decide for you now.")

    can_timeout = permits(verify_timeout)

    def timeout(self, seat: SeatId) -> Fold | GoOn | ExchangeConfirm:
        """Decide the seat's current step (module docstring: no chips ever leave a wallet):
        an open box on turn AUTO FOLDED; a box with its BET placed, or the blind boxes, AUTO GO
        ON without insurance; the exchange AUTO GO ON with no box exchanged."""
        self.verify_timeout(seat)
        if self.phase is Phase.EXCHANGE:
            for unpicked in self.seats[seat].boxes.values():
                unpicked.exchange = False
            return self._go_on(seat, auto=True)
        box = self.seats[seat].current
        if box is not None and box.stage == "deciding":
            return self._fold(seat, auto=True)
        return self._go_on(seat, auto=True)

    def time_out(self, seat: SeatId) -> list[Moved]:
        return [round_step(record) for record in self.timeout_seat(seat)]

    def timeout_seat(self, seat: SeatId) -> list[Action]:
        """Every remaining step of ``seat`` in this phase timed out (a player who left)."""
        phase, records = self.phase, list[Action]()
        while self.phase is phase and seat in self.pending_seats():
            records.append(self.timeout(seat))
        return records

    def timeout_pending(self) -> list[Action]:
        """The phase's deadline passed: every pending seat timed out until the phase ends."""
        records = list[Action]()
        for seat in self.pending_seats():
            records += self.timeout_seat(seat)
        return records

    # -------------------------------------------------------------------------------- moves

    # ------------------------------------------------------------------ the round protocol

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        """What ``seat`` may do now, asked of the same checks the actions make: each box's Ante
        and bonus with the chips they may take, the open-box counts, each decision, insurance
        with its limits (a Bet's optional), the boxes that may ask for the exchange. Rebet
        is offered while betting is open: whether last round's boxes fit is checked when the
        table makes it with them."""
        return (*self._betting_moves(seat), *self._decision_moves(seat), *self._exchange_moves(seat))

    def _betting_moves(self, seat: SeatId) -> list[MoveOption]:
        if self.phase is not Phase.BETTING:
            return []
        options, cap = [], self.options.max_ante or MOST_CHIPS
        for move, can in ((moves.BoxAnte, self.can_place_ante), (moves.BoxBonus, self.can_place_bonus)):
            for box in range(1, self.game.max_boxes + 1):
                amounts = amount_range(partial(can, seat, box), cap)
                if amounts is not None:
                    options.append(MoveOption(move.kind, *amounts, box=box))
        options.append(MoveOption(moves.Rebet.kind))
        opened = tuple(count for count in range(self.game.max_open_boxes, 0, -1)
                       if self.can_choose_open_boxes(seat, count))
        if opened:
            options.append(MoveOption(moves.OpenBoxes.kind, choices=opened))
        if self.can_undo(seat):
            options += [MoveOption(moves.Undo.kind), MoveOption(moves.Clear.kind)]
        return options

    def _decision_moves(self, seat: SeatId) -> list[MoveOption]:
        options = [MoveOption(moves.Buy.kind)] if self.can_buy(seat) else []
        if self.can_bet(seat):
            on_turn = self.current_box(seat)
            limits = None if on_turn is None else self.insurance_range(seat, on_turn)
            options.append(MoveOption(moves.Bet.kind, optional=True) if limits is None
                           else MoveOption(moves.Bet.kind, *limits, optional=True))
        if self.can_fold(seat):
            options.append(MoveOption(moves.Fold.kind))
        player = self.seats.get(seat)
        for box in sorted(player.boxes) if player is not None else ():
            limits = self.insurance_range(seat, box)
            if limits is not None and self.can_insure(seat, box, limits[0]):
                options.append(MoveOption(moves.Insure.kind, *limits, box=box))
        return options

    def _exchange_moves(self, seat: SeatId) -> list[MoveOption]:
        options = [MoveOption(moves.PickExchange.kind, box=box) for box in self.exchange_boxes(seat)
                   if self.can_pick_exchange(seat, box)]
        return [*options, MoveOption(moves.GoOn.kind)] if self.can_go_on(seat) else options

    def apply(self, seat: SeatId, move: Move) -> Moved:
        """Make ``move`` for ``seat`` (``RuleError`` when the rules refuse it). No repeat key:
        each button names its box's step itself (the table's press steps), so a double click
        on Bet never falls through to the next box."""
        return Moved(self._make(seat, move))

    def _make(self, seat: SeatId, move: Move) -> Action:
        match move:
            case moves.BoxAnte(box, amount):
                return self.place_ante(seat, box, amount)
            case moves.BoxBonus(box, amount):
                return self.place_bonus(seat, box, amount)
            case moves.Rebet(previous):
                return self.rebet(seat, previous)
            case moves.OpenBoxes(count):
                return self.choose_open_boxes(seat, count)
            case moves.Undo():
                return self.undo(seat)
            case moves.Clear():
                return self.clear_bets(seat)
            case moves.Buy():
                return self.buy(seat)
            case moves.Bet(insurance):
                return self.bet(seat, insurance)
            case moves.Fold():
                return self.fold(seat)
            case moves.Insure(box, amount):
                return self.insure(seat, box, amount)
            case moves.GoOn():
                return self.go_on(seat)
            case moves.PickExchange(box):
                return self.pick_exchange(seat, box)
        raise RuleError("That is not a move of this game.")

    # ------------------------------------------------------------------------------ reading

    def bets_in_place(self, seat: SeatId) -> Text:
        """``"Box 1: Ante 20 · Bonus 5; Box 2: Ante 10"``."""
        player = self.seats.get(seat)
        return joined([] if player is None else [
            Text("Box {box}: {bets}", box=position, bets=box_bets(box))
            for position, box in sorted(player.boxes.items()) if box.ante or box.bonus], "; ")

    def memory(self) -> dict[Any, Any]:
        """Each seat's boxes (Ante and Bonus), for its Rebet next round."""
        return {seat: {str(box): list(bets) for box, bets in self.bets_of(seat).items()}
                for seat in self.seats if self.bets_of(seat)}

    def final_hands(self) -> dict[SeatId, list[Sequence[Card]]]:
        """Every box a player played (its hand at the end: a bought card, Imperial's draw)."""
        return {seat: [box.cards for box in player.boxes.values() if box.cards]
                for seat, player in self.seats.items()}

    def bets_of(self, seat: SeatId) -> dict[int, tuple[int, int]]:
        """The seat's boxes as ``box -> (ante, bonus)``: what the next round's Rebet repeats."""
        player = self.seats.get(seat)
        return player.layout() if player is not None else {}

    def dealt_cards(self) -> list[Card]:
        """Every card dealt or drawn so far, in deck order (to check against the revealed seed)."""
        return list(self.deck[: self.drawn])

    def dealer_qualified(self) -> bool | None:
        """Whether the dealer's hand as revealed qualifies (None before the reveal)."""
        if not self.revealed:
            return None
        return evaluate_rank(self.dealer_dealt) >= self.game.dealer.qualifying_value

    def public_view(self) -> PublicView:
        """What everyone at the table may see right now (:mod:`bot.games.boxed.views`)."""
        return public_view(self)

    def private_view(self, seat: SeatId) -> PrivateView:
        """What ``seat`` alone may see and do right now."""
        return private_view(self, seat)

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_dict` with the same game restores an equal state."""
        return {
            "game": self.game.name,
            "version": 1,
            "options": self.options.to_dict(),
            "phase": self.phase.label,
            "seats": [player.to_dict() for player in self.seats.values()],
            "deck": [str(card) for card in self.deck],
            "drawn": self.drawn,
            "dealer": [str(card) for card in self.dealer],
            "dealer_dealt": [str(card) for card in self.dealer_dealt],
            "revealed": self.revealed,
            "history": [action.to_dict() for action in self.history],
            "settlement": None if self.settlement is None else self.settlement.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], game: BoxedGame) -> BoxedState:
        verify_saved(data, game.name, f"{game.display_name} round")
        seats = [Seat.from_dict(item) for item in data["seats"]]
        settlement = data["settlement"]
        return cls(
            game=game,
            options=BoxedOptions.from_dict(data["options"]),
            phase=Phase[str(data["phase"]).upper()],
            seats={player.seat: player for player in seats},
            deck=tuple(Card(card) for card in data["deck"]),
            drawn=int(data["drawn"]),
            dealer=tuple(Card(card) for card in data["dealer"]),
            dealer_dealt=tuple(Card(card) for card in data["dealer_dealt"]),
            revealed=bool(data["revealed"]),
            history=[action_from_dict(item) for item in data["history"]],
            settlement=None if settlement is None else Settlement.from_dict(settlement),
        )

    # ----------------------------------------------------------------------------- helpers

    def _verify_position(self, box: int) -> None:
        if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= self.game.max_boxes:
            raise RuleError("Choose a box from 1 to {boxes}.", boxes=self.game.max_boxes)

    def _layout(self, seat: SeatId) -> Layout:
        player = self.seats.get(seat)
        return player.layout() if player is not None else {}

    def _verify_layout(self, seat: SeatId, layout: Layout) -> None:
        others = ((player.layout(), player.open_boxes) for other, player in self.seats.items()
                  if other != seat)
        chosen = self.seats[seat].open_boxes if seat in self.seats else 0
        verify_layout(self.game, self.options, layout, others, chosen)

    def _set_layout(self, seat: SeatId, layout: Layout, *, undoable: bool) -> tuple[ChipFlow, ...]:
        """Put the seat's boxes in ``layout`` (:func:`apply_layout`). Returns the chips that
        moved; a seat left with nothing leaves the round."""
        player = self.seats.get(seat) or Seat(seat)
        before = player.stakes()
        if undoable:
            player.undo.append(player.layout())
        apply_layout(self.game, player, layout)
        flows = player.flows_since(before)
        if player.boxes:
            self.seats[seat] = player
        else:
            self.seats.pop(seat, None)
        return flows

    # --------------------------------------------------------------------- decision helpers

    def _draw(self, count: int) -> tuple[Card, ...]:
        """The next ``count`` cards of the deck (the reserve in :meth:`cards_needed` covers it)."""
        cards = self.deck[self.drawn : self.drawn + count]
        if len(cards) != count:
            raise ValueError("the deck is exhausted")  # cards_needed() rules this out
        self.drawn += count
        return cards

    def _verify_decisions(self, seat: SeatId) -> None:
        if self.phase is not Phase.DECISIONS:
            if self.phase in (Phase.BETTING, Phase.DEALING):
                raise RuleError("The cards have not been dealt yet.")
            raise RuleError("The boxes are decided: the dealer has shown his cards.")
        player = self.seats.get(seat)
        if player is None:
            raise RuleError("You have no boxes in this round.")
        if player.step == "done":
            raise RuleError("You have made all your decisions: wait for the dealer.")

    def _decision_box(self, seat: SeatId) -> Box:
        """The open box on turn, still to decide (Buy, Bet, Fold); otherwise a reason why not."""
        self._verify_decisions(seat)
        box = self.seats[seat].current
        if box is None:
            raise RuleError("Your open boxes are decided: insure your blind boxes or Go on.")
        if box.stage == "go_on":
            raise RuleError("The BET on box {box} is placed: insure it or Go on.", box=box.position)
        return box

    def _box_on_turn(self, seat: SeatId) -> Box:
        box = self.seats[seat].current
        assert box is not None  # every caller verified the step first
        return box

    def _insurance(self, box: Box) -> tuple[int, int] | None:
        return insurance_limits(self.game, self.options, box.ante, box.cards, evaluate_rank(box.cards))

    def _verify_insurance(self, box: Box, amount: int) -> None:
        _verify_amount(amount)
        limits = self._insurance(box)
        if limits is None:
            raise RuleError(
                "Insurance needs {hand} or better on box {box}.",
                hand=self.game.insurance_class.label, box=box.position
            )
        if not limits[0] <= amount <= limits[1]:
            raise RuleError(
                "Insurance on box {box} is from {low} (1 Ante) to {high} chips (the BET's "
                "potential payout, within the table's maximum).",
                box=box.position, low=limits[0], high=limits[1]
            )

    def _fold(self, seat: SeatId, *, auto: bool) -> Fold:
        player, box = self.seats[seat], self._box_on_turn(seat)
        box.folded = True
        action = self._record(Fold(seat=seat, box=box.position, auto=auto))
        box.status = Text("AUTO FOLDED") if auto else Text("FOLD")
        self._finish_box(player, box)
        return action

    def _go_on(self, seat: SeatId, *, auto: bool) -> GoOn | ExchangeConfirm:
        player = self.seats[seat]
        if self.phase is Phase.EXCHANGE:
            picked = tuple(position for position, box in sorted(player.boxes.items()) if box.exchange)
            player.confirmed = True
            confirm = self._record(ExchangeConfirm(seat=seat, boxes=picked, auto=auto))
            self._advance()
            return confirm
        box = player.current
        action = self._record(GoOn(seat=seat, box=0 if box is None else box.position, auto=auto))
        if box is not None:
            self._finish_box(player, box)
            return action
        for blind in player.boxes.values():
            if blind.stage == "go_on":
                blind.stage = "done"
        self._end_blind_step_if_done(player)
        return action

    def _finish_box(self, player: Seat, box: Box) -> None:
        """The open box on turn is decided: the next open box, or the blind step, comes up."""
        box.stage = "done"
        player.turn += 1
        self._next_step(player)
        self._advance()

    def _next_step(self, player: Seat) -> None:
        if player.turn < len(player.order):
            player.boxes[player.order[player.turn]].stage = "deciding"
            player.step = "box"
            return
        rest = [box for position, box in sorted(player.boxes.items()) if box.kind != "open"]
        if rest and not player.shown:
            player.shown = True
            for box in rest:
                insurable = box.kind == "blind" and self._insurance(box) is not None
                box.stage = "go_on" if insurable else "done"
                box.status = Text("BET (blind)") if box.kind == "blind" else Text("BONUS ONLY")
            self._record(ShowBoxes(seat=player.seat, boxes=tuple(box.position for box in rest)))
        player.step = "blind" if any(box.stage == "go_on" for box in rest) else "done"

    def _end_blind_step_if_done(self, player: Seat) -> None:
        if not any(box.stage == "go_on" for box in player.boxes.values()):
            player.step = "done"
        self._advance()

    def _advance(self) -> None:
        """Move the round on while nobody has anything left to decide."""
        if self.pending_seats():
            return
        if self.phase is Phase.DECISIONS:
            self._reveal_dealer()
        elif self.phase is Phase.EXCHANGE:
            self._exchange()
            self._settle()

    def _reveal_dealer(self) -> None:
        self.revealed = True
        qualified = bool(self.dealer_qualified())
        self._record(DealerReveal(cards=self.dealer, qualified=qualified))
        if not qualified:
            for seat, player in self.seats.items():
                player.confirmed = not self.exchange_boxes(seat)
            if any(not player.confirmed for player in self.seats.values()):
                self.phase = Phase.EXCHANGE
                return
        self._settle()

    def _exchange(self) -> None:
        """The dealer's exchange, once for every box that asked for it (if any did)."""
        boxes = tuple((seat, position) for seat, player in self.seats.items()
                      for position, box in sorted(player.boxes.items()) if box.exchange)
        if boxes:
            done = exchange_dealer_card(self.game, self.dealer, lambda: self._draw(1)[0],
                                        cards_left=self.cards_left())
            self.dealer = done.dealer
            self._record(DealerExchange(replaced=done.replaced, drawn=done.drawn, boxes=boxes,
                                        qualified=done.qualified))

    def _settle(self) -> None:
        dealt, final = evaluate_rank(self.dealer_dealt), evaluate_rank(self.dealer)
        lines: list[SettlementLine] = []
        for player in self.seats.values():
            lines += seat_lines(self.game, self.options, player, dealt, final)
        self.settlement = Settlement(tuple(lines))
        self.phase = Phase.SETTLED
        self._record(Showdown(house_net=self.settlement.house_net))


def _verify_amount(amount: int) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleError("A bet is a whole number of chips, at least 1.")



__all__ = ["BoxedState", "Phase"]


class BoxBets(Protocol):
    @property
    def ante(self) -> int: ...
    @property
    def bet(self) -> int: ...
    @property
    def bonus(self) -> int: ...
    @property
    def insurance(self) -> int: ...


def box_bets(box: BoxBets) -> Text:
    """``"Ante 20 · Bet 40 · Bonus 5"``: a box's bets as the rules name them."""
    return bet_list((N_("Ante"), box.ante), (N_("Bet"), box.bet), (N_("Bonus"), box.bonus),
                    (N_("Ins."), box.insurance))
