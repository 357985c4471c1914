"""Hypothesis fuzzing of the record codec and of the journal's reader: any bytes decode to a
record or raise ParseError (never another error), the non-raising check agrees with decode,
every encodable record round-trips, and a journal directory full of random bytes opens and
yields only records whose CRC and seq hold."""

import os
import shutil
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from shoe.journal import Journal
from overplay_core import records
from overplay_core.errors import ParseError

SOAK = os.environ.get("OVERPLAY_SOAK") == "1"
N = 3000 if SOAK else 300
KEY = b"fuzz key"

u8 = st.integers(0, 255)
u16 = st.integers(0, 0xFFFF)
u32 = st.integers(0, 0xFFFFFFFF)
findings = st.lists(st.integers(-255, -1), max_size=8)


@settings(max_examples=N, deadline=None)
@given(st.binary(max_size=120))
def test_decode_raises_only_parse_error_and_check_agrees(data):
    try:
        d = records.decode(data)
    except ParseError as e:
        assert "offset" in str(e)
        assert records.check(data) != records.OK
        return
    assert records.check(data) == records.OK
    assert d["seq"] == records.record_seq(data)


@settings(max_examples=N, deadline=None)
@given(u32, u16, u32, u16, u8, st.integers(0, 3), st.integers(0, 1), u8, u8, findings,
       st.binary(max_size=20), u32)
def test_deal_round_trips_and_any_flip_fails_the_tag(seq, boot, ticks, board, table, dealer,
                                                     mode, trump, flags, fs, hp, shoe):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_deal(buf, seq, boot, ticks, board, table, 1, 0, dealer, mode, trump,
                            flags, fs, len(fs), hp, len(hp))
    n = records.sign(buf, n, KEY, shoe, seq ^ 0x5A5A)
    data = bytes(buf[:n])
    d = records.decode(data)
    assert (d["seq"], d["boot"], d["ticks"], d["board"], d["table"]) == (seq, boot, ticks,
                                                                        board, table)
    assert (d["dealer"], d["mode"], d["trump"], d["flags"]) == (dealer, mode, trump, flags)
    assert d["findings"] == tuple(fs) and d["handprint"] == hp
    assert records.verify(data, KEY, shoe, seq ^ 0x5A5A)
    assert not records.verify(data, KEY, shoe, seq ^ 0x5A5B)  # another journal of the shoe
    bad = bytearray(data)
    bad[(seq + ticks) % n] ^= 1 << (boot % 8)
    assert not records.verify(bytes(bad), KEY, shoe, seq ^ 0x5A5A)


@settings(max_examples=N, deadline=None)
@given(u32, u16, u8, u16, u8, u8, st.binary(max_size=16), st.integers(0, 3), findings,
       st.lists(u16, max_size=6), st.integers(-32768, 32767), st.integers(-32768, 32767))
def test_event_check_score_round_trip(seq, boot, code, board, a, b, data, slip, fs, rul,
                                      pns, pew):
    buf = bytearray(records.MAX_RECORD)
    n = records.sign(buf, records.encode_event(buf, seq, boot, 0, code, board, a, b, data,
                                               len(data)), KEY, 1, 1)
    d = records.decode(buf[:n])
    assert (d["code"], d["board"], d["a"], d["b"], d["data"]) == (code, board, a, b, data)
    n = records.sign(buf, records.encode_check(buf, seq, boot, 0, board, a, slip, fs, len(fs),
                                               rul, len(rul)), KEY, 1, 1)
    d = records.decode(buf[:n])
    assert (d["slip"], d["findings"], d["rulings"]) == (slip, tuple(fs), tuple(rul))
    n = records.sign(buf, records.encode_score(buf, seq, boot, 0, board, a, 1, 13 - a % 14,
                                               a % 14, pns, pew), KEY, 1, 1)
    d = records.decode(buf[:n])
    assert (d["points_ns"], d["points_ew"]) == (pns, pew)


@settings(max_examples=N // 3, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 60), st.binary(max_size=400)), max_size=4),
       st.binary(max_size=40), st.binary(max_size=40))
def test_journal_opens_any_directory_and_reads_only_sound_frames(segs, s0, s1):
    d = tempfile.mkdtemp(prefix="ovj_fuzz_")
    try:
        for first, blob in segs:
            with open(os.path.join(d, "s%010d.log" % first), "wb") as f:
                f.write(blob)
        for i, blob in enumerate((s0, s1)):
            with open(os.path.join(d, "state%d" % i), "wb") as f:
                f.write(blob)
        j = Journal(d)
        got = list(j.records_from(0))
        for s, r in got:
            assert records.record_seq(r) == s and 27 <= len(r) <= 255
        assert all(s < j.next_seq for s, r in got)
        buf = bytearray(records.MAX_RECORD)
        seq = j.next_seq
        n = records.sign(buf, records.encode_event(buf, seq, j.boot, 0, 1), KEY, 1,
                         j.journal_id)
        assert j.append(buf, n) == 0 and j.commit()
        j.close()
        j = Journal(d)
        assert [s for s, r in j.records_from(seq)] == [seq]
    finally:
        shutil.rmtree(d)
