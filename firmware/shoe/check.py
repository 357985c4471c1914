"""The overplay check: the slip read from the tray, the hands passed, the CHECK record.

    shoe_check.start_check(shoe, board)   # Shoe.start_check: hold the tray on the reader
    shoe_check.read_tray(shoe, uid, n)    # overplay: read and verify it, start the check
    shoe_check.check_uid(shoe, uid, n)    # each card passed (the check's per-card path)
    shoe_check.next_hand(shoe)            # Shoe.next_hand: the hand passed is done
    shoe_check.end_check(shoe)            # findings, rulings, CHECK (and DEAL) records

Functions of a Shoe (shoe.py, whose methods of the same names call them), loaded when a check
begins (a shoe that deals original boards never needs them); also reachable as
shoe_tray.read_tray etc. check_uid is the check's per-card path: like the deal's
(shoe_core.py) it allocates nothing, and ShoeCore.on_uid reaches it through an import of
this module, which start_check has already loaded.
"""

from overplay_core import findings as F
from overplay_core import handprint, records, trayslip
from overplay_core.cards import card_name
from overplay_core.tally import NOT_DEALT

from shoe.dealing import (CARD, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, FLAGGED, FOREIGN, IDLE, OK,
                  OVERPLAY_CHECK)


def start_check(shoe, board=0):
    """OVERPLAY_CHECK: read the tray's slip, then the turned trump, then hand by hand."""
    code = shoe._start(CHECK_SLIP, board, 0)
    if code == OK:
        shoe.mode = OVERPLAY_CHECK
        shoe.slip_result = records.SLIP_MISSING
        shoe.slip_trump = -1
        # what the check's per-card path sets, on the shoe now (ShoeCore has the defaults):
        # setting a new attribute there would grow the shoe's table, an allocation
        shoe.cards = shoe.checked = shoe.hand = 0
        shoe.trump_read = shoe.last_seat = -1
        if shoe.expected is None:
            shoe.expected = bytearray(53)  # seat of each card by the slip, card ints 0..52
        shoe.message = "hold tray on reader"
        shoe._show()
    return code


def check_uid(shoe, uid, n):
    """One card passed over the reader in a check (no allocation): the turned trump first
    (when the slip names one), then the cards of the hand being passed."""
    c = shoe.deck.lookup(uid, n)
    if c < 0:
        c = shoe._foreign(uid, n, c)  # flagged: an unknown tag or a card of another deck
    t = shoe.tally
    shoe.last_card = c
    shoe.changed = True
    if shoe.state == CHECK_TRUMP:
        # DW Law IV §8-10: the trump turned on the overplay must be the slip's.
        shoe.trump_read = c
        shoe.state = CHECK_HANDS
        shoe.hand = shoe.profile.eldest(shoe.dealer)
        shoe.cards = 0
        return CARD if c == shoe.slip_trump else FLAGGED
    if c != FOREIGN and t.seat_of_card[c] == shoe.hand:
        shoe._flag(records.EV_DUPLICATE_READ, c, shoe.hand, uid, n)
        return FLAGGED
    code = t.add_to(shoe.hand, c)
    shoe.cards += 1
    shoe.checked |= 1 << shoe.hand
    shoe.last_seat = shoe.hand
    return FLAGGED if code < 0 else CARD


def next_hand(shoe):
    """Overplay: the hand being passed is done; go to the next seat clockwise.

    After the last seat (the dealer's) the check ends by itself."""
    if shoe.state != CHECK_HANDS:
        return False
    if shoe.hand == shoe.dealer and shoe.checked:
        end_check(shoe)
        return True
    shoe.hand = (shoe.hand + 1) % shoe.profile.seats
    shoe.changed = True
    return True


def read_tray(shoe, uid, n):
    """Overplay: read and verify the slip; a bad one is recorded and ruled on."""
    got = shoe.tray.read_slip(uid, n, shoe.slip)
    if got < 0:
        shoe._note(records.EV_READER_ERROR, -got & 0xFF, 2, uid, n)
        shoe.message = "tray: read again"  # (16 columns)
        shoe._show()
        return
    code = trayslip.check(memoryview(shoe.slip)[:got], shoe.tray.key, shoe.tray.session)
    p = shoe.profile
    if code == trayslip.OK and shoe.slip[3] != p.game:
        code = trayslip.BAD_FIELD  # a slip of another game: not this session's board
    if code != trayslip.OK:
        shoe.slip_result = (records.SLIP_FORGED if code in (trayslip.BAD_AUTH,
                            trayslip.BAD_FIELD, trayslip.OTHER_SESSION) else records.SLIP_MISSING)
        if code == trayslip.OTHER_SESSION:  # a genuine slip copied: a = tray code -46, data =
            shoe._note(records.EV_READER_ERROR, 46, 2, shoe.slip[9:13], 4)  # its session id
        shoe.message = trayslip.REASONS[code]
        if code == trayslip.NO_SLIP or code == trayslip.TRUNCATED:
            shoe._show()
            return  # blank or torn read: the dealer tries the tray again
        shoe.findings = (F.SLIP_DIFFERS_FROM_DEAL,)
        shoe.rulings = shoe._rule(shoe.findings, True)
        record_check(shoe)
        shoe.message = trayslip.REASONS[code]  # why, not "board 0 checked", stays on screen
        shoe._show()
        return
    s = shoe.slip
    shoe.slip_result = records.SLIP_OK
    shoe.board = s[4] | (s[5] << 8)
    shoe.dealer = s[6]
    shoe.slip_trump = -1 if s[7] == trayslip.NO_TRUMP else s[7]
    handprint.unpack_into(memoryview(s)[trayslip.HEADER:trayslip.HEADER + s[8]], p.pack,
                          shoe.expected)
    shoe.tally.start_check(shoe.dealer, shoe.expected, shoe.slip_trump)
    shoe.trump_read = -1
    shoe.checked = 0
    shoe.cards = 0
    if shoe.slip_trump >= 0:
        shoe.state = CHECK_TRUMP
        shoe.message = "turn trump on reader"
    else:
        shoe.state = CHECK_HANDS
        shoe.hand = p.eldest(shoe.dealer)
        shoe.message = "pass hands"
    shoe._show()

def end_check(shoe):
    """Close the overplay check: findings, rulings, signed CHECK (and DEAL) records."""
    if shoe.state not in (CHECK_TRUMP, CHECK_HANDS):
        return ()
    shoe.service()
    t = shoe.tally
    p = shoe.profile
    out = []
    if shoe.slip_trump >= 0 and shoe.trump_read != shoe.slip_trump:
        out.append(F.TRUMP_DIFFERS_FROM_SLIP)  # DW Law IV §§8-10
    for code in t.finish():
        if code == F.MISSING_CARD or code == F.SEAT_SHORT:
            continue  # only judged below, for the hands actually passed
        if code == F.TRUMP_NOT_WITH_DEALER and not shoe.checked & (1 << shoe.dealer):
            continue
        out.append(code)
    all_seats = (1 << p.seats) - 1
    short = 0
    for s in range(p.seats):
        if shoe.checked & (1 << s) and t.counts[s] < p.hand_size:
            short = 1
    if short:
        out.append(F.SEAT_SHORT)  # DW Law V §1: fewer than his correct number
    if shoe.checked == all_seats:
        for c in p.pack:
            if t.seat_of_card[c] == NOT_DEALT:
                out.append(F.MISSING_CARD)
                break
    shoe.findings = tuple(out)
    facts = None
    if F.TRUMP_DIFFERS_FROM_SLIP in out:
        # The engine rules on the cards themselves (DW Law IV §§8-10): which trump the slip
        # names and which was turned; it finds trump_differs_from_slip from them.
        facts = {"trump_slip": card_name(shoe.slip_trump),
                 "overplay": {"trump_turned": card_name(shoe.trump_read)
                              if 0 <= shoe.trump_read <= 52 else "JK"},
                 "derived": (F.TRUMP_DIFFERS_FROM_SLIP,)}
    shoe.rulings = shoe._rule(shoe.findings, True, facts)
    if shoe.findings and shoe.slip_result == records.SLIP_OK:
        shoe.slip_result = records.SLIP_MISMATCH
    if shoe.checked == all_seats:
        hl = handprint.pack(t.seat_of_card, p.pack, shoe.hp)
        j = shoe.journal
        flags = records.FLAG_SLIP_WRITTEN | records.FLAG_HANDS_CHECKED
        if not shoe.findings:
            flags |= records.FLAG_COMPLETE
        trump = shoe.trump_read if 0 <= shoe.trump_read <= 52 else records.NO_TRUMP_CARD
        n = records.encode_deal(shoe.rec, j.next_seq, j.boot, shoe.clock() & 0x3FFFFFFF,
                                shoe.board, shoe.table, p.game, p.variant, shoe.dealer,
                                records.MODE_OVERPLAY, trump, flags, shoe.findings,
                                len(shoe.findings), shoe.hp, hl)
        shoe._append(n, 0)  # closes the check: it may use the reserve (Shoe._append)
    record_check(shoe)
    return shoe.findings

def record_check(shoe):
    j = shoe.journal
    ids = ()
    if shoe.rulings:
        # The engine's codes are text ('DW-IV-9a'); the record holds their stable u16 ids
        # (overplay_core.ruling_ids; 0 for "call director"). The PC maps them back.
        from overplay_core import ruling_ids

        ids = tuple([ruling_ids.id_of(r) for r in shoe.rulings[:16]])
    n = records.encode_check(shoe.rec, j.next_seq, j.boot, shoe.clock() & 0x3FFFFFFF,
                             shoe.board, shoe.table, shoe.slip_result, shoe.findings,
                             len(shoe.findings), ids, len(ids))
    shoe._append(n, 0)
    shoe._commit()
    shoe.state = IDLE
    shoe.ended = True
    shoe.message = "board %d checked" % shoe.board
    shoe._show()
