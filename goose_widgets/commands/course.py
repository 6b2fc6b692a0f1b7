"""``goose-widgets course [FOLDER] [--learner NAME] [JupyterLab arguments]``: copy the course into
FOLDER and open it.

The course (the notebooks, and the rules pages and the other pages a learner reads, never the
teacher's) is copied from the installed package, or from the checkout, into FOLDER (default
``goose-course``) with the repository's layout, ``course/`` and ``docs/``, so that links such as
``../docs/boo.md`` work.  ``--learner NAME`` names the learner in their progress file (and so in
the class report); the folder remembers it, so later starts need not say it again.

A learner's work is never lost: FOLDER keeps a record (``.goose-course.json``) of what was copied,
and a notebook that differs from it (the learner ran or edited it) is never overwritten.  When
the course brings a newer version of such a notebook, the new one goes beside it under a new name
(``01_….course-0.2.0.ipynb``) and the command says so.  Notebooks the learner has not touched are
brought up to date.  Then JupyterLab opens there on ``course/00_start_here.ipynb``; arguments after
FOLDER go to JupyterLab (e.g. ``--no-browser`` or ``--port=8890``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..resources import course_path, learner_pages
from .cli import run_server

DEFAULT_FOLDER = "goose-course"
RECORD = ".goose-course.json"
FIRST = Path("course") / "00_start_here.ipynb"
USAGE = """usage: goose-widgets course [FOLDER] [--learner NAME] [--class URL] [JupyterLab arguments]

Copy the goose_widgets course into FOLDER (default: goose-course) and open it in JupyterLab.
Notebooks you have changed are never overwritten: a newer version from the course is put beside
yours under a new name.  --learner NAME is how your progress file names you (the folder remembers
it).  --class URL joins your teacher's live class (the class's link, http://…/class/CODE): every
check, hint and solution you show is then also sent to it.  Other arguments go to JupyterLab, e.g.
--no-browser, --port=8890.
"""


@dataclass
class CopyReport:
    """What `copy_course` did, file by file (paths relative to the folder)."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    beside: list[tuple[str, str]] = field(default_factory=list)  # (the learner's file, the new one)
    unchanged: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"added {name}" for name in self.added]
        out += [f"updated {name} (you had not changed it)" for name in self.updated]
        out += [f"kept your {mine}; the course's new version is beside it: {new}"
                for mine, new in self.beside]
        return out


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def course_files() -> dict[str, bytes]:
    """The files a learner's copy holds, by their path in it: ``course/*.ipynb`` and ``docs/*.md``."""
    files = {f"course/{p.name}": p.read_bytes() for p in sorted(course_path().glob("*.ipynb"))}
    files.update({f"docs/{p.name}": p.read_bytes() for p in learner_pages()})
    return files


def _beside_name(folder: Path, name: str, data: bytes) -> str | None:
    """A free name beside ``name`` for the course's version ``data`` (None: it is there already)."""
    path = Path(name)
    for number in range(1, 1000):
        tag = f".course-{__version__}" + (f"-{number}" if number > 1 else "")
        candidate = (path.parent / f"{path.stem}{tag}{path.suffix}").as_posix()
        target = folder / candidate
        if not target.exists():
            return candidate
        if target.read_bytes() == data:
            return None
    raise RuntimeError(f"too many versions of {name} beside it in {folder}; tidy them up")


def copy_course(folder: Path, files: dict[str, bytes] | None = None) -> CopyReport:
    """Copy the course into ``folder`` without overwriting any file the learner has changed."""
    files = course_files() if files is None else files
    folder.mkdir(parents=True, exist_ok=True)
    record_path = folder / RECORD
    try:
        record = json.loads(record_path.read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError, AttributeError):
        record = {}
    report = CopyReport()
    for name, data in files.items():
        target = folder / name
        digest = _digest(data)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            record[name] = digest
            report.added.append(name)
            continue
        current = _digest(target.read_bytes())
        if current == digest:
            record[name] = digest
            report.unchanged.append(name)
        elif record.get(name) == current:  # as copied: the learner has not touched it
            target.write_bytes(data)
            record[name] = digest
            report.updated.append(name)
        elif record.get(name) == digest:  # the learner's changes, on the course as it still is
            report.unchanged.append(name)
        else:  # the learner's own version, and the course has another: put that one beside it
            new = _beside_name(folder, name, data)
            if new is not None:
                (folder / new).write_bytes(data)
                record[new] = digest
                report.beside.append((name, new))
    kept = {}
    try:
        kept = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    learner = kept.get("learner") if isinstance(kept, dict) else None
    record_path.write_text(json.dumps({"version": __version__, "files": record,
                                       **({"learner": learner} if learner else {})}, indent=1, sort_keys=True)
                           + "\n", encoding="utf-8")
    return report


def lab_command(extra: list[str]) -> list[str]:
    """The command line that opens JupyterLab on the first notebook (run in the course folder)."""
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    # The folder, not the notebook's, is the root: links such as ../docs/boo.md stay inside it.
    return [sys.executable, "-m", "jupyterlab", FIRST.as_posix(), "--ServerApp.root_dir=.", *as_root, *extra]


def split_arguments(args: list[str]) -> tuple[Path, list[str]]:
    """FOLDER is the first argument unless it is an option; the rest go to JupyterLab."""
    if args and not args[0].startswith("-"):
        return Path(args[0]), args[1:]
    return Path(DEFAULT_FOLDER), args


def take_option(args: list[str], option: str, example: str) -> tuple[str | None, list[str]]:
    """``option VALUE`` (or ``option=VALUE``) out of ``args``: the value, and the other arguments."""
    rest, value = [], None
    items = iter(args)
    for arg in items:
        if arg == option:
            value = next(items, "")
        elif arg.startswith(option + "="):
            value = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    if value is not None and not value.strip():
        raise SystemExit(f"goose-widgets course: {option} needs a value, e.g. {option} {example}")
    return (value.strip() if value is not None else None), rest


def take_learner(args: list[str]) -> tuple[str | None, list[str]]:
    """``--learner NAME`` (or ``--learner=NAME``) out of ``args``: the name, and the other arguments."""
    return take_option(args, "--learner", "'Ada Lovelace'")


def join_the_class(folder: Path, url: str, learner: str | None) -> str:
    """Join the class at ``url`` for the course in ``folder`` (its notebooks' folder keeps the link);
    a sentence saying so.  SystemExit with the reason when it cannot."""
    from ..exercises.class_link import join_class

    if not learner:
        raise SystemExit("goose-widgets course: --class needs your name too: --learner 'Ada Lovelace'")
    notebooks = (folder / FIRST).parent
    before = os.getcwd()
    try:
        os.chdir(notebooks)  # where the notebooks' kernels keep their progress, and so the class
        link = join_class(url, name=learner)
    except ValueError as err:
        raise SystemExit(f"goose-widgets course: {err}") from None
    finally:
        os.chdir(before)
    return f"joined the class {link.name!r} as {link.learner!r}: your checks are sent to it"


def remembered_learner(folder: Path, name: str | None) -> str | None:
    """The learner's name: ``name`` (kept in the folder's record from now on), else the one kept."""
    record_path = folder / RECORD
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        record = {}
    if not isinstance(record, dict):
        record = {}
    if name is None:
        kept = record.get("learner")
        return kept if isinstance(kept, str) and kept else None
    record["learner"] = name
    record_path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return name


def main(args: list[str]) -> int:
    if any(a in ("-h", "--help") for a in args[:1]):
        print(USAGE)
        return 0
    name, args = take_learner(args)
    class_url, args = take_option(args, "--class", "http://192.168.1.20:8765/class/K7QXPM4RT")
    folder, extra = split_arguments(args)
    report = copy_course(folder)
    for line in report.lines():
        print(line)
    learner = remembered_learner(folder, name)
    print(f"the course is in {folder.resolve()}" + (f", for {learner}" if learner else ""), flush=True)
    if class_url:
        print(join_the_class(folder, class_url, learner), flush=True)
    if importlib.util.find_spec("jupyterlab") is None:
        print('JupyterLab is not installed, so the course cannot open: pip install "goose-widgets[course]"',
              file=sys.stderr)
        return 1
    env = dict(os.environ, **({"GOOSE_WIDGETS_LEARNER": learner} if learner else {}))
    return run_server(lab_command(extra), cwd=folder, env=env)
