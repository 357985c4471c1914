"""Euchre, making the trump and the discard: the excerpt's laws 16-22 (and Somerset 90-91).

    from overplay_core import laws_euchre_trump as T
    T.making(v, case); T.discard(v, case); T.trump_card(v, case)

Part of laws_euchre (its TABLE is merged there). The discard laws are read from the event
order when no explicit event is given: after an order-up or take-up, a "played" by the
eldest before "discard_quitted" is a lead before the discard (law 18), a "played" by the
dealer before it is no discard by the first trick (law 17).
"""

from overplay_core import cards, games
from overplay_core import findings as F
from overplay_core import laws_base as B
from overplay_core import laws_cards as K

TABLE = {
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


def making(v, case):
    """Laws 20-22: after the turn-down, names in turn from the dealer's left."""
    dealer = case.dealer
    turned = K.original_trump(case, K.original_tally(v, case))
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
    for e in B.later(case, made[0], ("discard_quitted", "played")):
        if e.type == "discard_quitted":
            not_passed = e if alone and e.get("to_partner") is False else None
            return none_by_trick, lead, not_passed
        if e.seat == eldest and lead is None:
            lead = e
        elif e.seat == dealer and none_by_trick is None:
            none_by_trick = e
    return None, None, None


def given(v, case):
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


def discard(v, case):
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
        good = B.strays(v, case, e, adv, "EU-19", F.LONE_DISCARD_NOT_PASSED,
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


def trump_card(v, case):
    for e in case.events_of("trump_card_named"):
        v.find(F.TRUMP_CARD_NAMED, seat=e.seat, card=e.card)
        if e.get("on_pack"):
            v.rule("EU-16b", F.TRUMP_CARD_NAMED)
            continue
        adv = [(e.seat + 1) % 4, (e.seat + 3) % 4] if e.seat >= 0 else None
        good = None
        if adv:  # whose call it is needs the seat that named the card
            good = B.strays(v, case, e, adv, "EU-16", F.TRUMP_CARD_NAMED,
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
