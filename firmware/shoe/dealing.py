"""The dealing state machine: card tag -> card int -> seat -> laws check -> journal.

    shoe = Shoe(profile, Tally(profile), deck, reader, journal, key, shoe_id, display,
                table=1, tray=tray)
    shoe.start_deal(board=3, dealer=0)        # ORIGINAL_DEAL; OK or a refusal code
    while dealing:
        shoe.poll()                           # one reader poll: the per-card hot path
        shoe.service()                        # slow path: EVENT records, messages
    shoe.end_deal()                           # findings, rulings, signed DEAL record
    shoe.service()                            # ... then the tray is held over the reader
    shoe.start_check(board=3)                 # OVERPLAY_CHECK at the next table
    shoe.start_enrol(deck_no)                 # ENROL_DECK: deal a sorted pack once

Per-card work is in shoe_core.py (the hot path, no allocation); this module adds what may
allocate: starting a deal (the journal must have room), the EVENT records of irregularities,
the end of the deal (findings, rulings, signed DEAL record), and the dealer's screen.
The tray slip and enrolment are in shoe_tray.py, the overplay check (its per-card path too)
in shoe_check.py, each loaded on first use.
"""

from shoe.dealing import (  # noqa: F401 - re-exported: callers use shoe.X
    AWAIT_TRAY, CARD, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING, ENROL_DECK, ENROLLING,
    FLAGGED, FOREIGN, IDLE, NEED_BYTES, NOTHING, OK, ORIGINAL_DEAL, OVERPLAY_CHECK, QUIET_MS,
    REFUSED_BUSY, REFUSED_JOURNAL, REFUSED_NO_KEY, REFUSED_SETUP, TAG, ShoeCore, records,
    ticks_ms)
import shoe.dealing as shoe_core  # noqa: F401, I001 - the module too, for its constants
from overplay_core import handprint
from overplay_core.cards import card_name
from overplay_core.compat import ticks_diff


# What must stay free in the journal. Outside a deal every record leaves the reserve a deal
# needs (NEED_BYTES, which can_start asks for), so scores, PIN tries and director actions
# never eat it; inside one, the deal's own events leave room for the DEAL and CHECK records
# that close it (at most REC_BYTES each); those closing records may use the rest.
CLOSING = 2 * shoe_core.REC_BYTES


class Shoe(ShoeCore):
    """Shoe(profile, tally, deck, reader, journal, key, shoe_id, display, table=1, tray=None,
    clock=ticks_ms, collision_code=-1): see shoe_core.ShoeCore for the buffers."""

    event = None  # (EV_* kind, a) of the last irregularity, not yet put into words
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
        (shoe_check.py, loaded here: a shoe that deals original boards never needs it)."""
        import shoe.check as shoe_check

        return shoe_check.start_check(self, board)

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
            import shoe.dealing as shoe_tray  # loaded on first use: a shoe that only deals never needs it

            if self.state == ENROLLING:
                shoe_tray.enrol_uid(self, uid, n)
            elif self.state == AWAIT_TRAY:
                shoe_tray.write_tray(self, uid, n)
            else:
                import shoe.check as shoe_check  # the overplay check: loaded when one begins

                shoe_check.read_tray(self, uid, n)
        else:  # a tag while idle: a card read before a deal began, or a stray tag
            c = self.deck.lookup(uid, n)
            if c >= 0:
                self._note(records.EV_CARD_EXPOSED, c, 0)
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
        """Ruling codes from the laws engine (shoe_laws.py, loaded only when needed)."""
        if not codes:
            return ()  # a clean deal needs no ruling: a clean session never loads the laws
        try:
            import gc

            if gc.mem_free() < 64 * 1024:  # no room to load it (a MemoryError mid-import
                self.laws_missing += 1  # would leave the heap in pieces): say so
                return ("call director",)
        except AttributeError:  # CPython: no fixed heap
            pass
        import shoe.dealing as shoe_laws

        return shoe_laws.rule(self, codes, overplay, facts)

    # --- the overplay check (shoe_check.py) ----------------------------------------------
    def next_hand(self):
        """Overplay: the hand being passed is done; the next seat clockwise, and after the
        dealer's the check ends by itself (shoe_check.next_hand)."""
        import shoe.check as shoe_check

        return shoe_check.next_hand(self)

    def end_check(self):
        """Close the overplay check: findings, rulings, signed CHECK (and DEAL) records."""
        import shoe.check as shoe_check

        return shoe_check.end_check(self)

    # --- what the dealer sees ----------------------------------------------------------
    def refresh(self):
        """Redraw the dealer's screen if anything changed (the display task calls this)."""
        if self.changed:
            self._show()

    def _show(self):
        self.changed = False
        if self.display is None:
            return
        import shoe.screens as shoe_text  # the words: loaded only by a shoe that has a screen

        if self.event is not None:
            self.message = shoe_text.event_text(self.event[0], self.event[1])
            self.event = None
        lines = shoe_text.deal_screen(self)
        if self.ended and self.state in (IDLE, AWAIT_TRAY):
            lines = [lines[0], self.message] + shoe_text.finding_lines(self.findings,
                                                                        self.rulings)
        if self.alert and self.state in (IDLE, AWAIT_TRAY):
            import shoe.faults as faults

            a = faults.alert_lines(self.alert)
            lines = lines[:4 - len(a)] + a  # at the foot of the 4 lines every panel has
        self.display.show(lines)
