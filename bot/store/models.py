"""The store's vocabulary: accounts, movements, settings, reports and errors.

Nothing here knows about SQL, so a PostgreSQL adapter would reuse all of it unchanged.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.i18n import Refusal

# A trillion chips: far above any real balance, far below SQLite's 64-bit integer limit, so a
# sum of many maximal movements still cannot overflow.
MAX_AMOUNT = 10**12

ACCOUNT_KINDS = ("wallet", "house", "escrow", "mint", "stack")

# Far more than any round needs; it keeps one transfer's single SQL statement under SQLite's
# limit of 32,766 parameters.
MAX_MOVEMENTS = 1000


class StoreError(Refusal):
    """Base of every error the store raises on purpose; the message is fit to show a person
    (a catalogue text with its values)."""


class InvalidAmount(StoreError, ValueError):
    """An amount that is not an int from 1 to MAX_AMOUNT."""


class InvalidTransfer(StoreError, ValueError):
    """A movement that makes no sense, such as giving chips to oneself."""


def _is_stack_key(key: str) -> bool:
    table, sep, user = key.partition(":")
    return bool(sep) and table.isdecimal() and user.isdecimal()


@dataclass(frozen=True)
class AccountRef:
    """Names an account within a guild: its kind and a key unique within that kind."""

    kind: str  # "wallet" | "house" | "escrow" | "mint" | "stack"
    key: str
    """wallet: str(user_id); escrow: the caller's key, e.g. "round:42"; stack:
    "table_id:user_id" (a player's chips brought to one table); house and mint: empty."""

    def __post_init__(self) -> None:
        if self.kind not in ACCOUNT_KINDS:
            raise InvalidTransfer(f"unknown account kind {self.kind!r}")
        if self.kind == "wallet" and not self.key.isdecimal():
            raise InvalidTransfer(f"a wallet's key is its member's id, not {self.key!r}")
        if self.kind == "stack" and not _is_stack_key(self.key):
            raise InvalidTransfer(f"a stack's key is 'table_id:user_id', not {self.key!r}")
        # One house and one mint per guild: a key would silently split them.
        if self.kind in ("house", "mint") and self.key:
            raise InvalidTransfer(f"the {self.kind} account has no key")

    @classmethod
    def wallet(cls, user_id: int) -> AccountRef:
        return cls("wallet", str(user_id))

    @classmethod
    def house(cls) -> AccountRef:
        return cls("house", "")

    @classmethod
    def mint(cls) -> AccountRef:
        return cls("mint", "")

    @classmethod
    def stack(cls, table_id: int, user_id: int) -> AccountRef:
        """A player's chips at one table: bought in from the wallet, played from, cashed out."""
        return cls("stack", f"{table_id}:{user_id}")

    @classmethod
    def escrow(cls, key: str) -> AccountRef:
        if not key:
            raise InvalidTransfer("an escrow account needs a key, such as 'round:42'")
        return cls("escrow", key)

    @property
    def user_id(self) -> int | None:
        """The member who owns a wallet or a stack; None for the other kinds."""
        if self.kind == "wallet":
            return int(self.key)
        if self.kind == "stack":
            return int(self.key.split(":")[1])
        return None

    @property
    def table_id(self) -> int | None:
        """The table a stack belongs to; None for the other kinds."""
        return int(self.key.split(":")[0]) if self.kind == "stack" else None

    def describe(self) -> str:
        if self.kind == "wallet":
            return f"<@{self.key}>'s wallet"
        if self.kind == "stack":
            return f"<@{self.user_id}>'s stack at table {self.table_id}"
        if self.kind == "escrow":
            return f"escrow {self.key}"
        return f"the {self.kind}"


class InsufficientFunds(StoreError):
    """An account would go below zero; nothing was moved."""

    def __init__(self, account: AccountRef, balance: int, needed: int) -> None:
        self.account = account
        self.balance = balance
        self.needed = needed
        if account.kind == "wallet":
            super().__init__("Not enough chips: you have {balance} and need {needed}.",
                             balance=balance, needed=needed)
        elif account.kind == "stack":
            super().__init__("Not enough chips in your stack at this table: it has {balance} and "
                             "this needs {needed}.", balance=balance, needed=needed)
        else:
            super().__init__("Not enough chips in {account}: {balance} < {needed}.",
                             account=account.describe(), balance=balance, needed=needed)


class UnbalancedSettlement(StoreError):
    """A settlement would leave chips behind in (or take more than there was from) an account
    it must empty, such as a round's escrow; nothing was recorded."""

    def __init__(self, left: Mapping[AccountRef, int]) -> None:
        self.left = dict(left)
        detail = ", ".join(f"{ref.describe()}: {amount:,}" for ref, amount in self.left.items())
        super().__init__("the settlement does not balance ({detail})", detail=detail)


@dataclass(frozen=True)
class Movement:
    source: AccountRef
    target: AccountRef
    amount: int
    reason: str


@dataclass(frozen=True)
class RoundHeader:
    """A round as its row is written: the game, its channel, the shuffle's proof (the
    commitment shown before the deal, the seed revealed after) and the saved state."""

    game: str
    channel_id: int
    commitment: str | None = None
    seed: str | None = None
    state: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class RoundMoney:
    """What a settled round moves: each player's ``(wagered, returned)``, the ledger
    movements, and the accounts (a round's escrow) those must leave at exactly zero."""

    results: Mapping[int, tuple[int, int]]
    movements: Sequence[Movement]
    empty_after: Sequence[AccountRef] = ()


@dataclass(frozen=True)
class GuildSettings:
    starting_balance: int = 1000
    daily_amount: int = 250
    daily_cooldown_seconds: int = 86400
    language: str | None = None
    """The language of the server's public messages (a code such as "de"); None: the server's
    own locale as Discord reports it."""
    timezone: str | None = None
    """The IANA time zone leaderboards' days, weeks and months follow; None: UTC."""
    standings_channel_id: int | None = None
    """Where each week's and month's final leaderboard is posted; None: nowhere."""
    standings_since: float | None = None
    """When the admin named that channel: periods that ended before are not posted there."""


DEFAULT_SETTINGS = GuildSettings()


class StandingsPost(NamedTuple):
    """A period's final standings, claimed for posting in ``channel_id``."""

    channel_id: int
    message_id: int | None
    """The post (None: not posted, or nothing to post)."""
    done: bool
    """Posted, or nothing to post, or the channel refused it; False: still to send."""

# Upper bounds an admin may set; zero amounts switch the starting gift or the daily off.
SETTING_LIMITS: Mapping[str, int] = {
    "starting_balance": MAX_AMOUNT,
    "daily_amount": MAX_AMOUNT,
    "daily_cooldown_seconds": 366 * 86400,
}


@dataclass(frozen=True)
class DailyClaim:
    claimed: bool
    amount: int  # chips minted by this claim; 0 when refused
    balance: int
    next_claim_at: float  # unix time


@dataclass(frozen=True)
class AuditReport:
    guild_id: int
    wallets: int
    house: int
    escrow: int
    minted: int
    ledger_matches_balances: bool
    stacks: int = 0
    """Chips players brought to tables (player-banked and peer-to-peer games)."""
    stats_off: int = 0
    """Leaderboard and stats rows that differ from a recount from the rounds."""
    event_chips: int = 0
    """Chips in the guild's events' economies: entrants' event stacks (wallets and table
    stacks), their rounds' escrow and the events' houses."""
    event_minted: int = 0
    """Event chips minted: the stacks given at entries and rebuys."""

    @property
    def in_circulation(self) -> int:
        return self.wallets + self.house + self.escrow + self.stacks + self.event_chips

    @property
    def ok(self) -> bool:
        return (self.in_circulation == self.minted + self.event_minted and self.ledger_matches_balances
                and not self.stats_off)

    def with_event(self, event: AuditReport) -> AuditReport:
        """This guild's report covering one of its events' economies too."""
        return dataclasses.replace(
            self, event_chips=self.event_chips + event.in_circulation,
            event_minted=self.event_minted + event.minted,
            ledger_matches_balances=self.ledger_matches_balances and event.ledger_matches_balances,
            stats_off=self.stats_off + event.stats_off)


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    user_id: int
    net: int
    rounds: int


@dataclass(frozen=True)
class HistoryRow:
    round_id: int
    game: str
    channel_id: int
    wagered: int
    returned: int
    net: int
    settled_at: float


@dataclass(frozen=True)
class RoundInfo:
    id: int  # the game number
    guild_id: int
    channel_id: int
    game: str
    status: str  # "open" | "settled" | "void"
    commitment: str | None
    seed: str | None
    created_at: float
    settled_at: float | None
    state: Mapping[str, Any] | None  # the engine state while open, the record once settled
    players: Mapping[int, tuple[int, int]]  # user -> (wagered, returned)


@dataclass(frozen=True)
class LedgerRow:
    id: int
    source: AccountRef
    target: AccountRef
    amount: int
    reason: str
    round_id: int | None
    created_at: float


def validate_amount(amount: Any) -> int:
    """Return ``amount`` if it is an int chip count from 1 to MAX_AMOUNT, else raise InvalidAmount.

    bool is an int subclass in Python, so it is refused by name: ``True`` chips is a bug.
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidAmount(f"an amount of chips must be a whole number, not {amount!r}")
    if amount <= 0:
        raise InvalidAmount("an amount of chips must be at least 1")
    if amount > MAX_AMOUNT:
        raise InvalidAmount(f"an amount of chips must be at most {MAX_AMOUNT:,}")
    return amount


def validate_movements(movements: Iterable[Movement]) -> list[Movement]:
    """Check every movement before any is applied, so a bad one changes nothing."""
    checked = list(movements)
    if len(checked) > MAX_MOVEMENTS:
        raise InvalidTransfer(f"at most {MAX_MOVEMENTS} movements in one transfer")
    for movement in checked:
        validate_amount(movement.amount)
        if movement.source == movement.target:
            raise InvalidTransfer(f"cannot move chips from {movement.source.describe()} to itself")
        if not movement.reason:
            raise InvalidTransfer("every movement needs a reason for the ledger")
    return checked


def net_changes(movements: Iterable[Movement]) -> dict[AccountRef, int]:
    """Each account's change over a whole transaction, in first-seen order.

    A transaction is atomic, so only its end state must keep balances non-negative: chips may
    pass through an account (wallet -> escrow -> winner) within it.
    """
    changes: dict[AccountRef, int] = defaultdict(int)
    for movement in movements:
        changes[movement.source] -= movement.amount
        changes[movement.target] += movement.amount
    return dict(changes)


LANGUAGE_CODE = re.compile(r"[a-z]{2}")


def validate_settings(changes: Mapping[str, Any]) -> None:
    for name, value in changes.items():
        if name == "language":
            if value is not None and not (isinstance(value, str) and LANGUAGE_CODE.fullmatch(value)):
                raise StoreError("language must be a two-letter code or None, not {value}", value=value)
            continue
        if name == "timezone":
            if value is not None and not isinstance(value, str):
                raise StoreError("timezone must be an IANA zone name or None, not {value}", value=value)
            continue
        if name == "standings_channel_id":
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value <= 0):
                raise StoreError("standings_channel_id must be a channel id or None, not {value}",
                                 value=value)
            continue
        if name == "standings_since":
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
                raise StoreError("standings_since must be a time or None, not {value}", value=value)
            continue
        limit = SETTING_LIMITS.get(name)
        if limit is None:
            raise StoreError("unknown guild setting {name}", name=name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
            raise InvalidAmount(f"{name} must be a whole number from 0 to {limit:,}")


def validate_results(results: Mapping[int, tuple[int, int]]) -> None:
    """A round's per-player (wagered, returned) must be non-negative ints."""
    for user_id, pair in results.items():
        if len(pair) != 2 or any(
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT
            for value in pair
        ):
            raise InvalidAmount(f"user {user_id}: wagered and returned must be chip counts")
