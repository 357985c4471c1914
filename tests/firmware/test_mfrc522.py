"""The MFRC522 driver, driven against the register-level simulated chip (both interpreters)."""

from drivers import mfrc522
from drivers.mfrc522 import MFRC522
from sim.mfrc522 import SimMFRC522
from sim.tags import card_tag, card_tag_int, legacy_tag, tray_tag, uid7
from radio_fakes import DeadSPI, FakePin, RecordingSPI, heap_locked


def _reader():
    sim = SimMFRC522()
    return sim, MFRC522(sim, sim.cs, sim.rst)


def test_init_reads_the_version_and_talks_only_with_cs_low():
    sim, r = _reader()
    assert r.version == 0x92
    uid = bytearray(10)
    sim.enter(card_tag(uid7(1, 2)))
    assert r.read_uid(uid) == 7
    assert sim.ignored == 0 and sim.cs.v == 1


def test_pins_may_be_plain_callables():
    sim = SimMFRC522()
    levels = []

    def cs(v):
        levels.append(v)
        sim.cs(v)

    r = MFRC522(sim, cs, FakePin())
    assert r.version == 0x92
    assert levels[0] == 1 and 0 in levels and levels[-1] == 1


def test_no_chip_on_the_bus_is_a_chip_error_not_a_hang():
    spi = DeadSPI()
    r = MFRC522(spi, FakePin(), FakePin())
    assert r.version == mfrc522.CHIP_ERROR
    uid = bytearray(10)
    assert r.read_uid(uid) == mfrc522.CHIP_ERROR
    assert spi.transfers < 10000


def test_seven_and_four_byte_uids():
    sim, r = _reader()
    uid = bytearray(10)
    assert r.read_uid(uid) == mfrc522.NO_TAG
    t = card_tag(uid7(300, 70000))
    sim.enter(t)
    assert r.read_uid(uid) == 7 and bytes(uid[:7]) == t.uid
    sim.leave(t)
    old = legacy_tag(b"\xde\xad\xbe\xef")
    sim.enter(old)
    assert r.read_uid(uid) == 4 and bytes(uid[:4]) == b"\xde\xad\xbe\xef"


def test_two_tags_in_the_field_are_a_collision():
    sim, r = _reader()
    sim.enter(card_tag(uid7(1, 1)))
    sim.enter(card_tag(uid7(1, 2)))
    uid = bytearray(10)
    assert r.read_uid(uid) == mfrc522.COLLISION
    import shoe.screens as screens  # the words for people: with every other line the panel shows

    assert screens.READER_ERRORS[mfrc522.COLLISION] == "two tags in the field"


def test_halt_keeps_a_read_card_quiet_until_it_leaves_the_field():
    sim, r = _reader()
    t = card_tag(uid7(2, 9))
    sim.enter(t)
    uid = bytearray(10)
    assert r.read_uid(uid) == 7
    assert r.halt() == mfrc522.OK
    assert r.read_uid(uid) == 0 and r.read_uid(uid) == 0
    assert r.read_uid(uid, True) == 7  # WUPA wakes a halted tag
    r.halt()
    sim.leave(t)
    sim.enter(t)  # back in the field: powered up again, so REQA sees it
    assert r.read_uid(uid) == 7


def test_hlta_and_read_frames_carry_the_coprocessor_crc():
    sim, r = _reader()
    sim.enter(card_tag(uid7(3, 3)))
    uid = bytearray(10)
    r.read_uid(uid)
    r.halt()
    assert bytes(sim.sent[:4]) == b"\x50\x00\x57\xcd"  # ISO 14443-3 HLTA with CRC_A
    r.read_uid(uid, True)
    buf = bytearray(16)
    assert r.read_page(0, buf) == mfrc522.OK
    assert bytes(sim.sent[:4]) == b"\x30\x00\x02\xa8"  # READ page 0 with CRC_A


def test_read_and_write_pages():
    sim, r = _reader()
    t = tray_tag(uid7(9, 9))
    sim.enter(t)
    uid = bytearray(10)
    assert r.read_uid(uid) == 7
    buf = bytearray(16)
    assert r.read_page(0, buf) == mfrc522.OK
    assert bytes(buf[0:3]) == t.uid[0:3] and bytes(buf[4:8]) == t.uid[3:7]
    assert r.write_page(5, b"WXYZ") == mfrc522.OK
    assert t.page(5) == b"WXYZ"
    assert r.read_page(4, buf) == mfrc522.OK and bytes(buf[4:8]) == b"WXYZ"
    assert r.write_page(0, b"\x00\x00\x00\x00") == mfrc522.NAK  # UID page: read-only
    assert r.read_uid(uid, True) == 7  # a NAK sends the tag back to IDLE: select again
    assert r.read_page(45, buf) == mfrc522.NAK
    assert r.read_uid(uid, True) == 7
    assert r.read_page(43, buf) == mfrc522.OK  # READ rolls over past the last page
    assert bytes(buf[8:12]) == t.page(0)


def test_page_commands_need_a_selected_tag():
    sim, r = _reader()
    t = card_tag(uid7(4, 4))
    sim.enter(t)
    buf = bytearray(16)
    assert r.read_page(4, buf) == mfrc522.TIMEOUT  # IDLE tags ignore READ
    assert r.write_page(4, b"abcd") == mfrc522.TIMEOUT
    assert t.page(4) == b"\x00\x00\x00\x00"


def test_a_tag_pulled_away_mid_write_times_out():
    sim, r = _reader()
    t = tray_tag(uid7(5, 5))
    t.write_budget = 1
    sim.enter(t)
    uid = bytearray(10)
    r.read_uid(uid)
    assert r.write_page(4, b"1234") == mfrc522.OK
    assert r.write_page(5, b"5678") == mfrc522.TIMEOUT
    assert t.page(5) == b"\x00\x00\x00\x00"


def test_protocol_on_the_wire_starts_with_soft_reset_and_sets_100_percent_ask():
    sim = SimMFRC522()
    rec = RecordingSPI(sim)
    MFRC522(rec, sim.cs, sim.rst)
    writes = [o for o, i in rec.log if not o[0] & 0x80]
    assert writes[0] == bytes([0x01 << 1, 0x0F])  # CommandReg <- SoftReset
    assert bytes([0x15 << 1, 0x40]) in writes  # TxASKReg <- Force100ASK
    assert bytes([0x11 << 1, 0x3D]) in writes  # ModeReg <- CRC preset 0x6363
    reads = [o for o, i in rec.log if o[0] & 0x80]
    assert bytes([0x80 | (0x37 << 1), 0]) in reads  # VersionReg


def test_read_uid_and_halt_allocate_nothing():
    # the same with Tag objects and with the int card tags a session deals (sim_tags)
    for make in (card_tag, card_tag_int):
        sim, r = _reader()
        tags = [make(uid7(6, i)) for i in range(3)]
        uid = bytearray(10)
        out = bytearray(8)

        def hot(sim=sim, r=r, tags=tags, uid=uid, out=out):
            k = 0
            for i in range(3):
                sim.enter(tags[i])
                out[k] = r.read_uid(uid) & 0xFF
                r.halt()
                out[k + 1] = r.read_uid(uid) & 0xFF
                sim.leave(tags[i])
                k += 2
            out[6] = r.read_uid(uid) & 0xFF
            sim.enter(tags[0])
            sim.enter(tags[1])
            out[7] = r.read_uid(uid) & 0xFF
            return k

        heap_locked(hot)
        assert list(out) == [7, 0, 7, 0, 7, 0, 0, mfrc522.COLLISION & 0xFF], make


class _NoisyTag(card_tag(uid7(1, 1)).__class__):
    """A tag whose answers to one command arrive with a bit flipped in their CRC_A."""

    spoil = -1  # command byte (frame[0]) whose answer is spoiled; 0x93/0x95: the SAK

    def answer(self, frame, nbits):
        bits = super().answer(frame, nbits)
        if bits >= 24 and frame[0] == self.spoil and (frame[0] == 0x30 or frame[1] == 0x70):
            self.resp[(bits >> 3) - 1] ^= 0x01  # the CRC_A's high byte
        return bits


def _spi_transfers(r, call):
    """call(); its result, and the SPI transfers and bytes it took."""
    spi = r._spi
    rec = r._spi = RecordingSPI(spi)
    try:
        got = call()
    finally:
        r._spi = spi
    return got, len(rec.log), sum(len(o) for o, i in rec.log)


def test_a_card_costs_at_most_36_spi_transfers():
    # Each transfer is thousands of Pico cycles: REQA, two anticollision + select levels and
    # HLTA take 35 (119 with CalcCRC for every CRC_A and a register a transfer)
    sim, r = _reader()
    uid = bytearray(10)
    sim.enter(card_tag(uid7(8, 1)))
    got, n, nbytes = _spi_transfers(r, lambda: r.read_uid(uid))
    assert got == 7
    halted, m, mbytes = _spi_transfers(r, r.halt)
    assert halted == mfrc522.OK
    assert n + m <= 36 and nbytes + mbytes <= 120, (n, m, nbytes, mbytes)
    got, n, nbytes = _spi_transfers(r, lambda: r.read_uid(uid))  # nobody left to answer REQA
    assert got == mfrc522.NO_TAG and n <= 8, n
    sim.leave(sim.field[0])
    sim.enter(card_tag(uid7(8, 2)))
    assert r.read_uid(uid) == 7 and bytes(uid[:7]) == uid7(8, 2)  # after a no-tag poll too


def test_a_spoiled_crc_is_a_crc_error_and_the_next_read_is_clean():
    for spoil in (0x93, 0x95):  # the SAK of cascade level 1 or 2
        sim, r = _reader()
        t = _NoisyTag(uid7(9, 3))
        t.spoil = spoil
        sim.enter(t)
        uid = bytearray(10)
        assert r.read_uid(uid) == mfrc522.CRC_ERROR, spoil
        t.spoil = -1
        # the tag was left selected (ISO 14443-3: it then ignores one WUPA, back to IDLE)
        assert r.read_uid(uid, True) == mfrc522.NO_TAG
        assert r.read_uid(uid, True) == 7 and bytes(uid[:7]) == uid7(9, 3)
    t.spoil = 0x30  # a READ answer: RxCRCEn finds it
    buf = bytearray(16)
    assert r.read_page(4, buf) == mfrc522.CRC_ERROR
    t.spoil = -1
    assert r.read_page(0, buf) == mfrc522.OK  # the READ answer was whole: still selected
    assert bytes(buf[:3]) == uid7(9, 3)[:3]


def test_the_chip_rests_in_idle_after_a_poll_that_found_nothing():
    sim, r = _reader()
    uid = bytearray(10)
    assert r.read_uid(uid) == mfrc522.NO_TAG
    assert sim.regs[0x01] & 0x0F == 0x00  # CommandReg: Idle, not left receiving
    assert sim.level == 0  # nothing left in the FIFO


def test_pages_then_cards_then_a_reinit_keep_reading():
    # the CRC_A settings a READ or WRITE leaves do not reach REQA and anticollision frames,
    # and init() (a reset of the chip) starts the driver's view of it afresh
    sim, r = _reader()
    tray = tray_tag(uid7(7, 7))
    sim.enter(tray)
    uid = bytearray(10)
    buf = bytearray(16)
    assert r.read_uid(uid) == 7 and r.read_page(4, buf) == mfrc522.OK
    assert r.write_page(6, b"abcd") == mfrc522.OK and r.halt() == mfrc522.OK
    sim.leave(tray)
    card = card_tag(uid7(7, 8))
    sim.enter(card)
    assert r.read_uid(uid) == 7 and bytes(uid[:7]) == uid7(7, 8)
    assert r.init() == 0x92
    assert r.read_uid(uid) == 7  # init() switched the carrier off and on: the card is IDLE
    assert r.read_page(4, buf) == mfrc522.OK
    assert bytes(sim.sent[:2]) == b"\x30\x04" and sim.sent_bits == 32  # READ + its CRC_A
