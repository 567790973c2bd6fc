"""A tiny game played from table stacks, for the runtime's stack tests.

"Pot": players Ante chips from their stacks into one pot (and may add more); when the betting
window closes (or someone calls "showdown") the largest stake takes the pot, the earliest such
seat on a tie. Table options: ``rake`` chips go to the house out of the pot; ``house_adds``
chips are paid in by the house (as when the house banks and loses); ``misreport`` makes the
settlement claim fewer chips staked than there are, to prove the runtime refuses it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.common import ChipFlow, RuleError, SeatId, Settlement, SettlementLine
from bot.games.moves import MOST_CHIPS, Move, Moved, MoveOption, MoveSet, Said
from bot.games.round import DeadlineKind
from bot.i18n import N_, Text, Words
from bot.poker import Card
from bot.tables.adapter import (
    NO_CONTEXT,
    BuyInRequest,
    GameAdapter,
    GameInfo,
    Outcome,
    PrivateRows,
    TableContext,
)
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.wording import TABLE_COMMANDS, Vocabulary, Wording
from render import SeatView, TableSnapshot


class PotAnte(Move, kind="ante"):
    amount: int


class Showdown(Move, kind="showdown"):
    """Decide the pot now."""


@dataclass
class PotState:
    """The pot's round, on the round protocol (:class:`bot.games.round.Round`)."""

    stakes: dict[int, int] = field(default_factory=dict)
    over: bool = False
    context_seats: list[list[int]] = field(default_factory=list)
    context_memory: dict[str, Any] = field(default_factory=dict)
    newcomers: list[int] = field(default_factory=list)
    rake: int = 0
    house_adds: int = 0
    misreport: int = 0

    def seats_to_ask(self) -> tuple[SeatId, ...]:
        return tuple(self.stakes)

    def legal_moves(self, seat: SeatId) -> tuple[MoveOption, ...]:
        if self.over:
            return ()
        return (MoveOption(PotAnte.kind, 1, MOST_CHIPS), MoveOption(Showdown.kind))

    def apply(self, seat: SeatId, move: Move) -> Moved:
        if self.over:
            raise RuleError("The pot has been decided.")
        if isinstance(move, PotAnte):
            self.stakes[seat] = self.stakes.get(seat, 0) + move.amount
            return Moved(Said(f"Ante {move.amount}", (ChipFlow(seat, "pot", move.amount),)))
        self.over = True
        return Moved(Said("Showdown"), "showdown")

    def expire(self, deck: Callable[[], Sequence[Card]]) -> list[Moved]:
        self.over = True
        return [Moved(Said("Betting closed"), "closed")]

    def leave(self, seat: SeatId) -> list[Moved]:
        return []  # the stake stays in the pot and plays on

    def bets_in_place(self, seat: SeatId) -> Text:
        return Text("Pot {stake}", stake=self.stakes.get(seat, 0))

    def memory(self) -> dict[Any, Any]:
        winner = max(self.stakes, key=lambda seat: self.stakes[seat]) if self.stakes else None
        return {"button": winner, "rounds": int(self.context_memory.get("rounds", 0)) + 1}

    def final_hands(self) -> dict[SeatId, list[Sequence[Card]]]:
        return {}

    def record(self) -> dict[str, Any]:
        return self.to_dict()

    def phase_key(self) -> bool:
        return self.over

    def deadline_kind(self) -> DeadlineKind | None:
        return None if self.over else "betting"

    def cards_out(self) -> bool:
        return False

    def is_over(self) -> bool:
        return self.over

    def dealt_cards(self) -> list[Card]:
        return []

    def seats_in_play(self) -> tuple[SeatId, ...]:
        return tuple(self.stakes)

    def to_dict(self) -> dict[str, Any]:
        return {"stakes": {str(k): v for k, v in self.stakes.items()}, "over": self.over,
                "context_seats": self.context_seats, "context_memory": self.context_memory,
                "newcomers": self.newcomers, "rake": self.rake, "house_adds": self.house_adds,
                "misreport": self.misreport}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PotState:
        return cls({int(k): int(v) for k, v in data["stakes"].items()}, bool(data["over"]),
                   list(data["context_seats"]), dict(data["context_memory"]), list(data["newcomers"]),
                   int(data["rake"]), int(data["house_adds"]), int(data["misreport"]))


@dataclass(frozen=True)
class PotOptions(TableOptions):
    rake: int = option(0, "chips the house takes from the pot", minimum=0)
    house_adds: int = option(0, "chips the house adds to the pot", minimum=0)
    misreport: int = option(0, "a bug on purpose: chips the settlement forgets", minimum=0)
    first_buy_in: int = option(0, "the least a first buy-in may be", minimum=0)


POT = GameInfo("pot", "Pot", "player-bank", PotOptions,
               Vocabulary("pot", {**TABLE_COMMANDS, "ante": Wording("ante", N_("Ante {amount}"))}),
               MoveSet((PotAnte, Showdown), frozenset({PotAnte.kind})))
"""A test game (never declared in bot.catalog): the largest stake takes the pot."""


class PotAdapter(GameAdapter):
    def __init__(self, info: GameInfo = POT) -> None:
        super().__init__(info)

    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> PotState:
        options = config.options_as(PotOptions)
        state = PotState(rake=options.rake, house_adds=options.house_adds, misreport=options.misreport)
        state.context_seats = [[seat, stack] for seat, stack in context.seats]
        state.context_memory = {str(key): value for key, value in context.memory.items()}
        state.newcomers = sorted(context.newcomers)
        return state

    def load(self, data: Mapping[str, Any], config: TableConfig) -> PotState:
        return PotState.from_dict(data)

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:
        minimum = config.options_as(PotOptions).first_buy_in
        if request.bought_in == 0 and request.amount < minimum:
            raise RuleError(f"Your first buy-in here must be at least {minimum:,} chips.")

    def outcome(self, state: PotState) -> Outcome | None:
        if not state.stakes:
            return None
        winner = max(state.stakes, key=lambda seat: state.stakes[seat])  # first on a tie
        total = sum(state.stakes.values())
        pot = total - min(state.rake, total) + state.house_adds
        lines = tuple(
            SettlementLine(seat, "pot", staked - (state.misreport if seat == winner else 0),
                           pot if seat == winner else 0, "win" if seat == winner else "lose")
            for seat, staked in state.stakes.items())
        return Outcome(Settlement(lines), f"{winner} takes {pot}")

    def snapshot(self, state: PotState | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        if state is None:
            return TableSnapshot(title, footer=footer)
        seats = [SeatView(names.get(seat, str(seat)), bet=f"Pot {stake}")
                 for seat, stake in state.stakes.items()]
        return TableSnapshot(title, seats=seats, footer=footer)

    def private_cards(self, state: PotState, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        return [], "No cards in this game."

    def phase_text(self, state: PotState | None, w: Words = ENGLISH) -> str:
        return "Betting" if state is not None and not state.over else "Waiting"

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        return "The largest stake takes the pot."
