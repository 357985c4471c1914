"""Enrolment: give a shoe a fresh secret key, a shoe id and the club's tray-slip key.

    shoe_id = enroll(ser, store, shoe_id=None, name=None)   # what `overplay enroll` runs

Two keys go to the shoe in one ENROLL message (stored together on its flash, key.bin):
- its own record key (32 random bytes from os.urandom), kept in the `shoes` table; every record
  the shoe signs from then on verifies under it;
- the club's tray-slip key (the `club` table, made once), the same for every shoe of the club,
  so a trump slip written at one table verifies at any other.
A shoe that still holds records the club has not synced is refused unless --force: those
records would then arrive signed under the old key (they still verify: the DB keeps every key a
shoe held, `shoe_keys`, but a club that never had that key quarantines them).

Who may re-key a shoe (docs/wire.md, "Who is trusted"): a shoe that holds a key takes a new one
only in an ENROLL tagged under its current key, i.e. from the club DB that enrolled it; or, with
its button held at power-on (INFO says enrol-open), from any PC on the cable. An id the club
already gave another shoe is refused unless --replace (the same shoe again is fine: it proves
its key, or its journal is one the club has seen under that id).
"""

import os
import struct

from overplay_core import wire

from overplay.errors import SyncError, UserError
from overplay.sync import HostLink, finish, hello

def enroll(ser, st, shoe_id=None, name=None, force=False, rotate=False, replace=False):
    """Enrol the shoe on an open port; returns its shoe id. UserError (one line) when it is
    refused or the shoe does not answer."""
    hl = HostLink(ser)
    try:
        info = hello(hl, st)
    except SyncError as e:
        raise UserError(str(e))
    now = info["shoe_id"]
    if info["enrolled"] and not info["enrol_open"] and not info["proven"]:
        raise UserError("shoe %d is enrolled with a key this club does not hold: hold its "
                        "button at power-on to re-key it, or use the club PC that enrolled it"
                        % now)
    # the shoe the club DB knows as `now`: it proves its key, or shows a journal seen under it
    same = bool(info["enrolled"]) and st.shoe(now) is not None and (
        info["proven"] or st.journal_state(now, info["journal_id"]) is not None)
    held = info["next_seq"] - info["first_seq"]
    merged = st.next_seq(now, info["journal_id"]) if same else 0
    if info["enrolled"] and held > 0 and merged < info["next_seq"] and not force:
        raise UserError("shoe %d holds records %d..%d not yet synced to this club DB: "
                        "run `overplay sync` first, or --force"
                        % (now, max(merged, info["first_seq"]), info["next_seq"] - 1))
    if shoe_id is None:
        shoe_id = now if same else st.new_shoe_id()
    if not 0 < shoe_id <= 0xFFFFFFFF:
        raise UserError("shoe id %d: use 1..4294967295" % shoe_id)
    if st.shoe(shoe_id) is not None and not (same and shoe_id == now) and not replace:
        raise UserError("shoe id %d is held by another enrolled shoe in %s: give a free "
                        "--shoe-id (or none), or --replace to give this shoe that id"
                        % (shoe_id, st.path))
    key = os.urandom(wire.KEY_BYTES)
    # Kept before it is sent: if the ENROLL_ACK is lost the shoe may hold it, and proves so at
    # its next HELLO, which makes it the shoe's key in the DB (sync.hello)
    st.offer_key(shoe_id, key)
    slip_key = st.slip_key(rotate)
    try:
        t, seq, p = hl.request(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, shoe_id) + key
                               + slip_key, wire.ENROLL_ACK, tag=hl.key is not None)
        if seq != shoe_id:
            raise SyncError("the shoe acknowledged shoe id %d, not %d: enrol again"
                            % (seq, shoe_id))
    except SyncError as e:
        # The ACK may be what was lost (a resent ENROLL is then refused: the shoe holds a key
        # now). Ask it: a shoe that proves the new key has it (hello makes it the DB's).
        if not _took(hl, st, shoe_id, key):
            raise UserError(str(e))
    st.enroll(shoe_id, key, name)
    hl.key = key  # the shoe's key from now on: DONE ends the link (its REPL interrupt is back)
    finish(hl, st, 0, tries=1)
    return shoe_id


def _took(hl, st, shoe_id, key):
    """True when the shoe, asked again, proves it holds `key` as shoe_id."""
    try:
        info = hello(hl, st)
    except SyncError:
        return False  # it waits as an offered key: the next HELLO that proves it settles it
    return info["proven"] and info["shoe_id"] == shoe_id and hl.key == key
