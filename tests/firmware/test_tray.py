"""The trump slip on the tray tag, through the real driver on simulated chips (both
interpreters). The acceptance path: written at table 1, read and verified at table 2."""

import shoe.tray as T
import shoe.screens as screens
from drivers.mfrc522 import MFRC522
from sim.mfrc522 import SimMFRC522
from sim.tags import card_tag, legacy_tag, tray_tag, uid7
from overplay_core import handprint, trayslip
from overplay_core.cards import PACK_52, parse_card

KEY = b"the club's shared key, 32 bytes!"


def _table():
    sim = SimMFRC522()
    return sim, T.Tray(MFRC522(sim, sim.cs, sim.rst), KEY)


def _hp():
    seat = bytearray([0xFF] * 53)
    for i, c in enumerate(PACK_52):
        seat[c] = (i + 2) % 4
    out = bytearray(handprint.MAX_BYTES)
    n = handprint.pack(seat, PACK_52, out)
    return bytes(out[:n])


def test_slip_written_at_table_1_is_read_and_verified_at_table_2():
    sim1, tray1 = _table()
    sim2, tray2 = _table()
    tag = tray_tag(uid7(500, 12))
    sim1.enter(tag)
    qh = parse_card("QH")
    assert tray1.write_board(12, 1, 3, qh, _hp()) == T.OK
    assert tray1.slip["board"] == 12
    sim1.leave(tag)  # the board travels to the next table, as the paper slip did
    sim2.enter(tag)
    assert tray2.read_board() == T.OK
    s = tray2.slip
    assert (s["board"], s["game"], s["dealer"], s["trump"]) == (12, 1, 3, qh)
    assert s["handprint"] == _hp()
    assert screens.tray_line(T.OK) == "trump slip OK"


def test_a_hand_edited_tag_is_detected():
    sim1, tray1 = _table()
    sim2, tray2 = _table()
    tag = tray_tag(uid7(500, 13))
    sim1.enter(tag)
    assert tray1.write_board(13, 1, 0, parse_card("2C"), _hp()) == T.OK
    sim1.leave(tag)
    tag.mem[16 + 7] = parse_card("AS")  # someone rewrote the trump card byte (page 5)
    sim2.enter(tag)
    code = tray2.read_board()
    assert code == T.SLIP_ERROR_BASE + trayslip.BAD_AUTH
    assert tray2.slip is None
    assert "director" in screens.tray_line(code) and "\n" not in screens.tray_line(code)
    tag.mem[16 + 7] = parse_card("2C")  # put back: it verifies again
    assert tray2.read_board() == T.OK


def test_a_slip_signed_with_another_clubs_key_is_refused():
    sim, tray1 = _table()
    tag = tray_tag(uid7(500, 14))
    sim.enter(tag)
    assert tray1.write_board(14, 3, 1, None, b"") == T.OK
    other = T.Tray(tray1.reader, b"another club")
    assert other.read_board() == T.SLIP_ERROR_BASE + trayslip.BAD_AUTH


def test_tray_pulled_away_mid_write_reads_as_no_slip_not_as_tampering():
    sim, tray1 = _table()
    tag = tray_tag(uid7(500, 15))
    sim.enter(tag)
    assert tray1.write_board(15, 1, 2, 5, _hp()) == T.OK
    tag.write_budget = 4  # the next write stops after 4 pages: the tray left the reader
    assert tray1.write_board(16, 1, 2, 6, _hp()) == T.WRITE_FAILED
    code = tray1.read_board()
    assert code == T.SLIP_ERROR_BASE + trayslip.NO_SLIP
    assert "rewrite" in screens.tray_line(code)
    tag.write_budget = -1
    assert tray1.write_board(16, 1, 2, 6, _hp()) == T.OK  # written again: fine
    assert tray1.read_board() == T.OK and tray1.slip["board"] == 16


def test_no_tray_blank_tag_card_tag_and_two_tags():
    sim, tray1 = _table()
    assert tray1.read_board() == T.NO_TRAY
    assert "hold" in screens.tray_line(T.NO_TRAY)
    blank = tray_tag(uid7(500, 16))
    sim.enter(blank)
    assert tray1.read_board() == T.SLIP_ERROR_BASE + trayslip.NO_SLIP
    sim.leave(blank)
    old = legacy_tag(b"\x01\x02\x03\x04")
    sim.enter(old)
    assert tray1.read_board() == T.NOT_NTAG
    sim.leave(old)
    sim.enter(blank)
    sim.enter(card_tag(uid7(1, 1)))
    code = tray1.read_board()
    assert code == -1  # the driver's COLLISION
    assert "two tags" in screens.tray_line(code)


def test_the_shoe_transport_reads_and_writes_raw_slip_bytes():
    sim, tray1 = _table()
    tag = tray_tag(uid7(500, 17))
    sim.enter(tag)
    r = tray1.reader
    uid = bytearray(10)
    n = r.read_uid(uid)  # the shoe saw the tag in its poll and hands it over
    assert n == 7
    slip = bytearray(trayslip.USER_BYTES)
    ln = trayslip.encode(slip, 40, 2, 1, None, _hp(), KEY)
    assert tray1.write_slip(uid, n, slip, ln) == ln
    assert tag.user_bytes(ln) == bytes(slip[:ln])
    buf = bytearray(trayslip.USER_BYTES)
    assert tray1.read_slip(uid, n, buf) == ln
    assert trayslip.decode(buf[:ln], KEY)["board"] == 40
    stranger = bytearray(uid)
    stranger[6] ^= 1
    assert tray1.read_slip(stranger, 7, buf) == T.NO_TRAY  # not the tag the shoe saw


def test_write_verification_catches_a_tag_that_does_not_keep_data():
    sim, tray1 = _table()
    tag = tray_tag(uid7(500, 18))
    sim.enter(tag)
    real_write = tag._write

    def forgetful(p, frame):  # a worn-out tag: ACKs page 6 but keeps nothing there
        r = real_write(p, frame)
        if p == 6:
            for i in range(4):
                tag.mem[24 + i] = 0
        return r

    tag._write = forgetful
    assert tray1.write_board(18, 1, 0, 7, _hp()) == T.VERIFY_FAILED
    assert "again" in screens.tray_line(T.VERIFY_FAILED)


def test_a_genuine_slip_copied_into_another_session_is_refused():
    sim1, tray1 = _table()
    tray1.session = 41  # last week's session
    tag = tray_tag(uid7(500, 19))
    sim1.enter(tag)
    assert tray1.write_board(19, 1, 2, 9, _hp()) == T.OK
    sim1.leave(tag)
    copy = tray_tag(uid7(500, 20))  # this week's tray of board 19, the old slip copied on
    for i in range(16, 16 + trayslip.MAX_LEN):
        copy.mem[i] = tag.mem[i]
    sim2 = SimMFRC522()
    tonight = T.Tray(MFRC522(sim2, sim2.cs, sim2.rst), KEY, 42)
    sim2.enter(copy)
    code = tonight.read_board()
    assert code == T.OTHER_SESSION == -46 and tonight.slip is None
    msg = screens.tray_line(code)
    assert "another session" in msg and "director" in msg and "\n" not in msg
    tray1.session = 42  # rewritten at tonight's original deal: fine again
    sim2.leave(copy)
    sim1.enter(copy)
    assert tray1.write_board(19, 1, 2, 9, _hp()) == T.OK
    sim1.leave(copy)
    sim2.enter(copy)
    assert tonight.read_board() == T.OK and tonight.slip["session"] == 42


class _Settings:
    def __init__(self, key, slip_key, setup, session_id):
        self.key, self.slip_key, self.setup, self.session_id = key, slip_key, setup, session_id


class _Board:
    def __init__(self, slip_key=None, session_id=0):
        self.reader = None
        self.slip_key, self.session_id = slip_key, session_id


def test_the_shoes_tray_takes_the_club_slip_key_not_the_record_key():
    rec = b"r" * 32
    t = T.Tray.on_board(_Board(), _Settings(rec, KEY, b"set-up", 7), rec)
    assert (t.key, t.session) == (KEY, 7)
    t = T.Tray.on_board(_Board(), _Settings(rec, None, None, 0), rec)
    assert (t.key, t.session) == (rec, 0)  # enrolled before the slip key: as before
    t = T.Tray.on_board(_Board(KEY, 3), None, rec)  # no link in this build: the board's
    assert (t.key, t.session) == (KEY, 3)
    t = T.Tray.on_board(_Board(), _Settings(None, None, None, 0), None)  # not enrolled
    assert (t.key, t.session) == (None, 0)
    t.take(_Settings(rec, KEY, b"set-up", 9))  # enrolled and set up while running
    assert (t.key, t.session) == (KEY, 9)


def test_slip_buffer_holds_the_longest_slip_in_whole_reads():
    # 16 bytes a READ (4 pages); the longest slip is 49 bytes: 64, not the tag's 144
    # (the shoe's slip buffer is made SLIP_BUF long: test_shoe.py)
    assert T.SLIP_BUF % 16 == 0 and trayslip.MAX_LEN <= T.SLIP_BUF < trayslip.MAX_LEN + 16


def test_a_header_claiming_a_longer_slip_is_read_to_the_buffer_and_refused():
    sim, tray1 = _table()
    tag = tray_tag(uid7(500, 19))
    sim.enter(tag)
    uid = bytearray(10)
    n = tray1.reader.read_uid(uid)
    slip = bytearray(T.SLIP_BUF)
    ln = trayslip.encode(slip, 40, 2, 1, None, _hp(), KEY)
    assert tray1.write_slip(uid, n, slip, ln) == ln
    assert tray1.write_slip(uid, n, bytearray(100), 100) == T.WRITE_FAILED  # no slip is that long
    tag.mem[16 + 8] = 120  # handprint length byte (page 4 is mem[16]): a slip of 149 bytes
    buf = bytearray(T.SLIP_BUF)
    got = tray1.read_slip(uid, n, buf)
    assert got == T.SLIP_BUF
    assert trayslip.check(memoryview(buf)[:got], KEY) == trayslip.BAD_AUTH
