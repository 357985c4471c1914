"""Flash the shoe cannot trust: what it shows, what it records, and how it goes on.

    import shoe.faults as faults                     # loaded only when something is wrong (a dealing shoe
    faults.boot(app, found)           #   without a fault never holds this code)
    faults.not_stored(shoe)           # a record the journal could not take
    faults.alert_lines(shoe.alert)    # ['NOT RECORDED!', 'sync club PC']

At power-on (App.__init__, faults.boot): a damaged deck, key, set-up, PIN or journal file never
stops the boot. The shoe goes on without what it cannot read (no deck enrolled, no key, no
set-up, no PIN; the journal sets the bad part aside), shows what is wrong and what to do (an
alert at the foot of the screen), keeps the link up so the club PC can sync and enrol it again,
and records each fault as an EVENT file_fault (a = FILE_*, b = FAULT_*): at once when it still
holds its key, else when the club PC has enrolled it again. A set-up it cannot deal (damaged,
or a variant this firmware does not know) stops the dealing until a good one comes: no record
ever says one game while the cards are dealt as another.

While dealing (Shoe._append, Shoe._commit): a record that finds no room, or a batch the flash
refuses, is shown (NOT RECORDED!) and counted; once a record goes in again, an EVENT
file_fault (journal, not stored, data = [how many]) tells the club PC how many are missing.
The dealer is told to sync when the flash is nearly full (Journal.low), before it is.

MODE held at power-on opens re-keying for that power-on (the link takes an ENROLL without a
tag: App.enrol_open, handed to each Link), shown on the screen and journaled (EVENT
director_action, a = ACT_REKEY_OPEN). Alert lines fit the 16-column panel
(tests/firmware/app_boot_cases.py).
"""

from overplay_core import records
from overplay_core.compat import const
from shoe.states import ACT_REKEY_OPEN, REFUSED_JOURNAL, REFUSED_NO_KEY, REFUSED_SETUP

# EVENT file_fault (records.EV_FILE_FAULT): a = the file ...
FILE_DECKS = 1
FILE_KEY = 2
FILE_SESSION = 3
FILE_PIN = 4
FILE_JOURNAL = 5
# ... b = what was wrong with it
FAULT_UNREADABLE = 1  # a folder (or nothing that reads) where the file should be
FAULT_DAMAGED = 2  # bad CRC or length, bad contents, a set-up this shoe cannot deal
_FAULT_NOT_STORED = const(3)  # journal: records that could not be stored (data = [how many])

# EVENT device_fault (records.EV_DEVICE_FAULT, app.py's start-up checks): a = the device
# (the codes only this module writes are _private const(): folded in, not kept in its globals)
_DEVICE_READER = const(1)
_DEVICE_DISPLAY = const(2)


# Shoe.alert: what the dealer must see until it is put right (0: none). The shoe tests only
# "is there one" on its own paths; these codes and their words are here.
ALERT_NOT_STORED = 1  # a record could not be stored
ALERT_FLASH_ERROR = 2  # the flash refused a commit (the batch waits in RAM)
ALERT_NEARLY_FULL = 3  # Journal.low: sync before the flash fills
ALERT_JOURNAL_FULL = 4  # a deal refused: no room for the records it must write
ALERT_NO_KEY = 5  # a deal refused: not enrolled
ALERT_SETUP = 6  # the set-up cannot be dealt (Shoe.blocked)
ALERT_REKEY = 7  # re-keying open at the shoe
ALERT_NO_READER = 8  # the reader did not answer at power-on (Shoe.blocked: no deal)
ALERT_FILE = 10  # + FILE_*: that file was found damaged at power-on

# What is wrong, what to do (16 columns a line at most), indexed by the alert code: a tuple of
# literals, a constant in flash on the Pico (a dict is built on the heap at import); () for a
# code with no lines of its own.
_LINES = (
    (),
    ("NOT RECORDED!", "sync club PC"),  # ALERT_NOT_STORED 1
    ("flash error:", "sync club PC"),  # ALERT_FLASH_ERROR
    ("sync soon:", "flash near full"),  # ALERT_NEARLY_FULL
    ("journal full:", "sync club PC"),  # ALERT_JOURNAL_FULL
    ("no club key:", "enrol this shoe"),  # ALERT_NO_KEY 5
    ("set-up unusable:", "push session"),  # ALERT_SETUP
    ("re-key open:", "enrol from the", "club PC"),  # ALERT_REKEY
    ("NO READER: check", "its wiring, then", "press DEAL"),  # ALERT_NO_READER 8
    (),  # 9
    (),  # ALERT_FILE (10) + FILE_*:
    ("deck file bad:", "enrol decks"),  # FILE_DECKS
    ("key file bad:", "enrol this shoe"),  # FILE_KEY
    (),  # FILE_SESSION: ALERT_SETUP says it
    ("PIN file bad:", "set PIN at PC"),  # FILE_PIN
    ("journal damaged:", "sync club PC"),  # FILE_JOURNAL
)


def alert_lines(code):
    """The dealer's lines for Shoe.alert (1 to 3 lines of at most 16 characters)."""
    t = _LINES[code] if 0 <= code < len(_LINES) else ()
    return list(t) if t else ["fault %d" % code, "call director"]


def clear(shoe, *codes):
    """Take the alert down if it is one of codes (what it said was put right)."""
    if shoe.alert in codes:
        shoe.alert = 0
        shoe.changed = True


# --- records that could not be stored -------------------------------------------------------

def not_stored(shoe):
    """Shoe._append could not store a record: count it and say so (False, for the caller)."""
    shoe.lost += 1
    shoe.alert = ALERT_NOT_STORED
    shoe.changed = True
    return False


def report_lost(shoe):
    """After a record that did go in: EVENT file_fault (journal, not stored, data = [how
    many]), so the club PC learns that records are missing and how many."""
    k = shoe.lost
    shoe.lost = 0
    if shoe._note(records.EV_FILE_FAULT, FILE_JOURNAL, _FAULT_NOT_STORED,
                  bytes([k if k < 255 else 255]), 1):
        clear(shoe, ALERT_NOT_STORED)
    else:
        shoe.lost = k  # still untold (the failed try is no record of play)


def refused(shoe, code):
    """Shoe._start refused a deal: say why at the foot of the screen; no room is also
    journaled once (EVENT low_space), not at every press, from the reserve no deal will use."""

    if code == REFUSED_JOURNAL and shoe.alert != ALERT_JOURNAL_FULL:
        kib = shoe.journal.free_bytes() // 1024
        if shoe._note(records.EV_LOW_SPACE, 0 if kib < 0 else min(255, kib), keep=0):
            shoe._commit()
    shoe.message = "deal refused"
    shoe.alert = (shoe.blocked if code == REFUSED_SETUP else ALERT_NO_KEY
                  if code == REFUSED_NO_KEY else ALERT_JOURNAL_FULL)
    shoe._show()


def committed(shoe, ok, low):
    """After Shoe._commit: a refusal shown until a commit succeeds; the warning to sync
    while there is still room (low: Journal.low said so)."""
    if not ok:
        if shoe.alert != ALERT_NOT_STORED:  # (that one says more: a record is missing)
            shoe.alert = ALERT_FLASH_ERROR
            shoe.changed = True
        return
    clear(shoe, ALERT_FLASH_ERROR, ALERT_NEARLY_FULL, ALERT_JOURNAL_FULL)
    if low and not shoe.alert:
        shoe.alert = ALERT_NEARLY_FULL
        shoe.changed = True


# --- power-on -------------------------------------------------------------------------------

def boot(app, found):
    """App.__init__ found files damaged (found: (name, exception or None)), or MODE is held
    at power-on: show it, record it (now, or after the next enrolment when the key itself
    is what was lost), and open re-keying for this power-on when asked."""
    sh = app.shoe
    s = app.settings
    if s is not None:
        for name in s.bad:
            found.append((name, None))
    out = []
    for name, e in found:
        # the names App.__init__ and Settings.bad (shoe/settings.py) give the files, by
        # FILE_* from FILE_DECKS
        files = ("decks", "key.bin", "session.bin", "pin.bin", "journal")
        f = files.index(name) + FILE_DECKS if name in files else FILE_JOURNAL
        out.append((f, FAULT_UNREADABLE if isinstance(e, OSError) else FAULT_DAMAGED))
        if f == FILE_SESSION:
            sh.blocked = ALERT_SETUP  # no deal of a game the club PC may not have meant
    app.boot_faults = out
    if out:
        sh.alert = sh.blocked or ALERT_FILE + out[0][0]
    if app.board.pressed("mode"):
        app._pressed = 4  # held since power-on: not a press
        app.enrol_open = True  # each Link made this power-on is told (App.link_once)
        sh.alert = ALERT_REKEY
        sh._note(records.EV_DIRECTOR, ACT_REKEY_OPEN, 0)  # signed when there is a key
    record(app)
    sh.changed = True


def record(app):
    """EVENT file_fault for each fault found at power-on, once there is a key to sign it."""
    sh = app.shoe
    if sh.key is None:
        return  # kept until the club PC enrols the shoe (App._on_settings)
    for f, what in app.boot_faults:
        sh._note(records.EV_FILE_FAULT, f, what)
    app.boot_faults = ()
    sh._commit()


def enrolled(app, had_key):
    """The club PC enrolled the shoe: the key's alert comes down, re-keying closes (one
    enrolment per act at the shoe), and faults kept for want of a key are recorded."""
    clear(app.shoe, ALERT_FILE + FILE_KEY, ALERT_REKEY, ALERT_NO_KEY)
    app.enrol_open = False  # (the Link that took the ENROLL has shut its own)
    if not had_key and app.boot_faults:
        record(app)


# --- hardware that did not answer at power-on (App's start-up checks) ------------------------

def devices_missing(app):
    """A reader that did not answer its init (MFRC522 CHIP_ERROR: wiring, power, CS) blocks
    dealing: a shoe that reads nothing must not seem to deal. The dealer's screen says so and
    what to do; DEAL tries the reader again (reader_again). A display that did not answer
    cannot say anything: the console (USB serial) does, and the shoe deals and records all
    the same. Each is an EVENT device_fault (a = _DEVICE_*, b = the driver's code)."""
    sh = app.shoe
    r = app.board.reader
    if getattr(r, "version", 0) < 0:
        sh.blocked = sh.alert = ALERT_NO_READER
        sh.message = "deal refused"
        if sh._note(records.EV_DEVICE_FAULT, _DEVICE_READER, r.version & 0xFF):
            sh._commit()
    if getattr(app.board.display, "absent", False):
        print("shoe: no display answering on I2C: check the panel's wiring and power")
        if sh._note(records.EV_DEVICE_FAULT, _DEVICE_DISPLAY, 0):
            sh._commit()
    sh.changed = True


def reader_again(app):
    """DEAL on a shoe whose reader did not answer at power-on: init it again; True (and the
    block lifted) when it answers now."""
    sh = app.shoe
    r = app.board.reader
    r.version = r.init()
    if r.version < 0:
        sh.message = "deal refused"
        sh.changed = True
        return False
    sh.blocked = 0
    sh.message = "reader OK"
    clear(sh, ALERT_NO_READER)
    return True


def task_screen(shoe, task, e):
    """A task that raised (App._record_fault): which, what, and what to do."""
    import shoe.screens as screens

    return [screens.header(shoe.board, shoe.dealer, shoe.profile.seats, "fault"),
            "fault: " + screens.TASK_NAMES[task], e.__class__.__name__] \
        + screens.page(screens.wrap(str(e)), 0, 3) + ["", "call director"]
