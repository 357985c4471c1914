"""Euchre: rulings under the excerpt's laws 16-24 and the Somerset Club code (1888).

    v = judge(case)

The excerpt (catalogue EU-B) governs where it speaks; the Somerset code (EU-A) fills the deal
and misdeal laws. A misdeal loses the deal to the left (EU-12) unless an adversary touched his
cards first (EU-13); a new deal for any other cause is by the same dealer. Variant
`somerset_forfeit` applies Somerset law 90 (forfeit two, four against a lone hand) on top of
the excerpt's "cannot score".

Making the trump and the discard (laws 16-22) are read from the event order when no explicit
event is given: after an order-up or take-up, a "played" by the eldest before
"discard_quitted" is a lead before the discard (law 18), a "played" by the dealer before it is
no discard by the first trick (law 17).
"""

from overplay_core import cards, games
from overplay_core import findings as F
from overplay_core.laws import case as C
from overplay_core.laws import verdict as V

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
    "EU-16": ("may_call_highest_or_lowest_trump", "Law 16", "", "EU-25", "EU-B",
              "He named the trump card after it was taken up or played: an adversary may call "
              "on him to play his highest or lowest trump."),
    "EU-16h": ("must_play_highest_trump", "Law 16", "", "EU-25", "EU-B",
               "He named the trump card after it was taken up or played, and an adversary "
               "called for his highest trump: he must play his highest trump."),
    "EU-16l": ("must_play_lowest_trump", "Law 16", "", "EU-25", "EU-B",
               "He named the trump card after it was taken up or played, and an adversary "
               "called for his lowest trump: he must play his lowest trump."),
    "EU-91": ("card_liable_to_be_called", "Law 91", "", "EU-25", "EU-A",
              "The trump card was lifted from the pack before its time: it is an exposed card, "
              "liable to be called."),
    "EU-16b": ("no_penalty", "Law 16", "", "EU-25", "EU-B",
               "The trump card was still on the pack for all to see: no penalty."),
    "EU-17a": ("cannot_score", "Law 17", "", "EU-26", "EU-B",
               "The dealer played to the first trick without discarding: he and his partner "
               "cannot score any points this hand."),
    "EU-17b": ("discard_stands", "Law 17", "", "EU-21", "EU-B",
               "A discard once quitted cannot be taken back: it stays under the pack."),
    "EU-90": ("forfeit", "Law 90", "", "EU-27", "EU-A",
              "Somerset law 90: the deal holds and the offending side forfeits two points "
              "(four if a lone hand is being played)."),
    "EU-18": ("may_amend_discard", "Law 18", "", "EU-22", "EU-B",
              "The eldest hand led before the discard was quitted: the dealer may amend his "
              "discard, but the card led cannot be taken back."),
    "EU-19": ("lone_hand_may_be_prevented", "Law 19", "", "EU-28", "EU-B",
              "The lone dealer did not pass his discard to his partner: the adversaries may "
              "insist that his partner play with him."),
    "EU-19p": ("lone_hand_prevented", "Law 19", "", "EU-28", "EU-B",
               "The lone dealer did not pass his discard to his partner and the adversaries "
               "insisted: his partner plays with him; there is no lone hand."),
    "EU-19s": ("lone_hand_stands", "Law 19", "", "EU-28", "EU-B",
               "The lone dealer did not pass his discard to his partner, but the adversaries "
               "did not insist on his partner playing: the lone hand stands."),
    "EU-20": ("procedure", "Law 20", "", "EU-18", "EU-B",
              "A trump not taken up must be placed face up under the pack, where all can see "
              "it; the law states no penalty: put it right."),
    "EU-20n": ("trump_named", "Law 20", "", "EU-18", "EU-B",
               "Named in turn after the turn-down: that suit is trumps."),
    "EU-21a": ("loses_right_to_name", "Law 21", "", "EU-19", "EU-B",
               "He named the suit already turned down: he loses his right to name a suit."),
    "EU-21b": ("suit_barred", "Law 21", "", "EU-19", "EU-B",
               "Having named the turned-down suit he corrected himself: neither he nor his "
               "partner may make the suit he named instead the trump."),
    "EU-21c": ("suit_barred", "Law 21", "", "EU-20", "EU-B",
               "He named a trump suit out of turn: neither he nor his partner may make that "
               "suit the trump."),
    "EU-22": ("new_deal", "Law 22", "", "EU-18", "EU-B",
              "No one would name a new trump: the deal is void and passes to the player on "
              "the dealer's left."),
}


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
    V.strays(v, case, e, claimants, "EU-35o", F.CARD_EXPOSED_IN_DEAL, ("new_deal",))
    for c in V.later(case, e, ("claim_new_deal",), claimants):
        if c.phase < deadline and not [s for s in guard if s in c.touched]:
            v.rule("EU-35a", F.CARD_EXPOSED_IN_DEAL, by_seat=c.seat, redeal_by=dealer,
                   deal_passes=False)
            return
    if (case.phase < deadline and not [s for s in guard if s in case.touched]
            and not V.later(case, e, ("claim_new_deal",), claimants)):
        v.rule("EU-35o", F.CARD_EXPOSED_IN_DEAL, by=claimants)
    else:
        v.rule("EU-35b", F.CARD_EXPOSED_IN_DEAL)


# --- making the trump and the discard: the excerpt's laws 16-22 (Somerset 90-91)

def _making(v, case):
    """Laws 20-22: after the turn-down, names in turn from the dealer's left."""
    dealer = case.dealer
    turned = V.original_trump(case, V.original_tally(v, case))
    down = cards.suit_of(turned) if turned >= 0 else -1
    passes = 0
    turned_down = False
    turn = (dealer + 1) % 4
    lost = []
    for e in case.events_of("pass", "order_up", "take_up", "name_trump"):
        if not turned_down:
            if e.type == "pass":
                passes += 1
                if passes == 4:
                    turned_down, passes = True, 0
            else:
                return  # the turned card is made trump; the second round never comes
            continue
        if e.type == "pass":
            if e.seat == turn:
                turn = (turn + 1) % 4
            passes += 1
            if passes == 4:
                v.find(F.NO_TRUMP_NAMED)
                v.rule("EU-22", F.NO_TRUMP_NAMED, redeal_by=(dealer + 1) % 4, deal_passes=True)
                return
            continue
        if e.type != "name_trump":
            continue
        if e.seat in lost:
            v.find(F.TURNED_DOWN_SUIT_NAMED, seat=e.seat, suit=e.suit)
            v.rule("EU-21b", F.TURNED_DOWN_SUIT_NAMED, seat=e.seat,
                   seats=[e.seat, (e.seat + 2) % 4], suit=e.suit)
            continue
        if e.seat != turn:
            v.find(F.NAMED_OUT_OF_TURN, seat=e.seat, suit=e.suit)
            v.rule("EU-21c", F.NAMED_OUT_OF_TURN, seat=e.seat,
                   seats=[e.seat, (e.seat + 2) % 4], suit=e.suit)
            continue
        if e.suit == down and down >= 0:
            v.find(F.TURNED_DOWN_SUIT_NAMED, seat=e.seat, suit=e.suit)
            v.rule("EU-21a", F.TURNED_DOWN_SUIT_NAMED, seat=e.seat)
            lost.append(e.seat)
            turn = (turn + 1) % 4  # as a pass (EU-19)
            passes += 1
            continue
        v.rule("EU-20n", 0, seat=e.seat, suit=e.suit)
        return


def _derived_discard(case):
    """Laws 17-19 from the event order: (no discard by first trick, lead before discard, lone
    discard not passed), each an event or None. Starts at the order-up / take-up.

    No event is not a fact: a discard the record does not show is not a discard missed. The
    order tells only when the record shows the discard itself: a "played" by the dealer
    (law 17) or the eldest (law 18) before the dealer's "discard_quitted"; a lone dealer's
    "discard_quitted" with "to_partner": false (law 19). A hand with no discard_quitted at
    all is silent on the discard, and no ruling is given (docs/laws.md)."""
    made = case.events_of("order_up", "take_up")
    if not made:
        return None, None, None
    dealer, eldest = case.dealer, (case.dealer + 1) % 4
    alone = bool(made[0].get("alone")) and made[0].seat == dealer
    none_by_trick = lead = None
    for e in V.later(case, made[0], ("discard_quitted", "played")):
        if e.type == "discard_quitted":
            not_passed = e if alone and e.get("to_partner") is False else None
            return none_by_trick, lead, not_passed
        if e.seat == eldest and lead is None:
            lead = e
        elif e.seat == dealer and none_by_trick is None:
            none_by_trick = e
    return None, None, None


def _given(v, case):
    """Making-the-trump findings stated in the input rather than told by pass/name events."""
    done = [r["finding"] for r in v.rulings if "finding" in r]
    g = case.given_finding(F.NO_TRUMP_NAMED)
    if g and "no_trump_named" not in done:
        v.rule("EU-22", F.NO_TRUMP_NAMED, redeal_by=(case.dealer + 1) % 4, deal_passes=True)
    g = case.given_finding(F.TURNED_DOWN_SUIT_NAMED)
    if g and "turned_down_suit_named" not in done:
        v.rule("EU-21a", F.TURNED_DOWN_SUIT_NAMED, seat=g[0])
    g = case.given_finding(F.NAMED_OUT_OF_TURN)
    if g and "named_out_of_turn" not in done:
        seats = [g[0], (g[0] + 2) % 4] if g[0] >= 0 else None
        v.rule("EU-21c", F.NAMED_OUT_OF_TURN, seat=g[0], seats=seats, suit=g[2])


def _discard(v, case):
    lone = case.lone
    late, lead, not_passed = _derived_discard(case)
    nodisc = case.events_of("no_discard_by_first_trick") or ([late] if late else [])
    leads = case.events_of("lead_before_discard") or ([lead] if lead else [])
    unpassed = case.events_of("lone_without_passing_discard") or ([not_passed] if not_passed
                                                                   else [])
    for e in nodisc[:1]:
        v.find(F.NO_DISCARD_BY_FIRST_TRICK, seat=case.dealer)
        v.rule("EU-17a", F.NO_DISCARD_BY_FIRST_TRICK, seats=[case.dealer, (case.dealer + 2) % 4])
        if case.variant & games.V_SOMERSET_FORFEIT:
            v.rule("EU-90", F.NO_DISCARD_BY_FIRST_TRICK, points=4 if lone >= 0 else 2)
    for e in case.events_of("discard_taken_back"):
        v.find(F.DISCARD_TAKEN_BACK, seat=case.dealer)
        v.rule("EU-17b", F.DISCARD_TAKEN_BACK)
    for e in leads[:1]:
        v.find(F.LEAD_BEFORE_DISCARD, seat=e.seat, card=e.card)
        v.rule("EU-18", F.LEAD_BEFORE_DISCARD)
    for e in unpassed[:1]:
        v.find(F.LONE_DISCARD_NOT_PASSED, seat=case.dealer)
        adv = [(case.dealer + 1) % 4, (case.dealer + 3) % 4]
        # Law 19 gives the choice to the adversaries only and sets no time for it
        good = V.strays(v, case, e, adv, "EU-19", F.LONE_DISCARD_NOT_PASSED,
                        ("partner_plays", "stand"))
        if good:
            c = good[0]
            v.rule("EU-19p" if c.get("choice") == "partner_plays" else "EU-19s",
                   F.LONE_DISCARD_NOT_PASSED, seat=case.dealer, by_seat=c.seat)
        else:
            v.rule("EU-19", F.LONE_DISCARD_NOT_PASSED, by=adv)
    for e in case.events_of("turned_down_not_shown"):
        v.find(F.TURNED_DOWN_NOT_SHOWN, seat=case.dealer)
        v.rule("EU-20", F.TURNED_DOWN_NOT_SHOWN)


def _trump_card_named(v, case):
    for e in case.events_of("trump_card_named"):
        v.find(F.TRUMP_CARD_NAMED, seat=e.seat, card=e.card)
        if e.get("on_pack"):
            v.rule("EU-16b", F.TRUMP_CARD_NAMED)
            continue
        adv = [(e.seat + 1) % 4, (e.seat + 3) % 4] if e.seat >= 0 else None
        good = None
        if adv:  # whose call it is needs the seat that named the card
            good = V.strays(v, case, e, adv, "EU-16", F.TRUMP_CARD_NAMED,
                            ("highest_trump", "lowest_trump"), seat=e.seat)
        if good:
            c = good[0]
            v.rule("EU-16h" if c.get("choice") == "highest_trump" else "EU-16l",
                   F.TRUMP_CARD_NAMED, seat=e.seat, by_seat=c.seat)
        else:
            v.rule("EU-16", F.TRUMP_CARD_NAMED, seat=e.seat, by=adv)
    for e in case.events_of("trump_card_lifted"):
        v.find(F.TRUMP_CARD_LIFTED, seat=e.seat, card=e.card)
        v.rule("EU-91", F.TRUMP_CARD_LIFTED, seat=e.seat)


def judge(case):
    v = V.Verdict(case, TABLE, SOURCES, GAME)
    V.add_findings(v, V.original_tally(v, case))
    V.add_given(v, case)
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
        V.strays(v, case, e, adv, "EU-38a", F.ADVERSARIES_PACK, ("new_deal",))
        t = V.in_time(case, e, C.TRUMP_TURNED, adv)  # Somerset 38 bars no one for looking
        if t == "claimed":
            _redeal(v, "EU-38n", F.ADVERSARIES_PACK, case, False)
        elif t:
            v.rule("EU-38a", F.ADVERSARIES_PACK, by=adv)
        else:
            v.rule("EU-38b", F.ADVERSARIES_PACK)
    for e in case.events_of("dealt_out_of_turn"):
        v.find(F.DEALT_OUT_OF_TURN, seat=e.seat)
        if V.in_time(case, e, C.TRUMP_TURNED):
            v.rule("EU-40a", F.DEALT_OUT_OF_TURN, redeal_by=dealer, deal_passes=False)
        else:
            v.rule("EU-40b", F.DEALT_OUT_OF_TURN)
    for e in case.events_of("deal_pattern_broken"):
        v.find(F.DEAL_PATTERN_BROKEN, seat=e.seat)
        _misdeal(v, case, "EU-42", F.DEAL_PATTERN_BROKEN)
    _making(v, case)
    _given(v, case)
    _discard(v, case)
    _trump_card_named(v, case)
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
