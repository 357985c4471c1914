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


def three_ways(game, dealer, dup_at=None, move=None, context=None):
    """One error in a deal of `game` told three ways: (by the deal in order, by the hands, by
    the findings a shoe's CHECK record would give). dup_at=(i, j): the i-th card dealt is a
    second copy of the j-th (a duplicate, and a card missing); move=(i, seat): the i-th card
    dealt went to `seat` (a surplus there, a shortage where it belonged)."""
    p = games.profile(games.GAME_IDS[game])
    deal = [card_name(c) for c in p.pack[:p.deal_cards]]
    seat_names = ("dealer", "non_dealer") if p.seats == 2 else SEATS
    seats = [p.seat_of(n, dealer) for n in range(p.dealt)]
    found = []
    if dup_at is not None:
        deal[dup_at[0]] = deal[dup_at[1]]
        found = ["duplicate_card", "missing_card"]
    if move is not None:
        was = seats[move[0]]
        seats[move[0]] = move[1]
        found = [{"code": "seat_over", "seat": _seat_word(p, move[1], dealer, seat_names)},
                 {"code": "seat_short", "seat": _seat_word(p, was, dealer, seat_names)}]
    hands = {}
    for n in range(p.dealt):
        hands.setdefault(_seat_word(p, seats[n], dealer, seat_names), []).append(deal[n])
    base = {"game": game, "context": dict(context or {}, dealer=dealer)}
    out = []
    for key, value in (("deal", deal), ("hands", hands), ("findings", found)):
        if key == "deal" and move is not None:
            continue  # a card dealt to the wrong seat is not seen in the order dealt
        data = dict(base)
        data[key] = value
        out.append(laws.judge(data))
    return out


def _seat_word(p, seat, dealer, names):
    if p.seats == 2:
        return names[0] if seat == dealer else names[1]
    return names[seat]
