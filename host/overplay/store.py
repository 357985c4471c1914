"""The club database (SQLite): shoes, session set-ups, every record synced, once.

    st = Store(path)                              # opens or creates, runs migrations forward
    st.enroll(shoe_id, key)                       # a shoe the club knows
    sync_id = st.begin_sync(shoe_id, from_seq)
    counts = st.commit_batch(sync_id, shoe_id, [(seq, raw), ...], next_seq)  # one transaction
    st.finish_sync(sync_id, "ok")
    st.journal(shoe_id)                           # [(seq, raw)] as stored, for checks

Records are keyed by (shoe_id, seq): a record already stored with the same bytes is a
duplicate and ignored, so syncing again is idempotent. A record is quarantined with its reason
(never dropped, never merged) when its shoe is unknown, its HMAC tag does not verify, its seq
is not the position the shoe sent it at, its (shoe, seq) holds different bytes already, or its
boot counter runs backwards (a replay). Each batch is one transaction together with the shoe's
`next_seq` and the sync log, so a crash mid-sync leaves the database as it was before the batch
and the next sync asks for the same records again.

Default location: $OVERPLAY_DB, else $XDG_DATA_HOME/overplay/club.sqlite, else
~/.local/share/overplay/club.sqlite; `--db PATH` overrides all three (default_path()).
The schema is in MIGRATIONS (forward-only; PRAGMA user_version is its version) and in
docs/wire.md.
"""

import json
import os
import sqlite3
import time

from overplay_core import records
from overplay_core.errors import ParseError

from overplay.migrations import MIGRATIONS


class StoreError(Exception):
    """The database cannot be used (newer schema, not a club database)."""


def default_path():
    env = os.environ.get("OVERPLAY_DB")
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                            "share")
    return os.path.join(base, "overplay", "club.sqlite")


def now_utc():
    """Wall time the PC stamps on what it syncs (the shoe has no clock)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _json(d):
    def conv(v):
        if isinstance(v, (bytes, bytearray)):
            return v.hex()
        if isinstance(v, tuple):
            return list(v)
        return v
    return json.dumps({k: conv(v) for k, v in d.items()}, sort_keys=True)


class Store:
    def __init__(self, path=None):
        self.path = path or default_path()
        if self.path != ":memory:":
            folder = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(folder, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.execute("PRAGMA synchronous = FULL")
        self.migrate()

    def close(self):
        self.db.close()

    @property
    def version(self):
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def migrate(self):
        """Run every migration newer than the file's version, each in its own transaction."""
        have = self.version
        if have > len(MIGRATIONS):
            raise StoreError("database %s has schema version %d, newer than this overplay "
                             "knows (%d): upgrade overplay" % (self.path, have, len(MIGRATIONS)))
        for v in range(have, len(MIGRATIONS)):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for stmt in MIGRATIONS[v].split(";"):
                    if stmt.strip():
                        self.db.execute(stmt)
                self.db.execute("PRAGMA user_version = %d" % (v + 1))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    # --- shoes and set-ups -----------------------------------------------------------------

    def shoe(self, shoe_id):
        """(shoe_id, key, name, next_seq) or None."""
        return self.db.execute("SELECT shoe_id, key, name, next_seq FROM shoes WHERE shoe_id=?",
                               (shoe_id,)).fetchone()

    def enroll(self, shoe_id, key, name=None):
        self.db.execute("INSERT INTO shoes (shoe_id, key, name, enrolled_at) VALUES (?,?,?,?) "
                        "ON CONFLICT(shoe_id) DO UPDATE SET key=excluded.key, "
                        "enrolled_at=excluded.enrolled_at",
                        (shoe_id, bytes(key), name, now_utc()))

    def new_shoe_id(self):
        row = self.db.execute("SELECT MAX(shoe_id) FROM shoes").fetchone()
        return (row[0] or 0) + 1

    def next_seq(self, shoe_id):
        row = self.shoe(shoe_id)
        return row[3] if row else 0

    def new_setup(self, game, variant, first, last, table, tables, movement, shoe_id=None):
        """A session set-up to push at the next connection; returns its id."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            cur = self.db.execute(
                "INSERT INTO sessions (game, variant, first_board, last_board, table_no, "
                "tables, movement, shoe_id, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                (game, variant, first, last, table, tables, movement, shoe_id, now_utc()))
            sid = cur.lastrowid
            self.db.executemany("INSERT INTO boards (setup_id, board) VALUES (?,?)",
                                [(sid, b) for b in range(first, last + 1)])
            self.db.execute("INSERT INTO tables (setup_id, table_no, shoe_id) VALUES (?,?,?)",
                            (sid, table, shoe_id))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return sid

    def pending_setup(self, shoe_id):
        """The newest set-up not yet pushed that names this shoe or no shoe, as a dict."""
        row = self.db.execute(
            "SELECT setup_id, game, variant, first_board, last_board, table_no, tables, "
            "movement FROM sessions WHERE pushed_at IS NULL AND (shoe_id IS NULL OR shoe_id=?) "
            "ORDER BY (shoe_id IS NULL), setup_id DESC LIMIT 1", (shoe_id,)).fetchone()
        if row is None:
            return None
        keys = ("setup_id", "game", "variant", "first", "last", "table", "tables", "movement")
        return dict(zip(keys, row))

    def mark_pushed(self, setup_id, shoe_id):
        self.db.execute("UPDATE sessions SET pushed_at=?, shoe_id=? WHERE setup_id=?",
                        (now_utc(), shoe_id, setup_id))
        self.db.execute("UPDATE tables SET shoe_id=? WHERE setup_id=?", (shoe_id, setup_id))

    # --- syncing ---------------------------------------------------------------------------

    def begin_sync(self, shoe_id, from_seq, port=""):
        cur = self.db.execute("INSERT INTO sync_log (shoe_id, port, started_at, from_seq, "
                              "to_seq, status) VALUES (?,?,?,?,?,?)",
                              (shoe_id, port, now_utc(), from_seq, from_seq, "running"))
        return cur.lastrowid

    def finish_sync(self, sync_id, status, note="", bad_frames=0):
        self.db.execute("UPDATE sync_log SET finished_at=?, status=?, note=?, bad_frames=? "
                        "WHERE sync_id=?", (now_utc(), status, note, bad_frames, sync_id))

    def commit_batch(self, sync_id, shoe_id, batch, next_seq):
        """Store [(seq the shoe sent it at, raw bytes)] in one transaction.

        Returns (new, duplicates, rejected). next_seq: every record below it has now been
        received (stored or quarantined), so the next sync starts there."""
        shoe = self.shoe(shoe_id)
        key = shoe[1] if shoe else None
        stamp = now_utc()
        new = dup = bad = 0
        self.db.execute("BEGIN IMMEDIATE")
        try:
            last_boot = self._boot_before(shoe_id, batch[0][0]) if batch else 0
            for pos, raw in batch:
                raw = bytes(raw)
                reason = self._reject_reason(shoe_id, key, pos, raw, last_boot)
                if reason == "duplicate":
                    dup += 1
                    continue
                if reason is None:
                    try:
                        fields = records.decode(raw)
                    except ParseError as e:
                        reason = "undecodable: %s" % e
                if reason is not None:
                    bad += 1
                    self.db.execute("INSERT OR IGNORE INTO quarantine (shoe_id, seq, reason, raw, "
                                    "received_at, sync_id) VALUES (?,?,?,?,?,?)",
                                    (shoe_id, pos, reason, raw, stamp, sync_id))
                    continue
                last_boot = fields["boot"]
                self._insert(shoe_id, pos, raw, fields, stamp, sync_id)
                new += 1
            if shoe:
                self.db.execute("UPDATE shoes SET next_seq=MAX(next_seq, ?), last_sync=? "
                                "WHERE shoe_id=?", (next_seq, stamp, shoe_id))
            self.db.execute("UPDATE sync_log SET to_seq=MAX(to_seq, ?), new=new+?, "
                            "duplicates=duplicates+?, rejected=rejected+? WHERE sync_id=?",
                            (next_seq, new, dup, bad, sync_id))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return new, dup, bad

    def _boot_before(self, shoe_id, seq):
        row = self.db.execute("SELECT boot FROM records WHERE shoe_id=? AND seq<? "
                              "ORDER BY seq DESC LIMIT 1", (shoe_id, seq)).fetchone()
        return row[0] if row else 0

    def _reject_reason(self, shoe_id, key, pos, raw, last_boot):
        if key is None:
            return "unknown shoe %d: enrol it with `overplay enroll`" % shoe_id
        if records.check(raw) != records.OK:
            return "malformed record (%d bytes)" % len(raw)
        if not records.verify(raw, key, shoe_id):
            return "bad signature: the tag does not verify under shoe %d's key" % shoe_id
        seq = records.record_seq(raw)
        if seq != pos:
            return "replay: record seq %d sent at position %d" % (seq, pos)
        row = self.db.execute("SELECT raw FROM records WHERE shoe_id=? AND seq=?",
                              (shoe_id, seq)).fetchone()
        if row is not None:
            if bytes(row[0]) == raw:
                return "duplicate"
            return "replay: seq %d already holds a different record" % seq
        if records.record_boot(raw) < last_boot:
            return "replay: boot counter %d is below %d of an earlier record" % (
                records.record_boot(raw), last_boot)
        return None

    def _insert(self, shoe_id, seq, raw, f, stamp, sync_id):
        t = f["type"]
        self.db.execute("INSERT INTO records (shoe_id, seq, type, boot, ticks, raw, synced_at, "
                        "sync_id) VALUES (?,?,?,?,?,?,?,?)",
                        (shoe_id, seq, t, f["boot"], f["ticks"], raw, stamp, sync_id))
        key = (shoe_id, seq)
        js = _json(f)
        if t == records.DEAL:
            self.db.execute(
                "INSERT INTO deals (shoe_id, seq, board, table_no, game, variant, dealer, mode, "
                "trump, flags, handprint, findings, fields) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                key + (f["board"], f["table"], f["game"], f["variant"], f["dealer"], f["mode"],
                       f["trump"], f["flags"], bytes(f["handprint"]),
                       ",".join(str(c) for c in f["findings"]), js))
        elif t == records.SCORE:
            self.db.execute(
                "INSERT INTO results (shoe_id, seq, board, table_no, game, tricks_ns, tricks_ew, "
                "points_ns, points_ew, fields) VALUES (?,?,?,?,?,?,?,?,?,?)",
                key + (f["board"], f["table"], f["game"], f["tricks_ns"], f["tricks_ew"],
                       f["points_ns"], f["points_ew"], js))
        elif t == records.EVENT:
            self.db.execute("INSERT INTO events (shoe_id, seq, code, name, board, a, b, data, "
                            "fields) VALUES (?,?,?,?,?,?,?,?,?)",
                            key + (f["code"], f["event_name"], f["board"], f["a"], f["b"],
                                   bytes(f["data"]), js))
        elif t == records.CHECK:
            self.db.execute("INSERT INTO checks (shoe_id, seq, board, table_no, slip, findings, "
                            "rulings, fields) VALUES (?,?,?,?,?,?,?,?)",
                            key + (f["board"], f["table"], f["slip"],
                                   ",".join(str(c) for c in f["findings"]),
                                   ",".join(str(c) for c in f["rulings"]), js))
        elif t == records.SESSION:
            self.db.execute("INSERT INTO shoe_sessions (shoe_id, seq, setup_id, game, variant, "
                            "table_no, tables, first_board, last_board, movement, fw, fields) "
                            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                            key + (f["session_id"], f["game"], f["variant"], f["table"],
                                   f["tables"], f["first_board"], f["last_board"],
                                   f["movement"], "%d.%d.%d" % tuple(f["fw"]), js))

    # --- reading back ----------------------------------------------------------------------

    def journal(self, shoe_id):
        """[(seq, raw)] of the records stored for a shoe, in seq order."""
        return [(s, bytes(r)) for s, r in self.db.execute(
            "SELECT seq, raw FROM records WHERE shoe_id=? ORDER BY seq", (shoe_id,))]

    def quarantined(self, shoe_id=None):
        """[(shoe_id, seq, reason)] in arrival order."""
        q = "SELECT shoe_id, seq, reason FROM quarantine"
        args = ()
        if shoe_id is not None:
            q += " WHERE shoe_id=?"
            args = (shoe_id,)
        return list(self.db.execute(q + " ORDER BY id", args))
