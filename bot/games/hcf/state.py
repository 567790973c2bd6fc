"""The High Card Flush round as one state machine: bets, the deal, decisions, settlement.

Phases run in a fixed order (:class:`~bot.games.hcf.rules.Phase`)::

    BETTING --close_betting()--> DEALING --deal(deck)--> DECISIONS --last decision--> SETTLED

A round is opened by the table with the seated players in clockwise order, their table stacks
and the banker (:meth:`HCFState.new`): a player who accepted the designated player (DP) role, or
``None`` for the house. The dealer button sits in front of the DP.

* BETTING (seed point 1): each player but the DP places an Ante and optionally the Straight Flush
  and Flush bonuses, only after an Ante. Placing a bet again sets it to the new amount. Every
  amount is checked against the table limits and against the player's stack: it must cover the
  largest bets the hand can need, Ante + a 3x Raise + both bonuses (+ the rake), since the Raise
  cap is not known before the cards (RULES.md: "A player must have chips at the table to cover
  the largest bets of the current hand"). A raked player's rake is staked with the first Ante.
* ``close_betting()``: the seats with an Ante play; nobody: the round ends with nothing dealt.
* ``deal(deck)``: seven cards to each player in turn, clockwise from the left of the button,
  then seven to the bank's hand (seed: "beginnend links vom Dealer-Button und im Uhrzeigersinn");
  each hand takes the next seven cards of ``deck``. The DP's stack goes into play as the bank.
* DECISIONS (seed point 2): each player folds or raises 1x to the cap of their flush's length
  (1x with 4 cards or fewer, 2x with 5, 3x with 6 or 7), simultaneously; ``timeout(seat)``
  folds for a seat whose timer ran out or who left (seed: "Spieler, die sich vom Tisch
  entfernen, ohne ihre Hand zu nutzen, werden als Folded Hand betrachtet").
* SETTLED: when the last player has decided, the bank's hand is revealed and every hand settled
  (:func:`bot.games.hcf.rules.settle_hand`) against the bank in settlement order,
  counter-clockwise from the right of the button (:func:`bot.games.hcf.banking.
  settle_against_bank`); ``state.result`` holds the settlement and who paid whom.

Every action comes as a trio, as in pokerkit: ``verify_x()`` raises :class:`RuleError` with a
reason a player can read, ``can_x()`` answers with a bool, ``x()`` applies it and returns its
record (also appended to ``history``). No clock, no randomness, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from bot.games.common import ChipFlow, RuleError, SeatId, Settlement, SettlementLine, permits, verify_saved
from bot.games.hcf.actions import (
    Action,
    AnteBet,
    BonusBet,
    ClearBets,
    CloseBetting,
    Deal,
    Fold,
    Raise,
    Showdown,
    action_from_dict,
)
from bot.games.hcf.banking import BANK_BET, RAKE_BET, BankSettlement, settle_against_bank
from bot.games.hcf.hands import QUALIFYING_FLUSH_KEY, Flush, Run, flush_of, hand_keys, raise_cap, run_of
from bot.games.hcf.rules import BONUS_NAMES, BONUSES, HandReturns, HCFOptions, Phase, settle_hand
from bot.games.records import RecordedRound
from bot.i18n import Text
from bot.poker import Card

_A = TypeVar("_A", bound=Action)
CARDS_PER_HAND = 7
MAX_RAISE = 3
"""The largest Raise in Antes any hand can reach: what a stack must cover when betting."""


class HCFBets(NamedTuple):
    """A hand's bets as Rebet repeats them: the Ante and both bonuses."""

    ante: int
    straight_flush: int = 0
    flush: int = 0

    def bonuses(self) -> dict[str, int]:
        """The bonuses placed (``{"flush": 5}``), in the order the bonuses are named."""
        return {bonus: amount for bonus, amount in zip(BONUSES, self[1:], strict=True) if amount}


@dataclass
class HCFPlayer:
    """One player's bets, cards and decision. ``stack`` is their table stack at round start."""

    seat: SeatId
    stack: int
    ante: int = 0
    straight_flush: int = 0
    flush: int = 0
    rake: int = 0
    cards: tuple[Card, ...] = ()
    multiple: int = 0
    """The Raise in Antes; 0 until the player raises."""
    folded: bool = False
    auto: bool = False
    """Folded by the timer (or by leaving), not by the player."""

    @property
    def raised(self) -> int:
        return self.ante * self.multiple

    @property
    def staked(self) -> int:
        """Every chip this player has in play now."""
        return self.ante + self.raised + self.straight_flush + self.flush + self.rake

    @property
    def decided(self) -> bool:
        return self.folded or self.multiple > 0

    def bonus(self, name: str) -> int:
        return self.straight_flush if name == "straight_flush" else self.flush

    @property
    def bets(self) -> HCFBets:
        return HCFBets(self.ante, self.straight_flush, self.flush)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "stack": self.stack, "ante": self.ante,
            "straight_flush": self.straight_flush, "flush": self.flush, "rake": self.rake,
            "cards": [str(card) for card in self.cards], "multiple": self.multiple,
            "folded": self.folded, "auto": self.auto,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HCFPlayer:
        return cls(
            seat=int(data["seat"]), stack=int(data["stack"]), ante=int(data["ante"]),
            straight_flush=int(data["straight_flush"]), flush=int(data["flush"]),
            rake=int(data["rake"]), cards=tuple(Card(card) for card in data["cards"]),
            multiple=int(data["multiple"]), folded=bool(data["folded"]), auto=bool(data["auto"]),
        )


def required_stack(ante: int, straight_flush: int = 0, flush: int = 0, rake: int = 0) -> int:
    """Chips a player needs at the table for these bets: Ante, a 3x Raise, the bonuses, rake."""
    return ante * (1 + MAX_RAISE) + straight_flush + flush + rake


@dataclass
class HCFState(RecordedRound):
    """One round at one table. Open with :meth:`new`; save with :meth:`to_dict`."""

    options: HCFOptions
    order: tuple[SeatId, ...]
    """The players (the DP excluded) in dealing order: clockwise from the left of the button."""
    stacks: dict[SeatId, int]
    """Every seat's table stack at the start of the round, the DP's included."""
    banker: SeatId | None = None
    """The DP's seat; ``None`` when the house banks."""
    phase: Phase = Phase.BETTING
    players: dict[SeatId, HCFPlayer] = field(default_factory=dict)
    """The players with bets, in dealing order."""
    bank_cards: tuple[Card, ...] = ()
    """The DP's (or the house's) seven cards: hidden until the round is SETTLED."""
    history: list[Action] = field(default_factory=list)
    result: BankSettlement | None = None

    @classmethod
    def new(
        cls,
        options: HCFOptions,
        clockwise: Sequence[SeatId],
        stacks: Mapping[SeatId, int],
        banker: SeatId | None,
    ) -> HCFState:
        """Open a round. ``clockwise``: the seated players in clockwise order (the DP among
        them); ``stacks``: each one's table stack; ``banker``: the DP, or ``None`` for the house,
        whose dealer sits before the first seat of ``clockwise``. Bad arguments are the caller's
        bug and raise ``ValueError``."""
        seats = tuple(clockwise)
        if len(set(seats)) != len(seats):
            raise ValueError("a seat appears twice in the clockwise order")
        if any(seat not in stacks or stacks[seat] < 0 for seat in seats):
            raise ValueError("every seat needs a stack of zero or more chips")
        if banker is not None:
            if banker not in seats:
                raise ValueError("the banker must be one of the seats")
            if stacks[banker] < options.bank_minimum:
                raise ValueError(f"the banker's stack is below the bank minimum {options.bank_minimum}")
            start = seats.index(banker) + 1
            seats = seats[start:] + seats[: start - 1]
        return cls(options, seats, {seat: int(stacks[seat]) for seat in clockwise}, banker)

    # ----------------------------------------------------------------------------- reading

    @property
    def house_banks(self) -> bool:
        return self.banker is None

    @property
    def bank(self) -> int:
        """The DP's funds at the start of settlement: their whole stack (0 for the house)."""
        return 0 if self.banker is None else self.stacks[self.banker]

    @property
    def settlement_order(self) -> tuple[SeatId, ...]:
        """Players with a hand, counter-clockwise from the right of the button (RULES.md)."""
        return tuple(seat for seat in reversed(self.order) if seat in self.players)

    @property
    def settlement(self) -> Settlement | None:
        return None if self.result is None else self.result.settlement

    @property
    def dp_qualified(self) -> bool | None:
        """Whether the bank's hand qualified; ``None`` before it is revealed."""
        if self.phase is not Phase.SETTLED or not self.bank_cards:
            return None
        return hand_keys(self.bank_cards)[0] >= QUALIFYING_FLUSH_KEY

    def flush(self, seat: SeatId) -> Flush | None:
        """The seat's flush once dealt (the bank's via :meth:`bank_flush`)."""
        player = self.players.get(seat)
        return flush_of(player.cards) if player is not None and player.cards else None

    def run(self, seat: SeatId) -> Run | None:
        player = self.players.get(seat)
        return run_of(player.cards) if player is not None and player.cards else None

    def bank_flush(self) -> Flush | None:
        """The bank's flush, only once revealed (SETTLED)."""
        return flush_of(self.bank_cards) if self.phase is Phase.SETTLED and self.bank_cards else None

    def raise_cap(self, seat: SeatId) -> int:
        """The largest Raise (in Antes) the seat's cards allow; 0 before the deal."""
        flush = self.flush(seat)
        return raise_cap(flush.length) if flush is not None else 0

    def pending_seats(self) -> tuple[SeatId, ...]:
        """Players who still have to fold or raise (empty outside DECISIONS)."""
        if self.phase is not Phase.DECISIONS:
            return ()
        return tuple(seat for seat, player in self.players.items() if not player.decided)

    def staked(self, seat: SeatId) -> int:
        player = self.players.get(seat)
        return player.staked if player else 0

    # ----------------------------------------------------------------------------- betting

    def verify_place_ante(self, seat: SeatId, amount: int) -> None:
        """The Ante, within the table limits and covered by the seat's stack (module docstring)."""
        self._verify_seat_betting(seat)
        _verify_amount(amount)
        options = self.options
        if not options.min_ante <= amount <= options.max_ante:
            raise RuleError("The Ante at this table is {low} to {high} chips.",
                            low=options.min_ante, high=options.max_ante)
        player = self.players.get(seat)
        if player is None and len(self.players) >= options.max_players:
            raise RuleError("This round is full ({hands} hands): wait for the next one.",
                            hands=options.max_players)
        straight_flush, flush = (player.straight_flush, player.flush) if player else (0, 0)
        rake = player.rake if player else options.player_rake
        self._verify_covered(seat, required_stack(amount, straight_flush, flush, rake))

    can_place_ante = permits(verify_place_ante)

    def place_ante(self, seat: SeatId, amount: int) -> AnteBet:
        self.verify_place_ante(seat, amount)
        player = self.players.get(seat)
        flows: list[ChipFlow] = []
        if player is None:
            player = self._join(seat)
            if player.rake:
                flows.append(ChipFlow(seat, RAKE_BET, player.rake))
        if amount != player.ante:
            flows.insert(0, ChipFlow(seat, "ante", amount - player.ante))
        player.ante = amount
        return self._record(AnteBet(seat=seat, amount=amount, flows=tuple(flows)))

    def verify_place_bonus(self, seat: SeatId, bonus: str, amount: int) -> None:
        """A bonus needs the seat's Ante first (seed point 1; RULES.md)."""
        self._verify_seat_betting(seat)
        if bonus not in BONUSES:
            raise RuleError("The bonuses are the Straight Flush bonus and the Flush bonus.")
        _verify_amount(amount)
        player = self.players.get(seat)
        if player is None:
            raise RuleError("Place an Ante first: the {bonus} needs an Ante.", bonus=Text(BONUS_NAMES[bonus]))
        low, high = self.options.bonus_minimum, self.options.bonus_maximum
        if not low <= amount <= high:
            raise RuleError("The {bonus} at this table is {low} to {high} chips.",
                            bonus=Text(BONUS_NAMES[bonus]), low=low, high=high)
        straight_flush = amount if bonus == "straight_flush" else player.straight_flush
        flush = amount if bonus == "flush" else player.flush
        self._verify_covered(seat, required_stack(player.ante, straight_flush, flush, player.rake))

    can_place_bonus = permits(verify_place_bonus)

    def place_bonus(self, seat: SeatId, bonus: str, amount: int) -> BonusBet:
        self.verify_place_bonus(seat, bonus, amount)
        player = self.players[seat]
        change = amount - player.bonus(bonus)
        if bonus == "straight_flush":
            player.straight_flush = amount
        else:
            player.flush = amount
        flows = (ChipFlow(seat, bonus, change),) if change else ()
        return self._record(BonusBet(seat=seat, bonus=bonus, amount=amount, flows=flows))

    def verify_clear_bets(self, seat: SeatId) -> None:
        self._verify_seat_betting(seat)
        if seat not in self.players:
            raise RuleError("You have no bets on the table this round.")

    can_clear_bets = permits(verify_clear_bets)

    def clear_bets(self, seat: SeatId) -> ClearBets:
        """Take every bet of the seat back (and its staked rake): the seat sits this round out."""
        self.verify_clear_bets(seat)
        player = self.players.pop(seat)
        stakes = (("ante", player.ante), ("straight_flush", player.straight_flush),
                  ("flush", player.flush), (RAKE_BET, player.rake))
        flows = tuple(ChipFlow(seat, bet, -amount) for bet, amount in stakes if amount)
        return self._record(ClearBets(seat=seat, flows=flows))

    def verify_close_betting(self) -> None:
        if self.phase is not Phase.BETTING:
            raise RuleError("Bets are closed for this round: wait for the next one.")

    can_close_betting = permits(verify_close_betting)

    def close_betting(self) -> CloseBetting:
        """End the window: the seats with an Ante play; with none the round ends undealt."""
        self.verify_close_betting()
        if self.players:
            self.phase = Phase.DEALING
        else:
            self.phase = Phase.SETTLED
            self.result = BankSettlement(Settlement(()), (), (), 0)
        return self._record(CloseBetting(seats=tuple(self.players)))

    # -------------------------------------------------------------------------------- deal

    def verify_deal(self) -> None:
        if self.phase is not Phase.DEALING:
            raise RuleError("Cards are dealt once, after the betting window has closed.")

    can_deal = permits(verify_deal)

    def cards_needed(self) -> int:
        """Cards the deal takes: seven per player and seven for the bank."""
        return CARDS_PER_HAND * (len(self.players) + 1)

    def deal(self, deck: Sequence[Card | int]) -> Deal:
        """Deal from the top of ``deck``: seven cards to each player in dealing order, then
        seven to the bank. A malformed deck is the caller's bug: ``ValueError``."""
        self.verify_deal()
        needed = self.cards_needed()
        cards = [Card(card) for card in deck[:needed]]
        if len(cards) < needed:
            raise ValueError(f"{len(self.players)} players need {needed} cards, the deck has {len(deck)}")
        if len(set(cards)) != needed:
            raise ValueError("the deck holds a card twice")
        for index, player in enumerate(self.players.values()):
            player.cards = tuple(cards[CARDS_PER_HAND * index : CARDS_PER_HAND * (index + 1)])
        self.bank_cards = tuple(cards[needed - CARDS_PER_HAND : needed])
        self.phase = Phase.DECISIONS
        flows = (ChipFlow(self.banker, BANK_BET, self.bank),) if self.banker is not None else ()
        return self._record(Deal(seats=tuple(self.players), banker=self.banker, flows=flows))

    def dealt_cards(self) -> list[Card]:
        """Every card dealt, in deck order (players in dealing order, then the bank)."""
        return [card for player in self.players.values() for card in player.cards] + list(self.bank_cards)

    # --------------------------------------------------------------------------- decisions

    def verify_raise_bet(self, seat: SeatId, multiple: int) -> None:
        """Raise ``multiple`` x Ante, from 1x up to the cap of the seat's flush (seed point 2)."""
        player = self._deciding(seat)
        cap = raise_cap(flush_of(player.cards).length)
        if isinstance(multiple, bool) or not isinstance(multiple, int) or not 1 <= multiple <= cap:
            allowed = "1x" if cap == 1 else Text("1x to {most}x", most=cap)
            raise RuleError(
                "With a {length}-card flush you can raise {allowed} your Ante.",
                length=flush_of(player.cards).length, allowed=allowed
            )
        if player.staked + player.ante * multiple > player.stack:  # betting checks make this rare
            raise RuleError("You do not have the chips at the table for that Raise.")

    can_raise_bet = permits(verify_raise_bet)

    def raise_cost(self, seat: SeatId, multiple: int) -> int:
        """Chips a Raise of ``multiple`` x Ante takes (0 when it is not allowed now)."""
        return self.players[seat].ante * multiple if self.can_raise_bet(seat, multiple) else 0

    def raise_bet(self, seat: SeatId, multiple: int) -> Raise:
        self.verify_raise_bet(seat, multiple)
        player = self.players[seat]
        player.multiple = multiple
        action = Raise(seat=seat, multiple=multiple, amount=player.raised,
                       flows=(ChipFlow(seat, "raise", player.raised),))
        return self._decided(action)

    def verify_fold(self, seat: SeatId) -> None:
        self._deciding(seat)

    can_fold = permits(verify_fold)

    def fold(self, seat: SeatId) -> Fold:
        """Out: the Ante and both bonuses are lost (seed point 2)."""
        self.verify_fold(seat)
        return self._fold(seat, auto=False)

    def verify_timeout(self, seat: SeatId) -> None:
        """The runtime's call when a seat's decision timer runs out or the player leaves."""
        self._deciding(seat)

    can_timeout = permits(verify_timeout)

    def timeout(self, seat: SeatId) -> Fold:
        """A missed decision folds (AUTO FOLDED)."""
        self.verify_timeout(seat)
        return self._fold(seat, auto=True)

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_dict` restores an equal state."""
        return {
            "game": "hcf",
            "version": 1,
            "options": self.options.to_dict(),
            "order": list(self.order),
            "stacks": [[seat, stack] for seat, stack in self.stacks.items()],
            "banker": self.banker,
            "phase": self.phase.label,
            "players": [player.to_dict() for player in self.players.values()],
            "bank_cards": [str(card) for card in self.bank_cards],
            "history": [action.to_dict() for action in self.history],
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HCFState:
        verify_saved(data, "hcf", "High Card Flush round")
        players = [HCFPlayer.from_dict(item) for item in data["players"]]
        result = data["result"]
        banker = data["banker"]
        return cls(
            options=HCFOptions.from_dict(data["options"]),
            order=tuple(int(seat) for seat in data["order"]),
            stacks={int(seat): int(stack) for seat, stack in data["stacks"]},
            banker=None if banker is None else int(banker),
            phase=Phase[str(data["phase"]).upper()],
            players={player.seat: player for player in players},
            bank_cards=tuple(Card(card) for card in data["bank_cards"]),
            history=[action_from_dict(item) for item in data["history"]],
            result=None if result is None else BankSettlement.from_dict(result),
        )

    # ----------------------------------------------------------------------------- helpers

    def _verify_seat_betting(self, seat: SeatId) -> None:
        self._verify_betting()
        if seat == self.banker:
            raise RuleError("You are the designated player this round: the bank places no bets.")
        if seat not in self.order:
            raise RuleError("You are not seated in this round: wait for the next one.")

    def _verify_covered(self, seat: SeatId, needed: int) -> None:
        stack = self.stacks[seat]
        if needed > stack:
            raise RuleError(
                "These bets need {needed} chips at the table (Ante, a 3x Raise and the bonuses), "
                "you have {stack}.", needed=needed, stack=stack
            )

    def _join(self, seat: SeatId) -> HCFPlayer:
        """Add a seat to ``players``, keeping dealing order."""
        player = HCFPlayer(seat, self.stacks[seat], rake=self.options.player_rake)
        joined = {**self.players, seat: player}
        self.players = {other: joined[other] for other in self.order if other in joined}
        return player

    def _deciding(self, seat: SeatId) -> HCFPlayer:
        if self.phase is not Phase.DECISIONS:
            if self.phase in (Phase.BETTING, Phase.DEALING):
                raise RuleError("The cards have not been dealt yet.")
            raise RuleError("This round is over.")
        player = self.players.get(seat)
        if player is None:
            raise RuleError("You have no hand in this round.")
        if player.folded:
            raise RuleError("You have folded this hand.")
        if player.multiple:
            raise RuleError("You have already raised: there is nothing more to decide this hand.")
        return player

    def _fold(self, seat: SeatId, auto: bool) -> Fold:
        player = self.players[seat]
        player.folded, player.auto = True, auto
        return self._decided(Fold(seat=seat, auto=auto))

    def _settle(self) -> None:
        """Reveal the bank's hand and settle every hand in settlement order (RULES.md)."""
        bank_flush, bank_run = hand_keys(self.bank_cards)
        hands = []
        for seat in self.settlement_order:
            player = self.players[seat]
            flush, run = hand_keys(player.cards)
            returns = settle_hand(player.ante, player.raised, player.straight_flush, player.flush,
                                  flush, run, bank_flush, bank_run, self.options)
            hands.append(hand_lines(player, returns))
        self.result = settle_against_bank(hands, self.banker, self.bank,
                                          self.options.dp_rake(self.house_banks))
        self.phase = Phase.SETTLED
        self._record(Showdown(cards=self.bank_cards, dp_qualified=bank_flush >= QUALIFYING_FLUSH_KEY,
                              dead=self.result.dead, house_net=self.result.settlement.house_net))


def hand_lines(player: HCFPlayer, returns: HandReturns) -> tuple[SettlementLine, ...]:
    """One line per bet in play: Ante, Raise, Straight Flush, Flush (zero stakes left out), and
    the rake, settled with unlimited funds (a dead hand is :mod:`banking`'s call)."""
    lines = []
    for bet, staked, back in (
        ("ante", player.ante, returns.ante),
        ("raise", player.raised, returns.raised),
        ("straight_flush", player.straight_flush, returns.straight_flush),
        ("flush", player.flush, returns.flush),
    ):
        if staked:
            lines.append(SettlementLine(player.seat, bet, staked, back, _outcome(player, staked, back)))
    if player.rake:
        lines.append(SettlementLine(player.seat, RAKE_BET, player.rake, 0, RAKE_BET))
    return tuple(lines)


def _outcome(player: HCFPlayer, staked: int, back: int) -> str:
    if player.folded:
        return "fold"
    if back > staked:
        return "win"
    return "push" if back == staked else "lose"


def _verify_amount(amount: int) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleError("A bet is a whole number of chips, at least 1.")

