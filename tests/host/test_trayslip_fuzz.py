"""Hypothesis fuzzing of the tray-slip codec: random and mutated tags never raise anything but
ParseError from decode(), check() never raises and always agrees with decode(), and no edit
of a signed slip is taken for a genuine one."""

import os

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from overplay_core import trayslip
from overplay_core.errors import ParseError

SOAK = os.environ.get("OVERPLAY_SOAK") == "1"
N = 3000 if SOAK else 300
KEY = b"club tray-slip key for fuzzing!!"

CODES = set(range(-len(trayslip.REASONS), 0)) | {trayslip.OK}  # REASONS: by the negative code
sessions = st.one_of(st.none(), st.just(0), st.integers(1, trayslip.MAX_SESSION))


@st.composite
def slips(draw):
    """A genuine slip (as a shoe writes it) with the fields it was made from."""
    f = {"board": draw(st.integers(1, 0xFFFF)), "game": draw(st.integers(1, 0xFF)),
         "dealer": draw(st.integers(0, 3)),
         "trump": draw(st.one_of(st.none(), st.integers(0, 52))),
         "handprint": draw(st.binary(max_size=trayslip.MAX_HANDPRINT)),
         "session": draw(st.integers(0, trayslip.MAX_SESSION))}
    buf = bytearray(trayslip.MAX_LEN)
    n = trayslip.encode(buf, f["board"], f["game"], f["dealer"], f["trump"], f["handprint"],
                        KEY, f["session"])
    return bytes(buf[:n]), f


def agree(data, key, session):
    """check() and decode() on the same bytes: same verdict, decode raises only ParseError."""
    code = trayslip.check(data, key, session)
    assert code in CODES
    try:
        s = trayslip.decode(data, key, session)
    except ParseError as e:
        assert code != trayslip.OK
        msg = str(e)
        assert "\n" not in msg and ("[code %d," % code) in msg
        return code, None
    assert code == trayslip.OK
    assert s["length"] <= len(data) and s["length"] == trayslip.length(data)
    return code, s


@settings(max_examples=N, deadline=None)
@given(slips(), st.binary(max_size=trayslip.USER_BYTES))
def test_a_genuine_slip_round_trips_whatever_follows_it(slip, tail):
    data, f = slip
    code, s = agree(data + tail, KEY, f["session"])  # the tag read whole: tail ignored
    assert code == trayslip.OK
    assert (s["board"], s["game"], s["dealer"], s["trump"], s["handprint"], s["session"]) == (
        f["board"], f["game"], f["dealer"], f["trump"], f["handprint"], f["session"])
    other = (f["session"] % trayslip.MAX_SESSION) + 1
    assert agree(data, KEY, other)[0] == trayslip.OTHER_SESSION
    assert agree(data, KEY + b"!", f["session"])[0] == trayslip.BAD_AUTH


@settings(max_examples=N, deadline=None)
@given(st.binary(max_size=200), sessions, st.binary(min_size=1, max_size=80))
def test_random_bytes(data, session, key):
    agree(data, key, session)
    agree(bytearray(data), key, session)
    agree(memoryview(data), key, session)  # what the tray hands over
    if len(data) > 2:  # past the magic and the version, into the fields
        agree(b"OS\x02" + data[3:], key, session)


mutation = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, 10 ** 6), st.integers(1, 255)),
    st.tuples(st.just("set"), st.integers(0, 10 ** 6), st.integers(0, 255)),
    st.tuples(st.just("cut"), st.integers(0, 10 ** 6), st.just(0)),
    st.tuples(st.just("insert"), st.integers(0, 10 ** 6), st.integers(0, 255)),
    st.tuples(st.just("delete"), st.integers(0, 10 ** 6), st.just(0)),
)


def mutate(data, ops):
    d = bytearray(data)
    for op, pos, v in ops:
        i = pos % (len(d) + 1)
        if op == "flip" and i < len(d):
            d[i] ^= v
        elif op == "set" and i < len(d):
            d[i] = v
        elif op == "cut":
            del d[i:]
        elif op == "insert":
            d.insert(i, v)
        elif op == "delete" and i < len(d):
            del d[i]
    return bytes(d)


@settings(max_examples=N, deadline=None)
@given(slips(), st.lists(mutation, min_size=1, max_size=6), sessions)
def test_mutated_slips_are_refused_unless_the_signed_bytes_are_intact(slip, ops, session):
    data, f = slip
    bad = mutate(data, ops)
    assume(bad != data)
    code, s = agree(bad, KEY, session)
    if code == trayslip.OK:
        # Only bytes after the slip changed (a longer tag read): what it says is the original.
        assert bad[:len(data)] == data
    if code == trayslip.OTHER_SESSION:
        assert bad[:len(data)] == data and session and session != f["session"]


@settings(max_examples=N, deadline=None)
@given(st.integers(-2, 70000), st.integers(-2, 300), st.integers(-2, 6),
       st.one_of(st.none(), st.integers(-2, 300)), st.binary(max_size=24),
       st.integers(-2, 1 << 33))
def test_encode_refuses_impossible_values_with_value_error_only(board, game, dealer, trump,
                                                               hp, session):
    buf = bytearray(trayslip.MAX_LEN + 8)
    try:
        n = trayslip.encode(buf, board, game, dealer, trump, hp, KEY, session)
    except ValueError as e:
        assert not isinstance(e, ParseError) and "\n" not in str(e)
        return
    code, s = agree(bytes(buf[:n]), KEY, session)
    assert code == trayslip.OK and s["board"] == board and s["session"] == session
