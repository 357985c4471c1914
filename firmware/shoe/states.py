"""The shoe's vocabulary: the states of its two state machines (the dealing Shoe and the
scoring Terminal), what a poll did, what starting a deal answers.

    from shoe.states import DEALING, IDLE, OK
    if shoe.state == DEALING: ...

One source for these numbers: the machines (dealing, check, terminal, director) set them and
the screens and faults read them. This module imports nothing, so each of those can import it
without importing the others.
"""

from overplay_core.compat import const

# What a Shoe is doing (Shoe.mode)
ORIGINAL_DEAL = const(1)
OVERPLAY_CHECK = const(2)
ENROL_DECK = const(3)

# Shoe.state
IDLE = const(0)
DEALING = const(1)
AWAIT_TRAY = const(2)  # original deal recorded; the dealer holds the tray tag over the reader
CHECK_SLIP = const(3)  # overplay: waiting for the tray tag to read its slip
CHECK_TRUMP = const(4)  # overplay: waiting for the dealer to turn the trump over the reader
CHECK_HANDS = const(5)  # overplay: each hand passed over the reader in turn
ENROLLING = const(6)

# What Shoe.on_uid / Shoe.poll did
NOTHING = const(0)
CARD = const(1)
FLAGGED = const(2)
TAG = const(3)  # a tag for the slow path (tray tag, enrolment)

# Shoe.start_* results
OK = const(0)
REFUSED_JOURNAL = const(-1)  # not enough journal space to record the deal
REFUSED_NO_KEY = const(-2)  # no club key: records and slips could not be signed
REFUSED_BUSY = const(-3)  # a deal or check is in progress
REFUSED_SETUP = const(-4)  # the set-up cannot be dealt (damaged, unknown variant): Shoe.blocked
REFUSED_NO_OVERPLAY = const(-5)  # an overplay check in a game without one (every table deals)

FOREIGN = const(0xFE)  # card int given to the tally for a tag that is no card of this pack

# Terminal.state (shoe/terminal.py; the director's screens: shoe/director.py)
T_IDLE = const(0)
T_READY = const(1)
T_PLAYING = const(2)
T_ENTRY = const(3)
T_CONFIRM = const(4)
T_PIN = const(5)
T_MENU = const(6)
T_BOARD = const(7)  # director: which board
T_VALUE = const(8)  # director: tables engaged
T_ACCEPT = const(9)  # the side that did not key the score in accepts or rejects it

# The terminal's buttons (bits, as app.buttons() builds them)
DEAL = const(1)
NEXT = const(2)
MODE = const(4)

# Terminal refusals (key_in, confirm, director); OK = 0 above
BAD_VALUE = const(-1)
NOT_AUTHORISED = const(-2)
BUSY = const(-3)
NO_ROOM = const(-4)  # the record could not be stored (journal full: sync); nothing was done

# EVENT director_action (records.EV_DIRECTOR): a = ACT_*, b = PIN_* for a PIN try.
# Stored in journals: never renumber.
ACT_LOGIN = const(1)  # the PIN was entered (b: PIN_*), data = [wrong tries so far]
ACT_AVERAGE = const(2)  # the table takes the average score on this board (DW-25)
ACT_VOID = const(3)  # the board's score at this table is void (a SCORE kept in the journal)
ACT_CORRECT = const(4)  # tricks corrected: a new SCORE follows; data = [tricks N-S, E-W]
ACT_TABLES = const(5)  # tables engaged changed (context of Law IV §9, V §1); data = [tables]
ACT_LOGOUT = const(6)
ACT_PIN_SET = const(7)  # a new director's PIN arrived from the club PC over the link (b: PIN_OK)
ACT_REKEY_OPEN = const(8)  # re-keying opened at the shoe (MODE held at power-on; b = 0)
PIN_OK = const(0)
PIN_WRONG = const(1)
PIN_LOCKED = const(2)  # tried while locked out: not checked
PIN_NONE = const(3)  # no PIN on this shoe: the club PC must set one

# The director's menu, item by item (its words: shoe.screens.MENU, in the same order)
MENU_ACTS = (ACT_AVERAGE, ACT_VOID, ACT_CORRECT, ACT_TABLES, ACT_LOGOUT)
MAX_TRIES = const(3)  # wrong PIN tries in a row that lock the director's menu ...
LOCK_MS = const(300000)  # ... for 5 minutes (ticks, wrap-safe)
