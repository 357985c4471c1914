"""The laws engine: one deal's facts and context in, findings and cited rulings out.

    from overplay_core import laws
    result = laws.judge({"game": "duplicate_whist", "context": {"tables": 3,
                         "overplay": True, "phase": "play_begun"},
                         "trump_slip": "KH", "overplay": {"trump_turned": "7S"}})
    result["rulings"][0]["code"]      # 'DW-IV-9a'
    result["rulings"][0]["ruling"]    # 'average_score'
    result["outcome"]                 # 'average_score'

    laws.rulings_for(games.DUPLICATE_WHIST, 0, [findings.SEAT_OVER], tables=2,
                     phase="play_begun", overplay=True)    # -> ['DW-V-1a'] (shoe, terminal)

`judge` raises ParseError / RuleError (one line, naming the field) for input it cannot read
or facts that cannot happen; `check` is the non-raising door returning (result, None) or
(None, message). The input and output are documented in docs/judge.md; every ruling code
with its citation in docs/laws.md.

The package: case (the input read and checked: Case, its readers and the phases), verdict
(the findings and rulings being built, and what the cards themselves show, through the shoe's
own Tally), and one module per game (whist, bridge, euchre, ecarte), each with its TABLE of
ruling codes, judge(case) and handled(case). A game's module is imported the first time a deal
of that game is judged, by the one table GAME_MODULES: a shoe loads only the game it deals.
"""

from overplay_core import findings as F
from overplay_core import games
from overplay_core.errors import ParseError, RuleError
from overplay_core.laws import case as C

SCHEMA = 1  # bumped only if the output's meaning changes

# game id -> (the module of the package that judges it, the prefix of its ruling codes)
GAME_MODULES = {games.DUPLICATE_WHIST: ("whist", "DW"), games.BRIDGE_WHIST: ("bridge", "BR"),
                games.EUCHRE: ("euchre", "EU"), games.ECARTE: ("ecarte", "EC")}


def game_module(game):
    """The laws module of a game id (overplay_core.laws.whist ...), imported on first use."""
    name = GAME_MODULES[game][0]
    return __import__("overplay_core.laws." + name, None, None, (name,))


def judge_case(case, marks=None):
    """Judge a parsed case.Case; returns the result dict. `marks(case, verdict)`, if
    given, adds "hand": what each side marks (the host's overplay.judge_marks.hand)."""
    m = game_module(case.game)
    v = m.judge(case)
    handled = m.handled(case)
    v.uncovered(GAME_MODULES[case.game][1], [e for e in case.events
                                     if C.is_fact(e.type) and e.type not in handled],
                case.given_codes())
    hand = marks(case, v) if marks is not None else None
    ctx = {"tables": case.tables, "phase": C.PHASES[case.phase], "overplay": case.overplay,
           "dealer": case.seat_name(case.dealer)}
    out = {"schema": SCHEMA, "game": case.game_name,
           "variants": games.variant_names(case.variant), "context": ctx,
           "findings": v.findings, "rulings": v.rulings, "outcome": v.outcome()}
    if hand is not None:
        out["hand"] = hand
    return out


def judge(data):
    """Judge one deal given as a dict (parsed JSON); see docs/judge.md. The result of play
    ("result") is scored on the club PC (overplay.judge_marks), not here."""
    case = C.Case(data)
    if case.result is not None:
        raise RuleError("result: what each side marks is worked out by `overplay judge` on "
                        "the club PC: drop result here")
    return judge_case(case)


def check(data):
    """Non-raising door: (result, None), or (None, one-line message)."""
    try:
        return judge(data), None
    except (ParseError, RuleError) as e:
        return None, str(e)


def rulings_for(game, variant, codes, tables=1, phase="deal_completed", overplay=False,
                dealer=0):
    """Ruling codes for finding codes the shoe already made (e.g. tally.finish())."""
    game_name = None
    for name in games.GAME_IDS:
        if games.GAME_IDS[name] == game:
            game_name = name
    data = {"game": game_name, "variants": games.variant_names(variant),
            "context": {"tables": tables, "phase": phase, "dealer": dealer},
            "findings": [{"code": F.name(c)} for c in codes]}
    if overplay:
        data["context"]["overplay"] = True
    return [r["code"] for r in judge(data)["rulings"]]
