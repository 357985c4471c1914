"""Findings: facts about a deal that the laws attach consequences to, as small negative ints.

    from overplay_core import findings
    code = tally.add(card)            # a seat, or a negative finding code
    if code < 0:
        findings.name(code)           # 'duplicate_card'
        findings.sentence(code)       # 'A card was dealt twice: the pack is imperfect.'

Codes -1..-19 are what the shoe sees card by card (tally.py); -20 and below are what the
terminal or the director reports (events in an `overplay judge` file). A finding is a fact,
never a ruling: laws*.py turns findings plus the context (tables engaged, phase, who has
looked at his cards) into rulings with citations. Codes are stored in records: never renumber.

The names, sentences, their look-ups (name, sentence, code_of, all_codes) and the codes
reported at the table (-20 and below, by row name) live in findings_text.py, imported on first
use (`findings.name(c)` and `findings.CARD_EXPOSED_IN_DEAL` still work: the module's
__getattr__ finds them there), so a shoe that deals without incident never loads the words or
the code that reads them into its heap.
"""

# Seen by the shoe (tally.py).
DUPLICATE_CARD = -1
FOREIGN_CARD = -2
EXTRA_CARD = -3
SEAT_OVER = -4
SEAT_SHORT = -5
MISSING_CARD = -6
NOT_STARTED = -7
BAD_SEAT = -8
TRUMP_NOT_WITH_DEALER = -9
CARD_MOVED = -10
TRUMP_DIFFERS_FROM_SLIP = -11


def __getattr__(attr):
    # name, sentence, code_of, all_codes, and the codes reported at the table (-20 and below,
    # by row name): findings_text, imported on first use (a clean deal runs none of them)
    if not attr.startswith("__"):
        from overplay_core import findings_text

        v = findings_text.code_of(attr.lower()) if attr.isupper() else getattr(
            findings_text, attr, None)
        if v:
            globals()[attr] = v  # found once: a plain attribute from now on
            return v
    raise AttributeError(attr)
