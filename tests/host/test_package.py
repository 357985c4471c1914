"""The host tool as a director installs it: the wheel `pip install .` / `pipx install .` builds
holds every module and subpackage of overplay (commands/, results/) and overplay_core, and the
`overplay` command runs from that wheel alone, not from this checkout."""

import configparser
import glob
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _modules(top):
    """Every .py file under ROOT/<top>, as a path inside the wheel."""
    base = os.path.join(ROOT, top)
    out = set()
    for folder, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                out.add(os.path.relpath(os.path.join(folder, f), base).replace(os.sep, "/"))
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    try:
        import setuptools  # noqa: F401 - the pinned build backend, installed by make venv
    except ImportError:
        pytest.skip("setuptools is not installed in this venv (make venv installs it)")
    # built from a copy of what the package is made of, so the checkout gets no build/ folder
    src = tmp_path_factory.mktemp("src")
    for f in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(os.path.join(ROOT, f), str(src / f))
    skip = shutil.ignore_patterns("__pycache__", "*.mpy", "*.pyc")
    shutil.copytree(os.path.join(ROOT, "host"), str(src / "host"), ignore=skip)
    shutil.copytree(os.path.join(ROOT, "shared"), str(src / "shared"), ignore=skip)
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                        "--no-index", "-q", "-w", str(out), str(src)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    found = glob.glob(str(out / "overplay-*.whl"))
    assert len(found) == 1, found
    return found[0]


def test_the_wheel_holds_every_host_and_core_module_and_the_command(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        entry = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        points = configparser.ConfigParser()
        points.read_string(z.read(entry[0]).decode())
    host = {"overplay/" + m for m in _modules(os.path.join("host", "overplay"))}
    core = {"overplay_core/" + m for m in _modules(os.path.join("shared", "overplay_core"))}
    assert "overplay/commands/__init__.py" in host and "overplay/results/__init__.py" in host
    assert host - names == set()
    assert core - names == set()
    assert not [n for n in names if "sync_bench" in n or n.startswith("tests/")]
    assert points["console_scripts"]["overplay"] == "overplay.cli:main"


def test_the_wheel_says_its_licence_and_carries_its_text(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read([n for n in names if n.endswith(".dist-info/METADATA")][0]).decode()
        text = [n for n in names if n.endswith("/LICENSE") and ".dist-info/" in n]
        assert text and z.read(text[0]).decode().startswith("MIT License")
    assert "License-Expression: MIT" in meta.splitlines()


def test_overplay_runs_from_the_wheel_alone(wheel, tmp_path):
    target = tmp_path / "site"
    p = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                        "--target", str(target), wheel], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    # the installed copy first on the path (pyserial and platformdirs from this venv), run from
    # a folder outside the checkout; every subcommand's module is imported by --help
    code = ("import sys; sys.path.insert(0, %r); import overplay, overplay.cli; "
            "assert overplay.__file__.startswith(%r), overplay.__file__; "
            "sys.exit(overplay.cli.main(sys.argv[1:]))" % (str(target), str(target)))
    env = dict(os.environ, OVERPLAY_DB=str(tmp_path / "none.sqlite"))
    run = lambda *a: subprocess.run([sys.executable, "-c", code] + list(a), cwd=str(tmp_path),
                                    capture_output=True, text=True, timeout=60, env=env)
    v = run("--version")
    assert v.returncode == 0 and v.stdout.startswith("overplay "), v.stderr
    h = run("--help")
    assert h.returncode == 0 and "results" in h.stdout and "adjust" in h.stdout, h.stderr
    r = run("results")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "no club database at %s" % (tmp_path / "none.sqlite") in r.stderr
