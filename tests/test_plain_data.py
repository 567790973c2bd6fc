"""Views turn into plain JSON data one way for every game (bot.games.plain)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.games.common import Settlement, SettlementLine
from bot.games.plain import PlainData, plain
from bot.poker import Card


@dataclass(frozen=True)
class Inner(PlainData):
    cards: tuple[Card | None, ...]
    range: tuple[int, int] | None


@dataclass(frozen=True)
class Outer(PlainData):
    phase: str
    seats: tuple[Inner, ...]
    settlement: Settlement | None


def test_a_view_is_its_fields_in_order_with_cards_as_text_and_hidden_cards_as_none() -> None:
    settlement = Settlement((SettlementLine(7, "ante", 10, 20, "win"),))
    view = Outer("showdown", (Inner((Card("As"), None), (1, 5)), Inner((), None)), settlement)
    data = view.to_dict()
    assert list(data) == ["phase", "seats", "settlement"]
    assert data == {
        "phase": "showdown",
        "seats": [{"cards": ["As", None], "range": [1, 5]}, {"cards": [], "range": None}],
        "settlement": settlement.to_dict(),
    }
    assert json.loads(json.dumps(data)) == data, "plain JSON data"


def test_plain_keeps_numbers_text_and_none_and_walks_mappings() -> None:
    assert plain({"a": (Card("Td"), 3), "b": None, "c": True}) == {"a": ["Td", 3], "b": None, "c": True}


def test_a_named_tuple_record_is_its_own_dict_not_a_list() -> None:
    line = SettlementLine(7, "ante", 10, 20, "win")
    assert plain((line,)) == [line.to_dict()]
