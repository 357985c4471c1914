"""Session set-up codec, PC -> shoe (both interpreters)."""

from overplay_core import session
from overplay_core.errors import ParseError


def test_roundtrip():
    data = session.encode(7, 1, 0, 1, 24, 3, 6, session.MITCHELL)
    assert len(data) == session.SIZE
    assert session.check(data) == session.OK
    assert session.decode(data) == {"setup_id": 7, "game": 1, "variant": 0, "first": 1,
                                    "last": 24, "table": 3, "tables": 6,
                                    "movement": session.MITCHELL}


def test_every_field_survives_extremes():
    data = session.encode(0xFFFFFFFF, 4, 255, 65535, 65535, 255, 255, session.NONE)
    s = session.decode(data)
    assert s["setup_id"] == 0xFFFFFFFF and s["first"] == 65535 and s["tables"] == 255
    # the highest movement id, at the 2 tables a teams match fits (movement.py)
    s = session.decode(session.encode(1, 1, 0, 65534, 65535, 2, 2, session.TEAMS))
    assert s["movement"] == session.TEAMS and s["last"] == 65535


def test_bad_fields_are_refused_with_a_reason():
    cases = ((9, 1, 24, 1, 1, 0, "game"), (1, 5, 4, 1, 1, 0, "board"),
             (1, 1, 24, 4, 3, 0, "table"), (1, 1, 24, 1, 1, 9, "movement"))
    for game, first, last, table, tables, mv, word in cases:
        try:
            session.encode(1, game, 0, first, last, table, tables, mv)
            assert False
        except ParseError as e:
            assert word in str(e)


def test_decode_reports_offset_and_check_gives_codes():
    good = session.encode(1, 1, 0, 1, 24, 1, 1, 0)
    assert session.check(good[:5]) == session.E_SIZE
    bad = bytearray(good)
    bad[5] = 42  # the game byte
    assert session.check(bytes(bad)) == session.E_GAME
    try:
        session.decode(bytes(bad))
        assert False
    except ParseError as e:
        assert "offset 5" in str(e)
    bad = bytearray(good)
    bad[0] = 2
    assert session.check(bytes(bad)) == session.E_VERSION


def test_each_refusal_names_its_field_and_offset():
    good = session.encode(1, 1, 0, 1, 24, 1, 1, 0)
    cases = ((good[:5], "at offset 0 is not 14 bytes long"),
             (b"\x02" + good[1:], "at offset 0 has an unknown version"),
             (good[:5] + b"\x09" + good[6:], "at offset 5 names an unknown game"),
             (good[:7] + b"\x05\x00\x04\x00" + good[11:], "at offset 7 has an empty board range"),
             (good[:11] + b"\x02" + good[12:], "at offset 11 has a table number outside"),
             (good[:13] + b"\x09", "at offset 13 names an unknown movement"),
             (good[:7] + b"\x01\x00\x05\x00\x01\x02\x03", "at offset 13 has a movement that "
              "does not fit"))
    for data, words in cases:
        try:
            session.decode(data)
        except ParseError as e:
            assert "session set-up " + words in str(e), str(e)
        else:
            raise AssertionError(words)


def test_movement_names():
    assert session.movement_id("Howell") == session.HOWELL
    try:
        session.movement_id("swiss")
        assert False
    except ParseError as e:
        assert "mitchell" in str(e)
