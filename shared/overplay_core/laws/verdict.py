"""What every game's laws module shares: the verdict being built, claims and options.

    v = Verdict(case, TABLE, SOURCES, "duplicate whist")
    v.find(findings.SEAT_OVER, seat=2)
    v.rule("DW-V-1b", findings.SEAT_OVER)
    t = original_tally(v, case); add_findings(v, t)   # what the cards themselves show

A TABLE maps a stable ruling code ("DW-IV-9a") to (ruling, law, section, catalogue entry,
source key, one plain sentence). The codes, ruling words and citations are the contract of
`overplay judge --json` (docs/judge.md); never reuse a code for another meaning.

The findings from the cards (duplicate, foreign or missing card; too many or too few cards to
a seat; the trump card not in the dealer's hand on the overplay) are read by the same
non-allocating Tally the shoe uses, so the judge and the shoe agree on what a deal's cards show.
"""

from overplay_core import cards
from overplay_core import findings as F
from overplay_core.laws import case as C
from overplay_core.tally import NOT_DEALT, Tally

# Ruling words, from the most to the least decisive for the deal (OUTCOME_ORDER).
# Facts about the cards themselves: several of them found together are one error (a card in
# the wrong hand is a surplus and a shortage), ruled once (Verdict._symptoms).
CARD_FACTS = ("duplicate_card", "foreign_card", "extra_card", "seat_over", "seat_short",
              "missing_card", "card_moved", "trump_not_with_dealer", "pack_incorrect")
OUTCOME_ORDER = ("new_deal", "average_score", "lowest_and_highest", "return_to_original_table",
                 "hands_replayed", "replay_at_option", "new_deal_at_option", "claimant_option", "refer_to_director")


NO_DEADLINE = 99  # a phase after every phase: the option has no time limit in the law


class Verdict:
    """Findings and rulings for one case, in the order found."""

    def __init__(self, case, table, sources, game_label):
        self.case = case
        self.table = table
        self.sources = sources
        self.game_label = game_label
        self.findings = []
        self.rulings = []
        self._found = []

    def _fields(self, d, fields):
        for k in fields:
            v = fields[k]
            if v is None:
                continue
            if k in ("seat", "by_seat", "to", "redeal_by") and isinstance(v, int) \
                    and not isinstance(v, bool):
                v = self.case.seat_name(v) if v >= 0 else None
            elif k in ("seats", "by") and isinstance(v, (list, tuple)):
                v = [self.case.seat_name(s) for s in v]
            elif k == "card" and isinstance(v, int):
                v = cards.card_name(v) if v >= 0 else None
            elif k == "suit" and isinstance(v, int):
                v = cards.suit_name(v) if v >= 0 else None
            if v is not None:
                d[k] = v

    def find(self, code, **fields):
        """Record a finding once (same code and fields)."""
        for k in list(fields):
            if fields[k] is None:
                del fields[k]
        key = (code, tuple(sorted(fields.items())))
        if key in self._found:
            return
        self._found.append(key)
        d = {"code": F.name(code), "id": code, "text": F.sentence(code)}
        self._fields(d, fields)
        self.findings.append(d)

    def rule(self, code, finding=0, **fields):
        """Record a ruling from the table, for a finding code (0 if none)."""
        ruling, law, section, entry, source, text = self.table[code]
        d = {"code": code, "ruling": ruling, "text": text}
        if finding:
            d["finding"] = F.name(finding)
        self._fields(d, fields)
        d["citation"] = {"game": self.game_label, "law": law, "section": section,
                         "catalogue": entry, "source": self.sources[source]}
        self.rulings.append(d)
        return d

    def uncovered(self, prefix, events, given):
        """Facts no law of this game's module answered: found, and for the director.

        `events` are the case's fact events, `given` the finding codes the input stated."""
        seen = [f["code"] for f in self.findings]
        answered = [r.get("finding") for r in self.rulings]
        for e in events:
            name = e.type
            if name == "card_faced_on_overplay":
                name = "card_faced_in_pack"
            elif name == "lone_without_passing_discard":
                name = "lone_discard_not_passed"
            code = F.code_of(name)
            if not code or name in seen:
                continue
            seen.append(name)
            self.find(code, seat=e.seat if e.seat >= 0 else None,
                      card=e.card if e.card >= 0 else None)
            self._refer(prefix, name)
            answered.append(name)
        self._symptoms(answered)
        for code in given:
            name = F.name(code)
            if name in answered:
                continue
            answered.append(name)
            self._refer(prefix, name)

    def _symptoms(self, answered):
        """One error, one ruling: a finding about the cards (a surplus and the shortage it
        leaves, a duplicate and the card it displaced, the trump card out of the dealer's
        hand) that no ruling answers is a symptom of the fact a ruling on another of them
        answers: listed there as "symptoms", never referred on its own."""
        ruled = None
        for r in self.rulings:
            if r.get("finding") in CARD_FACTS:
                ruled = r
                break
        if ruled is None:
            return
        for f in self.findings:
            name = f["code"]
            if name in CARD_FACTS and name not in answered:
                answered.append(name)
                got = ruled.setdefault("symptoms", [])
                if name not in got and name != ruled["finding"]:
                    got.append(name)
        for code in self.case.given_codes():
            name = F.name(code)
            if name in CARD_FACTS and name not in answered:
                answered.append(name)
                got = ruled.setdefault("symptoms", [])
                if name not in got and name != ruled["finding"]:
                    got.append(name)

    def stray(self, option, finding, e, late, **fields):
        """A choice or claim the law does not let stand: made by a player the option
        `option` (a ruling code) is not given to, or (late) after it lapsed. Ruled as having
        no effect, cited to the law that gives the option."""
        ruling, law, section, entry, source, text = self.table[option]
        code = option[:2] + ("-OPTl" if late else "-OPTn")
        what = e.get("choice", "new_deal") if e.type == "choice" else "new_deal"
        d = {"code": code, "ruling": "no_effect",
             "text": ("The choice came after the time the law allows for it: it has no "
                      "effect." if late else "The law gives this choice to another player: "
                      "it has no effect.")}
        if finding:
            d["finding"] = F.name(finding)
        self._fields(d, fields)
        d["option"] = option
        d["choice"] = what
        self._fields(d, {"by_seat": e.seat})
        d["citation"] = {"game": self.game_label, "law": law, "section": section,
                         "catalogue": entry, "source": self.sources[source]}
        self.rulings.append(d)
        return d

    def _refer(self, prefix, name):
        self.rulings.append({
            "code": prefix + "-NONE", "ruling": "refer_to_director",
            "text": "No law implemented for this game answers this fact: the director decides.",
            "finding": name,
            "citation": {"game": self.game_label, "law": "none", "section": "",
                         "catalogue": "", "source": "no law implemented for this game"}})

    def outcome(self):
        """The deal's fate: the most decisive ruling word, else 'deal_stands'."""
        words = [r["ruling"] for r in self.rulings]
        for w in OUTCOME_ORDER:
            if w in words:
                return w
        return "deal_stands"


def later(case, ev, types, seats=None):
    """Events of these types after `ev` (or all if ev is None), by these seats if given."""
    start = -1 if ev is None else ev.index
    return [e for e in case.events
            if e.index > start and e.type in types and (seats is None or e.seat in seats)]


def claim_status(case, ev, claimants, deadline, touched_bars=False):
    """Has a claimant claimed a new deal in time? Returns (status, seat).

    status: "claimed" (a claim_new_deal by a claimant before `deadline` phase, who had not
    looked at his cards), "looked" (every claimant who tried had looked), "late" (the claim
    came at or after the deadline), "declined" (a choice event "stand"), "open" (no claim yet
    and the context phase is still before the deadline), "lapsed" (no claim, too late now).
    """
    late = looked = False
    for e in later(case, ev, ("claim_new_deal", "choice"), claimants):
        if e.type == "choice" and e.get("choice") == "stand":
            return "declined", e.seat
        if e.type == "choice" and e.get("choice") != "new_deal":
            continue
        if e.phase >= deadline:
            late = True
        elif e.seat in e.looked or (touched_bars and e.seat in e.touched):
            looked = True
        else:
            return "claimed", e.seat
    if looked:
        return "looked", -1
    if late:
        return "late", -1
    able = [s for s in claimants if s not in case.looked]
    if case.phase < deadline and able:
        return "open", -1
    if not able and claimants:
        return "looked", -1
    return "lapsed", -1


def in_time(case, ev, deadline, seats=None):
    """Was an act (a deal with the wrong cards, out of turn) stopped before `deadline`: a
    claim for a new deal made before it, or the facts found before it (the later of the
    event's phase and case.phase, the moment of discovery)?"""
    for c in later(case, ev, ("claim_new_deal", "choice"), seats):
        if c.phase < deadline and c.get("choice", "new_deal") == "new_deal":
            return "claimed"
    return "found" if max(ev.phase, case.phase) < deadline else ""


def choice_of(case, ev, seats):
    """The option chosen after `ev` by one of `seats` ("choice" event), or None."""
    for e in later(case, ev, ("choice",), seats):
        return e.get("choice")
    return None


def strays(v, case, ev, entitled, option, finding, values, deadline=NO_DEADLINE, **fields):
    """Rule on every choice of one of `values` ("new_deal" also a claim for a new deal) after
    `ev` made by a seat not in `entitled`, or by an entitled seat at or after the `deadline`
    phase: no effect (Verdict.stray). Returns the entitled seats' choices made in time."""
    good = []
    for e in later(case, ev, ("choice", "claim_new_deal")):
        if e.get("choice", "new_deal") not in values:
            continue
        if e.seat not in entitled:
            v.stray(option, finding, e, False, **fields)
        elif e.phase >= deadline:
            v.stray(option, finding, e, True, **fields)
        else:
            good.append(e)
    return good


def doubled_before(case, ev):
    """Whether a doubling declaration was made after the irregularity (Bridge declaring)."""
    return len(later(case, ev, ("doubling_declared",))) > 0


def has_played(case, seat, ev=None):
    """Has this seat played a card (before `ev`, or by now)?"""
    if ev is not None:
        return seat in ev.played or ev.phase >= C.FIRST_TRICK
    return seat in case.played or case.phase >= C.FIRST_TRICK


# --- findings from the cards themselves: the deal order, the hands, the trump slip
# (the shoe's own Tally reads them, so the judge and the shoe agree on what the cards show)

def _add_tally_findings(v, t):
    for code in t.finish():
        if code in (F.SEAT_OVER, F.SEAT_SHORT):
            mask = t.over_seats() if code == F.SEAT_OVER else t.short_seats()
            for s in range(t.seats):
                if mask & (1 << s):
                    v.find(code, seat=s, cards=t.counts[s])
        else:
            v.find(code)


def original_tally(v, case):
    """Tally of the original deal (from `deal` order or `hands`), or None if neither given."""
    p = case.profile
    t = None
    if case.deal_cards is not None:
        t = Tally(p)
        t.start(case.dealer)
        for c in case.deal_cards:
            t.add(c)
    elif case.hands is not None:
        t = Tally(p)
        t.start_check(case.dealer)
        for s in sorted(case.hands):
            for c in case.hands[s]:
                t.add_to(s, c)
    return t


def original_trump(case, t):
    """The card turned for trump in the original deal, if the input shows it, else -1."""
    if case.orig_trump >= 0:
        return case.orig_trump
    if t is not None and t.trump_card >= 0 and case.deal_cards is not None:
        return t.trump_card
    return -1


def overplay_tally(v, case, orig, trump):
    """Tally of the overplay hands against the original deal and the slip's trump card."""
    if case.over_hands is None:
        return None
    t = Tally(case.profile)
    expected = None
    if orig is not None and not orig.flags:
        expected = orig.seat_of_card
    t.start_check(case.dealer, expected, trump)
    for s in sorted(case.over_hands):
        for c in case.over_hands[s]:
            t.add_to(s, c)
    return t


def add_findings(v, t):
    if t is not None:
        _add_tally_findings(v, t)


def holder(t, card):
    """Seat holding a card in a tally, or -1."""
    if t is None or card < 0:
        return -1
    s = t.seat_of_card[card]
    return -1 if s == NOT_DEALT or s >= t.seats else s


def add_given(v, case):
    """Findings the input states directly (e.g. codes from a shoe's CHECK record)."""
    for code, seat, card, suit in case.given:
        v.find(code, seat=seat if seat >= 0 else None, card=card if card >= 0 else None,
               suit=suit if suit >= 0 else None)
