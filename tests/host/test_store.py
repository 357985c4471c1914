"""The club database: migrations, idempotent batches, quarantine with reasons."""

import os
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from overplay import ingest_checks, store
from overplay_core import handprint, records

KEY = b"k" * 32
SHOE = 7
J1, J2 = 0x1234ABCD, 0x0BADF00D   # two journals of one shoe (wiped in between)


def hands(dealer):
    """A whole deal by `dealer`: card c to seat (c + 1 + dealer) % 4, so the turned card 51
    is the dealer's (the club PC refuses a deal that cannot happen: test_ingest_checks)."""
    seats = bytearray([0xFF] * 53)
    for c in range(52):
        seats[c] = (c + 1 + dealer) % 4
    out = bytearray(13)
    handprint.pack(seats, range(52), out)
    return bytes(out)


def deal(seq, boot=1, key=KEY, shoe=SHOE, board=None, journal=0):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_deal(buf, seq, boot, 1000 + seq, board or (seq % 24) + 1, 2, 1, 0,
                            seq % 4, records.MODE_ORIGINAL, 51, 0, (-3,), 1, hands(seq % 4),
                            13)
    return bytes(buf[:records.sign(buf, n, key, shoe, journal)])


def score(seq, boot=1):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_score(buf, seq, boot, 5, 4, 2, 1, 8, 5, 2, -1 & 0xFFFF)
    return bytes(buf[:records.sign(buf, n, KEY, SHOE, 0)])


def fresh(tmp_path, journal0=True):
    st = store.Store(str(tmp_path / "club.sqlite"))
    st.enroll(SHOE, KEY)
    if journal0:
        st.open_journal(SHOE, 0, 0)  # journal 0 from seq 0, as these tests number records
    return st


def test_default_path_follows_env(monkeypatch, tmp_path):
    monkeypatch.setenv("OVERPLAY_DB", str(tmp_path / "x.sqlite"))
    assert store.default_path() == str(tmp_path / "x.sqlite")
    monkeypatch.delenv("OVERPLAY_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert store.default_path() == os.path.join(str(tmp_path), "overplay", "club.sqlite")


def test_schema_has_every_table_and_a_version(tmp_path):
    st = fresh(tmp_path)
    names = {r[0] for r in st.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    for t in ("shoes", "sessions", "boards", "tables", "deals", "events", "results", "rulings",
              "sync_log", "quarantine", "records"):
        assert t in names
    assert st.version == len(store.MIGRATIONS)
    st.close()
    assert store.Store(str(tmp_path / "club.sqlite")).version == len(store.MIGRATIONS)


def test_newer_schema_is_refused(tmp_path):
    p = str(tmp_path / "club.sqlite")
    db = sqlite3.connect(p)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(store.StoreError, match="newer"):
        store.Store(p)


def test_batch_is_idempotent_and_fields_are_queryable(tmp_path):
    st = fresh(tmp_path)
    batch = [(s, deal(s)) for s in range(5)] + [(5, score(5))]
    sid = st.begin_sync(SHOE, 0)
    assert st.commit_batch(sid, SHOE, batch, 6) == (6, 0, 0)
    assert st.commit_batch(sid, SHOE, batch, 6) == (0, 6, 0)
    assert st.journal(SHOE) == batch
    assert st.next_seq(SHOE) == 6
    row = st.db.execute("SELECT board, table_no, game, dealer, trump, handprint, findings "
                        "FROM deals WHERE seq=3").fetchone()
    assert row == (4, 2, 1, 3, 51, hands(3), "-3")
    assert st.db.execute("SELECT points_ns, points_ew, tricks_ns FROM results").fetchone() \
        == (2, -1, 8)


_FIELDS = "makers, alone, proposal, king, declarer, strain, doubles"


def _signed_score(seq, game, ns, ew, pns, pew, old=False, **fields):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_score(buf, seq, 1, 5, 4, 2, game, ns, ew, pns & 0xFFFF, pew & 0xFFFF,
                             **fields)
    if old:  # a SCORE written before the per-game fields: its 10-byte body
        n = records.HEADER + records.SCORE_OLD
    return bytes(buf[:records.sign(buf, n, KEY, SHOE, 0)])


def test_each_games_score_fields_land_in_their_columns(tmp_path):
    st = fresh(tmp_path)
    batch = [(0, _signed_score(0, 3, 0, 5, 0, 4, makers=1, alone=1)),
             (1, _signed_score(1, 4, 3, 2, 2, 1, proposal=1, king=0)),
             (2, _signed_score(2, 2, 4, 9, 0, 36, declarer=3, strain=4, doubles=1)),
             (3, _signed_score(3, 1, 8, 5, 8, 5)),
             (4, _signed_score(4, 3, 4, 1, 1, 0, old=True))]
    assert len(batch[4][1]) == 37 and len(batch[0][1]) == 44
    assert st.commit_batch(st.begin_sync(SHOE, 0), SHOE, batch, 5) == (5, 0, 0)
    got = st.db.execute("SELECT seq, game, tricks_ns, tricks_ew, points_ns, points_ew, %s "
                        "FROM results ORDER BY seq" % _FIELDS).fetchall()
    n = None
    assert got == [(0, 3, 0, 5, 0, 4, 1, 1, n, n, n, n, n),  # euchre: E-W alone, a march
                   (1, 4, 3, 2, 2, 1, n, n, 1, 0, n, n, n),  # écarté: seat 0 king and point
                   (2, 2, 4, 9, 0, 36, n, n, n, n, 3, 4, 1),  # bridge whist: W 1 NT doubled
                   (3, 1, 8, 5, 8, 5, n, n, n, n, n, n, n),  # duplicate whist: none
                   (4, 3, 4, 1, 1, 0, n, n, n, n, n, n, n)]  # an old SCORE: none


def test_migration_8_adds_the_score_fields_as_null_to_rows_before_it(tmp_path):
    from overplay import migrations
    p = str(tmp_path / "club.sqlite")
    db = sqlite3.connect(p, isolation_level=None)
    for v in migrations.MIGRATIONS[:7]:
        db.executescript(v)
    db.execute("PRAGMA user_version = 7")
    db.execute("INSERT INTO shoes (shoe_id, key, name, enrolled_at, next_seq) "
               "VALUES (7, ?, 'table 7', '2026-11-01T19:00:00Z', 1)", (KEY,))
    raw = _signed_score(0, 3, 4, 1, 1, 0, old=True)
    db.execute("INSERT INTO records VALUES (7, 0, 0, 5, 1, 5, ?, 'x', 1)", (raw,))
    db.execute("INSERT INTO results VALUES (7, 0, 0, 4, 2, 3, 4, 1, 1, 0)")
    db.close()
    st = store.Store(p)
    assert st.version == 8 == len(store.MIGRATIONS)
    assert st.db.execute("SELECT board, tricks_ns, %s FROM results" % _FIELDS).fetchall() == \
        [(4, 4) + (None,) * 7]
    assert st.db.execute("PRAGMA foreign_key_check").fetchall() == []


def test_forged_records_are_quarantined_with_reasons(tmp_path):
    st = fresh(tmp_path)
    sid = st.begin_sync(SHOE, 0)
    st.commit_batch(sid, SHOE, [(0, deal(0, boot=3)), (1, deal(1, boot=3))], 2)
    batch = [(2, deal(2, key=b"x" * 32)),      # bad signature
             (3, deal(0, boot=3)),              # an old record replayed at a new position
             (4, deal(4, boot=2)),              # boot counter running backwards
             (5, deal(5, boot=3))]
    assert st.commit_batch(sid, SHOE, batch, 6) == (1, 0, 3)
    reasons = [r[2] for r in st.quarantined(SHOE)]
    assert reasons[0].startswith("bad signature")
    assert reasons[1].startswith("replay: record seq 0")
    assert reasons[2].startswith("replay: boot counter")
    # a different record at a seq already stored is a replay, never merged
    assert st.commit_batch(sid, SHOE, [(1, deal(1, boot=3, board=20))], 6) == (0, 0, 1)
    assert st.quarantined(SHOE)[-1][2].startswith("replay: seq 1 already")
    assert [s for s, _ in st.journal(SHOE)] == [0, 1, 5]


def test_unknown_shoe_is_quarantined(tmp_path):
    st = fresh(tmp_path)
    sid = st.begin_sync(99, 0)
    assert st.commit_batch(sid, 99, [(0, deal(0, shoe=99))], 1) == (0, 0, 1)
    assert "unknown shoe 99" in st.quarantined()[0][2]
    assert st.journal(99) == []


def test_failed_batch_leaves_nothing_behind(tmp_path, monkeypatch):
    st = fresh(tmp_path)
    sid = st.begin_sync(SHOE, 0)
    real = st._write

    def boom(rows):
        real(rows)  # the rows are written, then the disk fills before the commit
        raise sqlite3.OperationalError("disk full")
    monkeypatch.setattr(st, "_write", boom)
    with pytest.raises(sqlite3.OperationalError):
        st.commit_batch(sid, SHOE, [(s, deal(s)) for s in range(5)], 5)
    assert st.journal(SHOE) == [] and st.next_seq(SHOE) == 0
    assert st.db.execute("SELECT COUNT(*) FROM deals").fetchone()[0] == 0
    monkeypatch.setattr(st, "_write", real)
    assert st.commit_batch(sid, SHOE, [(s, deal(s)) for s in range(5)], 5) == (5, 0, 0)


def test_duplicate_inside_one_batch_is_counted_once(tmp_path):
    st = fresh(tmp_path)
    sid = st.begin_sync(SHOE, 0)
    assert st.commit_batch(sid, SHOE, [(0, deal(0)), (1, deal(1)), (1, deal(1))], 2) == (2, 1, 0)


def test_host_verify_matches_the_shared_codec():
    good = deal(3, journal=J1)
    assert store.verify(good, KEY, SHOE, J1) and records.verify(good, KEY, SHOE, J1)
    for bad in (good[:-1] + bytes([good[-1] ^ 1]), good[:20]):
        assert store.verify(bad, KEY, SHOE, J1) == records.verify(bad, KEY, SHOE, J1)
    assert not store.verify(good, KEY, SHOE + 1, J1)
    assert not store.verify(good, KEY, SHOE, J2)  # the tag binds the journal


def test_a_rejected_record_advances_nothing(tmp_path):
    # The bug of round one: a batch whose every record was rejected still moved the shoe's
    # next_seq, and the DONE that followed let the genuine shoe erase records the club never
    # held. Now only records merged contiguously move the journal's mark.
    st = fresh(tmp_path)
    st.open_journal(SHOE, J1, 1)
    sid = st.begin_sync(SHOE, 1, "", J1)
    forged = [(s, deal(s, key=b"x" * 32, journal=J1)) for s in range(1, 6)]
    assert st.commit_batch(sid, SHOE, forged, 6, J1) == (0, 0, 5)
    assert st.next_seq(SHOE, J1) == 1 and st.next_seq(SHOE) == 1
    # the genuine 1, 2 and 4 arrive: the mark stops before the missing 3
    assert st.commit_batch(sid, SHOE, [(s, deal(s, journal=J1)) for s in (1, 2, 4)], 6,
                           J1) == (3, 0, 0)
    assert st.next_seq(SHOE, J1) == 3 and st.next_seq(SHOE) == 3
    assert st.commit_batch(sid, SHOE, [(3, deal(3, journal=J1))], 6, J1) == (1, 0, 0)
    assert st.next_seq(SHOE, J1) == 5  # 3 fills the hole: the mark walks over 4
    # the forged copies sent again are known: duplicates, not a second quarantine row
    assert st.commit_batch(sid, SHOE, forged[:2], 6, J1) == (0, 2, 0)
    rows = st.db.execute("SELECT journal_id, seq FROM quarantine ORDER BY id").fetchall()
    assert rows == [(J1, s) for s in range(1, 6)]


def test_records_at_or_past_the_announced_end_are_refused(tmp_path):
    st = fresh(tmp_path)
    st.open_journal(SHOE, J1, 1)
    sid = st.begin_sync(SHOE, 1, "", J1)
    batch = [(1, deal(1, journal=J1)), (2, deal(2, journal=J1)),
             (0xFFFFFF00, deal(0xFFFFFF00, key=b"x" * 32, journal=J1))]
    assert st.commit_batch(sid, SHOE, batch, 2, J1) == (1, 0, 2)
    assert st.journal(SHOE, J1) == batch[:1] and st.next_seq(SHOE, J1) == 2
    reasons = [r for _, _, r in st.quarantined(SHOE)]
    assert reasons == ["past the end: seq 2, the shoe announced records below 2",
                       "past the end: seq 4294967040, the shoe announced records below 2"]


def test_two_journals_of_one_shoe_never_mix(tmp_path):
    st = fresh(tmp_path, journal0=False)
    for j in (J1, J2):
        st.open_journal(SHOE, j, 1)
        sid = st.begin_sync(SHOE, 1, "", j)
        batch = [(s, deal(s, journal=j, board=j % 20 + s)) for s in (1, 2, 3)]
        assert st.commit_batch(sid, SHOE, batch, 4, j) == (3, 0, 0)
        assert st.journal(SHOE, j) == batch and st.next_seq(SHOE, j) == 4
    assert len(st.journal(SHOE)) == 6 and st.journals(SHOE) == [J1, J2]
    # a record of one journal sent as the other's fails its tag: it is quarantined
    sid = st.begin_sync(SHOE, 4, "", J2)
    assert st.commit_batch(sid, SHOE, [(4, deal(4, journal=J1))], 5, J2) == (0, 0, 1)
    assert st.db.execute("SELECT COUNT(*) FROM deals").fetchone()[0] == 6


def test_key_history_keeps_records_signed_before_a_re_key_verifiable(tmp_path):
    st = fresh(tmp_path)
    new = b"n" * 32
    st.enroll(SHOE, new, "table 7")
    assert st.keys(SHOE) == [new, KEY] and st.shoe(SHOE)[1] == new
    rows = st.db.execute("SELECT key, from_at IS NOT NULL, to_at IS NOT NULL FROM shoe_keys "
                         "WHERE shoe_id=? ORDER BY id", (SHOE,)).fetchall()
    assert rows == [(KEY, 1, 1), (new, 1, 0)]
    st.open_journal(SHOE, J1, 1)
    sid = st.begin_sync(SHOE, 1, "", J1)
    batch = [(1, deal(1, journal=J1)), (2, deal(2, key=new, journal=J1))]
    assert st.commit_batch(sid, SHOE, batch, 3, J1) == (2, 0, 0)
    # a key offered in an ENROLL that was never acknowledged is no key the shoe held
    st.offer_key(SHOE, b"o" * 32)
    assert st.keys(SHOE) == [new, KEY] and st.offered_keys(SHOE) == [b"o" * 32]
    assert st.new_shoe_id() == SHOE + 1
    st.enroll(SHOE, b"o" * 32)  # the shoe proved it holds it: now its key
    assert st.keys(SHOE)[0] == b"o" * 32 and st.offered_keys(SHOE) == []


def test_migration_to_schema_4_keeps_every_row_under_journal_0(tmp_path):
    from overplay import migrations
    p = str(tmp_path / "club.sqlite")
    db = sqlite3.connect(p, isolation_level=None)
    for v in migrations.MIGRATIONS[:3]:
        for stmt in v.split(";"):
            if stmt.strip():
                db.execute(stmt)
    db.execute("PRAGMA user_version = 3")
    db.execute("INSERT INTO shoes (shoe_id, key, name, enrolled_at, next_seq) "
               "VALUES (7, ?, 'table 7', '2026-11-01T19:00:00Z', 3)", (KEY,))
    old = [deal(1), deal(2)]
    for s, raw in enumerate(old, 1):
        db.execute("INSERT INTO records VALUES (7, ?, 1, 1, 1000, ?, 'x', 1)", (s, raw))
        db.execute("INSERT INTO deals VALUES (7, ?, ?, 2, 1, 0, 0, 0, 51, 1, x'00', '-3')",
                   (s, s))
    db.execute("INSERT INTO rulings (shoe_id, seq, finding, ruling) VALUES (7, 2, -3, 4)")
    db.execute("INSERT INTO quarantine (shoe_id, seq, reason, raw, received_at) "
               "VALUES (7, 9, 'bad signature', x'01', 'x')")
    db.close()
    st = store.Store(p)
    assert st.version == len(store.MIGRATIONS) >= 4
    assert st.journal(SHOE, 0) == [(1, old[0]), (2, old[1])]
    assert st.db.execute("SELECT journal_id, seq, board FROM deals").fetchall() == \
        [(0, 1, 1), (0, 2, 2)]
    assert st.db.execute("SELECT journal_id, seq, ruling FROM rulings").fetchall() == \
        [(0, 2, 4)]
    assert st.db.execute("SELECT journal_id, seq FROM quarantine").fetchall() == [(0, 9)]
    assert st.journal_state(SHOE, 0)["merged"] == 3 and st.keys(SHOE) == [KEY]
    assert st.db.execute("PRAGMA foreign_key_check").fetchall() == []
    # the same (shoe, seq) in a new journal is another record, not a clash
    st.open_journal(SHOE, J1, 1)
    sid = st.begin_sync(SHOE, 1, "", J1)
    assert st.commit_batch(sid, SHOE, [(1, deal(1, journal=J1))], 2, J1) == (1, 0, 0)


# --- the clean-DEAL shortcut and the batch's merged mark: the same as the whole way ----------

KEY2 = b"m" * 32  # the shoe's key after a re-key


def clean(seq, boot=1, key=KEY, journal=J1, board=None):
    """A clean DEAL (no finding, complete, the turned card 51 with the dealer): the shortcut's
    record, nearly every record a club syncs."""
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_deal(buf, seq, boot, 1000 + seq, (seq % 24) + 1 if board is None
                            else board, 2, 1, 0, seq % 4, records.MODE_ORIGINAL, 51,
                            records.FLAG_COMPLETE, (), 0, hands(seq % 4), 13)
    return bytes(buf[:records.sign(buf, n, key, SHOE, journal)])


RECORD = st_.tuples(
    st_.integers(1, 9),  # the position it is sent at
    st_.sampled_from(("clean", "clean", "clean", "other seq", "finding", "board 0", "boot 0",
                      "board 7", "key2", "forged", "score")),
    st_.integers(1, 3))  # boot
BATCH = st_.tuples(st_.lists(RECORD, min_size=1, max_size=8),
                   st_.integers(3, 11),  # the end the shoe announced
                   st_.sampled_from((J1, J1, J1, J2)),  # J2: a record of J1 sent as J2's
                   st_.booleans())  # re-keyed before the batch


def _raw(pos, kind, boot):
    if kind == "other seq":
        return clean(pos % 9 + 1, boot)
    if kind == "finding":
        return deal(pos, boot, journal=J1)
    if kind == "score":
        buf = bytearray(records.MAX_RECORD)
        n = records.encode_score(buf, pos, boot, 5, 4, 2, 1, 8, 5, 2, -1 & 0xFFFF)
        return bytes(buf[:records.sign(buf, n, KEY, SHOE, J1)])
    return clean(pos, {"boot 0": 0}.get(kind, boot),
                 {"key2": KEY2, "forged": b"x" * 32}.get(kind, KEY), J1,
                 {"board 0": 0, "board 7": 7}.get(kind))


def _state(st):
    q = st.db.execute
    return (q("SELECT shoe_id, journal_id, seq, type, boot, ticks, raw, sync_id FROM records "
              "ORDER BY journal_id, seq").fetchall(),
            q("SELECT * FROM deals ORDER BY journal_id, seq").fetchall(),
            q("SELECT * FROM results ORDER BY journal_id, seq").fetchall(),
            q("SELECT id, shoe_id, journal_id, seq, reason, raw, sync_id FROM quarantine "
              "ORDER BY id").fetchall(),
            q("SELECT shoe_id, journal_id, first_seq, merged FROM journals").fetchall(),
            q("SELECT shoe_id, next_seq FROM shoes").fetchall(),
            q("SELECT sync_id, to_seq, new, duplicates, rejected FROM sync_log").fetchall())


@settings(max_examples=150, deadline=None)
@given(st_.lists(BATCH, min_size=1, max_size=4), st_.sampled_from((1, 2, 4)))
def test_the_shortcuts_store_what_the_whole_way_stores(batches, first):
    """Any batches of clean deals among records that are not (with findings, impossible,
    forged, replayed, past the end, signed under the key before a re-key, sent under the other
    journal) go into two stores: one as commit_batch does it, one with the clean-DEAL shortcut
    off and the merged mark walked in the DB. Every row, count and mark is the same."""
    def whole_way(self, shoe_id, journal_id, lo=None, hi=None, covered=()):
        return advance(self, shoe_id, journal_id)
    advance = store.Store._advance
    got = []
    for shortcut in (True, False):
        with pytest.MonkeyPatch.context() as mp:
            if not shortcut:
                mp.setattr(ingest_checks, "clean_deal", lambda h, hp, ctx: False)
                mp.setattr(store.Store, "_advance", whole_way)
            st = store.Store(":memory:")
            st.enroll(SHOE, KEY)
            st.open_journal(SHOE, J1, first)
            st.open_journal(SHOE, J2, 1)
            counts = []
            for recs, end, journal, rekey in batches:
                if rekey:
                    st.enroll(SHOE, KEY2)
                sid = st.begin_sync(SHOE, first, "", journal)
                counts.append(st.commit_batch(sid, SHOE, [(p, _raw(p, k, b)) for p, k, b in recs],
                                              end, journal))
            got.append((counts, _state(st)))
            st.close()
    assert got[0] == got[1]


def test_a_batch_moves_the_mark_over_what_it_holds_and_what_lies_above_it(tmp_path):
    st = fresh(tmp_path, journal0=False)
    st.open_journal(SHOE, J1, 1)
    sid = st.begin_sync(SHOE, 1, "", J1)
    # 5 and 6 held first, out of order; 2 impossible (board 0): held in quarantine
    assert st.commit_batch(sid, SHOE, [(5, clean(5)), (6, clean(6))], 7, J1) == (2, 0, 0)
    assert st.commit_batch(sid, SHOE, [(1, clean(1)), (2, clean(2, board=0))], 7, J1) == \
        (1, 0, 1)
    assert st.next_seq(SHOE, J1) == 3
    # 3 and 4 arrive: the mark passes them, then 5 and 6 stored before
    assert st.commit_batch(sid, SHOE, [(3, clean(3)), (4, clean(4))], 7, J1) == (2, 0, 0)
    assert st.next_seq(SHOE, J1) == 7 and st.next_seq(SHOE) == 7
    assert [s for s, _ in st.journal(SHOE, J1)] == [1, 3, 4, 5, 6]


def test_the_same_bytes_quarantined_under_two_journals_are_two_rows(tmp_path):
    # quarantine keeps one row per (shoe, journal, seq, bytes) (schema 6): the same bytes sent
    # first as J2's (a bad signature there) do not keep J1's impossible record from its own
    # row under J1, so J1's mark passes it, as for any impossible record the club holds
    st = fresh(tmp_path, journal0=False)
    st.open_journal(SHOE, J1, 1)
    st.open_journal(SHOE, J2, 1)
    impossible = clean(2, board=0)
    sid = st.begin_sync(SHOE, 1, "", J2)
    assert st.commit_batch(sid, SHOE, [(2, impossible)], 3, J2) == (0, 0, 1)
    sid = st.begin_sync(SHOE, 1, "", J1)
    assert st.commit_batch(sid, SHOE, [(1, clean(1)), (2, impossible), (3, clean(3))], 4,
                           J1) == (2, 0, 1)
    assert st.next_seq(SHOE, J1) == 4
    rows = st.db.execute("SELECT journal_id, reason FROM quarantine ORDER BY id").fetchall()
    assert rows[0] == (J2, "bad signature: the tag does not verify under shoe 7's key")
    assert rows[1][0] == J1 and rows[1][1].startswith("impossible: ") and len(rows) == 2


def test_setups_pending_then_pushed(tmp_path):
    st = fresh(tmp_path)
    a = st.new_setup(1, 0, 1, 24, 3, 6, 1)
    assert st.pending_setup(SHOE)["setup_id"] == a
    assert st.db.execute("SELECT COUNT(*) FROM boards WHERE setup_id=?", (a,)).fetchone()[0] == 24
    st.mark_pushed(a, SHOE)
    assert st.pending_setup(SHOE) is None
