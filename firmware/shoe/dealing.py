"""The dealing shoe: card tag -> card int -> seat (tally) -> journal, and the dealer's screen.

    shoe = Shoe(profile, Tally(profile), deck, reader, journal, key, shoe_id, display,
                table=1, tray=tray)
    shoe.start_deal(board=3, dealer=0)        # ORIGINAL_DEAL; OK or a refusal code
    while dealing:
        shoe.poll()                           # one reader poll: the per-card hot path
        shoe.service()                        # slow path: EVENT records, messages
    shoe.end_deal()                           # findings, rulings, signed DEAL record
    shoe.service()                            # ... then the tray is held over the reader
    shoe.start_check(board=3)                 # OVERPLAY_CHECK at the next table (shoe.check)
    shoe.start_enrol(deck_no)                 # ENROL_DECK: deal a sorted pack once

The per-card path (poll, on_uid, _flag) allocates nothing (tested under
micropython.heap_lock(): tests/firmware/test_app_hotpath.py): the deck lookup, the tally and
the event ring are preallocated; an irregularity is a few bytes put into `events` for the
slow path (service) to record and show. Everything else here may allocate: starting a deal
(the journal must have room), the EVENT records of irregularities, the end of the deal
(findings, rulings, signed DEAL record), the tray slip, enrolment, the dealer's screen
(shoe.screens). The overplay check is its own object (shoe.check.OverplayCheck), made when
a check begins: a shoe that deals original boards never loads it.

Irregularities, each flagged to the dealer and recorded as an EVENT, never dropped and never
counted twice: an unknown tag and a card of another deck are dealt cards that belong to no
card of this pack, so they go to the tally as a foreign card (its seat keeps the deal order,
and the deal is found incorrect: DW-4b); the same card read again is recorded and not counted;
two tags at once is recorded once per field, and reader timeouts are counted as noise.
"""

from overplay_core import handprint, records, trayslip
from overplay_core.cards import card_name
from overplay_core.compat import const, ticks_diff, ticks_ms
from overplay_core.games import DUPLICATE_WHIST
from overplay_core.tally import NOT_DEALT
from shoe.deck import OTHER_DECK
from shoe.ring import Ring
from shoe.states import (AWAIT_TRAY, CARD, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING,
                         ENROL_DECK, ENROLLING, FLAGGED, FOREIGN, IDLE, NOTHING, OK,
                         ORIGINAL_DEAL, OVERPLAY_CHECK, REFUSED_BUSY, REFUSED_JOURNAL,
                         REFUSED_NO_KEY, REFUSED_NO_OVERPLAY, REFUSED_SETUP, TAG)
from shoe.tray import SLIP_BUF

# The record being built and signed. Not records.MAX_RECORD (255, what a journal frame can
# carry): the longest record a shoe builds is a CHECK naming every finding code (47) with 16
# rulings, 112 bytes signed (test_shoe.py checks it fits); a DEAL is at most 105.
REC_BYTES = 128
NEED_BYTES = 2 * records.MAX_RECORD  # a deal record, its check record and some events
QUIET_MS = const(1500)  # a full deal ends itself this long after its last card
# What must stay free in the journal. Outside a deal every record leaves the reserve a deal
# needs (NEED_BYTES, which can_start asks for), so scores, PIN tries and director actions
# never eat it; inside one, the deal's own events leave room for the DEAL and CHECK records
# that close it (at most REC_BYTES each); those closing records may use the rest.
CLOSING = 2 * REC_BYTES


class Shoe:
    """Shoe(profile, tally, deck, reader, journal, key, shoe_id, display, table=1, tray=None,
    clock=ticks_ms, collision_code=-1)."""

    # Defaults for what only an enrolment, a check or an odd reader sets: kept here, not in
    # each shoe's attribute table (a dealing shoe's table stays small: no allocation grows it).
    collision_code = -1  # the reader's result for two tags at once, when it has one
    cards = 0  # cards counted in an enrolment (a deal: tally.n; a check: check.cards)
    deck_no = 0  # the deck being enrolled
    check = None  # the OverplayCheck (shoe/check.py), made when the first check begins

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
        # The board this table deals or checks next, when its owner knows it (the app: its
        # movement's next board): a card shown over the reader between two deals belongs
        # to that deal, not to the one before. None: the last board is all the shoe knows.
        self.upcoming = None
        self.dealer = 0
        self.uid = bytearray(10)
        self.rec = bytearray(REC_BYTES)
        self.hp = bytearray(handprint.MAX_BYTES)
        self.slip = bytearray(SLIP_BUF)
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
        if n <= 0:
            if n == 0:
                # Two tags that collided answer every other REQA (after a failed
                # anticollision they drop to IDLE): the field is clear only after two empty
                # polls in a row.
                self.empty += 1
                if self.empty >= 2:
                    self.colliding = False
                return NOTHING
            self.empty = 0
            if n == self.collision_code:
                if self.colliding:
                    return NOTHING  # the same two tags still in the field: told once
                self.colliding = True
                self._flag(records.EV_COLLISION, -n & 0xFF, 0, None, 0)
                return FLAGGED
            self.noise += 1
            return NOTHING
        self.empty = 0
        self.colliding = False
        if self.state == DEALING:
            # The commonest path of all, inline (a call is ~1,500 cycles on the Pico): kept
            # short, every line is paid 52 times a deal.
            c = self.deck.lookup(uid, n)
            t = self.tally
            if c < 0:
                c = self._foreign(uid, n, c)  # FOREIGN: the tally flags it (code < 0)
            elif t.seat_of_card[c] != NOT_DEALT:
                # This deck has one tag per card: the same physical card read again.
                self._flag(records.EV_DUPLICATE_READ, c, t.seat_of_card[c], uid, n)
                return FLAGGED
            code = t.add(c)
            self.last_card = c
            self.changed = True
            return FLAGGED if code < 0 else CARD
        st = self.state
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

    def _check_uid(self, uid, n):
        return self.check.check_uid(uid, n)  # made by start_check: allocates nothing

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

    event = None  # (EV_* kind, a) of the last irregularity, not yet put into words
    drawn = -1  # the state the screen was last drawn for (refresh; set by _show)
    # service() redraws the screen itself; the app turns this off and lets its display task
    # redraw at its own pace (an SSD1306 frame over I2C takes ~25 ms: not after every card).
    auto_refresh = True
    tables = 2  # tables engaged (session set-up); an overplay implies at least two
    laws_missing = 0  # rulings the engine could not give (see _rule)
    # Set only when something goes wrong (faults.py: the codes, the words, the EVENTs), so
    # a dealing shoe's attribute table never grows for them:
    lost = 0  # records that could not be stored since the EVENT saying so
    alert = 0  # faults.ALERT_*: at the foot of the screen until put right
    blocked = 0  # faults.ALERT_* saying why no deal may start (a set-up it cannot deal)

    # --- starting ---------------------------------------------------------------------
    def has_room(self, nbytes, keep):
        """The one space check: True when nbytes more of records fit in the journal with
        `keep` bytes still free after them (every record comes through here: _append)."""
        return self.journal.can_record(nbytes + keep)

    def can_start(self):
        """OK, or why a deal cannot start (a set-up it cannot deal; no key; the journal
        cannot hold the records a deal must write: the reserve, NEED_BYTES)."""
        if self.blocked:
            return REFUSED_SETUP
        if self.key is None:
            return REFUSED_NO_KEY
        if not self.has_room(0, NEED_BYTES):
            return REFUSED_JOURNAL
        return OK

    def _start(self, state, board, dealer):
        if self.state not in (IDLE, AWAIT_TRAY):
            return REFUSED_BUSY
        code = self.can_start()
        if code != OK:
            import shoe.faults as faults

            faults.refused(self, code)
            return code
        if self.alert:
            import shoe.faults as faults

            faults.clear(self, faults.ALERT_JOURNAL_FULL, faults.ALERT_NO_KEY)  # put right
        self.board = board
        self.dealer = dealer
        self.state = state
        self.findings = ()
        self.rulings = ()
        self.ended = False
        self.last_card = -1
        self.last_t = self.clock()
        self.tick_n = 0
        self.message = ""
        self.changed = True
        return OK

    def start_deal(self, board, dealer):
        """ORIGINAL_DEAL of `board` by seat `dealer`: cards go to seats by the deal pattern."""
        code = self._start(DEALING, board, dealer)
        if code == OK:
            self.mode = ORIGINAL_DEAL
            self.tally.start(dealer)
            self._show()
        return code

    def start_check(self, board=0):
        """OVERPLAY_CHECK: read the tray's slip, then the turned trump, then hand by hand
        (shoe.check.OverplayCheck, made here once: a shoe that deals original boards never
        loads it). Only duplicate whist has an overplay (DW Law IV): in bridge whist, euchre
        and écarté every table deals its own hands, and the check is refused
        (REFUSED_NO_OVERPLAY, said on the screen)."""
        if self.profile.game != DUPLICATE_WHIST:
            if self.state not in (IDLE, AWAIT_TRAY):
                return REFUSED_BUSY
            self.message = "no overplay: each table deals"  # two rows of the panel
            self._show()
            return REFUSED_NO_OVERPLAY
        code = self._start(CHECK_SLIP, board, 0)
        if code == OK:
            self.mode = OVERPLAY_CHECK
            if self.check is None:
                import shoe

                self.check = shoe.OverplayCheck(self)
            self.check.begin()
            self.message = "hold tray on reader"
            self._show()
        return code

    def start_enrol(self, deck_no):
        """ENROL_DECK: deal the pack in pack order (profile.pack) once; each UID is learnt."""
        if self.state not in (IDLE, AWAIT_TRAY):
            return REFUSED_BUSY
        self.mode = ENROL_DECK
        self.state = ENROLLING
        self.deck_no = deck_no
        self.cards = 0
        self.deck.start_enrol(deck_no, self.profile.pack)
        self.message = "deal sorted pack"
        self._show()
        return OK

    # --- slow path --------------------------------------------------------------------
    def service(self):
        """Record queued irregularities as EVENT records, tell the dealer, handle tags."""
        e = self._ev
        while True:
            kind = self.events.get(e)
            if kind < 0:
                break
            n = self.events.last_len - 2
            if kind == 0:
                self._slow_tag(memoryview(e)[2:2 + n], n)
                continue
            uid = memoryview(e)[2:2 + n] if n > 0 else None
            a = e[0]
            if kind == records.EV_OTHER_DECK:
                hit = self.deck.card_of(uid, n)  # (deck id, card): which card, which deck
                a = hit[1] if hit else 0xFF
            self._note(kind, a, e[1], uid, n)
            self.message = ""
            self.event = (kind, a)  # put into words by _show, only if there is a screen
        if self.events.dropped:
            self.events.dropped = 0
            self._note(records.EV_READER_ERROR, 0xFF)  # events lost: the ring overflowed
        if self.changed and self.auto_refresh:
            self.refresh()

    def tick(self, now=None):
        """Called now and then (the dealing task): ends a full deal QUIET_MS after its last
        card. The time of a card is when tick() first sees it, so the per-card path does not
        read the clock."""
        if self.state != DEALING:
            return False
        if now is None:
            now = self.clock()
        n = self.tally.n
        if n != self.tick_n:
            self.tick_n = n
            self.last_t = now
            return False
        if n < self.profile.deal_cards:
            return False
        if ticks_diff(now, self.last_t) >= QUIET_MS:
            self.end_deal()
            return True
        return False

    def _note(self, ev, a=0, b=0, data=None, nd=0, keep=-1):
        j = self.journal
        n = records.encode_event(self.rec, j.next_seq, j.boot, self.clock() & 0x3FFFFFFF,
                                 ev, self.board, a, b, data, nd)
        return self._append(n, keep)

    def _append(self, n, keep=-1):
        """The one door of every record into the journal (deal, check, score, event, PIN
        try, set-up): the record in self.rec[:n] is signed and queued only when it fits
        with `keep` bytes still free after it (has_room). keep -1: by the state, NEED_BYTES
        outside a deal, CLOSING inside one; the records that close a deal pass 0.
        True when queued. One that is not (no room, the flash refused) is counted in
        `lost`, shown, and told in an EVENT file_fault once there is room (faults.py)."""
        if self.key is None:
            return False  # an unenrolled shoe signs no record (the screen says enrol)
        j = self.journal
        if keep < 0:
            keep = NEED_BYTES if self.state == IDLE or self.state == AWAIT_TRAY else CLOSING
        if not self.has_room(n + records.TAG, keep):
            import shoe.faults as faults

            return faults.not_stored(self)
        n = records.sign(self.rec, n, self.key, self.shoe_id, j.journal_id)
        self.last_seq = j.next_seq
        if j.append(self.rec, n) != 0:  # the RAM batch is full: make it durable, go on
            j.commit()
            if j.append(self.rec, n) != 0:  # the flash refused the batch: it stays in RAM
                import shoe.faults as faults

                return faults.not_stored(self)
        if self.lost:
            import shoe.faults as faults

            faults.report_lost(self)
        return True

    def _commit(self):
        """Make the batch durable; True when it is. A refusal is shown until a commit
        succeeds (the batch stays in RAM for it), and the dealer is told to sync while the
        flash still has room (Journal.low; a journal in RAM has no such flag)."""
        j = self.journal
        ok = j.commit() is not False
        low = getattr(j, "low", False)  # as of the space check of the last record
        if not ok or low or self.alert:
            import shoe.faults as faults

            faults.committed(self, ok, low)
        return ok

    def _slow_tag(self, uid, n):
        if self.state in (ENROLLING, AWAIT_TRAY, CHECK_SLIP):
            if self.state == ENROLLING:
                self._enrol_uid(uid, n)
            elif self.state == AWAIT_TRAY:
                self._write_tray(uid, n)
            else:
                self.check.read_tray(uid, n)
        else:  # a tag while idle: a card read before a deal began, or a stray tag
            c = self.deck.lookup(uid, n)
            if c >= 0:
                was = self.board
                if self.upcoming is not None and self.upcoming():
                    self.board = self.upcoming()  # the exposure is of the coming deal
                self._note(records.EV_CARD_EXPOSED, c, 0)
                self.board = was
                self.message = "no deal: " + card_name(c)
            else:
                self._note(records.EV_UNKNOWN_TAG, 0, 0, uid, n)
                self.message = "unknown tag"

    # --- end of the deal --------------------------------------------------------------
    def end_deal(self):
        """Close the deal: findings, rulings for the dealer, signed DEAL record (committed)."""
        if self.state != DEALING:
            return ()
        self.service()
        t = self.tally
        p = self.profile
        self.findings = t.finish()
        self.rulings = self._rule(self.findings)
        trump = t.trump_card if 0 <= t.trump_card <= 52 else records.NO_TRUMP_CARD
        flags = records.FLAG_COMPLETE if not self.findings else 0
        hl = handprint.pack(t.seat_of_card, p.pack, self.hp)
        j = self.journal
        n = records.encode_deal(self.rec, j.next_seq, j.boot, self.clock() & 0x3FFFFFFF,
                                self.board, self.table, p.game, p.variant, self.dealer,
                                records.MODE_ORIGINAL, trump, flags, self.findings,
                                len(self.findings), self.hp, hl)
        queued = self._append(n, 0)  # the record that closes the deal: the reserve is its
        stored = self._commit()  # False: the flash refused; the batch stays in RAM
        self.deals += 1
        self.ended = True
        self.state = AWAIT_TRAY if self.tray is not None else IDLE
        self.message = "tray on reader" if self.tray is not None else "deal recorded"
        if not queued:
            self.message = "deal not stored"  # and NOT RECORDED until it is told (lost)
        elif not stored:
            self.message = "deal in RAM only"  # retried at the next commit
        self._show()
        return self.findings

    def _rule(self, codes, overplay=False, facts=None):
        """Ruling codes from the laws engine (_judge), asked only when something was found."""
        if not codes:
            return ()  # a clean deal needs no ruling: a clean session never loads the laws
        try:
            import gc

            if gc.mem_free() < 64 * 1024:  # garbage not yet collected counts as used
                gc.collect()
            if gc.mem_free() < 64 * 1024:  # no room to load it (a MemoryError mid-import
                self.laws_missing += 1  # would leave the heap in pieces): say so
                return ("call director",)
        except AttributeError:  # CPython: no fixed heap
            pass
        return self._judge(codes, overplay, facts)

    # --- the overplay check (shoe/check.py) -------------------------------------------
    def next_hand(self):
        """Overplay: the hand being passed is done; the next seat clockwise, and after the
        dealer's the check ends by itself."""
        return self.check.next_hand() if self.check is not None else False

    def end_check(self):
        """Close the overplay check: findings, rulings, signed CHECK (and DEAL) records."""
        return self.check.end_check() if self.check is not None else ()

    # --- what the dealer sees ----------------------------------------------------------
    def refresh(self):
        """Redraw the dealer's screen if anything changed (the display task calls this).
        While dealing, a card that changed only the progress and the counts is drawn by the
        panel's deal_update, which allocates nothing; anything else draws the whole screen."""
        if self.changed:
            d = self.display
            if self.state == DEALING and self.drawn == DEALING and self.event is None \
                    and d is not None and d.fast:
                self.changed = False
                t = self.tally
                d.deal_update(t.n, self.profile.deal_cards, self.last_card, t.last_seat,
                              t.counts, self.profile.seats)
                return
            self._show()

    def _show(self):
        self.changed = False
        if self.display is None:
            return
        import shoe.screens as screens

        if self.event is not None:
            self.message = screens.event_text(self.event[0], self.event[1])
            self.event = None
        lines = screens.deal_screen(self)
        self.drawn = self.state
        if self.state == DEALING:  # the seats' names deal_update draws
            self.display.seat_labels = screens.seat_labels(self.profile.seats)
        rows = self.display.rows
        if self.ended and self.state in (IDLE, AWAIT_TRAY):  # the first page (the terminal
            found = screens.finding_lines(self.findings, self.rulings,  # scrolls the rest)
                                          self.profile.game)
            lines = [lines[0], self.message] + screens.page(found, 0, rows - 2)
        if self.alert and self.state in (IDLE, AWAIT_TRAY):
            import shoe.faults as faults

            a = faults.alert_lines(self.alert)
            lines = (lines + [""] * rows)[:rows - len(a)] + a  # at the foot of the panel
        self.display.show(lines)

    def _write_tray(self, uid, n):
        """Original deal: write the board's signed slip to the tray tag now on the reader."""
        t = self.tally
        p = self.profile
        hl = handprint.pack(t.seat_of_card, p.pack, self.hp)
        trump = t.trump_card if 0 <= t.trump_card <= 52 else None
        ln = trayslip.encode(self.slip, self.board, p.game, self.dealer, trump,  # club slip key
                             memoryview(self.hp)[:hl], self.tray.key, self.tray.session)
        code = self.tray.write_slip(uid, n, self.slip, ln)
        if code < 0:
            self._note(records.EV_READER_ERROR, -code & 0xFF, 1, uid, n)
            self.message = "tray: try again"  # (16 columns)
        else:
            self.state = IDLE
            self.message = "slip written"
        self._commit()
        self._show()

    def _enrol_uid(self, uid, n):
        """Enrol deck: the next tag is the next card of the sorted pack (deck.enrol_next)."""
        d = self.deck
        hit = d.card_of(uid, n)
        if hit is not None and hit[0] == self.deck_no:
            # start_enrol forgot this deck: a hit is a tag already read in this pass.
            self._note(records.EV_DUPLICATE_READ, hit[1], 0, uid, n)
            self.message = "read twice: " + card_name(hit[1])
            self._show()
            return
        card = d.enrol_next(uid, n)
        if card < 0:
            self._note(records.EV_OTHER_DECK if hit else records.EV_READER_ERROR, -card & 0xFF,
                       0, uid, n)
            from shoe.deck import UNKNOWN_TAG
            from shoe.screens import DECK_LINES  # by code from UNKNOWN_TAG (-20) down

            k = UNKNOWN_TAG - card
            self.message = DECK_LINES[k] if 0 <= k < len(DECK_LINES) else "enrol error %d" % card
            self._show()
            return
        self.cards += 1
        self.last_card = card
        self.changed = True
        if self.cards == len(self.profile.pack):
            d.finish_enrol()
            self._note(records.EV_DECK_ENROLLED, self.deck_no, self.cards, keep=0)
            self._commit()
            if self.alert:
                import shoe.faults as faults  # a deck file damaged at power-on: a deck is enrolled again

                faults.clear(self, faults.ALERT_FILE + faults.FILE_DECKS)
            self.state = IDLE
            self.mode = ORIGINAL_DEAL
            self.message = "deck %d enrolled" % self.deck_no
        self._show()

    def _judge(self, codes, overplay=False, facts=None):
        """Ruling codes ('DW-IV-8', ...) from the laws engine for these findings.

        facts: more of the case for the engine (e.g. the slip's trump and the one turned).
        A clean deal needs no ruling, so the engine is imported only when something was found
        (a session of clean deals never loads it). If it cannot load (no room on a small
        heap) the findings still stand and are recorded; the dealer is told to call the
        director, whose PC rules from the same findings."""
        try:
            from overplay_core import findings, games, laws

            ctx = {"tables": self.tables, "phase": "deal_completed", "dealer": self.dealer}
            if overplay:
                ctx["overplay"] = True
            data = {"game": None, "variants": games.variant_names(self.profile.variant),
                    "context": ctx, "findings": [{"code": findings.name(c)} for c in codes
                                                 if not facts or c not in facts["derived"]]}
            for name in games.GAME_IDS:
                if games.GAME_IDS[name] == self.profile.game:
                    data["game"] = name
            if facts:
                for k in facts:
                    if k != "derived":
                        data[k] = facts[k]
            return tuple([r["code"] for r in laws.judge(data)["rulings"]])
        except MemoryError:
            self.laws_missing += 1
            return ("call director",)
        except ValueError as e:  # RuleError/ParseError: facts the engine refuses, said once
            self.laws_missing += 1
            return (str(e)[:40],)
