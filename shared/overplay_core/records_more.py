"""The rest of records.py: the SESSION and CHECK encoders, check(), record_type/seq/boot.

    from overplay_core import records
    n = records.encode_check(buf, seq, boot, ticks, board, table, slip, f, nf, rulings, nr)
    records.check(data, key, shoe_id)     # found here, loaded on first use

A shoe that only deals writes DEAL and EVENT records, a terminal SCORE records (records.py);
these serve the overplay check, the session set-up and the club PC, so they load when used.
"""

from overplay_core import records as R


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


def check(data, key=None, shoe_id=0):
    """Non-raising door: OK, or TOO_SHORT, BAD_TYPE, BAD_LENGTH, BAD_FIELD, BAD_TAG (when a
    key is given); OK exactly when decode() would not raise (and the tag verifies)."""
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
    if key is not None and not R.verify(data, key, shoe_id):
        return R.BAD_TAG
    return R.OK
