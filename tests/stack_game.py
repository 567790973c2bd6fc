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
from bot.i18n import N_, Words
from bot.poker import Card
from bot.tables.actions import ActionArg, Amount, NoArg, expect
from bot.tables.adapter import (
    Applied,
    BuyInRequest,
    Control,
    DeadlineKind,
    GameAdapter,
    GameInfo,
    Outcome,
    PrivateRows,
    TableContext,
    button,
)
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.wording import TABLE_COMMANDS, Vocabulary, Wording
from render import SeatView, TableSnapshot


@dataclass
class PotState:
    stakes: dict[int, int] = field(default_factory=dict)
    over: bool = False
    context_seats: list[list[int]] = field(default_factory=list)
    context_memory: dict[str, Any] = field(default_factory=dict)
    newcomers: list[int] = field(default_factory=list)
    rake: int = 0
    house_adds: int = 0
    misreport: int = 0


@dataclass(frozen=True)
class PotOptions(TableOptions):
    rake: int = option(0, "chips the house takes from the pot", minimum=0)
    house_adds: int = option(0, "chips the house adds to the pot", minimum=0)
    misreport: int = option(0, "a bug on purpose: chips the settlement forgets", minimum=0)
    first_buy_in: int = option(0, "the least a first buy-in may be", minimum=0)


POT = GameInfo("pot", "Pot", "player-bank", PotOptions,
               Vocabulary("pot", {**TABLE_COMMANDS, "ante": Wording("ante", N_("Ante {amount}"))}))
"""A test game (never declared in bot.catalog): the largest stake takes the pot."""


class PotAdapter(GameAdapter):
    starts_round_actions = frozenset({"ante"})
    arguments = {"ante": Amount, "showdown": NoArg}

    def __init__(self, info: GameInfo = POT) -> None:
        super().__init__(info)

    def new_state(self, config: TableConfig) -> PotState:
        options = config.options_as(PotOptions)
        return PotState(rake=options.rake, house_adds=options.house_adds, misreport=options.misreport)

    def new_round_state(self, config: TableConfig, context: TableContext) -> PotState:
        state = self.new_state(config)
        state.context_seats = [[seat, stack] for seat, stack in context.seats]
        state.context_memory = {str(key): value for key, value in context.memory.items()}
        state.newcomers = sorted(context.newcomers)
        return state

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:
        minimum = config.options_as(PotOptions).first_buy_in
        if request.bought_in == 0 and request.amount < minimum:
            raise RuleError(f"Your first buy-in here must be at least {minimum:,} chips.")

    def dump(self, state: PotState) -> dict[str, Any]:
        return {"stakes": {str(k): v for k, v in state.stakes.items()}, "over": state.over,
                "context_seats": state.context_seats, "context_memory": state.context_memory,
                "newcomers": state.newcomers, "rake": state.rake, "house_adds": state.house_adds,
                "misreport": state.misreport}

    def load(self, data: Mapping[str, Any], config: TableConfig) -> PotState:
        return PotState({int(k): int(v) for k, v in data["stakes"].items()}, bool(data["over"]),
                        list(data["context_seats"]), dict(data["context_memory"]),
                        list(data["newcomers"]), int(data["rake"]), int(data["house_adds"]),
                        int(data["misreport"]))

    def apply(self, state: PotState, seat: SeatId, action: str, arg: ActionArg,
              memory: Mapping[SeatId, Any]) -> Applied:
        if state.over:
            raise RuleError("The pot has been decided.")
        if action == "ante":
            amount = expect(arg, Amount).chips
            state.stakes[seat] = state.stakes.get(seat, 0) + amount
            return Applied(seat, f"Ante {amount}", (ChipFlow(seat, "pot", amount),))
        if action == "showdown":
            state.over = True
            return Applied(seat, "Showdown", step="showdown")
        raise RuleError(f"Unknown action {action!r}.")

    def phase_key(self, state: PotState) -> bool:
        return state.over

    def deadline_kind(self, state: PotState) -> DeadlineKind | None:
        return None if state.over else "betting"

    def on_deadline(self, state: PotState, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        state.over = True
        return [Applied(None, "Betting closed", step="closed")]

    def leave(self, state: PotState, seat: SeatId) -> list[Applied]:
        return []  # the stake stays in the pot and plays on

    def needs_seed(self, state: PotState) -> bool:
        return False

    def is_over(self, state: PotState) -> bool:
        return state.over

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

    def dealt_cards(self, state: PotState) -> list[Card]:
        return []

    def seats_in_play(self, state: PotState) -> list[SeatId]:
        return list(state.stakes)

    def memory(self, state: PotState) -> dict[Any, Any]:
        winner = max(state.stakes, key=lambda seat: state.stakes[seat]) if state.stakes else None
        return {"button": winner, "rounds": int(state.context_memory.get("rounds", 0)) + 1}

    def controls(self, state: PotState | None, config: TableConfig, w: Words = ENGLISH) -> list[Control]:
        return [button(self.vocabulary, w, "ante", Amount(10), amount=10)]

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

    def record(self, state: PotState) -> dict[str, Any]:
        return self.dump(state)

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        return "The largest stake takes the pot."
