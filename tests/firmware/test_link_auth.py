"""Who the shoe obeys (docs/wire.md): a host without the shoe's key, or one replaying a genuine
conversation it recorded, changes nothing on the shoe; the genuine club PC still can. Both
interpreters; a real journal and real settings files in a folder, compared byte for byte."""

import os
import struct

from overplay_core import pin, session, wire

import sim.devsim as devsim
from blockdev import rmtree
from shoe.journal import Journal
from shoe.link import Link
from shoe.settings import Settings
from link_host import Host, Kbd, Pipe

KEY = b"\x5a" * 32
SLIP = b"\x33" * 32
SHOE = 21
AUTH = (wire.ERROR, wire.ERR_AUTH, b"not authenticated")


class Shoe:
    """A shoe on flash: settings and a journal of 12 signed records in a fresh folder."""

    def __init__(self, enrolled=True, enrol_open=False):
        self.folder = "/tmp/ovauth_" + "".join(["%02x" % b for b in os.urandom(6)])
        os.mkdir(self.folder)
        self.settings = Settings(self.folder)
        if enrolled:
            self.settings.save_key(SHOE, KEY, SLIP)
            self.settings.save_setup(session.encode(40, 1, 0, 1, 24, 2, 3, 0), 40)
            self.settings.save_pin(pin.make("1234", b"salt0001"))
        self.journal = Journal(self.folder + "/journal")
        if enrolled:
            devsim.fill(self.journal, 12, KEY, SHOE)
        self.inp, self.out, self.kbd = Pipe(), Pipe(), Kbd()
        s = self.settings
        self.link = Link(self.inp, self.out, self.journal, s.key, s.shoe_id, s,
                         kbd_intr=self.kbd, enrol_open=enrol_open)

    def host(self, key):
        return Host(self.link, self.inp, self.out, key)

    def state(self):
        """Everything a command could change: the settings files, the journal's files (its
        records and its synced mark) and what the link holds."""
        files = {}
        for where in (self.folder, self.folder + "/journal"):
            for name in sorted(os.listdir(where)):
                if name != "journal":
                    with open(where + "/" + name, "rb") as f:
                        files[where + "/" + name] = f.read()
        j = self.journal
        held = [(s, bytes(r)) for s, r in j.records_from(0)]
        return (files, held, j.synced_seq, j.segments(), j.journal_id, self.link.key,
                self.link.shoe_id, self.link.enrol_open)

    def close(self):
        self.journal.close()
        rmtree(self.folder)


NEW_SETUP = session.encode(41, 1, 0, 1, 24, 2, 4, 0)


def _commands():
    """One of each command a host could use to harm a shoe: [(type, seq, body)]."""
    return [(wire.SESSION_SET, 41, NEW_SETUP + struct.pack("<I", 41)),
            (wire.PIN_SET, 2, pin.make("0000", b"evilsalt")),
            (wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, 66) + b"\x01" * 32 + b"\x02" * 32),
            (wire.DONE, 13, b"")]


def test_a_host_without_the_key_changes_nothing():
    sh = Shoe()
    try:
        before = sh.state()
        thief = sh.host(b"\x00" * 32)  # holds some key, not the shoe's
        info = thief.hello()
        assert info[1] == SHOE and info[2] == 1 and not thief.proof_ok
        for ptype, seq, body in _commands():
            # no tag, a tag under a wrong key, a tag with a guessed (zero) shoe nonce,
            # the body alone padded to tag length
            real = thief.shoe_nonce
            for tag in (False, True, "zero", "pad"):
                if tag == "zero":
                    thief.shoe_nonce = bytes(16)
                    got = thief.ask(ptype, seq, body, True)
                    thief.shoe_nonce = real
                elif tag == "pad":
                    got = thief.ask(ptype, seq, body, bytes(16))
                else:
                    got = thief.ask(ptype, seq, body, tag)
                assert got == [AUTH], (ptype, tag, got)
        assert sh.link.refused == 16
        assert sh.state() == before  # settings files, records, synced mark: all as they were
        # the thief can still read (records are signed: it cannot change them)
        fs = thief.ask(wire.PULL, 1, struct.pack(wire.PULL_FMT, 64))
        assert fs[-1][:2] == (wire.END, 13)
        # and the genuine club PC is not locked out by any of it
        pc = sh.host(KEY)
        pc.hello()
        assert pc.proof_ok
        got = pc.ask(wire.SESSION_SET, 41, NEW_SETUP + struct.pack("<I", 41))
        assert [f[:2] for f in got] == [(wire.SESSION_ACK, 41)]
        assert got[0][2] == pc.shoe_nonce and len(pc.shoe_nonce) == wire.NONCE_BYTES
        assert pc.ask(wire.DONE, 13) == [(wire.DONE_ACK, 13, b"")]
        assert sh.settings.setup == NEW_SETUP and sh.journal.synced_seq == 12
        assert Settings(sh.folder).setup == NEW_SETUP  # on flash
    finally:
        sh.close()


def test_a_tag_for_another_command_or_seq_does_not_verify():
    sh = Shoe()
    try:
        before = sh.state()
        pc = sh.host(KEY)
        pc.hello()
        # a man in the middle keeps the genuine tag but changes what it covers
        tag = wire.command_tag(KEY, pc.shoe_nonce, pc.host_nonce, wire.DONE, 5, b"")
        assert pc.ask(wire.DONE, 13, b"", tag) == [AUTH]  # another seq
        tag = wire.command_tag(KEY, pc.shoe_nonce, pc.host_nonce, wire.SESSION_SET, 40,
                               NEW_SETUP)
        assert pc.ask(wire.SESSION_SET, 41, NEW_SETUP, tag) == [AUTH]  # another seq
        assert pc.ask(wire.PIN_SET, 40, pin.make("0000", b"evilsalt"), tag) == [AUTH]
        assert pc.ask(wire.DONE, 5, b"", tag) == [AUTH]  # another type
        assert sh.state() == before
    finally:
        sh.close()


def test_replayed_conversations_change_nothing():
    sh = Shoe()
    try:
        pc = sh.host(KEY)
        # 1. a genuine sync, recorded off the wire by an attacker, which also keeps the shoe
        # from hearing its last frames (a cable cut, a man in the middle)
        pc.hello()
        assert pc.ask(wire.SESSION_SET, 41, NEW_SETUP + struct.pack("<I", 41))[0][0] == \
            wire.SESSION_ACK
        # not delivered: the PIN and the DONE below reach the attacker only
        pc.write(pc.frame(wire.PIN_SET, 3, pin.make("9999", b"oldsalt1")))
        pc.write(pc.frame(wire.DONE, 13))
        sh.inp.data = bytearray()
        recorded = list(pc.sent)
        assert sh.journal.synced_seq == 0 and sh.settings.setup == NEW_SETUP
        # 2. the club PC syncs again: a newer set-up and PIN
        newest = session.encode(42, 1, 0, 1, 24, 2, 5, 0)
        pc.hello()
        assert pc.ask(wire.SESSION_SET, 42, newest)[0][0] == wire.SESSION_ACK
        assert pc.ask(wire.PIN_SET, 4, pin.make("2468", b"newsalt1"))[0][0] == wire.PIN_ACK
        before = sh.state()
        # 3. the attacker replays sync 1 frame for frame, HELLO and all: the shoe's nonce is
        # new, so no tag of it verifies; neither the old set-up, the undelivered PIN nor the
        # undelivered DONE takes
        for f in recorded:
            sh.inp.write(f)
            for _ in range(20):
                sh.link.poll()
        got = [f[0] for f in pc.frames()]
        assert wire.INFO in got and wire.SESSION_ACK not in got and wire.PIN_ACK not in got
        assert wire.DONE_ACK not in got and sh.link.refused == 3
        assert sh.state() == before
        assert sh.settings.setup == newest and pin.matches(sh.settings.pin, "2468")
        # the same frames after the attacker's own HELLO fail the same way
        thief = sh.host(None)
        thief.hello()
        for f in recorded[1:]:
            sh.inp.write(f)
        thief.run()
        assert [f[0] for f in thief.frames()] == [wire.ERROR] * 3
        assert sh.state() == before
    finally:
        sh.close()


def test_a_raw_0x03_in_a_host_frame_spoils_that_frame_only():
    sh = Shoe()
    try:
        pc = sh.host(KEY)
        pc.hello()
        done = bytearray(pc.frame(wire.DONE, 13))
        assert b"\x03" not in done
        done[len(done) // 2] = 0x03  # Ctrl-C on the line: the frame is dropped, not obeyed
        sh.inp.write(bytes(done) + pc.frame(wire.PULL, 12, b"\x40\x00"))
        pc.run()
        fs = pc.frames()
        assert sh.link.dec.bad == 1 and sh.journal.synced_seq == 0
        assert fs[0][:2] == (wire.BEGIN, 12) and fs[-1][:2] == (wire.END, 13)
        assert sh.kbd.calls == [-1] and sh.link.active  # and the REPL interrupt stays off
        assert pc.ask(wire.DONE, 13) == [(wire.DONE_ACK, 13, b"")]
        assert sh.journal.synced_seq == 12 and sh.kbd.calls == [-1, 3]
    finally:
        sh.close()


def _enroll(pc, shoe_id, key, tag=None):
    return pc.ask(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, shoe_id) + key + SLIP, tag)


def test_enroll_without_a_tag_only_when_never_enrolled_or_enrol_open():
    # never enrolled: INFO says so (no key, zero proof, enrol-open) and anyone may enrol it
    sh = Shoe(enrolled=False)
    try:
        pc = sh.host(None)
        info = pc.hello()
        assert info[2] == 0 and info[8] == wire.INFO_ENROL_OPEN and pc.proof == bytes(16)
        assert pc.ask(wire.DONE, 1) == [AUTH]  # no key yet: nothing is authenticated
        assert _enroll(pc, 5, KEY) == [(wire.ENROLL_ACK, 5, b"")]
        assert Settings(sh.folder).key == KEY and sh.link.key == KEY
        # now it is enrolled: an untagged ENROLL is refused, even in the same sync
        assert _enroll(pc, 6, b"\x44" * 32, False) == [AUTH]
        assert Settings(sh.folder).shoe_id == 5
        pc.key = KEY
        info = pc.hello()
        assert info[2] == 1 and info[8] == 0 and pc.proof_ok
    finally:
        sh.close()
    # enrolled, re-keying opened at the shoe (a button held at power-on): one untagged ENROLL
    sh = Shoe(enrol_open=True)
    try:
        anyone = sh.host(None)
        assert anyone.hello()[8] == wire.INFO_ENROL_OPEN and not anyone.proof_ok
        newkey = b"\x77" * 32
        assert _enroll(anyone, 8, newkey) == [(wire.ENROLL_ACK, 8, b"")]
        assert not sh.link.enrol_open  # one enrolment per press
        assert Settings(sh.folder).key == newkey
        assert _enroll(anyone, 9, b"\x78" * 32) == [AUTH]
        assert anyone.hello()[8] == 0
        assert Settings(sh.folder).shoe_id == 8
    finally:
        sh.close()
    # enrolled, not open: re-keying needs the current key
    sh = Shoe()
    try:
        before = sh.state()
        thief = sh.host(b"\x01" * 32)
        assert thief.hello()[8] == 0
        assert _enroll(thief, 9, b"\x78" * 32, False) == [AUTH]
        assert _enroll(thief, 9, b"\x78" * 32) == [AUTH]  # tagged under a wrong key
        assert sh.state() == before
        pc = sh.host(KEY)
        pc.hello()
        newkey = b"\x79" * 32
        assert _enroll(pc, SHOE, newkey) == [(wire.ENROLL_ACK, SHOE, b"")]
        assert Settings(sh.folder).key == newkey
        pc.key = newkey  # the old key is history now
        pc.hello()
        assert pc.proof_ok
    finally:
        sh.close()


def test_the_info_proof_verifies_with_the_key_and_fails_without():
    sh = Shoe()
    try:
        pc = sh.host(KEY)
        info = pc.hello()
        assert pc.proof_ok
        assert info[6] == sh.journal.journal_id and info[7] == 1 and info[4] == 13
        p = pc.proof
        head = wire.INFO_HEAD + wire.NONCE_BYTES
        payload = struct.pack(wire.INFO_FMT, *info) + pc.shoe_nonce
        assert len(payload) == head
        assert wire.info_proof(KEY, pc.host_nonce, payload) == p
        assert wire.info_proof(b"\x00" * 32, pc.host_nonce, payload) != p  # another key
        assert wire.info_proof(KEY, bytes(16), payload) != p  # another host's nonce
        # an impostor shoe that replays this INFO to the next HELLO fails: the proof covers
        # the host's nonce, fresh each time
        nonce1 = pc.host_nonce
        pc.hello()
        assert pc.proof_ok and pc.host_nonce != nonce1 and pc.proof != p
    finally:
        sh.close()


def test_an_earlier_command_of_the_same_sync_cannot_be_played_again():
    """A man in the middle who keeps the genuine PC's SESSION_SET A, lets SESSION_SET B and
    PIN_SET through, then plays A again within the same sync: the shoe's nonce changed after
    each command taken, so A no longer verifies and the newer set-up stays. The last command
    sent again (its ACK was lost) is acknowledged again and applied once."""
    sh = Shoe()
    try:
        told = []
        sh.link.on_settings = told.append
        pc = sh.host(KEY)
        pc.hello()
        first = pc.frame(wire.SESSION_SET, 41, NEW_SETUP + struct.pack("<I", 41))
        pc.write(first)
        pc.run()
        acks = pc.frames()
        assert [f[:2] for f in acks] == [(wire.SESSION_ACK, 41)]
        pc.shoe_nonce = acks[0][2]
        newest = session.encode(42, 1, 0, 1, 24, 2, 5, 0)
        assert pc.ask(wire.SESSION_SET, 42, newest)[0][:2] == (wire.SESSION_ACK, 42)
        last = pc.frame(wire.PIN_SET, 4, pin.make("2468", b"newsalt1"))
        pc.write(last)
        pc.run()
        assert [f[:2] for f in pc.frames()] == [(wire.PIN_ACK, 4)]
        before = sh.state()
        sh.inp.write(first)  # the earlier set-up, replayed
        assert [f[:2] for f in pc.frames() or (pc.run() or pc.frames())] == \
            [(wire.ERROR, wire.ERR_AUTH)]
        assert sh.state() == before and sh.settings.setup == newest
        sh.inp.write(last)  # the last command again: its ACK again, nothing applied twice
        pc.run()
        assert [f[:2] for f in pc.frames()] == [(wire.PIN_ACK, 4)]
        assert sh.state() == before
        assert told == [wire.SESSION_SET, wire.SESSION_SET, wire.PIN_SET]
    finally:
        sh.close()
