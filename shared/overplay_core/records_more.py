"""The rest of records.py: SESSION and CHECK encoders, check(), record_type/seq/boot, and
decoding every record but a DEAL (EVENT_NAMES).

    from overplay_core import records
    n = records.encode_check(buf, seq, boot, ticks, board, table, slip, f, nf, rulings, nr)
    records.check(data, key, shoe_id, journal_id)     # found here, loaded on first use

A shoe that only deals writes DEAL and EVENT records, a terminal SCORE records (records.py);
these serve the overplay check, the session set-up and the club PC, so they load when used.
"""

from overplay_core import records as R
from overplay_core.errors import ParseError

# EVENT code -> name (records.EVENT_NAMES)
EVENT_NAMES = {R.EV_CARD_EXPOSED: "card_exposed", R.EV_UNKNOWN_TAG: "unknown_tag",
               R.EV_COLLISION: "collision", R.EV_DUPLICATE_READ: "duplicate_read",
               R.EV_OTHER_DECK: "other_deck", R.EV_DIRECTOR: "director_action",
               R.EV_LOW_SPACE: "low_space", R.EV_READER_ERROR: "reader_error",
               R.EV_DEAL_ABANDONED: "deal_abandoned", R.EV_POWER_ON: "power_on",
               R.EV_DECK_ENROLLED: "deck_enrolled", R.EV_PLAY_BEGUN: "play_begun",
               R.EV_TASK_FAULT: "task_fault", R.EV_FILE_FAULT: "file_fault"}


def encode_session(buf, seq, boot, ticks, shoe_id, fw, session_id, game, variant, table,
                   tables, first_board, last_board, movement):
    """SESSION: who recorded (shoe id, firmware (major, minor, patch)) and the settings."""
    i = R._header(buf, R.SESSION, seq, boot, ticks)
    R._u32(buf, i, shoe_id)
    buf[i + 4] = fw[0]
    buf[i + 5] = fw[1]
    buf[i + 6] = fw[2]
    R._u32(buf, i + 7, session_id)
    buf[i + 11] = game
    buf[i + 12] = variant
    buf[i + 13] = table
    buf[i + 14] = tables
    R._u16(buf, i + 15, first_board)
    R._u16(buf, i + 17, last_board)
    buf[i + 19] = movement
    return i + 20


def encode_check(buf, seq, boot, ticks, board, table, slip, findings, nfind, rulings,
                 nrul):
    """CHECK: an overplay check against the tray slip, its findings and the ruling codes."""
    i = R._header(buf, R.CHECK, seq, boot, ticks)
    R._u16(buf, i, board)
    buf[i + 2] = table
    buf[i + 3] = slip
    i = R._findings(buf, i + 4, findings, nfind)
    buf[i] = nrul
    i += 1
    for k in range(nrul):
        R._u16(buf, i, rulings[k])
        i += 2
    return i


def record_type(data):
    return data[0]


def record_seq(data):
    """The seq of a record from its header (no checks: the journal's framing vouches)."""
    return R._get32(data, 1)


def record_boot(data):
    return R._get16(data, 5)


def check(data, key=None, shoe_id=0, journal_id=0):
    """Non-raising door: OK, or TOO_SHORT, BAD_TYPE, BAD_LENGTH, BAD_FIELD, BAD_TAG (when a
    key is given: the tag under key, shoe_id and journal_id); OK exactly when decode() would
    not raise (and the tag verifies)."""
    n = len(data)
    if n < R.HEADER + R.TAG:
        return R.TOO_SHORT
    e = R._body_end(data, n)
    if e == 0:
        return R.BAD_TYPE
    if e < 0:
        return R.BAD_LENGTH
    if (data[0] == R.DEAL and data[17] > R.MODE_OVERPLAY) or (data[0] == R.CHECK
                                                             and data[14] > R.SLIP_FORGED):
        return R.BAD_FIELD
    if key is not None and not R.verify(data, key, shoe_id, journal_id):
        return R.BAD_TAG
    return R.OK


def _signed16(v):
    return v - 0x10000 if v & 0x8000 else v


def refuse(d, e):
    """records.decode's ParseError for d: cut short, an unknown type (e == 0), or lengths
    that disagree at offset -e (records._body_end)."""
    n = len(d)
    if n < R.HEADER + R.TAG:
        raise ParseError("record of %d bytes at offset 0: a record has at least %d (header "
                         "and tag); the data is cut short" % (n, R.HEADER + R.TAG))
    if e == 0:
        raise ParseError("unknown record type %d at offset 0: expected 1..5" % d[0])
    raise ParseError("record of type %s is %d bytes, inconsistent with its length fields "
                     "at offset %d" % (R.TYPE_NAMES[d[0]], n, -e))


def refuse_mode(d, i):
    """records.decode's ParseError for a DEAL whose mode (at offset i) is out of range."""
    raise ParseError("deal mode %d at offset %d: expected 0 (original) or 1 (overplay)"
                     % (d[i], i))


def decode_body(d, r, t, e):
    """records.decode's fields of a SESSION, EVENT, CHECK or SCORE record d (tag at e)."""
    i = R.HEADER
    if t == R.SESSION:
        r.update({"shoe_id": R._get32(d, i), "fw": (d[i + 4], d[i + 5], d[i + 6]),
                  "session_id": R._get32(d, i + 7), "game": d[i + 11], "variant": d[i + 12],
                  "table": d[i + 13], "tables": d[i + 14], "first_board": R._get16(d, i + 15),
                  "last_board": R._get16(d, i + 17), "movement": d[i + 19]})
    elif t == R.EVENT:
        r.update({"code": d[i], "event_name": EVENT_NAMES.get(d[i], "event_%d" % d[i]),
                  "board": R._get16(d, i + 1), "a": d[i + 3], "b": d[i + 4],
                  "data": d[i + 6:e]})
    elif t == R.CHECK:
        r.update({"board": R._get16(d, i), "table": d[i + 2], "slip": d[i + 3]})
        if r["slip"] > R.SLIP_FORGED:
            raise ParseError("slip result %d at offset %d: expected 0..3" % (r["slip"], i + 3))
        r["findings"], i = R._codes(d, i + 4)
        r["rulings"] = tuple([R._get16(d, i + 1 + 2 * k) for k in range(d[i])])
    else:
        r.update({"board": R._get16(d, i), "table": d[i + 2], "game": d[i + 3],
                  "tricks_ns": d[i + 4], "tricks_ew": d[i + 5],
                  "points_ns": _signed16(R._get16(d, i + 6)),
                  "points_ew": _signed16(R._get16(d, i + 8))})
