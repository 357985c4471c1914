"""The club database: migrations, idempotent batches, quarantine with reasons."""

import os
import sqlite3

import pytest

from overplay import store
from overplay_core import handprint, records

KEY = b"k" * 32
SHOE = 7


def hands(dealer):
    """A whole deal by `dealer`: card c to seat (c + 1 + dealer) % 4, so the turned card 51
    is the dealer's (the club PC refuses a deal that cannot happen: test_ingest_checks)."""
    seats = bytearray([0xFF] * 53)
    for c in range(52):
        seats[c] = (c + 1 + dealer) % 4
    out = bytearray(13)
    handprint.pack(seats, range(52), out)
    return bytes(out)


def deal(seq, boot=1, key=KEY, shoe=SHOE, board=None):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_deal(buf, seq, boot, 1000 + seq, board or (seq % 24) + 1, 2, 1, 0,
                            seq % 4, records.MODE_ORIGINAL, 51, 0, (-3,), 1, hands(seq % 4),
                            13)
    return bytes(buf[:records.sign(buf, n, key, shoe)])


def score(seq, boot=1):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_score(buf, seq, boot, 5, 4, 2, 1, 8, 5, 2, -1 & 0xFFFF)
    return bytes(buf[:records.sign(buf, n, KEY, SHOE)])


def fresh(tmp_path):
    st = store.Store(str(tmp_path / "club.sqlite"))
    st.enroll(SHOE, KEY)
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
    good = deal(3)
    assert store.verify(good, KEY, SHOE) and records.verify(good, KEY, SHOE)
    for bad in (good[:-1] + bytes([good[-1] ^ 1]), good[:20]):
        assert store.verify(bad, KEY, SHOE) == records.verify(bad, KEY, SHOE)
    assert not store.verify(good, KEY, SHOE + 1)


def test_setups_pending_then_pushed(tmp_path):
    st = fresh(tmp_path)
    a = st.new_setup(1, 0, 1, 24, 3, 6, 1)
    assert st.pending_setup(SHOE)["setup_id"] == a
    assert st.db.execute("SELECT COUNT(*) FROM boards WHERE setup_id=?", (a,)).fetchone()[0] == 24
    st.mark_pushed(a, SHOE)
    assert st.pending_setup(SHOE) is None
