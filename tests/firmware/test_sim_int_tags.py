"""Int card tags (sim_tags.card_tag_int) in the simulated chip's field answer exactly as Tag
objects with the same UID do (both interpreters). Frames go through the chip's registers
(Transceive), so each answer is compared as the driver would receive it."""

from drivers import mfrc522
from drivers.mfrc522 import MFRC522
from sim.mfrc522 import SimMFRC522
from sim.tags import card_tag, card_tag_int, crc_a, uid7
from radio_fakes import heap_locked

UID = uid7(3, 41)


def _wr(sim, reg, *values):
    sim.cs(0)
    sim.write(bytes([reg << 1] + list(values)))
    sim.cs(1)


def _rd(sim, reg):
    into = bytearray(2)
    sim.cs(0)
    sim.write_readinto(bytearray([0x80 | (reg << 1), 0]), into)
    sim.cs(1)
    return into[1]


def _chip():
    sim = SimMFRC522()
    _wr(sim, 0x14, 0x83)  # TxControlReg: carrier on
    _wr(sim, 0x15, 0x40)  # TxASKReg: Force100ASK (tags hear the reader)
    return sim


def _frame(sim, data, bits=0, crc=False):
    """Send data (the last byte `bits` bits long, 0 = 8) by Transceive; return what came
    back: (FIFO bytes, ErrorReg, RxLastBits, CollReg)."""
    data = list(data)
    if crc:
        c = crc_a(bytes(data), len(data))
        data += [c & 0xFF, c >> 8]
    _wr(sim, 0x04, 0x7F)  # clear the IRQ bits
    _wr(sim, 0x0A, 0x80)  # flush the FIFO
    _wr(sim, 0x09, *data)
    _wr(sim, 0x01, 0x0C)  # Transceive
    _wr(sim, 0x0D, 0x80 | bits)  # StartSend
    n = _rd(sim, 0x0A)
    got = bytes([_rd(sim, 0x09) for _ in range(n)])
    return got, _rd(sim, 0x06), _rd(sim, 0x0C) & 7, _rd(sim, 0x0E)


def _transcript(tag):
    """Every answer of one tag through a life in the field: wake, select both cascade
    levels, READ, GET_VERSION, NAKs, HLTA, REQA/WUPA from HALT, a stray frame, leave.
    Returns [(step name, (answer, ErrorReg, RxLastBits, CollReg))]."""
    sim = _chip()
    sim.enter(tag)
    out = []

    def f(name, data, bits=0, crc=False):
        out.append((name, _frame(sim, data, bits, crc)))
        return out[-1][1][0]

    def select(name):
        f(name + " wupa", [0x52], 7)
        f(name + " sel1", [0x93, 0x70] + list(cl1), crc=True)
        f(name + " sel2", [0x95, 0x70] + list(cl2), crc=True)

    f("reqa", [0x26], 7)
    cl1 = f("anticoll1", [0x93, 0x20])  # CT + 3 UID bytes + BCC
    f("partial", [0x93, 0x21, cl1[0]])  # an NVB with partial bits: not modelled, silence
    f("known2", [0x93, 0x40] + list(cl1[:2]))  # 2 bytes known: the other 3 come back
    f("sel1", [0x93, 0x70] + list(cl1), crc=True)  # SAK with the cascade bit
    cl2 = f("anticoll2", [0x95, 0x20])
    f("sel2", [0x95, 0x70] + list(cl2), crc=True)  # SAK 00 (NTAG): ACTIVE
    f("read0", [0x30, 0], crc=True)  # UID, BCCs, lock bytes, capability container
    f("read4", [0x30, 4], crc=True)
    f("read43", [0x30, 43], crc=True)  # rolls over past page 44 to page 0
    f("version", [0x60], crc=True)
    f("read45", [0x30, 45], crc=True)  # past the end: NAK 0x0, back to IDLE
    f("read_idle", [0x30, 0], crc=True)  # IDLE: silent
    select("again")
    f("bad_crc", [0x30, 0, 0, 0])  # NAK 0x1
    select("halt")
    f("hlta", [0x50, 0], crc=True)  # silent, HALT
    f("reqa_halted", [0x26], 7)  # a halted tag keeps quiet
    f("wupa_halted", [0x52], 7)  # WUPA wakes it
    f("stray", [0x30, 0], crc=True)  # not a READY1 frame: back to HALT (woken from there)
    f("reqa_stray", [0x26], 7)
    select("last")
    f("hlta2", [0x50, 0], crc=True)
    sim.leave(tag)
    f("gone", [0x52], 7)  # out of the field: nobody answers
    sim.enter(tag)
    f("back", [0x26], 7)  # powered again: IDLE, HALT forgotten, REQA answered
    return out


def test_int_card_tag_and_tag_give_the_same_answers():
    t = _transcript(card_tag(UID))
    i = _transcript(card_tag_int(UID))
    for k in range(len(t)):
        assert t[k] == i[k], (t[k], i[k])
    a = {}
    for name, r in t:
        a[name] = r[0]
    assert a["reqa"] == b"\x44\x00"  # ATQA of a 7-byte UID
    assert a["anticoll1"] == bytes([0x88, 4, 0, 3, 0x88 ^ 4 ^ 0 ^ 3])
    assert a["partial"] == b"" and a["known2"] == a["anticoll1"][2:]
    assert a["sel1"][0] == 0x04 and a["sel2"][0] == 0x00  # SAK: cascade, then complete
    assert a["anticoll2"][:4] == UID[3:7]
    r0 = a["read0"]
    assert len(r0) == 18 and r0[:3] == UID[:3] and r0[4:8] == UID[3:7]
    assert r0[12:16] == b"\xe1\x10\x12\x00"  # NTAG213 capability container
    assert a["read4"][:16] == bytes(16) and a["read43"][8:16] == r0[:8]
    assert a["version"][:8] == b"\x00\x04\x04\x02\x01\x00\x0f\x03"
    assert a["read45"] == b"\x00" and a["read_idle"] == b"" and a["bad_crc"] == b"\x01"
    assert a["again sel2"][0] == 0x00
    assert a["hlta"] == b"" and a["reqa_halted"] == b"" and a["wupa_halted"] == b"\x44\x00"
    assert a["stray"] == b"" and a["reqa_stray"] == b"" and a["last sel2"][0] == 0x00
    assert a["gone"] == b"" and a["back"] == b"\x44\x00"


def test_an_int_card_tag_keeps_no_memory():
    sim = _chip()
    r = MFRC522(sim, sim.cs, sim.rst)
    sim.enter(card_tag_int(UID))
    other = card_tag_int(uid7(3, 42))
    uid = bytearray(10)
    assert r.read_uid(uid) == 7 and bytes(uid[:7]) == UID
    assert r.write_page(4, b"abcd") == mfrc522.NAK  # no memory to keep it in
    assert r.read_uid(uid) == 7  # a NAK sent it back to IDLE
    page = bytearray(16)
    assert r.read_page(4, page) == 0 and page == bytearray(16)
    assert r.read_page(0, page) == 0 and bytes(page[:3]) == UID[:3]
    sim.clear()
    sim.enter(other)  # the flyweight's memory reads as this card's now
    assert r.read_uid(uid) == 7

    def hot(r=r, page=page):  # its memory made once: a READ allocates nothing after that
        return r.read_page(0, page)

    assert heap_locked(hot) in (None, (0,))
    assert page[2] == 3 and page[6] == 42


def test_halt_is_forgotten_when_an_int_tag_leaves_the_field():
    sim = _chip()
    r = MFRC522(sim, sim.cs, sim.rst)
    a = card_tag_int(uid7(3, 1))
    b = card_tag_int(uid7(3, 2))
    uid = bytearray(10)
    sim.enter(a)
    sim.enter(b)
    sim.leave(a)
    sim.leave(a)  # not in the field: nothing happens
    assert sim.count == 1 and sim.in_field(b) and not sim.in_field(a)
    assert r.read_uid(uid) == 7 and uid[6] == 0x80 | 3 and uid[5] == 2
    r.halt()
    assert r.read_uid(uid) == 0  # halted, still in the field
    sim.enter(a)  # a takes the next slot: IDLE, whatever that slot held before
    assert r.read_uid(uid) == 7 and uid[5] == 1
    r.halt()
    assert r.read_uid(uid) == 0
    sim.leave(b)
    sim.enter(b)  # b back in the field: powered again, IDLE
    assert r.read_uid(uid) == 7 and uid[5] == 2
    r.antenna(False)  # carrier off: a (halted, still in the field) loses power too
    r.antenna(True)
    assert r.read_uid(uid) == mfrc522.COLLISION  # both answer REQA again


def test_two_int_tags_collide_as_two_tags_do():
    got = []
    for make in (card_tag, card_tag_int):
        sim = _chip()
        r = MFRC522(sim, sim.cs, sim.rst)
        sim.enter(make(bytes([4, 1, 2, 3, 4, 5, 6])))
        sim.enter(make(bytes([4, 1, 3, 3, 4, 5, 6])))  # differ first at CL1 bit 25
        uid = bytearray(10)
        got.append((sim.count, r.read_uid(uid), _rd(sim, 0x06) & 0x08, _rd(sim, 0x0E) & 0x1F))
    assert got[0] == got[1] == (2, mfrc522.COLLISION, 0x08, 25)
    sim = _chip()  # an int is its UID: entering the same card twice leaves one in the field
    sim.enter(card_tag_int(bytes([4, 1, 3, 3, 4, 5, 6])))
    sim.enter(card_tag_int(bytes([4, 1, 3, 3, 4, 5, 6])))
    assert sim.count == 1 and MFRC522(sim, sim.cs, sim.rst).read_uid(bytearray(10)) == 7
    sim = _chip()  # a Tag and an int with different UIDs collide too
    r = MFRC522(sim, sim.cs, sim.rst)
    sim.enter(card_tag(bytes([4, 1, 2, 3, 4, 5, 6])))
    sim.enter(card_tag_int(bytes([4, 1, 3, 3, 4, 5, 6])))
    assert r.read_uid(bytearray(10)) == mfrc522.COLLISION and _rd(sim, 0x0E) & 0x1F == 25


def test_card_tag_int_is_the_packed_uid_and_checks_it():
    assert card_tag_int(UID) == card_tag(UID).u
    assert card_tag_int(b"\x12\x34\x56\x78") == (4 << 56) | 0x12345678
    for bad in (b"\x04\x01\x02", b"\x88\x01\x02\x03"):
        try:
            card_tag_int(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (bad,))
