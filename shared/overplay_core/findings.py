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

The names, sentences and the codes reported at the table (-20 and below, by row name) live in
findings_text.py, imported on first use (`findings.CARD_EXPOSED_IN_DEAL` still works: the
module's __getattr__ looks it up there), so a shoe that deals without incident never loads
the ~5 KB of words into its heap.
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


def _text():
    from overplay_core import findings_text

    return findings_text


def __getattr__(attr):
    # the codes reported at the table (-20 and below): the row of findings_text so named
    if attr.isupper():
        code = code_of(attr.lower())
        if code:
            globals()[attr] = code  # found once: a plain attribute from now on
            return code
    raise AttributeError(attr)


def _row(code):
    # Text blocks instead of a tuple per row: a third of the RAM on the device.
    key = "\n%d|" % code
    for t in _text()._TEXTS:
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
    for t in _text()._TEXTS:
        i = t.find(key)
        if i >= 0:
            return int(t[t.rfind("\n", 0, i) + 1:i])
    return 0


def all_codes():
    """Every finding code, in table order."""
    return tuple([int(line.split("|")[0]) for t in _text()._TEXTS for line in t.split("\n")
                  if line])
