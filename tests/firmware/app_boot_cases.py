"""The shoe boots whatever is on flash (issue #10, item 3), and re-keying opens only by an act
at the shoe (item 4), the whole app: a damaged deck, key, set-up, PIN or journal file never
stops the boot; the shoe shows what is wrong and what to do (16 columns a line), keeps the
link up so the club PC can sync and enrol it again, and records the fault (EVENT file_fault,
a = faults.FILE_*, b = faults.FAULT_*). Plain functions for both interpreters; run by
tests/host/test_app_robust.py (not 128 KB: see app_setup_cases.py)."""

import os

from app_fakes import board, close, deal, enrol, journal, screen  # noqa: I001
import shoe.app as A
import shoe.faults as F
import shoe.settings as settings
from shoe.deck import Deck
from sim.tags import uid7
from overplay_core import records, session, wire
import shoe.states as ST


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def boot(b, **kw):
    a = A.App(b, game=1, poll_ms=0, display_ms=0, **kw)
    assert a.settings is not None  # its link task runs: the club PC can sync and enrol it
    return a


def file_faults(a):
    return [(e["a"], e["b"]) for e in journal(a, records.EVENT, records.EV_FILE_FAULT)]


def a_deck_file(b):
    d = Deck(b.path("decks", "decks.bin"))
    for c in range(52):
        d.enrol(uid7(1, c), 7, c, 1)
    d.save()
    return read(d.path)


def test_an_empty_truncated_or_bit_flipped_deck_file_boots_and_says_so():
    good = a_deck_file(board())
    flipped = bytearray(good)
    flipped[40] ^= 0x04
    for data in (b"", good[:len(good) // 2], bytes(flipped)):
        b = board()
        write(b.path("decks", "decks.bin"), data)
        a = boot(b)  # was: ValueError out of App.__init__, nothing on the screen, no link
        lines = screen(a)
        assert "deck file bad:" in lines and "enrol decks" in lines
        assert file_faults(a) == [(F.FILE_DECKS, F.FAULT_DAMAGED)]
        assert a.deck.entries == 0
        # enrolling the deck again puts it right: the alert goes, the file is good again
        a.command(A.CMD_ENROL, 1)
        a.deal_once()
        for c in a.profile.pack:
            a.shoe.on_uid(uid7(1, c), 7)
            a.deal_once()
        assert "deck file bad:" not in screen(a)
        assert Deck(b.path("decks", "decks.bin")).entries == 52
        close(a)


def test_a_folder_where_a_file_should_be_is_unreadable_and_set_right():
    b = board()
    os.mkdir(b.path("decks", "decks.bin"))
    os.mkdir(b.root + "/journal")
    os.mkdir(b.root + "/journal/s0000000001.log")  # was: EISDIR out of App.__init__
    a = boot(b)
    assert sorted(file_faults(a)) == [(F.FILE_DECKS, F.FAULT_UNREADABLE),
                                      (F.FILE_JOURNAL, F.FAULT_DAMAGED)]
    enrol(a)
    assert deal(a)  # the journal goes on: the deal is recorded
    assert len(journal(a, records.DEAL)) == 1
    close(a)


def test_a_key_file_of_the_wrong_length_is_refused_and_the_shoe_asks_to_be_enrolled():
    b = board(key=None)  # a real board refuses a damaged key.bin too (shoe.board.build)
    write(b.root + "/key.bin", b"\x07\x00\x00\x00abcdef")  # 10 bytes
    a = boot(b)
    assert a.shoe.key is None and a.settings.key is None  # never a 6-byte key
    assert "key file bad:" in screen(a) and "enrol this shoe" in screen(a)
    assert not deal(a)
    assert "enrol this shoe" in screen(a)
    # the club PC enrols it again over the link: the fault is recorded, signed by the new key
    a.settings.save_key(7, b"n" * 32, b"s" * 32)
    a._on_settings(wire.ENROLL)
    assert a.shoe.key == b"n" * 32
    assert file_faults(a) == [(F.FILE_KEY, F.FAULT_DAMAGED)]
    assert "key file bad:" not in screen(a)
    enrol(a)
    assert deal(a) and len(journal(a, records.DEAL)) == 1
    close(a)


def test_a_damaged_setup_stops_the_dealing_until_the_club_pc_pushes_one():
    b = board()
    write(b.root + "/session.bin", b"\x01garbage")
    a = A.App(b, poll_ms=0, display_ms=0)
    enrol(a)
    assert not deal(a)  # not whist by default: the club PC may have meant another game
    assert "set-up unusable:" in screen(a) and "push session" in screen(a)
    assert file_faults(a) == [(F.FILE_SESSION, F.FAULT_DAMAGED)]
    a.settings.save_setup(session.encode(5, 3, 0, 1, 8, 1, 2, session.MITCHELL))
    a._on_settings(wire.SESSION_SET)
    assert deal(a) and [d["game"] for d in journal(a, records.DEAL)] == [3]
    close(a)


def test_a_damaged_pin_file_boots_and_asks_for_a_pin_from_the_club_pc():
    b = board(buttons=True)
    write(b.root + "/pin.bin", b"OP" + b"\x00" * 10)
    a = boot(b)
    assert "PIN file bad:" in screen(a) and "set PIN at PC" in screen(a)
    assert file_faults(a) == [(F.FILE_PIN, F.FAULT_DAMAGED)]
    close(a)


def test_mode_held_at_power_on_opens_re_keying_for_that_power_on():
    b = board(buttons=True)
    st = settings.Settings(b.root)
    st.save_key(9, b"r" * 32)
    a = boot(b)
    assert a.enrol_open is False  # enrolled, no act at the shoe: shut
    close(a)
    b = board(buttons=True)
    settings.Settings(b.root).save_key(9, b"r" * 32)
    b.buttons["mode"].v = 0  # held while the shoe is switched on
    a = boot(b)
    assert a.enrol_open is True  # handed to the Link the PC's first byte makes
    lines = screen(a)
    assert lines[-3:] == ["re-key open:", "enrol from the", "club PC"]  # the foot
    ev = journal(a, records.EVENT, records.EV_DIRECTOR)
    assert [(e["a"], e["b"]) for e in ev] == [(ST.ACT_REKEY_OPEN, 0)]
    a.deal_once()
    assert a.mode_sel == ST.ORIGINAL_DEAL  # held since power-on: not a press of MODE
    b.buttons["mode"].v = 1
    a.settings.save_key(9, b"k" * 32, b"s" * 32)  # the club PC re-keys the shoe
    a._on_settings(wire.ENROLL)
    assert a.enrol_open is False and "re-key open:" not in screen(a)
    close(a)


def test_every_alert_fits_the_16_column_panel():
    for code in range(len(F._LINES) + 1):  # (indexed by the code; past the end: "fault 17")
        lines = F.alert_lines(code)
        assert 1 <= len(lines) <= 3 and all(0 < len(s) <= 16 for s in lines), lines


def test_each_alert_says_its_own_fault():
    # _LINES is a tuple indexed by the alert code: each code's lines in its place
    want = ((F.ALERT_NOT_STORED, "NOT RECORDED!"), (F.ALERT_FLASH_ERROR, "flash error:"),
            (F.ALERT_NEARLY_FULL, "sync soon:"), (F.ALERT_JOURNAL_FULL, "journal full:"),
            (F.ALERT_NO_KEY, "no club key:"), (F.ALERT_SETUP, "set-up unusable:"),
            (F.ALERT_REKEY, "re-key open:"), (F.ALERT_NO_READER, "NO READER: check"),
            (F.ALERT_FILE + F.FILE_DECKS, "deck file bad:"),
            (F.ALERT_FILE + F.FILE_KEY, "key file bad:"),
            (F.ALERT_FILE + F.FILE_PIN, "PIN file bad:"),
            (F.ALERT_FILE + F.FILE_JOURNAL, "journal damaged:"))
    for code, first in want:
        assert F.alert_lines(code)[0] == first, code
    for code in (0, 9, F.ALERT_FILE, F.ALERT_FILE + F.FILE_SESSION, 99):
        assert F.alert_lines(code) == ["fault %d" % code, "call director"]
