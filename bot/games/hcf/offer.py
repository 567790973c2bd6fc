"""A High Card Flush hand as a table plays it: the designated player (DP) offer, then the round.

RULES.md ("High Card Flush"): "The DP role is offered in turn, hand by hand; a player may
decline it. A player qualifies to bank when their table stack is at least a table-set amount.
If nobody banks, the house banks with unlimited funds." Issue #8: the offer goes "to the next
player whose stack qualifies ... they accept or decline (timer: decline)". The seed: the dealer
button "wird vor dem designierten Spieler positioniert und bewegt sich". :class:`HCFRound` puts
that offer in front of :class:`~bot.games.hcf.state.HCFState`::

    OFFER --accept--------------------------> BETTING, the DP banks --> ... (HCFState)
    OFFER --the last qualifying seat declines--> BETTING, the house banks --> ...
    (nobody qualifies: BETTING at once, the house banks)

* Who is asked, in which order: :func:`~bot.games.hcf.rotation.dp_offer_order`, from the
  previous hand's turn (:attr:`HCFRound.turn`): the turn moves clockwise hand by hand.
* The seat asked now accepts or declines (``accept``/``decline``); its timer runs out as a
  decline (``timeout_offer``); leaving the table declines too.
* Players need not wait for the bank to bet: while the bank is being offered they may already
  place their Ante and bonuses (staked at once, checked exactly as in the betting window). A
  player who bets declines the bank for this hand in advance ("you play, not bank"; our ruling:
  a DP places no bets, so one who has bet cannot bank). The first bet of a hand may open it.
* A hand is opened by a seated player (:meth:`HCFRound.open_hand`, the table's "Deal next
  hand") or by the first Ante (:meth:`HCFRound.place_ante`).

Once the bank is settled every call goes to :attr:`HCFRound.game`. The bets placed during the
offer sit in ``game`` from the start (it is opened with the house as banker); when a player
accepts, ``game`` is opened again with that banker and the same bets replayed into it (their
chips are already staked, so the accept moves none) and the same history.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from bot.games.common import RuleError, SeatId, TableWordsError, allowed, permits, verify_saved
from bot.games.hcf import moves
from bot.games.hcf.actions import (
    Action,
    AnteBet,
    BankAccepted,
    BankDeclined,
    BonusBet,
    ClearBets,
    CloseBetting,
    Deal,
    Fold,
    HandOpened,
    HouseBanks,
    Raise,
    action_from_dict,
)
from bot.games.hcf.rotation import dp_offer_order
from bot.games.hcf.rules import BONUSES, HCFOptions, Phase
from bot.games.hcf.state import HCFBets, HCFPlayer, HCFState
from bot.games.moves import Move, Moved, MoveOption, amount_range, round_step
from bot.games.records import bet_list
from bot.games.round import DeadlineKind
from bot.i18n import N_, Text, joined
from bot.poker import Card

BUY_IN = {"buyin": ("buyin", {"amount": ...})}
"""The table's buy-in command, which a refusal to a seat without chips names."""
OFFER = "offer"
"""The phase label of a round whose bank is being offered (before :class:`Phase`'s own)."""


@dataclass
class HCFRound:
    """One hand at a table: the DP offer, then :attr:`game`. Open with :meth:`open`."""

    options: HCFOptions
    clockwise: tuple[SeatId, ...]
    """The seated players at the start of the hand, clockwise (the table's seating order)."""
    stacks: dict[SeatId, int]
    offers: tuple[SeatId, ...]
    """Every seat the bank was to be offered to, in order (who qualified at the start)."""
    pending: list[SeatId]
    """Seats still to be asked; the first is being asked now."""
    game: HCFState
    previous_turn: SeatId | None = None
    opened: bool = False
    offer_number: int = 1
    """Which offer of this hand is open now: a new one each time another seat is asked (a seat
    further down the order that drops out changes nothing for the seat being asked)."""
    history: list[Action] = field(default_factory=list)
    """The offer's records (HandOpened, BankDeclined, BankAccepted, HouseBanks); the bets and
    the rest are in ``game.history``."""

    @classmethod
    def open(
        cls,
        options: HCFOptions,
        clockwise: Sequence[SeatId],
        stacks: Mapping[SeatId, int],
        previous_turn: SeatId | None = None,
        previous_order: Sequence[SeatId] = (),
    ) -> HCFRound:
        """A new hand. ``previous_turn``/``previous_order``: :attr:`turn` and ``clockwise`` of
        the last hand at the table (the turn goes on from there, even when that player left)."""
        seats = tuple(clockwise)
        stacks = {seat: int(stacks[seat]) for seat in seats}
        offers = dp_offer_order(seats, stacks, options.bank_minimum, previous_turn, previous_order)
        round_ = cls(options, seats, stacks, offers, list(offers),
                     HCFState.new(options, seats, stacks, None), previous_turn)
        if not offers:
            round_.history.append(HouseBanks(reason="nobody qualifies"))
        return round_

    # ----------------------------------------------------------------------------- reading

    @property
    def offering(self) -> bool:
        return bool(self.pending)

    @property
    def offered(self) -> SeatId | None:
        """The seat being asked to bank now."""
        return self.pending[0] if self.pending else None

    @property
    def banker(self) -> SeatId | None:
        """The DP once the bank is settled (``None`` while offering or when the house banks)."""
        return None if self.offering else self.game.banker

    @property
    def house_banks(self) -> bool:
        return not self.offering and self.game.banker is None

    @property
    def phase_label(self) -> str:
        return OFFER if self.offering else self.game.phase.label

    @property
    def declined(self) -> tuple[SeatId, ...]:
        return tuple(action.seat for action in self.history if isinstance(action, BankDeclined))

    @property
    def turn(self) -> SeatId | None:
        """Where the DP turn stands after this hand: the DP; when the house banked after
        offers, the first seat asked (the next hand's offer starts after it); when nobody
        qualified, where it stood before."""
        if self.offering:
            return self.previous_turn
        if self.game.banker is not None:
            return self.game.banker
        return self.offers[0] if self.offers else self.previous_turn

    def seats_in_play(self) -> tuple[SeatId, ...]:
        """Seats whose stack this hand may still use: those still to be asked to bank, the DP,
        and every player with bets."""
        seats = [*self.pending]
        if self.game.banker is not None and not self.offering:
            seats.append(self.game.banker)
        seats += [seat for seat in self.game.players if seat not in seats]
        return tuple(seats)

    # ------------------------------------------------------------------------ opening

    def verify_open_hand(self, seat: SeatId) -> None:
        if self.opened:
            raise RuleError("This hand has started already.")
        if seat not in self.clockwise:
            raise RuleError("Take a seat and bring chips (buy in) to play.")
        if self.stacks[seat] <= 0:
            raise TableWordsError("You have no chips at this table: bring some with `{buyin}`.",
                                  commands=BUY_IN)

    can_open_hand = permits(verify_open_hand)

    def open_hand(self, seat: SeatId) -> HandOpened:
        self.verify_open_hand(seat)
        self.opened = True
        action = HandOpened(seat=seat)
        self.history.append(action)
        return action

    # -------------------------------------------------------------------------- offer

    def verify_answer_offer(self, seat: SeatId) -> None:
        """Only the seat asked now may accept or decline."""
        if not self.offering:
            if self.game.banker == seat:
                raise RuleError("You have accepted the bank: you bank this hand.")
            raise RuleError("The bank is settled for this hand.")
        if seat != self.pending[0]:
            if seat in self.pending:
                raise RuleError("The bank is offered to another player first: wait for your turn.")
            raise RuleError("The bank is not offered to you this hand.")

    def can_accept(self, seat: SeatId) -> bool:
        return allowed(self.verify_answer_offer, seat)

    def accept(self, seat: SeatId) -> BankAccepted:
        """The seat banks: the round is opened again with it as DP and every bet placed during
        the offer replayed (already staked: no chips move)."""
        self.verify_answer_offer(seat)
        early = self.game
        game = HCFState.new(self.options, self.clockwise, self.stacks, seat)
        for player in early.players.values():
            game.place_ante(player.seat, player.ante)
            for bonus in BONUSES:
                if player.bonus(bonus):
                    game.place_bonus(player.seat, bonus, player.bonus(bonus))
        game.history = list(early.history)
        self.game = game
        self.pending.clear()
        self.opened = True
        action = BankAccepted(seat=seat)
        self.history.append(action)
        return action

    def decline(self, seat: SeatId) -> BankDeclined:
        self.verify_answer_offer(seat)
        return self._declined(seat, "declined")

    def verify_timeout_offer(self) -> None:
        if not self.offering:
            raise RuleError("The bank is settled for this hand.")

    def timeout_offer(self) -> BankDeclined:
        """The asked seat's timer ran out (or it left): a decline."""
        self.verify_timeout_offer()
        return self._declined(self.pending[0], "timeout")

    def _declined(self, seat: SeatId, how: str) -> BankDeclined:
        if seat == self.pending[0] and len(self.pending) > 1:
            self.offer_number += 1
        self.pending.remove(seat)
        self.opened = True
        action = BankDeclined(seat=seat, how=how)
        self.history.append(action)
        if not self.pending:
            self.history.append(HouseBanks(reason="declined"))
        return action

    # ------------------------------------------------------------------------ betting

    def verify_place_ante(self, seat: SeatId, amount: int) -> None:
        self._verify_has_chips(seat)
        self._verify_not_dealt()
        self.game.verify_place_ante(seat, amount)

    can_place_ante = permits(verify_place_ante)

    def place_ante(self, seat: SeatId, amount: int) -> AnteBet:
        """The Ante (:meth:`HCFState.place_ante`); while the bank is offered, a seat still to
        be asked declines it by betting (module docstring)."""
        self.verify_place_ante(seat, amount)
        action = self.game.place_ante(seat, amount)
        self.opened = True
        if seat in self.pending:
            self._declined(seat, "bet")
        return action

    def verify_place_bonuses(self, seat: SeatId, amounts: Mapping[str, int]) -> None:
        """Both bonuses at once are checked together: all are placed or none."""
        self._verify_not_dealt()
        if not amounts:
            raise RuleError("Name a Straight Flush bonus, a Flush bonus or both.")
        trial = HCFState.from_dict(self.game.to_dict())
        for bonus, amount in amounts.items():
            trial.place_bonus(seat, bonus, amount)

    can_place_bonuses = permits(verify_place_bonuses)

    def place_bonuses(self, seat: SeatId, amounts: Mapping[str, int]) -> tuple[BonusBet, ...]:
        self.verify_place_bonuses(seat, amounts)
        return tuple(self.game.place_bonus(seat, bonus, amount) for bonus, amount in amounts.items())

    def verify_rebet(self, seat: SeatId, previous: HCFBets) -> None:
        """Rebet places ``previous`` (the seat's last hand's bets, kept by the caller) on an
        empty spot: the Ante and every bonus, or nothing when any of them is not allowed now."""
        self._verify_has_chips(seat)
        self._verify_not_dealt()
        if previous.ante <= 0 or min(previous) < 0:
            raise RuleError("There are no bets from your last round to repeat.")
        if seat in self.game.players:
            raise RuleError("Rebet repeats last hand's bets on an empty spot: clear your bets first.")
        trial = HCFState.from_dict(self.game.to_dict())
        trial.place_ante(seat, previous.ante)
        for bonus, amount in previous.bonuses().items():
            trial.place_bonus(seat, bonus, amount)

    can_rebet = permits(verify_rebet)

    def rebet(self, seat: SeatId, previous: HCFBets) -> tuple[AnteBet | BonusBet, ...]:
        """Last hand's Ante and bonuses again, as the records of placing each; like an Ante, it
        declines the bank for a seat still to be asked."""
        self.verify_rebet(seat, previous)
        ante = self.place_ante(seat, previous.ante)
        return (ante, *(self.game.place_bonus(seat, bonus, amount)
                        for bonus, amount in previous.bonuses().items()))

    def verify_clear_bets(self, seat: SeatId) -> None:
        self._verify_not_dealt()
        self.game.verify_clear_bets(seat)

    can_clear_bets = permits(verify_clear_bets)

    def clear_bets(self, seat: SeatId) -> ClearBets:
        """Every bet of the seat back (a seat that declined the bank by betting stays out of the
        offer)."""
        self.verify_clear_bets(seat)
        return self.game.clear_bets(seat)

    def _verify_has_chips(self, seat: SeatId) -> None:
        """A seat of this hand whose stack was empty when it began is told how to bring chips
        (a seat that joined during the hand is told by the game to wait for the next one)."""
        if seat in self.stacks and self.stacks[seat] <= 0:
            raise TableWordsError("Your stack was empty when this hand began: buy in with `{buyin}` and play "
                                  "from the next hand.", commands=BUY_IN)

    def _verify_not_dealt(self) -> None:
        if self.game.phase is not Phase.BETTING:
            raise RuleError("Bets are closed for this round: wait for the next one.")

    # ---------------------------------------------------------------- the rest of the hand

    def close_betting_and_deal(self, deck: Callable[[], Sequence[Card | int]]) -> list[Action]:
        """The betting window's end: close it and, with any player in, deal from ``deck()``."""
        if self.offering:
            raise RuleError("The bank is still being offered.")
        actions: list[Action] = [self.game.close_betting()]
        if self.game.can_deal():
            actions.append(self.game.deal(deck()))
        return actions

    def raise_bet(self, seat: SeatId, multiple: int) -> Raise:
        return self.game.raise_bet(seat, multiple)

    def fold(self, seat: SeatId) -> Fold:
        return self.game.fold(seat)

    def timeout_decisions(self) -> list[Fold]:
        return [self.game.timeout(seat) for seat in self.game.pending_seats()]

    def expire(self, deck: Callable[[], Sequence[Card | int]]) -> list[Moved]:
        """The timer of the current phase ran out: the asked seat declines the bank, or the
        betting window closes (and the cards are dealt), or every undecided player folds."""
        actions: list[Action] = []
        if self.offering:
            actions = [self.timeout_offer()]
        elif self.game.phase is Phase.BETTING:
            actions = self.close_betting_and_deal(deck)
        elif self.game.phase is Phase.DECISIONS:
            actions = list(self.timeout_decisions())
        return [_step(action) for action in actions]

    def leave(self, seat: SeatId) -> list[Moved]:
        """The seat left the table: it declines the bank (or is not asked), takes back bets not
        yet dealt, and folds a dealt hand not yet decided (seed: "Spieler, die sich vom Tisch
        entfernen, ohne ihre Hand zu nutzen, werden als Folded Hand betrachtet"). A DP who
        leaves still banks the hand: its stack is the bank the players bet against."""
        actions: list[Action] = []
        if seat in self.pending:
            if seat == self.pending[0]:
                actions.append(self.timeout_offer())
            else:
                actions.append(self._declined(seat, "timeout"))
        if self.game.phase is Phase.BETTING and self.game.can_clear_bets(seat):
            actions.append(self.game.clear_bets(seat))
        elif self.game.can_timeout(seat):
            actions.append(self.game.timeout(seat))
        return [_step(action) for action in actions]

    # -------------------------------------------------------------------------------- moves

    # ------------------------------------------------------------------ the round protocol

    def phase_key(self) -> Hashable:
        """Each offer of the bank is a phase of its own: the next player gets a fresh timer."""
        return ("offer", self.offer_number) if self.offering else self.game.phase

    def deadline_kind(self) -> DeadlineKind | None:
        if self.offering or self.game.phase is Phase.DECISIONS:
            return "decision"
        return "betting" if self.game.phase is Phase.BETTING else None

    def cards_out(self) -> bool:
        return not self.offering and self.game.phase is not Phase.BETTING

    def is_over(self) -> bool:
        return not self.offering and self.game.phase is Phase.SETTLED

    def dealt_cards(self) -> list[Card]:
        return self.game.dealt_cards() if self.game.bank_cards else []

    def seats_to_ask(self) -> tuple[SeatId, ...]:
        """Everyone seated as the hand began (only they may play it)."""
        return self.clockwise

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        """What ``seat`` may do now, asked of the same checks the actions make: the Ante and
        each bonus with the chips they may take, a Raise with the multiples the seat's flush
        allows (largest first). Rebet is offered when the smallest Ante could be repeated."""
        options = [MoveOption(moves.OpenHand.kind)] if self.can_open_hand(seat) else []
        ante = amount_range(partial(self.can_place_ante, seat), self.options.max_ante)
        if ante is not None:
            options.append(MoveOption(moves.Ante.kind, *ante))
        for bonus in BONUSES:
            amounts = amount_range(partial(self._can_place_bonus, seat, bonus), self.options.bonus_maximum)
            if amounts is not None:
                options.append(MoveOption(moves.PlaceBonuses.kind, *amounts, part=bonus))
        plain = ((moves.Rebet, self.can_rebet(seat, HCFBets(self.options.min_ante))),
                 (moves.Clear, self.can_clear_bets(seat)), (moves.Accept, self.can_accept(seat)),
                 (moves.Decline, self.can_accept(seat)))
        options += [MoveOption(move.kind) for move, can_make in plain if can_make]
        raises = tuple(times for times in range(self.game.raise_cap(seat), 0, -1)
                       if self.game.can_raise_bet(seat, times))
        if raises:
            options.append(MoveOption(moves.Raise.kind, choices=raises))
        return (*options, MoveOption(moves.Fold.kind)) if self.game.can_fold(seat) else tuple(options)

    def apply(self, seat: SeatId, move: Move) -> Moved:
        """Make ``move`` for ``seat`` (``RuleError`` when the rules refuse it). Answering the
        offer repeats by the seat's offer, a decision by the seat's hand; a bet placed while
        the seat was still to be asked says that it declined the bank."""
        asked = seat in self.pending
        moved = self._make(seat, move)
        if asked and seat in self.declined_by_betting:
            return replace(moved, note=Text("you play, so you declined the bank"))
        return moved

    def _make(self, seat: SeatId, move: Move) -> Moved:
        match move:
            case moves.OpenHand():
                opened = self.open_hand(seat)
                said = (Text("Hand opened: the bank is offered first") if self.offering
                        else Text("Hand opened: the house banks (nobody has the bank minimum)"))
                return Moved(opened, "open", said=said)
            case moves.Ante(amount):
                return Moved(self.place_ante(seat, amount))
            case moves.PlaceBonuses(straight_flush, flush):
                named = {bonus: amount for bonus, amount in zip(BONUSES, (straight_flush, flush), strict=True)
                         if amount is not None}
                return _several(self.place_bonuses(seat, named))
            case moves.Rebet(ante, straight_flush, flush):
                return _several(self.rebet(seat, HCFBets(ante, straight_flush, flush)))
            case moves.Clear():
                return Moved(self.clear_bets(seat), said=Text("Bets taken back"))
            case moves.Accept():
                return Moved(self.accept(seat), f"bank:{seat}", said=Text("Bank accepted"))
            case moves.Decline():
                return Moved(self.decline(seat), f"bank:{seat}", said=Text("Bank declined"))
            case moves.Raise(times):
                return Moved(self.raise_bet(seat, times), f"decide:{seat}")
            case moves.Fold():
                return Moved(self.fold(seat), f"decide:{seat}")
        raise RuleError("That is not a move of this game.")

    def _can_place_bonus(self, seat: SeatId, bonus: str, amount: int) -> bool:
        """One bonus alone (what :meth:`verify_place_bonuses` checks, without its trial copy)."""
        return self.game.phase is Phase.BETTING and self.game.can_place_bonus(seat, bonus, amount)

    @property
    def declined_by_betting(self) -> tuple[SeatId, ...]:
        return tuple(action.seat for action in self.history
                     if isinstance(action, BankDeclined) and action.how == "bet")

    def bets_in_place(self, seat: SeatId) -> Text:
        player = self.game.players.get(seat)
        return bets_said(player) if player is not None else Text("")

    def memory(self) -> dict[Any, Any]:
        """Where the DP turn stands and the order it goes round in, and each player's bets for
        Rebet (the DP placed none)."""
        bets = {seat: list(player.bets) for seat, player in self.game.players.items() if player.ante > 0}
        return {"turn": self.turn, "order": list(self.clockwise), **bets}

    def final_hands(self) -> dict[SeatId, list[Sequence[Card]]]:
        """The seven cards of every player with a bet, and the banking player's (not the house's)."""
        game = self.game
        hands: dict[SeatId, list[Sequence[Card]]] = {
            seat: [player.cards] for seat, player in game.players.items() if player.cards}
        if game.banker is not None and game.bank_cards:
            hands[game.banker] = [game.bank_cards]
        return hands

    def record(self) -> dict[str, Any]:
        """The hand's public record: the offer, every bet and decision, the hands and who paid
        whom (everything is revealed once the hand is settled)."""
        game = self.game
        return {
            "offers": list(self.offers), "banker": game.banker,
            "history": [action.log_entry() for action in [*self.history, *game.history]],
            "hands": {str(seat): [str(card) for card in player.cards]
                      for seat, player in game.players.items()},
            "bank": [str(card) for card in game.bank_cards],
            "result": None if game.result is None else game.result.to_dict(),
        }

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "hcf-round",
            "version": 1,
            "options": self.options.to_dict(),
            "clockwise": list(self.clockwise),
            "stacks": [[seat, stack] for seat, stack in self.stacks.items()],
            "offers": list(self.offers),
            "pending": list(self.pending),
            "previous_turn": self.previous_turn,
            "opened": self.opened,
            "offer_number": self.offer_number,
            "history": [action.to_dict() for action in self.history],
            "state": self.game.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HCFRound:
        verify_saved(data, "hcf-round", "High Card Flush hand")
        previous = data["previous_turn"]
        return cls(
            options=HCFOptions.from_dict(data["options"]),
            clockwise=tuple(int(seat) for seat in data["clockwise"]),
            stacks={int(seat): int(stack) for seat, stack in data["stacks"]},
            offers=tuple(int(seat) for seat in data["offers"]),
            pending=[int(seat) for seat in data["pending"]],
            game=HCFState.from_dict(data["state"]),
            previous_turn=None if previous is None else int(previous),
            opened=bool(data["opened"]),
            offer_number=int(data["offer_number"]),
            history=[action_from_dict(item) for item in data["history"]],
        )



def _several(records: Sequence[Action]) -> Moved:
    """One move's records (a Rebet's Ante and bonuses), its reply naming each."""
    return Moved(records[0], more=tuple(records[1:]), said=joined([record.label for record in records], ", "))


def _step(action: Action) -> Moved:
    """A step the hand took by itself (a timer, a player leaving), with its repeat key."""
    key: str | None = None
    if isinstance(action, BankDeclined):
        key = f"bank:{action.seat}"
    elif isinstance(action, Fold):
        key = f"decide:{action.seat}"
    elif isinstance(action, CloseBetting):
        key = "close-betting"
    elif isinstance(action, Deal):
        key = "deal"
    return round_step(action, key)


def bets_said(player: HCFPlayer) -> Text:
    """``"Ante 10 · Raise 30 · Flush 5"``: a player's bets as the table names them."""
    return bet_list((N_("Ante"), player.ante), (N_("Raise"), player.raised),
                    (N_("SF"), player.straight_flush), (N_("Flush"), player.flush), (N_("rake"), player.rake))
