"""The sync link is held only while a club PC talks to the shoe (issue #12), the whole app: at
power-on the app reads its Settings but loads neither shoe/link.py nor overplay_core.wire;
the PC's first byte loads them and makes the Link; when the sync ends both go (out of
sys.modules and off their package) and the next sync loads them again; a PC that syncs
mid-deal loses no card. Plain functions for both interpreters; run by
tests/host/test_app_robust.py (not 128 KB: see app_setup_cases.py)."""

import struct
import sys

from app_fakes import CountingGc, board, close, enrol, journal  # noqa: I001
from link_host import Host, Pipe, Through
import shoe.app as A
import shoe.states as ST
from overplay_core import handprint, records, wire
from overplay_core.compat import ticks_add, ticks_ms
from sim.tags import card_tag, uid7

LINK = ("shoe.link", "overplay_core.wire", "overplay_core.pin")


def forget():
    """Take the link's modules out, as a shoe that has just been switched on has them."""
    for name in LINK:
        if name in sys.modules:
            del sys.modules[name]
        pkg, attr = name.split(".")
        if attr in sys.modules[pkg].__dict__:
            delattr(sys.modules[pkg], attr)


def loaded():
    """The link's modules the interpreter holds now (in sys.modules, or on their package)."""
    return [n for n in LINK if n in sys.modules or
            n.split(".")[1] in sys.modules[n.split(".")[0]].__dict__]


def linked_app():
    b = board(buttons=True)
    b.stream_in = Pipe()
    b.stream_out = Pipe()
    forget()
    a = A.App(b, game=1, poll_ms=0, display_ms=0)
    enrol(a)
    return a, b


def sync(a, b, pc=None, display=False):
    """One whole sync through the app's link task: HELLO, PULL, the records, DONE. Returns
    the host and the records it got."""
    pc = pc or Host(Through(a), b.stream_in, b.stream_out, a.shoe.key)
    pc.hello()
    assert pc.proof_ok and a.link is not None and a.link.active
    assert loaded()[:2] == ["shoe.link", "overplay_core.wire"]  # loaded for the sync
    if display:
        a._display_once()  # the display task: the sync screen
        assert "club PC syncing" in b.display.lines
    got = pc.ask(wire.PULL, 1, struct.pack(wire.PULL_FMT, 64))
    seqs = []
    for t, seq, p in got:
        if t == wire.DATA:
            i = 0
            while i < len(p):
                seqs.append(seq)
                seq += 1
                i += 1 + p[i]
    end = [seq for t, seq, _ in got if t == wire.END]
    assert end, got
    pc.send(wire.DONE, end[0])
    a.link_once()  # one step of the link task: the DONE taken, the sync over
    assert [t for t, _, _ in pc.frames()] == [wire.DONE_ACK]
    return pc, seqs


def test_the_link_is_loaded_at_the_pcs_first_byte_and_let_go_when_the_sync_ends():
    a, b = linked_app()
    try:
        # power-on: the settings are read (the enrolment, the set-up), the link is not loaded
        assert a.settings is not None and a.link is None and loaded() == []
        for _ in range(5):
            a.link_once()  # the link task, nothing on the line: nothing loaded
        assert a.link is None and loaded() == []
        fake = A.gc = CountingGc(a)
        pc, seqs = sync(a, b, display=True)
        assert seqs == list(range(1, a.journal.next_seq))  # every record went
        assert a.link is None and loaded() == [] and a.syncs == 1  # DONE: the Link is gone
        assert not hasattr(sys.modules["shoe"], "link")
        assert a.shoe.message == "synced: all %d" % (a.journal.next_seq - 1)
        assert fake.at == []  # not in the step whose frame still holds the Link
        a.link_once()
        assert fake.at == [ST.IDLE]  # the next step: collected, the shoe idle
        a.link_once()
        assert fake.at == [ST.IDLE]  # once
        A.gc = __import__("gc")
        # a second sync loads the link again and works the same way
        assert deal_cards(a, b, 1)
        _, seqs = sync(a, b)
        assert seqs[-1] == a.journal.next_seq - 1 and a.syncs == 2 and loaded() == []
        assert a.journal.synced_seq == a.journal.next_seq - 1
    finally:
        A.gc = __import__("gc")
        close(a)


def quiet(a):
    """Nothing good from the PC for longer than the link's IDLE_MS: the link task's step."""
    a.link._last_rx = ticks_add(ticks_ms(), -5000)
    a.link_once()


def test_a_pc_that_goes_quiet_or_sends_noise_leaves_no_link_behind():
    a, b = linked_app()
    try:
        b.stream_in.write(b"\x01\x02\x03 not a frame")  # noise: the Link is made, reads it
        a.link_once()
        assert a.link is not None and not a.link.active
        quiet(a)  # nothing good for IDLE_MS
        assert a.link is None and loaded() == [] and a.syncs == 0
        pc = Host(Through(a), b.stream_in, b.stream_out, a.shoe.key)
        pc.hello()
        assert a.link.active
        quiet(a)  # the PC went quiet mid-sync
        assert a.link is None and loaded() == [] and a.syncs == 0
        sync(a, b)  # and the next sync is whole
        assert a.syncs == 1 and a.link is None
    finally:
        close(a)


def test_what_outlives_a_sync_is_the_apps_reenrolment_opened_at_the_shoe():
    # MODE held at power-on opens re-keying: the Link the PC's byte makes takes an untagged
    # ENROLL; after it, re-keying is shut for the next Link too (one enrolment per press)
    a, b = linked_app()
    try:
        a.enrol_open = True  # what faults.boot sets when MODE is held at power-on
        pc = Host(Through(a), b.stream_in, b.stream_out, None)  # a PC without the shoe's key
        info = pc.hello()
        assert info[-1] & wire.INFO_ENROL_OPEN
        new = b"n" * 32
        got = pc.ask(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 12) + new + b"s" * 32,
                     tag=False)
        assert [t for t, _, _ in got] == [wire.ENROLL_ACK]
        assert a.shoe.key == new and a.shoe.shoe_id == 12 and a.enrol_open is False
        quiet(a)  # the PC goes: the Link stops after IDLE_MS, and goes
        assert a.link is None and loaded() == []
        pc = Host(Through(a), b.stream_in, b.stream_out, None)
        info = pc.hello()
        assert not info[-1] & wire.INFO_ENROL_OPEN and info[1] == 12  # shut, the new id
        got = pc.ask(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 13) + b"x" * 64, tag=False)
        assert got[0][0] == wire.ERROR and a.shoe.key == new  # refused: not authenticated
    finally:
        close(a)


def deal_cards(a, b, board_no, during=None):
    """Deal a pack over the simulated reader through the app's own path: each card enters
    the field, the reader task reads it into the ring, the link task steps, the dealing task
    takes it; `during(i)` runs before card i. True when all 52 were dealt into the tally."""
    a.command(A.CMD_DEAL, board_no)
    a.deal_once()
    if a.shoe.state != ST.DEALING:
        return False
    chip = b.sim
    for i, c in enumerate(a.profile.pack[:52]):
        if during is not None:
            during(i)
        t = card_tag(uid7(1, c))
        chip.enter(t)
        a.read_once()
        a.link_once()
        a.deal_once()
        chip.leave(t)
        a.read_once()
        a.deal_once()
    n = a.shoe.tally.n
    a.command(A.CMD_END)
    a.deal_once()
    return n == 52


def test_a_pc_syncing_mid_deal_loses_no_card():
    a, b = linked_app()
    fake = A.gc = CountingGc(a)
    try:
        assert deal_cards(a, b, 1)
        start = len(fake.at)
        pc = Host(Through(a), b.stream_in, b.stream_out, a.shoe.key)
        states = []
        end = []

        def talk(i):  # the club PC syncs while the cards go over the reader
            if i == 5:
                pc.hello()
                assert "shoe.link" in sys.modules
            elif i == 15:
                got = pc.ask(wire.PULL, 1, struct.pack(wire.PULL_FMT, 64))
                end.extend(seq for t, seq, _ in got if t == wire.END)
            elif i == 25:
                got = pc.ask(wire.DONE, end[0])
                assert [t for t, _, _ in got] == [wire.DONE_ACK]
                assert a.link is None and loaded() == []  # the sync ended mid-deal
            states.append(a.shoe.state)

        assert deal_cards(a, b, 2, talk)
        assert ST.DEALING in states and a.syncs == 1
        # no collection while the cards were dealt: at the press and after the deal only
        assert fake.at[start:] == [ST.DEALING, ST.AWAIT_TRAY]  # (its tray not written)
        assert a.uids.dropped == 0
        d = journal(a, records.DEAL)[-1]  # (board 1's went to the PC)
        assert d["board"] == 2 and not d["findings"]  # no card missed, none read twice
        seats = handprint.unpack(d["handprint"], a.profile.pack)
        assert sorted(seats[c] for c in a.profile.pack) == [0] * 13 + [1] * 13 + [2] * 13 + \
            [3] * 13
    finally:
        A.gc = __import__("gc")
        close(a)
