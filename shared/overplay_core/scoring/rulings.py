"""The laws engine's rulings as the scoring engines take them: (ruling code, seat or side).

    from overplay_core.scoring import rulings as sr
    sr.code_of(3003)                          # 'EU-23c': a CHECK record's u16 id
    sr.code_of("EU-23c")                      # 'EU-23c': a code given as text
    sr.from_verdict(result["rulings"])        # [('EU-23c', 1), ...]: side of the seat named
    sr.from_verdict(result["rulings"], two_hands=True, dealer=0)   # écarté: the seat

A scoring entry (scoring.euchre / .ecarte / .bridge score_entry) carries
"rulings": a list of (ruling, who) pairs. `ruling` is a u16 id as a CHECK record stores it
(ruling_ids.py) or the code itself; `who` is the side the ruling concerns in a four-hand
game (0 N-S, 1 E-W) and the seat in écarté (0, 1), or -1 when the hand says it. Each scoring
module's RULING_EFFECTS says which codes change its score and how; other rulings pass.
"""

from overplay_core import ruling_ids

_SEATS = ("N", "E", "S", "W")


def code_of(ruling):
    """The ruling code of a u16 id, the code itself when given as text, else None."""
    if isinstance(ruling, str):
        return ruling
    if isinstance(ruling, int) and not isinstance(ruling, bool):
        return ruling_ids.code_of(ruling)
    return None


def _seat(name, two_hands, dealer):
    if isinstance(name, int) and not isinstance(name, bool):
        return name
    if two_hands:
        if name == "dealer":
            return dealer
        if name == "non_dealer":
            return 1 - dealer if dealer in (0, 1) else -1
        return -1
    for i in range(4):
        if _SEATS[i] == name:
            return i
    return -1


def from_verdict(rulings, two_hands=False, dealer=-1):
    """[(code, who)] from the laws engine's rulings (dicts with "code" and the seat named as
    "seat", or the first of "seats"): who is the seat's side (seat & 1) in a four-hand game,
    the seat (0 or 1, from "dealer"/"non_dealer" and the dealer's seat) in écarté, -1 when
    the ruling names no seat."""
    out = []
    for r in rulings:
        name = r.get("seat")
        if name is None and r.get("seats"):
            name = r["seats"][0]
        seat = -1 if name is None else _seat(name, two_hands, dealer)
        if not two_hands and seat >= 0:
            seat &= 1
        out.append((r.get("code"), seat))
    return out
