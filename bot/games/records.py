"""What every engine's round history shares: the record base class, its JSON round trip, and
the records that mean the same in every game.

Each engine keeps its own family of small frozen records (``bot.games.uth.actions``,
``bot.games.boxed.actions``, ``bot.games.hcf.actions``): one per state-changing call, with the
chips it moved as ``flows``, and a ``kind -> class`` table to read a history back. Fields are
written to JSON and read back by their declared types (cards as ``"As"``, tuples as lists, chip
flows and rejections as objects), so a family declares fields and nothing else.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import (
    Any,
    ClassVar,
    Final,
    NamedTuple,
    TypeVar,
    Union,
    dataclass_transform,
    get_args,
    get_origin,
    get_type_hints,
)

from bot.games.common import ChipFlow, NamedStep, RuleError, SeatId, allowed
from bot.games.moves import Moved
from bot.games.plain import PlainData
from bot.i18n import N_, Text, joined
from bot.poker import Card

R = TypeVar("R", bound="ActionRecord")


class Rejection(NamedTuple):
    """A bet turned away when the betting window closed, and why; its chips went back."""

    seat: SeatId
    bet: str
    amount: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def from_dict(cls, item: Mapping[str, Any]) -> Rejection:
        return cls(int(item["seat"]), str(item["bet"]), int(item["amount"]), str(item["reason"]))


@dataclass_transform(kw_only_default=True, frozen_default=True)
@dataclass(frozen=True, kw_only=True)
class ActionRecord:
    """Base of every record. ``flows``: chips into play (+) or back out of it (-).

    A record is declared by its fields alone: ``class Play(SeatBet, kind="play")`` makes a
    frozen, keyword-only dataclass whose ``kind`` names it in saved histories."""

    kind: ClassVar[str] = ""
    flows: tuple[ChipFlow, ...] = ()

    def __init_subclass__(cls, *, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            cls.kind = kind
        dataclass(frozen=True, kw_only=True)(cls)

    @property
    def chips(self) -> int:
        """Net chips all ``flows`` put into play (one seat's, for a seat's own action)."""
        return sum(flow.amount for flow in self.flows)

    @property
    def label(self) -> str:
        """A short text for the table log (a record that says more names itself)."""
        return Text(PLAIN_LABELS[self.kind])

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **{spec.name: _encode(getattr(self, spec.name)) for spec in fields(self)}}

    def log_entry(self) -> dict[str, Any]:
        """The record as a finished round's public log shows it: its label, and its seat
        when it is one seat's action."""
        seat = getattr(self, "seat", None)
        return {"label": self.label} if seat is None else {"label": self.label, "seat": seat}


class RecordedRound:
    """What every house-style round state does with its records and its betting window: each
    state-changing call appends its record to ``history``; bets are placed while ``phase`` is
    the betting phase; a decision settles the round once nobody has one left to make."""

    phase: NamedStep
    history: list[ActionRecord]

    def _record(self, action: R) -> R:
        self.history.append(action)
        return action

    def _verify_betting(self) -> None:
        if self.phase.label != "betting":
            raise RuleError("Bets are closed for this round: wait for the next one.")

    def _decided(self, action: R) -> R:
        """Record a decision; settle when it was the last one the round waited for."""
        self._record(action)
        if not self.pending_seats():
            self._settle()
        return action

    def pending_seats(self) -> Sequence[SeatId]:
        raise NotImplementedError

    def _settle(self) -> None:
        raise NotImplementedError


class DealerRound(RecordedRound):
    """A dealer game's round (Ultimate Texas Hold'em, Three Card Poker, the boxed games): seats
    by id and a phase from betting to settled, from which the round protocol's facts follow
    (:class:`bot.games.round.Round`)."""

    seats: Mapping[SeatId, Any]

    def phase_key(self) -> Hashable:
        return self.phase

    def cards_out(self) -> bool:
        return self.phase.label != "betting"

    def is_over(self) -> bool:
        return self.phase.label == "settled"

    def seats_in_play(self) -> tuple[SeatId, ...]:
        return tuple(self.seats)

    def seats_to_ask(self) -> tuple[SeatId, ...]:
        """The seats in the round (a player not in it yet may join it with a bet)."""
        return tuple(self.seats)

    def expire(self, deck: Callable[[], Sequence[Card]]) -> list[Moved]:
        """The betting window's deadline refunds what does not stand and deals to whoever is
        left (nobody: nothing is dealt); a decision's deadline times out every seat still
        deciding."""
        if self.cards_out():
            return [moved for seat in self.pending_seats() for moved in self.time_out(seat)]
        closed = [Moved(self.close_betting(), "close-betting")]
        if allowed(self.verify_deal):
            closed.append(Moved(self.deal(deck()), "deal"))
        return closed

    def leave(self, seat: SeatId) -> list[Moved]:
        """A leaver's bets come back while the window is open; once dealt, their hand plays
        out as their timer would have it."""
        if self.cards_out():
            return self.time_out(seat) if seat in self.pending_seats() else []
        return [Moved(self.clear_bets(seat), seat=seat)] if allowed(self.verify_clear_bets, seat) else []

    def time_out(self, seat: SeatId) -> list[Moved]:
        """The seat's decisions of this phase made as its timer makes them."""
        raise NotImplementedError

    def record(self) -> dict[str, Any]:
        """The public view at the end and every action's log entry."""
        return {"view": dict(self.public_view().to_dict()),
                "history": [action.log_entry() for action in self.history]}

    def public_view(self) -> PlainData:
        raise NotImplementedError

    def close_betting(self) -> ActionRecord:
        raise NotImplementedError

    def verify_deal(self) -> None:
        raise NotImplementedError

    def deal(self, deck: Sequence[Card | int]) -> ActionRecord:
        raise NotImplementedError

    def verify_clear_bets(self, seat: SeatId) -> None:
        raise NotImplementedError

    def clear_bets(self, seat: SeatId) -> ActionRecord:
        raise NotImplementedError


def record_from_dict(types_by_kind: Mapping[str, type[R]], data: Mapping[str, Any]) -> R:
    """The record ``data`` describes, of the family whose kinds are ``types_by_kind``. A field
    missing from ``data`` (a history saved before the field existed) takes its default."""
    cls = types_by_kind[data["kind"]]
    hints = _field_types(cls)
    return cls(**{spec.name: _decode(hints[spec.name], data[spec.name])
                  for spec in fields(cls) if spec.name in data})


def bet_list(*bets: tuple[str, int]) -> Text:
    """``"Ante 20 · Blind 20 · Trips 10"``: the bets that hold chips, as the game names them
    (a name is a catalogue text)."""
    return joined([Text("{bet} {amount}", bet=Text(name), amount=amount) for name, amount in bets if amount])


PLAIN_LABELS: Final = {
    "deal": N_("deal"), "close_betting": N_("close betting"), "showdown": N_("showdown"),
    "clear": N_("clear"), "undo": N_("undo"), "rebet": N_("rebet"), "double": N_("double"),
}
"""The log's words for the records that carry no more than their kind (a catalogue text each,
so ``/round`` reads them in its reader's language)."""


# ------------------------------------------------------------------ records every game shares


class SeatBet(ActionRecord):
    """``amount`` chips on one of the seat's bets, the one ``title`` names in the log."""

    title: ClassVar[str] = ""
    seat: SeatId
    amount: int

    @property
    def label(self) -> str:
        return Text("{bet} {amount}", bet=Text(self.title), amount=self.amount)


class SeatEvent(ActionRecord):
    """A step of one seat that moves no bet of its own; ``text`` is what the log says."""

    text: ClassVar[str] = ""
    seat: SeatId

    @property
    def label(self) -> str:
        return Text(self.text)


class UndoBet(ActionRecord, kind="undo"):
    """The seat's most recent placement taken back (``undone`` names its kind, when known)."""

    seat: SeatId
    undone: str = ""


class ClearBets(ActionRecord, kind="clear"):
    """All of the seat's bets taken back at once."""

    seat: SeatId


class CloseBetting(ActionRecord, kind="close_betting"):
    """The window closed: ``seats`` play the round (in dealing order), ``rejected`` bets
    were refunded."""

    seats: tuple[SeatId, ...]
    rejected: tuple[Rejection, ...] = ()


class Raise(ActionRecord, kind="raise"):
    """A Raise of ``multiple`` x Ante (``amount`` chips), on ``street`` where the game has streets."""

    seat: SeatId
    multiple: int
    amount: int
    street: str = ""

    @property
    def label(self) -> str:
        return Text("RAISE {times}x", times=self.multiple)


class Fold(ActionRecord, kind="fold"):
    """Out, the Ante lost; ``auto`` when the decision timer ran out or the player left."""

    seat: SeatId
    auto: bool

    @property
    def label(self) -> str:
        return Text("AUTO FOLDED") if self.auto else Text("FOLD")


class Deal(ActionRecord, kind="deal"):
    """Hidden cards to each of ``seats`` and to the dealer (a game with a board deals it too)."""

    seats: tuple[SeatId, ...]


class Showdown(ActionRecord, kind="showdown"):
    """The dealer's cards shown and every bet settled (see ``state.settlement``)."""

    dealer_qualified: bool
    house_net: int


# ---------------------------------------------------------------------------- the JSON codec


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (ChipFlow, Rejection)):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def _field_types(cls: type) -> dict[str, Any]:
    """The record class's field types, resolved once (``get_type_hints`` is slow)."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _decode(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        (hint,) = (arg for arg in args if arg is not type(None))
        return _decode(hint, value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item) for item in value)
        return tuple(_decode(arg, item) for arg, item in zip(args, value, strict=True))
    if hint in (ChipFlow, Rejection):
        return hint.from_dict(value)
    if hint in (Card, int):
        return hint(value)
    return value
