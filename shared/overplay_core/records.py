"""Signed journal records: what the shoe keeps of each session, deal, event, check and score.

    buf = bytearray(records.MAX_RECORD)
    n = records.encode_deal(buf, seq, boot, ticks, board=7, table=1, game=1, variant=0,
                            dealer=3, mode=records.MODE_ORIGINAL, trump=51, flags=1,
                            findings=(), nfind=0, handprint=hp, hplen=13)
    n = records.sign(buf, n, key, shoe_id, journal.journal_id)   # + the 16-byte tag: n + 16
    journal.append(memoryview(buf)[:n])
    ...
    records.verify(data, key, shoe_id, journal_id)  # True when the tag matches
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

Encoders write into the caller's buffer and return the length; they allocate nothing, so the
shoe may call them while a deal is live. Finding codes (findings.py, negative ints) are stored
as one byte each, -code; decode gives the negative code back.
Two doors: check() returns an int code and never raises; decode() raises ParseError.

What a dealing shoe and a terminal use (encode_deal, encode_event, encode_score, sign,
verify, decode of a DEAL) is here; encode_session, encode_check, check, record_type/seq/boot,
EVENT_NAMES and the decoding of the other record types are in
records_more.py, loaded on first use (`records.check(...)` works as before: the module's
__getattr__ finds them there).
"""

import hashlib

from overplay_core import mac

# Record types (stored: never renumber).
SESSION = 1
DEAL = 2
EVENT = 3
CHECK = 4
SCORE = 5
TYPE_NAMES = {SESSION: "session", DEAL: "deal", EVENT: "event", CHECK: "check", SCORE: "score"}

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


def encode_score(buf, seq, boot, ticks, board, table, game, tricks_ns, tricks_ew,
                 points_ns, points_ew):
    """SCORE: a board's result at a table; points are signed (penalties may be negative)."""
    i = _header(buf, SCORE, seq, boot, ticks)
    _u16(buf, i, board)
    buf[i + 2] = table
    buf[i + 3] = game
    buf[i + 4] = tricks_ns
    buf[i + 5] = tricks_ew
    _u16(buf, i + 6, points_ns)
    _u16(buf, i + 8, points_ew)
    return i + 10


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


# --- reading ------------------------------------------------------------------------------

def _get16(d, i):
    return d[i] | (d[i + 1] << 8)


def _get32(d, i):
    return d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24)


def _body_end(d, n):
    """Offset where the tag starts if the record's lengths are consistent, else -offset."""
    t = d[0]
    if t == SESSION:
        end = HEADER + 20
    elif t == DEAL:
        i = HEADER + 9
        if i >= n:
            return -i
        i += 1 + d[i]
        if i >= n:
            return -i
        end = i + 1 + d[i]
    elif t == EVENT:
        i = HEADER + 5
        if i >= n:
            return -i
        end = i + 1 + d[i]
    elif t == CHECK:
        i = HEADER + 4
        if i >= n:
            return -i
        i += 1 + d[i]
        if i >= n:
            return -i
        end = i + 1 + 2 * d[i]
    elif t == SCORE:
        end = HEADER + 10
    else:
        return 0
    if end + TAG != n:
        return -end
    return end


def _codes(d, i):
    return tuple([-d[i + 1 + k] for k in range(d[i])]), i + 1 + d[i]


def decode(data):
    """The record as a dict (names in docs/records.md); ParseError names the bad offset."""
    d = bytes(data)
    n = len(d)
    e = _body_end(d, n) if n >= HEADER + TAG else 0
    if e <= 0:  # cut short, unknown type, or lengths that disagree: records_more says which
        from overplay_core import records_more

        records_more.refuse(d, e)
    t = d[0]
    r = {"type": t, "type_name": TYPE_NAMES[t], "seq": _get32(d, 1), "boot": _get16(d, 5),
         "ticks": _get32(d, 7), "tag": d[e:]}
    i = HEADER
    if t == DEAL:
        r.update({"board": _get16(d, i), "table": d[i + 2], "game": d[i + 3],
                  "variant": d[i + 4], "dealer": d[i + 5], "mode": d[i + 6],
                  "trump": d[i + 7], "flags": d[i + 8]})
        if r["mode"] > MODE_OVERPLAY:
            from overplay_core import records_more

            records_more.refuse_mode(d, i + 6)
        r["findings"], i = _codes(d, i + 9)
        r["handprint"] = d[i + 1:e]
    else:  # SESSION, EVENT, CHECK, SCORE: records_more (a dealing shoe reads none back)
        from overplay_core import records_more

        records_more.decode_body(d, r, t, e)
    return r


def __getattr__(attr):
    # encode_session/check, check, record_type/seq/boot, EVENT_NAMES: records_more
    if not attr.startswith("__"):
        from overplay_core import records_more

        v = getattr(records_more, attr, None)
        if v is not None:
            globals()[attr] = v  # found once: a plain attribute from now on
            return v
    raise AttributeError(attr)
