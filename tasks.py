#!/usr/bin/env python3
"""The project's commands; each creates the environment in .venv on first use.

    python3 tasks.py course   # open the course in JupyterLab
    python3 tasks.py app      # serve the classroom app with Voila (extra arguments go to it)
    python3 tasks.py site     # build the course site into build/site (notebooks are not re-run)
    python3 tasks.py test     # ruff, mypy, unit tests, notebooks (nbval) and the real-browser tests
    python3 tasks.py bench    # print the benchmark figures
    python3 tasks.py execute  # re-run every course notebook in place (after changing code they use)

Each command installs only the extra it needs (``course``, ``app``, ``site``; ``test`` holds them
all), so a learner who only opens the course does not download the test tools.  Only the standard
library is used here, so this runs on a fresh machine with Python 3.11+, on Linux, macOS and
Windows (``py tasks.py course``).  Every command is run as a subprocess with its arguments as a list
(no shell), so paths with spaces are safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
SITE = ROOT / "build" / "site"
STAMP = VENV / ".goose-widgets-installed"
# The test extra holds every other one (see pyproject.toml).
EXTRAS = ("course", "app", "site", "server", "teacher", "test")


def installed_extras(pyproject_digest: str) -> set[str]:
    """The extras installed into .venv from this very pyproject.toml (none if it changed since)."""
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return set()
    if not PY.exists() or not isinstance(stamp, dict) or stamp.get("pyproject") != pyproject_digest:
        return set()
    extras = set(stamp.get("extras", []))
    return set(EXTRAS) if "test" in extras else extras


def ensure_environment(extra: str) -> None:
    """Create .venv and install the package with ``extra`` (and the extras installed before), again
    whenever pyproject.toml changes."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this file must also run on older Pythons
        sys.exit(f"goose_widgets needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    have = installed_extras(digest)
    if extra in have:
        return
    if not PY.exists():
        print("creating the environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    wanted = sorted(have | {extra})
    print(f"installing goose_widgets with its {', '.join(wanted)} extra(s) into .venv ...", flush=True)
    run([PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([PY, "-m", "pip", "install", "--quiet", "-e", f".[{','.join(wanted)}]"])
    STAMP.write_text(json.dumps({"pyproject": digest, "extras": wanted}))


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
    ensure_environment("course")
    # A subprocess, not os.execv: on Windows execv returns to the prompt while Jupyter runs on.
    # The checkout is the root, so that the notebooks' links to ../docs/ open.
    run([BIN / "jupyter", "lab", Path("course") / "00_start_here.ipynb", "--ServerApp.root_dir=.", *as_root(),
         *extra])


def app(extra: list[str]) -> None:
    """Serve the classroom app, as ``goose-widgets app`` does (idle kernels culled, reloads kept);
    e.g. ``python3 tasks.py app --Voila.ip=0.0.0.0 --port=8866 --idle-minutes=30``."""
    ensure_environment("app")
    run([PY, "-m", "goose_widgets", "app", *extra])


def site(extra: list[str]) -> None:
    """Build the course site from the committed notebooks (MyST-NB renders stored outputs only)."""
    ensure_environment("site")
    run([PY, "-m", "sphinx", "-b", "html", "-c", "docs", ".", SITE, *extra])
    print(f"the site is in {SITE}; open {SITE / 'index.html'}", flush=True)


def test(extra: list[str]) -> None:
    ensure_environment("test")
    run([BIN / "ruff", "check", "goose_widgets", "tests", "benchmarks", "docs", "tasks.py", "setup.py",
         "conftest.py"])
    run([PY, "-m", "mypy"])
    env = dict(os.environ, GOOSE_WIDGETS_RAISE_ERRORS="1", MPLBACKEND="Agg",
               GOOSE_WIDGETS_PROGRESS=tempfile.mkdtemp())  # progress files: never in the repository
    # The whole suite runs on as many pytest-xdist workers as there are cores (at most 4): most of
    # its time is spent waiting on browsers, Jupyter servers and kernels.  Each notebook's cells
    # stay together on one worker, in order (``loadscope``).  A part (extra arguments) runs in one.
    workers = [] if extra else ["-n", str(min(4, os.cpu_count() or 1)), "--dist", "loadscope"]
    run([PY, "-m", "pytest", "--nbval", "--nbval-current-env", *workers, *extra], env=env)
    if not extra:  # the exercise suite once more without fork: the learner sandbox as on Windows
        no_fork = dict(env, GOOSE_WIDGETS_FORK="off")
        run([PY, "-m", "pytest", "-m", "not slow", *workers, "tests/exercises"], env=no_fork)


def bench() -> None:
    ensure_environment("test")
    run([PY, Path("benchmarks") / "run.py"])


WIDGET_STATE = "widgets"


def strip_widget_state(notebook: str | Path) -> bool:
    """Remove the saved widget state from a notebook's metadata; True if there was some.

    A stored state makes an HTML export prefer the live widget view, whose script comes from a CDN,
    over the board's picture; without it every export (and a notebook opened without running) shows
    the picture that each board output carries.  The file is written as nbformat writes it."""
    path = Path(notebook)
    data = json.loads(path.read_text(encoding="utf-8"))
    if WIDGET_STATE not in data.get("metadata", {}):
        return False
    del data["metadata"][WIDGET_STATE]
    path.write_text(json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


PROGRESS_BAR = re.compile(r"\d+%\|")  # tqdm's "67%|######6   | 1200/1800": a bar frozen where it stood


def strip_progress_bars(notebook: str | Path) -> int:
    """Remove the progress bars from a notebook's outputs; return how many there were.

    A bar shows work going on while a cell runs; stored, it shows a frozen part-way state above
    the finished result (the widget's last picture, e.g. "67%"), which reads as a cell that never
    finished.  The cells with bars are not compared by nbval, so nothing else changes."""
    path = Path(notebook)
    data = json.loads(path.read_text(encoding="utf-8"))
    removed = 0
    for cell in data.get("cells", []):
        kept = []
        for output in cell.get("outputs", []):
            text = output.get("data", {}).get("text/plain", output.get("text", ""))
            text = "".join(text) if isinstance(text, list) else str(text)
            if PROGRESS_BAR.search(text) and output.get("output_type") in ("display_data", "stream"):
                removed += 1
                continue
            kept.append(output)
        if "outputs" in cell:
            cell["outputs"] = kept
    if removed:
        text = json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
    return removed


def execute(extra: list[str]) -> None:
    """Execute course notebooks in place so they are committed with fresh outputs (no widget state,
    no progress bar frozen part-way)."""
    ensure_environment("course")
    notebooks = extra or sorted(str(p) for p in (ROOT / "course").glob("*.ipynb"))
    for notebook in notebooks:
        print(f"executing {notebook}", flush=True)
        run([BIN / "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
             "--ExecutePreprocessor.timeout=1200", notebook],
            env=dict(os.environ, MPLBACKEND="Agg", GOOSE_WIDGETS_PROGRESS=tempfile.mkdtemp()))
        strip_widget_state(ROOT / notebook)
        strip_progress_bars(ROOT / notebook)


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
