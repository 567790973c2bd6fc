"""The store's vocabulary for tables and rounds in play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.store.models import StoreError


class TableExists(StoreError):
    """A channel already has an open table."""


class DuplicateAction(StoreError):
    """The same interaction or the same step of a round was already saved; nothing changed."""


@dataclass(frozen=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    config: Mapping[str, Any]
    message_id: int | None
    memory: Mapping[str, Any]


@dataclass(frozen=True)
class ActionRow:
    """One accepted action of a round. ``step`` and ``interaction_id`` make it apply once."""

    seq: int
    user_id: int | None
    step: str | None
    interaction_id: int | None
    label: str
    at: float


@dataclass(frozen=True)
class OpenRound:
    """A round in play as saved after its last accepted action."""

    id: int
    guild_id: int
    table_id: int
    channel_id: int
    game: str
    state: Mapping[str, Any]
    seed: str
    commitment: str
    deadline: float | None
    created_at: float
    seq: int


@dataclass(frozen=True)
class Stake:
    """Chips between a member's wallet (or, at a stack-funded table, their stack there) and a
    round's escrow: ``amount`` > 0 goes into play, < 0 comes back out."""

    user_id: int
    amount: int
    reason: str


@dataclass(frozen=True)
class SeatRecord:
    """A seat as the store keeps it. ``bought_in`` and ``hands`` count from when the player
    last sat down: chips brought to the table (buy-ins and top-ups) and rounds finished here."""

    user_id: int
    name: str
    joined_at: float
    bought_in: int
    hands: int
