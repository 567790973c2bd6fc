"""Chips, the double-entry ledger, rounds, leaderboards and settings, behind one ``Store``.

This package is the only code that writes SQL. Callers use ``Store`` and the models below;
nothing outside needs to know the database is SQLite.
"""

from bot.store.models import (
    MAX_AMOUNT,
    AccountRef,
    AuditReport,
    DailyClaim,
    GuildSettings,
    HistoryRow,
    InsufficientFunds,
    InvalidAmount,
    InvalidTransfer,
    LeaderRow,
    LedgerRow,
    Movement,
    RoundHeader,
    RoundInfo,
    RoundMoney,
    StoreError,
    UnbalancedSettlement,
)
from bot.store.store import Store
from bot.store.table_models import (
    ActionRow,
    DuplicateAction,
    OpenRound,
    SeatRecord,
    Stake,
    TableExists,
    TableRow,
)
from bot.store.table_store import round_escrow

__all__ = [
    "ActionRow",
    "DuplicateAction",
    "OpenRound",
    "SeatRecord",
    "Stake",
    "TableExists",
    "TableRow",
    "round_escrow",
    "MAX_AMOUNT",
    "AccountRef",
    "AuditReport",
    "DailyClaim",
    "GuildSettings",
    "HistoryRow",
    "InsufficientFunds",
    "InvalidAmount",
    "InvalidTransfer",
    "LeaderRow",
    "LedgerRow",
    "Movement",
    "RoundHeader",
    "RoundInfo",
    "RoundMoney",
    "Store",
    "StoreError",
    "UnbalancedSettlement",
]
