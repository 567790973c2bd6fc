"""The typed arguments of players' actions at a table.

A slash command or a button names an action ("ante", "raise", "draw") and its argument, one of
the records below. The records travel as they are from the cogs through the table runtime to
the game's adapter; only inside a button's custom id (Discord keeps 100 characters of text
there) is an argument text: :meth:`ActionArg.encode` writes it, and the game's adapter reads it
back by the type it declares for the action (:meth:`bot.tables.adapter.GameAdapter.read_arg`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

from bot.games.common import RuleError
from bot.games.moves import Remembered
from bot.poker import Card, CardError, parse_cards

A = TypeVar("A", bound="ActionArg")


class ActionArg:
    """The base of every argument; :class:`NoArg` is the argument of an action that needs none."""

    pattern: ClassVar[re.Pattern[str]] = re.compile("")
    """What :meth:`encode` writes, as :meth:`decode` accepts it."""

    def encode(self) -> str:
        return ""

    @classmethod
    def decode(cls: type[A], text: str) -> A:
        match = cls.pattern.fullmatch(text)
        if match is None:
            raise RuleError("That control does not belong to this game any more.")
        return cls._from(match)

    @classmethod
    def _from(cls: type[A], match: re.Match[str]) -> A:
        return cls()


@dataclass(frozen=True)
class NoArg(ActionArg):
    pass


NO_ARG = NoArg()
"""The argument of every action that takes none."""


class Numbers(ActionArg):
    """An argument of whole numbers only: written as its fields joined by ``:``, read back
    from its pattern's groups in field order."""

    def encode(self) -> str:
        return ":".join(str(getattr(self, field.name)) for field in fields(self))  # type: ignore[arg-type]

    @classmethod
    def _from(cls: type[A], match: re.Match[str]) -> A:
        return cls(*(int(group) for group in match.groups()))


@dataclass(frozen=True)
class Amount(Numbers):
    """Chips: an Ante, Trips, a Bet's insurance."""

    chips: int
    pattern = re.compile(r"(\d{1,13})")


@dataclass(frozen=True)
class Times(Numbers):
    """A multiple or a count: Raise 3x, play 2 boxes open."""

    times: int
    pattern = re.compile(r"(\d)")


@dataclass(frozen=True)
class BoxNumber(Numbers):
    """One of a player's boxes (the boxed games): which to exchange."""

    box: int
    pattern = re.compile(r"([1-9])")


@dataclass(frozen=True)
class BoxAmount(Numbers):
    """Chips on one box: its Ante, its Bonus, its insurance."""

    box: int
    chips: int
    pattern = re.compile(r"([1-9]):(\d{1,13})")


@dataclass(frozen=True)
class Bonuses(ActionArg):
    """High Card Flush's bonus bets (None: that bonus is left as it is)."""

    straight_flush: int | None = None
    flush: int | None = None
    pattern = re.compile(r"(\d{1,13})?:(\d{1,13})?")

    def encode(self) -> str:
        return ":".join("" if amount is None else str(amount) for amount in (self.straight_flush, self.flush))

    @classmethod
    def _from(cls, match: re.Match[str]) -> Bonuses:
        return cls(*(None if group is None else int(group) for group in match.groups()))


@dataclass(frozen=True)
class Tag(ActionArg):
    """A word that tells two buttons of one action apart ("Draw cards" beside "My cards")."""

    word: str
    pattern = re.compile(r"([a-z]{1,20})")

    def encode(self) -> str:
        return self.word

    @classmethod
    def _from(cls, match: re.Match[str]) -> Tag:
        return cls(match[1])


@dataclass(frozen=True)
class CardList(ActionArg):
    """Cards a player names: the cards to give up in a Draw, a Chinese Poker front or middle.
    Cards, never positions: a stale menu can only name cards, and one no longer held is refused."""

    cards: tuple[Card, ...]
    pattern = re.compile(r"((?:[2-9TJQKA][cdhs])(?:\.[2-9TJQKA][cdhs])*)?")

    def encode(self) -> str:
        return ".".join(str(card) for card in self.cards)

    @classmethod
    def _from(cls, match: re.Match[str]) -> CardList:
        return cls(tuple(parse_cards(match[0].replace(".", " "))) if match[0] else ())

    @classmethod
    def read(cls, text: str) -> CardList:
        """Cards as a player types them (``"As Kd 10h"``); a readable refusal for anything else."""
        try:
            return cls(tuple(parse_cards(text.replace(".", " ").replace(",", " "))))
        except CardError as error:
            raise RuleError("Name cards like `As Kd 10h`: {error}.", error=error) from None


@dataclass(frozen=True)
class HandParts(ActionArg):
    """A Chinese Poker hand's front and middle named at once (the back is the rest)."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]

    def encode(self) -> str:
        return f"{CardList(self.front).encode()}|{CardList(self.middle).encode()}"

    @classmethod
    def decode(cls, text: str) -> HandParts:
        front, _, middle = text.partition("|")
        return cls(CardList.decode(front).cards, CardList.decode(middle).cards)


def expect(arg: ActionArg, kind: type[A]) -> A:
    """The argument as the type an action takes (a mismatch is the caller's bug, said plainly)."""
    if not isinstance(arg, kind):
        raise RuleError("That action takes {kind}, not {given}.",
                        kind=kind.__name__, given=type(arg).__name__)
    return arg


ARGUMENT_OF_FIELDS: dict[tuple[str, ...], type[ActionArg]] = {
    (): NoArg, ("amount",): Amount, ("insurance",): Amount, ("times",): Times, ("box",): BoxNumber,
    ("box", "amount"): BoxAmount, ("cards",): CardList, ("straight_flush", "flush"): Bonuses,
    ("front", "middle"): HandParts,
}
"""Which argument carries a move's values, by the move's field names (each move is one of an
engine's frozen records, :mod:`bot.games.moves`): the argument's fields fill the move's in order."""


def argument_type(move: type[Any]) -> type[ActionArg]:
    """The argument a button or command gives ``move`` (a Rebet takes none: the table's memory
    of last round fills it)."""
    if issubclass(move, Remembered):
        return NoArg
    names = tuple(field.name for field in fields(move))
    argument = ARGUMENT_OF_FIELDS.get(names)
    if argument is None:
        raise TypeError(f"no action argument carries a move with fields {names}")
    return argument


def build_move(move: type[Any], arg: ActionArg, remembered: Callable[[], object]) -> Any:
    """The engine's ``move`` made with a button's or command's ``arg`` (a Rebet with what the
    table ``remembered`` of the seat's last round)."""
    if issubclass(move, Remembered):
        return move.from_memory(remembered())
    given = expect(arg, argument_type(move))
    return move(*(getattr(given, field.name) for field in fields(given)))  # type: ignore[arg-type]
