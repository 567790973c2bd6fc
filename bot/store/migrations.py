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

# The period key of a round ``r`` for a row of ``periods`` (see MIGRATION_0007_STATS): weeks
# start on Monday (ISO 8601), the key naming the Monday's date.
PERIOD_OF_ROUND = """CASE periods.kind WHEN 'a' THEN 'all' WHEN 'd' THEN 'd' || r.day
        WHEN 'w' THEN 'w' || date(r.day, '-6 days', 'weekday 1')
        WHEN 'm' THEN 'm' || substr(r.day, 1, 7) ELSE 's' || r.session_id END"""

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

# Leaderboards and stats (#17). A settled round counts in the server's time zone on the day it
# was settled (rounds.day, fixed when it is recorded; a new time zone recounts the guild) and in
# its table's sitting (rounds.session_id). player_stats holds a member's totals per game (and
# '*': every game) per period: 'all', a day 'd2026-11-25', the week that starts that Monday
# 'w2026-11-23', a month 'm2026-11' and a sitting 's17'. It is kept by one upsert in the
# transaction that records a round (stats.COUNT_ROUND), so a board reads one period's rows
# (at most one per member) and never scans rounds. player_stats_recount derives the same rows
# from the rounds: the migration fills the table from it and the audit compares the two.
# Streaks run in settlement order (rounds.settled_seq): a win extends one, a loss ends it, a
# push does neither.
MIGRATION_0007_STATS = f"""
ALTER TABLE guild_settings ADD COLUMN timezone TEXT;

ALTER TABLE rounds ADD COLUMN day TEXT;
ALTER TABLE rounds ADD COLUMN session_id INTEGER;
-- 1, 2, 3... in the order rounds were settled (commit order, whatever the clock said).
ALTER TABLE rounds ADD COLUMN settled_seq INTEGER;
UPDATE rounds SET day = date(settled_at, 'unixepoch') WHERE status = 'settled';
UPDATE rounds SET settled_seq = o.seq
FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY settled_at, id) AS seq FROM rounds
      WHERE status = 'settled') AS o
WHERE rounds.id = o.id;
CREATE UNIQUE INDEX rounds_by_settled_seq ON rounds (settled_seq) WHERE settled_seq IS NOT NULL;
CREATE INDEX rounds_by_session ON rounds (session_id) WHERE session_id IS NOT NULL;

-- The best poker hand a player held in the round (the engine's packed value) and its cards.
ALTER TABLE round_players ADD COLUMN hand_value INTEGER;
ALTER TABLE round_players ADD COLUMN hand TEXT;

-- A table's sitting: from its first round until it has been idle for 30 minutes or closes.
CREATE TABLE table_sessions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    table_id      INTEGER NOT NULL REFERENCES tables (id),
    started_at    REAL    NOT NULL,
    last_round_at REAL    NOT NULL,
    ended_at      REAL,
    recap_posted  INTEGER NOT NULL DEFAULT 0  -- its recap picture was posted (or given up)
);
CREATE INDEX table_sessions_unposted ON table_sessions (table_id) WHERE recap_posted = 0;

-- What a member is called on this server's pictures, from the interactions of their rounds.
CREATE TABLE member_names (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
INSERT INTO member_names (guild_id, user_id, name, updated_at)
SELECT r.guild_id, CAST(seat.key AS INTEGER), seat.value, r.settled_at
FROM rounds AS r, json_each(r.state, '$.names') AS seat
WHERE r.status = 'settled' AND json_valid(r.state) AND seat.key GLOB '[0-9]*'
ORDER BY r.settled_at, r.id
ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at;

CREATE TABLE player_stats (
    guild_id        INTEGER NOT NULL,
    game            TEXT    NOT NULL,
    period          TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    rounds          INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    net             INTEGER NOT NULL,
    wagered         INTEGER NOT NULL,
    best_win        INTEGER NOT NULL,
    best_win_round  INTEGER,
    best_hand       INTEGER,
    best_hand_round INTEGER,
    streak          INTEGER NOT NULL,
    best_streak     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, period, user_id)
) WITHOUT ROWID;
CREATE INDEX player_stats_by_member ON player_stats (guild_id, user_id, game, period);

CREATE VIEW player_stats_recount AS
WITH spread AS (
    SELECT r.guild_id, CASE WHEN every.flag THEN '*' ELSE r.game END AS game,
           {PERIOD_OF_ROUND} AS period, rp.user_id, r.id AS round_id, r.settled_seq,
           rp.wagered, rp.returned - rp.wagered AS net, rp.hand_value
    FROM rounds AS r JOIN round_players AS rp ON rp.round_id = r.id,
         (SELECT 0 AS flag UNION ALL SELECT 1) AS every,
         (SELECT 'a' AS kind UNION ALL SELECT 'd' UNION ALL SELECT 'w' UNION ALL SELECT 'm'
          UNION ALL SELECT 's') AS periods
    WHERE r.status = 'settled' AND (periods.kind <> 's' OR r.session_id IS NOT NULL)
),
ordered AS MATERIALIZED (
    SELECT *,
        SUM(net < 0) OVER member AS run,
        FIRST_VALUE(round_id) OVER (PARTITION BY guild_id, game, period, user_id
                                    ORDER BY net DESC, settled_seq) AS top_round,
        FIRST_VALUE(round_id) OVER (PARTITION BY guild_id, game, period, user_id
                                    ORDER BY hand_value DESC NULLS LAST, settled_seq)
            AS hand_round
    FROM spread
    WINDOW member AS (PARTITION BY guild_id, game, period, user_id ORDER BY settled_seq)
),
runs AS (
    SELECT guild_id, game, period, user_id, run, SUM(net > 0) AS run_wins,
           ROW_NUMBER() OVER (PARTITION BY guild_id, game, period, user_id ORDER BY run DESC) AS newest
    FROM ordered GROUP BY guild_id, game, period, user_id, run
),
streaks AS (
    SELECT guild_id, game, period, user_id, MAX(CASE WHEN newest = 1 THEN run_wins END) AS streak,
           MAX(run_wins) AS best_streak
    FROM runs GROUP BY guild_id, game, period, user_id
),
totals AS (
    SELECT guild_id, game, period, user_id, COUNT(*) AS rounds, SUM(net > 0) AS wins, SUM(net) AS net,
           SUM(wagered) AS wagered, MAX(MAX(net), 0) AS best_win,
           CASE WHEN MAX(net) > 0 THEN MIN(top_round) END AS best_win_round,
           MAX(hand_value) AS best_hand,
           CASE WHEN MAX(hand_value) IS NOT NULL THEN MIN(hand_round) END AS best_hand_round
    FROM ordered GROUP BY guild_id, game, period, user_id
)
SELECT t.guild_id, t.game, t.period, t.user_id, t.rounds, t.wins, t.net, t.wagered, t.best_win,
       t.best_win_round, t.best_hand, t.best_hand_round, s.streak, s.best_streak
FROM totals AS t JOIN streaks AS s USING (guild_id, game, period, user_id);

INSERT INTO player_stats SELECT * FROM player_stats_recount;
"""

MIGRATION_0008_WELCOMES = """
-- A server the bot has greeted when it joined: the welcome is posted once per server, ever.
CREATE TABLE guild_welcomes (
    guild_id    INTEGER PRIMARY KEY,
    welcomed_at REAL    NOT NULL
) WITHOUT ROWID;
"""

MIGRATION_0009_DECISIONS = """
-- The coach's review of each decision a player made (the choice and the best option then, each
-- the hand's expected net in Antes), for "Review my play" and /stats.
CREATE TABLE decisions (
    round_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    made        TEXT    NOT NULL,
    best        TEXT    NOT NULL,
    made_ev     REAL    NOT NULL,
    best_ev     REAL    NOT NULL,
    ante        INTEGER NOT NULL,
    method      TEXT    NOT NULL,
    played_best INTEGER NOT NULL,
    given_up    REAL    NOT NULL,
    PRIMARY KEY (round_id, user_id, seq)
) WITHOUT ROWID;
CREATE INDEX decisions_by_member ON decisions (guild_id, user_id, game);
"""

MIGRATION_0010_STANDINGS = """
-- Kept standings (#38): the channel an admin named for each week's and month's final
-- leaderboard, and since when (a period that ended before is not posted there).
ALTER TABLE guild_settings ADD COLUMN standings_channel_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN standings_since REAL;
-- A period's final standings: claimed before the post, done once it was posted (its message) or
-- had nothing to post or nowhere to go. A claim not done is sent again with the same nonce, which
-- Discord answers with the message already sent: one post whatever restarts.
CREATE TABLE standings_posts (
    guild_id   INTEGER NOT NULL,
    period     TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    claimed_at REAL    NOT NULL,
    message_id INTEGER,
    done       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, period)
) WITHOUT ROWID;
"""

# Game nights (#38). An event plays in an economy of its own (bot.events.event_economy, made
# from its id): its
# entrants' event stacks are that economy's wallets, so the entry fees (held in the guild's
# escrow 'event:<id>') and the prizes are the only chips that cross to the guild's wallets. Its
# name is unique in the guild whatever the case (name_key); ended_at is set once, in the
# transaction that pays the prizes; the podium's post is claimed like the standings'.
MIGRATION_0011_EVENTS = """
CREATE TABLE events (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    name              TEXT    NOT NULL,
    name_key          TEXT    NOT NULL,
    channel_id        INTEGER NOT NULL,
    games             TEXT    NOT NULL,
    starts_at         REAL    NOT NULL,
    ends_at           REAL    NOT NULL,
    stack             INTEGER NOT NULL CHECK (stack > 0),
    fee               INTEGER NOT NULL CHECK (fee >= 0),
    split             TEXT    NOT NULL,
    rebuys            INTEGER NOT NULL,
    entries_open      INTEGER NOT NULL DEFAULT 1,
    created_at        REAL    NOT NULL,
    ended_at          REAL,
    podium_message_id INTEGER,
    podium_done       INTEGER NOT NULL DEFAULT 0,
    UNIQUE (guild_id, name_key)
);
CREATE INDEX events_to_end ON events (ends_at) WHERE ended_at IS NULL;
CREATE TABLE event_entries (
    event_id    INTEGER NOT NULL REFERENCES events (id),
    user_id     INTEGER NOT NULL,
    joined_at   REAL    NOT NULL,
    buys        INTEGER NOT NULL CHECK (buys >= 1),
    final_stack INTEGER,
    prize       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, user_id)
) WITHOUT ROWID;
"""

MIGRATIONS: tuple[str, ...] = (
    MIGRATION_0001_INITIAL, MIGRATION_0002_POSTING, MIGRATION_0003_TABLES, MIGRATION_0004_STACKS,
    MIGRATION_0005_TABLE_POSTS, MIGRATION_0006_LANGUAGE, MIGRATION_0007_STATS, MIGRATION_0008_WELCOMES,
    MIGRATION_0009_DECISIONS, MIGRATION_0010_STANDINGS, MIGRATION_0011_EVENTS,
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
