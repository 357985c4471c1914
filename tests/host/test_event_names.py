"""The host names the EVENT codes the firmware writes beyond records.EVENT_NAMES: play begun
(12) and task fault (13) in the DB's events table, and in the report a task fault, a slip of
another session (reader_error a=46) and the director's actions in words."""

from overplay import results
from overplay.events import event_name
from overplay.store import Store
from overplay_core import games, records

KEY = bytes([9]) * 32
SHOE = 9
JOURNAL = 0x00C0FFEE  # the shoe's journal id: its records are signed for it


def journal(st):
    buf = bytearray(records.MAX_RECORD)
    out = []

    def add(encode, *args):
        seq = len(out) + 1
        n = encode(buf, seq, 1, 10 * seq, *args)
        out.append((seq, bytes(buf[:records.sign(buf, n, KEY, SHOE, JOURNAL)])))

    setup = st.new_setup(games.DUPLICATE_WHIST, 0, 1, 2, 1, 1, 0, SHOE)
    add(records.encode_session, SHOE, (0, 2, 0), setup, 1, 0, 1, 1, 1, 2, 0)
    add(records.encode_event, 12, 1, 1, 0, None, 0)  # play begun, overplay
    add(records.encode_event, 13, 1, 1, 1, None, 0)  # reader task, MemoryError
    add(records.encode_event, records.EV_READER_ERROR, 2, 46, 2, b"\x01\x00\x00\x00", 4)
    add(records.encode_event, records.EV_DIRECTOR, 0, 1, 1, b"\x01", 1)  # a wrong PIN
    add(records.encode_event, records.EV_DIRECTOR, 2, 2, 0, None, 0)  # average board 2
    return out


def test_event_codes_12_and_13_have_names_in_the_db_and_the_report(tmp_path):
    st = Store(str(tmp_path / "c.sqlite"))
    st.enroll(SHOE, KEY, "table 1")
    recs = journal(st)
    sid = st.begin_sync(SHOE, 1)
    assert st.commit_batch(sid, SHOE, recs, len(recs) + 1, JOURNAL) == (len(recs), 0, 0)
    names = dict(st.db.execute("SELECT code, name FROM events WHERE code IN (12, 13)"))
    assert names == {12: "play_begun", 13: "task_fault"}
    st.close()
    r = results.build(str(tmp_path / "c.sqlite"))
    text = [e["text"] for e in r["events"]]
    assert [e["event"] for e in r["events"]][0] == "task_fault"  # play begun is not listed
    assert text == ["task fault: reader task, MemoryError (restarted; the app stops after 3)",
                    "tray slip of another session (a genuine slip copied from an earlier "
                    "tray)", "director: PIN entered, wrong PIN", "director: average board"]
    assert not any("event_1" in t for t in text)


def test_a_db_synced_before_the_names_still_reads_them():
    assert event_name(12, "event_12") == "play_begun"
    assert event_name(13, "event_13") == "task_fault"
    assert event_name(4, "duplicate_read") == "duplicate_read"
    assert event_name(99, "event_99") == "event_99"
