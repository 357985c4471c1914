"""The shoe's per-card hot path: reader result -> card int -> seat (tally) -> buffers.

    class Shoe(ShoeCore): ...      # shoe.py adds starting, ending, records and the screen
    shoe.poll()                    # read once; or on_uid(uid_buf, n) with a ring's result

Nothing here allocates (tested under micropython.heap_lock(): tests/firmware/test_app_hotpath.py):
the deck lookup, the tally and the event ring are all preallocated; an irregularity is a few
bytes put into `events` for the slow path (Shoe.service) to record and show.

Irregularities, each flagged to the dealer and recorded as an EVENT, never dropped and never
counted twice: an unknown tag and a card of another deck are dealt cards that belong to no
card of this pack, so they go to the tally as a foreign card (its seat keeps the deal order,
and the deal is found incorrect: DW-4b); the same card read again is recorded and not counted;
two tags at once is recorded once per field, and reader timeouts are counted as noise.
"""

# The biggest module first: on a small heap compiling from source (the MicroPython tests),
# it is compiled while the heap is still in one piece.
from overplay_core import records  # noqa: I001
from overplay_core.compat import const, ticks_ms
from shoe.ring import Ring

OTHER_DECK = const(-21)  # deck.OTHER_DECK (test_shoe checks they agree): deck.py need not load here
SLIP_BYTES = 64  # tray.SLIP_BUF: a slip is at most 49 bytes (trayslip.MAX_LEN), read in 16s
HANDPRINT_BYTES = 20  # handprint.MAX_BYTES: 52 cards at 3 bits
# The record being built and signed. Not records.MAX_RECORD (255, what a journal frame can
# carry): the longest record a shoe builds is a CHECK naming every finding code (47) with 16
# rulings, 112 bytes signed (test_shoe.py checks it fits); a DEAL is at most 105.
REC_BYTES = 128

ORIGINAL_DEAL = const(1)
OVERPLAY_CHECK = const(2)
ENROL_DECK = const(3)

# states
IDLE = const(0)
DEALING = const(1)
AWAIT_TRAY = const(2)  # original deal recorded; the dealer holds the tray tag over the reader
CHECK_SLIP = const(3)  # overplay: waiting for the tray tag to read its slip
CHECK_TRUMP = const(4)  # overplay: waiting for the dealer to turn the trump over the reader
CHECK_HANDS = const(5)  # overplay: each hand passed over the reader in turn
ENROLLING = const(6)

# what on_uid/poll did
NOTHING = const(0)
CARD = const(1)
FLAGGED = const(2)
TAG = const(3)  # a tag for the slow path (tray tag, enrolment)

# start_* results
OK = const(0)
REFUSED_JOURNAL = const(-1)  # not enough journal space to record the deal
REFUSED_NO_KEY = const(-2)  # no club key: records and slips could not be signed
REFUSED_BUSY = const(-3)  # a deal or check is in progress
REFUSED_SETUP = const(-4)  # the set-up cannot be dealt (damaged, unknown variant): Shoe.blocked

FOREIGN = const(0xFE)  # card int given to the tally for a tag that is no card of this pack
NOT_DEALT = const(0xFF)  # tally.NOT_DEALT: seat_of_card of a card not dealt yet
NEED_BYTES = 2 * records.MAX_RECORD  # a deal record, its check record and some events
QUIET_MS = const(1500)  # a full deal ends itself this long after its last card


class ShoeCore:
    # Defaults for what only an overplay check, an enrolment or an odd reader sets: kept here,
    # not in each shoe's attribute table (a dealing shoe's table stays at 37 entries: ~160
    # bytes less on the unix port). shoe_check.start_check puts the check's own on the shoe
    # before its first card, so the check's per-card path never grows the table (allocates).
    collision_code = -1  # the reader's result for two tags at once, when it has one
    cards = 0  # cards counted in a check or an enrolment (a deal: tally.n)
    last_seat = -1  # overplay: the seat of the last card passed
    hand = 0  # overplay: the seat whose hand is being passed
    checked = 0  # overplay: bit per seat whose hand was passed
    trump_read = -1  # overplay: the card the dealer turned
    slip_trump = -1  # overplay: the trump the slip names (-1: none)
    slip_result = records.SLIP_MISSING
    expected = None  # overplay: seat of each card by the slip (53 bytes, made by start_check)
    deck_no = 0  # the deck being enrolled

    def __init__(self, profile, tally, deck, reader, journal, key, shoe_id, display,
                 table=1, tray=None, clock=ticks_ms, collision_code=-1):
        self.profile = profile
        self.tally = tally
        self.deck = deck
        self.reader = reader
        self.journal = journal
        self.key = key
        self.shoe_id = shoe_id
        self.display = display
        self.table = table
        self.tray = tray
        self.clock = clock
        if collision_code != -1:
            self.collision_code = collision_code
        self.mode = ORIGINAL_DEAL
        self.state = IDLE
        self.board = 0
        self.dealer = 0
        self.uid = bytearray(10)
        self.rec = bytearray(REC_BYTES)
        self.hp = bytearray(HANDPRINT_BYTES)
        self.slip = bytearray(SLIP_BYTES)
        # kind = records.EV_*; payload a, b, UID (up to 10). Taken out by service(), the slow
        # path: no per-slot views (get copies its bytes one by one). At most one event per
        # reader result, and service() runs after every batch the app takes from its 8-slot
        # UID ring: 8 slots (an overflow is still recorded, as EV_READER_ERROR a = 0xFF)
        self.events = Ring(8, 12, False)
        self._ev = bytearray(12)
        self.last_card = -1
        self.last_t = 0  # when tick() first saw the tally at tick_n cards
        self.tick_n = 0
        self.noise = 0  # reader timeouts/CRC errors: counted, not recorded
        self.colliding = False
        self.empty = 0
        self.changed = True
        self.message = ""
        self.findings = ()
        self.rulings = ()
        self.ended = False  # a deal or check just closed: its findings are on the screen
        self.deals = 0
        self.last_seq = -1

    # --- the hot path -----------------------------------------------------------------
    def poll(self):
        """Read the reader once and handle what it saw (no allocation).

        A tag read is halted at once (HLTA), so REQA does not find it again while it is still
        in the field: a card counts once however long it stays over the antenna."""
        n = self.reader.read_uid(self.uid)
        if n > 0:
            self.reader.halt()
        return self.on_uid(self.uid, n)

    def on_uid(self, uid, n):
        """Handle one reader result: n = UID length (4 or 7), 0 = no tag, < 0 = error."""
        if n == 0:
            # Two tags that collided answer every other REQA (after a failed anticollision
            # they drop to IDLE): the field is clear only after two empty polls in a row.
            self.empty += 1
            if self.empty >= 2:
                self.colliding = False
            return NOTHING
        self.empty = 0
        if n < 0:
            if n == self.collision_code:
                if self.colliding:
                    return NOTHING  # the same two tags still in the field: told once
                self.colliding = True
                self._flag(records.EV_COLLISION, -n & 0xFF, 0, None, 0)
                return FLAGGED
            self.noise += 1
            return NOTHING
        self.colliding = False
        st = self.state
        if st == DEALING:
            return self._deal_uid(uid, n)
        if st == CHECK_HANDS or st == CHECK_TRUMP:
            return self._check_uid(uid, n)
        # idle, tray and enrolment work is slow-path: hand the UID over
        self._flag(0, 0, 0, uid, n)
        return TAG

    def _foreign(self, uid, n, code):
        if code == OTHER_DECK:  # the card int is looked up in the slow path (card_of)
            self._flag(records.EV_OTHER_DECK, 0xFF, self.tally.n, uid, n)
        else:
            self._flag(records.EV_UNKNOWN_TAG, 0, self.tally.n, uid, n)
        return FOREIGN

    def _deal_uid(self, uid, n):
        # The commonest path of all: kept short (every line is paid 52 times a deal).
        c = self.deck.lookup(uid, n)
        if c < 0:
            c = self._foreign(uid, n, c)
        t = self.tally
        if c != FOREIGN and t.seat_of_card[c] != NOT_DEALT:
            # This deck has one tag per card: the same physical card read again.
            self._flag(records.EV_DUPLICATE_READ, c, t.seat_of_card[c], uid, n)
            return FLAGGED
        code = t.add(c)
        self.last_card = c
        self.changed = True
        if code < 0 or c == FOREIGN:
            return FLAGGED
        return CARD

    def _check_uid(self, uid, n):
        # An overplay check's card (shoe_check.check_uid): that module came in with
        # start_check, so importing it here finds it loaded and allocates nothing.
        import shoe.check as shoe_check

        return shoe_check.check_uid(self, uid, n)

    def _flag(self, ev, a, b, uid, n):
        """Queue an irregularity for service(); kind 0 = a tag for the slow path."""
        e = self._ev
        e[0] = a
        e[1] = b
        if n > 10:
            n = 10  # ISO 14443 UIDs are 4, 7 or 10 bytes
        for i in range(n):
            e[2 + i] = uid[i]
        self.events.put(ev, e, 2 + n)
        self.changed = True
