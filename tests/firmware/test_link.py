"""Device side of the sync link against scripted host frames (both interpreters)."""

import struct

from overplay_core import records, session, wire
from overplay_core.compat import ticks_add, ticks_ms

import sim.devsim as devsim
from shoe.link import IDLE_MS, Link
from shoe.settings import Settings
from link_host import Host, Kbd, Pipe, frames, run

KEY = b"\x6b" * 32
SHOE = 7


def make(n=20, window=64):
    j = devsim.MemJournal()
    devsim.fill(j, n, KEY, SHOE)
    inp, out, kbd = Pipe(), Pipe(), Kbd()
    link = Link(inp, out, j, KEY, SHOE, Settings(None), window=window, kbd_intr=kbd)
    return link, j, Host(link, inp, out, KEY), kbd


def test_hello_answers_info_and_turns_off_the_repl_interrupt():
    link, j, pc, kbd = make(5)
    v, shoe, enrolled, boot, next_seq, setup, jid, first, flags = pc.hello()
    assert (v, shoe, enrolled, next_seq, setup) == (wire.VERSION, SHOE, 1, 6, 0)
    assert (jid, first, flags) == (j.journal_id, 1, 0) and jid != 0
    assert pc.proof_ok and kbd.calls == [-1]


def test_info_names_the_oldest_record_held_and_a_fresh_nonce_each_hello():
    link, j, pc, kbd = make(10)
    pc.hello()
    n1 = pc.shoe_nonce
    assert pc.ask(wire.DONE, 4) == [(wire.DONE_ACK, 4, b"")]
    info = pc.hello()
    assert (info[4], info[7]) == (11, 4) and pc.proof_ok  # records 1..3 let go
    assert pc.shoe_nonce != n1
    assert pc.ask(wire.DONE, 11) == [(wire.DONE_ACK, 11, b"")]
    info = pc.hello()
    assert (info[4], info[7]) == (11, 11)  # nothing held: first_seq == next_seq


def test_a_resent_hello_gets_the_same_nonce_so_the_first_info_still_holds():
    # The PC resends a HELLO whose INFO is late and goes on with the first INFO it reads:
    # both copies answered before it reads either (a slow shoe), the command it tags under
    # the first INFO's nonce is taken (it was refused "not authenticated" on the emulated Pico)
    link, j, pc, kbd = make(3)
    nonce = b"\x42" * wire.NONCE_BYTES
    hello = wire.encode_frame(wire.HELLO, 0, bytes([wire.VERSION]) + nonce, stuffed=True)
    pc.host_nonce = nonce
    pc.write(hello)
    pc.write(hello)
    pc.run(6)
    f = pc.frames()
    assert [t for t, _, _ in f] == [wire.INFO, wire.INFO] and f[0][2] == f[1][2]
    pc.took_info(f[0][2])
    data = session.encode(12, 1, 0, 1, 28, 2, 4, session.HOWELL)
    assert pc.ask(wire.SESSION_SET, 12, data)[0][:2] == (wire.SESSION_ACK, 12)
    # a new HELLO (a new host nonce) still gets a new shoe nonce
    n1 = pc.shoe_nonce
    pc.hello()
    assert pc.shoe_nonce != n1


def test_an_old_hello_is_refused_by_version():
    link, j, pc, kbd = make(3)
    pc.write(wire.encode_frame(wire.HELLO, 0, b"\x01abcd", stuffed=True))  # wire version 1
    pc.run()
    assert pc.frames() == [(wire.ERROR, 1, b"wire version")]
    pc.shoe_nonce = pc.host_nonce = bytes(16)  # no nonces were made: none verifies
    assert pc.ask(wire.DONE, 4) == [(wire.ERROR, wire.ERR_AUTH, b"not authenticated")]
    assert j.synced == 0


def test_nothing_but_hello_opens_a_sync():
    link, j, pc, kbd = make(5)
    pc.send(wire.PULL, 1, b"\x40\x00")
    pc.run(3)
    assert pc.frames() == [] and kbd.calls == []


def _records(fs):
    got = []
    for t, seq, p in fs:
        if t == wire.DATA:
            recs = wire.split_records(p)
            for k in range(len(recs)):
                got.append((seq + k, recs[k]))
    return got


def test_pull_streams_from_seq_then_end():
    link, j, pc, kbd = make(20)
    pc.hello()
    fs = pc.ask(wire.PULL, 5, struct.pack(wire.PULL_FMT, 64))
    assert fs[0][:2] == (wire.BEGIN, 5) and struct.unpack(wire.BEGIN_FMT, fs[0][2])[0] == 21
    assert _records(fs) == list(j.records_from(5))
    assert fs[-1][:2] == (wire.END, 21)
    for t, seq, p in fs:
        assert len(wire.encode_frame(t, seq, p)) <= wire.MAX_FRAME
    for seq, rec in _records(fs):  # signed for this shoe's journal
        assert records.verify(rec, KEY, SHOE, j.journal_id)


def test_window_holds_until_acked_and_pull_rewinds():
    link, j, pc, kbd = make(40, window=8)
    pc.hello()
    got = _records(pc.ask(wire.PULL, 1, struct.pack(wire.PULL_FMT, 8)))
    assert [s for s, _ in got] == list(range(1, 9))  # the window: 8 in flight
    assert [s for s, _ in _records(pc.ask(wire.ACK, 5))] == list(range(9, 13))
    # the host lost 6..: it PULLs again and the shoe goes back
    fs = pc.ask(wire.PULL, 6, struct.pack(wire.PULL_FMT, 8))
    assert [s for s, _ in _records(fs)] == list(range(6, 14))


def test_done_marks_synced_reclaims_and_restores_interrupt():
    link, j, pc, kbd = make(10)
    pc.hello()
    assert pc.ask(wire.DONE, 8) == [(wire.DONE_ACK, 8, b"")]
    assert j.synced == 7 and [s for s, _ in j.records_from(0)] == [8, 9, 10]
    assert kbd.calls == [-1, 3] and not link.active
    # resume after reclaim: BEGIN names the first record still held
    pc.hello()
    fs = pc.ask(wire.PULL, 2, b"\x40\x00")
    assert fs[0][:2] == (wire.BEGIN, 8)


def test_done_past_the_journal_end_is_refused_and_lets_nothing_go():
    link, j, pc, kbd = make(10)
    pc.hello()
    for seq in (0xFFFFFFFF, 12):  # 11 is one past the last record: the most a DONE may say
        fs = pc.ask(wire.DONE, seq)
        assert fs == [(wire.ERROR, 6, b"DONE past the journal end")]
    assert j.synced == 0 and len(list(j.records_from(0))) == 10 and link.active
    assert pc.ask(wire.DONE, 11) == [(wire.DONE_ACK, 11, b"")]
    assert j.synced == 10 and list(j.records_from(0)) == []


def test_the_frame_buffers_are_held_only_while_the_pc_talks():
    # Between syncs the shoe holds no frame buffer (wire.Encoder and Decoder, ~1 KB of the
    # Pico's heap): they are made at the PC's first byte and let go when the sync ends, by
    # DONE or by the PC going quiet; the next sync makes them again and works as the first.
    link, j, pc, kbd = make(5)
    for _ in range(3):
        assert not link.poll()  # nothing on the line
    assert link.dec is None and link.enc is None
    pc.hello()
    assert pc.proof_ok and link.active and link.dec is not None
    fs = pc.ask(wire.PULL, 1, b"\x40\x00")
    assert fs[0][:2] == (wire.BEGIN, 1) and fs[-1][:2] == (wire.END, 6)
    assert pc.ask(wire.DONE, 4) == [(wire.DONE_ACK, 4, b"")]
    assert link.dec is None and link.enc is None and not link.active and j.synced == 3
    pc.hello()  # the next sync: a fresh nonce, its commands verify
    assert pc.proof_ok and link.dec is not None
    link._last_rx = ticks_add(ticks_ms(), -IDLE_MS - 10)  # the PC went quiet mid-sync
    link.poll()
    assert not link.active and link.dec is None and kbd.calls == [-1, 3, -1, 3]
    pc.hello()
    assert pc.ask(wire.DONE, 6) == [(wire.DONE_ACK, 6, b"")] and j.synced == 5


def test_garbage_is_counted_not_raised():
    link, j, pc, kbd = make(3)
    pc.write(b"\x03\x01\x02\xff\x00" + b"\x55" * 400 + b"\x00")
    f = bytearray(pc.frame(wire.HELLO, 0, bytes([wire.VERSION]) + b"n" * 16))
    f[2] ^= 0x40
    pc.write(bytes(f))
    pc.run(20)
    assert pc.frames() == []
    assert link.dec.bad == 3
    pc.hello()


def test_a_raw_0x03_spoils_only_the_frame_it_is_in():
    link, j, pc, kbd = make(5)
    pc.hello()
    good = pc.frame(wire.PULL, 2, struct.pack(wire.PULL_FMT, 64))
    assert b"\x03" not in good  # stuffed: a genuine host frame never holds one
    bad = bytearray(good)
    bad[3] = 0x03
    pc.write(bytes(bad) + good)
    pc.run()
    fs = pc.frames()
    assert link.dec.bad == 1 and fs[0][:2] == (wire.BEGIN, 2) and fs[-1][:2] == (wire.END, 6)
    # a frame whose bytes (seq 3, a 0x03 in the CRC...) need escaping arrives whole
    for seq in (3, 0x7D, 0x0303):
        f = pc.frame(wire.PULL, seq, struct.pack(wire.PULL_FMT, 3))
        assert b"\x03" not in f and b"\x7d" in f
        pc.write(f)
        pc.run()
        assert pc.frames()[0][:2] == (wire.BEGIN, seq)


def test_session_setup_and_enrolment_are_stored():
    link, j, pc, kbd = make(1)
    told = []
    link.on_settings = told.append
    pc.hello()
    data = session.encode(12, 1, 0, 1, 28, 2, 4, session.HOWELL)  # 7 rounds of 4
    fs = pc.ask(wire.SESSION_SET, 12, data)  # its ACK brings the nonce for the next command
    pc.send(wire.SESSION_SET, 13, b"\x09" * 14)
    newkey = b"\x01" * 32
    pc.send(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 99) + newkey)
    pc.run()
    fs += pc.frames()
    assert fs[0][:2] == (wire.SESSION_ACK, 12)
    assert fs[1][:2] == (wire.ERROR, 2)  # tagged but not a set-up
    assert fs[2][:2] == (wire.ENROLL_ACK, 99)
    assert link.settings.setup_id() == 12 and link.settings.setup == data
    assert link.shoe_id == 99 and link.key == newkey
    assert told == [wire.SESSION_SET, wire.ENROLL]
    # the rest of this sync is tagged under the new key: the old one is refused
    fs = pc.ask(wire.SESSION_SET, 14, session.encode(14, 1, 0, 1, 24, 2, 4, 0))
    assert fs[0][:2] == (wire.ERROR, wire.ERR_AUTH) and link.settings.setup_id() == 12
    pc.key = newkey
    assert pc.ask(wire.DONE, 2)[0][:2] == (wire.DONE_ACK, 2)


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
    link, j, pc, kbd = make(1)
    pc.hello()
    rec, slip = b"\x03" * 32, b"\x04" * 32
    data = session.encode(12, 1, 0, 1, 28, 2, 4, session.HOWELL)  # 7 rounds of 4
    pc.send(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 9) + rec + slip)
    pc.key = rec  # from now on the shoe's key is the new one
    pc.send(wire.SESSION_SET, 12, data + struct.pack("<I", 11))
    pc.send(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 9) + rec + b"x")
    pc.run()
    fs = pc.frames()
    assert fs[0][:2] == (wire.ENROLL_ACK, 9) and fs[1][:2] == (wire.SESSION_ACK, 12)
    assert fs[2][:2] == (wire.ERROR, 3)  # neither 36 nor 68 bytes: refused, nothing changed
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
    import shoe.link as L
    from overplay_core import pin

    folder = _folder("pin")
    try:
        import os
        os.remove(folder + "/pin.bin")
    except OSError:
        pass
    link, j, pc, kbd = make(1)
    link.settings = Settings(folder)
    assert link.settings.pin is None
    told = []
    link.on_settings = told.append
    pc.hello()
    data = pin.make("2468", b"saltsalt")
    pc.send(wire.PIN_SET, 5, data[:-1])  # torn (tagged as sent): refused, nothing stored
    pc.send(wire.PIN_SET, 6, data)
    pc.run()
    fs = pc.frames()
    assert fs[0][:2] == (wire.ERROR, L.E_PIN) and fs[1][:2] == (wire.PIN_ACK, 6)
    assert told == [wire.PIN_SET] and link.settings.pin == data
    again = Settings(folder)  # on flash: the terminal finds it after a power cycle
    assert again.pin == data and pin.matches(again.pin, "2468")
    assert not pin.matches(again.pin, "2469")


def test_desk_records_verify():
    j = devsim.MemJournal()
    devsim.fill(j, 12, KEY, SHOE, badsig=(3,))
    for seq, rec in j.records_from(1):
        assert records.verify(rec, KEY, SHOE, j.journal_id) == (seq != 4)
        assert not records.verify(rec, KEY, SHOE, j.journal_id ^ 0x10)
        assert records.decode(rec)["seq"] == seq


def test_asyncio_task_serves_the_link():
    import asyncio
    link, j, pc, kbd = make(6)
    pc.host_nonce = b"N" * 16
    pc.write(pc.frame(wire.HELLO, 0, bytes([wire.VERSION]) + pc.host_nonce))
    pc.send(wire.PULL, 1, b"\x40\x00")

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
    fs = pc.frames()
    assert [f[0] for f in fs][:2] == [wire.INFO, wire.BEGIN] and fs[-1][:2] == (wire.END, 7)
    pc.took_info(fs[0][2])
    assert pc.proof_ok
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
    import shoe.journal as journal
    j = journal.Journal(_fresh_dir("/tmp/overplay_test_link_journal"))
    devsim.fill(j, 5, KEY, SHOE)
    buf = bytearray(records.MAX_RECORD)
    for i in range(2):  # dealt, not yet committed: a power cut could still take them
        assert j.append(buf, devsim.make_record(buf, 9, j.next_seq, j.boot, KEY, SHOE,
                                                j.journal_id)) == 0
    inp, out, kbd = Pipe(), Pipe(), Kbd()
    link = Link(inp, out, j, KEY, SHOE, Settings(None), kbd_intr=kbd)
    pc = Host(link, inp, out, KEY)
    info = pc.hello()
    assert info[4] == 6 and info[6] == j.journal_id and info[7] == 1
    # DONE may not say 8 yet: 6 and 7 are not on flash, and could be lost to a power cut
    assert pc.ask(wire.DONE, 8)[0][:2] == (wire.ERROR, 6)
    fs = pc.ask(wire.PULL, 1, b"\x40\x00")
    assert [s for s, _ in _records(fs)] == [1, 2, 3, 4, 5] and fs[-1][:2] == (wire.END, 6)
    assert j.commit()
    run(link)
    fs = frames(out)
    assert [s for s, _ in _records(fs)] == [6, 7] and fs[-1][:2] == (wire.END, 8)
    assert pc.ask(wire.DONE, 8) == [(wire.DONE_ACK, 8, b"")]
    assert j.synced_seq == 7
    j.close()

