"""Numbered schema migrations; ``PRAGMA user_version`` holds the number of the last one applied.

Append new migrations; never edit one that has shipped. All pending migrations run in one
transaction at open, so a crash mid-upgrade leaves the previous schema intact.
"""

from __future__ import annotations

import sqlite3

MIGRATION_0001_INITIAL = """
CREATE TABLE guild_settings (
    guild_id               INTEGER PRIMARY KEY,
    starting_balance       INTEGER NOT NULL,
    daily_amount           INTEGER NOT NULL,
    daily_cooldown_seconds INTEGER NOT NULL
);

-- kind/account_key name an account within a guild (see AccountRef). Only the mint and the
-- house may go negative: the mint's balance is minus everything ever minted, and the house is
-- the casino's unlimited bank (its balance is its net result). The CHECK is a second line of defence
-- behind the guarded debit UPDATE.
CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('wallet', 'house', 'escrow', 'mint')),
    account_key TEXT    NOT NULL,
    balance     INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    UNIQUE (guild_id, kind, account_key),
    CHECK (balance >= 0 OR kind IN ('mint', 'house'))
);

-- id is the game number shown to players; AUTOINCREMENT so a number is never reused.
CREATE TABLE rounds (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('open', 'settled', 'void')),
    commitment  TEXT,
    seed        TEXT,
    created_at  REAL    NOT NULL,
    settled_at  REAL,
    state       TEXT    -- JSON: the engine state while open, the round's record once settled
);
CREATE INDEX rounds_by_guild ON rounds (guild_id, status, settled_at);

CREATE TABLE round_players (
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    user_id  INTEGER NOT NULL,
    wagered  INTEGER NOT NULL CHECK (wagered >= 0),
    returned INTEGER NOT NULL CHECK (returned >= 0),
    PRIMARY KEY (round_id, user_id)
) WITHOUT ROWID;
CREATE INDEX round_players_by_user ON round_players (user_id, round_id);

-- Double entry: every row moves amount from source to target. Balances on accounts are the
-- running sums of these rows, kept in the same transaction; the audit re-derives and compares.
CREATE TABLE ledger (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    source_id  INTEGER NOT NULL REFERENCES accounts (id),
    target_id  INTEGER NOT NULL REFERENCES accounts (id),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    reason     TEXT    NOT NULL,
    round_id   INTEGER REFERENCES rounds (id),
    created_at REAL    NOT NULL,
    CHECK (source_id <> target_id)
);
-- Only indexes that grow at their end (ids only increase), so a settlement dirties few pages.
-- Per-account indexes made every movement land on a different index page and cut settlement
-- throughput several-fold; the audit scans a guild's rows instead, which is fine for an
-- occasional admin command.
CREATE INDEX ledger_by_guild ON ledger (guild_id);
CREATE INDEX ledger_by_round ON ledger (round_id) WHERE round_id IS NOT NULL;

CREATE TABLE daily_claims (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    last_claimed_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
"""

# The error a short debit raises; the store turns it into InsufficientFunds.
OVERDRAFT_ERROR = "overdraft"

# Posting: a whole transfer is ONE INSERT of several rows into this view, so SQLite's statement
# atomicity makes it all or nothing with no explicit transaction, in one thread round trip.
# Rows with a change carry an account's net change over the transfer; rows without one are the
# ledger entries, one per movement, and come after them (their accounts exist by then).
MIGRATION_0002_POSTING = f"""
CREATE VIEW posting AS SELECT
    NULL AS guild_id, NULL AS kind, NULL AS account_key, NULL AS change,
    NULL AS source_kind, NULL AS source_key, NULL AS target_kind, NULL AS target_key,
    NULL AS amount, NULL AS reason, NULL AS round_id, NULL AS created_at
WHERE 0;

-- A credit may create its account (a new escrow, the house's first rake).
CREATE TRIGGER posting_credit INSTEAD OF INSERT ON posting WHEN NEW.change >= 0 BEGIN
    INSERT INTO accounts (guild_id, kind, account_key, balance, created_at)
    VALUES (NEW.guild_id, NEW.kind, NEW.account_key, NEW.change, NEW.created_at)
    ON CONFLICT (guild_id, kind, account_key) DO UPDATE SET balance = balance + excluded.balance;
END;

-- The mint and the house may go negative (see the accounts table): their debits are unguarded.
CREATE TRIGGER posting_unlimited INSTEAD OF INSERT ON posting
WHEN NEW.change < 0 AND NEW.kind IN ('mint', 'house') BEGIN
    INSERT INTO accounts (guild_id, kind, account_key, balance, created_at)
    VALUES (NEW.guild_id, NEW.kind, NEW.account_key, NEW.change, NEW.created_at)
    ON CONFLICT (guild_id, kind, account_key) DO UPDATE SET balance = balance + excluded.balance;
END;

-- A debit is one guarded UPDATE, never a read then a write; if it found no row with the chips,
-- RAISE(ABORT) undoes the whole INSERT statement: every change and entry of the transfer.
CREATE TRIGGER posting_debit INSTEAD OF INSERT ON posting
WHEN NEW.change < 0 AND NEW.kind NOT IN ('mint', 'house') BEGIN
    UPDATE accounts SET balance = balance + NEW.change
    WHERE guild_id = NEW.guild_id AND kind = NEW.kind AND account_key = NEW.account_key
      AND balance >= -NEW.change;
    SELECT RAISE(ABORT, '{OVERDRAFT_ERROR}') WHERE changes() = 0;
END;

CREATE TRIGGER posting_entry INSTEAD OF INSERT ON posting WHEN NEW.change IS NULL BEGIN
    INSERT INTO ledger (guild_id, source_id, target_id, amount, reason, round_id, created_at)
    VALUES (
        NEW.guild_id,
        (SELECT id FROM accounts WHERE guild_id = NEW.guild_id AND kind = NEW.source_kind
                                   AND account_key = NEW.source_key),
        (SELECT id FROM accounts WHERE guild_id = NEW.guild_id AND kind = NEW.target_kind
                                   AND account_key = NEW.target_key),
        NEW.amount, NEW.reason, NEW.round_id, NEW.created_at
    );
END;
"""

# Tables, seats, and the saved steps of rounds in play (the table runtime).
MIGRATION_0003_TABLES = """
CREATE TABLE tables (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    config      TEXT    NOT NULL,           -- JSON: limits, timers, game options
    status      TEXT    NOT NULL CHECK (status IN ('open', 'closed')),
    message_id  INTEGER,                    -- the public table message, edited in place
    memory      TEXT    NOT NULL DEFAULT '{}', -- JSON: what the next round remembers (Rebet)
    created_at  REAL    NOT NULL,
    closed_at   REAL
);
-- One open table per channel; closed tables stay for the rounds that point at them.
CREATE UNIQUE INDEX one_open_table_per_channel ON tables (channel_id) WHERE status = 'open';

CREATE TABLE table_seats (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

ALTER TABLE rounds ADD COLUMN table_id INTEGER REFERENCES tables (id);
ALTER TABLE rounds ADD COLUMN deadline REAL;
CREATE INDEX rounds_open_by_table ON rounds (table_id) WHERE status = 'open';

-- Every accepted action of a round. A repeated Discord interaction or a second click on the
-- same step violates a UNIQUE constraint, so it is refused inside the same transaction that
-- would have moved its chips: an action is applied once or not at all.
CREATE TABLE round_actions (
    round_id       INTEGER NOT NULL REFERENCES rounds (id),
    seq            INTEGER NOT NULL,
    user_id        INTEGER,
    step           TEXT,
    interaction_id INTEGER,
    label          TEXT    NOT NULL,
    created_at     REAL    NOT NULL,
    PRIMARY KEY (round_id, seq),
    UNIQUE (round_id, step),
    UNIQUE (interaction_id)
);
"""

# Table stacks: a player's chips brought to one table (player-banked and peer-to-peer games),
# an account kind of their own so the audit can show them and a stack can never go negative.
# SQLite cannot change a CHECK constraint, so the accounts table is rebuilt with the same ids.
# connect.migrate runs migrations with foreign keys off (they cannot be switched inside a
# transaction) and checks them before committing. legacy_alter_table keeps the RENAME from
# rewriting the ledger's and the posting triggers' references to "accounts": they must keep
# naming the table that replaces it.
# bought_in and hands are per seat and start again at 0 when a player sits down again: what the
# player has brought to the table this visit (a short buy is allowed after a full one) and how
# many rounds they have finished here (a new player does not get the button on their first).
MIGRATION_0004_STACKS = """
PRAGMA legacy_alter_table = ON;
ALTER TABLE accounts RENAME TO accounts_0003;
CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('wallet', 'house', 'escrow', 'mint', 'stack')),
    account_key TEXT    NOT NULL,
    balance     INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    UNIQUE (guild_id, kind, account_key),
    CHECK (balance >= 0 OR kind IN ('mint', 'house'))
);
INSERT INTO accounts (id, guild_id, kind, account_key, balance, created_at)
SELECT id, guild_id, kind, account_key, balance, created_at FROM accounts_0003;
DROP TABLE accounts_0003;
PRAGMA legacy_alter_table = OFF;

ALTER TABLE table_seats ADD COLUMN bought_in INTEGER NOT NULL DEFAULT 0 CHECK (bought_in >= 0);
ALTER TABLE table_seats ADD COLUMN hands INTEGER NOT NULL DEFAULT 0 CHECK (hands >= 0);
"""

# A table's public messages that Discord has not taken yet (a round's result while the bot may
# not post in the channel, or Discord is down). Written in the transaction that settles or voids
# the round, deleted once the message is posted: a result is posted late, never lost, even across
# a restart. payload is what the message shows (JSON, the table runtime's RoundResult).
MIGRATION_0005_TABLE_POSTS = """
CREATE TABLE table_posts (
    round_id   INTEGER PRIMARY KEY REFERENCES rounds (id),
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    payload    TEXT    NOT NULL,
    created_at REAL    NOT NULL
);
CREATE INDEX table_posts_by_table ON table_posts (table_id, round_id);
"""

MIGRATION_0006_LANGUAGE = """
-- The server's language for public messages, set by an admin; NULL: Discord's server locale.
ALTER TABLE guild_settings ADD COLUMN language TEXT;
"""

MIGRATIONS: tuple[str, ...] = (
    MIGRATION_0001_INITIAL, MIGRATION_0002_POSTING, MIGRATION_0003_TABLES, MIGRATION_0004_STACKS,
    MIGRATION_0005_TABLE_POSTS, MIGRATION_0006_LANGUAGE,
)


def latest_version() -> int:
    return len(MIGRATIONS)


def pending_statements(current_version: int) -> list[str]:
    """The statements of every migration after ``current_version``, in order."""
    statements: list[str] = []
    for script in MIGRATIONS[current_version:]:
        statements.extend(split_statements(script))
    return statements


def split_statements(script: str) -> list[str]:
    """Split a script into statements, one line at a time, using SQLite's own tokenizer.

    executescript() would be simpler, but it commits any open transaction first, which would
    break the one-transaction upgrade.
    """
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip() and not _only_comments(buffer):
        raise ValueError(f"incomplete SQL statement in migration: {buffer.strip()[:60]!r}")
    return statements


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())
