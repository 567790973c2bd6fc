"""One Chinese Poker hand at a table, as a state machine: deal, setting the hands, showdown.

Phases run in a fixed order::

    DEALING --deal(deck)--> SETTING --(every player set)--> SETTLED

* ``ChineseRound(options, positions, stacks, button)``: 2 to 4 players, each at a table position
  0..3 (clockwise order), with their table stack at the start of the hand; ``button`` is the
  position holding the dealer button (the table picks its holder with
  :func:`bot.games.chinese.stakes.choose_button`).
* ``deal(deck)``: four 13-card hands are always dealt ("Ein Blatt wird an alle vier Plätze
  ausgeteilt"): position ``p`` gets ``deck[13 * p : 13 * p + 13]``; the hands of empty positions
  are dead and never shown.
* SETTING: every player sets privately. ``choose(seat, front=..., middle=...)`` keeps a draft
  (either part, or both; choosing one part that overlaps the other clears the other), which the
  UI redraws; ``foul_warning(seat)`` says why a complete draft would foul; ``confirm(seat,
  declare_natural)`` sets the hand: the back is the rest. A fouled hand may be confirmed (the UI
  warns first). A natural may be declared without a draft: the seed's natural need not be set.
  ``set_hand`` is ``choose`` and ``confirm`` at once. ``timeout(seat)`` sets a player whose time
  ran out: by the auto-arrange (option ``"auto-set"``, the default, which also declares a natural
  the cards hold) or as a fouled hand (``"foul"``). Nobody's cards are revealed before all are set.
* SETTLED: :attr:`showdown` holds every pair's result (:mod:`.scoring`) and :attr:`payments`
  the chips between the table stacks (:mod:`.stakes`).

Every action comes as a trio (``verify_x`` raises :class:`RuleError` with a reason a player can
read, ``can_x`` answers with a bool, ``x`` applies it and returns an :class:`Event` appended to
``history``). Events never carry a hidden card. The engine has no clock, no randomness and no
I/O; :meth:`to_dict` and :meth:`from_dict` save and restore it as plain JSON data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal, NamedTuple

from bot.games.chinese.arrange import AutoArrangement, auto_arrange
from bot.games.chinese.hands import (
    HAND_SIZE,
    Arrangement,
    CardsInput,
    Natural,
    Segment,
    choose_cards,
    find_natural,
)
from bot.games.chinese.scoring import PlayerHand, Showdown, score_hands
from bot.games.chinese.stakes import TABLE_POSITIONS, StackSettlement, settle_stacks
from bot.games.common import RuleError, SeatId, permits, verify_saved
from bot.i18n import Text
from bot.poker import Card

TimeoutPolicy = Literal["auto-set", "foul"]
TIMEOUT_POLICIES: tuple[TimeoutPolicy, ...] = ("auto-set", "foul")


@dataclass(frozen=True)
class ChineseOptions:
    """Table options the engine needs: chips per point and what a timeout does."""

    point_value: int = 1
    on_timeout: TimeoutPolicy = "auto-set"

    def __post_init__(self) -> None:
        if isinstance(self.point_value, bool) or self.point_value < 1:
            raise ValueError(f"a point is worth at least 1 chip, not {self.point_value}")
        if self.on_timeout not in TIMEOUT_POLICIES:
            raise ValueError(f"on_timeout is one of {TIMEOUT_POLICIES}, not {self.on_timeout!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"point_value": self.point_value, "on_timeout": self.on_timeout}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChineseOptions:
        policy = str(data["on_timeout"])
        if policy == "foul":
            return cls(int(data["point_value"]), "foul")
        if policy == "auto-set":
            return cls(int(data["point_value"]), "auto-set")
        raise ValueError(f"on_timeout is one of {TIMEOUT_POLICIES}, not {policy!r}")


class Phase(Enum):
    DEALING = "dealing"
    SETTING = "setting"
    SETTLED = "settled"


class Event(NamedTuple):
    """One step of the round's history. ``kind`` is ``deal``, ``choose``, ``set`` (by the
    player), ``auto-set`` or ``timeout-foul`` (a timeout) or ``showdown``; ``detail`` a short
    public text. No event holds a card."""

    kind: str
    seat: SeatId | None = None
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "detail": self.detail}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        seat = data["seat"]
        return cls(str(data["kind"]), None if seat is None else int(seat), str(data["detail"]))


@dataclass
class ChinesePlayer:
    """One player's hand: cards, draft, and (once set) the arrangement and how it was set."""

    seat: SeatId
    position: int
    stack: int
    cards: tuple[Card, ...] = ()
    front: tuple[Card, ...] | None = None
    middle: tuple[Card, ...] | None = None
    arrangement: Arrangement | None = None
    declared: bool = False
    set_by: str | None = None
    """``None`` while setting; then ``"player"``, ``"auto-set"`` or ``"timeout-foul"``."""

    @property
    def is_set(self) -> bool:
        return self.set_by is not None

    def draft(self) -> Arrangement | None:
        """The draft as an arrangement once front and middle are both chosen (back: the rest)."""
        if self.front is None or self.middle is None:
            return None
        back = tuple(card for card in self.cards if card not in self.front and card not in self.middle)
        return Arrangement(self.front, self.middle, back)

    def hand(self) -> PlayerHand:
        return PlayerHand(self.cards, self.arrangement, self.declared)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "position": self.position,
            "stack": self.stack,
            "cards": _text(self.cards),
            "front": None if self.front is None else _text(self.front),
            "middle": None if self.middle is None else _text(self.middle),
            "arrangement": None if self.arrangement is None else self.arrangement.to_dict(),
            "declared": self.declared,
            "set_by": self.set_by,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChinesePlayer:
        arrangement = data["arrangement"]
        return cls(
            seat=int(data["seat"]),
            position=int(data["position"]),
            stack=int(data["stack"]),
            cards=_cards(data["cards"]),
            front=None if data["front"] is None else _cards(data["front"]),
            middle=None if data["middle"] is None else _cards(data["middle"]),
            arrangement=None if arrangement is None else Arrangement.from_dict(arrangement),
            declared=bool(data["declared"]),
            set_by=None if data["set_by"] is None else str(data["set_by"]),
        )


@dataclass
class ChineseRound:
    """One hand at one table. Build with ``ChineseRound.start(...)``; save with :meth:`to_dict`."""

    options: ChineseOptions
    players: dict[SeatId, ChinesePlayer]
    """In clockwise order (by position)."""
    button: int
    phase: Phase = Phase.DEALING
    dead_hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """The hands dealt to empty positions, by position: never shown."""
    history: list[Event] = field(default_factory=list)
    showdown: Showdown[SeatId] | None = None
    payments: StackSettlement[SeatId] | None = None

    @classmethod
    def start(cls, options: ChineseOptions, positions: Mapping[SeatId, int], stacks: Mapping[SeatId, int],
              button: int) -> ChineseRound:
        """A new hand: ``positions`` seats each player (0..3), ``stacks`` are their table stacks
        now, ``button`` the position with the button. Bad input is the caller's bug: ValueError."""
        if not 2 <= len(positions) <= TABLE_POSITIONS:
            raise ValueError(f"Chinese Poker needs 2 to 4 players, not {len(positions)}")
        if len(set(positions.values())) != len(positions) or not all(
            0 <= position < TABLE_POSITIONS for position in positions.values()
        ):
            raise ValueError("each player needs a distinct position from 0 to 3")
        if set(stacks) != set(positions) or any(stack < 1 for stack in stacks.values()):
            raise ValueError("every player needs a stack of at least 1 chip")
        if button not in positions.values():
            raise ValueError(f"the button's position {button} has no player")
        ordered = sorted(positions, key=lambda seat: positions[seat])
        players = {seat: ChinesePlayer(seat, positions[seat], stacks[seat]) for seat in ordered}
        return cls(options, players, button)

    # -------------------------------------------------------------------------------- deal

    def verify_deal(self) -> None:
        if self.phase is not Phase.DEALING:
            raise RuleError("The cards have already been dealt.")

    can_deal = permits(verify_deal)

    def deal(self, deck: Sequence[Card | int]) -> Event:
        """Deal the four 13-card hands from a shuffled 52-card ``deck`` (a bad deck: ValueError)."""
        self.verify_deal()
        cards = [Card(card) for card in deck[: TABLE_POSITIONS * HAND_SIZE]]
        if len(cards) != TABLE_POSITIONS * HAND_SIZE or len(set(cards)) != len(cards):
            raise ValueError("a Chinese Poker deal needs 52 distinct cards")
        by_position = {seat.position: seat for seat in self.players.values()}
        for position in range(TABLE_POSITIONS):
            hand = tuple(sorted(cards[position * HAND_SIZE : (position + 1) * HAND_SIZE], reverse=True))
            if position in by_position:
                by_position[position].cards = hand
            else:
                self.dead_hands[position] = hand
        self.phase = Phase.SETTING
        return self._record(Event("deal", None, Text("{count} hands dealt", count=len(self.players))))

    # ----------------------------------------------------------------------------- setting

    def pending_seats(self) -> tuple[SeatId, ...]:
        """Players who have not set their hand yet (empty outside the setting phase)."""
        if self.phase is not Phase.SETTING:
            return ()
        return tuple(seat for seat, player in self.players.items() if not player.is_set)

    def verify_choose(self, seat: SeatId, front: CardsInput | None = None,
                      middle: CardsInput | None = None) -> None:
        """A draft part must be exactly 3 (front) or 5 (middle) of the player's own cards."""
        player = self._setting_player(seat)
        if front is None and middle is None:
            raise RuleError("Choose your front or your middle cards.")
        if front is not None:
            choose_cards(player.cards, front, Segment.FRONT)
        if middle is not None:
            choose_cards(player.cards, middle, Segment.MIDDLE)
        if front is not None and middle is not None:
            Arrangement.from_choice(player.cards, front, middle)

    can_choose = permits(verify_choose)

    def choose(self, seat: SeatId, front: CardsInput | None = None,
               middle: CardsInput | None = None) -> Event:
        self.verify_choose(seat, front, middle)
        player = self.players[seat]
        if front is not None:
            player.front = _sorted(choose_cards(player.cards, front, Segment.FRONT))
            if middle is None and player.middle is not None and set(player.middle) & set(player.front):
                player.middle = None
        if middle is not None:
            player.middle = _sorted(choose_cards(player.cards, middle, Segment.MIDDLE))
            if front is None and player.front is not None and set(player.front) & set(player.middle):
                player.front = None
        return self._record(Event("choose", seat))

    def draft(self, seat: SeatId) -> Arrangement | None:
        """The seat's draft as an arrangement once front and middle are chosen, else None."""
        return self._player(seat).draft()

    def foul_warning(self, seat: SeatId) -> str | None:
        """Why the seat's complete draft would foul (for the warning before Confirm), or None."""
        draft = self._player(seat).draft()
        return None if draft is None else draft.foul_reason()

    def natural_of(self, seat: SeatId) -> Natural | None:
        """The automatic win the seat's cards hold (private: show it only to that player)."""
        return find_natural(self._player(seat).cards)

    def auto_arrangement(self, seat: SeatId) -> AutoArrangement:
        """The auto-arrange proposal for the seat's cards (the UI may then ``choose`` it)."""
        return auto_arrange(self._player(seat).cards)

    def verify_confirm(self, seat: SeatId, declare_natural: bool = False) -> None:
        """Confirm needs a complete draft, or a declared natural the cards really hold."""
        player = self._setting_player(seat)
        if declare_natural:
            if find_natural(player.cards) is None:
                raise RuleError("Your cards hold no automatic win to declare.")
        elif player.draft() is None:
            raise RuleError("Choose your front 3 and middle 5 cards first; the back is the rest.")

    can_confirm = permits(verify_confirm)

    def confirm(self, seat: SeatId, declare_natural: bool = False) -> Event:
        self.verify_confirm(seat, declare_natural)
        player = self.players[seat]
        arrangement = player.draft()
        if arrangement is None:
            # A declared natural needs no arrangement; show the cards in their natural's shape.
            natural = find_natural(player.cards)
            arrangement = natural.arrangement if natural and natural.arrangement else None
            arrangement = arrangement or auto_arrange(player.cards).arrangement
        return self._set(player, arrangement, declare_natural, "player")

    def verify_set_hand(self, seat: SeatId, front: CardsInput, middle: CardsInput,
                        declare_natural: bool = False) -> None:
        player = self._setting_player(seat)
        Arrangement.from_choice(player.cards, front, middle)
        if declare_natural and find_natural(player.cards) is None:
            raise RuleError("Your cards hold no automatic win to declare.")

    can_set_hand = permits(verify_set_hand)

    def set_hand(self, seat: SeatId, front: CardsInput, middle: CardsInput,
                 declare_natural: bool = False) -> Event:
        """Choose front and middle and confirm at once."""
        self.verify_set_hand(seat, front, middle, declare_natural)
        self.choose(seat, front, middle)
        return self.confirm(seat, declare_natural)

    def verify_timeout(self, seat: SeatId) -> None:
        """The runtime's call when a player's time to set runs out (or the player left)."""
        self._setting_player(seat)

    can_timeout = permits(verify_timeout)

    def timeout(self, seat: SeatId) -> Event:
        self.verify_timeout(seat)
        player = self.players[seat]
        if self.options.on_timeout == "foul":
            return self._set(player, None, False, "timeout-foul")
        proposal = auto_arrange(player.cards)
        return self._set(player, proposal.arrangement, proposal.natural is not None, "auto-set")

    # ----------------------------------------------------------------------------- reading

    def hand_of(self, seat: SeatId) -> tuple[Card, ...]:
        """The seat's 13 cards, highest first (private to that player until the showdown)."""
        return self._player(seat).cards

    def revealed(self) -> dict[SeatId, PlayerHand]:
        """Every player's hand as set; empty until all are set (nothing is shown before)."""
        if self.phase is not Phase.SETTLED:
            return {}
        return {seat: player.hand() for seat, player in self.players.items()}

    def clockwise(self) -> tuple[SeatId, ...]:
        return tuple(self.players)

    def button_seat(self) -> SeatId:
        return next(seat for seat, player in self.players.items() if player.position == self.button)

    def stacks(self) -> dict[SeatId, int]:
        """Table stacks at the start of the hand."""
        return {seat: player.stack for seat, player in self.players.items()}

    # ----------------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; :meth:`from_dict` restores an equal state (the showdown and
        payments are recomputed from the hands, they are pure functions of them)."""
        return {
            "game": "chinese",
            "version": 1,
            "options": self.options.to_dict(),
            "button": self.button,
            "phase": self.phase.value,
            "players": [player.to_dict() for player in self.players.values()],
            "dead_hands": {str(position): _text(hand) for position, hand in self.dead_hands.items()},
            "history": [event.to_dict() for event in self.history],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChineseRound:
        verify_saved(data, "chinese", "Chinese Poker hand")
        players = [ChinesePlayer.from_dict(item) for item in data["players"]]
        state = cls(
            options=ChineseOptions.from_dict(data["options"]),
            players={player.seat: player for player in players},
            button=int(data["button"]),
            phase=Phase(str(data["phase"])),
            dead_hands={int(position): _cards(hand) for position, hand in data["dead_hands"].items()},
            history=[Event.from_dict(item) for item in data["history"]],
        )
        if state.phase is Phase.SETTLED:
            state._settle()
        return state

    # ----------------------------------------------------------------------------- helpers

    def _record(self, event: Event) -> Event:
        self.history.append(event)
        return event

    def _player(self, seat: SeatId) -> ChinesePlayer:
        player = self.players.get(seat)
        if player is None:
            raise RuleError("You have no hand in this round.")
        return player

    def _setting_player(self, seat: SeatId) -> ChinesePlayer:
        player = self._player(seat)
        if self.phase is Phase.DEALING:
            raise RuleError("The cards have not been dealt yet.")
        if self.phase is Phase.SETTLED or player.is_set:
            raise RuleError("You have already set your hand.")
        return player

    def _set(self, player: ChinesePlayer, arrangement: Arrangement | None, declared: bool,
             set_by: str) -> Event:
        player.arrangement, player.declared, player.set_by = arrangement, declared, set_by
        player.front = player.middle = None
        event = self._record(Event(set_by if set_by != "player" else "set", player.seat))
        if not self.pending_seats():
            self.phase = Phase.SETTLED
            self._settle()
            points = ", ".join(f"{seat}: {total:+d}" for seat, total in self._points().items())
            self._record(Event("showdown", None, points))
        return event

    def _settle(self) -> None:
        self.showdown = score_hands({seat: player.hand() for seat, player in self.players.items()})
        self.payments = settle_stacks(
            self.showdown.pair_points(), self.options.point_value, self.stacks(), self.clockwise(),
            self.button_seat(), paid_first=self.showdown.natural_pairs(),
        )

    def _points(self) -> Mapping[SeatId, int]:
        assert self.showdown is not None
        return self.showdown.points


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


def _text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(card) for card in str(text).split())



__all__ = [
    "TIMEOUT_POLICIES",
    "ChineseOptions",
    "ChinesePlayer",
    "ChineseRound",
    "Event",
    "Phase",
    "TimeoutPolicy",
]
