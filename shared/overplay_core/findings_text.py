"""The words of findings.py, and the codes reported at the table: loaded on first use.

    from overplay_core import findings
    findings.sentence(findings.SEAT_SHORT)     # reads _TEXTS here (importing this module)
    findings.CARD_EXPOSED_IN_DEAL              # -21: the row named card_exposed_in_deal

A shoe that deals without incident needs only the codes it sees card by card (findings.py);
these sentences and the events a terminal or director reports are for people and the laws
engine, so they stay out of the shoe's heap until something is shown. The codes reported at
the table (-20 and below) have no constant anywhere: `findings.NAME` is the code of the row
named name.lower() (one name a row: the table is the one place a code is given). The look-ups
(name, sentence, code_of, all_codes) are here too, found through findings.__getattr__: only
something shown or ruled on calls them.
"""

# Rows "code|name|sentence", in a few literals of ~1 KB (not one of 5 KB: compiling a
# module from source builds each literal in one piece, and a fragmented heap may not have it).
_TEXTS = (
    """
-1|duplicate_card|A card was dealt twice: the pack is imperfect.
-2|foreign_card|A card not of this pack was dealt: the pack is incorrect.
-3|extra_card|More cards were dealt than the pack holds.
-4|seat_over|A player has more than his correct number of cards.
-5|seat_short|A player has fewer than his correct number of cards.
-6|missing_card|A card of the pack is missing: the pack is incorrect.
-7|not_started|A card was read before a deal was started.
-8|bad_seat|A card was put to a seat that is not at this table.
-9|trump_not_with_dealer|The trump card is not in the dealer's hand.
-10|card_moved|A card is in a different hand from the original deal.
-11|trump_differs_from_slip|On the overplay the dealer turned a trump card other than the one on the trump slip.
-20|card_faced_in_pack|A card was found faced in the pack.
""",
    """
-21|card_exposed_in_deal|A card was exposed during the deal.
-22|slip_differs_from_deal|The trump slip records a different trump from the card turned in the original deal.
-23|dealt_out_of_turn|The cards were dealt by the wrong player.
-24|adversaries_pack|The cards were dealt with the adversaries' pack.
-25|deal_pattern_broken|The cards were not dealt in the required order or packets.
-26|card_exposed_turning_trump|In turning the trump card the dealer exposed another card of the pack.
-27|card_exposed_in_play|A card was exposed during the play.
-28|no_discard_by_first_trick|The dealer played to the first trick without having discarded.
-29|lead_before_discard|The eldest hand led before the dealer had quitted his discard.
-30|lone_discard_not_passed|The dealer took up the trump to play alone without passing his discard to his partner.
-31|turned_down_suit_named|A player named the suit already turned down as the new trump.
-32|named_out_of_turn|A player named a trump suit out of his turn.
""",
    """
-33|no_trump_named|No player would name a new trump suit.
-34|trump_card_named|A player named the trump card after it had been taken up or played.
-35|partner_declared_unpassed|The dealer's partner made the trump without the dealer passing it to him.
-36|declaration_passed_back|The dealer's partner passed the declaration back to the dealer.
-37|dealt_for_partner|A player shuffled, cut or dealt for his partner without the adversaries' permission.
-38|more_than_one_turned_up|The dealer turned up more than one card for trump.
-39|king_turned_up|The dealer turned up a king as trump.
-40|hand_abandoned|A player abandoned his hand.
-41|renounce|A player renounced holding the suit led, or did not win a trick when able.
-42|led_out_of_turn|A card was led out of turn.
-43|named_suit_not_led|The leader named one suit and played another.
-44|card_taken_back|A player took back a card he had played.
""",
    """
-45|new_cards_called|A player called for new cards.
-46|cards_not_kept_in_order|The played cards were not left in the order played before the score was recorded.
-47|card_not_turned_and_quitted|A player did not place, turn and quit his played card as the law requires.
-48|king_held|A player announced the king of trumps in his hand.
-49|pack_incorrect|The pack was found incorrect or imperfect.
-50|declared_trump_match|By unanimous consent a trump suit was declared and no trump card turned.
-51|adversary_declared|An adversary of the dealer made or passed the trump declaration.
-52|discard_taken_back|The dealer took back his discard after quitting it.
-53|turned_down_not_shown|The dealer turned the trump down without placing it face up under the pack.
-54|trump_card_lifted|The trump card was lifted from the pack before its time.
-55|revoke|A player revoked: he held a card of the suit led and played another suit.
""",
)


def _row(code):
    # Text blocks instead of a tuple per row: a third of the RAM on the device.
    key = "\n%d|" % code
    for t in _TEXTS:
        i = t.find(key)
        if i >= 0:
            return t[i + 1:t.find("\n", i + 1)].split("|")
    return None


def name(code):
    """Stable snake_case name of a finding code ('unknown_<n>' for a code not in the table)."""
    row = _row(code)
    return row[1] if row else "unknown_%d" % -code


def sentence(code):
    """One plain sentence for the table."""
    row = _row(code)
    return row[2] if row else "Unknown finding %d." % code


def code_of(finding_name):
    """The code for a finding name, or 0 if there is none."""
    if not isinstance(finding_name, str) or "|" in finding_name or "\n" in finding_name:
        return 0
    key = "|%s|" % finding_name
    for t in _TEXTS:
        i = t.find(key)
        if i >= 0:
            return int(t[t.rfind("\n", 0, i) + 1:i])
    return 0


def all_codes():
    """Every finding code, in table order."""
    return tuple([int(line.split("|")[0]) for t in _TEXTS for line in t.split("\n") if line])
