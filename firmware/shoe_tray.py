"""The tray slip and deck enrolment: the shoe's slower modes (the overplay check: shoe_check.py).

    shoe_tray.write_tray(shoe, uid, n)   # original deal: signed slip onto the tray tag
    shoe_tray.enrol_uid(shoe, uid, n)    # enrol deck: the n-th tag is the n-th card
    shoe_tray.read_tray / end_check / record_check   # shoe_check.py's, found on first use

Functions of a Shoe (shoe.py), kept apart so a shoe that only deals never loads them, and so
each module stays small enough to compile in a 128 KB heap. None of this is on the per-card
hot path: it runs from Shoe.service() (slow path), which may allocate.
"""

from overplay_core import handprint, records, trayslip
from overplay_core.cards import card_name

from shoe.dealing import IDLE, ORIGINAL_DEAL


def write_tray(shoe, uid, n):
    """Original deal: write the board's signed slip to the tray tag now on the reader."""
    t = shoe.tally
    p = shoe.profile
    hl = handprint.pack(t.seat_of_card, p.pack, shoe.hp)
    trump = t.trump_card if 0 <= t.trump_card <= 52 else None
    ln = trayslip.encode(shoe.slip, shoe.board, p.game, shoe.dealer, trump,  # club slip key
                         memoryview(shoe.hp)[:hl], shoe.tray.key, shoe.tray.session)
    code = shoe.tray.write_slip(uid, n, shoe.slip, ln)
    if code < 0:
        shoe._note(records.EV_READER_ERROR, -code & 0xFF, 1, uid, n)
        shoe.message = "tray: try again"  # (16 columns)
    else:
        shoe.state = IDLE
        shoe.message = "slip written"
    shoe._commit()
    shoe._show()

def __getattr__(name):
    # read_tray, end_check, record_check: the overplay check, in shoe_check.py (loaded when
    # a check begins; a shoe that deals original boards never needs it)
    import shoe.check as shoe_check

    v = getattr(shoe_check, name)
    globals()[name] = v
    return v


def enrol_uid(shoe, uid, n):
    """Enrol deck: the next tag is the next card of the sorted pack (deck.enrol_next)."""
    d = shoe.deck
    hit = d.card_of(uid, n)
    if hit is not None and hit[0] == shoe.deck_no:
        # start_enrol forgot this deck: a hit is a tag already read in this pass.
        shoe._note(records.EV_DUPLICATE_READ, hit[1], 0, uid, n)
        shoe.message = "read twice: " + card_name(hit[1])
        shoe._show()
        return
    card = d.enrol_next(uid, n)
    if card < 0:
        shoe._note(records.EV_OTHER_DECK if hit else records.EV_READER_ERROR, -card & 0xFF,
                   0, uid, n)
        from shoe.screens import MESSAGES  # the line for people per deck code: loaded only now

        shoe.message = MESSAGES.get(card, "enrol error %d" % card)
        shoe._show()
        return
    shoe.cards += 1
    shoe.last_card = card
    shoe.changed = True
    if shoe.cards == len(shoe.profile.pack):
        d.finish_enrol()
        shoe._note(records.EV_DECK_ENROLLED, shoe.deck_no, shoe.cards, keep=0)
        shoe._commit()
        if shoe.alert:
            import shoe.faults as faults  # a deck file damaged at power-on: a deck is enrolled again

            faults.clear(shoe, faults.ALERT_FILE + faults.FILE_DECKS)
        shoe.state = IDLE
        shoe.mode = ORIGINAL_DEAL
        shoe.message = "deck %d enrolled" % shoe.deck_no
    shoe._show()
