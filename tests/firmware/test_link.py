"""Device side of the sync link against scripted host frames (both interpreters)."""

import struct

from overplay_core import records, session, wire

import devsim
from link import Link, Settings

KEY = b"\x6b" * 32
SHOE = 7


class Pipe:
    """A stream with any()/readinto()/write(), like a UART."""

    def __init__(self):
        self.data = bytearray()

    def any(self):
        return len(self.data)

    def readinto(self, buf):
        n = min(len(buf), len(self.data))
        buf[:n] = self.data[:n]
        self.data = self.data[n:]
        return n

    def write(self, b):
        self.data += bytes(b)
        return len(b)


class Kbd:
    def __init__(self):
        self.calls = []

    def __call__(self, c):
        self.calls.append(c)


def make(n=20, window=64):
    j = devsim.MemJournal()
    devsim.fill(j, n, KEY, SHOE)
    inp, out, kbd = Pipe(), Pipe(), Kbd()
    link = Link(inp, out, j, KEY, SHOE, Settings(None), window=window, kbd_intr=kbd)
    return link, j, inp, out, kbd


def frames(out):
    dec = wire.Decoder()
    got = []
    i = 0
    data = bytes(out.data)
    out.data = bytearray()
    while True:
        i = dec.feed(data, i)
        if i < 0:
            return got
        got.append((dec.type, dec.seq, bytes(dec.payload)))


def run(link, rounds=50):
    for _ in range(rounds):
        link.poll()


def hello(link, inp, out):
    inp.write(wire.encode_frame(wire.HELLO, 0, b"\x01abcd"))
    run(link, 3)
    f = frames(out)
    assert f[0][0] == wire.INFO
    return struct.unpack(wire.INFO_FMT, f[0][2])


def test_hello_answers_info_and_turns_off_the_repl_interrupt():
    link, j, inp, out, kbd = make(5)
    v, shoe, enrolled, boot, next_seq, setup = hello(link, inp, out)
    assert (v, shoe, enrolled, next_seq, setup) == (wire.VERSION, SHOE, 1, 6, 0)
    assert kbd.calls == [-1]


def test_nothing_but_hello_opens_a_sync():
    link, j, inp, out, kbd = make(5)
    inp.write(wire.encode_frame(wire.PULL, 1, b"\x40\x00"))
    run(link, 3)
    assert frames(out) == [] and kbd.calls == []


def _records(fs):
    got = []
    for t, seq, p in fs:
        if t == wire.DATA:
            recs = wire.split_records(p)
            for k in range(len(recs)):
                got.append((seq + k, recs[k]))
    return got


def test_pull_streams_from_seq_then_end():
    link, j, inp, out, kbd = make(20)
    hello(link, inp, out)
    inp.write(wire.encode_frame(wire.PULL, 5, struct.pack(wire.PULL_FMT, 64)))
    run(link)
    fs = frames(out)
    assert fs[0][:2] == (wire.BEGIN, 5) and struct.unpack(wire.BEGIN_FMT, fs[0][2])[0] == 21
    assert _records(fs) == list(j.records_from(5))
    assert fs[-1][:2] == (wire.END, 21)
    for t, seq, p in fs:
        assert len(wire.encode_frame(t, seq, p)) <= wire.MAX_FRAME


def test_window_holds_until_acked_and_pull_rewinds():
    link, j, inp, out, kbd = make(40, window=8)
    hello(link, inp, out)
    inp.write(wire.encode_frame(wire.PULL, 1, struct.pack(wire.PULL_FMT, 8)))
    run(link)
    got = _records(frames(out))
    assert [s for s, _ in got] == list(range(1, 9))  # the window: 8 in flight
    inp.write(wire.encode_frame(wire.ACK, 5))
    run(link)
    assert [s for s, _ in _records(frames(out))] == list(range(9, 13))
    # the host lost 6..: it PULLs again and the shoe goes back
    inp.write(wire.encode_frame(wire.PULL, 6, struct.pack(wire.PULL_FMT, 8)))
    run(link)
    assert [s for s, _ in _records(frames(out))] == list(range(6, 14))


def test_done_marks_synced_reclaims_and_restores_interrupt():
    link, j, inp, out, kbd = make(10)
    hello(link, inp, out)
    inp.write(wire.encode_frame(wire.DONE, 8))
    run(link)
    assert frames(out) == [(wire.DONE_ACK, 8, b"")]
    assert j.synced == 7 and [s for s, _ in j.records_from(0)] == [8, 9, 10]
    assert kbd.calls == [-1, 3] and not link.active
    # resume after reclaim: BEGIN names the first record still held
    hello(link, inp, out)
    inp.write(wire.encode_frame(wire.PULL, 2, b"\x40\x00"))
    run(link)
    fs = frames(out)
    assert fs[0][:2] == (wire.BEGIN, 8)


def test_garbage_is_counted_not_raised():
    link, j, inp, out, kbd = make(3)
    inp.write(b"\x03\x01\x02\xff\x00" + b"\x55" * 400 + b"\x00")
    f = bytearray(wire.encode_frame(wire.HELLO, 0, b"\x01abcd"))
    f[2] ^= 0x40
    inp.write(bytes(f))
    run(link, 20)
    assert frames(out) == []
    assert link.dec.bad == 3
    hello(link, inp, out)


def test_session_setup_and_enrolment_are_stored():
    link, j, inp, out, kbd = make(1)
    told = []
    link.on_settings = told.append
    hello(link, inp, out)
    data = session.encode(12, 1, 0, 1, 24, 2, 4, session.HOWELL)
    inp.write(wire.encode_frame(wire.SESSION_SET, 12, data))
    inp.write(wire.encode_frame(wire.SESSION_SET, 13, b"\x09" * 14))
    newkey = b"\x01" * 32
    inp.write(wire.encode_frame(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 99) + newkey))
    run(link)
    fs = frames(out)
    assert fs[0][:2] == (wire.SESSION_ACK, 12)
    assert fs[1][0] == wire.ERROR
    assert fs[2][:2] == (wire.ENROLL_ACK, 99)
    assert link.settings.setup_id() == 12 and link.settings.setup == data
    assert link.shoe_id == 99 and link.key == newkey
    assert told == [wire.SESSION_SET, wire.ENROLL]


def test_settings_survive_a_restart():
    import os
    folder = "/tmp/overplay_test_link_settings"
    try:
        os.mkdir(folder)
    except OSError:
        pass
    s = Settings(folder)
    s.save_key(42, b"\x02" * 32)
    s.save_setup(session.encode(5, 2, 0, 1, 8, 1, 1, 0))
    t = Settings(folder)
    assert t.shoe_id == 42 and t.key == b"\x02" * 32 and t.setup_id() == 5


def test_enrolment_gives_the_record_key_and_the_club_slip_key():
    link, j, inp, out, kbd = make(1)
    hello(link, inp, out)
    rec, slip = b"\x03" * 32, b"\x04" * 32
    data = session.encode(12, 1, 0, 1, 24, 2, 4, session.HOWELL)
    inp.write(wire.encode_frame(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 9) + rec + slip))
    inp.write(wire.encode_frame(wire.SESSION_SET, 12, data + struct.pack("<I", 11)))
    inp.write(wire.encode_frame(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 9) + rec + b"x"))
    run(link)
    fs = frames(out)
    assert fs[0][:2] == (wire.ENROLL_ACK, 9) and fs[1][:2] == (wire.SESSION_ACK, 12)
    assert fs[2][0] == wire.ERROR  # neither 36 nor 68 bytes: refused, nothing changed
    s = link.settings
    assert (s.shoe_id, s.key, s.slip_key) == (9, rec, slip) and link.key == rec
    assert s.setup == data and s.session_id == 11 and s.setup_id() == 12


def _folder(name):
    import os
    folder = "/tmp/overplay_test_link_" + name
    try:
        os.mkdir(folder)
    except OSError:
        pass
    return folder


def test_both_keys_and_the_session_id_survive_a_restart():
    folder = _folder("keys")
    s = Settings(folder)
    s.save_key(42, b"\x02" * 32, b"\x05" * 32)
    s.save_setup(session.encode(5, 2, 0, 1, 8, 1, 1, 0), 4)
    t = Settings(folder)
    assert (t.shoe_id, t.key, t.slip_key) == (42, b"\x02" * 32, b"\x05" * 32)
    assert t.setup_id() == 5 and t.session_id == 4


def test_settings_written_before_the_slip_key_still_read():
    folder = _folder("old")
    with open(folder + "/key.bin", "wb") as f:  # shoe id + record key: a round-one shoe
        f.write(struct.pack("<I", 6) + b"\x07" * 32)
    with open(folder + "/session.bin", "wb") as f:  # the set-up alone
        f.write(session.encode(3, 1, 0, 1, 8, 2, 3, 0))
    t = Settings(folder)
    assert (t.shoe_id, t.key, t.slip_key) == (6, b"\x07" * 32, None)
    assert t.setup_id() == 3 and t.session_id == 0


def test_the_directors_pin_is_stored_and_survives_a_restart():
    import link as L
    from overplay_core import pin

    folder = _folder("pin")
    try:
        import os
        os.remove(folder + "/pin.bin")
    except OSError:
        pass
    link, j, inp, out, kbd = make(1)
    link.settings = Settings(folder)
    assert link.settings.pin is None
    told = []
    link.on_settings = told.append
    hello(link, inp, out)
    data = pin.make("2468", b"saltsalt")
    inp.write(wire.encode_frame(L.PIN_SET, 5, data[:-1]))  # torn: refused, nothing stored
    inp.write(wire.encode_frame(L.PIN_SET, 6, data))
    run(link)
    fs = frames(out)
    assert fs[0][:2] == (wire.ERROR, L.E_PIN) and fs[1][:2] == (L.PIN_ACK, 6)
    assert told == [L.PIN_SET] and link.settings.pin == data
    again = Settings(folder)  # on flash: the terminal finds it after a power cycle
    assert again.pin == data and pin.matches(again.pin, "2468")
    assert not pin.matches(again.pin, "2469")


def test_desk_records_verify():
    j = devsim.MemJournal()
    devsim.fill(j, 12, KEY, SHOE, badsig=(3,))
    for seq, rec in j.records_from(1):
        assert records.verify(rec, KEY, SHOE) == (seq != 4)
        assert records.decode(rec)["seq"] == seq


def test_asyncio_task_serves_the_link():
    import asyncio
    link, j, inp, out, kbd = make(6)
    inp.write(wire.encode_frame(wire.HELLO, 0, b"\x01abcd"))
    inp.write(wire.encode_frame(wire.PULL, 1, b"\x40\x00"))

    async def main():
        stop = asyncio.Event()
        t = asyncio.create_task(link.task(1, stop))
        for _ in range(100):
            await asyncio.sleep(0.002)
            if link.end_sent:
                break
        stop.set()
        await t

    asyncio.run(main())
    fs = frames(out)
    assert [f[0] for f in fs][:2] == [wire.INFO, wire.BEGIN] and fs[-1][:2] == (wire.END, 7)
    assert len(_records(fs)) == 6


def _fresh_dir(path):
    import os
    try:
        for name in os.listdir(path):
            os.remove(path + "/" + name)
    except OSError:
        pass
    return path


def test_only_committed_records_leave_the_shoe():
    import journal
    j = journal.Journal(_fresh_dir("/tmp/overplay_test_link_journal"))
    devsim.fill(j, 5, KEY, SHOE)
    buf = bytearray(records.MAX_RECORD)
    for i in range(2):  # dealt, not yet committed: a power cut could still take them
        assert j.append(buf, devsim.make_record(buf, 9, j.next_seq, j.boot, KEY, SHOE)) == 0
    inp, out, kbd = Pipe(), Pipe(), Kbd()
    link = Link(inp, out, j, KEY, SHOE, Settings(None), kbd_intr=kbd)
    assert hello(link, inp, out)[4] == 6
    inp.write(wire.encode_frame(wire.PULL, 1, b"\x40\x00"))
    run(link)
    fs = frames(out)
    assert [s for s, _ in _records(fs)] == [1, 2, 3, 4, 5] and fs[-1][:2] == (wire.END, 6)
    assert j.commit()
    run(link)
    fs = frames(out)
    assert [s for s, _ in _records(fs)] == [6, 7] and fs[-1][:2] == (wire.END, 8)
    inp.write(wire.encode_frame(wire.DONE, 8))
    run(link)
    assert frames(out) == [(wire.DONE_ACK, 8, b"")]
    assert j.synced_seq == 7
    j.close()
