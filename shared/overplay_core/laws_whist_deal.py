"""Duplicate whist, the original deal: the whist laws 37-39 (Foster) and Law B(1).

    from overplay_core import laws_whist_deal as D
    D.original(v, case); D.deal_events(v, case)

Part of laws_whist (its TABLE is merged there). DW-1: duplicate whist follows the whist laws
except where the duplicate laws change them; DW-3: a misdealer deals again.
"""

from overplay_core import findings as F
from overplay_core import laws_base as B
from overplay_core import laws_case as C

TABLE = {
    "DW-LB-1": ("new_deal", "Law B", "(1)", "DW-14", "DW-G",
                "A player has the wrong number of cards in the original deal: new deal by the "
                "same dealer."),
    "DW-W37a": ("new_deal", "Whist law 37", "(a)", "DW-4", "DW-F",
                "The cards were not dealt one at a time in rotation: new deal by the same "
                "dealer."),
    "DW-W37b": ("new_deal", "Whist law 37", "(b)", "DW-4", "DW-F",
                "The pack is incorrect: new deal by the same dealer."),
    "DW-W37c": ("new_deal", "Whist law 37", "(c)", "DW-4", "DW-F",
                "A card was faced in the pack or exposed during the deal: new deal by the same "
                "dealer."),
    "DW-W37d": ("new_deal", "Whist law 37", "(d)", "DW-4", "DW-F",
                "A player was dealt more than thirteen cards: new deal by the same dealer."),
    "DW-W37f": ("new_deal", "Whist law 37", "(f)", "DW-4", "DW-F",
                "An adversary objected in time, before looking at his cards: new deal by the "
                "right dealer with the right pack."),
    "DW-W37o": ("new_deal_at_option", "Whist law 37", "(f)", "DW-4", "DW-F",
                "An adversary who has not looked at his cards may object before the end of the "
                "deal, and then there is a new deal."),
    "DW-W38": ("deal_stands", "Whist law 38", "", "DW-5", "DW-F",
               "No adversary objected in time before looking at his cards: the deal stands."),
    "DW-W39": ("new_deal", "Whist law 39", "", "DW-6", "DW-F",
               "The pack is proved incorrect: this deal is void, earlier scores stand, and the "
               "same dealer deals again."),
    "DW-W39x": ("deal_stands", "Whist law 39", "", "DW-6", "DW-F",
                "The pack was proved incorrect only after the cut for the next deal: the deal "
                "stands."),
}

PACK = (F.DUPLICATE_CARD, F.FOREIGN_CARD, F.EXTRA_CARD, F.MISSING_CARD, F.PACK_INCORRECT)
EVENTS = ("dealt_out_of_turn", "adversaries_pack", "deal_pattern_broken", "card_faced_in_pack",
          "card_exposed_in_deal", "pack_incorrect")


def original(v, case):
    """Rulings on the cards of the original deal (whist laws 37-39, Law B(1))."""
    for f in v._found:
        code = f[0]
        if code in PACK:
            if case.phase >= C.NEXT_DEAL:
                v.rule("DW-W39x", code)
            else:
                v.rule("DW-W39" if case.phase >= C.PLAY_BEGUN else "DW-W37b", code)
            return
    for f in list(v._found):
        if f[0] == F.SEAT_OVER:
            v.rule("DW-W37d", F.SEAT_OVER)
            return
        if f[0] == F.SEAT_SHORT:
            v.rule("DW-LB-1", F.SEAT_SHORT)
            return


def deal_events(v, case):
    """Rulings on events of the original deal (whist laws 37-38)."""
    for e in case.events_of("dealt_out_of_turn", "adversaries_pack"):
        code = F.DEALT_OUT_OF_TURN if e.type == "dealt_out_of_turn" else F.ADVERSARIES_PACK
        v.find(code, seat=e.seat)
        dealer = e.seat if e.seat >= 0 else case.dealer
        adversaries = [(dealer + 1) % 4, (dealer + 3) % 4]
        B.strays(v, case, e, adversaries, "DW-W37o", code, ("new_deal",))
        st, who = B.claim_status(case, e, adversaries, C.DEAL_COMPLETED)
        if st == "claimed":
            v.rule("DW-W37f", code, by_seat=who)
        elif st == "open":
            v.rule("DW-W37o", code, by=[s for s in adversaries if s not in case.looked])
        else:
            v.rule("DW-W38", code)
    for e in case.events_of("deal_pattern_broken"):
        v.find(F.DEAL_PATTERN_BROKEN, seat=e.seat)
        v.rule("DW-W37a", F.DEAL_PATTERN_BROKEN)
    for e in case.events_of("card_faced_in_pack", "card_exposed_in_deal"):
        code = F.CARD_FACED_IN_PACK if e.type == "card_faced_in_pack" else F.CARD_EXPOSED_IN_DEAL
        v.find(code, seat=e.seat, card=e.card)
        v.rule("DW-W37c", code)
    for e in case.events_of("pack_incorrect"):
        v.find(F.PACK_INCORRECT)
        if e.phase >= C.NEXT_DEAL:
            v.rule("DW-W39x", F.PACK_INCORRECT)
        else:
            v.rule("DW-W39" if e.phase >= C.PLAY_BEGUN else "DW-W37b", F.PACK_INCORRECT)
