"""Signed record codec: round trips, tags, sizes, and errors that name the offset (both
interpreters)."""

from testkit import skip
from overplay_core import records
from overplay_core.errors import ParseError
from overplay_core.mac import hmac_sha256

KEY = b"club key 0123456789"
SHOE = 0x01020304
JOURNAL = 0x0A0B0C0D  # the journal id (journal.Journal.journal_id) the shoe signs with
HP = bytes(range(13))  # a 13-byte handprint of a 52-card deal (opaque here)


def _deal(buf, seq=5, findings=(), board=7, trump=51, mode=records.MODE_ORIGINAL):
    n = records.encode_deal(buf, seq, 2, 123456, board, 1, 1, 0, 3, mode, trump,
                            records.FLAG_COMPLETE, findings, len(findings), HP, len(HP))
    return records.sign(buf, n, KEY, SHOE, JOURNAL)


def _raises(fn, *args):
    try:
        fn(*args)
    except ParseError as e:
        return str(e)
    raise AssertionError("no ParseError")


def test_deal_round_trip_and_size():
    buf = bytearray(records.MAX_RECORD)
    n = _deal(buf, findings=(-1, -6))
    data = bytes(buf[:n])
    d = records.decode(data)
    assert d["type"] == records.DEAL and d["type_name"] == "deal"
    assert (d["seq"], d["boot"], d["ticks"]) == (5, 2, 123456)
    assert (d["board"], d["table"], d["game"], d["variant"], d["dealer"]) == (7, 1, 1, 0, 3)
    assert d["mode"] == records.MODE_ORIGINAL and d["trump"] == 51
    assert d["flags"] == records.FLAG_COMPLETE
    assert d["findings"] == (-1, -6)
    assert d["handprint"] == HP
    assert records.verify(data, KEY, SHOE, JOURNAL)
    # a clean 52-card deal: 11 header + 24 body + 16 tag; the journal adds 5 of framing
    assert _deal(buf) == 51


def test_tag_is_hmac_over_shoe_id_journal_id_header_and_body():
    buf = bytearray(records.MAX_RECORD)
    n = _deal(buf)
    msg = bytes([4, 3, 2, 1, 0x0D, 0x0C, 0x0B, 0x0A]) + bytes(buf[:n - 16])
    assert bytes(buf[n - 16:n]) == hmac_sha256(KEY, msg)[:16]


def test_verify_rejects_changed_byte_other_key_other_shoe_other_journal():
    buf = bytearray(records.MAX_RECORD)
    n = _deal(buf)
    data = bytearray(buf[:n])
    assert records.verify(data, KEY, SHOE, JOURNAL)
    assert not records.verify(data, b"other key", SHOE, JOURNAL)
    assert not records.verify(data, KEY, SHOE + 1, JOURNAL)
    # the same record shown as one of another journal of this shoe (wiped, replaced since)
    assert not records.verify(data, KEY, SHOE, JOURNAL ^ 1)
    assert records.check(data, KEY, SHOE, JOURNAL + 1) == records.BAD_TAG
    for i in (0, 1, 11, 20, n - 1):
        data[i] ^= 1
        assert not records.verify(data, KEY, SHOE, JOURNAL)
        assert records.check(data, KEY, SHOE, JOURNAL) != records.OK
        data[i] ^= 1
    assert records.check(data, KEY, SHOE, JOURNAL) == records.OK
    assert not records.verify(data[:20], KEY, SHOE, JOURNAL)


def test_session_round_trip():
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_session(buf, 1, 9, 77, SHOE, (1, 2, 3), 0xA0B0C0D0, 2, 1, 4, 6,
                               1, 24, 2)
    n = records.sign(buf, n, KEY, SHOE, JOURNAL)
    d = records.decode(buf[:n])
    assert d["type_name"] == "session" and d["shoe_id"] == SHOE and d["fw"] == (1, 2, 3)
    assert d["session_id"] == 0xA0B0C0D0
    assert (d["game"], d["variant"], d["table"], d["tables"]) == (2, 1, 4, 6)
    assert (d["first_board"], d["last_board"], d["movement"]) == (1, 24, 2)
    assert records.verify(buf[:n], KEY, SHOE, JOURNAL)


def test_event_with_uid_round_trip():
    buf = bytearray(records.MAX_RECORD)
    uid = b"\x04\xa1\xb2\xc3\xd4\xe5\xf6"
    n = records.encode_event(buf, 3, 1, 5, records.EV_UNKNOWN_TAG, 12, 0, 0, uid, 7)
    n = records.sign(buf, n, KEY, SHOE, JOURNAL)
    d = records.decode(buf[:n])
    assert d["event_name"] == "unknown_tag" and d["board"] == 12 and d["data"] == uid
    n = records.encode_event(buf, 4, 1, 6, records.EV_DIRECTOR, 12, 3, 1)
    n = records.sign(buf, n, KEY, SHOE, JOURNAL)
    d = records.decode(buf[:n])
    assert d["event_name"] == "director_action" and (d["a"], d["b"]) == (3, 1)
    assert d["data"] == b""


def test_check_and_score_round_trip():
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_check(buf, 10, 1, 0, 8, 2, records.SLIP_MISMATCH, (-22,), 1,
                             (401, 7), 2)
    n = records.sign(buf, n, KEY, SHOE, JOURNAL)
    d = records.decode(buf[:n])
    assert d["slip"] == records.SLIP_MISMATCH and d["findings"] == (-22,)
    assert d["rulings"] == (401, 7) and (d["board"], d["table"]) == (8, 2)
    n = records.encode_score(buf, 11, 1, 0, 8, 2, 1, 9, 4, 3, -2)
    n = records.sign(buf, n, KEY, SHOE, JOURNAL)
    d = records.decode(buf[:n])
    assert (d["tricks_ns"], d["tricks_ew"], d["points_ns"], d["points_ew"]) == (9, 4, 3, -2)
    assert [d[k] for k in records.SCORE_FIELDS] == [-1] * 7  # duplicate whist: none of them


def _score_fields(**kw):
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_score(buf, 12, 1, 0, 3, 1, kw.pop("game"), kw.pop("ns"), kw.pop("ew"),
                             kw.pop("pns"), kw.pop("pew"), **kw)
    n = records.sign(buf, n, KEY, SHOE, JOURNAL)
    assert n == 11 + records.SCORE_BODY + 16
    return records.decode(buf[:n])


def test_score_per_game_fields_round_trip():
    # euchre: E-W made trumps, alone, took 5 (their 4 points)
    d = _score_fields(game=3, ns=0, ew=5, pns=0, pew=4, makers=1, alone=1)
    assert (d["makers"], d["alone"], d["tricks_ew"], d["points_ew"]) == (1, 1, 5, 4)
    assert (d["proposal"], d["king"], d["declarer"], d["strain"], d["doubles"]) == (-1,) * 5
    # écarté: played without proposing, seat 1 marked the king, seat 0 took 3
    d = _score_fields(game=4, ns=3, ew=2, pns=2, pew=1, proposal=1, king=1)
    assert (d["proposal"], d["king"], d["makers"], d["alone"]) == (1, 1, -1, -1)
    # a king of seat 0 and a proposal accepted are 0, not "none"
    d = _score_fields(game=4, ns=5, ew=0, pns=3, pew=0, proposal=0, king=0)
    assert (d["proposal"], d["king"]) == (0, 0)
    # bridge whist: West declared no trumps, redoubled, E-W took 9
    d = _score_fields(game=2, ns=4, ew=9, pns=0, pew=144, declarer=3, strain=4, doubles=2)
    assert (d["declarer"], d["strain"], d["doubles"], d["points_ew"]) == (3, 4, 2, 144)
    assert d["makers"] == -1 and d["king"] == -1


def test_old_ten_byte_score_body_still_decodes():
    # A SCORE written before the per-game fields: header, 10-byte body, tag (37 bytes)
    body = bytes([5, 0x0B, 0, 0, 0, 1, 0, 0, 0, 0, 0,  # header: SCORE, seq 11, boot 1
                  8, 0, 2, 3, 1, 4, 1, 0, 0, 0])  # board 8, table 2, euchre, 1-4, points 1-0
    raw = bytearray(body + bytes(16))
    records.sign(raw, len(body), KEY, SHOE, JOURNAL)
    assert len(raw) == 37
    assert records.check(raw, KEY, SHOE, JOURNAL) == records.OK
    d = records.decode(raw)
    assert (d["board"], d["table"], d["game"], d["tricks_ns"], d["tricks_ew"]) == (8, 2, 3, 1, 4)
    assert (d["points_ns"], d["points_ew"]) == (1, 0)
    assert [d[k] for k in records.SCORE_FIELDS] == [-1] * 7
    # Neither form's length: refused, the offset named
    for cut in (36, 38, 43):
        short = raw[:cut] if cut < 37 else raw + bytes(cut - 37)
        assert records.check(short) == records.BAD_LENGTH
        try:
            records.decode(short)
            raise AssertionError("decoded a SCORE of %d bytes" % cut)
        except ParseError:
            pass


def test_header_fields_at_documented_offsets():
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_score(buf, 0x11223344, 0x5566, 0x778899AA, 1, 1, 1, 0, 0, 0, 0)
    assert bytes(buf[:11]) == bytes([5, 0x44, 0x33, 0x22, 0x11, 0x66, 0x55,
                                     0xAA, 0x99, 0x88, 0x77])
    assert records.record_seq(buf) == 0x11223344 and records.record_boot(buf) == 0x5566
    assert n == 11 + records.SCORE_BODY == 28


def test_decode_errors_name_the_offset():
    buf = bytearray(records.MAX_RECORD)
    n = _deal(buf, findings=(-1,))
    data = bytearray(buf[:n])
    assert "offset 0" in _raises(records.decode, data[:10])
    bad = bytearray(data)
    bad[0] = 99
    assert "type 99" in _raises(records.decode, bad)
    assert "offset" in _raises(records.decode, data[:-1])
    assert "offset" in _raises(records.decode, data + b"\x00")
    bad = bytearray(data)
    bad[20] = 200  # findings count far beyond the data
    assert "offset 221" in _raises(records.decode, bad)
    bad = bytearray(data)
    bad[17] = 5  # mode
    assert "deal mode 5 at offset 17" in _raises(records.decode, bad)
    assert records.check(bad) == records.BAD_FIELD
    assert records.check(data[:5]) == records.TOO_SHORT
    assert records.check(data[:-1]) == records.BAD_LENGTH


def test_decode_never_fails_other_than_parse_error_on_any_truncation_or_flip():
    buf = bytearray(records.MAX_RECORD)
    n = _deal(buf, findings=(-3, -4))
    data = bytes(buf[:n])
    for cut in range(n):
        try:
            records.decode(data[:cut])
        except ParseError:
            pass
    for i in range(n):
        for bit in (1, 0x80):
            bad = bytearray(data)
            bad[i] ^= bit
            try:
                records.decode(bad)
            except ParseError:
                pass


def test_encoders_do_not_allocate():
    try:
        import micropython
    except ImportError:
        skip("heap_lock exists only on MicroPython")
    buf = bytearray(records.MAX_RECORD)
    f = (-1, -2)
    uid = bytearray(7)
    micropython.heap_lock()
    try:
        records.encode_deal(buf, 5, 2, 1000, 7, 1, 1, 0, 3, 0, 51, 1, f, 2, HP, 13)
        records.encode_event(buf, 6, 2, 1000, records.EV_UNKNOWN_TAG, 7, 0, 0, uid, 7)
        records.encode_score(buf, 7, 2, 1000, 7, 1, 1, 7, 6, 1, 0)
        records.encode_score(buf, 7, 2, 1000, 7, 1, 2, 9, 4, 12, 0, declarer=3, strain=4,
                             doubles=1)
        records.encode_check(buf, 8, 2, 1000, 7, 1, 0, f, 2, (1, 2), 2)
    finally:
        micropython.heap_unlock()
