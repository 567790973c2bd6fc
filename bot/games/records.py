"""What every engine's round history shares: the record base class and its JSON round trip.

Each engine keeps its own family of small frozen records (``bot.games.uth.actions``,
``bot.games.boxed.actions``, ``bot.games.hcf.actions``): one per state-changing call, with the
chips it moved as ``flows``. The family says how its fields encode (which hold cards, which
hold tuples) and which kinds exist; the base does the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, NamedTuple, TypeVar

from bot.games.common import ChipFlow, SeatId

R = TypeVar("R", bound="ActionRecord")
FieldCodec = Callable[[str, Any], Any]


class Rejection(NamedTuple):
    """A bet turned away when the betting window closed, and why; its chips went back."""

    seat: SeatId
    bet: str
    amount: int
    reason: str

    @classmethod
    def from_dict(cls, item: Mapping[str, Any]) -> Rejection:
        return cls(int(item["seat"]), str(item["bet"]), int(item["amount"]), str(item["reason"]))


@dataclass(frozen=True, kw_only=True)
class ActionRecord:
    """Base of every record. ``flows``: chips into play (+) or back out of it (-)."""

    kind: ClassVar[str] = ""
    encode_field: ClassVar[FieldCodec] = staticmethod(lambda name, value: value)
    """The family's field encoder (set on the family's base class)."""
    flows: tuple[ChipFlow, ...] = ()

    @property
    def chips(self) -> int:
        """Net chips all ``flows`` put into play (one seat's, for a seat's own action)."""
        return sum(flow.amount for flow in self.flows)

    @property
    def label(self) -> str:
        """A short text for the table log."""
        return self.kind.replace("_", " ")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for spec in fields(self):
            data[spec.name] = type(self).encode_field(spec.name, getattr(self, spec.name))
        return data


def record_from_dict(types: Mapping[str, type[R]], data: Mapping[str, Any], decode: FieldCodec) -> R:
    """The record ``data`` describes, of the family whose kinds are ``types``."""
    cls = types[data["kind"]]
    return cls(**{spec.name: decode(spec.name, data[spec.name]) for spec in fields(cls)})
