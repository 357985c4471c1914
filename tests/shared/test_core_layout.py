"""The shape of overplay_core (docs/design.md "Layout: shared/overplay_core"): one module per
concept, no companions, no __getattr__ hooks, no import cycles, one table per fact (both
interpreters; the source walks run on CPython, where `ast` exists)."""

import sys

from testkit import skip

from overplay_core import games, records
from overplay_core.tally import Tally


def _sources():
    """{dotted module name: source text} for every module of shared/overplay_core (CPython)."""
    if sys.implementation.name == "micropython":
        skip("walks the source with os.walk and ast: CPython")
    import os

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "shared")
    out = {}
    for folder, dirs, names in os.walk(os.path.join(root, "overplay_core")):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, n), root)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-9]
                with open(os.path.join(folder, n), encoding="utf-8") as f:
                    out[rel] = f.read()
    return out


def test_no_companion_modules_and_no_getattr_hooks():
    src = _sources()
    assert "overplay_core.laws.whist" in src and "overplay_core.scoring.bridge" in src
    for name in src:
        leaf = name.rsplit(".", 1)[-1]
        assert not leaf.endswith(("_more", "_text")), name
        assert "def __getattr__" not in src[name], name + " attaches names by __getattr__"


def _imports(name, text, modules):
    import ast

    out = set()
    for node in ast.walk(ast.parse(text)):  # imports inside functions count too
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                sub = node.module + "." + a.name
                out.add(sub if sub in modules else node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return set(m for m in out if m in modules and m != name)


def test_no_core_module_imports_a_module_that_imports_it_back():
    src = _sources()
    graph = dict((m, _imports(m, src[m], src)) for m in src)

    def reaches(start, goal):
        seen, todo = set(), [start]
        while todo:
            m = todo.pop()
            for n in graph[m]:
                if n == goal:
                    return True
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return False

    for m in graph:
        for n in graph[m]:
            assert not reaches(n, m), "%s imports %s, which imports it back" % (m, n)


def test_tally_deal_and_overplay_check_are_one_class():
    # the overplay check is Tally's own methods, there before any instance looks them up
    for meth in ("start", "add", "finish", "start_check", "add_to", "finish_or_raise"):
        assert callable(getattr(Tally, meth, None)), meth


def test_every_variant_flag_applies_exactly_where_the_one_table_says():
    known = 0
    for vname, bit, applies in games.VARIANTS:
        assert bit & known == 0, vname  # one bit each
        known |= bit
        for game in games.GAME_NAMES:
            assert (games.variant_from_names(game, [vname]) == bit) if game in applies else True
            try:
                games.profile(game, bit)
                ok = True
            except games.RuleError:
                ok = False
            assert ok == (game in applies), (vname, game)
        assert games.variant_names(bit) == [vname]
    try:
        games.profile(games.EUCHRE, (known + 1) & ~known)
    except games.RuleError as e:
        assert "unknown variant bits" in str(e)
    else:
        raise AssertionError("a bit outside VARIANTS passed")


def test_every_record_type_has_its_encoder_and_its_reader():
    assert records.TYPE_NAMES[0] is None  # (indexed by the type)
    for t in range(1, len(records.TYPE_NAMES)):
        assert callable(getattr(records, "encode_" + records.TYPE_NAMES[t]))
        name = records.TYPE_NAMES[t]
        assert records._READERS[2 * t] is getattr(records, "_length_" + name)
        assert records._READERS[2 * t + 1] is getattr(records, "_decode_" + name)
    assert len(records._READERS) == 2 * len(records.TYPE_NAMES)


def test_every_game_has_its_laws_module_by_the_one_table():
    import gc

    from overplay_core import laws

    assert sorted(laws.GAME_MODULES) == sorted(games.GAME_NAMES)
    prefixes = [laws.GAME_MODULES[g][1] for g in laws.GAME_MODULES]
    assert len(set(prefixes)) == len(prefixes)
    for g in laws.GAME_MODULES:
        gc.collect()
        m = laws.game_module(g)
        assert m.__name__ == "overplay_core.laws." + laws.GAME_MODULES[g][0]
        assert callable(m.judge) and callable(m.handled) and m.TABLE
        del m
        if sys.implementation.name == "micropython":  # one game's laws at a time, as a shoe
            name = laws.GAME_MODULES[g][0]
            del sys.modules["overplay_core.laws." + name]
            if hasattr(laws, name):
                delattr(laws, name)
