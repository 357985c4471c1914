"""Euchre: rulings under the excerpt's laws 16-24 and the Somerset Club code (1888).

    v = judge(case)

The excerpt (catalogue EU-B) governs where it speaks; the Somerset code (EU-A) fills the deal
and misdeal laws. A misdeal loses the deal to the left (EU-12) unless an adversary touched his
cards first (EU-13); a new deal for any other cause is by the same dealer. Variant
`somerset_forfeit` applies Somerset law 90 (forfeit two, four against a lone hand) on top of
the excerpt's "cannot score".
"""

from overplay_core import cards, games
from overplay_core import findings as F
from overplay_core import laws_base as B
from overplay_core import laws_case as C
from overplay_core import laws_cards as K

GAME = "euchre"
SOURCES = {
    "EU-A": "Leeds & Dwight, The Laws of Euchre, Somerset Club of Boston (1888)",
    "EU-B": "Euchre laws 16-24 (excerpt euchre-laws-16-24)",
}
ND = "new_deal"
TABLE = {
    "EU-16": ("may_call_highest_or_lowest_trump", "Law 16", "", "EU-25", "EU-B",
              "He named the trump card after it was taken up or played: an adversary may call "
              "on him to play his highest or lowest trump."),
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
    "EU-22": (ND, "Law 22", "", "EU-18", "EU-B",
              "No one would name a new trump: the deal is void and passes to the player on "
              "the dealer's left."),
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
               "Dealt with the adversaries' cards, found after the trump was turned: the "
               "deal stands."),
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
    if not played:
        _misdeal(v, case, "EU-23a", bad[0][0])
        return
    v.rule("EU-23b", bad[0][0], seat=seat)
    v.rule("EU-23c", bad[0][0], seat=seat)
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


def _making(v, case):
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


def _discard(v, case):
    lone = case.lone
    for e in case.events_of("no_discard_by_first_trick"):
        v.find(F.NO_DISCARD_BY_FIRST_TRICK, seat=case.dealer)
        v.rule("EU-17a", F.NO_DISCARD_BY_FIRST_TRICK, seats=[case.dealer, (case.dealer + 2) % 4])
        if case.variant & games.V_SOMERSET_FORFEIT:
            v.rule("EU-90", F.NO_DISCARD_BY_FIRST_TRICK, points=4 if lone >= 0 else 2)
    for e in case.events_of("discard_taken_back"):
        v.find(F.DISCARD_TAKEN_BACK, seat=case.dealer)
        v.rule("EU-17b", F.DISCARD_TAKEN_BACK)
    for e in case.events_of("lead_before_discard"):
        v.find(F.LEAD_BEFORE_DISCARD, seat=e.seat, card=e.card)
        v.rule("EU-18", F.LEAD_BEFORE_DISCARD)
    for e in case.events_of("lone_without_passing_discard"):
        v.find(F.LONE_DISCARD_NOT_PASSED, seat=case.dealer)
        v.rule("EU-19", F.LONE_DISCARD_NOT_PASSED, by=[(case.dealer + 1) % 4,
                                                      (case.dealer + 3) % 4])
    for e in case.events_of("turned_down_not_shown"):
        v.find(F.TURNED_DOWN_NOT_SHOWN, seat=case.dealer)
        v.rule("EU-20", F.TURNED_DOWN_NOT_SHOWN)


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
        if e.phase < C.TRUMP_TURNED:
            v.rule("EU-38a", F.ADVERSARIES_PACK, by=[(dealer + 1) % 4, (dealer + 3) % 4])
        else:
            v.rule("EU-38b", F.ADVERSARIES_PACK)
    for e in case.events_of("dealt_out_of_turn"):
        v.find(F.DEALT_OUT_OF_TURN, seat=e.seat)
        if e.phase < C.TRUMP_TURNED:
            v.rule("EU-40a", F.DEALT_OUT_OF_TURN, redeal_by=dealer, deal_passes=False)
        else:
            v.rule("EU-40b", F.DEALT_OUT_OF_TURN)
    for e in case.events_of("deal_pattern_broken"):
        v.find(F.DEAL_PATTERN_BROKEN, seat=e.seat)
        _misdeal(v, case, "EU-42", F.DEAL_PATTERN_BROKEN)
    _making(v, case)
    _discard(v, case)
    for e in case.events_of("trump_card_named"):
        v.find(F.TRUMP_CARD_NAMED, seat=e.seat, card=e.card)
        if e.get("on_pack"):
            v.rule("EU-16b", F.TRUMP_CARD_NAMED)
        else:
            v.rule("EU-16", F.TRUMP_CARD_NAMED, seat=e.seat,
                   by=[(e.seat + 1) % 4, (e.seat + 3) % 4] if e.seat >= 0 else None)
    for e in case.events_of("card_exposed_in_play"):
        v.find(F.CARD_EXPOSED_IN_PLAY, seat=e.seat, card=e.card)
        if e.seat >= 0 and e.seat == case.lone:
            v.rule("EU-24l", F.CARD_EXPOSED_IN_PLAY, seat=e.seat)
        else:
            v.rule("EU-24", F.CARD_EXPOSED_IN_PLAY, seat=e.seat, card=e.card)
    return v
