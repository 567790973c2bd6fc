"""A finished round as the table announces it, and the form it waits in the outbox.

The runtime writes a round's result into the store's outbox in the transaction that settles or
voids the round (:func:`result_payload`), and reads it back after a restart
(:func:`result_from_payload`) until the publisher has posted it: the result message is late
at worst, never lost, and still in the server's language (its texts keep their catalogue text).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.coach.review import Decision
from bot.games.common import SeatId, Settlement
from bot.i18n import restored, stored
from bot.tables.adapter import GameAdapter
from bot.tables.config import TableConfig


@dataclass(frozen=True)
class RoundResult:
    round_id: int
    settlement: Settlement | None
    headline: str
    seat_lines: Mapping[SeatId, str]
    seed_hex: str
    commitment: str
    names: Mapping[SeatId, str]
    snapshot_state: Any
    voided: bool = False
    decisions: tuple[Decision, ...] = ()
    """The decisions players made in the round, for the coach's review (none once reloaded)."""


def result_payload(adapter: GameAdapter, result: RoundResult) -> dict[str, Any]:
    """The result as JSON-able data (seat ids as strings, the engine state dumped)."""
    return {
        "round_id": result.round_id,
        "settlement": result.settlement.to_dict() if result.settlement is not None else None,
        "headline": stored(result.headline),
        "seat_lines": {str(seat): stored(line) for seat, line in result.seat_lines.items()},
        "seed": result.seed_hex, "commitment": result.commitment,
        "names": {str(seat): name for seat, name in result.names.items()},
        "state": result.snapshot_state.to_dict() if result.snapshot_state is not None else None,
        "voided": result.voided,
    }


def result_from_payload(adapter: GameAdapter, config: TableConfig,
                        data: Mapping[str, Any]) -> RoundResult:
    settlement = data.get("settlement")
    state = data.get("state")
    return RoundResult(
        round_id=int(data["round_id"]),
        settlement=Settlement.from_dict(settlement) if settlement is not None else None,
        headline=restored(str(data["headline"])),
        seat_lines={int(seat): restored(str(line)) for seat, line in data["seat_lines"].items()},
        seed_hex=str(data["seed"]), commitment=str(data["commitment"]),
        names={int(seat): str(name) for seat, name in data["names"].items()},
        snapshot_state=adapter.load(state, config) if state is not None else None,
        voided=bool(data["voided"]),
    )
