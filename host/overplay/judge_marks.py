"""The result of play in, what each side marks out: one hand scored with its rulings applied.

    r = judge_marks.judge({"game": "euchre", ..., "result": {"makers": "E", "tricks": 3}})
    r["hand"]["marks"]         # {"ns": 0, "ew": 1}: after every ruling
    r["hand"]["as_played"]     # the marks the result gives with no ruling applied
    r["hand"]["adjustments"]   # [{"code": "EU-62", "effect": "...", "citation": {...}}]
    r["hand"]["scored_as"]     # the same hand as an `overplay score` entry

Host only (`overplay judge`; the shoe and the terminal never score a judged hand, and this
would not fit beside the laws modules in a 128 KB heap). Every mark comes from
scoring_*, the engine `overplay score` uses: this module reads the result of play, turns the
rulings into that engine's arguments (a side that cannot score, revokes, a lone hand capped,
an offender's marks limited, an average awarded, a void deal) and says which ruling changed
what. prepare(case) runs before the laws module (écarté: a king turned or held stated in the
result becomes the fact law 47 rules on); hand(case, v) after it. docs/judge.md has the
fields.
"""

from overplay_core import cards, games, laws
from overplay_core import findings as F
from overplay_core.laws import case as C
from overplay_core.errors import ParseError, RuleError

SIDES = ("ns", "ew")
SIDE_NAMES = ("N-S", "E-W")
VOID = ("new_deal", "return_to_original_table")
PENDING = ("claimant_option", "new_deal_at_option", "replay_at_option", "refer_to_director")
_KEYS = {
    games.DUPLICATE_WHIST: ("tricks",),
    games.BRIDGE_WHIST: ("tricks", "declaration", "doubles", "honours", "void", "score"),
    games.EUCHRE: ("tricks", "makers", "alone", "euchred", "score"),
    games.ECARTE: ("tricks", "proposal", "king_turned", "king_held_by", "vole", "replay",
                   "score"),
}


def _int(value, what, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError("%s must be a whole number %d to %d, not %r" % (what, low, high, value))
    return value


def _bool(d, key, what):
    v = d.get(key)
    if v is not None and not isinstance(v, bool):
        raise ParseError("%s.%s must be true or false, not %r" % (what, key, v))
    return v


def _side(value, what):
    """"ns", "N-S", "EW" ... -> 0 or 1; None if it is not a side name."""
    if isinstance(value, str):
        t = value.strip().lower().replace("-", "").replace("/", "").replace(" ", "")
        if t in ("ns", "sn"):
            return 0
        if t in ("ew", "we"):
            return 1
    return None


def _pair(case, value, what, total, high):
    """Counts per side (4 seats: {"ns": 8, "ew": 5}) or per seat (écarté: {"dealer": 3,
    "non_dealer": 2}) -> [a, b] indexed by side / seat; a missing one is total less the
    other. Raises naming the field."""
    if not isinstance(value, dict) or not value:
        raise ParseError("%s must be an object like %s" % (
            what, '{"dealer": 3, "non_dealer": 2}' if case.seats == 2 else '{"ns": 8, "ew": 5}'))
    out = [None, None]
    for k in value:
        i = _side(k, what) if case.seats == 4 else case.seat(k, what)
        if i is None:
            raise ParseError("unknown side %r in %s: use ns or ew" % (k, what))
        if out[i] is not None:
            raise RuleError("%s: %r given twice" % (what, k))
        out[i] = _int(value[k], "%s.%s" % (what, k), 0, high)
    if out[0] is None:
        out[0] = max(0, total - out[1]) if total else 0
    if out[1] is None:
        out[1] = max(0, total - out[0]) if total else 0
    return out


def judge(data):
    """laws.judge with the result of play: the result dict, with "hand" when the input has
    "result" (see docs/judge.md)."""
    case = C.Case(data)
    if case.result is None:
        return laws.judge_case(case)
    prepare(case)
    return laws.judge_case(case, hand)


def prepare(case):
    """Check the result's keys and state what it adds to the facts (before judging)."""
    res = case.result
    if not isinstance(res, dict):
        raise ParseError("result must be an object (the result of play: see docs/judge.md)")
    allowed = _KEYS[case.game]
    for k in res:
        if k not in allowed and k != "comment":
            raise ParseError("unknown key %r in result for %s: use %s"
                             % (k, case.game_name, ", ".join(allowed)))
    if case.game != games.ECARTE:
        return
    if _bool(res, "king_turned", "result"):
        if case.orig_trump >= 0 and cards.rank_of(case.orig_trump) != cards.KING:
            raise RuleError("result.king_turned: the card turned up is %s, not a king"
                            % cards.card_name(case.orig_trump))
        if case.orig_trump < 0 and not case.given_finding(F.KING_TURNED_UP):
            case.given.append((F.KING_TURNED_UP, case.dealer, -1, -1))
    if res.get("king_held_by") is not None:
        seat = case.seat(res["king_held_by"], "result.king_held_by")
        if not [e for e in case.events_of("king_held") if e.seat == seat]:
            ev = C.Event(len(case.events) + 1000, "king_held", seat, {}, case.phase,
                         set(), [], set())
            case.events.append(ev)


def _codes(v, *codes):
    return [r for r in v.rulings if r["code"] in codes]


def _seat_of(case, r, needed=False):
    """The seat a ruling concerns, or -1; with `needed`, a ruling whose effect on the marks
    depends on the side (a revoke, a player who cannot score) must name it."""
    s = r.get("seat")
    if s is None:
        if needed:
            raise ParseError("result: %s (%s) changes the marks of one side, but the input "
                             "does not say whose: give the seat of the %s"
                             % (r["code"], r["ruling"], r.get("finding") or "fact"))
        return -1
    return case.seat(s, "ruling")


def _adjust(out, r, effect):
    out.append({"code": r["code"], "effect": effect, "citation": r["citation"]})


def hand(case, v):
    """The "hand" object: marks after the rulings, as played, each adjustment, scored_as."""
    res = case.result
    out = {"marks": None, "as_played": None, "void": False, "pending": [], "adjustments": []}
    words = [r["ruling"] for r in v.rulings]
    out["pending"] = [r["code"] for r in v.rulings if r["ruling"] in PENDING]
    void = [r for r in v.rulings if r["ruling"] in VOID]
    if void:
        out["void"] = True
        out["marks"] = _zero(case)
        for r in void:
            _adjust(out["adjustments"], r, "the deal is void at this table: nothing is marked "
                    "for it")
        return out
    try:
        if case.game == games.DUPLICATE_WHIST:
            _whist(case, v, res, out, words)
        elif case.game == games.BRIDGE_WHIST:
            _bridge(case, v, res, out)
        elif case.game == games.EUCHRE:
            _euchre(case, v, res, out)
        else:
            _ecarte(case, v, res, out)
    except RuleError as e:
        msg = str(e)
        raise RuleError(msg if msg.startswith("result") else "result: " + msg)
    return out


def _zero(case):
    if case.seats == 2:
        return {"dealer": 0, "non_dealer": 0}
    return {"ns": 0, "ew": 0}


def _by_side(t):
    return {"ns": t[0], "ew": t[1]}


def _need(res, key, message):
    if res.get(key) is None:
        raise ParseError("result.%s: missing: %s" % (key, message))
    return res[key]


# ---- duplicate whist ---------------------------------------------------------------------

def _whist(case, v, res, out, words):
    from overplay_core.scoring import whist as sw
    tr = _need(res, "tricks", 'give the tricks won, {"ns": 8, "ew": 5}')
    if isinstance(tr, dict):
        pair = _pair(case, tr, "result.tricks", 13, 13)
        ns = sw.agreed_result(pair[0], pair[1])[0]  # DW-19: if they differ, E-W's is taken
    else:
        ns = _int(tr, "result.tricks", 0, 13)
    played = sw.deal_result(ns)
    out["as_played"] = _by_side(played)
    entry = ns
    for r in v.rulings:
        if r["code"] == "DW-IV-10b":
            _adjust(out["adjustments"], r, "the deal stands at this table as played with the "
                    "recorded trump; the original table takes the average")
        elif r["ruling"] == "average_score":
            entry = sw.AVERAGE
            _adjust(out["adjustments"], r, "this table takes the average score for the deal")
        elif r["ruling"] == "lowest_and_highest":
            entry = sw.NS_SURPLUS if r.get("offending_side") == "ns" else sw.EW_SURPLUS
            _adjust(out["adjustments"], r, "%s take the lowest score on the deal, %s the "
                    "highest" % ((SIDE_NAMES[0], SIDE_NAMES[1]) if entry == sw.NS_SURPLUS
                                 else (SIDE_NAMES[1], SIDE_NAMES[0])))
    names = {sw.AVERAGE: "avg", sw.NS_SURPLUS: "ns_surplus", sw.EW_SURPLUS: "ew_surplus"}
    out["scored_as"] = {"tables": list(case.ns_elsewhere) + [names.get(entry, entry)]}
    if entry == ns:
        out["marks"] = _by_side(played)
        return
    if not case.ns_elsewhere:
        out["pending"].append("ns_tricks_elsewhere")
        return  # the award needs the other tables' results (context.ns_tricks_elsewhere)
    row = sw.compare(list(case.ns_elsewhere) + [entry])[-1]
    out["marks"] = {"ns": row[0], "ew": row[1]}


# ---- bridge whist ------------------------------------------------------------------------

def _declaration(case, v, res):
    d = res.get("declaration")
    if d is not None:
        if not isinstance(d, dict):
            raise ParseError('result.declaration must be an object like {"seat": "N", '
                             '"strain": "H"}')
        for k in d:
            if k not in ("seat", "strain"):
                raise ParseError("unknown key %r in result.declaration: use seat, strain" % k)
        seat = case.seat(_need(d, "seat", "who made the trump"), "result.declaration.seat")
        strain = case.suit(_need(d, "strain", "the trump suit or NT"),
                           "result.declaration.strain")
        return seat, strain
    side = (case.dealer, (case.dealer + 2) % 4)
    made = [e for e in case.events_of("declare") if e.seat in side and e.suit >= 0]
    if not made:
        raise ParseError('result.declaration: missing: nobody declared in the events: give '
                         '{"seat": ..., "strain": ...}')
    return made[-1].seat, made[-1].suit


def _bridge(case, v, res, out):
    from overplay_core.scoring import bridge as sb
    seat, strain = _declaration(case, v, res)
    side = seat & 1
    tr = _need(res, "tricks", "give the tricks won by the declarer's side, or "
               '{"ns": 9, "ew": 4}')
    if isinstance(tr, dict):
        pair = _pair(case, tr, "result.tricks", 13, 13)
        if pair[0] + pair[1] != 13:
            raise RuleError("result.tricks: %d and %d do not make the 13 tricks of a hand"
                            % (pair[0], pair[1]))
        tricks = pair[side]
    else:
        tricks = _int(tr, "result.tricks", 0, 13)
    doubles = _int(res.get("doubles", 0), "result.doubles", 0, sb.MAX_DOUBLES)
    held, hands, hon_in = _holdings(case, res, strain, sb)
    revokes = [0, 0]
    for r in _codes(v, "BR-RV"):
        revokes[_seat_of(case, r, True) & 1] += 1
    b = sb.score_hand(strain, tricks, side, doubles, hands, tuple(revokes), 0, None, held)
    base = sb.score_hand(strain, tricks, side, doubles, hands, (0, 0), 0, None, held)
    for r in _codes(v, "BR-RV"):
        s = _seat_of(case, r)
        if s >= 0:
            _adjust(out["adjustments"], r, "three tricks from %s to %s; %s cannot score slam "
                    "or go past 28 toward game on this hand"
                    % (SIDE_NAMES[s & 1], SIDE_NAMES[1 - (s & 1)], SIDE_NAMES[s & 1]))
    out["as_played"] = _by_side((base["below"][0] + base["above"][0],
                                 base["below"][1] + base["above"][1]))
    out["marks"] = _by_side((b["below"][0] + b["above"][0], b["below"][1] + b["above"][1]))
    out["below"] = _by_side(b["below"])
    out["above"] = _by_side(b["above"])
    out["honours_kind"] = b["honours_kind"]
    sa = {"strain": "NT" if strain == sb.NO_TRUMP else "CDHS"[strain],
          "declarer": SIDES[side].upper(), "tricks": tricks, "doubles": doubles}
    if revokes != [0, 0]:
        sa["revokes"] = {"NS": revokes[0], "EW": revokes[1]}
    if hon_in is not None:
        sa["honours"], sa["void"] = hon_in
    elif hands is not None:
        sa["cards"] = {games.SEAT_NAMES[s]: [cards.card_name(c) for c in hands[s]]
                       for s in range(4)}
    out["scored_as"] = sa
    if res.get("score") is not None:
        before = _pair(case, res["score"], "result.score", 0, 29)
        rub = sb.Rubber()
        rub.game = list(before)
        won = rub.add(b)
        out["game"] = {"before": _by_side(before), "game_won": SIDE_NAMES[won] if won >= 0
                       else None}


def _holdings(case, res, strain, sb):
    """(held, hands, (honours, void) as given) for honours and chicane: from result.honours
    and result.void, else from the original hands, else (None, None, None): not computed."""
    if res.get("honours") is not None or res.get("void") is not None:
        hon = res.get("honours") or {}
        if not isinstance(hon, dict):
            raise ParseError('result.honours must map seats to how many honours each held, '
                             'like {"N": 3, "E": 1}')
        per = [0, 0, 0, 0]
        names = {}
        for k in hon:
            s = case.seat(k, "result.honours")
            per[s] = _int(hon[k], "result.honours.%s" % k, 0, 5)
            names[games.SEAT_NAMES[s]] = per[s]
        void = case.seat_list(res.get("void") or [], "result.void")
        try:
            held = sb.held_from_counts(strain, per, void)
        except RuleError as e:
            raise RuleError("result.honours: %s" % e)
        return held, None, (names, [games.SEAT_NAMES[s] for s in void])
    if case.hands is not None and len(case.hands) == 4:
        hands = [case.hands[s] for s in range(4)]
        if sb.check_hands(hands) == sb.OK:
            return None, hands, None
    return None, None, None


# ---- euchre ------------------------------------------------------------------------------

def _euchre(case, v, res, out):
    from overplay_core.scoring import euchre as se
    made = case.events_of("order_up", "take_up")
    named = _codes(v, "EU-20n")
    if res.get("makers") is not None:
        m = res["makers"]
        side = _side(m, "result.makers")
        if side is None:
            side = case.seat(m, "result.makers") & 1
    elif made and made[0].seat >= 0:
        side = made[0].seat & 1
    elif named:
        side = _seat_of(case, named[0], True) & 1
    else:
        raise ParseError("result.makers: missing: no order_up, take_up or name_trump with a "
                         "seat in the events: say which side made the trump")
    alone = _bool(res, "alone", "result")
    if alone is None:
        alone = bool(made and made[0].get("alone")) or case.lone >= 0
    declared = alone  # as played: the lone hand the record shows
    for r in _codes(v, "EU-19p"):  # law 19: the adversaries insisted, partner plays
        if alone:
            alone = False
            _adjust(out["adjustments"], r, "the dealer's partner plays with him: scored as a "
                    "partnership hand, not a lone hand")
    tr = res.get("tricks")
    euchred = _bool(res, "euchred", "result")
    if tr is None and euchred is None:
        raise ParseError("result.tricks: missing: give the makers' tricks (0-5) or "
                         "\"euchred\": true")
    if tr is None:
        tricks = 0 if euchred else -1
        if tricks < 0:
            raise ParseError("result.tricks: missing: \"euchred\": false does not say how many "
                             "tricks the makers took")
    elif isinstance(tr, dict):
        pair = _pair(case, tr, "result.tricks", 5, 5)
        if pair[0] + pair[1] != 5:
            raise RuleError("result.tricks: %d and %d do not make the five tricks of a hand"
                            % (pair[0], pair[1]))
        tricks = pair[side]
    else:
        tricks = _int(tr, "result.tricks", 0, 5)
    if euchred is not None and euchred != (tricks < 3):
        raise RuleError("result.euchred: %s, but the makers took %d tricks"
                        % ("true" if euchred else "false", tricks))
    revokes = [0, 0]
    for r in _codes(v, "EU-62"):
        s = _seat_of(case, r, True)
        revokes[s & 1] += 1
        _adjust(out["adjustments"], r, "%s score %d for %s's revoke, before any other score"
                % (SIDE_NAMES[1 - (s & 1)], 5 if alone else 3, SIDE_NAMES[s & 1]))
    exposed = False
    for r in _codes(v, "EU-102"):
        if alone:
            exposed = True
            _adjust(out["adjustments"], r, "the lone hand scores at most 2 for a march; "
                    "euchred, 4 to the adversaries")
    barred = -1
    for r in v.rulings:
        if r["code"] == "EU-17a":
            barred = case.dealer & 1
        elif r["code"] == "EU-23c" and barred < 0:
            barred = _seat_of(case, r, True) & 1
        else:
            continue
        _adjust(out["adjustments"], r, "%s cannot score this hand" % SIDE_NAMES[barred])
    for r in _codes(v, "EU-90"):
        if barred >= 0:
            _adjust(out["adjustments"], r, "%s forfeit %d, given to %s"
                    % (SIDE_NAMES[barred], 4 if alone else 2, SIDE_NAMES[1 - barred]))
    b = se.score_hand(side, tricks, alone, tuple(revokes), exposed, barred, case.variant)
    base = se.score_hand(side, tricks, declared, (0, 0), False, -1, case.variant)
    out["as_played"] = _by_side(base["total"])
    out["marks"] = _by_side(b["total"])
    sa = {"makers": SIDES[side].upper(), "tricks": tricks, "alone": bool(alone)}
    if exposed:
        sa["partner_exposed"] = True
    if barred >= 0:
        sa["barred"] = SIDES[barred].upper()
    if revokes != [0, 0]:
        sa["revokes"] = {"NS": revokes[0], "EW": revokes[1]}
    out["scored_as"] = sa
    if res.get("score") is not None:
        before = _pair(case, res["score"], "result.score", 0, 4)
        rub = se.Rubber()
        rub.score = list(before)
        won = rub.add(b)
        out["game"] = {"before": _by_side(before), "game_won": SIDE_NAMES[won] if won >= 0
                       else None}


# ---- écarté ------------------------------------------------------------------------------

def _proposal(case, res, sc):
    if res.get("proposal") is not None:
        p = C.norm(res["proposal"])
        if p not in sc.PROPOSALS:
            raise ParseError("result.proposal: unknown %r: use accepted, "
                             "played_without_proposing or refused" % (res["proposal"],))
        return sc.PROPOSALS[p]
    nd = 1 - case.dealer
    if [e for e in case.events_of("play_without_proposing") if e.seat == nd]:
        return sc.PLAYED_WITHOUT_PROPOSING
    answers = [e for e in case.events_of("accept", "refuse") if e.seat == case.dealer]
    if answers and answers[0].type == "refuse":
        return sc.FIRST_PROPOSAL_REFUSED
    return sc.PROPOSAL_ACCEPTED


def _who(seat_name):
    return (seat_name or "player").replace("_", "-")


def _ecarte(case, v, res, out):
    from overplay_core.scoring import ecarte as sc
    offender = -1
    replayed = _codes(v, "EC-43r")
    for r in _codes(v, "EC-43", "EC-43b", "EC-43r", "EC-43s", "EC-43l"):
        offender = _seat_of(case, r, True)
        _adjust(out["adjustments"], r, "if the %s wins he marks nothing for the point, one for "
                "the vole (one for a point that would count two)" % _who(r.get("seat")))
    if res.get("replay") is not None and not replayed:
        raise RuleError("result.replay: the hands are played again only when the adversary "
                        "requires it (law 43): add his choice event \"replay\"")
    tr = _need(res, "tricks", 'give the tricks, {"dealer": 3, "non_dealer": 2}')
    if replayed:
        rp = res.get("replay")
        if rp is None:
            out["pending"].append("replay")
            return  # the marks wait for the hands played again
        if not isinstance(rp, dict) or [k for k in rp if k != "tricks"]:
            raise ParseError('result.replay must be {"tricks": {"dealer": n, '
                             '"non_dealer": n}}')
        tr = _need(rp, "tricks", "what the hands played again gave")
        where = "result.replay.tricks"
    else:
        where = "result.tricks"
    pair = _pair(case, tr, where, 0, 5)
    tricks = (pair[0], pair[1])
    abandoned = -1
    for r in _codes(v, "EC-42v", "EC-42p"):
        for e in case.events_of("hand_abandoned"):
            if e.seat >= 0:
                abandoned = e.seat
        _adjust(out["adjustments"], r, "the %s abandoned his hand: the %s marks the %s" % (
            _who(case.seat_name(abandoned)), _who(r.get("seat")),
            "vole" if r["code"] == "EC-42v" else "point"))
    king = -1
    for r in _codes(v, "EC-47a", "EC-47b"):
        if king < 0:
            king = _seat_of(case, r, True)
            _adjust(out["adjustments"], r, "the %s marks one for the king" % _who(r.get("seat")))
    over = -1
    for r in _codes(v, "EC-13"):
        over = _seat_of(case, r, True)
        _adjust(out["adjustments"], r, "the %s cannot mark the point or the vole"
                % _who(r.get("seat")))
    proposal = _proposal(case, res, sc)
    b = sc.deal_points(case.dealer, tricks, proposal, king, abandoned, offender, over)
    vole = _bool(res, "vole", "result")
    if vole is not None and vole != (b["kind"] == "vole"):
        raise RuleError("result.vole: %s, but the tricks %d-%d give the %s"
                        % ("true" if vole else "false", tricks[case.dealer],
                           tricks[1 - case.dealer], b["kind"]))

    def named(t):
        return {case.seat_name(0): t[0], case.seat_name(1): t[1]}
    if abandoned < 0:
        out["as_played"] = named(sc.deal_points(case.dealer, tricks, proposal)["total"])
    out["marks"] = named(b["total"])
    names = {sc.PROPOSALS[k]: k for k in sc.PROPOSALS}
    sa = {"dealer": case.dealer, "tricks": list(tricks), "proposal": names[proposal]}
    for key, seat in (("king", king), ("abandoned_by", abandoned), ("offender", offender),
                      ("overheld_by", over)):
        if seat >= 0:
            sa[key] = seat
    out["scored_as"] = sa
    if res.get("score") is not None:
        before = _pair(case, res["score"], "result.score", 0, 4)
        g = sc.Game(case.variant, True)
        g.score = list(before)
        won = g.add(b)
        out["game"] = {"before": named(before), "game_won": case.seat_name(won) if won >= 0
                       else None}
        if won >= 0 and not _codes(v, "EC-46"):
            v.rule("EC-46", 0, seat=won, game_value=g.value())
