"""The shared record codec: every field written to JSON comes back as the same value and type,
and a history saved before a field existed still reads."""

from __future__ import annotations

import json

import pytest

from bot.games.boxed.actions import Rebet
from bot.games.common import ChipFlow, RuleError, permits, verify_saved
from bot.games.imperial.state import Draw
from bot.games.records import CloseBetting, Fold, Raise, Rejection, UndoBet, record_from_dict
from bot.games.uth.actions import Reveal
from bot.poker import parse_cards

FAMILY = {cls.kind: cls for cls in (CloseBetting, Fold, Raise, UndoBet, Rebet, Draw, Reveal)}


def through_json(record):
    return record_from_dict(FAMILY, json.loads(json.dumps(record.to_dict())))


def test_every_field_type_survives_json():
    records = [
        CloseBetting(seats=(3, 1), rejected=(Rejection(2, "trips", 50, "no ante"),),
                     flows=(ChipFlow(2, "trips", -50),)),
        Raise(seat=1, multiple=4, amount=40, street="preflop", flows=(ChipFlow(1, "play", 40),)),
        Fold(seat=0, auto=True),
        Rebet(seat=1, bets=((1, 10, 5), (2, 20, 0))),
        Draw(seat=1, box=2, number=1, positions=(0, 3), cost=10, last_card=False),
        Reveal(street="flop", cards=tuple(parse_cards("As Kd 7h"))),
    ]
    for record in records:
        restored = through_json(record)
        assert restored == record
        assert type(restored) is type(record)


def test_a_field_missing_from_an_old_history_takes_its_default():
    old = {"kind": "undo", "seat": 2, "flows": []}
    assert record_from_dict(FAMILY, old) == UndoBet(seat=2, undone="")
    old_raise = {"kind": "raise", "seat": 1, "multiple": 3, "amount": 30, "flows": []}
    assert record_from_dict(FAMILY, old_raise).street == ""


def test_labels_read_like_the_table_log():
    assert Raise(seat=1, multiple=4, amount=40).label == "RAISE 4x"
    assert Fold(seat=1, auto=True).label == "AUTO FOLDED"
    assert UndoBet(seat=1).label == "undo"


# ------------------------------------------------------------------ the verify/can/act trio


class _Door:
    def __init__(self, open_: bool) -> None:
        self.open = open_

    def verify_enter(self, who: str, *, knocked: bool = False) -> None:
        if not (self.open or knocked):
            raise RuleError(f"{who}: the door is shut")

    can_enter = permits(verify_enter)


class _LockedDoor(_Door):
    def verify_enter(self, who: str, *, knocked: bool = False) -> None:
        raise RuleError("locked")


def test_can_says_whether_verify_passes_with_the_same_arguments() -> None:
    assert _Door(True).can_enter("ann")
    assert not _Door(False).can_enter("ann")
    assert _Door(False).can_enter("ann", knocked=True)


def test_can_asks_the_subclass_own_verify() -> None:
    assert not _LockedDoor(True).can_enter("ann", knocked=True)


def test_a_saved_round_is_restored_only_by_its_own_game_and_format() -> None:
    verify_saved({"game": "uth", "version": 1, "phase": "betting"}, "uth", "Ultimate Texas Hold'em round")
    refusal = r"not a saved Ultimate Texas Hold'em round \(game 'uth', version 1\)"
    for wrong in ({"game": "hcf", "version": 1}, {"game": "uth", "version": 2}, {"game": "uth"}, {}):
        with pytest.raises(ValueError, match=refusal):
            verify_saved(wrong, "uth", "Ultimate Texas Hold'em round")
