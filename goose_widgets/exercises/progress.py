"""Progress that lasts: every check, hint and solution shown is an event in a progress file.

`catalogue.progress()` reads that file, so it covers every notebook and every kernel of the course, and a
teacher can collect the files for a class report (``goose-widgets report``, `goose_widgets.teaching`).

**Where the file is** (`progress_file`), in this order:

1. the environment variable ``GOOSE_WIDGETS_PROGRESS``, if it is set: that file (a folder means the
   file ``goose_widgets_progress.jsonl`` in it; ``off`` turns recording off);
2. else, when the kernel's working folder holds one of the course's notebooks (Jupyter starts a
   notebook's kernel in the notebook's folder): ``goose_widgets_progress.jsonl`` in that folder,
   beside the notebooks;
3. else ``goose_widgets_progress.jsonl`` in the folder ``.goose_widgets`` of the home folder.

**The file** is JSON Lines: a header line ``{"format": "goose_widgets progress", "version": 1,
"learner": ...}``, then one event a line: ``{"time", "notebook", "exercise", "kind", "result"}``
where ``kind`` is ``check`` (``result``: correct, rounded, wrong, stopped, unanswered or
course_error), ``hint`` (``result``: the hint's number) or ``solution`` (``result``: "shown").
An event is appended in one write, never rewritten, so a check costs the same however long the file.

**Two kernels at once**: every append and every read holds a lock (`filelock`, a ``.lock`` file
beside the progress file), so no event is lost or torn.  **A damaged line** (cut off by a crash,
edited by hand) is skipped and counted when the file is read, never the file: every readable
event still counts, and the next event starts on a line of its own.  Only a file that is not a
progress file at all (another program's) is set aside, as ``<name>.unreadable-<time>``, and a fresh
one started.  **Recording never makes a check fail**: any error becomes one warning per file and
reason, and the check goes on (`progress()` then still shows this kernel's results).

**The learner's name** in the header: ``GOOSE_WIDGETS_LEARNER`` (``goose-widgets course --learner
NAME`` sets it and keeps it in the course folder's ``.goose-course.json``), else the JupyterHub
user, else the account's name.  **A worked example** (00's warm-up, ``Exercise.example``) is the
course's demonstration, never recorded as the learner's work.
"""

from __future__ import annotations

import contextlib
import contextvars
import getpass
import json
import os
import warnings
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import Exercise

__all__ = [
    "ENVIRONMENT", "FILE_NAME", "ExerciseSummary", "LearnerProgress", "ProgressWarning",
    "UnreadableProgress", "not_recorded", "progress_file",
    "read_progress", "record", "summarize",
]

ENVIRONMENT = "GOOSE_WIDGETS_PROGRESS"
FILE_NAME = "goose_widgets_progress.jsonl"
FORMAT = "goose_widgets progress"
VERSION = 1
LOCK_SECONDS = 10.0
KINDS = ("check", "hint", "solution")
RESULTS = ("correct", "rounded", "wrong", "stopped", "unanswered")  # best first, for the class report
_RANK = {result: len(RESULTS) - i for i, result in enumerate(RESULTS)}
_OFF = ("off", "0", "false", "no")


class ProgressWarning(UserWarning):
    """Progress could not be recorded or read; the checks themselves are not affected."""


class UnreadableProgress(ValueError):
    """A file that is not a readable progress file (the message says why)."""


# --- where -------------------------------------------------------------------------------------

def progress_file() -> Path | None:
    """The progress file of this kernel (see the module docstring), or None when recording is off."""
    setting = os.environ.get(ENVIRONMENT, "").strip()
    if setting.lower() in _OFF:
        return None
    if setting:
        path = Path(setting).expanduser()
        return path / FILE_NAME if path.is_dir() else path
    here = Path.cwd()
    if any((here / name).is_file() for name in _course_notebook_names()):
        return here / FILE_NAME
    return Path.home() / ".goose_widgets" / FILE_NAME


@lru_cache(maxsize=1)
def _course_notebook_names() -> tuple[str, ...]:
    from ..resources import course_path

    try:
        return tuple(sorted(p.name for p in course_path().glob("[0-9][0-9]_*.ipynb")))
    except FileNotFoundError:
        return ()


# --- writing -----------------------------------------------------------------------------------

_paused: contextvars.ContextVar[bool] = contextvars.ContextVar("goose_widgets_progress_paused",
                                                                 default=False)
_warned: set[tuple[str, str]] = set()


@contextlib.contextmanager
def not_recorded() -> Iterator[None]:
    """Checks inside this block are not recorded (an nbgrader test cell: the grade is nbgrader's)."""
    token = _paused.set(True)
    try:
        yield
    finally:
        _paused.reset(token)


def recorded(exercise: Exercise) -> bool:
    """Whether events of ``exercise`` are recorded here (and sent to a class): not a worked example,
    not inside `not_recorded`."""
    return not _paused.get() and not getattr(exercise, "example", False)


def record(exercise: Exercise, kind: str, result: Any) -> None:
    """Append one event for ``exercise`` to the progress file.  Never raises: a problem is a warning."""
    if not recorded(exercise):
        return
    path = None
    try:
        path = progress_file()
        if path is None:
            return
        event = {"time": _now(), "notebook": exercise.notebook, "exercise": exercise.name,
                 "kind": kind, "result": result}
        _append(path, json.dumps(event, ensure_ascii=False))
    except Exception as err:  # noqa: BLE001 - recording must never make a check fail
        _warn_once(path, f"your progress could not be recorded in {path or 'the progress file'} "
                         f"({type(err).__name__}: {err}).  Your checks work as before; progress() "
                         f"shows this kernel's results.  Set {ENVIRONMENT} to a file you can write.")


def _append(path: Path, line: str) -> None:
    from filelock import FileLock

    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(_lock_path(path), timeout=LOCK_SECONDS):
        start = ""
        if path.exists() and path.stat().st_size:
            if _not_ours(path):
                _set_aside(path, "it is another program's file, not a goose_widgets progress file")
            elif not _ends_a_line(path):
                start = "\n"  # a line cut off by a crash ends here; reading skips it, and counts it
        if not path.exists() or not path.stat().st_size:
            start = _header() + "\n"
        with open(path, "a", encoding="utf-8") as file:
            file.write(start + line + "\n")  # one write: a whole line or (on a crash) a torn tail


def _not_ours(path: Path) -> bool:
    """Whether the file's first line is readable and says it is something else (a damaged first
    line is not enough: its events are still ours)."""
    with open(path, "rb") as file:
        first = file.readline(4096)
    try:
        header = json.loads(first.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return not (isinstance(header, dict) and header.get("format") == FORMAT) and not (
        isinstance(header, dict) and "exercise" in header)


def _ends_a_line(path: Path) -> bool:
    with open(path, "rb") as file:
        file.seek(-1, os.SEEK_END)
        return file.read(1) == b"\n"


def _header() -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "learner": _learner(), "started": _now()},
                      ensure_ascii=False)


LEARNER = "GOOSE_WIDGETS_LEARNER"


def _learner() -> str:
    """Who is learning: ``GOOSE_WIDGETS_LEARNER`` (set by ``goose-widgets course --learner NAME``),
    the JupyterHub user, else the account's name ("" when there is none)."""
    try:
        return (os.environ.get(LEARNER, "").strip() or os.environ.get("JUPYTERHUB_USER")
                or getpass.getuser())
    except Exception:  # noqa: BLE001 - getpass raises whatever the platform raises without a user
        return ""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _lock_path(path: Path) -> str:
    return str(path) + ".lock"


def _set_aside(path: Path, problem: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    os.replace(path, aside)
    _warn_once(aside, f"the progress file {path} could not be read ({problem}).  It is kept as "
                      f"{aside.name} beside it, and a fresh progress file is started.")
    return aside


def _warn_once(path: Path | None, message: str) -> None:
    key = (str(path), message.split("(")[0])
    if key not in _warned:
        _warned.add(key)
        warnings.warn(message, ProgressWarning, stacklevel=3)


# --- reading -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class LearnerProgress:
    """One progress file: who wrote it, its readable events (dicts, in the order they happened),
    and the lines it skipped, each ``(line number, why)``."""

    path: Path
    learner: str
    events: tuple[dict[str, Any], ...]
    skipped: tuple[tuple[int, str], ...] = ()


def _check_header(header: Any) -> dict[str, Any]:
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise UnreadableProgress("its first line is not a goose_widgets progress header")
    if header.get("version") != VERSION:
        raise UnreadableProgress(f"it is version {header.get('version')!r}; this goose_widgets reads "
                                 f"version {VERSION}")
    return header


def _check_event(event: Any) -> dict[str, Any]:
    if not (isinstance(event, dict) and isinstance(event.get("exercise"), str)
            and event.get("kind") in KINDS and isinstance(event.get("time"), str)):
        raise ValueError("not an event")
    kind, result = event["kind"], event.get("result")
    if kind == "check" and result not in (*RESULTS, "course_error"):
        raise ValueError(f"an unknown result {str(result)[:40]!r}")
    if kind == "hint" and (type(result) is not int or result < 1):
        raise ValueError(f"a hint numbered {str(result)[:20]!r}")
    return event


def read_progress(path: str | Path) -> LearnerProgress:
    """Read one progress file as it is (no lock, nothing moved): every readable event, and each
    line it skipped with why (a damaged header, a torn or edited line, an unknown result).
    `UnreadableProgress` only when the file is no progress file at all."""
    path = Path(path)
    raw = path.read_bytes().split(b"\n")
    skipped: list[tuple[int, str]] = []
    if raw[-1]:
        skipped.append((len(raw), "it was cut off"))
    raw = raw[:-1]
    learner, header_ok = "", False
    if raw:
        try:
            header = _check_header(json.loads(raw[0].decode("utf-8")))
            learner, header_ok = str(header.get("learner") or ""), True
        except UnreadableProgress as err:
            if "version" in str(err):
                raise
            skipped.append((1, "its header is damaged"))
        except (UnicodeDecodeError, ValueError):
            skipped.append((1, "its header is damaged"))
    events = []
    for number, line in enumerate(raw[1:], 2):
        try:
            events.append(_check_event(json.loads(line.decode("utf-8"))))
        except UnicodeDecodeError:
            skipped.append((number, "it is not text"))
        except ValueError as err:
            skipped.append((number, str(err) if "unknown" in str(err) or "hint" in str(err)
                            else "it is not an event"))
    if not header_ok and not events:
        raise UnreadableProgress("it is not a goose_widgets progress file (no header, no event)")
    return LearnerProgress(path, learner, tuple(events), tuple(sorted(skipped)))


def _read_own(path: Path) -> tuple[dict[str, Any], ...]:
    """This kernel's progress file, read under the lock (a missing one is empty); damaged lines
    are skipped with one warning, and nothing is moved."""
    from filelock import FileLock

    try:
        with FileLock(_lock_path(path), timeout=LOCK_SECONDS):
            if not path.exists() or not path.stat().st_size:
                return ()
            found = read_progress(path)
    except Exception as err:  # noqa: BLE001 - progress() must show something whatever the disk does
        _warn_once(path, f"your progress file {path} could not be read ({type(err).__name__}: {err}); "
                         "progress() shows this kernel's results only.")
        return ()
    if found.skipped:
        lines = ", ".join(str(number) for number, _ in found.skipped[:5])
        _warn_once(path, f"{len(found.skipped)} damaged line(s) of your progress file {path} were skipped "
                         f"(line {lines}); every other event counts.")
    return found.events


@dataclass
class ExerciseSummary:
    """What one learner did with one exercise: the best check, the hints seen, the solution."""

    best: str = "unanswered"
    checks: int = 0
    hints: set[int] = field(default_factory=set)
    solution: bool = False

    def add(self, result: str) -> None:
        if result in _RANK and _RANK[result] > _RANK[self.best]:
            self.best = result


def summarize(events: Iterable[Mapping[str, Any]]) -> dict[str, ExerciseSummary]:
    """Each exercise's summary (by exercise name) from a learner's events."""
    found: dict[str, ExerciseSummary] = {}
    for event in events:
        summary = found.setdefault(event["exercise"], ExerciseSummary())
        if event["kind"] == "check":
            summary.checks += 1
            summary.add(str(event.get("result")))
        elif event["kind"] == "hint" and isinstance(event.get("result"), int):
            summary.hints.add(event["result"])
        elif event["kind"] == "solution":
            summary.solution = True
    return found
