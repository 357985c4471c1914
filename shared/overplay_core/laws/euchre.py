"""Euchre: rulings under the excerpt's laws 16-24 and the Somerset Club code (1888).

    v = judge(case)

The excerpt (catalogue EU-B) governs where it speaks; the Somerset code (EU-A) fills the deal
and misdeal laws. A misdeal loses the deal to the left (EU-12) unless an adversary touched his
cards first (EU-13); a new deal for any other cause is by the same dealer. Variant
`somerset_forfeit` applies Somerset law 90 (forfeit two, four against a lone hand) on top of
the excerpt's "cannot score".
"""

from overplay_core import games
from overplay_core import findings as F
from overplay_core import laws_base as B
from overplay_core import laws_case as C
from overplay_core import laws_cards as K
from overplay_core import laws_euchre_trump as T

GAME = "euchre"
SOURCES = {
    "EU-A": "Leeds & Dwight, The Laws of Euchre, Somerset Club of Boston (1888)",
    "EU-B": "Euchre laws 16-24 (excerpt euchre-laws-16-24)",
}
ND = "new_deal"
TABLE = {
    "EU-23a": (ND, "Law 23", "", "EU-16", "EU-B",
               "A player has the wrong number of cards before playing to the first trick: a "
               "misdeal; the deal passes to the left."),
    "EU-43": (ND, "Law 43", "", "EU-13", "EU-A",
               "A misdeal, but an adversary touched his cards before the dealer's partner: "
               "the same dealer deals again."),
    "EU-23b": ("deal_stands", "Law 23", "", "EU-16", "EU-B",
               "He had played to the first trick: the deal stands."),
    "EU-23c": ("cannot_score", "Law 23", "", "EU-16", "EU-B",
               "The player with the wrong number of cards cannot score anything this hand."),
    "EU-24": ("card_liable_to_be_called", "Law 24", "", "EU-38", "EU-B",
              "An exposed card must be left face up on the table and is liable to be called "
              "by the adversaries."),
    "EU-24l": ("no_penalty", "Law 24", "", "EU-38", "EU-A",
               "A lone player is not penalised for merely exposing a card."),
    "EU-62": ("revoke_penalty", "Law 62", "", "EU-37", "EU-A",
              "An established revoke: the adversaries score three points (five against a lone "
              "hand) for each revoke, before any other score."),
    "EU-62n": ("no_penalty", "Law 62", "", "EU-37", "EU-A",
               "The revoke was corrected before it was established (before the trick was "
               "turned and quitted, or the next trick played to): no revoke penalty."),
    "EU-102": ("lone_hand_capped", "Law 102", "", "EU-31", "EU-A",
               "The lone player's partner exposed a card: the lone player scores only two for "
               "taking every trick, and four to the adversaries if euchred."),
    "EU-33": (ND, "Law 33", "", "EU-6", "EU-A",
              "The pack is incorrect or imperfect: new deal by the same dealer; points "
              "already scored stand."),
    "EU-34": (ND, "Law 34", "", "EU-7", "EU-A",
              "A card was found faced in the pack before a lead: new deal by the same dealer."),
    "EU-34x": ("deal_stands", "Law 34", "", "EU-7", "EU-A",
               "The faced card was found only after a lead: the law gives a new deal only "
               "before a lead, so the deal stands."),
    "EU-35a": (ND, "Law 35", "", "EU-8", "EU-A",
               "A card exposed during the deal and a new deal claimed in time: new deal by "
               "the same dealer."),
    "EU-35o": ("new_deal_at_option", "Law 35", "", "EU-8", "EU-A",
               "A card was exposed during the deal: the named players may call for a new "
               "deal if their side has not touched its cards."),
    "EU-35b": ("deal_stands", "Law 35", "", "EU-8", "EU-A",
               "No new deal: the deal stands and the card exposed in dealing cannot be called."),
    "EU-38a": ("new_deal_at_option", "Law 38", "", "EU-9", "EU-A",
               "Dealt with the adversaries' cards, found before the trump was turned: a new "
               "deal may be claimed."),
    "EU-38b": ("deal_stands", "Law 38", "", "EU-9", "EU-A",
               "Dealt with the adversaries' cards and not stopped before the trump was turned: "
               "the deal stands."),
    "EU-38n": (ND, "Law 38", "", "EU-9", "EU-A",
               "Dealt with the adversaries' cards and a new deal claimed before the trump was "
               "turned: new deal by the same dealer."),
    "EU-39": (ND, "Law 39", "", "EU-10", "EU-A",
              "In turning the trump the dealer exposed another card: new deal by the same "
              "dealer."),
    "EU-40a": (ND, "Law 40", "", "EU-11", "EU-A",
               "Dealt out of turn and stopped before the trump was turned: the right player "
               "deals."),
    "EU-40b": ("deal_stands", "Law 40", "", "EU-11", "EU-A",
               "Dealt out of turn, found after the trump was turned: the deal stands."),
    "EU-42": (ND, "Law 42", "", "EU-12", "EU-A",
              "The cards were not dealt two and three (or three and two) to each: a misdeal; "
              "the deal passes to the left."),
}
TABLE.update(T.TABLE)


def _redeal(v, code, finding, case, passes):
    # EU-12: a misdeal loses the deal to the left; any other new deal is by the same dealer.
    nxt = case.profile.next_dealer(case.dealer, misdeal=True) if passes else case.dealer
    v.rule(code, finding, redeal_by=nxt, deal_passes=nxt != case.dealer)


def _misdeal(v, case, code, finding):
    """EU-12/EU-13: a misdeal loses the deal unless an adversary touched his cards first."""
    dealer = case.dealer
    first = -1
    for s in case.touched:
        if s != dealer:
            first = s
            break
    if first >= 0 and first != (dealer + 2) % 4:
        _redeal(v, "EU-43", finding, case, False)
    else:
        _redeal(v, code, finding, case, True)


def _wrong_hands(v, case):
    codes = [f[0] for f in v._found]
    pack = [c for c in (F.DUPLICATE_CARD, F.FOREIGN_CARD, F.EXTRA_CARD, F.MISSING_CARD,
                        F.PACK_INCORRECT) if c in codes]
    if pack:
        _redeal(v, "EU-33", pack[0], case, False)
        return
    bad = [f for f in v._found if f[0] in (F.SEAT_OVER, F.SEAT_SHORT)]
    if not bad:
        return
    seat = dict(bad[0][1]).get("seat", -1)
    played = case.phase >= C.FIRST_TRICK or seat in case.played
    if (case.phase >= C.PLAY_BEGUN and case.lone < 0 and seat == (case.dealer + 1) % 4):
        played = True  # the eldest hand leads to the first trick: once play began he has played
    if not played:
        _misdeal(v, case, "EU-23a", bad[0][0])
        return
    v.rule("EU-23b", bad[0][0], seat=seat)
    for f in bad:  # "he cannot score": every seat with the wrong number
        v.rule("EU-23c", f[0], seat=dict(f[1]).get("seat", -1))
    if case.variant & games.V_SOMERSET_FORFEIT:
        v.rule("EU-90", bad[0][0], seat=seat, points=4 if case.lone >= 0 else 2)


def _exposed_in_deal(v, case, e):
    dealer = case.dealer
    side = (dealer, (dealer + 2) % 4)
    v.find(F.CARD_EXPOSED_IN_DEAL, seat=e.seat, card=e.card)
    if e.seat in side or e.seat < 0:
        claimants = [(dealer + 1) % 4, (dealer + 3) % 4]
        guard = claimants  # neither adversary may have touched his cards
    else:
        claimants = [dealer]
        guard = [(dealer + 2) % 4]  # the dealer's partner must not have touched his
    deadline = C.PLAY_BEGUN if e.get("last_cards") else C.TRUMP_TURNED  # law 37
    B.strays(v, case, e, claimants, "EU-35o", F.CARD_EXPOSED_IN_DEAL, ("new_deal",))
    for c in B.later(case, e, ("claim_new_deal",), claimants):
        if c.phase < deadline and not [s for s in guard if s in c.touched]:
            v.rule("EU-35a", F.CARD_EXPOSED_IN_DEAL, by_seat=c.seat, redeal_by=dealer,
                   deal_passes=False)
            return
    if (case.phase < deadline and not [s for s in guard if s in case.touched]
            and not B.later(case, e, ("claim_new_deal",), claimants)):
        v.rule("EU-35o", F.CARD_EXPOSED_IN_DEAL, by=claimants)
    else:
        v.rule("EU-35b", F.CARD_EXPOSED_IN_DEAL)


def judge(case):
    v = B.Verdict(case, TABLE, SOURCES, GAME)
    K.add_findings(v, K.original_tally(v, case))
    K.add_given(v, case)
    for e in case.events_of("pack_incorrect"):
        v.find(F.PACK_INCORRECT)
    _wrong_hands(v, case)
    dealer = case.dealer
    for e in case.events_of("card_faced_in_pack"):
        v.find(F.CARD_FACED_IN_PACK, card=e.card)
        if e.phase < C.PLAY_BEGUN:
            _redeal(v, "EU-34", F.CARD_FACED_IN_PACK, case, False)
        else:
            v.rule("EU-34x", F.CARD_FACED_IN_PACK)
    for e in case.events_of("card_exposed_in_deal"):
        _exposed_in_deal(v, case, e)
    for e in case.events_of("card_exposed_turning_trump"):
        v.find(F.CARD_EXPOSED_TURNING_TRUMP, card=e.card)
        _redeal(v, "EU-39", F.CARD_EXPOSED_TURNING_TRUMP, case, False)
    for e in case.events_of("adversaries_pack"):
        v.find(F.ADVERSARIES_PACK, seat=e.seat)
        adv = [(dealer + 1) % 4, (dealer + 3) % 4]
        B.strays(v, case, e, adv, "EU-38a", F.ADVERSARIES_PACK, ("new_deal",))
        t = B.in_time(case, e, C.TRUMP_TURNED, adv)  # Somerset 38 bars no one for looking
        if t == "claimed":
            _redeal(v, "EU-38n", F.ADVERSARIES_PACK, case, False)
        elif t:
            v.rule("EU-38a", F.ADVERSARIES_PACK, by=adv)
        else:
            v.rule("EU-38b", F.ADVERSARIES_PACK)
    for e in case.events_of("dealt_out_of_turn"):
        v.find(F.DEALT_OUT_OF_TURN, seat=e.seat)
        if B.in_time(case, e, C.TRUMP_TURNED):
            v.rule("EU-40a", F.DEALT_OUT_OF_TURN, redeal_by=dealer, deal_passes=False)
        else:
            v.rule("EU-40b", F.DEALT_OUT_OF_TURN)
    for e in case.events_of("deal_pattern_broken"):
        v.find(F.DEAL_PATTERN_BROKEN, seat=e.seat)
        _misdeal(v, case, "EU-42", F.DEAL_PATTERN_BROKEN)
    T.making(v, case)
    T.given(v, case)
    T.discard(v, case)
    T.trump_card(v, case)
    lone = case.lone
    for e in case.events_of("card_exposed_in_play"):
        v.find(F.CARD_EXPOSED_IN_PLAY, seat=e.seat, card=e.card)
        if e.seat >= 0 and e.seat == lone:
            v.rule("EU-24l", F.CARD_EXPOSED_IN_PLAY, seat=e.seat)
        elif lone >= 0 and e.seat == (lone + 2) % 4:
            v.rule("EU-102", F.CARD_EXPOSED_IN_PLAY, seat=lone)
        else:
            v.rule("EU-24", F.CARD_EXPOSED_IN_PLAY, seat=e.seat, card=e.card)
    for e in case.events_of("revoke"):
        v.find(F.REVOKE, seat=e.seat, card=e.card)
        if not e.get("established", True):
            v.rule("EU-62n", F.REVOKE, seat=e.seat)
            continue
        adv = [(e.seat + 1) % 4, (e.seat + 3) % 4] if e.seat >= 0 else None
        v.rule("EU-62", F.REVOKE, seat=e.seat, seats=adv, points=5 if lone >= 0 else 3)
    return v


def handled(case):
    """Event types this module judges (the others go to the director)."""
    return ("pack_incorrect", "card_faced_in_pack", "card_exposed_in_deal",
            "card_exposed_turning_trump", "adversaries_pack", "dealt_out_of_turn",
            "deal_pattern_broken", "trump_card_lifted", "card_exposed_in_play", "revoke",
            "trump_card_named", "no_discard_by_first_trick", "discard_taken_back",
            "lead_before_discard", "lone_without_passing_discard", "turned_down_not_shown")
