"""The club database schema, as forward-only migrations: MIGRATIONS[v] takes version v to v+1.

Never edit a migration that has shipped; append a new one. `PRAGMA user_version` holds the
number applied (store.Store.migrate). docs/wire.md describes each table.
"""

V1 = """
CREATE TABLE shoes (
    shoe_id     INTEGER PRIMARY KEY,
    key         BLOB NOT NULL,
    name        TEXT,
    enrolled_at TEXT NOT NULL,
    next_seq    INTEGER NOT NULL DEFAULT 0,
    last_sync   TEXT
);
CREATE TABLE sessions (
    setup_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    game        INTEGER NOT NULL,
    variant     INTEGER NOT NULL DEFAULT 0,
    first_board INTEGER NOT NULL,
    last_board  INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    tables      INTEGER NOT NULL,
    movement    INTEGER NOT NULL,
    shoe_id     INTEGER REFERENCES shoes(shoe_id),
    created_at  TEXT NOT NULL,
    pushed_at   TEXT
);
CREATE TABLE boards (
    setup_id    INTEGER NOT NULL REFERENCES sessions(setup_id),
    board       INTEGER NOT NULL,
    PRIMARY KEY (setup_id, board)
);
CREATE TABLE tables (
    setup_id    INTEGER NOT NULL REFERENCES sessions(setup_id),
    table_no    INTEGER NOT NULL,
    shoe_id     INTEGER,
    PRIMARY KEY (setup_id, table_no)
);
CREATE TABLE records (
    shoe_id     INTEGER NOT NULL REFERENCES shoes(shoe_id),
    seq         INTEGER NOT NULL,
    type        INTEGER NOT NULL,
    boot        INTEGER NOT NULL,
    ticks       INTEGER NOT NULL,
    raw         BLOB NOT NULL,
    synced_at   TEXT NOT NULL,
    sync_id     INTEGER,
    PRIMARY KEY (shoe_id, seq)
);
CREATE TABLE shoe_sessions (
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    setup_id    INTEGER,
    game        INTEGER, variant INTEGER, table_no INTEGER, tables INTEGER,
    first_board INTEGER, last_board INTEGER, movement INTEGER, fw TEXT,
    PRIMARY KEY (shoe_id, seq),
    FOREIGN KEY (shoe_id, seq) REFERENCES records(shoe_id, seq)
);
CREATE TABLE deals (
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    game        INTEGER NOT NULL,
    variant     INTEGER NOT NULL,
    dealer      INTEGER NOT NULL,
    mode        INTEGER NOT NULL,
    trump       INTEGER NOT NULL,
    flags       INTEGER NOT NULL,
    handprint   BLOB NOT NULL,
    findings    TEXT NOT NULL,
    PRIMARY KEY (shoe_id, seq),
    FOREIGN KEY (shoe_id, seq) REFERENCES records(shoe_id, seq)
);
CREATE INDEX deals_board ON deals (board, table_no);
CREATE TABLE events (
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    code        INTEGER NOT NULL,
    name        TEXT NOT NULL,
    board       INTEGER NOT NULL,
    a           INTEGER NOT NULL,
    b           INTEGER NOT NULL,
    data        BLOB,
    PRIMARY KEY (shoe_id, seq),
    FOREIGN KEY (shoe_id, seq) REFERENCES records(shoe_id, seq)
);
CREATE TABLE checks (
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    slip        INTEGER NOT NULL,
    findings    TEXT NOT NULL,
    rulings     TEXT NOT NULL,
    PRIMARY KEY (shoe_id, seq),
    FOREIGN KEY (shoe_id, seq) REFERENCES records(shoe_id, seq)
);
CREATE TABLE results (
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    game        INTEGER NOT NULL,
    tricks_ns   INTEGER NOT NULL,
    tricks_ew   INTEGER NOT NULL,
    points_ns   INTEGER NOT NULL,
    points_ew   INTEGER NOT NULL,
    PRIMARY KEY (shoe_id, seq),
    FOREIGN KEY (shoe_id, seq) REFERENCES records(shoe_id, seq)
);
CREATE INDEX results_board ON results (board, table_no);
CREATE TABLE rulings (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    finding     INTEGER,
    ruling      INTEGER,
    law         TEXT,
    text        TEXT,
    made_at     TEXT,
    FOREIGN KEY (shoe_id, seq) REFERENCES records(shoe_id, seq)
);
CREATE TABLE sync_log (
    sync_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    shoe_id     INTEGER,
    port        TEXT,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    from_seq    INTEGER NOT NULL,
    to_seq      INTEGER NOT NULL,
    new         INTEGER NOT NULL DEFAULT 0,
    duplicates  INTEGER NOT NULL DEFAULT 0,
    rejected    INTEGER NOT NULL DEFAULT 0,
    bad_frames  INTEGER NOT NULL DEFAULT 0,
    status      TEXT NOT NULL,
    note        TEXT
);
CREATE TABLE quarantine (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    raw         BLOB NOT NULL,
    received_at TEXT NOT NULL,
    sync_id     INTEGER,
    UNIQUE (shoe_id, seq, raw)
)
"""

# v2: the club's one tray-slip key (trump slips verify at every table), apart from each shoe's
# record key in `shoes`. One row, made by Store.slip_key() on first use (os.urandom).
V2 = """
CREATE TABLE club (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    slip_key    BLOB NOT NULL,
    created_at  TEXT NOT NULL,
    rotated_at  TEXT
)
"""

# v3: the director's PIN per shoe (`overplay pin --shoe ID`), a salted hash only
# (overplay_core.pin.make), pushed to the shoe by the next `overplay sync` (link PIN_SET).
V3 = """
CREATE TABLE pins (
    shoe_id     INTEGER PRIMARY KEY,
    pin         BLOB NOT NULL,
    created_at  TEXT NOT NULL,
    pushed_at   TEXT
)
"""

# v4 (issue #10): journal identity and key history.
# - Every record table is keyed by (shoe_id, journal_id, seq): a shoe whose journal starts
#   afresh (wiped, replaced, re-flashed) numbers its records from 1 again under a new random
#   journal_id (INFO), so the two never mix. SQLite cannot change a primary key in place: each
#   table is renamed away, made again, copied (old rows get journal_id 0: every row kept) and
#   the old copy dropped, children before their parent (foreign keys stay on).
# - `journals`: one row per (shoe, journal) the club has seen in a proven INFO; `merged` is the
#   first seq NOT yet merged, with every record of that journal from first_seq up to it held
#   (the contiguous mark: DONE never goes past it). An old database's shoes get journal 0 with
#   their next_seq.
# - `shoe_keys`: every record key a shoe held (from_at .. to_at, to_at NULL for the current
#   one) and keys sent in an ENROLL not yet acknowledged (from_at NULL), so records signed
#   under an earlier key still verify and a lost ENROLL_ACK is recovered at the next HELLO.
# - quarantine and sync_log name the journal.
V4 = """
ALTER TABLE rulings RENAME TO rulings_v3;
ALTER TABLE results RENAME TO results_v3;
ALTER TABLE checks RENAME TO checks_v3;
ALTER TABLE events RENAME TO events_v3;
ALTER TABLE deals RENAME TO deals_v3;
ALTER TABLE shoe_sessions RENAME TO shoe_sessions_v3;
ALTER TABLE records RENAME TO records_v3;
CREATE TABLE records (
    shoe_id     INTEGER NOT NULL REFERENCES shoes(shoe_id),
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    type        INTEGER NOT NULL,
    boot        INTEGER NOT NULL,
    ticks       INTEGER NOT NULL,
    raw         BLOB NOT NULL,
    synced_at   TEXT NOT NULL,
    sync_id     INTEGER,
    PRIMARY KEY (shoe_id, journal_id, seq)
);
CREATE TABLE shoe_sessions (
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    setup_id    INTEGER,
    game        INTEGER, variant INTEGER, table_no INTEGER, tables INTEGER,
    first_board INTEGER, last_board INTEGER, movement INTEGER, fw TEXT,
    PRIMARY KEY (shoe_id, journal_id, seq),
    FOREIGN KEY (shoe_id, journal_id, seq) REFERENCES records(shoe_id, journal_id, seq)
);
CREATE TABLE deals (
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    game        INTEGER NOT NULL,
    variant     INTEGER NOT NULL,
    dealer      INTEGER NOT NULL,
    mode        INTEGER NOT NULL,
    trump       INTEGER NOT NULL,
    flags       INTEGER NOT NULL,
    handprint   BLOB NOT NULL,
    findings    TEXT NOT NULL,
    PRIMARY KEY (shoe_id, journal_id, seq),
    FOREIGN KEY (shoe_id, journal_id, seq) REFERENCES records(shoe_id, journal_id, seq)
);
CREATE TABLE events (
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    code        INTEGER NOT NULL,
    name        TEXT NOT NULL,
    board       INTEGER NOT NULL,
    a           INTEGER NOT NULL,
    b           INTEGER NOT NULL,
    data        BLOB,
    PRIMARY KEY (shoe_id, journal_id, seq),
    FOREIGN KEY (shoe_id, journal_id, seq) REFERENCES records(shoe_id, journal_id, seq)
);
CREATE TABLE checks (
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    slip        INTEGER NOT NULL,
    findings    TEXT NOT NULL,
    rulings     TEXT NOT NULL,
    PRIMARY KEY (shoe_id, journal_id, seq),
    FOREIGN KEY (shoe_id, journal_id, seq) REFERENCES records(shoe_id, journal_id, seq)
);
CREATE TABLE results (
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    game        INTEGER NOT NULL,
    tricks_ns   INTEGER NOT NULL,
    tricks_ew   INTEGER NOT NULL,
    points_ns   INTEGER NOT NULL,
    points_ew   INTEGER NOT NULL,
    PRIMARY KEY (shoe_id, journal_id, seq),
    FOREIGN KEY (shoe_id, journal_id, seq) REFERENCES records(shoe_id, journal_id, seq)
);
CREATE TABLE rulings (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL,
    finding     INTEGER,
    ruling      INTEGER,
    law         TEXT,
    text        TEXT,
    made_at     TEXT,
    FOREIGN KEY (shoe_id, journal_id, seq) REFERENCES records(shoe_id, journal_id, seq)
);
INSERT INTO records (shoe_id, journal_id, seq, type, boot, ticks, raw, synced_at, sync_id)
    SELECT shoe_id, 0, seq, type, boot, ticks, raw, synced_at, sync_id FROM records_v3;
INSERT INTO shoe_sessions (shoe_id, journal_id, seq, setup_id, game, variant, table_no, tables,
    first_board, last_board, movement, fw)
    SELECT shoe_id, 0, seq, setup_id, game, variant, table_no, tables, first_board, last_board,
    movement, fw FROM shoe_sessions_v3;
INSERT INTO deals (shoe_id, journal_id, seq, board, table_no, game, variant, dealer, mode,
    trump, flags, handprint, findings)
    SELECT shoe_id, 0, seq, board, table_no, game, variant, dealer, mode, trump, flags,
    handprint, findings FROM deals_v3;
INSERT INTO events (shoe_id, journal_id, seq, code, name, board, a, b, data)
    SELECT shoe_id, 0, seq, code, name, board, a, b, data FROM events_v3;
INSERT INTO checks (shoe_id, journal_id, seq, board, table_no, slip, findings, rulings)
    SELECT shoe_id, 0, seq, board, table_no, slip, findings, rulings FROM checks_v3;
INSERT INTO results (shoe_id, journal_id, seq, board, table_no, game, tricks_ns, tricks_ew,
    points_ns, points_ew)
    SELECT shoe_id, 0, seq, board, table_no, game, tricks_ns, tricks_ew, points_ns, points_ew
    FROM results_v3;
INSERT INTO rulings (id, shoe_id, journal_id, seq, finding, ruling, law, text, made_at)
    SELECT id, shoe_id, 0, seq, finding, ruling, law, text, made_at FROM rulings_v3;
DROP TABLE rulings_v3;
DROP TABLE results_v3;
DROP TABLE checks_v3;
DROP TABLE events_v3;
DROP TABLE deals_v3;
DROP TABLE shoe_sessions_v3;
DROP TABLE records_v3;
CREATE INDEX deals_board ON deals (board, table_no);
CREATE INDEX results_board ON results (board, table_no);
CREATE TABLE journals (
    shoe_id     INTEGER NOT NULL,
    journal_id  INTEGER NOT NULL,
    first_seq   INTEGER NOT NULL,
    merged      INTEGER NOT NULL,
    first_seen  TEXT NOT NULL,
    last_sync   TEXT,
    PRIMARY KEY (shoe_id, journal_id)
);
INSERT INTO journals (shoe_id, journal_id, first_seq, merged, first_seen, last_sync)
    SELECT shoe_id, 0, 0, next_seq, enrolled_at, last_sync FROM shoes;
CREATE TABLE shoe_keys (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shoe_id     INTEGER NOT NULL,
    key         BLOB NOT NULL,
    made_at     TEXT NOT NULL,
    from_at     TEXT,
    to_at       TEXT
);
INSERT INTO shoe_keys (shoe_id, key, made_at, from_at) SELECT shoe_id, key, enrolled_at,
    enrolled_at FROM shoes;
ALTER TABLE quarantine ADD COLUMN journal_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sync_log ADD COLUMN journal_id INTEGER NOT NULL DEFAULT 0
"""

# v5 (issue #15, the director's evening): a session is an event the director names.
# - `club_sessions`: one row per event (name, date, game, variant, boards, tables, movement);
#   every set-up (`sessions`, one per table) belongs to exactly one (sessions.session_id), and a
#   shoe's records to the set-up its last SESSION record named. An older database's set-ups are
#   grouped as results.model grouped them until v4 (same game, variant, boards, tables,
#   movement and UTC day), each group one event whose id is its lowest setup id, so the session
#   ids a director already used stay the same.
# - `adjustments`: the director's corrections at the PC (`overplay adjust`), appended, never
#   edited: kind average / void / correct (tricks_ns) / artificial (score_ns, score_ew) /
#   withdraw (cancels adjustment `withdraws`), with who, when and why.
# - `players`: the roster, the names of the players of each pair ("N-S 1") of a session.
V5 = """
CREATE TABLE club_sessions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL,
    date        TEXT NOT NULL,
    game        INTEGER NOT NULL,
    variant     INTEGER NOT NULL DEFAULT 0,
    first_board INTEGER NOT NULL,
    last_board  INTEGER NOT NULL,
    tables      INTEGER NOT NULL,
    movement    INTEGER NOT NULL,
    created_at  TEXT NOT NULL,
    UNIQUE (name, date)
);
INSERT INTO club_sessions (id, name, date, game, variant, first_board, last_board, tables,
    movement, created_at)
    SELECT MIN(setup_id), 'session ' || MIN(setup_id), substr(MIN(created_at), 1, 10), game,
    variant, first_board, last_board, tables, movement, MIN(created_at) FROM sessions
    GROUP BY game, variant, first_board, last_board, tables, movement,
    substr(created_at, 1, 10);
ALTER TABLE sessions ADD COLUMN session_id INTEGER REFERENCES club_sessions(id);
UPDATE sessions SET session_id = (SELECT c.id FROM club_sessions c WHERE
    c.game=sessions.game AND c.variant=sessions.variant AND
    c.first_board=sessions.first_board AND c.last_board=sessions.last_board AND
    c.tables=sessions.tables AND c.movement=sessions.movement AND
    c.date=substr(sessions.created_at, 1, 10));
CREATE INDEX sessions_session ON sessions (session_id, table_no);
CREATE TABLE adjustments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  INTEGER NOT NULL REFERENCES club_sessions(id),
    board       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('average', 'void', 'correct', 'artificial',
                                              'withdraw')),
    tricks_ns   INTEGER,
    score_ns    INTEGER,
    score_ew    INTEGER,
    withdraws   INTEGER REFERENCES adjustments(id),
    made_by     TEXT NOT NULL,
    reason      TEXT NOT NULL,
    made_at     TEXT NOT NULL
);
CREATE TABLE players (
    session_id  INTEGER NOT NULL REFERENCES club_sessions(id),
    pair        TEXT NOT NULL,
    names       TEXT NOT NULL,
    set_at      TEXT NOT NULL,
    PRIMARY KEY (session_id, pair)
)
"""

# v6: a quarantined record is one row per (shoe, journal, seq, bytes). v1's UNIQUE (shoe, seq,
# raw) left out the journal: the same bytes quarantined under one journal kept a record of
# another journal (wiped shoe, same seq) from its own row, so that journal's merged mark could
# not pass it. SQLite cannot change a constraint in place: the table is copied, ids kept.
V6 = """
CREATE TABLE quarantine_v6 (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    shoe_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    raw         BLOB NOT NULL,
    received_at TEXT NOT NULL,
    sync_id     INTEGER,
    journal_id  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (shoe_id, journal_id, seq, raw)
);
INSERT INTO quarantine_v6 (id, shoe_id, seq, reason, raw, received_at, sync_id, journal_id)
    SELECT id, shoe_id, seq, reason, raw, received_at, sync_id, journal_id FROM quarantine;
DROP TABLE quarantine;
ALTER TABLE quarantine_v6 RENAME TO quarantine
"""

# v7 (issue #15, movements): the roster is keyed by pair number (movement.py: 1..2 * tables,
# the same kind of number in every movement), not by "N-S 1" / "E-W 3", because pairs move.
# A v5 label names the pair that sat there in round 1: N-S t is pair t and E-W t pair
# tables + t in a Mitchell, none or teams; in a Howell N-S t is pair 2 * tables + 1 - t and
# E-W t pair t (movement.Movement.pairs_at(t, 1)). A label no table of its session has is
# dropped (players.py never wrote one).
V7 = """
CREATE TABLE players_v7 (
    session_id  INTEGER NOT NULL REFERENCES club_sessions(id),
    pair        INTEGER NOT NULL,
    names       TEXT NOT NULL,
    set_at      TEXT NOT NULL,
    PRIMARY KEY (session_id, pair)
);
INSERT OR REPLACE INTO players_v7 (session_id, pair, names, set_at)
    SELECT p.session_id, CASE
        WHEN substr(p.pair, 1, 3) = 'N-S' AND c.movement = 2
            THEN 2 * c.tables + 1 - CAST(substr(p.pair, 5) AS INTEGER)
        WHEN substr(p.pair, 1, 3) = 'N-S' THEN CAST(substr(p.pair, 5) AS INTEGER)
        WHEN c.movement = 2 THEN CAST(substr(p.pair, 5) AS INTEGER)
        ELSE c.tables + CAST(substr(p.pair, 5) AS INTEGER) END, p.names, p.set_at
    FROM players p JOIN club_sessions c ON c.id = p.session_id
    WHERE substr(p.pair, 1, 3) IN ('N-S', 'E-W')
    AND CAST(substr(p.pair, 5) AS INTEGER) BETWEEN 1 AND c.tables;
DROP TABLE players;
ALTER TABLE players_v7 RENAME TO players
"""

# v8 (issue #16, every game scored from the shoes): a SCORE record carries each game's own
# fields (records.SCORE_FIELDS, docs/records.md): euchre makers and alone, écarté proposal and
# king, bridge whist declarer, strain and doubles. NULL for a game without the field and for a
# SCORE written before them (a 10-byte body, and every row ingested before v8).
V8 = """
ALTER TABLE results ADD COLUMN makers INTEGER;
ALTER TABLE results ADD COLUMN alone INTEGER;
ALTER TABLE results ADD COLUMN proposal INTEGER;
ALTER TABLE results ADD COLUMN king INTEGER;
ALTER TABLE results ADD COLUMN declarer INTEGER;
ALTER TABLE results ADD COLUMN strain INTEGER;
ALTER TABLE results ADD COLUMN doubles INTEGER
"""

MIGRATIONS = [V1, V2, V3, V4, V5, V6, V7, V8]
