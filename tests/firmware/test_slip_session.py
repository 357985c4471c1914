"""A genuine tray slip replayed in another session, through the shoe (both interpreters).

Last week's slip of board 9, copied onto tonight's tray of board 9, is signed with the club's
slip key and matches the board number; only the session id it carries tells it apart. The
shoe refuses it with one line for the dealer, an EVENT and a CHECK record (slip forged).
"""

from shoe_fakes import DictTray, deal, make, records_of

from overplay_core import findings as F
from overplay_core import records
import shoe.states as ST

TRAY = b"\x04TRAY09"


def _original(tray):
    t1, r1 = make(tray=tray, table=1, screen=False)
    t1.start_deal(board=9, dealer=1)
    deal(t1, r1, t1.profile.pack)
    t1.end_deal()
    r1.script.append(TRAY)
    t1.poll()
    t1.service()
    assert t1.state == ST.IDLE


def _check(tray):
    t2, r2 = make(tray=tray, table=2)
    t2.start_check()
    r2.script.append(TRAY)
    t2.poll()
    t2.service()
    return t2


def test_a_slip_of_another_session_is_refused_with_an_event():
    last_week = DictTray(session=41)
    _original(last_week)
    tonight = DictTray(session=42)  # same club slip key, tonight's session
    tonight.tags = last_week.tags  # the slip copied onto tonight's tray
    t2 = _check(tonight)
    assert t2.state == ST.IDLE
    assert "another session" in t2.message and "director" in t2.message
    ev = records_of(t2, records.EVENT)
    assert [(e["code"], e["a"], e["b"]) for e in ev] == [(records.EV_READER_ERROR, 46, 2)]
    assert bytes(ev[0]["data"]) == b"\x29\x00\x00\x00"  # the slip's session: 41
    chk = records_of(t2, records.CHECK)[0]
    assert chk["slip"] == records.SLIP_FORGED
    assert F.SLIP_DIFFERS_FROM_DEAL in chk["findings"]


def test_a_slip_of_this_session_is_checked():
    tray = DictTray(session=42)
    _original(tray)
    t2 = _check(tray)
    assert t2.state == ST.CHECK_TRUMP and t2.board == 9
    assert records_of(t2, records.EVENT) == []
