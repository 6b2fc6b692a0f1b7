#!/usr/bin/env python3
"""The project's commands; each creates the environment in .venv on first use.

    python3 tasks.py course   # open the course in JupyterLab
    python3 tasks.py test     # ruff, unit tests, notebooks (nbval) and the real-browser test
    python3 tasks.py bench    # print the benchmark figures
    python3 tasks.py execute  # re-run every course notebook in place (after changing code they use)

Only the standard library is used here, so this runs on a fresh machine with Python 3.11+.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def ensure_environment() -> None:
    """Create .venv and install the package with test and course extras when pyproject changes."""
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
    run([str(PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([str(PY), "-m", "pip", "install", "--quiet", "-e", ".[test,course]"])
    stamp.write_text(stamp_value)


def run(command: list[str], **kwargs: object) -> None:
    result = subprocess.run(command, cwd=ROOT, **kwargs)  # noqa: S603 - our own commands
    if result.returncode != 0:
        sys.exit(result.returncode)


def course() -> None:
    ensure_environment()
    command = [str(BIN / "jupyter"), "lab", "course/00_start_here.ipynb"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers often run as root; Jupyter refuses it
        command.append("--allow-root")
    os.chdir(ROOT)
    os.execv(command[0], command)


def test(extra: list[str]) -> None:
    ensure_environment()
    run([str(BIN / "ruff"), "check", "goose_widgets", "tests", "benchmarks", "tasks.py"])
    env = dict(os.environ, GOOSE_WIDGETS_RAISE_ERRORS="1", MPLBACKEND="Agg")
    run([str(PY), "-m", "pytest", "--nbval", "--nbval-current-env", *extra], env=env)


def bench() -> None:
    ensure_environment()
    run([str(PY), "benchmarks/run.py"])


def execute(extra: list[str]) -> None:
    """Execute course notebooks in place so they are committed with fresh outputs."""
    ensure_environment()
    notebooks = extra or sorted(str(p) for p in (ROOT / "course").glob("*.ipynb"))
    for notebook in notebooks:
        print(f"executing {notebook}", flush=True)
        run([str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
             "--ExecutePreprocessor.timeout=1200", notebook], env=dict(os.environ, MPLBACKEND="Agg"))


def main() -> None:
    commands = {"course": course, "test": test, "bench": bench, "execute": execute}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit("usage: python3 tasks.py {course|test|bench|execute} [arguments]")
    name, extra = sys.argv[1], sys.argv[2:]
    commands[name](extra) if name in ("test", "execute") else commands[name]()


if __name__ == "__main__":
    main()
