"""The Ultimate Texas Hold'em round as one state machine: bets, deal, three streets, showdown.

Phases run in a fixed order (:class:`Phase`)::

    BETTING --close_betting()--> DEALING --deal(deck)--> PREFLOP -> FLOP -> RIVER -> SETTLED

* BETTING (seed, "Einsatz platzieren"): any player places an Ante within the table limits; the
  Blind is placed with it, equal to it ("ermittelt und platziert das System automatisch den
  passenden BLIND-Einsatz"); Trips only once an Ante stands ("nachdem Ihr ANTE-Einsatz
  akzeptiert wurde"). Undo takes placements back in reverse order, Rebet repeats last round's
  bets, Double doubles the bets once, capped at the table maximum ("nur einmal verdoppeln",
  "bis zum Höchsteinsatz"). A bet over the maximum is refused when placed.
* ``close_betting()`` ("Einsatzzeit verstrichen"): bets below the minimum are rejected and
  refunded, the others stand; seats without a valid Ante drop out. Nobody left: the round
  ends (SETTLED, an empty settlement) with nothing dealt.
* ``deal(deck)``: two cards to every seat, two hidden to the dealer, five hidden to the board.
* PREFLOP: Raise 4x or 3x the Ante, or Check. FLOP (three board cards shown): Raise 2x or
  Check, only seats that have not raised. RIVER (turn and river shown): Raise 1x or Fold,
  only seats that have not raised. Seats decide simultaneously; the street advances as soon
  as every seat that still has to decide has decided. ``timeout(seat)`` decides for a seat
  whose timer ran out (or who left): AUTO CHECKED before the river, AUTO FOLDED on it.
* SETTLED: the dealer's cards are shown and every bet is settled by
  :func:`bot.games.uth.rules.settle_hand`.

Every action comes as a trio, as in pokerkit: ``verify_x()`` raises :class:`RuleError` with a
reason a player can read, ``can_x()`` answers with a bool, ``x()`` applies the action and
returns its record (also appended to ``history``). The engine has no clock, no randomness and
no I/O: the caller passes a shuffled deck and forwards the players' decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from bot.games.common import ChipFlow, RuleError, SeatId, Settlement, SettlementLine, permits, verify_saved
from bot.games.moves import Move, Moved, MoveOption
from bot.games.records import DealerRound, bet_list
from bot.games.round import DeadlineKind
from bot.games.uth import moves
from bot.games.uth.actions import (
    Action,
    AnteBet,
    Check,
    ClearBets,
    CloseBetting,
    Deal,
    DoubleBets,
    Fold,
    Raise,
    Rebet,
    Rejection,
    Reveal,
    Showdown,
    TripsBet,
    UndoBet,
    action_from_dict,
)
from bot.games.uth.rules import (
    DECISION_PHASES,
    RAISE_MULTIPLES,
    HandReturns,
    Phase,
    UTHOptions,
    dealer_qualifies,
    settle_hand,
    settlement_lines,
)
from bot.games.uth.views import PrivateView, PublicView, private_view, public_view
from bot.i18n import N_, Text
from bot.poker import Card, HandValue, evaluate

_A = TypeVar("_A", bound=Action)


class UTHBets(NamedTuple):
    """A seat's Ante and Trips (the Blind always equals the Ante): what Rebet repeats."""

    ante: int
    trips: int = 0


class Placement(NamedTuple):
    """One step on a seat's Undo stack: the chips it added to the Ante and to Trips."""

    kind: str
    ante: int
    trips: int


@dataclass
class UTHSeat:
    """One player's hand and bets. ``status`` is the last decision's label, for the views."""

    seat: SeatId
    ante: int = 0
    trips: int = 0
    placements: list[Placement] = field(default_factory=list)
    hole: tuple[Card, ...] = ()
    play: int = 0
    raised_on: str | None = None
    folded: bool = False
    decided: bool = False
    status: str = ""

    @property
    def blind(self) -> int:
        return self.ante

    @property
    def staked(self) -> int:
        """All chips this seat has in play: Ante, Blind, Trips and Play."""
        return 2 * self.ante + self.trips + self.play

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "ante": self.ante,
            "trips": self.trips,
            "placements": [list(placement) for placement in self.placements],
            "hole": [str(card) for card in self.hole],
            "play": self.play,
            "raised_on": self.raised_on,
            "folded": self.folded,
            "decided": self.decided,
            "status": self.status,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UTHSeat:
        return cls(
            seat=int(data["seat"]),
            ante=int(data["ante"]),
            trips=int(data["trips"]),
            placements=[Placement(str(k), int(a), int(t)) for k, a, t in data["placements"]],
            hole=tuple(Card(card) for card in data["hole"]),
            play=int(data["play"]),
            raised_on=None if data["raised_on"] is None else str(data["raised_on"]),
            folded=bool(data["folded"]),
            decided=bool(data["decided"]),
            status=str(data["status"]),
        )


@dataclass
class UTHState(DealerRound):
    """One round at one table. Build with ``UTHState(options)``; save with :meth:`to_dict`."""

    options: UTHOptions = field(default_factory=UTHOptions)
    phase: Phase = Phase.BETTING
    seats: dict[SeatId, UTHSeat] = field(default_factory=dict)
    """In the order the seats first bet; cards are dealt in this order."""
    dealer: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    revealed: int = 0
    """How many board cards are face up: 0, 3 or 5."""
    history: list[Action] = field(default_factory=list)
    settlement: Settlement | None = None

    # ----------------------------------------------------------------------------- betting

    def verify_place_ante(self, seat: SeatId, amount: int) -> None:
        """An Ante adds to the seat's Ante (and Blind); the total may not pass ``max_bet``."""
        self._verify_betting()
        _verify_amount(amount)
        current = self.seats.get(seat)
        if current is None and len(self.seats) >= self.options.max_seats:
            raise RuleError(
                "This round is full ({seats} hands): join the next round.", seats=self.options.max_seats
            )
        total = amount + (current.ante if current else 0)
        if total > self.options.max_bet:
            raise RuleError(
                "That would make your Ante {total}, over the table maximum of {limit}.",
                total=total, limit=self.options.max_bet
            )

    can_place_ante = permits(verify_place_ante)

    def place_ante(self, seat: SeatId, amount: int) -> AnteBet:
        self.verify_place_ante(seat, amount)
        player = self.seats.setdefault(seat, UTHSeat(seat))
        player.ante += amount
        player.placements.append(Placement("ante", amount, 0))
        return self._record(AnteBet(seat=seat, amount=amount, flows=_ante_flows(seat, amount)))

    def verify_place_trips(self, seat: SeatId, amount: int) -> None:
        """Trips is accepted only after the seat's Ante (seed, "TRIPS-EINSATZ")."""
        self._verify_betting()
        _verify_amount(amount)
        player = self.seats.get(seat)
        if player is None or player.ante == 0:
            raise RuleError("Place an Ante first: Trips is accepted only after your Ante.")
        total = player.trips + amount
        if total > self.options.trips_max:
            raise RuleError(
                "That would make your Trips {total}, over the table maximum of {limit}.",
                total=total, limit=self.options.trips_max
            )

    can_place_trips = permits(verify_place_trips)

    def place_trips(self, seat: SeatId, amount: int) -> TripsBet:
        self.verify_place_trips(seat, amount)
        player = self.seats[seat]
        player.trips += amount
        player.placements.append(Placement("trips", 0, amount))
        return self._record(
            TripsBet(seat=seat, amount=amount, flows=(ChipFlow(seat, "trips", amount),))
        )

    def verify_rebet(self, seat: SeatId, previous: UTHBets) -> None:
        """Rebet places ``previous`` (last round's bets, kept by the caller) on an empty spot."""
        self._verify_betting()
        if previous.ante <= 0 or previous.trips < 0:
            raise RuleError("There are no bets from your last round to repeat.")
        if seat in self.seats:
            raise RuleError("Rebet repeats last round's bets on an empty spot: undo your bets first.")
        if len(self.seats) >= self.options.max_seats:
            raise RuleError(
                "This round is full ({seats} hands): join the next round.", seats=self.options.max_seats
            )
        if previous.ante > self.options.max_bet:
            raise RuleError(
                "Last round's Ante of {amount} is over this table's maximum of {limit}.",
                amount=previous.ante, limit=self.options.max_bet
            )
        if previous.trips > self.options.trips_max:
            raise RuleError(
                "Last round's Trips of {amount} is over this table's maximum of {limit}.",
                amount=previous.trips, limit=self.options.trips_max
            )

    can_rebet = permits(verify_rebet)

    def rebet(self, seat: SeatId, previous: UTHBets) -> Rebet:
        self.verify_rebet(seat, previous)
        ante, trips = previous.ante, previous.trips
        self.seats[seat] = UTHSeat(seat, ante=ante, trips=trips,
                                   placements=[Placement("rebet", ante, trips)])
        flows = _ante_flows(seat, ante) + ((ChipFlow(seat, "trips", trips),) if trips else ())
        return self._record(Rebet(seat=seat, ante=ante, trips=trips, flows=flows))

    def verify_double(self, seat: SeatId) -> None:
        """Double: every bet of the seat doubled once per round, each up to its table maximum."""
        self._verify_betting()
        player = self._betting_seat(seat)
        if any(placement.kind == "double" for placement in player.placements):
            raise RuleError("You can double only once per round.")
        ante_add, trips_add = self._double_amounts(player)
        if ante_add == 0 and trips_add == 0:
            raise RuleError("Your bets are already at the table maximum.")

    can_double = permits(verify_double)

    def double_cost(self, seat: SeatId) -> int:
        """Chips a Double would take from the wallet now (0 when it is not allowed)."""
        if not self.can_double(seat):
            return 0
        ante_add, trips_add = self._double_amounts(self.seats[seat])
        return 2 * ante_add + trips_add

    def double(self, seat: SeatId) -> DoubleBets:
        self.verify_double(seat)
        player = self.seats[seat]
        ante_add, trips_add = self._double_amounts(player)
        player.ante += ante_add
        player.trips += trips_add
        player.placements.append(Placement("double", ante_add, trips_add))
        flows = _ante_flows(seat, ante_add) if ante_add else ()
        if trips_add:
            flows += (ChipFlow(seat, "trips", trips_add),)
        return self._record(DoubleBets(seat=seat, ante=ante_add, trips=trips_add, flows=flows))

    def verify_undo(self, seat: SeatId) -> None:
        """Undo takes back the seat's latest placement while the window is open."""
        self._verify_betting()
        self._betting_seat(seat)

    can_undo = permits(verify_undo)

    def undo(self, seat: SeatId) -> UndoBet:
        self.verify_undo(seat)
        player = self.seats[seat]
        placement = player.placements.pop()
        flows = self._take_back(player, placement.ante, placement.trips)
        return self._record(UndoBet(seat=seat, undone=placement.kind, flows=flows))

    def verify_clear_bets(self, seat: SeatId) -> None:
        """Take every bet back at once (seed, "LÖSCHEN ... alle getätigten Einsätze")."""
        self._verify_betting()
        self._betting_seat(seat)

    can_clear_bets = permits(verify_clear_bets)

    def clear_bets(self, seat: SeatId) -> ClearBets:
        self.verify_clear_bets(seat)
        player = self.seats[seat]
        player.placements.clear()
        flows = self._take_back(player, player.ante, player.trips)
        return self._record(ClearBets(seat=seat, flows=flows))

    def verify_close_betting(self) -> None:
        self._verify_betting()

    can_close_betting = permits(verify_close_betting)

    def close_betting(self) -> CloseBetting:
        """End the window: reject and refund bets below the minimum, keep the others.

        Seed, "Einsatz platzieren": a bet below the minimum "wird abgewiesen, sobald die
        Einsatzzeit verstrichen ist"; of several bets only those below the minimum are
        rejected. A rejected Ante takes its Blind and the seat's Trips with it (Trips needs an
        Ante); a Trips below its minimum is rejected alone.
        """
        self.verify_close_betting()
        rejected: list[Rejection] = []
        flows: list[ChipFlow] = []
        minimum, trips_minimum = self.options.min_bet, self.options.trips_min
        for seat_id, player in list(self.seats.items()):
            player.placements.clear()
            if player.ante < minimum:
                reason = Text("Ante below the table minimum of {minimum}", minimum=minimum)
                rejected.append(Rejection(seat_id, "ante", player.ante, reason))
                rejected.append(Rejection(seat_id, "blind", player.ante, reason))
                if player.trips:
                    rejected.append(Rejection(seat_id, "trips", player.trips, Text("Trips needs an Ante")))
                flows += self._take_back(player, player.ante, player.trips)
            elif 0 < player.trips < trips_minimum:
                reason = Text("Trips below the table minimum of {minimum}", minimum=trips_minimum)
                rejected.append(Rejection(seat_id, "trips", player.trips, reason))
                flows += self._take_back(player, 0, player.trips)
        action = CloseBetting(seats=tuple(self.seats), rejected=tuple(rejected), flows=tuple(flows))
        if self.seats:
            self.phase = Phase.DEALING
        else:
            self.phase = Phase.SETTLED
            self.settlement = Settlement(())
        return self._record(action)

    # -------------------------------------------------------------------------------- deal

    def verify_deal(self) -> None:
        if self.phase is not Phase.DEALING:
            raise RuleError("Cards are dealt once, after the betting window has closed.")

    can_deal = permits(verify_deal)

    def deal(self, deck: Sequence[Card | int]) -> Deal:
        """Deal from the top of ``deck``: two cards to each seat in turn (seat order), then
        two to the dealer, then five to the board. ``deck`` needs ``2 * seats + 7`` cards.

        A malformed deck is the caller's bug, not a player's, so it raises ``ValueError``.
        """
        self.verify_deal()
        count = len(self.seats)
        needed = 2 * count + 7
        cards = [Card(card) for card in deck[:needed]]
        if len(cards) < needed:
            raise ValueError(f"{count} seats need {needed} cards, the deck has {len(deck)}")
        if len(set(cards)) != needed:
            raise ValueError("the deck holds a card twice")
        for index, player in enumerate(self.seats.values()):
            player.hole = (cards[2 * index], cards[2 * index + 1])
        self.dealer = (cards[2 * count], cards[2 * count + 1])
        self.board = tuple(cards[2 * count + 2 : needed])
        self.phase = Phase.PREFLOP
        return self._record(Deal(seats=tuple(self.seats)))

    def dealt_cards(self) -> list[Card]:
        """The cards dealt, in the order :meth:`deal` took them from the deck (empty before
        the deal): what a provably fair shuffle's check compares with the deck."""
        if not self.dealer:
            return []
        holes = [card for player in self.seats.values() for card in player.hole]
        return [*holes, *self.dealer, *self.board]

    # -------------------------------------------------------------------------------- moves

    # ------------------------------------------------------------------ the round protocol

    def deadline_kind(self) -> DeadlineKind | None:
        if self.phase is Phase.BETTING:
            return "betting"
        return "decision" if self.phase in DECISION_PHASES else None

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        """What ``seat`` may do now, each bet with the chips it may take and a Raise with the
        multiples open on this street: asked of the same checks the actions make. Only the
        phase's own moves are asked about: every bet's check refuses outside the betting window
        and every decision's outside the streets, and a table asks every seat at each redraw."""
        if self.phase is Phase.BETTING:
            return self._betting_moves(seat)
        return self._decision_moves(seat) if self.phase in DECISION_PHASES else ()

    def _betting_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        player = self.seats.get(seat)
        options: list[MoveOption] = []
        for move, limit, current, can in (
                (moves.Ante, self.options.max_bet, player.ante if player else 0, self.can_place_ante),
                (moves.Trips, self.options.trips_max, player.trips if player else 0, self.can_place_trips)):
            if limit - current > 0 and can(seat, 1):
                options.append(MoveOption(move.kind, 1, limit - current))
        plain: tuple[tuple[type[moves.UTHMove], bool], ...] = (
            (moves.Rebet, self.can_rebet(seat, UTHBets(1, 0))), (moves.Double, self.can_double(seat)),
            (moves.Undo, self.can_undo(seat)), (moves.Clear, self.can_clear_bets(seat)))
        return (*options, *(MoveOption(move.kind) for move, can_make in plain if can_make))

    def _decision_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        raises = tuple(times for times in RAISE_MULTIPLES.get(self.phase, ())
                       if self.can_raise_bet(seat, times))
        options = [MoveOption(moves.Raise.kind, choices=raises)] if raises else []
        options += [MoveOption(move.kind) for move, can_make in
                    ((moves.Check, self.can_check(seat)), (moves.Fold, self.can_fold(seat))) if can_make]
        return tuple(options)

    def apply(self, seat: SeatId, move: Move) -> Moved:
        """Make ``move`` for ``seat`` (``RuleError`` when the rules refuse it). A decision's
        repeat key is the street's: one decision per seat per street."""
        decided = f"decide:{self.phase.label}:{seat}"
        match move:
            case moves.Ante(amount):
                return Moved(self.place_ante(seat, amount))
            case moves.Trips(amount):
                return Moved(self.place_trips(seat, amount))
            case moves.Rebet(ante, trips):
                return Moved(self.rebet(seat, UTHBets(ante, trips)))
            case moves.Double():
                return Moved(self.double(seat))
            case moves.Undo():
                return Moved(self.undo(seat))
            case moves.Clear():
                return Moved(self.clear_bets(seat))
            case moves.Raise(times):
                return Moved(self.raise_bet(seat, times), decided)
            case moves.Check():
                return Moved(self.check(seat), decided)
            case moves.Fold():
                return Moved(self.fold(seat), decided)
        raise RuleError("That is not a move of this game.")

    # --------------------------------------------------------------------------- decisions

    def pending_seats(self) -> tuple[SeatId, ...]:
        """Seats that still have to decide on the current street (empty outside them)."""
        if self.phase not in DECISION_PHASES:
            return ()
        return tuple(seat for seat, player in self.seats.items() if _pending(player))

    def verify_raise_bet(self, seat: SeatId, multiple: int) -> None:
        """Raise puts ``multiple`` x Ante on Play: 4x or 3x pre-flop, 2x on the flop, 1x on
        the river (seed, "Jetzt entscheiden"); once raised, a seat makes no more decisions."""
        self._verify_decision(seat)
        allowed = RAISE_MULTIPLES[self.phase]
        if multiple not in allowed:
            sizes = " or ".join(f"{size}x" for size in allowed)
            raise RuleError("On the {street} you can raise {sizes} your Ante.",
                            street=self.phase.label, sizes=sizes)

    can_raise_bet = permits(verify_raise_bet)

    def raise_cost(self, seat: SeatId, multiple: int) -> int:
        """Chips a Raise of ``multiple`` x Ante takes from the wallet (0 if not allowed now)."""
        return self.seats[seat].ante * multiple if self.can_raise_bet(seat, multiple) else 0

    def raise_bet(self, seat: SeatId, multiple: int) -> Raise:
        self.verify_raise_bet(seat, multiple)
        player = self.seats[seat]
        amount = player.ante * multiple
        player.play = amount
        player.raised_on = self.phase.label
        player.decided = True
        player.status = Text("RAISE {times}x", times=multiple)
        action = Raise(seat=seat, street=self.phase.label, multiple=multiple, amount=amount,
                       flows=(ChipFlow(seat, "play", amount),))
        return self._decided(action)

    def verify_check(self, seat: SeatId) -> None:
        """Check keeps the seat in without a Play bet, pre-flop and on the flop only."""
        self._verify_decision(seat)
        if self.phase is Phase.RIVER:
            raise RuleError("On the river you must raise 1x or fold.")

    can_check = permits(verify_check)

    def check(self, seat: SeatId) -> Check:
        self.verify_check(seat)
        return self._check(seat, auto=False)

    def verify_fold(self, seat: SeatId) -> None:
        """Fold gives up Ante and Blind; only on the river, instead of raising 1x."""
        self._verify_decision(seat)
        if self.phase is not Phase.RIVER:
            raise RuleError("You can fold only on the river; now you can raise or check.")

    can_fold = permits(verify_fold)

    def fold(self, seat: SeatId) -> Fold:
        self.verify_fold(seat)
        return self._fold(seat, auto=False)

    def time_out(self, seat: SeatId) -> list[Moved]:
        decided = f"decide:{self.phase.label}:{seat}"
        return [Moved(self.timeout(seat), decided, seat=seat)]

    def verify_timeout(self, seat: SeatId) -> None:
        """The runtime's call when a seat's decision timer runs out or the player leaves."""
        self._verify_decision(seat)

    can_timeout = permits(verify_timeout)

    def timeout(self, seat: SeatId) -> Check | Fold:
        """AUTO CHECKED pre-flop and on the flop, AUTO FOLDED on the river (seed: "Sollten Sie
        während der Entscheidungszeit keine Entscheidung getroffen haben ...")."""
        self.verify_timeout(seat)
        if self.phase is Phase.RIVER:
            return self._fold(seat, auto=True)
        return self._check(seat, auto=True)

    # ------------------------------------------------------------------------------ reading

    def memory(self) -> dict[Any, Any]:
        """Each seat's Ante and Trips, for its Rebet next round."""
        return {seat: list(bets) for seat in self.seats
                if (bets := self.bets_of(seat)) is not None and bets.ante > 0}

    def final_hands(self) -> dict[SeatId, list[Sequence[Card]]]:
        return {seat: [player.hole + self.board] for seat, player in self.seats.items() if player.hole}

    def bets_of(self, seat: SeatId) -> UTHBets | None:
        """The seat's Ante and Trips now; after the round, what the next round's Rebet repeats."""
        player = self.seats.get(seat)
        return UTHBets(player.ante, player.trips) if player else None

    def bets_in_place(self, seat: SeatId) -> Text:
        player = self.seats.get(seat)
        return bets_said(player.ante, player.trips, player.play) if player else Text("")

    def public_view(self) -> PublicView:
        """What everyone at the table may see right now (see :mod:`bot.games.uth.views`)."""
        return public_view(self)

    def private_view(self, seat: SeatId) -> PrivateView:
        """What ``seat`` alone may see: its own cards, besides the public view."""
        return private_view(self, seat)

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_dict` restores an equal state."""
        return {
            "game": "uth",
            "version": 1,
            "options": self.options.to_dict(),
            "phase": self.phase.label,
            "seats": [player.to_dict() for player in self.seats.values()],
            "dealer": [str(card) for card in self.dealer],
            "board": [str(card) for card in self.board],
            "revealed": self.revealed,
            "history": [action.to_dict() for action in self.history],
            "settlement": None if self.settlement is None else self.settlement.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UTHState:
        verify_saved(data, "uth", "Ultimate Texas Hold'em round")
        seats = [UTHSeat.from_dict(item) for item in data["seats"]]
        settlement = data["settlement"]
        return cls(
            options=UTHOptions.from_dict(data["options"]),
            phase=Phase[str(data["phase"]).upper()],
            seats={player.seat: player for player in seats},
            dealer=tuple(Card(card) for card in data["dealer"]),
            board=tuple(Card(card) for card in data["board"]),
            revealed=int(data["revealed"]),
            history=[action_from_dict(item) for item in data["history"]],
            settlement=None if settlement is None else Settlement.from_dict(settlement),
        )

    # ----------------------------------------------------------------------------- helpers

    def _betting_seat(self, seat: SeatId) -> UTHSeat:
        player = self.seats.get(seat)
        if player is None or not player.placements:
            raise RuleError("You have no bets on the table this round.")
        return player

    def _double_amounts(self, player: UTHSeat) -> tuple[int, int]:
        ante_add = min(player.ante, self.options.max_bet - player.ante)
        trips_add = min(player.trips, self.options.trips_max - player.trips)
        return max(ante_add, 0), max(trips_add, 0)

    def _take_back(self, player: UTHSeat, ante: int, trips: int) -> tuple[ChipFlow, ...]:
        player.ante -= ante
        player.trips -= trips
        flows = _ante_flows(player.seat, -ante) if ante else ()
        if trips:
            flows += (ChipFlow(player.seat, "trips", -trips),)
        if player.ante == 0:
            del self.seats[player.seat]
        return flows

    def _verify_decision(self, seat: SeatId) -> None:
        if self.phase not in DECISION_PHASES:
            if self.phase in (Phase.BETTING, Phase.DEALING):
                raise RuleError("The cards have not been dealt yet.")
            raise RuleError("This round is over.")
        player = self.seats.get(seat)
        if player is None:
            raise RuleError("You have no hand in this round.")
        if player.folded:
            raise RuleError("You have folded this hand.")
        if player.raised_on is not None:
            raise RuleError("You have already raised: there is nothing more to decide this hand.")
        if player.decided:
            raise RuleError("You have already decided on the {street}.", street=self.phase.label)

    def _check(self, seat: SeatId, auto: bool) -> Check:
        player = self.seats[seat]
        player.decided = True
        action = Check(seat=seat, street=self.phase.label, auto=auto)
        player.status = action.label
        return self._decided(action)

    def _fold(self, seat: SeatId, auto: bool) -> Fold:
        player = self.seats[seat]
        player.decided = True
        player.folded = True
        action = Fold(seat=seat, auto=auto)
        player.status = action.label
        return self._decided(action)

    def _decided(self, action: _A) -> _A:
        """Record a decision, then move the round on while nobody has anything to decide."""
        self._record(action)
        while self.phase in DECISION_PHASES and not self.pending_seats():
            if self.phase is Phase.PREFLOP:
                self.phase, self.revealed = Phase.FLOP, 3
                self._record(Reveal(street=N_("flop"), cards=self.board[:3]))
            elif self.phase is Phase.FLOP:
                self.phase, self.revealed = Phase.RIVER, 5
                self._record(Reveal(street=N_("turn and river"), cards=self.board[3:]))
            else:
                self._settle()
            for player in self.seats.values():
                player.decided = False
        return action

    def _settle(self) -> None:
        """Showdown: compare every hand with the dealer's and settle each bet."""
        dealer_value = evaluate(self.dealer + self.board)
        qualified = dealer_qualified(dealer_value, self.options)
        lines: list[SettlementLine] = []
        for player in self.seats.values():
            returns = settle_against(evaluate(player.hole + self.board), dealer_value, player.ante,
                                     player.trips, player.play, player.folded, self.options)
            lines += settlement_lines(
                player.seat, player.ante, player.trips, player.play, player.folded, returns
            )
        self.settlement = Settlement(tuple(lines))
        self.phase = Phase.SETTLED
        self._record(Showdown(dealer_qualified=qualified, house_net=self.settlement.house_net))


def dealer_qualified(dealer: HandValue, options: UTHOptions) -> bool:
    # A packed value names the pair's rank first (bot.poker.hand_value).
    return dealer_qualifies(dealer.category, dealer.ranks[0], options)


def settle_against(player: HandValue, dealer: HandValue, ante: int, trips: int, play: int, folded: bool,
                   options: UTHOptions) -> HandReturns:
    """One seat's bets at the showdown, its best hand ``player`` against the dealer's."""
    comparison = (player > dealer) - (player < dealer)
    return settle_hand(ante, trips, play, folded, player.category, comparison,
                       dealer_qualified(dealer, options), options)


def _pending(player: UTHSeat) -> bool:
    return not (player.decided or player.folded or player.raised_on is not None)


def _ante_flows(seat: SeatId, amount: int) -> tuple[ChipFlow, ...]:
    return (ChipFlow(seat, "ante", amount), ChipFlow(seat, "blind", amount))


def _verify_amount(amount: int) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleError("A bet is a whole number of chips, at least 1.")



__all__ = [
    "DECISION_PHASES",
    "Phase",
    "Placement",
    "RAISE_MULTIPLES",
    "UTHBets",
    "UTHSeat",
    "UTHState",
]


def bets_said(ante: int, trips: int, play: int) -> Text:
    """``"Ante 20 · Blind 20 · Trips 10"``: a seat's bets in the seeds' own names."""
    return bet_list((N_("Ante"), ante), (N_("Blind"), ante), (N_("Trips"), trips), (N_("Play"), play))
