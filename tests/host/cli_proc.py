"""The `overplay` command in a subprocess, as a director runs it (CPython tests only).

    code, out, err = overplay("sync", "--port", path, "--db", db)
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def overplay(*argv, timeout=60):
    """(exit status, stdout, stderr) of `overplay ARGV` run from this checkout."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "host"),
                                                      os.path.join(ROOT, "shared")]))
    code = "import sys; from overplay.cli import main; sys.exit(main())"
    p = subprocess.run([sys.executable, "-c", code] + list(argv), env=env,
                       capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr
