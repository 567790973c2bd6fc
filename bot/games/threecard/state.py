"""The Three Card Poker round as one state machine: bets, deal, one decision, showdown.

Phases run in a fixed order (:class:`Phase`)::

    BETTING --close_betting()--> DEALING --deal(deck)--> DECIDING --> SETTLED

* BETTING: a player places an Ante within the table limits and, once it stands, may add Pair
  Plus. Undo takes the latest placement back, Clear all of them, Rebet repeats last round's
  bets on an empty spot.
* ``close_betting()``: an Ante below the minimum is refunded with the seat's Pair Plus (which
  needs an Ante); a Pair Plus below the minimum alone. Nobody left: the round ends (SETTLED,
  an empty settlement) with nothing dealt.
* ``deal(deck)``: three cards to every seat in betting order, then three to the dealer.
* DECIDING: every seat at once plays (a Play bet equal to its Ante) or folds (the Ante is
  lost; Pair Plus is settled on the hand all the same). ``timeout(seat)`` folds for a seat
  whose timer ran out or who left: AUTO FOLDED, so no chip goes in without the player.
* SETTLED, once every seat has decided: the dealer's cards are shown and every bet is settled
  by :func:`bot.games.threecard.rules.settle_hand`.

Actions are verify/can/act trios like every engine's (:func:`bot.games.common.allowed`); each
applied action's record is appended to ``history``. No clock, no randomness, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.games.common import (
    ChipFlow,
    RuleError,
    SeatId,
    Settlement,
    SettlementLine,
    permits,
    verify_saved,
)
from bot.games.moves import Move, Moved, MoveOption
from bot.games.records import (
    ActionRecord,
    ClearBets,
    CloseBetting,
    Deal,
    DealerRound,
    Fold,
    Rejection,
    Showdown,
    UndoBet,
    bet_list,
)
from bot.games.round import DeadlineKind
from bot.games.threecard import moves
from bot.games.threecard.actions import PlaceBet, Play, Rebet, action_from_dict
from bot.games.threecard.hands import HAND_SIZE, hand_value
from bot.games.threecard.rules import (
    BET_NAMES,
    BETS,
    Phase,
    ThreeCardOptions,
    dealer_qualifies,
    settle_hand,
    settlement_lines,
)
from bot.games.threecard.views import PublicView, public_view
from bot.i18n import Text
from bot.poker import Card


class ThreeCardBets(NamedTuple):
    """A seat's Ante and Pair Plus: what Rebet repeats."""

    ante: int
    pairplus: int = 0


@dataclass
class ThreeCardSeat:
    """One player's bets and hand. ``placements`` is the Undo stack: (kind, ante, pairplus)."""

    seat: SeatId
    ante: int = 0
    pairplus: int = 0
    placements: list[tuple[str, int, int]] = field(default_factory=list)
    cards: tuple[Card, ...] = ()
    played: bool = False
    folded: bool = False
    status: str = ""

    @property
    def pending(self) -> bool:
        return bool(self.cards) and not (self.played or self.folded)

    @property
    def play(self) -> int:
        return self.ante if self.played else 0

    @property
    def staked(self) -> int:
        return self.ante + self.pairplus + self.play

    def bet(self, name: str) -> int:
        return self.ante if name == "ante" else self.pairplus

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "ante": self.ante, "pairplus": self.pairplus,
                "placements": [list(item) for item in self.placements],
                "cards": [str(card) for card in self.cards], "played": self.played,
                "folded": self.folded, "status": self.status}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThreeCardSeat:
        return cls(int(data["seat"]), int(data["ante"]), int(data["pairplus"]),
                   [(str(kind), int(ante), int(side)) for kind, ante, side in data["placements"]],
                   tuple(Card(card) for card in data["cards"]), bool(data["played"]),
                   bool(data["folded"]), str(data["status"]))


@dataclass
class ThreeCardState(DealerRound):
    """One round at one table. Build with ``ThreeCardState(options)``; save with :meth:`to_dict`."""

    options: ThreeCardOptions = field(default_factory=ThreeCardOptions)
    phase: Phase = Phase.BETTING
    seats: dict[SeatId, ThreeCardSeat] = field(default_factory=dict)
    """In the order the seats first bet; cards are dealt in this order."""
    dealer: tuple[Card, ...] = ()
    history: list[ActionRecord] = field(default_factory=list)
    settlement: Settlement | None = None
    dealer_qualified: bool | None = None

    # ----------------------------------------------------------------------------- betting

    def verify_place_bet(self, seat: SeatId, bet: str, amount: int) -> None:
        """Ante adds to the seat's Ante; Pair Plus only once an Ante stands. Neither may pass
        its table maximum; a new seat needs a free place in the round."""
        self._verify_betting()
        if bet not in BETS:
            raise RuleError("There is no {bet} bet in Three Card Poker.", bet=bet)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise RuleError("A bet is a whole number of chips, at least 1.")
        player = self.seats.get(seat)
        if bet == "pairplus" and (player is None or player.ante == 0):
            raise RuleError("Place an Ante first: Pair Plus goes with an Ante.")
        if player is None:
            self._verify_room()
        total = amount + (player.bet(bet) if player else 0)
        limit = self.options.limit_of(bet)
        if total > limit:
            raise RuleError("That would make your {bet} {total}, over the table maximum of {limit}.",
                            bet=Text(BET_NAMES[bet]), total=total, limit=limit)

    can_place_bet = permits(verify_place_bet)

    def place_bet(self, seat: SeatId, bet: str, amount: int) -> PlaceBet:
        self.verify_place_bet(seat, bet, amount)
        player = self.seats.setdefault(seat, ThreeCardSeat(seat))
        ante, pairplus = (amount, 0) if bet == "ante" else (0, amount)
        player.ante += ante
        player.pairplus += pairplus
        player.placements.append((bet, ante, pairplus))
        return self._record(PlaceBet(seat=seat, bet=bet, amount=amount,
                                     flows=(ChipFlow(seat, bet, amount),)))

    def verify_rebet(self, seat: SeatId, previous: ThreeCardBets) -> None:
        """Rebet places ``previous`` (last round's bets, kept by the caller) on an empty spot."""
        self._verify_betting()
        if previous.ante <= 0 or previous.pairplus < 0:
            raise RuleError("There are no bets from your last round to repeat.")
        if seat in self.seats:
            raise RuleError("Rebet repeats last round's bets on an empty spot: undo your bets first.")
        self._verify_room()
        for bet, amount in zip(BETS, previous, strict=True):
            if amount > self.options.limit_of(bet):
                raise RuleError("Last round's {bet} of {amount} is over this table's maximum of "
                                "{limit}.",
                                bet=BET_NAMES[bet], amount=amount, limit=self.options.limit_of(bet))

    can_rebet = permits(verify_rebet)

    def rebet(self, seat: SeatId, previous: ThreeCardBets) -> Rebet:
        self.verify_rebet(seat, previous)
        ante, pairplus = previous
        self.seats[seat] = ThreeCardSeat(seat, ante, pairplus, [("rebet", ante, pairplus)])
        return self._record(Rebet(seat=seat, ante=ante, pairplus=pairplus,
                                  flows=_flows(seat, ante, pairplus)))

    def verify_undo(self, seat: SeatId) -> None:
        """Undo takes back the seat's latest placement while the window is open."""
        self._verify_betting()
        if seat not in self.seats:
            raise RuleError("You have no bets on the table this round.")

    can_undo = permits(verify_undo)

    def undo(self, seat: SeatId) -> UndoBet:
        self.verify_undo(seat)
        kind, ante, pairplus = self.seats[seat].placements.pop()
        return self._record(UndoBet(seat=seat, undone=kind, flows=self._take_back(seat, ante, pairplus)))

    verify_clear_bets = verify_undo  # every bet back at once, whenever one may come back
    can_clear_bets = permits(verify_clear_bets)

    def clear_bets(self, seat: SeatId) -> ClearBets:
        """Every bet of the seat taken back at once (allowed whenever Undo is)."""
        self.verify_undo(seat)
        player = self.seats[seat]
        return self._record(ClearBets(seat=seat, flows=self._take_back(seat, player.ante, player.pairplus)))

    def can_close_betting(self) -> bool:
        return self.phase is Phase.BETTING

    def close_betting(self) -> CloseBetting:
        """End the window: refund bets below the minimum (an Ante takes its Pair Plus along)."""
        self._verify_betting()
        rejected: list[Rejection] = []
        flows: list[ChipFlow] = []
        minimum = self.options.min_bet
        for seat, player in list(self.seats.items()):
            player.placements.clear()
            if player.ante < minimum:
                reason = Text("Ante below the table minimum of {minimum}", minimum=minimum)
                rejected.append(Rejection(seat, "ante", player.ante, reason))
                if player.pairplus:
                    needs_ante = Text("Pair Plus needs an Ante")
                    rejected.append(Rejection(seat, "pairplus", player.pairplus, needs_ante))
                flows += self._take_back(seat, player.ante, player.pairplus)
            elif 0 < player.pairplus < minimum:
                reason = Text("Pair Plus below the table minimum of {minimum}", minimum=minimum)
                rejected.append(Rejection(seat, "pairplus", player.pairplus, reason))
                flows += self._take_back(seat, 0, player.pairplus)
        if self.seats:
            self.phase = Phase.DEALING
        else:
            self.phase, self.settlement = Phase.SETTLED, Settlement(())
        return self._record(CloseBetting(seats=tuple(self.seats), rejected=tuple(rejected),
                                         flows=tuple(flows)))

    # -------------------------------------------------------------------------------- deal

    def verify_deal(self) -> None:
        if self.phase is not Phase.DEALING:
            raise RuleError("Cards are dealt once, after the betting window has closed.")

    can_deal = permits(verify_deal)

    def deal(self, deck: Sequence[Card | int]) -> Deal:
        """Three cards to each seat in betting order, then three to the dealer, from the top
        of ``deck``. A short or repeating deck is the caller's bug: ``ValueError``."""
        self.verify_deal()
        needed = HAND_SIZE * (len(self.seats) + 1)
        cards = [Card(card) for card in deck[:needed]]
        if len(cards) < needed or len(set(cards)) != needed:
            raise ValueError(f"{len(self.seats)} seats need {needed} different cards")
        for index, player in enumerate(self.seats.values()):
            player.cards = tuple(cards[HAND_SIZE * index: HAND_SIZE * (index + 1)])
        self.dealer = tuple(cards[-HAND_SIZE:])
        self.phase = Phase.DECIDING
        return self._record(Deal(seats=tuple(self.seats)))

    def dealt_cards(self) -> list[Card]:
        """The cards dealt, in the order :meth:`deal` took them (empty before the deal)."""
        if not self.dealer:
            return []
        return [*(card for player in self.seats.values() for card in player.cards), *self.dealer]

    # --------------------------------------------------------------------------- decisions

    def pending_seats(self) -> tuple[SeatId, ...]:
        """Seats that still have to play or fold (empty outside the decision)."""
        if self.phase is not Phase.DECIDING:
            return ()
        return tuple(seat for seat, player in self.seats.items() if player.pending)

    def verify_play(self, seat: SeatId) -> None:
        """Play (a bet equal to the Ante) or Fold, once, while the hand is being decided."""
        if self.phase is not Phase.DECIDING:
            if self.phase is Phase.SETTLED:
                raise RuleError("This round is over.")
            raise RuleError("The cards have not been dealt yet.")
        player = self.seats.get(seat)
        if player is None:
            raise RuleError("You have no hand in this round.")
        if not player.pending:
            raise RuleError("You have already decided this hand.")

    can_play = permits(verify_play)

    def play(self, seat: SeatId) -> Play:
        self.verify_play(seat)
        player = self.seats[seat]
        player.played, player.status = True, "PLAY"
        return self._decided(Play(seat=seat, amount=player.ante,
                                  flows=(ChipFlow(seat, "play", player.ante),)))

    def time_out(self, seat: SeatId) -> list[Moved]:
        """A decision not made in time folds (seed: the Ante is lost)."""
        return [Moved(self.fold(seat, auto=True), f"decide:{seat}", seat=seat)]

    def fold(self, seat: SeatId, *, auto: bool = False) -> Fold:
        """Fold: the Ante is lost, Pair Plus is settled on the hand. ``auto``: the timer ran
        out or the player left (allowed whenever Play is)."""
        self.verify_play(seat)
        record = Fold(seat=seat, auto=auto)
        player = self.seats[seat]
        player.folded, player.status = True, record.label
        return self._decided(record)

    # ------------------------------------------------------------------------------ reading

    def bets_of(self, seat: SeatId) -> ThreeCardBets | None:
        """The seat's Ante and Pair Plus; after the round, what the next round's Rebet repeats."""
        player = self.seats.get(seat)
        return ThreeCardBets(player.ante, player.pairplus) if player else None

    def bets_in_place(self, seat: SeatId) -> Text:
        player = self.seats.get(seat)
        return bets_said(player.ante, player.pairplus, player.play) if player else Text("")

    def memory(self) -> dict[Any, Any]:
        """Each seat's Ante and Pair Plus, for its Rebet next round."""
        return {seat: list(bets) for seat in self.seats
                if (bets := self.bets_of(seat)) is not None and bets.ante > 0}

    def final_hands(self) -> dict[SeatId, list[Sequence[Card]]]:
        return {seat: [player.cards] for seat, player in self.seats.items() if player.cards}

    def public_view(self) -> PublicView:
        """What everyone at the table may see right now (see :mod:`bot.games.threecard.views`)."""
        return public_view(self)

    @property
    def showdown(self) -> bool:
        """Every card is face up: the round settled after a deal."""
        return self.phase is Phase.SETTLED and bool(self.dealer)

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_dict` restores an equal state."""
        return {"game": "threecard", "version": 1, "options": self.options.to_dict(),
                "phase": self.phase.label, "seats": [player.to_dict() for player in self.seats.values()],
                "dealer": [str(card) for card in self.dealer],
                "history": [record.to_dict() for record in self.history],
                "settlement": None if self.settlement is None else self.settlement.to_dict(),
                "dealer_qualified": self.dealer_qualified}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThreeCardState:
        verify_saved(data, "threecard", "Three Card Poker round")
        seats = [ThreeCardSeat.from_dict(item) for item in data["seats"]]
        settlement = data["settlement"]
        return cls(ThreeCardOptions.from_dict(data["options"]), Phase[str(data["phase"]).upper()],
                   {player.seat: player for player in seats}, tuple(Card(card) for card in data["dealer"]),
                   [action_from_dict(item) for item in data["history"]],
                   None if settlement is None else Settlement.from_dict(settlement),
                   data["dealer_qualified"])

    # -------------------------------------------------------------------------------- moves

    # ------------------------------------------------------------------ the round protocol

    def deadline_kind(self) -> DeadlineKind | None:
        if self.phase is Phase.BETTING:
            return "betting"
        return "decision" if self.phase is Phase.DECIDING else None

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        """What ``seat`` may do now, each bet with the chips it may take: asked of the same
        checks the actions make."""
        options: list[MoveOption] = []
        for move in (moves.Ante, moves.PairPlus):
            most = self._room_for(seat, move.kind)
            if most > 0 and self.can_place_bet(seat, move.kind, 1):
                options.append(MoveOption(move.kind, 1, most))
        if self.can_rebet(seat, ThreeCardBets(1, 0)):
            options.append(MoveOption(moves.Rebet.kind))
        if self.can_undo(seat):
            options += [MoveOption(moves.Undo.kind), MoveOption(moves.Clear.kind)]
        if self.can_play(seat):
            options += [MoveOption(moves.Play.kind), MoveOption(moves.Fold.kind)]
        return tuple(options)

    def apply(self, seat: SeatId, move: Move) -> Moved:
        """Make ``move`` for ``seat`` (``RuleError`` when the rules refuse it)."""
        match move:
            case moves.Ante(amount) | moves.PairPlus(amount):
                return Moved(self.place_bet(seat, move.kind, amount))
            case moves.Rebet(ante, pairplus):
                return Moved(self.rebet(seat, ThreeCardBets(ante, pairplus)))
            case moves.Undo():
                return Moved(self.undo(seat))
            case moves.Clear():
                return Moved(self.clear_bets(seat))
            case moves.Play():  # one decision per hand: a second press is a repeat
                return Moved(self.play(seat), f"decide:{seat}")
            case moves.Fold():
                return Moved(self.fold(seat), f"decide:{seat}")
        raise RuleError("That is not a move of this game.")

    def _room_for(self, seat: SeatId, bet: str) -> int:
        player = self.seats.get(seat)
        return self.options.limit_of(bet) - (player.bet(bet) if player else 0)

    # ----------------------------------------------------------------------------- helpers

    def _verify_room(self) -> None:
        if len(self.seats) >= self.options.max_seats:
            raise RuleError("This round is full ({seats} hands): join the next round.",
                            seats=self.options.max_seats)

    def _take_back(self, seat: SeatId, ante: int, pairplus: int) -> tuple[ChipFlow, ...]:
        player = self.seats[seat]
        player.ante -= ante
        player.pairplus -= pairplus
        if player.ante == 0:  # Pair Plus never stands alone
            pairplus += player.pairplus
            del self.seats[seat]
        return _flows(seat, -ante, -pairplus)

    def _settle(self) -> None:
        dealer_value = hand_value(self.dealer)
        self.dealer_qualified = dealer_qualifies(dealer_value)
        lines: list[SettlementLine] = []
        for player in self.seats.values():
            returns = settle_hand(player.ante, player.pairplus, player.played, hand_value(player.cards),
                                  dealer_value, self.options)
            lines += settlement_lines(player.seat, player.ante, player.pairplus, player.played, returns)
        self.settlement = Settlement(tuple(lines))
        self.phase = Phase.SETTLED
        self._record(Showdown(dealer_qualified=self.dealer_qualified, house_net=self.settlement.house_net))


def _flows(seat: SeatId, ante: int, pairplus: int) -> tuple[ChipFlow, ...]:
    """The flows of an Ante and a Pair Plus change (a zero change moves nothing)."""
    return tuple(ChipFlow(seat, bet, amount) for bet, amount in zip(BETS, (ante, pairplus), strict=True)
                 if amount)


def bets_said(ante: int, pairplus: int, play: int) -> Text:
    """``"Ante 20 · Pair Plus 10"``: a seat's bets as the rules name them."""
    return bet_list((BET_NAMES["ante"], ante), (BET_NAMES["pairplus"], pairplus), (BET_NAMES["play"], play))
