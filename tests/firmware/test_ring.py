"""Ring buffer between the shoe's tasks: order, full/empty, no allocation (both interpreters)."""

from shoe.ring import Ring, u16

try:
    import micropython
except ImportError:
    micropython = None


def test_fifo_order_and_payload():
    r = Ring(4, 8)
    assert r.get() == -1
    assert r.put(1, b"\x01\x02\x03", 3)
    assert r.put(2, b"abcdefg", 7)
    out = bytearray(8)
    assert r.get(out) == 1 and r.last_len == 3 and out[:3] == b"\x01\x02\x03"
    assert r.get(out) == 2 and r.last_len == 7 and bytes(out[:7]) == b"abcdefg"
    assert r.get(out) == -1 and len(r) == 0


def test_full_ring_counts_drops_and_keeps_old_items():
    r = Ring(2, 1)
    assert r.put(1, b"a", 1) and r.put(2, b"b", 1)
    assert r.full()
    assert not r.put(3, b"c", 1)
    assert r.dropped == 1
    out = bytearray(1)
    assert r.get(out) == 1 and out[0] == ord("a")
    assert r.put(4, b"d", 1)
    assert r.get(out) == 2 and r.get(out) == 4 and r.get(out) == -1
    assert r.high_water == 2


def test_wraps_many_times():
    r = Ring(3, 2)
    out = bytearray(2)
    for i in range(100):
        assert r.put(i & 0xFF, bytes([i & 0xFF, 7]), 2)
        if i % 2:
            assert r.get(out) >= 0
        if len(r) == 3:
            r.get(out)
    seen = []
    while True:
        k = r.get(out)
        if k < 0:
            break
        seen.append(k)
    assert seen == sorted(seen)


def test_put2_round_trip():
    r = Ring(2, 4)
    assert r.put2(9, 513, 3)
    out = bytearray(4)
    assert r.get(out) == 9 and u16(out, 0) == 513 and u16(out, 2) == 3


def test_oversized_payload_truncated_not_raised():
    r = Ring(1, 2)
    assert r.put(1, b"abcd", 4)
    out = bytearray(4)
    assert r.get(out) == 1 and r.last_len == 2


def test_bad_shape_is_refused():
    try:
        Ring(0, 4)
    except ValueError as e:
        assert "slots" in str(e)
    else:
        assert False


def test_in_place_reserve_commit_peek_release():
    r = Ring(2, 7)
    v = r.reserve()
    for i in range(7):
        v[i] = 0x10 + i  # e.g. reader.read_uid(v) filling the slot itself
    r.commit(7, 7)
    assert r.reserve() is not None
    r.commit(0xFF, 0)  # a reader error code, no payload
    assert r.reserve() is None and r.dropped == 1  # full
    p = r.peek()
    assert r.peek_kind == 7 and r.peek_len == 7 and bytes(p) == bytes(range(0x10, 0x17))
    r.release()
    assert r.peek() is not None and r.peek_kind == 0xFF and r.peek_len == 0
    r.release()
    assert r.peek() is None and len(r) == 0
    r.release()  # releasing nothing is harmless
    assert len(r) == 0


def test_long_buffer_short_payload_and_short_out():
    r = Ring(2, 4)
    buf = bytearray(b"abcdefgh")  # a reader's 10-byte buffer holding a 4-byte UID, say
    assert r.put(1, buf, 3)
    out = bytearray(2)  # shorter than a slot: copied byte by byte, cut to fit
    assert r.get(out) == 1 and r.last_len == 3 and out == b"ab"


def test_put_get_allocate_nothing():
    r = Ring(8, 8)
    data = bytearray(b"\x04\x11\x22\x33\x44\x55\x66")
    out = bytearray(8)
    if micropython is None:
        return
    long_data = bytearray(20)
    assert not r.full()
    micropython.heap_lock()
    try:
        for _ in range(50):
            r.put(1, data, 7)
            r.put2(2, 300, 1)
            r.put(3, long_data, 8)  # longer than a slot: the byte loop
            r.get(out)
            r.get(out)
            r.get(None)
            v = r.reserve()
            v[0] = 1
            r.commit(4, 1)
            r.peek()
            r.release()
    finally:
        micropython.heap_unlock()
    assert r.get(out) == -1


def test_whole_slot_put_and_get_keep_order_payload_and_length():
    # the reader's UID buffer is the slot's size: copied whole, n of it the UID
    r = Ring(3, 10)
    uid = bytearray(10)
    uid[0:7] = b"\x04\x01\x05\x10\x20\x30\x85"
    assert r.put_slot(7, uid, 7)
    uid[0:4] = b"\xaa\xbb\xcc\xdd"
    assert r.put_slot(4, uid, 4)
    assert r.put(0, None, 0)  # the field clear again: mixed with whole slots
    assert not r.put_slot(7, uid, 7) and r.dropped == 1 and r.high_water == 3  # full
    out = bytearray(10)
    assert r.get_slot(out) == 7 and r.last_len == 7 and out[:7] == b"\x04\x01\x05\x10\x20\x30\x85"
    assert r.get_slot(out) == 4 and r.last_len == 4 and out[:4] == b"\xaa\xbb\xcc\xdd"
    assert r.get_slot(out) == 0 and r.last_len == 0
    assert r.get_slot(out) == -1 and r.last_len == 0 and len(out) == 10
    for i in range(20):  # wraps
        uid[0] = i
        assert r.put_slot(7, uid, 7)
        assert r.get_slot(out) == 7 and out[0] == i


def test_whole_slot_needs_a_slot_sized_buffer():
    r = Ring(2, 10)
    try:
        r.put_slot(7, b"\x04\x01\x05\x10\x20\x30\x85", 7)  # 7 bytes: not the slot's 10
    except ValueError:
        pass
    else:
        assert False, "a 7-byte buffer into a 10-byte slot"
    assert len(r) == 0 and r.dropped == 0


def test_whole_slot_put_get_allocate_nothing():
    r = Ring(8, 10)
    uid = bytearray(10)
    out = bytearray(10)
    if micropython is None:
        return
    micropython.heap_lock()
    try:
        for i in range(100):
            uid[0] = i
            r.put_slot(7, uid, 7)
            r.put_slot(0xFF, uid, 0)
            r.get_slot(out)
            r.get_slot(out)
            r.get_slot(out)
    finally:
        micropython.heap_unlock()
    assert out[0] == 99 and r.get_slot(out) == -1


def test_ring_without_views_same_items_and_no_allocation():
    # the shoe's commands and events rings: no per-slot views, payloads copied out byte by byte
    r = Ring(3, 12, False)
    assert r.put(5, b"\x01\x02\x04\x11\x22\x33\x44", 7) and r.put2(6, 513, 3)
    out = bytearray(12)
    assert r.get(out) == 5 and r.last_len == 7 and bytes(out[:7]) == b"\x01\x02\x04\x11\x22\x33\x44"
    assert r.get(out) == 6 and u16(out, 0) == 513 and u16(out, 2) == 3
    v = r.reserve()  # in place still works (the view is made now)
    v[0] = 9
    r.commit(1, 1)
    assert r.peek()[0] == 9 and r.peek_kind == 1 and r.peek_len == 1
    r.release()
    if micropython is None:
        return
    data = bytearray(b"\x00\x07\x04\x11\x22\x33\x44\x55\x66")
    short = bytearray(4)
    micropython.heap_lock()
    try:
        for _ in range(50):
            r.put(7, data, 9)
            r.put(8, data, 2)
            r.put2(2, 300, 1)
            r.get(out)
            r.get(short)
            r.get(None)
    finally:
        micropython.heap_unlock()
    assert r.get(out) == -1 and short[0] == 0 and short[1] == 7
