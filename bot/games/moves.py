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

from dataclasses import dataclass
from typing import ClassVar

from bot.games.records import ActionRecord


@dataclass(frozen=True)
class MoveOption:
    """A move a seat may make now: its ``kind`` and, for chips, the least and most it takes."""

    kind: str
    least: int | None = None
    most: int | None = None
    choices: tuple[int, ...] = ()
    """The values a move may take when they are a few (Raise 4x or 3x), best first."""

    def allows(self, amount: int) -> bool:
        """Whether ``amount`` chips are within this option's bounds (a move without chips: any)."""
        if self.least is None or self.most is None:
            return True
        return self.least <= amount <= self.most


@dataclass(frozen=True)
class Moved:
    """What a move did: its record, and the key that makes a second press of it a repeat."""

    record: ActionRecord
    repeat_key: str | None = None


# Moves most games' players make: each game lists those it has among its own.

@dataclass(frozen=True)
class Ante:
    """An Ante of ``amount`` chips (at Ultimate Texas Hold'em, its Blind goes with it)."""

    amount: int
    kind: ClassVar[str] = "ante"


@dataclass(frozen=True)
class Undo:
    """Take back the seat's latest bet while betting is open."""

    kind: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Clear:
    """Take back every bet of the seat while betting is open."""

    kind: ClassVar[str] = "clear"


@dataclass(frozen=True)
class Fold:
    kind: ClassVar[str] = "fold"
