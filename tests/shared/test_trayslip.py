"""Electronic trump slip: round trip, and every kind of bad tag refused (both interpreters)."""

from overplay_core import handprint, trayslip
from overplay_core.cards import PACK_24, PACK_52, parse_card
from overplay_core.errors import ParseError

KEY = b"club key for tests 0123456789abc"


def _hp():
    seat = bytearray([0xFF] * 53)
    for i, c in enumerate(PACK_52):
        seat[c] = (i + 1) % 4
    out = bytearray(20)
    n = handprint.pack(seat, PACK_52, out)
    return bytes(out[:n])


def _slip(board=7, trump="QH", session=41):
    buf = bytearray(trayslip.USER_BYTES)
    n = trayslip.encode(buf, board, 1, 2, parse_card(trump) if trump else None, _hp(), KEY,
                        session)
    return buf, n


def _parse_fails(data, key=KEY):
    try:
        trayslip.decode(data, key)
    except ParseError:
        return True
    return False


def test_round_trip_fits_the_tag():
    buf, n = _slip()
    assert n == 13 + 13 + 16 and n <= trayslip.USER_BYTES
    s = trayslip.decode(buf, KEY)  # the whole 144-byte user memory: trailing bytes ignored
    assert s["board"] == 7 and s["game"] == 1 and s["dealer"] == 2 and s["session"] == 41
    assert s["trump"] == parse_card("QH")
    assert s["handprint"] == _hp()
    assert s["length"] == n
    assert trayslip.check(bytes(buf[:n]), KEY) == trayslip.OK


def test_byte_offsets_are_as_documented():
    buf, n = _slip(board=0x1234, session=0x89ABCDEF)
    assert bytes(buf[0:3]) == b"OS\x02"
    assert buf[3] == 1 and buf[4] == 0x34 and buf[5] == 0x12 and buf[6] == 2
    assert buf[7] == parse_card("QH") and buf[8] == 13
    assert bytes(buf[9:13]) == b"\xef\xcd\xab\x89"
    assert bytes(buf[13:26]) == _hp()
    assert trayslip.length(buf) == n and trayslip.session_of(buf) == 0x89ABCDEF
    assert trayslip.MAX_LEN == 49 <= trayslip.USER_BYTES


def test_no_trump_and_three_bit_handprint():
    seat = bytearray([0xFF] * 53)
    for i, c in enumerate(PACK_24[:20]):
        seat[c] = i % 4
    hp = bytearray(20)
    k = handprint.pack(seat, PACK_24, hp)
    buf = bytearray(64)
    n = trayslip.encode(buf, 65535, 3, 0, None, hp[:k], KEY)
    s = trayslip.decode(buf[:n], KEY)
    assert s["trump"] is None and s["board"] == 65535 and s["game"] == 3
    assert handprint.unpack(s["handprint"], PACK_24) == seat


def test_every_single_byte_edit_is_detected():
    buf, n = _slip()
    for i in range(n):
        edited = bytearray(buf[:n])
        edited[i] ^= 0x01
        assert trayslip.check(edited, KEY) != trayslip.OK, i
        assert _parse_fails(edited)


def test_hand_edit_of_trump_gives_bad_auth():
    buf, n = _slip()
    buf[7] = parse_card("AS")
    assert trayslip.check(buf, KEY) == trayslip.BAD_AUTH


def test_torn_and_blank_and_foreign_tags():
    buf, n = _slip()
    for cut in range(n):
        code = trayslip.check(buf[:cut], KEY)
        assert code in (trayslip.NO_SLIP, trayslip.TRUNCATED), (cut, code)
    # torn mid-write: the tail of the new slip never reached the tag, old bytes remain
    torn = bytearray(buf)
    for i in range(20, n):
        torn[i] = 0
    assert trayslip.check(torn, KEY) == trayslip.BAD_AUTH
    assert trayslip.check(bytes(144), KEY) == trayslip.NO_SLIP
    assert trayslip.check(b"\x03\x00\xfe" + bytes(141), KEY) == trayslip.NO_SLIP  # NDEF tag
    assert trayslip.check(buf, b"another club's key") == trayslip.BAD_AUTH
    for v in (1, 3):  # format 1 (no session, the shoe's own key) is no longer read
        other = bytearray(buf)
        other[2] = v
        assert trayslip.check(other, KEY) == trayslip.BAD_VERSION
        assert _parse_fails(other)
    assert _parse_fails(bytes(144))


def test_a_slip_of_another_session_is_told_apart():
    buf, n = _slip(session=41)
    assert trayslip.check(buf, KEY, 41) == trayslip.OK
    assert trayslip.check(buf, KEY, 42) == trayslip.OTHER_SESSION
    assert trayslip.check(buf, KEY) == trayslip.OK  # no session to compare (tools, tests)
    assert trayslip.check(buf, KEY, 0) == trayslip.OK  # a shoe without a session set-up
    try:
        trayslip.decode(buf, KEY, 42)
    except ParseError as e:
        assert "another session" in str(e) and "director" in str(e)
    else:
        assert False
    # a copy with the session id edited to this evening's no longer verifies
    moved = bytearray(buf)
    moved[9] = 42
    assert trayslip.check(moved, KEY, 42) == trayslip.BAD_AUTH
    # outside any session (0): refused by a shoe that has one
    buf0, n0 = _slip(session=0)
    assert trayslip.check(buf0, KEY, 41) == trayslip.OTHER_SESSION


def test_error_message_is_one_line_with_what_to_do():
    try:
        trayslip.decode(bytes(144), KEY)
    except ParseError as e:
        msg = str(e)
        assert "\n" not in msg and "rewrite" in msg
    else:
        assert False


def test_encode_refuses_impossible_values():
    # each ValueError names the field and its value, in one line
    buf = bytearray(64)
    for args in ((0, 1, 0, 5, 0, b"", "board"), (1, 0, 0, 5, 0, b"", "game"),
                 (1, 1, 4, 5, 0, b"", "dealer"), (1, 1, 0, 53, 0, b"", "trump"),
                 (70000, 1, 0, 5, 0, b"", "board"), (1, 1, 0, 5, -1, b"", "session"),
                 (1, 1, 0, 5, 1 << 32, b"", "session"), (1, 1, 0, 5, 0, bytes(21), "handprint")):
        try:
            trayslip.encode(buf, args[0], args[1], args[2], args[3], args[5], KEY, args[4])
        except ValueError as e:
            assert str(e).startswith(args[6]) and "\n" not in str(e), (args, str(e))
            continue
        assert False, args


def test_check_never_raises_on_garbage():
    x = 12345
    buf, n = _slip()
    for trial in range(300):
        data = bytearray(buf[:n]) if trial % 2 else bytearray(trial % 50)
        for i in range(len(data)):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            if trial % 2 == 0 or x % 7 == 0:
                data[i] = x >> 16 & 0xFF
        if trial % 3 == 0 and len(data) > 2:
            data[0], data[1], data[2] = 0x4F, 0x53, 2  # past the magic, into the fields
        code = trayslip.check(data, KEY, 41)
        assert -len(trayslip.REASONS) <= code <= trayslip.OK  # a code with its REASONS line
        if code != trayslip.OK:
            assert _parse_fails(data) or code == trayslip.OTHER_SESSION


def test_each_check_code_has_its_own_line_for_the_dealer():
    # REASONS is indexed by the negative code itself (a tuple constant): each line in its place
    want = ((trayslip.NO_SLIP, "no trump slip on this tag"),
            (trayslip.BAD_VERSION, "format version this shoe does not read"),
            (trayslip.TRUNCATED, "cut short"), (trayslip.BAD_AUTH, "fails its signature"),
            (trayslip.BAD_FIELD, "impossible value"), (trayslip.OTHER_SESSION, "another session"))
    assert len(trayslip.REASONS) == len(want)
    for code, words in want:
        assert words in trayslip.REASONS[code]
