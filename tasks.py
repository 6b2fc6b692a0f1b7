#!/usr/bin/env python3
"""The project's commands; each creates the environment in .venv on first use.

    python3 tasks.py course   # open the course in JupyterLab
    python3 tasks.py app      # serve the classroom app with Voila (extra arguments go to voila)
    python3 tasks.py site     # build the course site into build/site (notebooks are not re-run)
    python3 tasks.py test     # ruff, mypy, unit tests, notebooks (nbval) and the real-browser tests
    python3 tasks.py bench    # print the benchmark figures
    python3 tasks.py execute  # re-run every course notebook in place (after changing code they use)

Only the standard library is used here, so this runs on a fresh machine with Python 3.11+, on
Linux, macOS and Windows.  Every command is run as a subprocess with its arguments as a list (no
shell), so paths with spaces are safe.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
APP = ROOT / "app" / "goose_widgets_app.ipynb"
SITE = ROOT / "build" / "site"

def ensure_environment() -> None:
    """Create .venv and install the package with its test extra (which holds the course, app and site
    extras) whenever pyproject.toml changes."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this file must also run on older Pythons
        sys.exit(f"goose_widgets needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    stamp_value = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / ".goose-widgets-installed"
    if PY.exists() and stamp.exists() and stamp.read_text() == stamp_value:
        return
    if not PY.exists():
        print("creating the environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    print("installing goose_widgets and its dependencies into .venv ...", flush=True)
    run([PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([PY, "-m", "pip", "install", "--quiet", "-e", ".[test]"])
    stamp.write_text(stamp_value)


def run(command: list[str | Path], check: bool = True, env: dict[str, str] | None = None) -> int:
    """Run one command from the repository root; exit with its code if it fails and ``check``."""
    try:
        result = subprocess.run([str(part) for part in command], cwd=ROOT, env=env)  # noqa: S603
    except KeyboardInterrupt:  # Ctrl+C stops a server: the child got it too and has shut down
        return 130
    if check and result.returncode != 0:
        sys.exit(result.returncode)
    return result.returncode


def as_root() -> list[str]:
    """Containers often run as root, which Jupyter refuses unless told."""
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def course(extra: list[str]) -> None:
    """Open the course in JupyterLab (extra arguments go to ``jupyter lab``, e.g. ``--port=8890``)."""
    ensure_environment()
    # A subprocess, not os.execv: on Windows execv returns to the prompt while Jupyter runs on.
    run([BIN / "jupyter", "lab", Path("course") / "00_start_here.ipynb", *as_root(), *extra])


def app(extra: list[str]) -> None:
    """Serve the classroom app; e.g. ``python3 tasks.py app --Voila.ip=0.0.0.0 --port=8866``."""
    ensure_environment()
    run([BIN / "voila", APP.relative_to(ROOT), "--theme=light", *extra])


def site(extra: list[str]) -> None:
    """Build the course site from the committed notebooks (MyST-NB renders stored outputs only)."""
    ensure_environment()
    run([PY, "-m", "sphinx", "-b", "html", "-c", "docs", ".", SITE, *extra])
    print(f"the site is in {SITE}; open {SITE / 'index.html'}", flush=True)


def test(extra: list[str]) -> None:
    ensure_environment()
    run([BIN / "ruff", "check", "goose_widgets", "tests", "benchmarks", "app", "docs", "tasks.py"])
    run([PY, "-m", "mypy"])
    env = dict(os.environ, GOOSE_WIDGETS_RAISE_ERRORS="1", MPLBACKEND="Agg",
               GOOSE_WIDGETS_PROGRESS=tempfile.mkdtemp())  # progress files: never in the repository
    run([PY, "-m", "pytest", "--nbval", "--nbval-current-env", *extra], env=env)


def bench() -> None:
    ensure_environment()
    run([PY, Path("benchmarks") / "run.py"])


def execute(extra: list[str]) -> None:
    """Execute course notebooks in place so they are committed with fresh outputs."""
    ensure_environment()
    notebooks = extra or sorted(str(p) for p in (ROOT / "course").glob("*.ipynb"))
    for notebook in notebooks:
        print(f"executing {notebook}", flush=True)
        run([BIN / "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
             "--ExecutePreprocessor.timeout=1200", notebook],
            env=dict(os.environ, MPLBACKEND="Agg", GOOSE_WIDGETS_PROGRESS=tempfile.mkdtemp()))


def main() -> None:
    commands = {"course": course, "app": app, "site": site, "test": test, "execute": execute}
    name, extra = (sys.argv[1] if len(sys.argv) > 1 else ""), sys.argv[2:]
    if name in commands:
        commands[name](extra)
    elif name == "bench":
        bench()
    else:
        sys.exit("usage: python3 tasks.py {course|app|site|test|bench|execute} [arguments]")


if __name__ == "__main__":
    main()
