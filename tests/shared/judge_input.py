"""Judge input the laws tests share (both interpreters): a duplicate whist deal of PACK_52
dealt by N with its overplay, and euchre hands with events. test_laws_whist*.py and
test_laws_euchre*.py import these under their old local names (_over, _j, ...)."""

from overplay_core import games, laws
from overplay_core.cards import PACK_52, card_name

SEATS = "NESW"
WHIST_TRUMP = card_name(PACK_52[51])  # the 52nd card, the dealer's (N) turn-up: "AS"


def codes(result):
    return [r["code"] for r in result["rulings"]]


def whist_deal_names():
    return [card_name(c) for c in PACK_52]


def whist_hands(dealer=0):
    """The hands of a deal of PACK_52 in order by `dealer`, as judge input."""
    p = games.profile(games.DUPLICATE_WHIST)
    hands = {"N": [], "E": [], "S": [], "W": []}
    for n, c in enumerate(PACK_52):
        hands[SEATS[p.seat_of(n, dealer)]].append(card_name(c))
    return hands


def whist_overplay(tables, phase, hands=None, turned=None, slip=WHIST_TRUMP, **ctx):
    """Judge a duplicate whist overplay of the deal above at `tables` tables, in `phase`."""
    data = {"game": "duplicate_whist", "trump_slip": slip,
            "context": {"tables": tables, "phase": phase, "overplay": True, "dealer": "N"},
            "deal": whist_deal_names(), "overplay": {}}
    data["context"].update(ctx)
    if hands is not None:
        data["overplay"]["hands"] = hands
    if turned is not None:
        data["overplay"]["trump_turned"] = turned
    return laws.judge(data)


def euchre(events=(), phase="deal_completed", variants=(), **ctx):
    """Judge a euchre deal by N with JH turned up; findings/hands/deal go in the input,
    anything else in its context."""
    data = {"game": "euchre", "variants": list(variants), "trump_turned": "JH",
            "context": {"dealer": "N", "phase": phase}, "events": list(events)}
    for k in ctx:
        if k in ("findings", "hands", "deal"):
            data[k] = ctx[k]
        else:
            data["context"][k] = ctx[k]
    return laws.judge(data)


def euchre_event(t, seat=None, **kw):
    e = {"type": t}
    if seat:
        e["seat"] = seat
    e.update(kw)
    return e
