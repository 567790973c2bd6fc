"""One player's boxes: their bets, cards and where each box stands in the round.

A box's ``stage`` is the little state machine the decision phase walks through:

``waiting``  dealt, not its turn yet (its cards are hidden from its player too)
``deciding`` an open box on turn: Buy, Bet or Fold (Imperial would add Draw here)
``go_on``    its BET was placed automatically (a blind box, or a Buy with the BET forced):
             insurance may be bought, then "Go on"
``done``     nothing more to decide

Bet names in flows and settlement lines are ``"box{n} {bet}"`` with ``bet`` one of ``ante``,
``bet``, ``bonus``, ``insurance`` or a fee (``buy``), ``n`` the box's position 1..4.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games.boxed.rules import BoxKind, BoxStakes
from bot.games.common import ChipFlow, SeatId
from bot.games.plain import PlainData
from bot.poker import Card

STAGES = ("waiting", "deciding", "go_on", "done")
BET_ORDER = ("ante", "bet", "buy", "bonus", "insurance")
"""The order of a box's lines in flows and in the settlement; other fees sort after ``buy``."""

Layout = dict[int, tuple[int, int]]
"""A seat's bets as placed in the betting window: box position -> (Ante, bonus)."""


def bet_name(position: int, bet: str) -> str:
    """``"box2 ante"``: the name of one bet of one box in flows and settlement lines."""
    return f"box{position} {bet}"


def box_and_bet(name: str) -> tuple[int, str] | None:
    """What :func:`bet_name` made: ``"box2 ante"`` -> ``(2, "ante")``; None for another name."""
    box, _, bet = name.partition(" ")
    position = box.removeprefix("box")
    return (int(position), bet) if box.startswith("box") and position.isdecimal() and bet else None


@dataclass
class Box(PlainData):
    """One box: its stakes, its cards and its stage.

    ``cards`` is the hand now: the five dealt, a sixth if bought (and, in Imperial Poker, with
    drawn cards in place of the ones given up). ``dealt`` keeps the five as dealt, on which the
    bonus is paid; ``discarded`` the cards given up in Imperial's Draws, in order (the player
    saw them and the dealer can never hold them: the coach counts them out).
    """

    position: int
    ante: int = 0
    bonus: int = 0
    bet: int = 0
    insurance: int = 0
    fees: list[tuple[str, int]] = field(default_factory=list)
    kind: BoxKind = "bonus"
    cards: tuple[Card, ...] = ()
    dealt: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    stage: str = "waiting"
    bought: bool = False
    folded: bool = False
    exchange: bool = False
    status: str = ""

    def settled_stakes(self) -> BoxStakes:
        """What the settlement reads of the box: its kind, bets and decisions."""
        return BoxStakes(self.kind, self.ante, self.bet, self.bonus, self.insurance, self.folded,
                         self.exchange)

    @property
    def fee_total(self) -> int:
        return sum(amount for _, amount in self.fees)

    @property
    def staked(self) -> int:
        """Every chip this box has in play, fees included."""
        return self.ante + self.bet + self.bonus + self.insurance + self.fee_total

    def stakes(self) -> dict[str, int]:
        """Bet name -> chips in play, for the bets that hold any."""
        amounts = [("ante", self.ante), ("bet", self.bet), *self.fees, ("bonus", self.bonus),
                   ("insurance", self.insurance)]
        return {bet_name(self.position, bet): amount for bet, amount in amounts if amount}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Box:
        kind = str(data["kind"])
        stage = str(data["stage"])
        if kind not in ("open", "blind", "bonus") or stage not in STAGES:
            raise ValueError(f"a saved box has kind {kind!r} and stage {stage!r}")
        return cls(
            position=int(data["position"]),
            ante=int(data["ante"]),
            bonus=int(data["bonus"]),
            bet=int(data["bet"]),
            insurance=int(data["insurance"]),
            fees=[(str(name), int(amount)) for name, amount in data["fees"]],
            kind=kind,  # type: ignore[arg-type]  # checked against BoxKind's values above
            cards=tuple(Card(card) for card in data["cards"]),
            # Rounds saved before ``dealt`` existed never changed a dealt card: the first five.
            dealt=tuple(Card(card) for card in data.get("dealt", data["cards"][:5])),
            discarded=tuple(Card(card) for card in data.get("discarded", ())),  # none before it existed
            stage=stage,
            bought=bool(data["bought"]),
            folded=bool(data["folded"]),
            exchange=bool(data["exchange"]),
            status=str(data["status"]),
        )


@dataclass
class Seat:
    """One player's boxes (by position) and progress through the round.

    ``undo`` holds the seat's layout before each placement, so Undo restores it exactly.
    ``order`` is the open boxes' play order, fixed when betting closes; ``turn`` indexes it.
    ``step``: ``"box"`` (deciding ``order[turn]``), ``"blind"`` (insuring blind boxes),
    ``"done"``; empty before the deal. ``shown``: the blind and bonus boxes were turned for the
    player. ``confirmed``: the player has pressed "Go on" in the exchange phase (or had nothing
    to exchange).
    """

    seat: SeatId
    boxes: dict[int, Box] = field(default_factory=dict)
    undo: list[Layout] = field(default_factory=list)
    order: tuple[int, ...] = ()
    turn: int = 0
    step: str = ""
    shown: bool = False
    confirmed: bool = True
    open_boxes: int = 0

    def layout(self) -> Layout:
        return {position: (box.ante, box.bonus) for position, box in self.boxes.items()}

    def stakes(self) -> dict[str, int]:
        """Every bet of every box with chips in play, in box then bet order."""
        stakes: dict[str, int] = {}
        for position in sorted(self.boxes):
            stakes.update(self.boxes[position].stakes())
        return stakes

    @property
    def staked(self) -> int:
        return sum(box.staked for box in self.boxes.values())

    @property
    def current(self) -> Box | None:
        """The open box on turn, while the seat decides its open boxes."""
        if self.step == "box":
            return self.boxes[self.order[self.turn]]
        return None

    def flows_since(self, before: Mapping[str, int]) -> tuple[ChipFlow, ...]:
        """The chips that moved since the seat's stakes were ``before``: one flow per bet."""
        after = self.stakes()
        names = sorted(set(before) | set(after), key=_bet_sort_key)
        return tuple(
            ChipFlow(self.seat, name, after.get(name, 0) - before.get(name, 0))
            for name in names
            if after.get(name, 0) != before.get(name, 0)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "boxes": [self.boxes[position].to_dict() for position in sorted(self.boxes)],
            "undo": [[[position, ante, bonus] for position, (ante, bonus) in sorted(layout.items())]
                     for layout in self.undo],
            "order": list(self.order),
            "turn": self.turn,
            "step": self.step,
            "shown": self.shown,
            "confirmed": self.confirmed,
            "open_boxes": self.open_boxes,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        boxes = [Box.from_dict(item) for item in data["boxes"]]
        return cls(
            seat=int(data["seat"]),
            boxes={box.position: box for box in boxes},
            undo=[{int(p): (int(a), int(b)) for p, a, b in layout} for layout in data["undo"]],
            order=tuple(int(position) for position in data["order"]),
            turn=int(data["turn"]),
            step=str(data["step"]),
            shown=bool(data["shown"]),
            confirmed=bool(data["confirmed"]),
            open_boxes=int(data.get("open_boxes", 0)),  # saved before the choice existed: 0
        )


def _bet_sort_key(name: str) -> tuple[int, int, str]:
    box, bet = name.split(" ", 1)
    rank = BET_ORDER.index(bet) if bet in BET_ORDER else BET_ORDER.index("buy")
    return int(box.removeprefix("box")), rank, bet
