"""The ``goose-widgets`` command (also ``python -m goose_widgets``).

Each subcommand lives in its own module and is registered in `COMMANDS` as ``"module:function"``;
the function takes the remaining arguments (a list of strings) and returns an exit code.  Modules are
imported only when their command runs, so ``goose-widgets --version`` starts at once and a command
whose extra is not installed says which extra to install instead of failing at start-up.
"""

from __future__ import annotations

import importlib
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from .. import __version__
from ..extras import install_hint

__all__ = ["COMMANDS", "main", "run_server"]

# name -> (module:function, extra that provides what it needs or "", one line of help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "course": ("goose_widgets.commands.course:main", "course",
               "copy the course into a folder (default goose-course) and open it in JupyterLab"),
    "app": ("goose_widgets.commands.app:main", "app",
            "serve the classroom app (pick a game, then play) with Voila"),
    "report": ("goose_widgets.teaching.report:main", "",
               "the class table (CSV, or a page with --html) from learners' progress files"),
    "assign": ("goose_widgets.teaching.release:main", "course",
               "write the course for a class with the solutions turned off"),
    "nbgrader": ("goose_widgets.teaching.nbgrader_course:main", "teacher",
                 "write an nbgrader course: solution cells and autograded checks"),
    "serve": ("goose_widgets.server.cli:serve", "server",
              "serve tables where a class plays together, each learner in their own browser"),
    "grade": ("goose_widgets.teaching.grader:main", "course",
              "grade learners' notebooks: their cells run in sandboxes, the course's checkers judge"),
    "export": ("goose_widgets.commands.export:main", "course",
               "a notebook as one HTML page that works offline: boards as pictures, maths typeset"),
    "exploit-search": ("goose_widgets.commands.exploit_search:main", "",
                       "the stored searches for simple policies that beat an expert"),
    "doctor": ("goose_widgets.commands.doctor:main", "",
               "which walls and limits learner code runs behind on this machine, and why"),
}

USAGE = "usage: goose-widgets [--version] [--help] <command> [arguments]"


def _help() -> str:
    lines = [USAGE, "", "commands:"]
    width = max((len(name) for name in COMMANDS), default=0)
    lines += [f"  {name.ljust(width)}  {text}" for name, (_, _, text) in sorted(COMMANDS.items())]
    if not COMMANDS:
        lines.append("  (none installed)")
    lines += ["", "`goose-widgets <command> --help` describes a command."]
    return "\n".join(lines)


def _load(name: str) -> Callable[[list[str]], int]:
    target, extra, _ = COMMANDS[name]
    module_name, function_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if extra and err.name and not err.name.startswith("goose_widgets"):
            raise SystemExit(f"goose-widgets {name} needs {err.name!r}, which is not installed: "
                             f"{install_hint(extra)}") from None
        raise
    function: Callable[[list[str]], int] = getattr(module, function_name)
    return function


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(_help())
        return 0 if args else 2
    if args[0] in ("-V", "--version"):
        print(f"goose-widgets {__version__}")
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"goose-widgets: unknown command {name!r}\n\n{_help()}", file=sys.stderr)
        return 2
    return int(_load(name)(rest) or 0)


def run_server(command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> int:
    """Run a server (JupyterLab, Voila) until it stops, and stop it when this command is stopped.

    A subprocess rather than exec: on Windows exec returns to the prompt while the server runs on.
    Ctrl+C reaches the server too, which shuts down; a terminate signal sent to this command alone
    (a process manager, a test) is passed on, so the server never outlives the command."""
    child = subprocess.Popen(command, cwd=cwd, env=env)  # noqa: S603
    previous = signal.getsignal(signal.SIGTERM)

    def terminate(_signum: int, _frame: object) -> None:
        child.terminate()

    if threading.current_thread() is threading.main_thread():  # where Python lets a handler be set
        signal.signal(signal.SIGTERM, terminate)
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:  # the server got it too: wait while it shuts down
                continue
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)
