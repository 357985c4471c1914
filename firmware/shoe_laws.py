"""Rulings for the dealer from the laws engine, for what the shoe found.

    codes = shoe_laws.rule(shoe, findings, overplay=False, facts=None)   # ('DW-IV-8',)

Loaded by Shoe._rule only when a deal or check found something, so a session of clean deals
never loads the engine, and only when the heap has room for it (Shoe._rule). facts: more of the case for the engine (the slip's trump and the one
turned); its "derived" entry lists findings the engine works out itself from those facts.
"""

def rule(shoe, codes, overplay=False, facts=None):
    """Ruling codes ('DW-IV-8', ...) from the laws engine for these findings.

    facts: more of the case for the engine (e.g. the slip's trump and the one turned).
    A clean deal needs no ruling, so the engine is imported only when something was found
    (a session of clean deals never loads it). If it cannot load (no room on a small
    heap) the findings still stand and are recorded; the dealer is told to call the
    director, whose PC rules from the same findings."""
    try:
        from overplay_core import findings, games, laws

        ctx = {"tables": shoe.tables, "phase": "deal_completed", "dealer": shoe.dealer}
        if overplay:
            ctx["overplay"] = True
        data = {"game": None, "variants": games.variant_names(shoe.profile.variant),
                "context": ctx, "findings": [{"code": findings.name(c)} for c in codes
                                             if not facts or c not in facts["derived"]]}
        for name in games.GAME_IDS:
            if games.GAME_IDS[name] == shoe.profile.game:
                data["game"] = name
        if facts:
            for k in facts:
                if k != "derived":
                    data[k] = facts[k]
        return tuple([r["code"] for r in laws.judge(data)["rulings"]])
    except MemoryError:
        shoe.laws_missing += 1
        return ("call director",)
    except ValueError as e:  # RuleError/ParseError: facts the engine refuses, said once
        shoe.laws_missing += 1
        return (str(e)[:40],)
