"""Frames of the sync link: COBS, CRC, resync and bad-frame counting (both interpreters)."""

from overplay_core import wire
from overplay_core.errors import ParseError


def _lcg(state):
    return (state * 1103515245 + 12345) & 0x7FFFFFFF


def _blob(seed, n, zero_every=0):
    out = bytearray(n)
    s = seed
    for i in range(n):
        s = _lcg(s)
        out[i] = 0 if zero_every and (s >> 8) % zero_every == 0 else (s >> 16) & 0xFF
    return bytes(out)


def _has_zero(b):
    for x in b:
        if x == 0:
            return True
    return False


def _roundtrip(data):
    enc = bytearray(len(data) + len(data) // 254 + 2)
    m = wire.cobs_encode(data, len(data), enc)
    assert not _has_zero(enc[:m])
    assert m <= len(data) + len(data) // 254 + 1
    dec = bytearray(len(data) + 1)
    k = wire.cobs_decode(enc, m, dec)
    assert bytes(dec[:k]) == data, (data, bytes(enc[:m]))


def test_cobs_roundtrip_edge_cases():
    for data in (b"", b"\x00", b"\x00\x00", b"\x11\x22\x00\x33", b"\x11" * 253,
                 b"\x11" * 254, b"\x11" * 255, b"\x00" + b"\x01" * 254 + b"\x00"):
        _roundtrip(data)


def test_cobs_roundtrip_random_lengths_and_zeros():
    for n in range(0, 300, 7):
        _roundtrip(_blob(n + 1, n, zero_every=5))
        _roundtrip(_blob(n + 2, n))


def test_cobs_known_vector():
    enc = bytearray(8)
    m = wire.cobs_encode(b"\x11\x22\x00\x33", 4, enc)
    assert bytes(enc[:m]) == b"\x03\x11\x22\x02\x33"


def test_cobs_decode_in_place():
    data = _blob(7, 200, zero_every=3)
    buf = bytearray(210)
    m = wire.cobs_encode(data, len(data), buf)
    k = wire.cobs_decode(buf, m, buf)
    assert bytes(buf[:k]) == data


def test_cobs_decode_rejects_zero_and_overrun():
    out = bytearray(10)
    assert wire.cobs_decode(b"\x03\x11\x00", 3, out) == wire.E_COBS
    assert wire.cobs_decode(b"\x05\x11", 2, out) == wire.E_COBS


def test_frame_roundtrip_and_delimiter():
    f = wire.encode_frame(wire.PULL, 123456, b"\x40\x00")
    assert f[-1] == 0 and not _has_zero(f[:-1])
    assert wire.decode_frame(f) == (wire.PULL, 123456, b"\x40\x00")


def test_largest_frame_fits_256_bytes():
    payload = b"\x00" * wire.MAX_PAYLOAD  # zeros cost nothing extra; 0xFF is the worst case
    for p in (payload, b"\xff" * wire.MAX_PAYLOAD):
        f = wire.encode_frame(wire.DATA, 0xFFFFFFFF, p)
        assert len(f) <= wire.MAX_FRAME
        assert wire.decode_frame(f) == (wire.DATA, 0xFFFFFFFF, p)


def test_oversized_payload_is_refused():
    try:
        wire.encode_frame(wire.DATA, 1, b"x" * (wire.MAX_PAYLOAD + 1))
        assert False
    except ParseError as e:
        assert "245" in str(e)


def test_decode_frame_raises_on_flipped_bit():
    f = bytearray(wire.encode_frame(wire.ACK, 9))
    f[3] ^= 0x10
    if _has_zero(f[:-1]):
        f[3] ^= 0x30
    try:
        wire.decode_frame(bytes(f))
        assert False
    except ParseError as e:
        assert "frame" in str(e)


def test_encoder_packs_records_and_refuses_overflow():
    enc = wire.Encoder()
    enc.start(wire.DATA, 40)
    rec = _blob(3, 60, zero_every=4)
    k = 0
    while enc.put(rec):
        k += 1
    assert k == wire.MAX_PAYLOAD // 61
    n = enc.finish()
    t, seq, payload = wire.decode_frame(bytes(enc.view(n)))
    assert t == wire.DATA and seq == 40
    assert wire.split_records(payload) == [rec] * k


def test_split_records_reports_offset():
    try:
        wire.split_records(b"\x02ab\x05xy")
        assert False
    except ParseError as e:
        assert "offset 3" in str(e)


def _decode_all(dec, stream):
    got = []
    i = 0
    while True:
        i = dec.feed(stream, i)
        if i < 0:
            return got
        got.append((dec.type, dec.seq, bytes(dec.payload)))


def test_decoder_resyncs_after_garbage_and_counts_bad_frames():
    frames = [wire.encode_frame(wire.DATA, s, _blob(s, 30 + s)) for s in range(5)]
    stream = b"\x05\x07\x09\x00" + frames[0] + frames[1][:10] + frames[2] + b"\x00\x00" \
        + frames[3] + b"\xaa" * 300 + b"\x00" + frames[4]
    dec = wire.Decoder()
    got = _decode_all(dec, stream)
    assert [g[1] for g in got] == [0, 3, 4]
    assert got[2][2] == _blob(4, 34)
    # garbage, frame 1 spliced into 2, and the 300-byte run; the empty frames are not counted
    assert dec.bad == 3
    assert dec.good == 3


def test_decoder_counts_every_single_bit_flip():
    f = wire.encode_frame(wire.DATA, 77, _blob(5, 100))
    dec = wire.Decoder()
    flips = 0
    for pos in range(0, len(f) - 1, 3):
        for bit in (0, 5):
            g = bytearray(f)
            g[pos] ^= 1 << bit
            got = _decode_all(dec, b"\x00" + bytes(g) + b"\x00")
            assert got == []  # CRC-32 catches every single-bit error
            flips += 1
    assert dec.bad >= flips
    assert _decode_all(dec, f) == [(wire.DATA, 77, _blob(5, 100))]


def test_decoder_payload_is_a_view_until_next_push():
    dec = wire.Decoder()
    f = wire.encode_frame(wire.BEGIN, 5, b"\x01\x02\x03\x04")
    assert dec.feed(f) == len(f)
    assert dec.plen == 4 and bytes(dec.payload) == b"\x01\x02\x03\x04"


def test_message_numbers_the_shoe_and_the_pc_share_are_named_once():
    import shoe.link as link
    from overplay_core import records

    assert not hasattr(link, "PIN_SET") and not hasattr(link, "PIN_ACK")  # one source: wire
    assert wire.NAMES[wire.PIN_SET] == "PIN_SET" and wire.NAMES[wire.PIN_ACK] == "PIN_ACK"
    assert len(set(wire.NAMES)) == len(wire.NAMES)
    assert records.EVENT_NAMES[records.EV_PLAY_BEGUN] == "play_begun"
    assert records.EVENT_NAMES[records.EV_TASK_FAULT] == "task_fault"
