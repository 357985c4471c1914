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

MIGRATIONS = [V1, V2, V3]
