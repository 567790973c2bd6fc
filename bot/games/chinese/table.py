"""A Chinese Poker round as a table plays it: who is dealt in and who holds the button, the
Deal that stakes every stack, then the hand (:class:`bot.games.chinese.state.ChineseRound`).

A table seats any number of players; a hand deals in the first four (in seating order, which is
clockwise) who hold chips in their table stack. Decisions taken here where the rules are silent:

* **Starting a hand.** A seated player with chips presses Deal; the hand needs at least two
  players with chips. Everyone seated with chips is dealt in at once (there is no betting, so
  no window to wait for: the cards come at the round's first deadline, at once); players
  without chips sit out until they buy in.
* **Stakes.** At the Deal every player's whole stack goes into the hand's escrow (table stakes:
  no chip joins or leaves a stack during a hand, and a player can lose at most their stack); at
  the showdown each stack comes back as :func:`bot.games.chinese.settle_stacks` leaves it. The
  house takes nothing: the settlement's ``house_net`` is always 0.
* **The button** is remembered between hands as the player who held it and the order they sat
  in; :func:`bot.games.chinese.choose_button` moves it on (clockwise past newcomers, on from a
  departed holder's place).
* **Buy-in.** The first buy since sitting down is the full buy-in, 20 points' worth; after that
  a player may top up by any amount between their hands (a short buy after a full buy).
* **Timeouts.** When the decision timer runs out, or a player leaves mid-hand, every hand not
  yet set is set by the auto-arrange (declaring a natural the cards hold), or fouled when the
  table's ``on_timeout`` option is ``"foul"``.
* **Fouls.** Confirm refuses a fouled hand with the reason; Confirm foul plays it fouled.
  Setting a hand at once (``SetHand``) keeps a fouled one as a draft with the same warning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.chinese import moves
from bot.games.chinese.hands import Arrangement, Natural, Segment
from bot.games.chinese.stakes import BUY_IN_POINTS, TABLE_POSITIONS, choose_button, full_buy_in
from bot.games.chinese.state import ChineseOptions, ChineseRound, Phase
from bot.games.common import ChipFlow, RuleError, SeatId, Settlement, SettlementLine, TableWordsError, permits
from bot.games.moves import Move, Moved, MoveOption, Said
from bot.games.round import DeadlineKind
from bot.i18n import Text
from bot.poker import Card

GAME = "chinese"
STAKE = "hand"
"""The one bet of a hand: the player's whole stack, in play from the deal to the showdown."""


@dataclass
class ChineseTable:
    """One round at a Chinese Poker table: who is dealt in and who has the button (fixed when
    the round opens), then the engine's hand and the deck it was dealt from."""

    options: ChineseOptions
    lineup: tuple[tuple[SeatId, int], ...] = ()
    """The players dealt in, clockwise, with their stacks as the round opened."""
    button: SeatId | None = None
    order: tuple[SeatId, ...] = ()
    """Everyone seated as the round opened, clockwise: where a departed button holder sat."""
    hand: ChineseRound | None = None
    deck: tuple[Card, ...] = ()
    """The shuffled deck in dealing order (52 cards) once dealt: for the seed check."""

    @classmethod
    def open(cls, options: ChineseOptions, seats: Sequence[tuple[SeatId, int]],
             previous_button: SeatId | None, previous_order: Sequence[SeatId],
             newcomers: frozenset[SeatId]) -> ChineseTable:
        """The round as the table opens it: the first four seated players (clockwise) with
        chips are dealt in, and the button moves on (:func:`choose_button`)."""
        order = tuple(seat for seat, _ in seats)
        lineup = tuple((seat, stack) for seat, stack in seats if stack > 0)[:TABLE_POSITIONS]
        state = cls(options, lineup, order=order)
        if lineup:
            state.button = choose_button([seat for seat, _ in lineup], order, previous_button,
                                         tuple(previous_order), newcomers)
        return state

    @property
    def phase(self) -> Phase | None:
        """None until Deal is pressed; then the engine's phase."""
        return None if self.hand is None else self.hand.phase

    # ----------------------------------------------------------------------------- the deal

    def verify_deal_hand(self, seat: SeatId) -> None:
        if self.hand is not None:
            raise RuleError("This hand has already been dealt.")
        if seat not in dict(self.lineup):
            full = full_buy_in(self.options.point_value)
            raise TableWordsError("You have no chips at this table: buy in with `{buyin}` (the buy-in is "
                                  "{full} chips, {buy_in_points} points).", full=full,
                                  buy_in_points=BUY_IN_POINTS,
                                  commands={"buyin": ("buyin", {"amount": full})})
        if len(self.lineup) < 2:
            raise RuleError("A hand needs at least two players with chips at the table.")

    can_deal_hand = permits(verify_deal_hand)

    def deal_hand(self, seat: SeatId) -> Said:
        """Deal pressed: every stack dealt in goes into play; the cards come with :meth:`deal_cards`."""
        self.verify_deal_hand(seat)
        assert self.button is not None  # a lineup has a button
        stacks = dict(self.lineup)
        positions = {player: position for position, player in enumerate(stacks)}
        self.hand = ChineseRound.start(self.options, positions, stacks, positions[self.button])
        flows = tuple(ChipFlow(player, STAKE, stack) for player, stack in self.lineup)
        return Said(Text("Deal ({count} players)", count=len(stacks)), flows)

    def deal_cards(self, deck: Sequence[Card]) -> Said:
        """The cards, from ``deck`` (four hands of 13 are always dealt)."""
        assert self.hand is not None, "the cards come after Deal"
        hand, cards = self.hand, tuple(deck)
        hand.deal(cards)
        self.deck = cards[:TABLE_POSITIONS * 13]
        return Said(Text("Dealt {count} hands of 13 (and {dead} dead)", count=len(hand.players),
                         dead=TABLE_POSITIONS - len(hand.players)))

    def time_out(self, seat: SeatId) -> Said:
        """The seat's time to set ran out (or it left): set as the table's option says."""
        hand = self._hand()
        hand.timeout(seat)
        return Said(Text("Time ran out: hand fouled") if hand.options.on_timeout == "foul"
                    else Text("Time ran out: hand set by the auto-arrange"))

    # -------------------------------------------------------------------------------- moves

    # ------------------------------------------------------------------ the round protocol

    def expire(self, deck: Callable[[], Sequence[Card]]) -> list[Moved]:
        """After Deal the cards come at once; while setting, the time of whoever has not set
        runs out."""
        hand = self.hand
        if hand is None:
            return []
        if hand.phase is Phase.DEALING:
            return [Moved(self.deal_cards(deck()), "deal-cards")]
        return [Moved(self.time_out(seat), f"set:{seat}", seat=seat) for seat in hand.pending_seats()]

    def leave(self, seat: SeatId) -> list[Moved]:
        """A player dealt in who leaves has their hand set as a timeout sets it (not dealt yet:
        it is, once the cards come)."""
        if self.hand is None or not self.hand.can_timeout(seat):
            return []
        return [Moved(self.time_out(seat), f"set:{seat}", seat=seat)]

    def bets_in_place(self, seat: SeatId) -> Text:
        return Text("")  # no bets: the whole stack plays

    def memory(self) -> dict[Any, Any]:
        """Where the button was and the seating it went round (the next round moves it on)."""
        return {} if self.hand is None else {"button": self.button, "order": list(self.order)}

    def final_hands(self) -> dict[SeatId, list[Sequence[Card]]]:
        """A player's three rows as set (a fouled or unset hand has none to show)."""
        if self.hand is None:
            return {}
        return {seat: [row.back, row.middle, row.front] for seat, player in self.hand.players.items()
                if (row := player.arrangement) is not None}

    def settlement(self) -> Settlement | None:
        """Each stack's change as settlement lines (the stake is the whole stack), once paid."""
        hand = self.hand
        if hand is None or hand.payments is None:
            return None
        start, final = hand.stacks(), hand.payments.stacks
        return Settlement(tuple(SettlementLine(seat, STAKE, start[seat], final[seat],
                                               _outcome_word(final[seat] - start[seat])) for seat in start))

    def record(self) -> dict[str, Any]:
        hand = self._hand()
        assert hand.showdown is not None and hand.payments is not None
        return {
            "button": self.button, "point_value": hand.options.point_value,
            "hands": {str(seat): {**(player.arrangement.to_dict() if player.arrangement else {}),
                                  "declared": player.declared, "set_by": player.set_by}
                      for seat, player in hand.players.items()},
            "showdown": hand.showdown.to_dict(), "payments": hand.payments.to_dict(),
            "stacks_before": {str(seat): stack for seat, stack in hand.stacks().items()},
        }

    def phase_key(self) -> Phase | None:
        return self.phase

    def deadline_kind(self) -> DeadlineKind | None:
        if self.hand is None or self.hand.phase is Phase.DEALING:
            return "now"  # the cards come at once: nobody bets, so nothing is worth waiting for
        return "decision" if self.hand.phase is Phase.SETTING else None

    def cards_out(self) -> bool:
        return self.hand is not None

    def is_over(self) -> bool:
        return self.hand is not None and self.hand.phase is Phase.SETTLED

    def dealt_cards(self) -> list[Card]:
        return list(self.deck)

    def seats_in_play(self) -> tuple[SeatId, ...]:
        return tuple(seat for seat, _ in self.lineup) if self.hand is not None else ()

    def seats_to_ask(self) -> tuple[SeatId, ...]:
        """The players dealt in (only they may play the hand)."""
        return tuple(seat for seat, _ in self.lineup)

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        """What ``seat`` may do now: Deal, or while setting its hand the parts (the cards each
        takes), the auto-arrange, setting, confirming (Confirm only a hand that does not foul)
        and declaring a natural the cards hold."""
        if self.can_deal_hand(seat):
            return (MoveOption(moves.Deal.kind),)
        hand = self.hand
        if hand is None or hand.phase is not Phase.SETTING or not hand.can_timeout(seat):
            return ()
        options = [MoveOption(moves.ChooseFront.kind, Segment.FRONT.size, Segment.FRONT.size),
                   MoveOption(moves.ChooseMiddle.kind, Segment.MIDDLE.size, Segment.MIDDLE.size),
                   MoveOption(moves.AutoArrange.kind), MoveOption(moves.SetHand.kind)]
        if hand.can_confirm(seat):
            fouled = hand.foul_warning(seat) is not None
            confirms = (moves.ConfirmFoul,) if fouled else (moves.Confirm, moves.ConfirmFoul)
            options += [MoveOption(move.kind) for move in confirms]
        if hand.can_confirm(seat, declare_natural=True):
            options.append(MoveOption(moves.Declare.kind))
        return tuple(options)

    def apply(self, seat: SeatId, move: Move) -> Moved:
        """Make ``move`` for ``seat`` (``RuleError`` when the rules refuse it). Setting the hand
        repeats by the seat's hand: one set per hand."""
        if isinstance(move, moves.Deal):
            return Moved(self.deal_hand(seat), "deal")
        hand, set_key = self._hand(), f"set:{seat}"
        match move:
            case moves.ChooseFront(cards):
                hand.choose(seat, front=cards)
                return Moved(Said(Text("Front chosen")))
            case moves.ChooseMiddle(cards):
                hand.choose(seat, middle=cards)
                return Moved(Said(Text("Middle chosen")))
            case moves.AutoArrange():
                proposal = hand.auto_arrangement(seat).arrangement
                hand.choose(seat, front=proposal.front, middle=proposal.middle)
                return Moved(Said(Text("Auto-arrange proposed")))
            case moves.SetHand(front, middle):
                hand.choose(seat, front=front, middle=middle)
                if hand.foul_warning(seat) is not None:
                    return Moved(Said(Text("Front and middle chosen (fouled: not set)")))
                hand.confirm(seat)
                return Moved(Said(Text("Hand set")), set_key)
            case moves.Confirm():
                self._verify_not_fouled(seat)
                hand.confirm(seat)
                return Moved(Said(Text("Hand set")), set_key)
            case moves.ConfirmFoul():
                fouled = hand.foul_warning(seat) is not None
                hand.confirm(seat)
                return Moved(Said(Text("Hand set (fouled)") if fouled else Text("Hand set")), set_key)
            case moves.Declare():
                natural = hand.natural_of(seat)
                hand.confirm(seat, declare_natural=True)
                label = Text(natural.label) if natural is not None else Text("an automatic win")
                return Moved(Said(Text("Declared {natural}", natural=label)), set_key)
        raise RuleError("That is not a move of this game.")

    def _verify_not_fouled(self, seat: SeatId) -> None:
        """Confirm refuses a fouled hand with the reason and the way to play it anyway."""
        hand = self._hand()
        warning = hand.foul_warning(seat)
        if warning is not None and hand.can_confirm(seat):
            raise TableWordsError(
                "⚠️ This hand is fouled: {warning} A fouled hand pays 6 points to every player plus "
                "their royalties. Change it, or press **{confirm}** (`{command}`) to play it anyway.",
                warning=warning, buttons={"confirm": moves.ConfirmFoul.kind},
                commands={"command": (moves.ConfirmFoul.kind, {"foul": True})})

    def _hand(self) -> ChineseRound:
        if self.hand is None or self.hand.phase is Phase.DEALING:
            raise RuleError("The cards have not been dealt yet.")
        return self.hand

    # ------------------------------------------------------------------ what a seat sees

    def private_view(self, seat: SeatId) -> HandView:
        """The seat's own hand as it sets it (never shown to anyone else); RuleError if none."""
        hand = self._hand()
        if seat not in hand.players:
            raise RuleError("You have no hand in this round.")
        player, natural = hand.players[seat], hand.natural_of(seat)
        if player.is_set:
            arrangement = player.arrangement
            values = segment_values(arrangement) if arrangement is not None else None
            foul = (Text("Your time ran out and the hand was fouled.") if arrangement is None
                    else arrangement.foul_reason())
            front, middle, back = arrangement.parts if arrangement is not None else (None, None, None)
            return HandView(hand.phase is Phase.SETTLED, player.cards, front, middle, back, values, foul,
                            natural, True, player.declared, player.set_by, hand.pending_seats())
        draft = player.draft()
        return HandView(False, player.cards, player.front, player.middle,
                        None if draft is None else draft.back,
                        None if draft is None else segment_values(draft),
                        None if draft is None else draft.foul_reason(), natural, False, False, None,
                        hand.pending_seats())

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME, "options": self.options.to_dict(),
            "lineup": [[seat, stack] for seat, stack in self.lineup], "button": self.button,
            "order": list(self.order), "hand": None if self.hand is None else self.hand.to_dict(),
            "deck": [str(card) for card in self.deck],
            # For readers of the saved state (the e2e privacy check): the phase at a glance.
            "phase": "waiting" if self.hand is None else self.hand.phase.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChineseTable:
        hand = data.get("hand")
        button = data.get("button")
        return cls(
            options=ChineseOptions.from_dict(data["options"]),
            lineup=tuple((int(seat), int(stack)) for seat, stack in data["lineup"]),
            button=None if button is None else int(button),
            order=tuple(int(seat) for seat in data["order"]),
            hand=None if hand is None else ChineseRound.from_dict(hand),
            deck=tuple(Card(card) for card in data["deck"]),
        )


@dataclass(frozen=True)
class HandView:
    """What one player sees of their own hand while setting it (never shown to anyone else)."""

    round_over: bool
    cards: tuple[Card, ...]
    front: tuple[Card, ...] | None
    middle: tuple[Card, ...] | None
    back: tuple[Card, ...] | None
    """The rest of the cards, once front and middle are both chosen."""
    values: tuple[str, str, str] | None
    """Each segment's value in words, for a complete draft (or the hand as set)."""
    foul: str | None
    """Why the complete draft (or the hand as set) is fouled."""
    natural: Natural | None
    is_set: bool
    declared: bool
    set_by: str | None
    waiting_for: tuple[SeatId, ...]

    @property
    def can_confirm(self) -> bool:
        return not self.is_set and self.back is not None and self.foul is None

    @property
    def can_confirm_foul(self) -> bool:
        return not self.is_set and self.back is not None and self.foul is not None



def segment_values(arrangement: Arrangement) -> tuple[str, str, str] | None:
    """Each segment's hand by name (a catalogue text the reader's words put in their language)."""
    if not arrangement.counts_ok:
        return None
    front, middle, back = arrangement.values()
    return front.describe(), middle.describe(), back.describe()


def _outcome_word(net: int) -> str:
    return "win" if net > 0 else "lose" if net < 0 else "push"
