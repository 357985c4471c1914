"""The club PC's half of the sync link, as far as the shoe's tests need it (both interpreters).

    inp, out = Pipe(), Pipe()
    link = Link(inp, out, journal, KEY, SHOE, Settings(None), kbd_intr=Kbd())
    pc = Host(link, inp, out, KEY)          # key=None: a host that does not hold the shoe's key
    pc = Host(Through(app), ...)            # or through the app's link task (App.link_once)
    info = pc.hello()                       # INFO fields (wire.INFO_FMT); pc.proof_ok
    pc.send(wire.PULL, 1, b"\\x40\\x00")     # stuffed; DONE/SESSION_SET/PIN_SET/ENROLL get the
    pc.send(wire.DONE, 9)                   # tag under pc.key over this sync's nonces
    pc.run(); pc.frames()                   # poll the link; what it sent, decoded

Frames are built as docs/wire.md says (wire.encode_frame(..., stuffed=True), wire.command_tag),
independently of firmware/link.py, so a test of the link checks the contract, not itself.
"""

import os
import struct

from overplay_core import wire

SIGNED = (wire.DONE, wire.SESSION_SET, wire.PIN_SET, wire.ENROLL)


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
    """Stands in for micropython.kbd_intr: records each call."""

    def __init__(self):
        self.calls = []

    def __call__(self, c):
        self.calls.append(c)


def frames(out):
    """Every frame the shoe wrote to `out` since the last call: (type, seq, payload bytes)."""
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


class Through:
    """The app's link task as a Host's `link`: each poll() is one App.link_once step (the app
    makes its Link at the PC's first byte and lets it go when the sync ends)."""

    def __init__(self, app):
        self.app = app

    def poll(self):
        self.app.link_once()


def run(link, rounds=50):
    for _ in range(rounds):
        link.poll()


class Host:
    def __init__(self, link, inp, out, key):
        self.link = link
        self.inp = inp
        self.out = out
        self.key = key
        self.host_nonce = None
        self.shoe_nonce = None
        self.proof = None
        self.proof_ok = False
        self.sent = []  # every frame written, as bytes: a recording an attacker could replay

    def write(self, frame):
        self.sent.append(frame)
        self.inp.write(frame)

    def hello(self, nonce=None):
        """HELLO with a fresh nonce; returns INFO's fields (wire.INFO_FMT) and keeps the shoe's
        nonce. proof_ok: the INFO proof verifies under self.key."""
        self.host_nonce = nonce or os.urandom(wire.NONCE_BYTES)
        self.write(wire.encode_frame(wire.HELLO, 0, bytes([wire.VERSION]) + self.host_nonce,
                                     stuffed=True))
        run(self.link, 3)
        f = self.frames()
        assert f[0][0] == wire.INFO and len(f[0][2]) == wire.INFO_BYTES, f
        return self.took_info(f[0][2])

    def took_info(self, p):
        head = wire.INFO_HEAD + wire.NONCE_BYTES
        self.shoe_nonce = p[wire.INFO_HEAD:head]
        self.proof = p[head:]
        self.proof_ok = self.key is not None and \
            wire.info_proof(self.key, self.host_nonce, p[:head]) == self.proof
        return struct.unpack_from(wire.INFO_FMT, p, 0)

    def frame(self, ptype, seq, body=b"", tag=None):
        """A stuffed frame; a command of SIGNED ends in its tag under self.key (tag=False:
        none; tag=bytes: that one)."""
        if tag is None:
            tag = ptype in SIGNED and self.key is not None
        if tag is True:
            tag = wire.command_tag(self.key, self.shoe_nonce, self.host_nonce, ptype, seq, body)
        return wire.encode_frame(ptype, seq, bytes(body) + (tag or b""), stuffed=True)

    def send(self, ptype, seq, body=b"", tag=None):
        self.write(self.frame(ptype, seq, body, tag))

    def run(self, rounds=50):
        run(self.link, rounds)

    def frames(self):
        return frames(self.out)

    def ask(self, ptype, seq, body=b"", tag=None):
        """Send one command and return what the shoe answered; a SESSION_ACK or PIN_ACK
        brings the shoe's nonce for the next command, which is kept."""
        self.send(ptype, seq, body, tag)
        self.run()
        got = self.frames()
        for t, _, p in got:
            if t in (wire.SESSION_ACK, wire.PIN_ACK) and len(p) == wire.NONCE_BYTES:
                self.shoe_nonce = bytes(p)
        return got
