"""Bridge whist: rulings under the American club code (Elwell), dealing and declaring.

    v = judge(case)

Governing text: the excerpt "bridge-whist-laws-dealing-declaring" (Elwell laws 38-42 and the
declaring laws, catalogue BR-2..BR-12). Seats: the eldest hand is the dealer's left.
"""

from overplay_core import findings as F
from overplay_core.laws import case as C
from overplay_core.laws import verdict as V

GAME = "bridge whist"
SOURCES = {
    "BR-A": "J. B. Elwell, Advanced Bridge (1904), laws 38-42; excerpt "
            "bridge-whist-laws-dealing-declaring",
    "BR-B": "J. B. Elwell, Bridge Axioms and Laws (1907): Declaring Trumps, The Revoke; "
            "excerpt bridge-whist-laws-dealing-declaring",
}
ND = "new_deal"
DS = "deal_stands"
TABLE = {
    "BR-38a": (ND, "Law 38", "(a)", "BR-2", "BR-A",
               "The cards were not dealt one at a time in rotation: new deal by the same dealer."),
    "BR-38b": (ND, "Law 38", "(b)", "BR-2", "BR-A",
               "The pack is incorrect or imperfect: new deal by the same dealer."),
    "BR-38c": (ND, "Law 38", "(c)", "BR-2", "BR-A",
               "A card was faced in the pack: new deal by the same dealer."),
    "BR-38d": (ND, "Law 38", "(d)", "BR-2", "BR-A",
               "A player was dealt more than thirteen cards: new deal by the same dealer."),
    "BR-39a": (ND, "Law 39", "", "BR-3", "BR-A",
               "A card exposed during the deal and a new deal claimed in time by the "
               "adversary of the side that exposed it: new deal."),
    "BR-39o": ("new_deal_at_option", "Law 39", "", "BR-3", "BR-A",
               "A card was exposed during the deal: the named player may claim a new deal "
               "before the deal is completed, if he has not looked at his cards."),
    "BR-39d": (ND, "Law 39", "(d)", "BR-3", "BR-A",
               "One of the last cards was exposed by the dealer or his partner and the deal "
               "completed before the eldest hand had time to decide: his claim stands: new "
               "deal."),
    "BR-40a": (DS, "Law 40", "", "BR-4", "BR-A",
               "The claimant had looked at his cards, so he may not claim a new deal; the "
               "deal stands and the exposed card cannot be called."),
    "BR-40b": (DS, "Law 40", "", "BR-4", "BR-A",
               "No new deal took place: the deal stands and the card exposed during the deal "
               "cannot be called."),
    "BR-41a": (DS, "Law 41", "", "BR-5", "BR-A",
               "The short player had played a card before finding the shortage: the deal "
               "stands; he answers for any revoke as if he held the missing cards, and the "
               "other pack may be searched for them."),
    "BR-41b": (ND, "Law 41", "", "BR-5", "BR-A",
               "The shortage was found before the short player had played a card: new deal "
               "by the same dealer (the deal stands only once he has played)."),
    "BR-41c": (ND, "Law 41", "", "BR-5", "BR-A",
               "Dummy is short of cards, which the law does not let stand: new deal by the "
               "same dealer."),
    "BR-42": (ND, "Law 42", "", "BR-6", "BR-A",
              "The pack is proved incorrect during the play: only this deal is void, earlier "
              "scores stand, and the dealer deals again."),
    "BR-ADVa": (ND, "Dealing", "adversaries' cards", "BR-7", "BR-A",
                "Dealt with the adversaries' cards and corrected before the first card was "
                "played: deal again with the right pack."),
    "BR-ADVb": (DS, "Dealing", "adversaries' cards", "BR-7", "BR-A",
                "Dealt with the adversaries' cards but not corrected before the first card was "
                "played: the deal stands."),
    "BR-OOTa": (DS, "Dealing", "out of turn", "BR-7", "BR-A",
                "Dealt out of turn: the deal stands, and the rotation must be put right before "
                "the cards are dealt for the next deal."),
    "BR-OOTb": (DS, "Dealing", "out of turn", "BR-7", "BR-A",
                "Dealt out of turn and not corrected before the next deal was dealt: the deal "
                "stands and the rotation goes on from it."),
    "BR-DFPa": ("refer_to_director", "Dealing", "for partner", "BR-1", "BR-A",
                "A player may not shuffle, cut or deal for his partner without the "
                "adversaries' permission; the law states no remedy: the director decides."),
    "BR-DFPb": ("no_penalty", "Dealing", "for partner", "BR-1", "BR-A",
                "The adversaries gave permission: no irregularity."),
    "BR-Da": ("trump_declared", "Declaring", "(a)", "BR-9", "BR-B",
              "The trump is declared, no card turned: the dealer makes it or passes the "
              "declaration to his partner."),
    "BR-Db": ("trump_declared", "Declaring", "(b)", "BR-9", "BR-B",
              "The declaration was passed to the dealer's partner, who must make the trump."),
    "BR-PUo": ("claimant_option", "Declaring", "partner without permission", "BR-10", "BR-B",
               "The dealer's partner made the trump unasked: the eldest hand may demand that "
               "the trump stand or that there be a new deal."),
    "BR-PUa": (DS, "Declaring", "partner without permission", "BR-10", "BR-B",
               "The eldest hand let the trump stand."),
    "BR-PUb": (ND, "Declaring", "partner without permission", "BR-10", "BR-B",
               "The eldest hand claimed a new deal."),
    "BR-PUc": (DS, "Declaring", "partner without permission", "BR-10", "BR-B",
               "A doubling declaration was made, or no new deal was claimed: the declaration "
               "wrongly made stands."),
    "BR-PBo": ("claimant_option", "Declaring", "passed back", "BR-11", "BR-B",
               "The dealer's partner passed the declaration back: the eldest hand may claim a "
               "new deal or make the partner declare the trump."),
    "BR-PBa": ("offender_declares", "Declaring", "passed back", "BR-11", "BR-B",
               "The eldest hand compels the dealer's partner to declare the trump."),
    "BR-PBb": (ND, "Declaring", "passed back", "BR-11", "BR-B",
               "The eldest hand claimed a new deal."),
    "BR-PBc": (DS, "Declaring", "passed back", "BR-11", "BR-B",
               "A doubling declaration had been made: the eldest hand's right has lapsed."),
    "BR-RV": ("revoke_penalty", "The Revoke", "", "BR-18", "BR-B",
              "An established revoke: three tricks are taken from the revoking side and added "
              "to the adversaries'; it counts before all else, and the revoking side cannot "
              "score slam."),
    "BR-RVn": ("no_penalty", "The Revoke", "", "BR-18", "BR-B",
               "The revoke was corrected before it was established (before the trick was "
               "turned and quitted, or the next trick played to): no revoke penalty."),
    "BR-AD": ("claimant_option", "Declaring", "by an adversary", "BR-12", "BR-B",
              "An adversary made or passed the declaration: the dealer may claim a new deal "
              "or go on as if nothing had been said."),
    "BR-ADn": (ND, "Declaring", "by an adversary", "BR-12", "BR-B",
               "An adversary made or passed the declaration and the dealer claimed a new deal: "
               "new deal by the same dealer."),
    "BR-ADs": (DS, "Declaring", "by an adversary", "BR-12", "BR-B",
               "An adversary made or passed the declaration and the dealer went on: the deal "
               "stands as if nothing had been said."),
}

_PACK = (F.DUPLICATE_CARD, F.FOREIGN_CARD, F.EXTRA_CARD)


def _played(case, seat):
    eldest = (case.dealer + 1) % 4
    return (seat in case.played or case.phase >= C.FIRST_TRICK
            or (case.phase >= C.PLAY_BEGUN and seat == eldest))


def _cards(v, case):
    codes = [f[0] for f in v._found]
    # A card missing only from a short hand is law 41's case, not an incorrect pack.
    pack = [c for c in _PACK + (F.PACK_INCORRECT, F.MISSING_CARD) if c in codes
            and not (c == F.MISSING_CARD and F.SEAT_SHORT in codes)]
    shorts = [f for f in v._found if f[0] == F.SEAT_SHORT]
    if len(shorts) > 1 and F.SEAT_OVER not in codes:
        pack = [F.SEAT_SHORT]  # law 41 needs three hands right: cards missing, pack incorrect
    if pack:
        v.rule("BR-42" if case.phase >= C.PLAY_BEGUN else "BR-38b", pack[0])
        return
    if F.SEAT_OVER in codes:
        v.rule("BR-38d", F.SEAT_OVER)
        return
    if shorts:
        seat = dict(shorts[0][1]).get("seat", -1)
        dummy = case.dummy if case.dummy >= 0 else _dummy(case)
        if len(shorts) == 1 and seat >= 0 and seat == dummy:
            v.rule("BR-41c", F.SEAT_SHORT, seat=seat)
        elif len(shorts) == 1 and seat >= 0 and _played(case, seat):
            v.rule("BR-41a", F.SEAT_SHORT, seat=seat)
        else:
            v.rule("BR-41b", F.SEAT_SHORT, seat=seat)


def _dummy(case):
    for e in case.events_of("declare"):
        if e.seat in (case.dealer, (case.dealer + 2) % 4):
            return (e.seat + 2) % 4
    return -1


def _exposed(v, case, e):
    dealer = case.dealer
    side = (dealer, (dealer + 2) % 4)
    v.find(F.CARD_EXPOSED_IN_DEAL, seat=e.seat, card=e.card)
    if e.seat in side or e.seat < 0:
        claimants = [(dealer + 1) % 4]  # Law 39(a): the eldest hand
    else:
        claimants = list(side)  # Law 39(b): the dealer or his partner
    # Law 39(d): one of the last cards, the deal finished before the eldest could decide.
    late_ok = bool(e.get("last_cards")) and e.seat in side
    deadline = C.PLAY_BEGUN if late_ok else C.DEAL_COMPLETED
    V.strays(v, case, e, claimants, "BR-39o", F.CARD_EXPOSED_IN_DEAL, ("new_deal",))
    st, who = V.claim_status(case, e, claimants, deadline)
    if st == "claimed":
        v.rule("BR-39d" if late_ok else "BR-39a", F.CARD_EXPOSED_IN_DEAL, by_seat=who)
    elif st == "open":
        v.rule("BR-39o", F.CARD_EXPOSED_IN_DEAL,
               by=[s for s in claimants if s not in case.looked])
    elif st == "looked":
        v.rule("BR-40a", F.CARD_EXPOSED_IN_DEAL)
    else:
        v.rule("BR-40b", F.CARD_EXPOSED_IN_DEAL)


def _declaring(v, case):
    dealer = case.dealer
    partner = (dealer + 2) % 4
    eldest = (dealer + 1) % 4
    for e in case.events_of("declare", "pass"):
        if e.seat not in (dealer, partner):
            v.find(F.ADVERSARY_DECLARED, seat=e.seat)
            _adversary_declared(v, case, e)
            return
        if e.seat == dealer:
            v.rule("BR-Da", 0, suit=e.suit if e.type == "declare" else None)
            if e.type == "pass":
                _after(v, case, e)
            return
        if e.type == "declare":
            v.find(F.PARTNER_DECLARED_UNPASSED, seat=e.seat, suit=e.suit)
            _partner_unasked(v, case, e, eldest)
            return
        v.find(F.DECLARATION_PASSED_BACK, seat=e.seat)  # partner passed unasked: back to dealer
        _passed_back(v, case, e, eldest)
        return


def _choice(v, case, e, entitled, option, finding, values, deadline=V.NO_DEADLINE):
    """The option taken by an entitled seat in time (before a doubling declaration too), or
    None; choices by others, or too late, are ruled as having no effect."""
    dbl = V.later(case, e, ("doubling_declared",))
    good = []
    for c in V.strays(v, case, e, entitled, option, finding, values, deadline):
        if dbl and dbl[0].index < c.index:
            v.stray(option, finding, c, True)
        else:
            good.append(c)
    return good[0].get("choice", "new_deal") if good else None


def _partner_unasked(v, case, e, eldest):
    ch = _choice(v, case, e, [eldest], "BR-PUo", F.PARTNER_DECLARED_UNPASSED,
                 ("stand", "new_deal"), C.PLAY_BEGUN)
    if V.doubled_before(case, e) and ch is None:
        v.rule("BR-PUc", F.PARTNER_DECLARED_UNPASSED)
        return
    if ch == "stand":
        v.rule("BR-PUa", F.PARTNER_DECLARED_UNPASSED)
    elif ch == "new_deal":
        v.rule("BR-PUb", F.PARTNER_DECLARED_UNPASSED, redeal_by=case.dealer, deal_passes=False)
    elif case.phase >= C.PLAY_BEGUN:
        v.rule("BR-PUc", F.PARTNER_DECLARED_UNPASSED)
    else:
        v.rule("BR-PUo", F.PARTNER_DECLARED_UNPASSED, by=[eldest],
               options=["trump_stands", "new_deal"])


def _given_declaring(v, case):
    """Declaring findings stated in the input rather than told by declare/pass events."""
    eldest = (case.dealer + 1) % 4
    if [r for r in v.rulings if r["code"][:5] in ("BR-PU", "BR-PB")
            or r["code"] in ("BR-AD", "BR-ADn", "BR-ADs")]:
        return
    if case.given_finding(F.PARTNER_DECLARED_UNPASSED):
        _partner_unasked(v, case, None, eldest)
    elif case.given_finding(F.DECLARATION_PASSED_BACK):
        _passed_back(v, case, None, eldest)
    elif case.given_finding(F.ADVERSARY_DECLARED):
        _adversary_declared(v, case, None)


def _adversary_declared(v, case, e):
    """BR-12: the dealer's option: a claim (or choice new_deal) or going on (choice stand)."""
    ch = _choice(v, case, e, [case.dealer], "BR-AD", F.ADVERSARY_DECLARED,
                 ("new_deal", "stand"), C.PLAY_BEGUN)
    if ch == "new_deal":
        v.rule("BR-ADn", F.ADVERSARY_DECLARED, redeal_by=case.dealer, deal_passes=False)
        return
    if ch == "stand":
        v.rule("BR-ADs", F.ADVERSARY_DECLARED)
        return
    v.rule("BR-AD", F.ADVERSARY_DECLARED, by=[case.dealer], options=["new_deal", "proceed"])


def _after(v, case, dealer_pass):
    partner = (case.dealer + 2) % 4
    eldest = (case.dealer + 1) % 4
    for e in V.later(case, dealer_pass, ("declare", "pass")):
        if e.seat == partner and e.type == "declare":
            v.rule("BR-Db", 0, suit=e.suit)
        elif e.seat == partner:
            v.find(F.DECLARATION_PASSED_BACK, seat=e.seat)
            _passed_back(v, case, e, eldest)
        return


def _passed_back(v, case, e, eldest):
    ch = _choice(v, case, e, [eldest], "BR-PBo", F.DECLARATION_PASSED_BACK,
                 ("new_deal", "compel"), C.PLAY_BEGUN)
    if V.doubled_before(case, e) and ch is None:
        v.rule("BR-PBc", F.DECLARATION_PASSED_BACK)
        return
    if ch == "new_deal":
        v.rule("BR-PBb", F.DECLARATION_PASSED_BACK, redeal_by=case.dealer, deal_passes=False)
    elif ch == "compel":
        v.rule("BR-PBa", F.DECLARATION_PASSED_BACK,
               seat=e.seat if e is not None else (case.dealer + 2) % 4)
    else:
        v.rule("BR-PBo", F.DECLARATION_PASSED_BACK, by=[eldest],
               options=["new_deal", "offender_declares"])


def judge(case):
    v = V.Verdict(case, TABLE, SOURCES, GAME)
    V.add_findings(v, V.original_tally(v, case))
    V.add_given(v, case)
    for e in case.events_of("pack_incorrect"):
        v.find(F.PACK_INCORRECT)
    for e in case.events_of("deal_pattern_broken"):
        v.find(F.DEAL_PATTERN_BROKEN, seat=e.seat)
        v.rule("BR-38a", F.DEAL_PATTERN_BROKEN)
    for e in case.events_of("card_faced_in_pack"):
        v.find(F.CARD_FACED_IN_PACK, card=e.card)
        v.rule("BR-38c", F.CARD_FACED_IN_PACK)
    _cards(v, case)
    for e in case.events_of("card_exposed_in_deal"):
        _exposed(v, case, e)
    for e in case.events_of("adversaries_pack"):
        v.find(F.ADVERSARIES_PACK, seat=e.seat)
        v.rule("BR-ADVa" if V.in_time(case, e, C.PLAY_BEGUN) else "BR-ADVb", F.ADVERSARIES_PACK)
    for e in case.events_of("dealt_out_of_turn"):
        v.find(F.DEALT_OUT_OF_TURN, seat=e.seat)
        v.rule("BR-OOTa" if max(e.phase, case.phase) < C.NEXT_DEAL else "BR-OOTb",
               F.DEALT_OUT_OF_TURN)
    for e in case.events_of("dealt_for_partner"):
        if e.get("permission"):
            v.rule("BR-DFPb", 0, seat=e.seat)
        else:
            v.find(F.DEALT_FOR_PARTNER, seat=e.seat)
            v.rule("BR-DFPa", F.DEALT_FOR_PARTNER, seat=e.seat)
    _declaring(v, case)
    _given_declaring(v, case)
    for e in case.events_of("revoke"):
        v.find(F.REVOKE, seat=e.seat, card=e.card)
        if not e.get("established", True):
            v.rule("BR-RVn", F.REVOKE, seat=e.seat)
            continue
        adv = [(e.seat + 1) % 4, (e.seat + 3) % 4] if e.seat >= 0 else None
        v.rule("BR-RV", F.REVOKE, seat=e.seat, seats=adv, tricks=3)
    return v


def handled(case):
    """Event types this module judges (the others go to the director)."""
    return ("pack_incorrect", "deal_pattern_broken", "card_faced_in_pack",
            "card_exposed_in_deal", "adversaries_pack", "dealt_out_of_turn",
            "dealt_for_partner", "revoke")
