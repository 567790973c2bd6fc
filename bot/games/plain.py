"""Records as plain JSON data, written once: views (what pictures and snapshots are made from),
options and seats (what a saved round keeps) and reports list their fields; :func:`plain` turns
each value into JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from bot.poker import Card


def plain(value: Any) -> Any:
    """``value`` as JSON data: a card as its text (``"As"``), tuples and lists as lists, a
    record through its own ``to_dict``; ``None``, numbers and text as they are."""
    if isinstance(value, Card):
        return str(value)
    # Before tuple: a NamedTuple record has its own to_dict. Asked by name, not with a
    # runtime-checkable Protocol: every saved round passes each of its values through here
    # (twice a press), and a Protocol's isinstance costs some 20 µs against 0.1 µs.
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    return value


class PlainData:
    """Base of a dataclass whose ``to_dict`` is every field it is made from (``init`` fields,
    in declaration order) as :func:`plain` data; a hidden card, ``None``, stays ``None``.
    Derived fields (``init=False``) are left out: the constructor makes them again."""

    def to_dict(self) -> dict[str, Any]:
        assert is_dataclass(self), "PlainData is a base of dataclasses"
        return {field.name: plain(getattr(self, field.name)) for field in fields(self) if field.init}
