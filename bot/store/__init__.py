"""Chips, the double-entry ledger, rounds, leaderboards and settings, behind one ``Store``.

This package is the only code that writes SQL. Callers use ``Store`` and the models below;
nothing outside needs to know the database is SQLite.
"""

from bot.store.models import (
    MAX_AMOUNT,
    AccountRef,
    AuditReport,
    GuildSettings,
    HistoryRow,
    InsufficientFunds,
    InvalidAmount,
    InvalidTransfer,
    LeaderRow,
    Movement,
    RoundHeader,
    RoundMoney,
    StoreError,
    UnbalancedSettlement,
)
from bot.store.store import Store
from bot.store.table_models import (
    ActionRow,
    DuplicateAction,
    OpenRound,
    Stake,
    TableRow,
)
from bot.store.table_store import round_escrow

__all__ = [
    "ActionRow",
    "DuplicateAction",
    "OpenRound",
    "Stake",
    "TableRow",
    "round_escrow",
    "MAX_AMOUNT",
    "AccountRef",
    "AuditReport",
    "GuildSettings",
    "HistoryRow",
    "InsufficientFunds",
    "InvalidAmount",
    "InvalidTransfer",
    "LeaderRow",
    "Movement",
    "RoundHeader",
    "RoundMoney",
    "Store",
    "StoreError",
    "UnbalancedSettlement",
]
