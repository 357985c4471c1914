"""Duplicate whist: rulings under AWL Law IV §§8–11, Law V, Law VI and the whist laws.

    v = judge(case)      # a laws.verdict.Verdict with findings and rulings

On the overplay (context.overplay) the AWL duplicate laws govern: the trump turned against
the trump slip (Law IV §§8–9), the slip against the original deal (§10), the hands (Law V).
On the original deal the ordinary whist laws apply (DW-1), except that a misdealer deals again
(DW-3). Where the excerpt is silent on a short hand, the analogous Duplicate Auction Law B
fills the gap unless the variant `excerpt_only` is set (then: refer to the director).
"""

from overplay_core import cards, games
from overplay_core import findings as F
from overplay_core.laws import case as C
from overplay_core.laws import verdict as V

GAME = "duplicate whist"
SOURCES = {
    "DW-A": "AWL Laws of Duplicate Whist, Law IV §§8-11, Law V, Law VI (excerpt)",
    "DW-F": "R. F. Foster, Complete Hoyle: Laws of Whist 37-39 and Duplicate Whist",
    "DW-G": "Foster, Complete Hoyle: Laws of Duplicate Auction, Law B (analogous later code)",
}
AVG = "average_score"
TABLE = {
    "DW-IV-8": ("card_liable_to_be_called", "Law IV", "Sec. 8", "DW-7", "DW-A",
                "Corrected before play began: turn the trump on the slip; the card turned in "
                "error is liable to be called."),
    "DW-IV-9a": (AVG, "Law IV", "Sec. 9", "DW-8", "DW-A",
                 "Found after the overplay began with more than two tables engaged: the players "
                 "at this table take the average score for the deal."),
    "DW-IV-9b": ("new_deal", "Law IV", "Sec. 9", "DW-8", "DW-A",
                 "Found after the overplay began with fewer than three tables in play: there "
                 "must be a new deal."),
    "DW-IV-10a": ("new_deal", "Law IV", "Sec. 10", "DW-9", "DW-A",
                  "The trump slip differs from the trump turned in dealing, found at the next "
                  "table: there must be a new deal."),
    "DW-IV-10b": (AVG, "Law IV", "Sec. 10", "DW-9", "DW-A",
                  "The deal was already played with the recorded trump: that trump stands as "
                  "correct and the players at the original table take the average score."),
    "DW-IV-10c": ("new_deal", "Law IV", "Sec. 10", "DW-9", "DW-A",
                  "The deal was played with the wrong trump and fewer than three tables are in "
                  "play: there must be a new deal."),
    "DW-IV-11": ("trump_declared", "Law IV", "Sec. 11", "DW-10", "DW-A",
                 "By unanimous consent the trump suit is declared and no trump card is turned."),
    "DW-V-1a": ("new_deal", "Law V", "Sec. 1", "DW-11", "DW-A",
                "Found on the overplay with fewer than three tables engaged: there must be a "
                "new deal."),
    "DW-V-1b": (AVG, "Law V", "Sec. 1", "DW-11", "DW-A",
                "Found on the overplay with more than two tables in play: rectify the hands and "
                "pass them to the next table; this table does not overplay the deal and takes "
                "the average score."),
    "DW-V-1c": ("no_penalty", "Law V", "Sec. 1", "DW-11", "DW-A",
                "Only the trump card is faced, which the law allows: play on."),
    "DW-V-1x": ("refer_to_director", "Law V", "Sec. 1", "DW-11", "DW-A",
                "The hands differ from the original deal though each has the right number of "
                "cards; the excerpt does not cover this: the director decides (Law V §1, "
                "rectify the hands, is the nearest rule)."),
    "DW-V-2": ("deal_stands", "Law V", "Sec. 2", "DW-12", "DW-A",
               "Found after the first trick was turned and quitted: the deal stands and the "
               "short player is answerable for the missing cards and any revoke they cause."),
    "DW-V-2x": ("refer_to_director", "Law V", "Sec. 2", "DW-12", "DW-A",
                "A short hand found before the first trick was quitted is not covered by the "
                "excerpted law: the director decides."),
    "DW-LB-2": ("return_to_original_table", "Law B", "(2)", "DW-15", "DW-G",
                "A short hand found before the overplay began: send the deal back to the table "
                "it came from to be put right there."),
    "DW-LB-3a": ("new_deal", "Law B", "(3)", "DW-16", "DW-G",
                 "A short hand found after the overplay began, fewer than three tables: new "
                 "deal."),
    "DW-LB-3b": (AVG, "Law B", "(3)", "DW-16", "DW-G",
                 "A short hand found after the overplay began, more than two tables: rectify "
                 "the hands and pass them on; this table takes the average score."),
    "DW-LB-3c": ("lowest_and_highest", "Law B", "(3)", "DW-16", "DW-G",
                 "The short player's partner held the surplus: after rectifying, his pair takes "
                 "the lowest score made on the deal at any table and the opponents the "
                 "highest."),
    "DW-VI-1": ("procedure", "Law VI", "Sec. 1", "DW-13", "DW-A",
                "Each card must be played face up before the player, then turned face down "
                "nearer to him and quitted; the law states no penalty: put it right."),
    "DW-VI-2": ("procedure", "Law VI", "Sec. 2", "DW-13", "DW-A",
                "The cards must stay in the order played until the scores for the deal are "
                "recorded; the law states no penalty: the director settles any dispute."),
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

_PACK = (F.DUPLICATE_CARD, F.FOREIGN_CARD, F.EXTRA_CARD, F.MISSING_CARD, F.PACK_INCORRECT)


def _few(case):
    return case.tables < 3  # "less than three tables" (Law IV §9, Law V §1)


def _overplay_error(v, case, finding, phase):
    """Law V §1: new deal with fewer than three tables, else rectify, pass on, average."""
    v.rule("DW-V-1a" if _few(case) else "DW-V-1b", finding, tables=case.tables)


def _seats_with(v, code):
    return [dict(f[1]).get("seat", -1) for f in v._found if f[0] == code]


def _partner_surplus(v, case, codes):
    """Variant partner_surplus (Law B(3), DW-16): one short, his partner over, > 2 tables."""
    if not (case.variant & games.V_PARTNER_SURPLUS) or _few(case):
        return False
    if case.phase < C.PLAY_BEGUN or F.SEAT_SHORT not in codes:
        return False
    short, over = _seats_with(v, F.SEAT_SHORT), _seats_with(v, F.SEAT_OVER)
    if len(short) != 1 or len(over) != 1 or (short[0] + 2) % 4 != over[0]:
        return False
    side = "ns" if short[0] in (0, 2) else "ew"
    v.rule("DW-LB-3c", F.SEAT_OVER, seat=short[0], offending_side=side)
    return True


def _short_on_overplay(v, case):
    short = _seats_with(v, F.SEAT_SHORT)
    if case.phase >= C.FIRST_TRICK and len(short) < 2:  # "and the others have their number"
        v.rule("DW-V-2", F.SEAT_SHORT, seat=short[0] if short else -1)
    elif case.variant & games.V_EXCERPT_ONLY:
        v.rule("DW-V-2x", F.SEAT_SHORT)
    elif case.phase < C.PLAY_BEGUN:
        v.rule("DW-LB-2", F.SEAT_SHORT)
    else:
        v.rule("DW-LB-3a" if _few(case) else "DW-LB-3b", F.SEAT_SHORT, tables=case.tables)


# --- the original deal: the whist laws 37-39 and Law B(1) (DW-1, DW-3)

_DEAL_EVENTS = ("dealt_out_of_turn", "adversaries_pack", "deal_pattern_broken", "card_faced_in_pack",
          "card_exposed_in_deal", "pack_incorrect")


def _original(v, case):
    """Rulings on the cards of the original deal (whist laws 37-39, Law B(1))."""
    for f in v._found:
        code = f[0]
        if code in _PACK:
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


def _deal_events(v, case):
    """Rulings on events of the original deal (whist laws 37-38)."""
    for e in case.events_of("dealt_out_of_turn", "adversaries_pack"):
        code = F.DEALT_OUT_OF_TURN if e.type == "dealt_out_of_turn" else F.ADVERSARIES_PACK
        v.find(code, seat=e.seat)
        dealer = e.seat if e.seat >= 0 else case.dealer
        adversaries = [(dealer + 1) % 4, (dealer + 3) % 4]
        V.strays(v, case, e, adversaries, "DW-W37o", code, ("new_deal",))
        st, who = V.claim_status(case, e, adversaries, C.DEAL_COMPLETED)
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


def judge(case):
    v = V.Verdict(case, TABLE, SOURCES, GAME)
    if case.profile.trump_method == games.TRUMP_DECLARED:
        v.find(F.DECLARED_TRUMP_MATCH)
        v.rule("DW-IV-11", F.DECLARED_TRUMP_MATCH, suit=case.slip_suit)
    orig = V.original_tally(v, case)
    turned = V.original_trump(case, orig)
    if not case.overplay and not case.overplay_stated and (
            _differs(turned, case.slip, case.slip_suit) or case.played_wrong):
        # Law IV §10: a slip found to differ from the card turned in dealing, or a deal
        # already played elsewhere with the slip's trump, can only be found at a later table.
        case.overplay = True
    V.add_given(v, case)
    if not case.overplay:
        V.add_findings(v, orig)
        _original(v, case)
        _deal_events(v, case)
    else:
        _overplay(v, case, orig, turned)
    _award(v, case)
    for e in case.events_of("card_not_turned_and_quitted"):
        v.find(F.CARD_NOT_TURNED_AND_QUITTED, seat=e.seat, card=e.card)
        v.rule("DW-VI-1", F.CARD_NOT_TURNED_AND_QUITTED)
    for e in case.events_of("cards_not_kept_in_order"):
        v.find(F.CARDS_NOT_KEPT_IN_ORDER, seat=e.seat)
        v.rule("DW-VI-2", F.CARDS_NOT_KEPT_IN_ORDER)
    return v


def _differs(card, slip, suit):
    """Does a card differ from what the slip records (a card, or only a suit)?"""
    if card < 0:
        return False
    if slip >= 0:
        return card != slip
    return suit >= 0 and cards.suit_of(card) != suit


def _overplay(v, case, orig, turned):
    slip = case.slip
    given = case.given_codes()
    slip_wrong = _differs(turned, slip, case.slip_suit) or F.SLIP_DIFFERS_FROM_DEAL in given
    # The trump card the overplay must show: the slip's, else the original deal's turn-up.
    trump = slip if slip >= 0 else (turned if case.slip_suit < 0 else -1)
    if slip_wrong:
        # Law IV §10 governs; the slip's card missing from the dealer's hand and the dealer
        # turning the true card are its symptoms, not separate errors.
        if F.SLIP_DIFFERS_FROM_DEAL not in given:
            v.find(F.SLIP_DIFFERS_FROM_DEAL, card=slip, suit=case.slip_suit if slip < 0 else -1)
        if case.played_wrong == 0:
            v.rule("DW-IV-10a", F.SLIP_DIFFERS_FROM_DEAL)
        elif _few(case):
            v.rule("DW-IV-10c", F.SLIP_DIFFERS_FROM_DEAL, tables=case.tables)
        else:
            v.rule("DW-IV-10b", F.SLIP_DIFFERS_FROM_DEAL, tables=case.tables)
        trump = -1
    t = V.overplay_tally(v, case, orig, trump)
    V.add_findings(v, t)
    for e in case.events_of("pack_incorrect"):
        v.find(F.PACK_INCORRECT)
    differs = (_differs(case.over_trump, trump, -1) if trump >= 0 else
               _differs(case.over_trump, -1, case.slip_suit))
    if not slip_wrong and (differs or F.TRUMP_DIFFERS_FROM_SLIP in given):
        if differs:
            v.find(F.TRUMP_DIFFERS_FROM_SLIP, card=case.over_trump)
        if case.phase < C.PLAY_BEGUN:
            v.rule("DW-IV-8", F.TRUMP_DIFFERS_FROM_SLIP, card=case.over_trump)
        elif _few(case):
            v.rule("DW-IV-9b", F.TRUMP_DIFFERS_FROM_SLIP, tables=case.tables)
        else:
            v.rule("DW-IV-9a", F.TRUMP_DIFFERS_FROM_SLIP, tables=case.tables)
    codes = [f[0] for f in v._found]
    v1 = [c for c in (F.SEAT_OVER, F.TRUMP_NOT_WITH_DEALER) if c in codes]
    for e in case.events_of("card_faced_on_overplay", "card_faced_in_pack"):
        v.find(F.CARD_FACED_IN_PACK, seat=e.seat, card=e.card)
        if e.card >= 0 and e.card == trump:
            v.rule("DW-V-1c", F.CARD_FACED_IN_PACK, card=e.card)  # "except the trump card"
        else:
            v1.append(F.CARD_FACED_IN_PACK)
    if v1 and _partner_surplus(v, case, codes):
        pass
    elif v1:
        _overplay_error(v, case, v1[0], case.phase)
    elif F.SEAT_SHORT in codes:
        _short_on_overplay(v, case)
    # A card missing from a short hand is Law V §2's case, not an incorrect pack.
    pack = [c for c in _PACK if c in codes and not (c == F.MISSING_CARD and F.SEAT_SHORT in codes)]
    if pack and not v1:
        v.rule("DW-W39", pack[0])
    elif F.CARD_MOVED in codes and not v1 and F.SEAT_SHORT not in codes:
        v.rule("DW-V-1x", F.CARD_MOVED)


def _award(v, case):
    """Fill in the score a ruling awards when the N-S tricks at the other tables are given.

    DW-25: the average of each side's scores where the deal was validly played, to the
    nearest whole trick (scoring.whist, DW-23); DW-16: lowest and highest.
    """
    if not case.ns_elsewhere:
        return
    from overplay_core.scoring import whist as sw  # only when a score is awarded
    for r in v.rulings:
        if r["ruling"] == AVG:
            marker = sw.AVERAGE
        elif r["ruling"] == "lowest_and_highest":
            marker = sw.NS_SURPLUS if r.get("offending_side") == "ns" else sw.EW_SURPLUS
        else:
            continue
        ns, ew = sw.board_scores(list(case.ns_elsewhere) + [marker])[-1]
        r["award"] = {"ns": ns, "ew": ew}


_OVERPLAY_EVENTS = ("card_faced_on_overplay", "card_faced_in_pack", "pack_incorrect")
_PLAY_EVENTS = ("card_not_turned_and_quitted", "cards_not_kept_in_order")


def handled(case):
    """Event types this module judges for this case (the others go to the director)."""
    return (_OVERPLAY_EVENTS if case.overplay else _DEAL_EVENTS) + _PLAY_EVENTS
