"""The simulated MFRC522 at register level, its virtual tags and the scripted dealer
(both interpreters). The driver's own tests are in test_mfrc522.py."""

from drivers import mfrc522
from drivers.mfrc522 import MFRC522
from sim.mfrc522 import SimMFRC522
from sim.tags import ScriptedDealer, card_tag, card_tag_int, crc_a, pack_tags, tray_tag, uid7
from sim.tags import ACTIVE, HALT, IDLE


def _rd(sim, reg):
    out = bytearray([0x80 | (reg << 1), 0])
    into = bytearray(2)
    sim.cs(0)
    sim.write_readinto(out, into)
    sim.cs(1)
    return into[1]


def _wr(sim, reg, *values):
    sim.cs(0)
    sim.write(bytes([reg << 1] + list(values)))
    sim.cs(1)


def test_crc_a_vectors():
    assert crc_a(b"\x50\x00", 2) == 0xCD57  # HLTA 50 00 57 CD
    assert crc_a(b"\x30\x00", 2) == 0xA802  # READ 0: 30 00 02 A8


def test_register_bursts_fifo_and_crc_coprocessor():
    sim = SimMFRC522()
    assert _rd(sim, 0x37) == 0x92
    _wr(sim, 0x11, 0x3D)  # ModeReg: CRC preset 6363
    _wr(sim, 0x09, 0x50, 0x00)  # a write burst: both bytes into the FIFO
    assert _rd(sim, 0x0A) == 2
    _wr(sim, 0x01, 0x03)  # CalcCRC
    assert _rd(sim, 0x05) & 0x04  # CRCIRq
    assert (_rd(sim, 0x22), _rd(sim, 0x21)) == (0x57, 0xCD)
    # a read burst: each byte names the register answered in the next one
    out = bytearray([0x80 | (0x37 << 1), 0x80 | (0x11 << 1), 0])
    into = bytearray(3)
    sim.cs(0)
    sim.write_readinto(out, into)
    sim.cs(1)
    assert into[1] == 0x92 and into[2] == 0x3D


def test_irq_set1_semantics_and_soft_reset():
    sim = SimMFRC522()
    _wr(sim, 0x04, 0x7F)
    assert _rd(sim, 0x04) == 0
    _wr(sim, 0x04, 0x80 | 0x21)
    assert _rd(sim, 0x04) == 0x21
    _wr(sim, 0x2C, 0x12)
    _wr(sim, 0x01, 0x0F)  # SoftReset
    assert _rd(sim, 0x2C) == 0 and _rd(sim, 0x11) == 0x3F


def test_cs_high_and_reset_low_are_not_heard():
    sim = SimMFRC522()
    sim.cs(1)
    out = bytearray([0x80 | (0x37 << 1), 0])
    into = bytearray(2)
    sim.write_readinto(out, into)
    assert into[1] == 0 and sim.ignored == 1
    sim.rst(0)
    assert _rd(sim, 0x37) == 0  # power-down: MISO idle
    sim.rst(1)
    assert _rd(sim, 0x37) == 0x92


def test_tags_need_the_carrier_and_100_percent_ask():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    t = card_tag(uid7(1, 1))
    sim.enter(t)
    uid = bytearray(10)
    _wr(sim, 0x15, 0x00)  # TxASKReg without Force100ASK: the tag cannot decode the reader
    assert r.read_uid(uid) == 0
    _wr(sim, 0x15, 0x40)
    assert r.read_uid(uid) == 7
    r.halt()
    assert t.state == HALT
    r.antenna(False)  # carrier off: the tag loses power and forgets HALT
    assert t.state == IDLE
    r.antenna(True)
    assert r.read_uid(uid) == 7 and t.state == ACTIVE


def test_an_answer_slower_than_the_timer_is_lost():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    t = tray_tag(uid7(2, 2))
    sim.enter(t)
    uid = bytearray(10)
    r.read_uid(uid)
    r._timer(40)  # 1 ms: shorter than the ~4.1 ms an NTAG WRITE takes
    r._reload = 400  # make the driver believe its usual 10 ms is set
    assert r.write_page(4, b"abcd") == mfrc522.TIMEOUT
    assert sim.air_us > 1000


def test_collision_sets_collerr_and_collpos():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    sim.enter(card_tag(bytes([4, 1, 2, 3, 4, 5, 6])))
    sim.enter(card_tag(bytes([4, 1, 3, 3, 4, 5, 6])))  # first difference: byte 3 of CL1 bit 0
    uid = bytearray(10)
    assert r.read_uid(uid) == mfrc522.COLLISION
    assert _rd(sim, 0x06) & 0x08
    assert _rd(sim, 0x0E) & 0x1F == 25  # CT, 04, 01 agree: bit 25 (1-based) collides


def test_scripted_dealer_passes_cards_one_by_one():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    tags = pack_tags(3, range(10))
    dealer = ScriptedDealer(sim, tags, dwell=3, gap=1)
    uid = bytearray(10)
    order = []
    polls = 0
    while not dealer.done:
        n = r.read_uid(uid)
        polls += 1
        if n > 0:
            order.append(uid[5])
            r.halt()  # HLTA: the same card is not read again while it lingers
    assert order == list(range(10))
    assert polls == 10 * (3 + 1)


def test_without_halt_a_lingering_card_is_read_again():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    dealer = ScriptedDealer(sim, [card_tag(uid7(4, 1))], dwell=4, gap=0)
    uid = bytearray(10)
    reads = 0
    while not dealer.done:
        if r.read_uid(uid) > 0:
            reads += 1
    assert reads == 2  # selected tags drop to IDLE at the next REQA and answer the one after


def test_two_cards_at_once_and_manual_steps():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    tags = [card_tag(uid7(5, i)) for i in range(4)]
    dealer = ScriptedDealer(sim, tags, dwell=2, gap=1, together=(1,))
    uid = bytearray(10)
    results = []
    while not dealer.done:
        n = r.read_uid(uid)
        if n != 0:
            results.append(n)
            if n > 0:
                r.halt()
    assert results == [7, mfrc522.COLLISION, 7]
    d2 = ScriptedDealer(sim, tags[:2])
    assert d2.step() == 0 and sim.in_field(tags[0])
    assert d2.step() == 1 and not sim.in_field(tags[0]) and sim.in_field(tags[1])
    assert d2.step() == -1 and d2.done and sim.count == 0


def test_scripted_dealer_restarts_over_a_list_reordered_in_place():
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    tags = [card_tag_int(uid7(7, i)) for i in range(6)]
    uid = bytearray(10)

    def dealt(d):
        got = []
        while not d.done:
            if r.read_uid(uid) > 0:
                got.append(uid[5])
                r.halt()
        return got

    d = ScriptedDealer(sim, tags, dwell=2, gap=1)
    assert dealt(d) == [0, 1, 2, 3, 4, 5] and sim.count == 0
    tags.reverse()  # a shuffle, in place: the same dealer deals the list as it is now
    d.start(4)  # the first 4 only (a deal of fewer cards than the pack)
    assert sim.script is d and dealt(d) == [5, 4, 3, 2] and sim.count == 0
    d.start(0)
    assert d.done
