"""A pay table: winnings per hand as odds on the stake, the one class every game's tables use.

Rows are ``(key, num, den)``: a hand whose key is ``key`` wins ``stake * num // den`` (a payout
that is not whole rounds down to the chip, RULES.md). Keys are an ``IntEnum`` with a ``label``
(poker categories, the boxed games' hand classes, Three Card Poker's); a key below every row
``miss``\\es: ``"lose"`` keeps the stake, ``"push"`` hands it back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Generic, Literal, TypeVar

from bot.i18n import SOURCE_LANGUAGE, Words, words

K = TypeVar("K", bound=IntEnum)


def odds_text(rows: Iterable[tuple[str, int, int]], w: Words | None = None) -> str:
    """``"Flush 4:1, Straight 6:1"`` from ``(label, num, den)`` rows: how every rules page
    writes odds (a pay table, High Card Flush's bonuses by flush length), the labels in the
    reader's language."""
    w = w or words(SOURCE_LANGUAGE)
    return ", ".join(f"{w(label)} {num}:{den}" for label, num, den in rows)


@dataclass(frozen=True)
class PayTable(Generic[K]):
    name: str
    rows: tuple[tuple[K, int, int], ...]
    miss: Literal["push", "lose"] = "lose"
    _odds: Mapping[int, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        odds: dict[int, tuple[int, int]] = {}
        for key, num, den in self.rows:
            if num < 0 or den <= 0:
                raise ValueError(f"{self.name}: odds {num}:{den} for {key.name} are not valid")
            odds[int(key)] = (num, den)
        object.__setattr__(self, "_odds", odds)

    @classmethod
    def of(cls, name: str, pays: Mapping[K, int | tuple[int, int]], *,
           miss: Literal["push", "lose"]) -> PayTable[K]:
        """A table written as the seeds print it, best hand first: ``{key: n}`` pays n:1,
        ``{key: (num, den)}`` pays num:den."""
        rows = tuple((key, *(odds if isinstance(odds, tuple) else (odds, 1))) for key, odds in pays.items())
        return cls(name, rows, miss)

    def odds(self, key: int) -> tuple[int, int] | None:
        """``(num, den)`` for a paying key, ``None`` below the table."""
        return self._odds.get(int(key))

    def winnings(self, key: int, stake: int) -> int:
        """Chips won on ``stake`` (rounded down); 0 below the table."""
        odds = self._odds.get(int(key))
        return 0 if odds is None else stake * odds[0] // odds[1]

    def returned(self, key: int, stake: int) -> int:
        """Chips handed back on ``stake``: stake plus winnings, or the miss rule below the table."""
        if int(key) in self._odds:
            return stake + self.winnings(key, stake)
        return stake if self.miss == "push" else 0

    def text(self, w: Words | None = None) -> str:
        """``"Royal Flush 100:1, Straight Flush 50:1, ..."``: as a rules page writes it."""
        return odds_text(((getattr(key, "label", key.name), num, den) for key, num, den in self.rows), w)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rows": [[key.name, num, den] for key, num, den in self.rows],
                "miss": self.miss}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], keys: type[K]) -> PayTable[K]:
        miss = data["miss"]
        if miss not in ("push", "lose"):
            raise ValueError(f"pay table miss must be 'push' or 'lose', not {miss!r}")
        rows = tuple((keys[name], int(num), int(den)) for name, num, den in data["rows"])
        return cls(str(data["name"]), rows, miss)
