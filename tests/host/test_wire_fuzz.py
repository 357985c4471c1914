"""Hypothesis fuzzing of the frame decoder and the device loop: nothing but the documented
error (ParseError, or a count in Decoder.bad), no hang, no crash of the shoe's link."""

import os
import struct

from hypothesis import given, settings
from hypothesis import strategies as st

import sim.devsim as devsim
from shoe.link import Link
from shoe.settings import Settings
from overplay_core import session, wire
from overplay_core.errors import ParseError

SOAK = os.environ.get("OVERPLAY_SOAK") == "1"
N = 3000 if SOAK else 200

packets = st.tuples(st.integers(0, 255), st.integers(0, 0xFFFFFFFF),
                    st.binary(max_size=wire.MAX_PAYLOAD))


def decode_all(dec, data):
    got = []
    i = 0
    while True:
        i = dec.feed(data, i)
        if i < 0:
            return got
        got.append((dec.type, dec.seq, bytes(dec.payload)))


@settings(max_examples=N, deadline=None)
@given(st.binary(max_size=2000))
def test_decoder_never_raises_and_every_packet_it_gives_is_sound(data):
    dec = wire.Decoder()
    for t, seq, p in decode_all(dec, data):
        assert len(p) <= wire.MAX_PAYLOAD
        assert wire.encode_frame(t, seq, p)[:-1] in data  # only what a sender could send
    assert dec.good + dec.bad <= data.count(0) + 1


@settings(max_examples=N, deadline=None)
@given(st.lists(packets, max_size=6), st.binary(max_size=300), st.binary(max_size=300))
def test_frames_survive_any_noise_around_them(pkts, before, after):
    stream = before + b"\x00" + b"".join(wire.encode_frame(*p) for p in pkts) + after
    got = decode_all(wire.Decoder(), stream)
    assert got == [tuple(p) for p in pkts]  # resynced at the 0x00, nothing lost or invented


@settings(max_examples=N, deadline=None)
@given(packets, st.integers(0, 10000), st.integers(0, 7))
def test_a_flipped_bit_is_counted_never_delivered(p, pos, bit):
    f = bytearray(wire.encode_frame(*p))
    i = pos % (len(f) - 1)
    f[i] ^= 1 << bit
    dec = wire.Decoder()
    got = decode_all(dec, bytes(f) + b"\x00")
    assert got == [] and dec.bad >= 1


@settings(max_examples=N, deadline=None)
@given(st.binary(max_size=400))
def test_raising_doors_raise_only_parse_error(data):
    for fn in (wire.decode_frame, wire.split_records, session.decode):
        try:
            fn(data)
        except ParseError:
            pass


class Pipe:
    def __init__(self, data=b""):
        self.data = bytearray(data)

    def any(self):
        return len(self.data)

    def readinto(self, buf):
        n = min(len(buf), len(self.data))
        buf[:n] = self.data[:n]
        del self.data[:n]
        return n

    def write(self, b):
        self.data += bytes(b)
        return len(b)


def hostile(ptypes):
    """Well-framed messages with any type, seq and payload: the worst a host can send."""
    return st.lists(st.tuples(st.sampled_from(ptypes), st.integers(0, 0xFFFFFFFF),
                              st.binary(max_size=60)), max_size=12)


@settings(max_examples=N, deadline=None)
@given(hostile(sorted(wire.NAMES)), st.binary(max_size=200))
def test_the_shoe_link_survives_any_input(msgs, noise):
    """A host without the shoe's key, sending anything well framed: the shoe answers, and
    nothing it holds changes (no command verifies without the key)."""
    j = devsim.MemJournal()
    devsim.fill(j, 15, b"k" * 32, 3)
    inp, out = Pipe(), Pipe()
    settings = Settings(None)
    link = Link(inp, out, j, b"k" * 32, 3, settings, kbd_intr=lambda c: None)
    hello = wire.encode_frame(wire.HELLO, 0, bytes([wire.VERSION]) + os.urandom(16),
                              stuffed=True)
    inp.data += noise + b"\x00" + hello
    for m in msgs:
        inp.data += wire.encode_frame(*m, stuffed=True)
    for _ in range(200):
        link.poll()
    frames = decode_all(wire.Decoder(), bytes(out.data))  # the shoe only sends good frames
    assert frames and frames[0][0] == wire.INFO
    assert struct.unpack_from(wire.INFO_FMT, frames[0][2])[1] == 3
    assert (link.shoe_id, link.key, settings.setup, settings.pin) == (3, b"k" * 32, None, None)
    assert [s for s, _ in j.records_from(0)] == list(range(1, 16)) and j.synced == 0
