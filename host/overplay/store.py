"""The club database (SQLite): shoes, session set-ups, every record synced, once.

    st = Store(path)                              # opens or creates, runs migrations forward
    st = open_store(path, readonly=False)         # the same for a command: one-line errors
    st.enroll(shoe_id, key)                       # a shoe the club knows
    st.slip_key()                                 # the club's tray-slip key (made once)
    st.session_of(setup_id)                       # the session id a set-up belongs to
    st.set_pin(shoe_id, data); st.pending_pin(shoe_id)   # the director's PIN (salted hash)
    st.open_journal(shoe_id, journal_id, first_seq)   # a journal a proven INFO named
    sync_id = st.begin_sync(shoe_id, from_seq, port, journal_id)
    counts = st.commit_batch(sync_id, shoe_id, [(seq, raw), ...], end, journal_id)
    st.next_seq(shoe_id, journal_id)              # first seq not merged (the DONE limit)
    st.finish_sync(sync_id, "ok")
    st.journal(shoe_id)                           # [(seq, raw)] as stored, for checks

Records are keyed by (shoe_id, journal_id, seq): a shoe whose journal starts afresh numbers
from 1 again under a new journal id. A record already stored with the same bytes is a duplicate
and ignored, so syncing again is idempotent. A record is quarantined with its reason and its
journal (never dropped, never merged) when its shoe is unknown, its HMAC tag does not verify
under any key the shoe held (`shoe_keys`), its seq is not the position the shoe sent it at or
lies at/after the end the shoe announced, its (shoe, journal, seq) holds different bytes
already, its boot counter runs backwards (a replay), or its content cannot happen
(ingest_checks.py; the reason then starts "impossible: "). Each journal has a merged mark
(`journals.merged`): the first seq not held, every record below it from the journal's first_seq
being held; it moves over records merged and over records the shoe itself signed whose content
cannot happen (the club holds those, in quarantine: keeping them on the shoe would only fill
its flash), never over any other rejected one, and DONE never goes past it. Each batch is one transaction together with that mark and the sync log, so a crash
mid-sync leaves the database as it was before the batch and the next sync asks for the same
records again.

Default location: $OVERPLAY_DB, else $XDG_DATA_HOME/overplay/club.sqlite, else the data folder
platformdirs names for the OS (Linux ~/.local/share/overplay, macOS ~/Library/Application
Support/overplay, Windows %LOCALAPPDATA%/overplay) + club.sqlite; `--db PATH` overrides all
(default_path()).
A new file is made 0600 (a new folder 0700): it holds every shoe's key; open_store warns in one
line about one that others may read (docs/design.md, "Errors and the club database").
The schema is in MIGRATIONS (forward-only; PRAGMA user_version is its version) and in
docs/wire.md.
"""

import hashlib
import hmac as _hmac
import operator
import os
import sqlite3
import struct
import sys
import time
import urllib.parse

from overplay_core import mac, records, wire
from overplay_core.errors import ParseError

from overplay import ingest_checks
from overplay.events import event_name
from overplay.errors import StoreError, UserError, database_error
from overplay.migrations import MIGRATIONS


SHOE_ID_MAX = (1 << 8 * struct.calcsize(wire.ENROLL_FMT)) - 1  # the shoe id ENROLL carries
ROWID_MAX = 2 ** 63 - 1    # the largest id SQLite holds (set-ups, sessions)


def default_path():
    env = os.environ.get("OVERPLAY_DB")
    if env:
        return env
    if os.environ.get("XDG_DATA_HOME"):
        return os.path.join(os.environ["XDG_DATA_HOME"], "overplay", "club.sqlite")
    import platformdirs  # the data folder each OS expects (Windows: %LOCALAPPDATA%)
    return os.path.join(platformdirs.user_data_dir("overplay", appauthor=False), "club.sqlite")


def _create_private(path):
    """Make a new club DB file readable by its owner only (0600), in a folder made 0700: it
    holds every shoe's record key and the club's slip key. An existing file is left alone
    (loose_permissions says when others may read it)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=0o700)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def loose_permissions(path):
    """A one-line warning when users other than the owner may read or write the DB file at
    path (its keys would let them forge records), else None."""
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        return None
    if not mode & 0o077:
        return None
    return ("warning: club database %s is open to other users (mode %04o) and holds the shoes' "
            "keys: make it private with `chmod 600 %s`" % (path, mode, path))


def open_store(path=None, readonly=False):
    """The club DB for a command: one that cannot be used is a one-line UserError, and one
    that others may read gets a one-line warning on stderr."""
    shown = path or default_path()
    try:
        st = Store(path, readonly=readonly)
    except StoreError as e:
        raise UserError("club %s" % e)  # StoreError names the file
    except sqlite3.Error as e:
        raise database_error(e, shown)
    except OSError as e:
        raise UserError("cannot create club database %s: %s: check the folder, or name "
                        "another with --db" % (shown, e.strerror or e))
    warning = loose_permissions(st.path) if st.path != ":memory:" else None
    if warning:
        print("overplay: " + warning, file=sys.stderr)
    return st


def require_database(db_path):
    """For a command that only reads or corrects: a database that is not there is an error,
    never made empty."""
    path = db_path or default_path()
    if path != ":memory:" and not os.path.exists(path):
        raise UserError("no club database at %s: sync a shoe first (`overplay sync`), or name "
                        "one with --db" % path)


def session_or_newest(st, sid):
    """Session sid of the club DB (the newest when sid is None), as Store.session gives it;
    a UserError when there is none."""
    if sid is not None:
        s = st.session(sid)
        if s is None:
            raise UserError("no session %d in %s: see `overplay results --list`" % (sid, st.path))
        return s
    ss = st.club_sessions()
    if not ss:
        raise UserError("no sessions in %s: make one with `overplay session new`" % st.path)
    return ss[-1]


def local_date():
    """Today's date on the club PC's clock (a session's date is the director's evening)."""
    return time.strftime("%Y-%m-%d", time.localtime())


def now_utc():
    """Wall time the PC stamps on what it syncs (the shoe has no clock)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Store:
    def __init__(self, path=None, readonly=False):
        """Open (or create, as 0600 in a 0700 folder it makes) the club DB and migrate it
        forward; readonly=True opens an existing file for reading only and migrates nothing
        (StoreError when it needs a migration)."""
        self.path = path or default_path()
        self.readonly = readonly
        self._tags = {}  # (key, shoe_id, journal_id) -> _Tag (_tag)
        if readonly:
            uri = "file:%s?mode=ro" % urllib.parse.quote(os.path.abspath(self.path))
            self.db = sqlite3.connect(uri, uri=True, timeout=30, isolation_level=None)
        else:
            if self.path != ":memory:":
                _create_private(self.path)
            self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            if not readonly:
                self.db.execute("PRAGMA synchronous = FULL")
            self.migrate()
        except BaseException:
            self.db.close()
            raise

    def close(self):
        self.db.close()

    @property
    def version(self):
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def rollback(self):
        """ROLLBACK, unless SQLite has rolled back already: it does so by itself when the disk
        fills or an I/O error strikes, and a second ROLLBACK would fail with "no transaction is
        active", hiding the reason (errors.root_cause finds it either way)."""
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")

    def migrate(self):
        """Run every migration newer than the file's version, each in its own transaction."""
        have = self.version
        if have > len(MIGRATIONS):
            raise StoreError("database %s has schema version %d, newer than this overplay "
                             "knows (%d): upgrade overplay" % (self.path, have, len(MIGRATIONS)))
        if self.readonly and have < len(MIGRATIONS):
            raise StoreError("database %s has schema version %d, older than this overplay's %d, "
                             "and is read-only here: open it once with write access (e.g. "
                             "`overplay session list --db %s`) to bring it up to date"
                             % (self.path, have, len(MIGRATIONS), self.path))
        for v in range(have, len(MIGRATIONS)):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for stmt in MIGRATIONS[v].split(";"):
                    if stmt.strip():
                        self.db.execute(stmt)
                self.db.execute("PRAGMA user_version = %d" % (v + 1))
                self.db.execute("COMMIT")
            except BaseException:
                self.rollback()
                raise

    # --- shoes and set-ups -----------------------------------------------------------------

    def shoe(self, shoe_id):
        """(shoe_id, key, name, next_seq) or None."""
        return self.db.execute("SELECT shoe_id, key, name, next_seq FROM shoes WHERE shoe_id=?",
                               (shoe_id,)).fetchone()

    def enroll(self, shoe_id, key, name=None):
        """Shoe `shoe_id` holds `key` from now on (its record key; the earlier one goes into the
        key history, `shoe_keys`, with the time it ended). A key offered with offer_key() and
        now acknowledged by the shoe is the same row, from then on held."""
        key = bytes(key)
        stamp = now_utc()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("UPDATE shoe_keys SET to_at=? WHERE shoe_id=? AND from_at IS NOT "
                            "NULL AND to_at IS NULL AND key<>?", (stamp, shoe_id, key))
            held = self.db.execute("SELECT id FROM shoe_keys WHERE shoe_id=? AND key=? AND "
                                   "from_at IS NOT NULL AND to_at IS NULL",
                                   (shoe_id, key)).fetchone()
            if held is None:
                self.db.execute("DELETE FROM shoe_keys WHERE shoe_id=? AND key=? AND from_at "
                                "IS NULL", (shoe_id, key))
                self.db.execute("INSERT INTO shoe_keys (shoe_id, key, made_at, from_at) "
                                "VALUES (?,?,?,?)", (shoe_id, key, stamp, stamp))
            self.db.execute("INSERT INTO shoes (shoe_id, key, name, enrolled_at) VALUES "
                            "(?,?,?,?) ON CONFLICT(shoe_id) DO UPDATE SET key=excluded.key, "
                            "enrolled_at=excluded.enrolled_at, "
                            "name=COALESCE(excluded.name, name)",
                            (shoe_id, key, name, stamp))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def offer_key(self, shoe_id, key):
        """A key about to be sent in ENROLL, kept before it leaves the PC (from_at NULL): when
        the ENROLL_ACK is lost the shoe may hold it, and proves so at the next HELLO
        (key_for_proof), which makes it the shoe's key (enroll())."""
        self.db.execute("INSERT INTO shoe_keys (shoe_id, key, made_at) VALUES (?,?,?)",
                        (shoe_id, bytes(key), now_utc()))

    def keys(self, shoe_id):
        """Every record key shoe_id held, the current one first (records signed before a
        re-key still verify under the key they were signed with)."""
        return [bytes(k) for (k,) in self.db.execute(
            "SELECT key FROM shoe_keys WHERE shoe_id=? AND from_at IS NOT NULL "
            "ORDER BY (to_at IS NULL) DESC, id DESC", (shoe_id,))]

    def offered_keys(self, shoe_id):
        """Keys sent to shoe_id in an ENROLL that was never acknowledged, newest first."""
        return [bytes(k) for (k,) in self.db.execute(
            "SELECT key FROM shoe_keys WHERE shoe_id=? AND from_at IS NULL ORDER BY id DESC",
            (shoe_id,))]

    # --- journals --------------------------------------------------------------------------

    def journal_state(self, shoe_id, journal_id):
        """{"first_seq", "merged"} of a journal the club has seen, or None. merged: the first
        seq not merged, every record of the journal from first_seq up to it being held."""
        row = self.db.execute("SELECT first_seq, merged FROM journals WHERE shoe_id=? AND "
                              "journal_id=?", (shoe_id, journal_id)).fetchone()
        return None if row is None else {"first_seq": row[0], "merged": row[1]}

    def open_journal(self, shoe_id, journal_id, first_seq):
        """A journal the club sees for the first time (named by a PROVEN INFO, whose first_seq
        the shoe vouched for): its merged mark starts at first_seq, then walks over any of its
        records already stored (merged before the shoe could prove itself)."""
        stamp = now_utc()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("INSERT OR IGNORE INTO journals (shoe_id, journal_id, first_seq, "
                            "merged, first_seen) VALUES (?,?,?,?,?)",
                            (shoe_id, journal_id, first_seq, first_seq, stamp))
            self._advance(shoe_id, journal_id)
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def forget_below(self, shoe_id, journal_id, first_seq):
        """The shoe PROVED (its INFO) that it no longer holds the journal's records below
        first_seq (another PC's DONE let it reclaim them): the merged mark moves up to it, since
        nothing can fetch them any more, and the summary names the gap."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("UPDATE journals SET merged=MAX(merged, ?) WHERE shoe_id=? AND "
                            "journal_id=?", (first_seq, shoe_id, journal_id))
            self._advance(shoe_id, journal_id)
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def _advance(self, shoe_id, journal_id, lo=None, hi=None, covered=()):
        """Move the journal's merged mark over every record held contiguously from it; return
        the mark (None for a journal the club has not opened). Inside a transaction.

        covered: when lo is given, exactly the seqs lo..hi the mark passes over (records held
        and records quarantined as IMPOSSIBLE: a batch knows them; a set or a range), so only
        what lies above hi is asked of the DB."""
        row = self.db.execute("SELECT merged FROM journals WHERE shoe_id=? AND journal_id=?",
                              (shoe_id, journal_id)).fetchone()
        if row is None:
            return None
        m = row[0]
        if lo is not None and lo <= m <= hi:
            if len(covered) == hi - lo + 1:
                m = hi + 1  # every seq of the batch's span: nearly every sync
            while m in covered:
                m += 1
            if m <= hi:  # a gap within the batch's span
                if m != row[0]:
                    self.db.execute("UPDATE journals SET merged=? WHERE shoe_id=? AND "
                                    "journal_id=?", (m, shoe_id, journal_id))
                return m
        for (seq,) in self.db.execute(
                "SELECT seq FROM records WHERE shoe_id=? AND journal_id=? AND seq>=? UNION "
                "SELECT seq FROM quarantine WHERE shoe_id=? AND journal_id=? AND seq>=? AND " +
                _IS_IMPOSSIBLE + " ORDER BY seq", (shoe_id, journal_id, m, shoe_id, journal_id, m)):
            if seq != m:
                break
            m += 1
        if m != row[0]:
            self.db.execute("UPDATE journals SET merged=? WHERE shoe_id=? AND journal_id=?",
                            (m, shoe_id, journal_id))
        return m

    def slip_key(self, rotate=False):
        """The club's tray-slip key (32 bytes), made from os.urandom the first time; every
        enrolled shoe gets it. rotate=True replaces it (each shoe must then be enrolled again,
        else its slips read as forged at the others)."""
        if rotate:
            self.db.execute("UPDATE club SET slip_key=?, rotated_at=? WHERE id=1",
                            (os.urandom(wire.KEY_BYTES), now_utc()))
        self.db.execute("INSERT OR IGNORE INTO club (id, slip_key, created_at) VALUES (1,?,?)",
                        (os.urandom(wire.KEY_BYTES), now_utc()))
        return bytes(self.db.execute("SELECT slip_key FROM club WHERE id=1").fetchone()[0])

    def session_of(self, setup_id):
        """The session (club_sessions id, the event `overplay session new` named) a set-up
        belongs to; 0 for none. Every table's shoe gets it; tray slips carry it, so a slip of
        the afternoon is refused in the evening."""
        row = self.db.execute("SELECT session_id FROM sessions WHERE setup_id=?",
                              (setup_id,)).fetchone()
        return (row[0] or 0) if row else 0

    # --- sessions (events) -----------------------------------------------------------------

    _SESSION_COLS = ("id", "name", "date", "game", "variant", "first", "last", "tables",
                     "movement", "created_at")

    def new_session(self, name, date, game, variant, first, last, tables, movement):
        """A new event; returns its id. name None: named "session <id>"."""
        cur = self.db.execute(
            "INSERT INTO club_sessions (name, date, game, variant, first_board, last_board, "
            "tables, movement, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
            (name or "session ?", date, game, variant, first, last, tables, movement,
             now_utc()))
        sid = cur.lastrowid
        if not name:
            self.db.execute("UPDATE club_sessions SET name=? WHERE id=?",
                            ("session %d" % sid, sid))
        return sid

    def session(self, session_id=None, name=None, date=None):
        """One event as a dict (by id, or by name: on `date`, else the newest of that name),
        or None."""
        q = ("SELECT id, name, date, game, variant, first_board, last_board, tables, movement, "
             "created_at FROM club_sessions ")
        if session_id is not None:
            row = self.db.execute(q + "WHERE id=?", (session_id,)).fetchone()
        elif date is not None:
            row = self.db.execute(q + "WHERE name=? AND date=?", (name, date)).fetchone()
        else:
            row = self.db.execute(q + "WHERE name=? ORDER BY date DESC, id DESC LIMIT 1",
                                  (name,)).fetchone()
        return dict(zip(self._SESSION_COLS, row)) if row else None

    def club_sessions(self):
        """Every event, oldest first, each with its set-ups [(setup_id, table, shoe_id,
        pushed_at)] in table order."""
        out = []
        for row in self.db.execute("SELECT id, name, date, game, variant, first_board, "
                                   "last_board, tables, movement, created_at FROM "
                                   "club_sessions ORDER BY id").fetchall():
            s = dict(zip(self._SESSION_COLS, row))
            s["setups"] = self.db.execute(
                "SELECT setup_id, table_no, shoe_id, pushed_at FROM sessions WHERE "
                "session_id=? ORDER BY table_no, setup_id", (s["id"],)).fetchall()
            out.append(s)
        return out

    def _join_session(self, game, variant, first, last, table, tables, movement):
        """The event a set-up made without one joins: today's newest of the same game,
        variant, boards, tables and movement that has no set-up for this table yet (so an
        afternoon's table 1 and an evening's table 1 are two events); else a new one."""
        date = local_date()
        for (sid,) in self.db.execute(
                "SELECT id FROM club_sessions c WHERE game=? AND variant=? AND first_board=? "
                "AND last_board=? AND tables=? AND movement=? AND date=? AND NOT EXISTS "
                "(SELECT 1 FROM sessions s WHERE s.session_id=c.id AND s.table_no=?) "
                "ORDER BY id DESC LIMIT 1",
                (game, variant, first, last, tables, movement, date, table)).fetchall():
            return sid
        return self.new_session(None, date, game, variant, first, last, tables, movement)

    def set_pin(self, shoe_id, data):
        """The director's PIN for a shoe (overplay_core.pin.make bytes: salted hash only),
        to push at its next sync; replaces an earlier one."""
        self.db.execute("INSERT INTO pins (shoe_id, pin, created_at) VALUES (?,?,?) "
                        "ON CONFLICT(shoe_id) DO UPDATE SET pin=excluded.pin, "
                        "created_at=excluded.created_at, pushed_at=NULL",
                        (shoe_id, bytes(data), now_utc()))

    def pending_pin(self, shoe_id):
        """The PIN bytes not yet pushed to this shoe, or None."""
        row = self.db.execute("SELECT pin FROM pins WHERE shoe_id=? AND pushed_at IS NULL",
                              (shoe_id,)).fetchone()
        return bytes(row[0]) if row else None

    def mark_pin_pushed(self, shoe_id, data):
        """The shoe acknowledged PIN `data`; a newer PIN set meanwhile still waits."""
        self.db.execute("UPDATE pins SET pushed_at=? WHERE shoe_id=? AND pin=?",
                        (now_utc(), shoe_id, bytes(data)))

    def new_shoe_id(self):
        row = self.db.execute("SELECT MAX(m) FROM (SELECT MAX(shoe_id) AS m FROM shoes UNION "
                              "ALL SELECT MAX(shoe_id) FROM shoe_keys)").fetchone()
        return (row[0] or 0) + 1

    def next_seq(self, shoe_id, journal_id=None):
        """The first seq of the journal not merged (journal_id None: the shoe's `next_seq`,
        the mark of the journal it synced last)."""
        if journal_id is not None:
            j = self.journal_state(shoe_id, journal_id)
            return j["merged"] if j else 0
        row = self.shoe(shoe_id)
        return row[3] if row else 0

    def new_setup(self, game, variant, first, last, table, tables, movement, shoe_id=None,
                  session_id=None):
        """A set-up for one table, to push at the next connection; returns its id. It belongs
        to event session_id (None: the event _join_session picks or makes)."""
        return self.new_setups(game, variant, first, last, (table,), tables, movement,
                               shoe_id, session_id)[0]

    def new_setups(self, game, variant, first, last, table_list, tables, movement,
                   shoe_id=None, session_id=None, name=None, date=None):
        """Set-ups for each table of table_list, in one transaction; returns their ids.
        session_id None: with a name (or several tables) a new event of that name on date,
        else the event _join_session picks or makes."""
        ids = []
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if session_id is None and (name is not None or len(table_list) > 1):
                session_id = self.new_session(name, date or local_date(), game, variant,
                                              first, last, tables, movement)
            for table in table_list:
                sid = session_id
                if sid is None:
                    sid = self._join_session(game, variant, first, last, table, tables,
                                             movement)
                cur = self.db.execute(
                    "INSERT INTO sessions (game, variant, first_board, last_board, table_no, "
                    "tables, movement, shoe_id, created_at, session_id) VALUES "
                    "(?,?,?,?,?,?,?,?,?,?)",
                    (game, variant, first, last, table, tables, movement, shoe_id, now_utc(),
                     sid))
                setup = cur.lastrowid
                self.db.executemany("INSERT INTO boards (setup_id, board) VALUES (?,?)",
                                    [(setup, b) for b in range(first, last + 1)])
                self.db.execute("INSERT INTO tables (setup_id, table_no, shoe_id) VALUES "
                                "(?,?,?)", (setup, table, shoe_id))
                ids.append(setup)
            self.db.execute("COMMIT")
        except BaseException:
            self.rollback()
            raise
        return ids

    def pending_setup(self, shoe_id):
        """The set-up to push to this shoe, as a dict: one not yet pushed that names it,
        else (of the newest event with one waiting) the lowest table's that names no shoe, so
        shoes synced one after another get tables 1, 2, 3 in that order."""
        row = self.db.execute(
            "SELECT setup_id, game, variant, first_board, last_board, table_no, tables, "
            "movement FROM sessions WHERE pushed_at IS NULL AND (shoe_id IS NULL OR shoe_id=?) "
            "ORDER BY (shoe_id IS NULL), session_id DESC, table_no, setup_id DESC LIMIT 1",
            (shoe_id,)).fetchone()
        if row is None:
            return None
        keys = ("setup_id", "game", "variant", "first", "last", "table", "tables", "movement")
        return dict(zip(keys, row))

    def mark_pushed(self, setup_id, shoe_id):
        self.db.execute("UPDATE sessions SET pushed_at=?, shoe_id=? WHERE setup_id=?",
                        (now_utc(), shoe_id, setup_id))
        self.db.execute("UPDATE tables SET shoe_id=? WHERE setup_id=?", (shoe_id, setup_id))

    # --- syncing ---------------------------------------------------------------------------

    def begin_sync(self, shoe_id, from_seq, port="", journal_id=0):
        # a sync of this shoe still "running" was killed with its process: say so
        self.db.execute("UPDATE sync_log SET status='interrupted' WHERE shoe_id=? AND "
                        "status='running'", (shoe_id,))
        cur = self.db.execute("INSERT INTO sync_log (shoe_id, port, started_at, from_seq, "
                              "to_seq, status, journal_id) VALUES (?,?,?,?,?,?,?)",
                              (shoe_id, port, now_utc(), from_seq, from_seq, "running",
                               journal_id))
        return cur.lastrowid

    def finish_sync(self, sync_id, status, note="", bad_frames=0):
        self.db.execute("UPDATE sync_log SET finished_at=?, status=?, note=?, bad_frames=? "
                        "WHERE sync_id=?", (now_utc(), status, note, bad_frames, sync_id))

    def commit_batch(self, sync_id, shoe_id, batch, end, journal_id=0):
        """Store [(seq the shoe sent it at, raw bytes)] of journal `journal_id` in one
        transaction. Returns (new, duplicates, rejected).

        end: one past the last record the shoe announced (its proven INFO): a record at or
        beyond it is refused (quarantined), whatever it says. A rejected record advances
        nothing: the journal's merged mark (journal_state) moves only over records held
        contiguously, and the shoe's next_seq follows that mark. A record identical to one
        already quarantined counts as a duplicate (fetched again, not rejected again)."""
        tags = [self._tag(k, shoe_id, journal_id) for k in self.keys(shoe_id)]
        known = self.shoe(shoe_id) is not None
        stamp = now_utc()
        new = dup = 0
        rows = {name: [] for name in _INSERT}
        bad = []
        self.db.execute("BEGIN IMMEDIATE")
        try:
            held = {}
            kept = set()
            last_boot = 0
            ctx = None
            lo = hi = None
            covered = set()  # seqs lo..hi the merged mark may pass (_advance)
            if batch:
                lo = min(map(_first, batch))
                hi = max(map(_first, batch))
                held = dict(self.db.execute("SELECT seq, raw FROM records WHERE shoe_id=? AND "
                                            "journal_id=? AND seq BETWEEN ? AND ?",
                                            (shoe_id, journal_id, lo, hi)))
                for s, r, impossible in self.db.execute(
                        "SELECT seq, raw, " + _IS_IMPOSSIBLE + " FROM quarantine WHERE "
                        "shoe_id=? AND journal_id=? AND seq BETWEEN ? AND ?",
                        (shoe_id, journal_id, lo, hi)):
                    kept.add((s, bytes(r)))
                    if impossible:
                        covered.add(s)
                last_boot = self._boot_before(shoe_id, journal_id, lo)
                ctx = ingest_checks.Context(shoe_id, ingest_checks.sessions_in_force(
                    self.db, shoe_id, journal_id, lo, hi))
            # A clean DEAL signed under the shoe's current key, new at its place (nearly every
            # record) is read, checked and made rows from its fixed part, without the dict;
            # when any of that does not hold, the record goes the whole way below, which
            # decides it as before (test_store holds the two ways to the same rows).
            tag = tags[0] if tags else None
            head = _DEAL_HEAD.unpack_from
            hs = _DEAL_HEAD.size
            tag_bytes = records.TAG
            deal = records.DEAL
            clean = ingest_checks.clean_deal
            deal_rows = rows["deals"]
            record_rows = rows["records"]
            for pos, raw in batch:
                raw = bytes(raw)
                e = len(raw) - tag_bytes
                if (e > hs and raw[0] == deal and pos < end and tag is not None
                        and pos not in held and raw[hs] + hs + 1 == e):
                    h = head(raw)
                    hp = raw[hs + 1:e]
                    if h[1] == pos and h[2] >= last_boot and clean(h, hp, ctx) and tag.ok(raw):
                        held[pos] = raw
                        last_boot = h[2]
                        record_rows.append((shoe_id, journal_id, pos, deal, last_boot, h[3], raw,
                                            stamp, sync_id))
                        deal_rows.append((shoe_id, journal_id, pos, *h[4:12], hp, ""))
                        new += 1
                        continue
                f = None
                if pos >= end:
                    reason = ("past the end: seq %d, the shoe announced records below %d"
                              % (pos, end))
                else:
                    reason, f = _reject_reason(shoe_id, tags, pos, raw, last_boot, held)
                if reason == "duplicate":
                    dup += 1
                    continue
                if reason is None:  # signed, but can its content happen? (ingest_checks.py)
                    why = ingest_checks.semantic_reason(f, ctx)
                    if why is not None:
                        reason = IMPOSSIBLE + why
                if reason is not None:
                    if (pos, raw) in kept:
                        dup += 1  # quarantined before: the shoe (or the line) sent it again
                        continue
                    kept.add((pos, raw))
                    bad.append((shoe_id, journal_id, pos, reason, raw, stamp, sync_id))
                    if f is not None:  # signed and decoded: the reason is IMPOSSIBLE's
                        covered.add(pos)
                    continue
                held[pos] = raw
                last_boot = f["boot"]
                _rows(rows, shoe_id, journal_id, pos, raw, f, stamp, sync_id)
                new += 1
            self._write(rows)
            if bad and self.db.executemany(
                    "INSERT OR IGNORE INTO quarantine (shoe_id, journal_id, seq, reason, raw, "
                    "received_at, sync_id) VALUES (?,?,?,?,?,?,?)", bad).rowcount != len(bad):
                lo = None  # one ignored (held under another journal): _advance asks the DB
            if lo is not None:  # every seq lo..hi held (the usual batch), or those held
                covered = range(lo, hi + 1) if len(held) > hi - lo else covered.union(held)
            mark = self._advance(shoe_id, journal_id, lo, hi, covered)
            if known and mark is not None:
                self.db.execute("UPDATE journals SET last_sync=? WHERE shoe_id=? AND "
                                "journal_id=?", (stamp, shoe_id, journal_id))
                self.db.execute("UPDATE shoes SET next_seq=?, last_sync=? WHERE shoe_id=?",
                                (mark, stamp, shoe_id))
            self.db.execute("UPDATE sync_log SET to_seq=MAX(to_seq, ?), new=new+?, "
                            "duplicates=duplicates+?, rejected=rejected+? WHERE sync_id=?",
                            (mark if mark is not None else 0, new, dup, len(bad), sync_id))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return new, dup, len(bad)

    def _tag(self, key, shoe_id, journal_id):
        """The _Tag of a key for a journal, its pads hashed once for this Store."""
        k = (key, shoe_id, journal_id)
        t = self._tags.get(k)
        if t is None:
            t = self._tags[k] = _Tag(key, shoe_id, journal_id)
        return t

    def _write(self, rows):
        for name, sql in _INSERT.items():  # records first: the others refer to it
            if rows[name]:
                self.db.executemany(sql, rows[name])

    def _boot_before(self, shoe_id, journal_id, seq):
        row = self.db.execute("SELECT boot FROM records WHERE shoe_id=? AND journal_id=? AND "
                              "seq<? ORDER BY seq DESC LIMIT 1",
                              (shoe_id, journal_id, seq)).fetchone()
        return row[0] if row else 0

    # --- reading back ----------------------------------------------------------------------

    def journal(self, shoe_id, journal_id=None):
        """[(seq, raw)] of the records stored for a shoe's journal, in seq order (journal_id
        None: every journal's, oldest journal first)."""
        if journal_id is not None:
            return [(s, bytes(r)) for s, r in self.db.execute(
                "SELECT seq, raw FROM records WHERE shoe_id=? AND journal_id=? ORDER BY seq",
                (shoe_id, journal_id))]
        return [(s, bytes(r)) for s, r in self.db.execute(
            "SELECT r.seq, r.raw FROM records r LEFT JOIN journals j ON j.shoe_id=r.shoe_id "
            "AND j.journal_id=r.journal_id WHERE r.shoe_id=? ORDER BY j.rowid IS NULL, j.rowid, "
            "r.journal_id, r.seq", (shoe_id,))]

    def journals(self, shoe_id):
        """[journal_id] the club has seen for a shoe (first seen first), then any it holds
        records of without having seen it in a proven INFO."""
        seen = [j for (j,) in self.db.execute(
            "SELECT journal_id FROM journals WHERE shoe_id=? ORDER BY rowid", (shoe_id,))]
        return seen + [j for (j,) in self.db.execute(
            "SELECT DISTINCT journal_id FROM records WHERE shoe_id=? ORDER BY journal_id",
            (shoe_id,)) if j not in seen]

    def quarantined(self, shoe_id=None):
        """[(shoe_id, seq, reason)] in arrival order."""
        q = "SELECT shoe_id, seq, reason FROM quarantine"
        args = ()
        if shoe_id is not None:
            q += " WHERE shoe_id=?"
            args = (shoe_id,)
        return list(self.db.execute(q + " ORDER BY id", args))

    def quarantine_rows(self, shoe_id=None):
        """Every quarantined record as a dict (id, shoe_id, journal_id, seq, reason,
        received_at, sync_id, type), in arrival order."""
        q = ("SELECT id, shoe_id, journal_id, seq, reason, received_at, sync_id, raw FROM "
             "quarantine")
        args = ()
        if shoe_id is not None:
            q += " WHERE shoe_id=?"
            args = (shoe_id,)
        out = []
        for row in self.db.execute(q + " ORDER BY id", args).fetchall():
            d = dict(zip(("id", "shoe_id", "journal_id", "seq", "reason", "received_at",
                          "sync_id"), row[:7]))
            raw = bytes(row[7])
            d["type"] = records.TYPE_NAMES[raw[0]] if raw and raw[0] < len(records.TYPE_NAMES) \
                else None  # (indexed by the type; None at 0)
            out.append(d)
        return out

    def reverify_quarantine(self, shoe_id=None):
        """Check again the records quarantined because their shoe was unknown or their tag
        did not verify, against every key the shoe has held since (`shoe_keys`): one that now
        verifies, sits at its own seq, holds no other record's place and does not run the
        boot counter backwards is merged (as commit_batch merges) and leaves quarantine.
        Returns (merged, still quarantined) counts over the rows looked at."""
        merged = kept = 0
        stamp = now_utc()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            rows = self.db.execute(
                "SELECT id, shoe_id, journal_id, seq, raw, sync_id FROM quarantine WHERE "
                "(reason LIKE 'unknown shoe%' OR reason LIKE 'bad signature%')" +
                (" AND shoe_id=?" if shoe_id is not None else "") +
                " ORDER BY shoe_id, journal_id, seq, id",
                (shoe_id,) if shoe_id is not None else ()).fetchall()
            touched = set()
            for qid, shoe, jid, seq, raw, sync_id in rows:
                raw = bytes(raw)
                keys = self.keys(shoe)
                held = dict(self.db.execute(
                    "SELECT seq, raw FROM records WHERE shoe_id=? AND journal_id=? AND seq=?",
                    (shoe, jid, seq)).fetchall())
                tags = [_Tag(k, shoe, jid) for k in keys]
                reason, f = _reject_reason(shoe, tags, seq, raw,
                                           self._boot_before(shoe, jid, seq), held)
                if reason is None:  # signed: can its content happen? (as commit_batch asks)
                    why = ingest_checks.semantic_reason(f, ingest_checks.Context(
                        shoe, ingest_checks.sessions_in_force(self.db, shoe, jid, seq, seq)))
                    if why is not None:
                        reason = IMPOSSIBLE + why
                        touched.add((shoe, jid))  # held by the club now: the mark may move
                if reason == "duplicate":
                    self.db.execute("DELETE FROM quarantine WHERE id=?", (qid,))
                    continue
                if reason is not None:
                    self.db.execute("UPDATE quarantine SET reason=? WHERE id=?", (reason, qid))
                    kept += 1
                    continue
                rows_ = {name: [] for name in _INSERT}
                _rows(rows_, shoe, jid, seq, raw, f, stamp, sync_id)
                self._write(rows_)
                self.db.execute("DELETE FROM quarantine WHERE id=?", (qid,))
                touched.add((shoe, jid))
                merged += 1
            for shoe, jid in touched:
                self._advance(shoe, jid)
            self.db.execute("COMMIT")
        except BaseException:
            self.rollback()
            raise
        return merged, kept

    # --- the roster ------------------------------------------------------------------------

    def set_players(self, session_id, pairs):
        """Names for pairs of a session: {pair number (movement.py, 1..2 * tables): names};
        replaces those named, in one transaction."""
        stamp = now_utc()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.executemany(
                "INSERT INTO players (session_id, pair, names, set_at) VALUES (?,?,?,?) "
                "ON CONFLICT(session_id, pair) DO UPDATE SET names=excluded.names, "
                "set_at=excluded.set_at",
                [(session_id, p, n, stamp) for p, n in pairs.items()])
            self.db.execute("COMMIT")
        except BaseException:
            self.rollback()
            raise

    def players(self, session_id):
        """{pair number: names} of a session's roster."""
        return dict(self.db.execute("SELECT pair, names FROM players WHERE session_id=?",
                                    (session_id,)).fetchall())

    # --- the director's adjustments at the PC ------------------------------------------------

    ADJUST_KINDS = ("average", "void", "correct", "artificial", "withdraw")

    def add_adjustment(self, session_id, board, table, kind, made_by, reason, tricks_ns=None,
                       score_ns=None, score_ew=None, withdraws=None):
        """Append one adjustment (never edits one: a withdrawal is a new row naming the one
        it cancels); returns its id."""
        cur = self.db.execute(
            "INSERT INTO adjustments (session_id, board, table_no, kind, tricks_ns, score_ns, "
            "score_ew, withdraws, made_by, reason, made_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (session_id, board, table, kind, tricks_ns, score_ns, score_ew, withdraws, made_by,
             reason, now_utc()))
        return cur.lastrowid

    def adjustments(self, session_id):
        """The session's adjustments in the order made, as dicts."""
        cols = ("id", "session_id", "board", "table", "kind", "tricks_ns", "score_ns",
                "score_ew", "withdraws", "by", "reason", "made_at")
        return [dict(zip(cols, r)) for r in self.db.execute(
            "SELECT id, session_id, board, table_no, kind, tricks_ns, score_ns, score_ew, "
            "withdraws, made_by, reason, made_at FROM adjustments WHERE session_id=? "
            "ORDER BY id", (session_id,)).fetchall()]


_INSERT = {
    "records": "INSERT INTO records (shoe_id, journal_id, seq, type, boot, ticks, raw, "
               "synced_at, sync_id) VALUES (?,?,?,?,?,?,?,?,?)",
    "deals": "INSERT INTO deals (shoe_id, journal_id, seq, board, table_no, game, variant, "
             "dealer, mode, trump, flags, handprint, findings) "
             "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
    "results": "INSERT INTO results (shoe_id, journal_id, seq, board, table_no, game, "
               "tricks_ns, tricks_ew, points_ns, points_ew, " + ", ".join(records.SCORE_FIELDS)
               + ") VALUES (?,?,?,?,?,?,?,?,?,?" + ",?" * len(records.SCORE_FIELDS) + ")",
    "events": "INSERT INTO events (shoe_id, journal_id, seq, code, name, board, a, b, data) "
              "VALUES (?,?,?,?,?,?,?,?,?)",
    "checks": "INSERT INTO checks (shoe_id, journal_id, seq, board, table_no, slip, findings, "
              "rulings) VALUES (?,?,?,?,?,?,?,?)",
    "shoe_sessions": "INSERT INTO shoe_sessions (shoe_id, journal_id, seq, setup_id, game, "
                     "variant, table_no, tables, first_board, last_board, movement, fw) "
                     "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
}


def _codes(codes):
    return ",".join([str(c) for c in codes])


def _rows(rows, shoe_id, journal_id, seq, raw, f, stamp, sync_id):
    """Append the rows one decoded record makes (records + its type's table)."""
    t = f["type"]
    k = (shoe_id, journal_id, seq)
    rows["records"].append(k + (t, f["boot"], f["ticks"], raw, stamp, sync_id))
    if t == records.DEAL:
        rows["deals"].append(k + ( f["board"], f["table"], f["game"], f["variant"],
                              f["dealer"], f["mode"], f["trump"], f["flags"],
                              bytes(f["handprint"]), _codes(f["findings"])))
    elif t == records.SCORE:
        rows["results"].append(k + (f["board"], f["table"], f["game"],
                                f["tricks_ns"], f["tricks_ew"], f["points_ns"], f["points_ew"])
                               + tuple([None if f[c] < 0 else f[c]  # -1: no such field
                                        for c in records.SCORE_FIELDS]))
    elif t == records.EVENT:
        rows["events"].append(k + (f["code"], event_name(f["code"], f["event_name"]),
                               f["board"], f["a"],
                               f["b"], bytes(f["data"])))
    elif t == records.CHECK:
        rows["checks"].append(k + (f["board"], f["table"], f["slip"],
                               _codes(f["findings"]), _codes(f["rulings"])))
    elif t == records.SESSION:
        rows["shoe_sessions"].append(k + (f["session_id"], f["game"], f["variant"],
                                      f["table"], f["tables"], f["first_board"],
                                      f["last_board"], f["movement"], "%d.%d.%d" % f["fw"]))


_TAG_BYTES = records.TAG
_HEADER_BYTES = records.HEADER
_compare_digest = _hmac.compare_digest
_first = operator.itemgetter(0)


class _Tag:
    """The record tag under one shoe's key: HMAC-SHA256(key, shoe_id u32 LE + journal_id u32 LE
    + header + body), first 16 bytes (records.sign). The key's inner and outer pads are hashed
    once, here; each record then costs two copies of those states and its own bytes (the club
    PC checks every record of every shoe: the C HMAC set the key up again for each one, at
    three times the cost)."""

    def __init__(self, key, shoe_id, journal_id=0):
        ipad, opad = mac.pads(bytes(key))
        self.inner = hashlib.sha256(ipad)
        self.inner.update(struct.pack("<II", shoe_id, journal_id))
        self.outer = hashlib.sha256(opad)

    def ok(self, raw):
        n = len(raw) - _TAG_BYTES
        if n < _HEADER_BYTES:
            return False
        inner = self.inner.copy()
        inner.update(raw[:n])
        outer = self.outer.copy()
        outer.update(inner.digest())
        return _compare_digest(outer.digest()[:_TAG_BYTES], raw[n:])


_DEAL_HEAD = ingest_checks.DEAL_HEAD  # a DEAL's fixed part, one struct read
_DEAL_NAME = records.TYPE_NAMES[records.DEAL]
# The start of a quarantine reason for a record the shoe signed whose content cannot happen
# (ingest_checks): the club holds it, so the merged mark moves over it (_advance).
IMPOSSIBLE = "impossible: "
# The SQL that picks them out. The pattern is written into the statement: a LIKE pattern bound
# as a parameter makes SQLite prepare the statement again at every use (~10 us each).
_IS_IMPOSSIBLE = "reason LIKE '%s%%'" % IMPOSSIBLE


def _decode(raw):
    """records.decode(raw), the same dict: a well-formed DEAL (nearly every record a club PC
    syncs) read with one struct.unpack_from instead of a call per field, anything else by
    records.decode itself (which also words every error). test_ingest_checks holds the two
    equal."""
    n = len(raw)
    if raw[0] == records.DEAL and n >= _DEAL_HEAD.size + 1 + records.TAG:
        t, seq, boot, ticks, board, table, game, variant, dealer, mode, trump, flags, nf = \
            _DEAL_HEAD.unpack_from(raw)
        i = _DEAL_HEAD.size + nf  # the handprint's length byte
        e = n - records.TAG
        if i < e and i + 1 + raw[i] == e and mode <= records.MODE_OVERPLAY:
            return {"type": t, "type_name": _DEAL_NAME, "seq": seq, "boot": boot,
                    "ticks": ticks, "tag": raw[e:], "board": board, "table": table,
                    "game": game, "variant": variant, "dealer": dealer, "mode": mode,
                    "trump": trump, "flags": flags,
                    "findings": tuple([-c for c in raw[_DEAL_HEAD.size:i]]) if nf else (),
                    "handprint": raw[i + 1:e]}
    return records.decode(raw)


def verify(raw, key, shoe_id, journal_id=0):
    """records.verify on the club PC (the same tag; tests hold the two equal)."""
    return _Tag(key, shoe_id, journal_id).ok(raw)


def verify_any(raw, keys, shoe_id, journal_id=0):
    """True when the record verifies under one of the keys the shoe held (Store.keys)."""
    for key in keys:
        if verify(raw, key, shoe_id, journal_id):
            return True
    return False


def _reject_reason(shoe_id, tags, pos, raw, last_boot, held):
    """(None, the decoded record) for a record to store; ("duplicate", None); or (why it goes
    to quarantine, None). tags: a _Tag for every key the shoe held (Store.keys), the current
    first; empty for a shoe the club does not know."""
    if not tags:
        return "unknown shoe %d: enrol it with `overplay enroll`" % shoe_id, None
    for tag in tags:
        if tag.ok(raw):
            break
    else:
        return "bad signature: the tag does not verify under shoe %d's key" % shoe_id, None
    old = held.get(pos)
    if old is not None and bytes(old) == raw:  # stored at pos before, so its seq is pos
        return "duplicate", None
    try:
        f = _decode(raw)  # once: the checks below and the rows read the dict
    except ParseError as e:
        f = None
        err = e
        seq = records.record_seq(raw)  # a signed record is at least a header and a tag
        boot = records.record_boot(raw)
    else:
        seq = f["seq"]
        boot = f["boot"]
    if seq != pos:
        return "replay: record seq %d sent at position %d" % (seq, pos), None
    if held.get(seq) is not None:
        return "replay: seq %d already holds a different record" % seq, None
    if boot < last_boot:
        return "replay: boot counter %d is below %d of an earlier record" % (boot, last_boot), \
            None
    if f is None:
        return "undecodable: %s" % err, None
    return None, f
