"""Écarté: rulings under the Club Code (Cavendish, quoted by Hoffmann), laws 8-12 and 39-47.

    v = judge(case)

Seats are "dealer" and "non_dealer" (the elder hand, served first). Points marked by a
ruling are in "points" with the seat that marks them in "seat".
"""

from overplay_core import cards, games
from overplay_core import findings as F
from overplay_core.laws import case as C
from overplay_core.laws import verdict as V
from overplay_core.errors import RuleError

GAME = "écarté"
SOURCES = {
    "EC-A": "Club Code of Écarté (Cavendish), in L. Hoffmann, Hoyle's Games Modernized; "
            "excerpt ecarte-laws-39-47",
    "EC-B": "Hoyle's Games Improved and Enlarged (older English code), scoring",
}
MARK = "mark_points"
TABLE = {
    "EC-9o": ("claimant_option", "Law 9", "", "EC-5", "EC-A",
              "Wrong cards dealt, found before the trump was turned: the non-dealer, before "
              "looking at his hand, may have the error put right or claim a fresh deal."),
    "EC-9a": ("new_deal", "Law 9", "", "EC-5", "EC-A",
              "The non-dealer claimed a fresh deal."),
    "EC-9b": ("rectify", "Law 9", "", "EC-5", "EC-A",
              "The non-dealer had the error put right: the hands are rectified."),
    "EC-9c": ("deal_stands", "Law 9", "", "EC-5", "EC-A",
              "The non-dealer had looked at his hand, or the trump was already turned: the "
              "law gives no claim, so the deal stands."),
    "EC-13": ("cannot_score", "Law 13 (unverified)", "", "EC-13", "EC-A",
              "He played with more than five cards: he cannot mark the point or the vole "
              "this hand."),
    "EC-11o": ("claimant_option", "Law 11", "", "EC-7", "EC-A",
               "More than one card turned up: the non-dealer, before looking at his hand, may "
               "choose which is trump or claim a fresh deal."),
    "EC-11a": ("new_deal", "Law 11", "", "EC-7", "EC-A",
               "More than one card turned up and the non-dealer had looked at his hand, or "
               "chose a fresh deal: there must be a fresh deal."),
    "EC-11b": ("trump_chosen", "Law 11", "", "EC-7", "EC-A",
               "The non-dealer chose the trump from the cards turned up."),
    "EC-12": ("new_deal", "Law 12", "", "EC-8", "EC-A",
              "A faced card was found in the pack before the trump was turned: fresh deal."),
    "EC-12x": ("refer_to_director", "Law 12", "", "EC-8", "EC-A",
               "A faced card found after the trump was turned is not covered by the law read: "
               "the director decides."),
    "EC-39a": ("card_stands", "Law 39", "", "EC-14", "EC-A",
               "A card led in turn cannot be taken up again."),
    "EC-39b": ("take_back_allowed", "Law 39", "", "EC-14", "EC-A",
               "A card played to a lead may be taken up to save a revoke or to win the trick, "
               "before another card is led: no penalty."),
    "EC-39c": ("card_stands", "Law 39", "", "EC-14", "EC-A",
               "The card played may not be taken up again: only to save a revoke or win the "
               "trick, and only before another card is led."),
    "EC-40a": ("take_back_allowed", "Law 40", "", "EC-15", "EC-A",
               "A card led out of turn may be taken up again before it is played to."),
    "EC-40b": ("card_stands", "Law 40", "", "EC-15", "EC-A",
               "The card led out of turn has been played to: the error cannot be rectified."),
    "EC-41a": ("claimant_option", "Law 41", "", "EC-16", "EC-A",
               "The leader named one suit and played another: the adversary may play to the "
               "card led or require the suit named."),
    "EC-41b": ("card_stands", "Law 41", "", "EC-16", "EC-A",
               "The leader has none of the suit he named: the card led cannot be withdrawn."),
    "EC-41c": ("play_named_suit", "Law 41", "", "EC-16", "EC-A",
               "The adversary required the suit named: the leader takes back the card led and "
               "must play the suit he named."),
    "EC-41d": ("card_stands", "Law 41", "", "EC-16", "EC-A",
               "The adversary chose to play to the card led: it stands and play goes on."),
    "EC-42v": (MARK, "Law 42", "", "EC-17", "EC-A",
               "He abandoned his hand without making a trick: his adversary marks the vole."),
    "EC-42p": (MARK, "Law 42", "", "EC-17", "EC-A",
               "He abandoned his hand after making one or two tricks: his adversary marks the "
               "point."),
    "EC-42c": ("no_penalty", "Law 42", "", "EC-17", "EC-A",
               "He threw down his cards claiming to score: the hand is not abandoned; no "
               "penalty."),
    "EC-42x": ("refer_to_director", "Law 42", "", "EC-17", "EC-A",
               "He abandoned his hand after winning three or more tricks, a case the law does "
               "not cover: the director decides."),
    "EC-43": ("replay_at_option", "Law 43", "", "EC-18", "EC-A",
              "Renounce or failure to win when able: the adversary may have the hands played "
              "again; if so the offender marks nothing for the point and one for the vole."),
    "EC-43b": ("replay_at_option", "Law 43", "", "EC-18", "EC-A",
               "Renounce or failure to win when able: the adversary may have the hands played "
               "again; the adversary played without proposing or refused the first proposal, "
               "so the offender marks only one for the point and one for the vole."),
    "EC-43r": ("hands_replayed", "Law 43", "", "EC-18", "EC-A",
               "The adversary had the hands played again: the replay is scored, and if the "
               "offender wins he marks nothing for the point and one for the vole (one for a "
               "point that would count two)."),
    "EC-43s": ("deal_stands", "Law 43", "", "EC-18", "EC-A",
               "The adversary let the hand stand as played: it is scored with the offender's "
               "marks limited as law 43 says (nothing for the point, one for the vole, one for "
               "a point that would count two)."),
    "EC-43l": ("deal_stands", "Law 43", "", "EC-18", "EC-A",
               "The adversary did not have the hands played again before the pack was cut for "
               "the next deal: the hand stands as played, the offender's marks limited as law "
               "43 says."),
    "EC-43n": ("no_penalty", "Law 43", "", "EC-18", "EC-A",
               "The card was taken up again before another card was led (law 39): no "
               "penalty."),
    "EC-44": ("new_cards", "Law 44", "", "EC-19", "EC-A",
              "New cards at the caller's expense: two new packs, and the dealer chooses."),
    "EC-44x": ("no_new_cards", "Law 44", "", "EC-19", "EC-A",
               "The pack was already cut for the next deal: too late to call for new cards "
               "for it."),
    "EC-45": ("new_deal", "Law 45", "", "EC-20", "EC-A",
              "The pack is incorrect, redundant or imperfect: this deal is void; all "
              "preceding deals stand."),
    "EC-46": ("game_won", "Law 46", "", "EC-21", "EC-A",
              "The game is five up: game to the first to mark five."),
    "EC-47a": (MARK, "Law 47", "", "EC-22", "EC-A",
               "The dealer turned up a king: he marks one."),
    "EC-47b": (MARK, "Law 47", "", "EC-22", "EC-A",
               "He holds the king of trumps and announced it: he marks one."),
    "EC-47c": ("no_penalty", "Law 47", "", "EC-11", "EC-A",
               "The king of trumps was not announced before its holder played his first card: "
               "it cannot be marked."),
    "EC-47d": ("no_penalty", "Law 47", "", "EC-22", "EC-A",
               "The king he announced is not the king of trumps: there is nothing to mark."),
}


def _other(case, seat):
    return 1 - seat


def _bad_hands(v, case):
    codes = [f[0] for f in v._found]
    pack = [c for c in (F.DUPLICATE_CARD, F.FOREIGN_CARD, F.EXTRA_CARD, F.MISSING_CARD,
                        F.PACK_INCORRECT) if c in codes]
    if pack:
        v.rule("EC-45", pack[0], redeal_by=case.dealer)
        return
    bad = [f for f in v._found if f[0] in (F.SEAT_OVER, F.SEAT_SHORT)]
    pattern = case.events_of("deal_pattern_broken")
    for e in pattern:
        v.find(F.DEAL_PATTERN_BROKEN, seat=e.seat)
    if not bad and not pattern:
        return
    code = bad[0][0] if bad else F.DEAL_PATTERN_BROKEN
    nd = _other(case, case.dealer)
    good = V.strays(v, case, None, [nd], "EC-9o", code, ("rectify", "new_deal"),
                    C.TRUMP_TURNED)
    if case.phase < C.TRUMP_TURNED and nd not in case.looked:
        ch = good[0].get("choice", "new_deal") if good else None
        if ch == "new_deal" or V.later(case, None, ("claim_new_deal",), [nd]):
            v.rule("EC-9a", code, redeal_by=case.dealer)
        elif ch == "rectify":
            v.rule("EC-9b", code)
        else:
            v.rule("EC-9o", code, by=[nd], options=["rectify", "new_deal"])
    elif code == F.SEAT_OVER and case.phase >= C.PLAY_BEGUN:
        v.rule("EC-13", code, seat=dict(bad[0][1]).get("seat", -1))
    else:
        v.rule("EC-9c", code)


def _turn_up(v, case):
    nd = _other(case, case.dealer)
    for e in case.events_of("more_than_one_turned_up"):
        v.find(F.MORE_THAN_ONE_TURNED_UP)
        chosen = V.strays(v, case, e, [nd], "EC-11o", F.MORE_THAN_ONE_TURNED_UP,
                          ("choose_trump", "new_deal"))
        looked = nd in chosen[0].looked if chosen else nd in case.looked
        ch = None
        if chosen:
            ch = "new_deal" if chosen[0].type == "claim_new_deal" else chosen[0].get("choice")
        if looked or ch == "new_deal":
            v.rule("EC-11a", F.MORE_THAN_ONE_TURNED_UP, redeal_by=case.dealer)
        elif ch == "choose_trump":
            v.rule("EC-11b", F.MORE_THAN_ONE_TURNED_UP, card=chosen[0].card)
        else:
            v.rule("EC-11o", F.MORE_THAN_ONE_TURNED_UP, by=[nd],
                   options=["choose_trump", "new_deal"])
    for e in case.events_of("card_faced_in_pack"):
        v.find(F.CARD_FACED_IN_PACK, card=e.card)
        v.rule("EC-12" if e.phase < C.TRUMP_TURNED else "EC-12x", F.CARD_FACED_IN_PACK)
    turned = V.original_trump(case, V.original_tally(v, case))
    void = [r for r in v.rulings if r["ruling"] == "new_deal"]
    if case.given_finding(F.KING_TURNED_UP) and not void:
        v.rule("EC-47a", F.KING_TURNED_UP, seat=case.dealer, points=1)
    elif turned >= 0 and cards.rank_of(turned) == cards.KING and not void:
        v.find(F.KING_TURNED_UP, card=turned)
        v.rule("EC-47a", F.KING_TURNED_UP, seat=case.dealer, points=1)
    for e in case.events_of("king_held"):
        v.find(F.KING_HELD, seat=e.seat, card=e.card)
        if e.card >= 0 and (cards.rank_of(e.card) != cards.KING or e.card == turned or (
                turned >= 0 and cards.suit_of(e.card) != cards.suit_of(turned))):
            v.rule("EC-47d", F.KING_HELD, seat=e.seat, card=e.card)
        elif e.get("announced_before_play", True):
            v.rule("EC-47b", F.KING_HELD, seat=e.seat, points=1)
        else:
            v.rule("EC-47c", F.KING_HELD, seat=e.seat)


def _proposal_bonus(case, adversary):
    """Law 43: did the adversary play without proposing, or refuse the first proposal?"""
    if adversary != case.dealer:
        return bool([e for e in case.events_of("play_without_proposing") if e.seat == adversary])
    answers = [e for e in case.events_of("accept", "refuse") if e.seat == case.dealer]
    return bool(answers) and answers[0].type == "refuse"


_LAW_41 = ("require_named_suit", "play_to_card_led")
_LAW_43 = ("replay", "stand")


def _play(v, case):
    for e in case.events_of("card_taken_back"):
        v.find(F.CARD_TAKEN_BACK, seat=e.seat, card=e.card)
        if e.get("led"):
            v.rule("EC-39a", F.CARD_TAKEN_BACK)
        elif e.get("to_correct", True) and not e.get("next_led"):
            v.rule("EC-39b", F.CARD_TAKEN_BACK)
        else:
            v.rule("EC-39c", F.CARD_TAKEN_BACK)
    for e in case.events_of("led_out_of_turn"):
        v.find(F.LED_OUT_OF_TURN, seat=e.seat, card=e.card)
        v.rule("EC-40b" if e.get("played_to") else "EC-40a", F.LED_OUT_OF_TURN)
    for e in case.events_of("named_suit_not_led"):
        v.find(F.NAMED_SUIT_NOT_LED, seat=e.seat, suit=e.suit, card=e.card)
        adv = _other(case, e.seat)
        if not e.get("holds_named_suit", True):
            v.rule("EC-41b", F.NAMED_SUIT_NOT_LED)
            V.strays(v, case, e, [], "EC-41b", F.NAMED_SUIT_NOT_LED, _LAW_41)
            continue
        chosen = V.strays(v, case, e, [adv], "EC-41a", F.NAMED_SUIT_NOT_LED, _LAW_41)
        if not chosen:
            v.rule("EC-41a", F.NAMED_SUIT_NOT_LED, by=[adv],
                   options=["play_to_card_led", "require_named_suit"])
        elif chosen[0].get("choice") == "require_named_suit":
            v.rule("EC-41c", F.NAMED_SUIT_NOT_LED, seat=e.seat, by_seat=adv, suit=e.suit)
        else:
            v.rule("EC-41d", F.NAMED_SUIT_NOT_LED, by_seat=adv, card=e.card)
    for e in case.events_of("hand_abandoned"):
        v.find(F.HAND_ABANDONED, seat=e.seat)
        tricks = e.get("tricks", 0)
        if not isinstance(tricks, int) or tricks < 0 or tricks > 5:
            raise RuleError("events[%d].tricks must be 0 to 5, not %r" % (e.index, tricks))
        adv = _other(case, e.seat)
        if e.get("claiming"):
            v.rule("EC-42c", F.HAND_ABANDONED)
        elif tricks == 0:
            v.rule("EC-42v", F.HAND_ABANDONED, seat=adv, points=2)
        elif tricks <= 2:
            v.rule("EC-42p", F.HAND_ABANDONED, seat=adv, points=1)
        else:
            v.rule("EC-42x", F.HAND_ABANDONED)
    for e in case.events_of("renounce"):
        v.find(F.RENOUNCE, seat=e.seat, card=e.card)
        if e.get("taken_back"):
            v.rule("EC-43n", F.RENOUNCE)
            continue
        adv = _other(case, e.seat)
        bonus = _proposal_bonus(case, adv)
        caps = {"point": 1 if bonus else 0, "vole": 1}
        # The option lasts until the pack is cut for the next deal (the law gives no time;
        # a later deal cannot be played again).
        cut = V.later(case, e, ("cut_for_next_deal",))
        chosen = [c for c in V.strays(v, case, e, [adv], "EC-43", F.RENOUNCE, _LAW_43,
                                      C.NEXT_DEAL)
                  if not [x for x in cut if x.index < c.index]]
        for c in V.later(case, e, ("choice",), [adv]):
            if c.get("choice") in ("replay", "stand") and c not in chosen \
                    and c.phase < C.NEXT_DEAL:
                v.stray("EC-43", F.RENOUNCE, c, True)  # after the cut for the next deal
        lapsed = cut or case.phase >= C.NEXT_DEAL or [
            c for c in V.later(case, e, ("choice",), [adv]) if c.phase >= C.NEXT_DEAL]
        if not chosen and lapsed:
            v.rule("EC-43l", F.RENOUNCE, seat=e.seat, offender_marks=caps)
        elif not chosen:
            v.rule("EC-43b" if bonus else "EC-43", F.RENOUNCE, by=[adv], seat=e.seat,
                   offender_marks=caps)
        else:
            v.rule("EC-43r" if chosen[0].get("choice") == "replay" else "EC-43s", F.RENOUNCE,
                   seat=e.seat, by_seat=adv, offender_marks=caps)
    for e in case.events_of("new_cards_called"):
        v.find(F.NEW_CARDS_CALLED, seat=e.seat)
        cut = V.later(case, None, ("cut_for_next_deal",))
        late = e.phase >= C.NEXT_DEAL or [c for c in cut if c.index < e.index]
        v.rule("EC-44x" if late else "EC-44", F.NEW_CARDS_CALLED, seat=e.seat)


def _game(v, case):
    if not case.scores:
        return
    best = max(case.scores.values())
    if best < 5:
        return
    winner = [s for s in case.scores if case.scores[s] == best][0]
    loser = case.scores.get(1 - winner, 0)
    value = 1
    if case.variant & games.V_ECARTE_TREBLE:
        value = 3 if loser == 0 else (2 if loser <= 2 else 1)  # law 46, by agreement
    v.rule("EC-46", 0, seat=winner, game_value=value)


def judge(case):
    v = V.Verdict(case, TABLE, SOURCES, GAME)
    V.add_findings(v, V.original_tally(v, case))
    V.add_given(v, case)
    for e in case.events_of("pack_incorrect"):
        v.find(F.PACK_INCORRECT)
    _bad_hands(v, case)
    _turn_up(v, case)
    _play(v, case)
    _game(v, case)
    return v


def handled(case):
    """Event types this module judges (the others go to the director)."""
    return ("pack_incorrect", "deal_pattern_broken", "more_than_one_turned_up",
            "card_faced_in_pack", "king_held", "card_taken_back", "led_out_of_turn",
            "named_suit_not_led", "hand_abandoned", "renounce", "new_cards_called")
