"""Signed journal records: what the shoe keeps of each session, deal, event, check and score.

    buf = bytearray(records.MAX_RECORD)
    n = records.encode_deal(buf, seq, boot, ticks, board=7, table=1, game=1, variant=0,
                            dealer=3, mode=records.MODE_ORIGINAL, trump=51, flags=1,
                            findings=(), nfind=0, handprint=hp, hplen=13)
    n = records.sign(buf, n, key, shoe_id, journal.journal_id)   # + the 16-byte tag: n + 16
    journal.append(memoryview(buf)[:n])
    ...
    records.check(data, key, shoe_id, journal_id)   # OK (0) or a negative code, never raises
    d = records.decode(data)                        # dict; ParseError names the offset

Layout (all integers little-endian; docs/records.md has every offset):
    header  type u8 | seq u32 | boot u16 | ticks u32          (11 bytes)
    body    per type (SESSION, DEAL, EVENT, CHECK, SCORE)
    tag     HMAC-SHA256(key, shoe_id u32 + journal_id u32 + header + body)[:16]
The journal id (journal.Journal.journal_id: random, made when the journal starts afresh) is
in the tag, so a record moved into another journal of the same shoe (one wiped or replaced
since) does not verify there.
There is no real-time clock on the shoe (issue 4 item 7): seq, the boot counter and the
millisecond ticks order the records; the club PC stamps wall time when it syncs them.

One symmetric codec: each record type has its section below, its encoder beside the reader
of its body (_length_<type> for the lengths, _decode_<type> for the fields), so a field
changed in one is seen changed in the other.

Invariants: encoders write into the caller's buffer and return the length; they allocate
nothing, so the shoe may call them while a deal is live. Finding codes (findings.py, negative
ints) are stored as one byte each, -code; decode gives the negative code back. Two doors:
check() returns an int code and never raises; decode() raises ParseError, and check() is OK
exactly when decode() would not raise (and the tag verifies).
"""

import hashlib

from overplay_core import mac
from overplay_core.errors import ParseError

# Record types (stored: never renumber).
SESSION = 1
DEAL = 2
EVENT = 3
CHECK = 4
SCORE = 5
# Type -> name, indexed by the type (None at 0: no type). The name tables here are tuples of
# literals: constants, in flash on the Pico (a dict is built on the heap at import).
TYPE_NAMES = (None, "session", "deal", "event", "check", "score")

HEADER = 11
TAG = 16
MAX_RECORD = 255  # the journal frames a record with a one-byte length
MAX_FINDINGS = 32
MAX_EVENT_DATA = 16

# DEAL mode
MODE_ORIGINAL = 0  # the first deal of a board: the shoe writes the tray slip
MODE_OVERPLAY = 1  # a later table replays the board from the tray
NO_TRUMP_CARD = 0xFF  # trump named, not turned (bridge whist, euchre after the turn-down)

# DEAL flags (bits)
FLAG_COMPLETE = 1  # every card of the deal was read
FLAG_ABANDONED = 2  # the deal was given up (misdeal, redeal)
FLAG_SLIP_WRITTEN = 4  # the tray slip was written (original) or read and checked (overplay)
FLAG_HANDS_CHECKED = 8  # overplay: each hand was passed over the reader

# EVENT codes (stored: never renumber). a, b: small args; data: up to 16 bytes (a UID).
EV_CARD_EXPOSED = 1  # a = card
EV_UNKNOWN_TAG = 2  # data = UID
EV_COLLISION = 3  # two tags in the field; a = reader code
EV_DUPLICATE_READ = 4  # a = card read again (counted once)
EV_OTHER_DECK = 5  # a = card, data = UID of a card enrolled in another deck
EV_DIRECTOR = 6  # a = director action code, b = PIN check (0 ok, else refused)
EV_LOW_SPACE = 7  # a = free KiB (capped at 255): the shoe refused to start a deal
EV_READER_ERROR = 8  # a = reader error code (as a byte)
EV_DEAL_ABANDONED = 9  # a = cards dealt
EV_POWER_ON = 10  # a = reset cause
EV_DECK_ENROLLED = 11  # a = deck number, b = cards enrolled
EV_PLAY_BEGUN = 12  # a = 0 original deal, 1 overplay: the table began play (the terminal)
EV_TASK_FAULT = 13  # a = app task, b = 1 MemoryError, 2 OSError, 3 other (app.py)
EV_FILE_FAULT = 14  # a = file, b = what was wrong (firmware/shoe.py FILE_*, FAULT_*)
# The side that did not key the score in answered it (the terminal, before the SCORE record):
# a = 1 accepted, 0 rejected (back to entry); b = the side answering (0 N-S or P0, 1 E-W or
# P1); data = [tricks N-S, tricks E-W] as keyed in
EV_SCORE_CHECKED = 15
# Hardware found missing at power-on (shoe/app.py's start-up checks): a = 1 the reader (no
# answer on SPI: the shoe refuses to deal), 2 the display (nothing answered on I2C); b = the
# driver's code as a byte (the reader's CHIP_ERROR)
EV_DEVICE_FAULT = 16
# CHECK slip result
SLIP_OK = 0
SLIP_MISMATCH = 1  # the deal differs from the tray slip
SLIP_MISSING = 2  # no slip on the tray (unreadable or blank)
SLIP_FORGED = 3  # the slip's tag does not verify

# check() codes
OK = 0
TOO_SHORT = -1
BAD_TYPE = -2
BAD_LENGTH = -3
BAD_TAG = -4
BAD_FIELD = -5  # a DEAL mode or CHECK slip result out of range


# EVENT code -> name, indexed by the code (EVENT_NAMES[EV_COLLISION]; None at 0: no code)
EVENT_NAMES = (None, "card_exposed", "unknown_tag", "collision", "duplicate_read", "other_deck",
               "director_action", "low_space", "reader_error", "deal_abandoned", "power_on",
               "deck_enrolled", "play_begun", "task_fault", "file_fault", "score_checked",
               "device_fault")


def _u16(buf, i, v):
    buf[i] = v & 0xFF
    buf[i + 1] = (v >> 8) & 0xFF


def _u32(buf, i, v):
    buf[i] = v & 0xFF
    buf[i + 1] = (v >> 8) & 0xFF
    buf[i + 2] = (v >> 16) & 0xFF
    buf[i + 3] = (v >> 24) & 0xFF


def _header(buf, rtype, seq, boot, ticks):
    buf[0] = rtype
    _u32(buf, 1, seq)
    _u16(buf, 5, boot)
    _u32(buf, 7, ticks)  # ticks_ms wraps (2^30 on the device): only differences mean anything
    return HEADER


def _findings(buf, i, findings, nfind):
    buf[i] = nfind
    i += 1
    for k in range(nfind):
        f = findings[k]
        buf[i] = (-f if f < 0 else f) & 0xFF
        i += 1
    return i


def _get16(d, i):
    return d[i] | (d[i + 1] << 8)


def _get32(d, i):
    return d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24)


def _codes(d, i):
    return tuple([-d[i + 1 + k] for k in range(d[i])]), i + 1 + d[i]


def _counted(d, n, i, width):
    """End of a count byte at d[i] and the count's items of `width` bytes after it; -i when
    the record ends before the count byte."""
    if i >= n:
        return -i
    return i + 1 + width * d[i]


def _signed16(v):
    return v - 0x10000 if v & 0x8000 else v


# --- SESSION ------------------------------------------------------------------------------

def encode_session(buf, seq, boot, ticks, shoe_id, fw, session_id, game, variant, table,
                   tables, first_board, last_board, movement):
    """SESSION: who recorded (shoe id, firmware (major, minor, patch)) and the settings."""
    i = _header(buf, SESSION, seq, boot, ticks)
    _u32(buf, i, shoe_id)
    buf[i + 4] = fw[0]
    buf[i + 5] = fw[1]
    buf[i + 6] = fw[2]
    _u32(buf, i + 7, session_id)
    buf[i + 11] = game
    buf[i + 12] = variant
    buf[i + 13] = table
    buf[i + 14] = tables
    _u16(buf, i + 15, first_board)
    _u16(buf, i + 17, last_board)
    buf[i + 19] = movement
    return i + 20


def _length_session(d, n):
    return HEADER + 20


def _decode_session(d, r, e):
    i = HEADER
    r.update({"shoe_id": _get32(d, i), "fw": (d[i + 4], d[i + 5], d[i + 6]),
              "session_id": _get32(d, i + 7), "game": d[i + 11], "variant": d[i + 12],
              "table": d[i + 13], "tables": d[i + 14], "first_board": _get16(d, i + 15),
              "last_board": _get16(d, i + 17), "movement": d[i + 19]})


# --- DEAL ---------------------------------------------------------------------------------

def encode_deal(buf, seq, boot, ticks, board, table, game, variant, dealer, mode, trump,
                flags, findings, nfind, handprint, hplen):
    """DEAL: one deal as dealt; findings[:nfind] codes; handprint[:hplen] (handprint.py)."""
    i = _header(buf, DEAL, seq, boot, ticks)
    _u16(buf, i, board)
    buf[i + 2] = table
    buf[i + 3] = game
    buf[i + 4] = variant
    buf[i + 5] = dealer
    buf[i + 6] = mode
    buf[i + 7] = trump
    buf[i + 8] = flags
    i = _findings(buf, i + 9, findings, nfind)
    buf[i] = hplen
    i += 1
    for k in range(hplen):
        buf[i + k] = handprint[k]
    return i + hplen


def _length_deal(d, n):
    i = _counted(d, n, HEADER + 9, 1)  # findings
    return _counted(d, n, i, 1) if i > 0 else i  # handprint


def _decode_deal(d, r, e):
    i = HEADER
    r.update({"board": _get16(d, i), "table": d[i + 2], "game": d[i + 3],
              "variant": d[i + 4], "dealer": d[i + 5], "mode": d[i + 6],
              "trump": d[i + 7], "flags": d[i + 8]})
    if r["mode"] > MODE_OVERPLAY:
        raise ParseError("deal mode %d at offset %d: expected 0 (original) or 1 (overplay)"
                         % (r["mode"], i + 6))
    r["findings"], i = _codes(d, i + 9)
    r["handprint"] = d[i + 1:e]


# --- EVENT --------------------------------------------------------------------------------

def encode_event(buf, seq, boot, ticks, code, board=0, a=0, b=0, data=None, ndata=0):
    """EVENT: something the dealer was told and the director may ask about (EV_* codes)."""
    i = _header(buf, EVENT, seq, boot, ticks)
    buf[i] = code
    _u16(buf, i + 1, board)
    buf[i + 3] = a & 0xFF
    buf[i + 4] = b & 0xFF
    buf[i + 5] = ndata
    i += 6
    for k in range(ndata):
        buf[i + k] = data[k]
    return i + ndata


def _length_event(d, n):
    return _counted(d, n, HEADER + 5, 1)  # data


def _decode_event(d, r, e):
    i = HEADER
    c = d[i]
    r.update({"code": c, "event_name": EVENT_NAMES[c] if 0 < c < len(EVENT_NAMES) else
              "event_%d" % c,
              "board": _get16(d, i + 1), "a": d[i + 3], "b": d[i + 4], "data": d[i + 6:e]})


# --- CHECK --------------------------------------------------------------------------------

def encode_check(buf, seq, boot, ticks, board, table, slip, findings, nfind, rulings,
                 nrul):
    """CHECK: an overplay check against the tray slip, its findings and the ruling codes."""
    i = _header(buf, CHECK, seq, boot, ticks)
    _u16(buf, i, board)
    buf[i + 2] = table
    buf[i + 3] = slip
    i = _findings(buf, i + 4, findings, nfind)
    buf[i] = nrul
    i += 1
    for k in range(nrul):
        _u16(buf, i, rulings[k])
        i += 2
    return i


def _length_check(d, n):
    i = _counted(d, n, HEADER + 4, 1)  # findings
    return _counted(d, n, i, 2) if i > 0 else i  # rulings, u16 each


def _decode_check(d, r, e):
    i = HEADER
    r.update({"board": _get16(d, i), "table": d[i + 2], "slip": d[i + 3]})
    if r["slip"] > SLIP_FORGED:
        raise ParseError("slip result %d at offset %d: expected 0..3" % (r["slip"], i + 3))
    r["findings"], i = _codes(d, i + 4)
    r["rulings"] = tuple([_get16(d, i + 1 + 2 * k) for k in range(d[i])])


# --- SCORE --------------------------------------------------------------------------------
# The per-game fields after the points (a 17-byte body; a body of 10 is a SCORE written before
# them, still read: every field -1). One byte each, NONE (0xFF) for -1: the game has no such
# field. SCORE_FIELDS in body order; docs/records.md says what each holds for each game.
SCORE_FIELDS = ("makers", "alone", "proposal", "king", "declarer", "strain", "doubles")
SCORE_OLD = 10  # body bytes of a SCORE without the per-game fields
SCORE_BODY = SCORE_OLD + 7
NONE = 0xFF


def encode_score(buf, seq, boot, ticks, board, table, game, tricks_ns, tricks_ew,
                 points_ns, points_ew, makers=-1, alone=-1, proposal=-1, king=-1,
                 declarer=-1, strain=-1, doubles=-1):
    """SCORE: a board's result at a table; points are signed (penalties may be negative);
    the game's own fields (SCORE_FIELDS), -1 where the game has none."""
    i = _header(buf, SCORE, seq, boot, ticks)
    _u16(buf, i, board)
    buf[i + 2] = table
    buf[i + 3] = game
    buf[i + 4] = tricks_ns
    buf[i + 5] = tricks_ew
    _u16(buf, i + 6, points_ns)
    _u16(buf, i + 8, points_ew)
    buf[i + 10] = makers & 0xFF
    buf[i + 11] = alone & 0xFF
    buf[i + 12] = proposal & 0xFF
    buf[i + 13] = king & 0xFF
    buf[i + 14] = declarer & 0xFF
    buf[i + 15] = strain & 0xFF
    buf[i + 16] = doubles & 0xFF
    return i + SCORE_BODY


def _length_score(d, n):
    # The body's length tells the two forms apart: 10 bytes (before the per-game fields)
    # or 17; any other record length is inconsistent with both (_body_end says so)
    if n == HEADER + SCORE_OLD + TAG:
        return HEADER + SCORE_OLD
    return HEADER + SCORE_BODY


def _decode_score(d, r, e):
    i = HEADER
    r.update({"board": _get16(d, i), "table": d[i + 2], "game": d[i + 3],
              "tricks_ns": d[i + 4], "tricks_ew": d[i + 5],
              "points_ns": _signed16(_get16(d, i + 6)),
              "points_ew": _signed16(_get16(d, i + 8))})
    old = e - i == SCORE_OLD
    for k in range(len(SCORE_FIELDS)):
        v = NONE if old else d[i + SCORE_OLD + k]
        r[SCORE_FIELDS[k]] = -1 if v == NONE else v


# --- the tag ----------------------------------------------------------------------------

def _tag(key, shoe_id, journal_id, data, n):
    """HMAC-SHA256(key, shoe_id u32 LE + journal_id u32 LE + data[:n]) (RFC 2104, as
    overplay_core.mac)."""
    ipad, opad = mac.pads(key)
    ids = bytearray(8)
    _u32(ids, 0, shoe_id)
    _u32(ids, 4, journal_id)
    inner = hashlib.sha256(ipad)
    inner.update(ids)
    inner.update(memoryview(data)[:n])
    outer = hashlib.sha256(opad)
    outer.update(inner.digest())
    return outer.digest()


def sign(buf, n, key, shoe_id, journal_id):
    """Append the 16-byte tag to the record in buf[:n]; return n + 16."""
    t = _tag(key, shoe_id, journal_id, buf, n)
    for k in range(TAG):
        buf[n + k] = t[k]
    return n + TAG


def verify(data, key, shoe_id, journal_id):
    """True when data is a record whose tag matches under key, shoe_id and journal_id."""
    n = len(data) - TAG
    if n < HEADER:
        return False
    t = _tag(key, shoe_id, journal_id, data, n)
    diff = 0
    for k in range(TAG):  # constant time: a forger learns nothing from the timing
        diff |= t[k] ^ data[n + k]
    return diff == 0


# --- reading: every type's (length, fields) readers, by type --------------------------------

# type t's length reader at 2t, its fields reader at 2t + 1 (one flat tuple: the least heap)
_READERS = (None, None, _length_session, _decode_session, _length_deal, _decode_deal,
            _length_event, _decode_event, _length_check, _decode_check, _length_score,
            _decode_score)


def _body_end(d, n):
    """Offset where the tag starts if the record's lengths are consistent, else -offset
    (0 for an unknown type)."""
    t = d[0]
    if not SESSION <= t <= SCORE:
        return 0
    end = _READERS[2 * t](d, n)
    if end < 0 or end + TAG != n:
        return -abs(end)
    return end


def check(data, key=None, shoe_id=0, journal_id=0):
    """Non-raising door: OK, or TOO_SHORT, BAD_TYPE, BAD_LENGTH, BAD_FIELD, BAD_TAG (when a
    key is given: the tag under key, shoe_id and journal_id); OK exactly when decode() would
    not raise (and the tag verifies)."""
    n = len(data)
    if n < HEADER + TAG:
        return TOO_SHORT
    e = _body_end(data, n)
    if e == 0:
        return BAD_TYPE
    if e < 0:
        return BAD_LENGTH
    if (data[0] == DEAL and data[17] > MODE_OVERPLAY) or (data[0] == CHECK
                                                             and data[14] > SLIP_FORGED):
        return BAD_FIELD
    if key is not None and not verify(data, key, shoe_id, journal_id):
        return BAD_TAG
    return OK


def decode(data):
    """The record as a dict (names in docs/records.md); ParseError names the bad offset."""
    d = bytes(data)
    n = len(d)
    if n < HEADER + TAG:
        raise ParseError("record of %d bytes at offset 0: a record has at least %d (header "
                         "and tag); the data is cut short" % (n, HEADER + TAG))
    e = _body_end(d, n)
    if e == 0:
        raise ParseError("unknown record type %d at offset 0: expected 1..5" % d[0])
    if e < 0:
        raise ParseError("record of type %s is %d bytes, inconsistent with its length fields "
                         "at offset %d" % (TYPE_NAMES[d[0]], n, -e))
    t = d[0]
    r = {"type": t, "type_name": TYPE_NAMES[t], "seq": _get32(d, 1), "boot": _get16(d, 5),
         "ticks": _get32(d, 7), "tag": d[e:]}
    _READERS[2 * t + 1](d, r, e)
    return r


def record_type(data):
    return data[0]


def record_seq(data):
    """The seq of a record from its header (no checks: the journal's framing vouches)."""
    return _get32(data, 1)


def record_boot(data):
    return _get16(data, 5)


