"""The repository's layout rules (issue #11, docs/design.md "Layout"), checked statically with
ast over firmware/, shared/ and host/:

- no module imports a module that imports it back (directly or round a longer cycle; an
  import inside a function counts: it is a dependency all the same);
- no `__getattr__` attaches code: a module-level one only in a package's __init__.py (its one
  lazy table, the micropython-lib asyncio way), a class's only to delegate (no import, no
  setattr, no globals());
- no companion modules (`*_more.py`, `*_text.py`);
- firmware imports a module of the shoe package by its full name (`import shoe.x as x`), never
  `from shoe import x`: MicroPython asks the package's lazy table for such a name, not the
  file system.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (tree, folder whose children are top-level modules and packages)
TREES = {"firmware": ["firmware"], "shared": ["shared"], "host": [os.path.join("host")]}


def modules(tops):
    """{dotted name: path} for every .py under the given top folders."""
    out = {}
    for top in tops:
        base = os.path.join(ROOT, top)
        for folder, dirs, names in os.walk(base):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "node_modules")
                             and not d.startswith("."))
            for n in names:
                if not n.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(folder, n), base)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-9]
                out[rel] = os.path.join(folder, n)
    return out


def imports(name, path, known):
    """The modules of `known` that module `name` imports, anywhere in its file."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    pkg = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                base = pkg.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join([p for p in base if p] + ([mod] if mod else []))
            for a in node.names:
                sub = mod + "." + a.name
                out.add(sub if sub in known else mod)
    return {m for m in out if m in known and m != name}


def cycles(graph):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def getattr_faults(path):
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__" and \
                not path.endswith("__init__.py"):
            out.append("module __getattr__ outside a package's __init__.py")
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for f in cls.body:
            if not (isinstance(f, ast.FunctionDef) and f.name == "__getattr__"):
                continue
            for n in ast.walk(f):
                if isinstance(n, (ast.Import, ast.ImportFrom)) or (
                        isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                        and n.func.id in ("setattr", "globals")):
                    out.append("%s.__getattr__ attaches code (line %d)" % (cls.name, n.lineno))
                    break
    return out


def faults(tree):
    mods = modules(TREES[tree])
    out = []
    graph = {m: imports(m, p, mods) for m, p in mods.items()}
    for comp in cycles(graph):
        out.append("import cycle: " + " -> ".join(comp))
    for m, p in sorted(mods.items()):
        rel = os.path.relpath(p, ROOT)
        base = os.path.basename(p)
        if base.endswith(("_more.py", "_text.py")):
            out.append("%s: a companion module: merge it into its concept's module" % rel)
        for f in getattr_faults(p):
            out.append("%s: %s" % (rel, f))
    return out


@pytest.mark.parametrize("tree", ["firmware", "shared", "host"])
def test_one_module_per_concept_no_cycles_no_attached_code(tree):
    assert faults(tree) == []


def test_the_rules_find_what_they_forbid(tmp_path, monkeypatch):
    # a cycle, a companion, a module __getattr__ and a class one that attaches code: all found
    top = tmp_path / "t"
    (top / "pkg").mkdir(parents=True)
    (top / "pkg" / "__init__.py").write_text("def __getattr__(a):\n    raise AttributeError(a)\n")
    (top / "a.py").write_text("import b\n")
    (top / "b.py").write_text("def f():\n    import a\n")
    (top / "c_more.py").write_text("def __getattr__(n):\n    return 1\n")
    (top / "d.py").write_text("class D:\n    def __getattr__(self, n):\n"
                              "        import c_more\n        return c_more.f\n")
    (top / "e.py").write_text("class E:\n    def __getattr__(self, n):\n"
                              "        return getattr(self.j, n)\n")  # delegation: allowed
    monkeypatch.setitem(TREES, "probe", [str(top)])
    found = faults("probe")
    assert "import cycle: a -> b" in found
    assert any("c_more.py: a companion" in f for f in found)
    assert any("c_more.py: module __getattr__" in f for f in found)
    assert any("D.__getattr__ attaches code" in f for f in found)
    assert not any("/pkg/" in f or "/e.py" in f for f in found), found



def test_firmware_imports_shoe_modules_by_full_name():
    mods = modules(TREES["firmware"])
    bad = []
    for m, p in mods.items():
        with open(p) as f:
            tree = ast.parse(f.read(), p)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "shoe" and node.level == 0:
                for a in node.names:
                    if "shoe." + a.name in mods:
                        bad.append("%s:%d from shoe import %s" % (m, node.lineno, a.name))
    assert bad == []
