"""The dealer's line for each irregularity (shoe_text.event_text), loaded at the first one:
a deal without incident shows none of these, so the table and its words stay off the heap.

    shoe_text.event_text(records.EV_DUPLICATE_READ, card)     # 'read twice: QH'

Lines are written for a 16-character panel (shoe_text.py).
"""

from overplay_core import records
from shoe.screens import _card

_EVENT_TEXT = {
    records.EV_UNKNOWN_TAG: "unknown tag!",
    records.EV_COLLISION: "2 cards at once!",
    records.EV_DUPLICATE_READ: "read twice: ",
    records.EV_OTHER_DECK: "other deck: ",
    records.EV_CARD_EXPOSED: "no deal: ",
    records.EV_LOW_SPACE: "journal full",
    records.EV_READER_ERROR: "reader error",
}


def event_text(kind, a):
    t = _EVENT_TEXT.get(kind, "event %d" % kind)
    if t.endswith(": "):
        t += _card(a)  # the card the event names
    return t
