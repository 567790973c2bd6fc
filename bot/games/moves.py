"""Moves as values: what a seat may do now, and doing it.

An engine lists a seat's legal moves as :class:`MoveOption` (the move's kind and, for a move
that takes chips, the amounts it takes now) and applies one frozen move value, answering with
:class:`Moved`: the action's record (its chip flows) and its repeat key (two presses with the
same key are one action: a double click on Play). A move's ``kind`` is the action's name that
button ids and saved rounds have always used ("ante", "play"), so both keep working. Moves are
a layer over each engine's ``verify_x``/``can_x``/``x`` methods, which stay its public API;
they restate no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, dataclass_transform

from bot.games.common import ChipFlow, RuleError, SeatId

MOST_CHIPS = 10**12
"""The most chips any bet is asked about where a table sets no maximum (no wallet holds more)."""


@dataclass(frozen=True)
class MoveOption:
    """A move a seat may make now: its ``kind`` and, for chips, the least and most it takes."""

    kind: str
    least: int | None = None
    most: int | None = None
    choices: tuple[int, ...] = ()
    """The values a move may take when they are a few (Raise 4x or 3x), best first."""
    box: int | None = None
    """The box it goes on, where a player plays several (the boxed games)."""
    part: str | None = None
    """Which of the move's bets, where it names one of several (High Card Flush's bonuses)."""
    optional: bool = False
    """The chips may also be none (a Bet's insurance: 0, or ``least`` to ``most`` where it may
    be bought; only 0 where it may not, no bounds given)."""

    def allows(self, amount: int) -> bool:
        """Whether ``amount`` chips are within this option's bounds (a move without chips: any)."""
        if self.optional and amount == 0:
            return True
        if self.least is None or self.most is None:
            return not self.optional
        return self.least <= amount <= self.most


def amount_range(takes: Callable[[int], bool], cap: int) -> tuple[int, int] | None:
    """The least and most chips a bet takes, asked of the engine's own check ``takes`` (None:
    no amount up to ``cap``). The amounts a bet takes are one run [least, most]: a limit above,
    and below only a floor (an Ante within a factor of the player's other Antes), a run at
    least twice as long as its start. So doubling from 1 finds one amount in it, and galloping
    from there toward either end, then halving the last gap, finds its ends in a few checks."""
    found = next((amount for amount in _doubling(cap) if takes(amount)), None)
    if found is None:
        return None
    return _edge(takes, found, 1), _edge(takes, found, cap)


def _doubling(cap: int) -> list[int]:
    amounts, amount = [], 1
    while amount < cap:
        amounts.append(amount)
        amount *= 2
    return [*amounts, cap] if cap >= 1 else []


def _edge(takes: Callable[[int], bool], inside: int, bound: int) -> int:
    """The last amount ``takes`` accepts going from ``inside`` (accepted) toward ``bound``: the
    bound itself when taken (a bet without a floor, a table without a maximum), else steps
    doubling until one is refused, then the gap halved."""
    if takes(bound):
        return bound
    direction = 1 if bound >= inside else -1
    good, bad, step = inside, bound, 1
    while abs(step) < abs(bound - inside):
        probe = inside + direction * step
        if not takes(probe):
            bad = probe
            break
        good, step = probe, step * 2
    while abs(bad - good) > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if takes(middle) else (good, middle)
    return good


class Record(Protocol):
    """What every record of an action tells: its text for the log and the chips it moved."""

    @property
    def label(self) -> str: ...

    @property
    def flows(self) -> tuple[ChipFlow, ...]: ...


@dataclass(frozen=True)
class Said:
    """A record of a move whose engine keeps no record of its own (Chinese Poker's events)."""

    label: str
    flows: tuple[ChipFlow, ...] = ()


@dataclass(frozen=True)
class Moved:
    """What a move did: its record, and the key that makes a second press of it a repeat."""

    record: Record
    repeat_key: str | None = None
    more: tuple[Record, ...] = ()
    """Further records the one move made (a Rebet's bonuses after its Ante)."""
    said: str | None = None
    """The reply, where it says more than the record's label ("Bank accepted")."""
    note: str | None = None
    """What else the move did, said after the reply ("you play, so you declined the bank")."""
    seat: SeatId | None = None
    """Whose move it was, where the round made it for them (a timeout, a player leaving);
    None for the table's own steps (the deal)."""

    @property
    def flows(self) -> tuple[ChipFlow, ...]:
        return tuple(flow for record in (self.record, *self.more) for flow in record.flows)

    @property
    def label(self) -> str:
        return self.said or self.record.label


def round_step(record: Record, repeat_key: str | None = None) -> Moved:
    """A step the round took by itself (its timer ran out, a player left), in the name of the
    seat the record names (none: the table's own step, such as the deal)."""
    return Moved(record, repeat_key, seat=getattr(record, "seat", None))


@dataclass_transform(frozen_default=True)
class Move:
    """The base of every move: ``class Raise(Move, kind="raise")`` with its fields (``times:
    int``) makes a frozen dataclass whose ``kind`` is the action's name. A move may say
    ``reports_bets=True``: its effect shows only in the bets it leaves (Undo, Rebet, UTH's
    Double), so the table's reply lists those."""

    kind: ClassVar[str] = ""
    reports_bets: ClassVar[bool] = False

    def __init_subclass__(cls, *, kind: str = "", reports_bets: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind or cls.kind
        cls.reports_bets = reports_bets or cls.reports_bets
        dataclass(frozen=True)(cls)


class Remembered(Move):
    """A move built from the seat's bets of last round (Rebet): the table keeps those, the
    round does not, so the move is made with :meth:`from_memory` of what the table kept."""

    @classmethod
    def from_memory(cls, previous: object) -> Remembered:
        raise NotImplementedError


def remembered_bets(previous: object, count: int) -> tuple[int, ...]:
    """``count`` bets a table remembered of a seat (a list through JSON), or a plain refusal."""
    if not isinstance(previous, list | tuple) or len(previous) != count:
        raise RuleError("There is nothing to rebet: you did not bet last round.")
    return tuple(int(amount) for amount in previous)


# Moves most games' players make: each game lists those it has among its own.

class Ante(Move, kind="ante"):
    """An Ante of ``amount`` chips (at Ultimate Texas Hold'em, its Blind goes with it)."""

    amount: int


class Undo(Move, kind="undo", reports_bets=True):
    """Take back the seat's latest bet while betting is open."""


class Clear(Move, kind="clear"):
    """Take back every bet of the seat while betting is open."""


class Fold(Move, kind="fold"):
    """Give up the hand (its Ante is lost)."""


@dataclass(frozen=True)
class MoveSet:
    """A game's moves: every kind it takes (``types``), and the kinds that open a round at an
    idle table (``opening``): a bet, a Rebet, a Deal."""

    types: tuple[type[Move], ...]
    opening: frozenset[str]

    def named(self, kind: str) -> type[Move] | None:
        return next((move for move in self.types if move.kind == kind), None)


NO_MOVES = MoveSet((), frozenset())
