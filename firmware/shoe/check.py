"""The overplay check: the slip read from the tray, the trump turned, the hands passed, the
CHECK record. One object per shoe, made when its first check begins (a shoe that deals
original boards never loads this module: shoe/__init__.py's lazy table).

    shoe.start_check(board)          # Shoe: OVERPLAY_CHECK, makes shoe.check once
    shoe.check.read_tray(uid, n)     # the tray's tag (Shoe.service): read and verify the slip
    shoe.check.check_uid(uid, n)     # each card passed (Shoe.on_uid: the check's per-card path)
    shoe.next_hand()                 # the hand passed is done (after the dealer's: the end)
    shoe.end_check()                 # findings, rulings, CHECK (and DEAL) records

The check owns its state (hand, checked, trump_read, slip_trump, slip_result, expected,
cards, last_seat); the Shoe keeps what every mode shares (state, board, dealer, tally, the
record buffer, the journal door _append). check_uid allocates nothing: every attribute it
sets exists from __init__ and `expected` (the seat of each card by the slip) is made once.
"""

from overplay_core import findings as F
from overplay_core import handprint, records, trayslip
from overplay_core.cards import card_name
from overplay_core.tally import NOT_DEALT
from shoe.states import CARD, CHECK_HANDS, CHECK_TRUMP, FLAGGED, FOREIGN, IDLE


class OverplayCheck:
    def __init__(self, shoe):
        self.shoe = shoe
        self.expected = bytearray(53)  # seat of each card by the slip, card ints 0..52
        self.begin()

    def begin(self):
        """A new check: nothing read yet; the tray's slip comes first (Shoe.start_check)."""
        self.slip_result = records.SLIP_MISSING
        self.slip_trump = -1
        self.cards = self.checked = self.hand = 0
        self.trump_read = self.last_seat = -1

    def check_uid(self, uid, n):
        """One card passed over the reader in a check (no allocation): the turned trump first
        (when the slip names one), then the cards of the hand being passed."""
        sh = self.shoe
        c = sh.deck.lookup(uid, n)
        if c < 0:
            c = sh._foreign(uid, n, c)  # flagged: an unknown tag or a card of another deck
        t = sh.tally
        sh.last_card = c
        sh.changed = True
        if sh.state == CHECK_TRUMP:
            # DW Law IV §8-10: the trump turned on the overplay must be the slip's.
            self.trump_read = c
            sh.state = CHECK_HANDS
            self.hand = sh.profile.eldest(sh.dealer)
            self.cards = 0
            return CARD if c == self.slip_trump else FLAGGED
        if c != FOREIGN and t.seat_of_card[c] == self.hand:
            sh._flag(records.EV_DUPLICATE_READ, c, self.hand, uid, n)
            return FLAGGED
        code = t.add_to(self.hand, c)
        self.cards += 1
        self.checked |= 1 << self.hand
        self.last_seat = self.hand
        return FLAGGED if code < 0 else CARD

    def next_hand(self):
        """Overplay: the hand being passed is done; go to the next seat clockwise.

        After the last seat (the dealer's) the check ends by itself."""
        sh = self.shoe
        if sh.state != CHECK_HANDS:
            return False
        if self.hand == sh.dealer and self.checked:
            self.end_check()
            return True
        self.hand = (self.hand + 1) % sh.profile.seats
        sh.changed = True
        return True

    def read_tray(self, uid, n):
        """Overplay: read and verify the slip; a bad one is recorded and ruled on."""
        sh = self.shoe
        got = sh.tray.read_slip(uid, n, sh.slip)
        if got < 0:
            sh._note(records.EV_READER_ERROR, -got & 0xFF, 2, uid, n)
            sh.message = "tray: read again"  # (16 columns)
            sh._show()
            return
        code = trayslip.check(memoryview(sh.slip)[:got], sh.tray.key, sh.tray.session)
        p = sh.profile
        if code == trayslip.OK and sh.slip[3] != p.game:
            code = trayslip.BAD_FIELD  # a slip of another game: not this session's board
        if code != trayslip.OK:
            self.slip_result = (records.SLIP_FORGED if code in (trayslip.BAD_AUTH,
                                trayslip.BAD_FIELD, trayslip.OTHER_SESSION) else records.SLIP_MISSING)
            if code == trayslip.OTHER_SESSION:  # a genuine slip copied: a = tray code -46, data =
                sh._note(records.EV_READER_ERROR, 46, 2, sh.slip[9:13], 4)  # its session id
            sh.message = trayslip.REASONS[code]
            if code == trayslip.NO_SLIP or code == trayslip.TRUNCATED:
                sh._show()
                return  # blank or torn read: the dealer tries the tray again
            sh.findings = (F.SLIP_DIFFERS_FROM_DEAL,)
            sh.rulings = sh._rule(sh.findings, True)
            self.record_check()
            sh.message = trayslip.REASONS[code]  # why, not "board 0 checked", stays on screen
            sh._show()
            return
        s = sh.slip
        self.slip_result = records.SLIP_OK
        sh.board = s[4] | (s[5] << 8)
        sh.dealer = s[6]
        self.slip_trump = -1 if s[7] == trayslip.NO_TRUMP else s[7]
        handprint.unpack_into(memoryview(s)[trayslip.HEADER:trayslip.HEADER + s[8]], p.pack,
                              self.expected)
        sh.tally.start_check(sh.dealer, self.expected, self.slip_trump)
        self.trump_read = -1
        self.checked = 0
        self.cards = 0
        if self.slip_trump >= 0:
            sh.state = CHECK_TRUMP
            sh.message = "turn trump on reader"
        else:
            sh.state = CHECK_HANDS
            self.hand = p.eldest(sh.dealer)
            sh.message = "pass hands"
        sh._show()

    def end_check(self):
        """Close the overplay check: findings, rulings, signed CHECK (and DEAL) records."""
        sh = self.shoe
        if sh.state not in (CHECK_TRUMP, CHECK_HANDS):
            return ()
        sh.service()
        t = sh.tally
        p = sh.profile
        out = []
        if self.slip_trump >= 0 and self.trump_read != self.slip_trump:
            out.append(F.TRUMP_DIFFERS_FROM_SLIP)  # DW Law IV §§8-10
        for code in t.finish():
            if code == F.MISSING_CARD or code == F.SEAT_SHORT:
                continue  # only judged below, for the hands actually passed
            if code == F.TRUMP_NOT_WITH_DEALER and not self.checked & (1 << sh.dealer):
                continue
            out.append(code)
        all_seats = (1 << p.seats) - 1
        short = 0
        for s in range(p.seats):
            if self.checked & (1 << s) and t.counts[s] < p.hand_size:
                short = 1
        if short:
            out.append(F.SEAT_SHORT)  # DW Law V §1: fewer than his correct number
        if self.checked == all_seats:
            for c in p.pack:
                if t.seat_of_card[c] == NOT_DEALT:
                    out.append(F.MISSING_CARD)
                    break
        sh.findings = tuple(out)
        facts = None
        if F.TRUMP_DIFFERS_FROM_SLIP in out:
            # The engine rules on the cards themselves (DW Law IV §§8-10): which trump the slip
            # names and which was turned; it finds trump_differs_from_slip from them.
            facts = {"trump_slip": card_name(self.slip_trump),
                     "overplay": {"trump_turned": card_name(self.trump_read)
                                  if 0 <= self.trump_read <= 52 else "JK"},
                     "derived": (F.TRUMP_DIFFERS_FROM_SLIP,)}
        sh.rulings = sh._rule(sh.findings, True, facts)
        if sh.findings and self.slip_result == records.SLIP_OK:
            self.slip_result = records.SLIP_MISMATCH
        if self.checked == all_seats:
            hl = handprint.pack(t.seat_of_card, p.pack, sh.hp)
            j = sh.journal
            flags = records.FLAG_SLIP_WRITTEN | records.FLAG_HANDS_CHECKED
            if not sh.findings:
                flags |= records.FLAG_COMPLETE
            trump = self.trump_read if 0 <= self.trump_read <= 52 else records.NO_TRUMP_CARD
            n = records.encode_deal(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                                    sh.board, sh.table, p.game, p.variant, sh.dealer,
                                    records.MODE_OVERPLAY, trump, flags, sh.findings,
                                    len(sh.findings), sh.hp, hl)
            sh._append(n, 0)  # closes the check: it may use the reserve (Shoe._append)
        self.record_check()
        return sh.findings

    def record_check(self):
        sh = self.shoe
        j = sh.journal
        ids = ()
        if sh.rulings:
            # The engine's codes are text ('DW-IV-9a'); the record holds their stable u16 ids
            # (overplay_core.ruling_ids; 0 for "call director"). The PC maps them back.
            from overplay_core import ruling_ids

            ids = tuple([ruling_ids.id_of(r) for r in sh.rulings[:16]])
        n = records.encode_check(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                                 sh.board, sh.table, self.slip_result, sh.findings,
                                 len(sh.findings), ids, len(ids))
        sh._append(n, 0)
        sh._commit()
        sh.state = IDLE
        sh.ended = True
        sh.message = "board %d checked" % sh.board
        sh._show()
