"""``goose-widgets grade SUBMISSIONS... --out grades.csv``: grades a teacher can trust.

For each submitted notebook, the learner's cells run only inside a walled sandbox
(`goose_widgets.sandbox`), in order, one sandbox per notebook with a time and memory limit; this
process never runs a line of the learner's.  At each exercise's check cell the grader asks the
sandbox for the learner's answer: plain data crosses as it is; a function or a bot crosses only as
its pickle, which is handed, unopened, to a sandbox of its own, where the exercise's checker calls
it (a capstone's games are played here, with the bot in its sandbox).  The package's checkers
judge here, with the course's own points (`grading`: 2 an exercise, half for a rounded answer, 4
a capstone).  So nothing a learner writes can change a checker, a verdict or a grade:

- the notebook's own imports of its exercises get inert stand-ins (`walls.Hidden` "stub"), so a
  cell that patches a checker, the grader or ``_judge`` patches a stand-in in the sandbox;
- files handed in beside a notebook are never importable: the sandbox receives the cells as text
  and sees none of the learner's files (a ``goose_widgets/`` folder beside the notebook included);
- the package's exercise modules, which hold the reference answers, are not readable inside;
- a capstone's bot that uses one of the package's bots scores 0 (its sandbox is without them).

A cell that raises does not stop the notebook (as in nbgrader); a notebook that crashes (its
process ends) or runs past its time keeps the points of the exercises before that point, and the
rest are marked "stopped".  Notebooks are found as learners filled them in: a course folder, the
``assign`` release, the nbgrader course's ``submitted/<learner>/<assignment>/`` tree, or a tree of
learners' home folders as on a JupyterHub (`find_submissions` says how each learner is named).

Capstone games are dealt from a secret seed drawn for each check, as in the learner's kernel;
``--seed N`` deals every learner's capstone the same games, so a regrade gives the same points
(keep the number to yourself: a bot written for known deals could learn them).

Output: ``--out`` a CSV a learning platform imports (one row per learner: total, then each
exercise's points), ``--html`` a page with every exercise's result and message, and ``--gradebook``
an nbgrader gradebook (``gradebook.db``) so that formgrader shows the same points.
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import re
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from ..resources import course_path
from ..sandbox import (
    ANSWERS,
    Hidden,
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    Limits,
    Pickled,
    Sandbox,
)
from .grading import points_for, verdict_of
from .notebooks import exercise_cells, read_notebook

__all__ = ["ExerciseGrade", "Submission", "find_submissions", "grade", "grade_notebook", "main"]

CELL_SECONDS = 120.0
NOTEBOOK_SECONDS = 600.0
GRADING_HIDDEN = Hidden(stub=ANSWERS.refuse, why="the course's exercises and their answers are the grader's")
CHECK = re.compile(r"^\s*(\w+)\.check\(")
COURSE_FOLDERS = {"course", "goose-course", "release", "submitted", "autograded"}


@dataclass(frozen=True)
class Submission:
    learner: str
    path: Path
    stem: str  # the course notebook it is, e.g. "03_boo_to_the_goose"


@dataclass(frozen=True)
class ExerciseGrade:
    learner: str
    notebook: str
    exercise: str
    variable: str
    points: float
    out_of: float
    result: str  # correct, rounded, wrong, stopped, unanswered, course_error
    message: str


# --- finding the notebooks --------------------------------------------------------------------

@cache
def course_stems() -> dict[str, Path]:
    """The course's notebooks that hold exercises, by stem, and where the course's copy is."""
    found = {}
    for path in sorted(course_path().glob("*.ipynb")):
        if exercise_cells(read_notebook(path), path.stem):
            found[path.stem] = path
    return found


def find_submissions(paths: Sequence[Path]) -> list[Submission]:
    """Every course notebook (with exercises) at or below ``paths``, with its learner.

    The learner is the folder under ``submitted/`` (nbgrader's tree); else, below a folder given,
    the first folder on the way to the notebook that is not one of the course's own (``course``,
    ``goose-course``...): a tree of home folders names each learner by their home; a notebook in a
    course folder given alone is named by that folder (or its parent, for ``.../course``)."""
    found: list[Submission] = []
    stems = course_stems()
    for root in paths:
        notebooks = [root] if root.is_file() else sorted(root.rglob("*.ipynb"))
        for path in notebooks:
            if path.stem not in stems or ".ipynb_checkpoints" in path.parts:
                continue
            found.append(Submission(_learner(root, path), path, path.stem))
    return found


def _learner(root: Path, path: Path) -> str:
    parts = path.resolve().parts
    if "submitted" in parts[:-1]:
        index = len(parts) - 1 - parts[::-1].index("submitted")
        if index + 1 < len(parts) - 1:
            return parts[index + 1]
    base = root if root.is_dir() else root.parent
    between = [p for p in path.resolve().relative_to(base.resolve()).parts[:-1] if p not in COURSE_FOLDERS]
    if between:
        return between[0]
    folder = base.resolve()
    while folder.name in COURSE_FOLDERS and folder.parent != folder:
        folder = folder.parent
    return folder.name or "learner"


# --- grading one notebook -----------------------------------------------------------------------

def grade_notebook(submission: Submission, cell_seconds: float = CELL_SECONDS,
                   notebook_seconds: float = NOTEBOOK_SECONDS,
                   seed: int | None = None) -> list[ExerciseGrade]:
    """Run the learner's notebook in a sandbox and grade each of its exercises (module docstring);
    ``seed`` deals the capstones' games (None: a secret seed for each check)."""
    expected = exercise_cells(read_notebook(course_stems()[submission.stem]), submission.stem)
    try:
        notebook = read_notebook(submission.path)
        code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    except Exception as err:  # noqa: BLE001 - nbformat raises many kinds for a damaged file
        why = f"the notebook could not be read ({type(err).__name__}: {str(err)[:200]})"
        return [_zero(submission, cells, "wrong", why) for cells in expected]
    at = {}  # each exercise's place: the code cell that checks it (the end if the learner removed it)
    for cells in expected:
        at[cells.variable] = next((k for k, source in enumerate(code)
                                   if (m := CHECK.match(source)) and m.group(1) == cells.variable), len(code))
    grades: dict[str, ExerciseGrade] = {}
    limits = Limits.from_environment(cpu_seconds=int(notebook_seconds) + 60)
    started = time.monotonic()
    stopped = ""
    with Sandbox(None, limits=limits, hidden=GRADING_HIDDEN) as box:
        for number in range(len(code) + 1):
            for cells in expected:
                if at[cells.variable] == number and not stopped:
                    grades[cells.variable] = _grade_one(submission, cells, box, cell_seconds, seed)
            if number == len(code) or stopped:
                break
            if any(at[cells.variable] == number for cells in expected):
                continue  # the check cell: the grader checks it, the learner's copy of it does not run
            left = notebook_seconds - (time.monotonic() - started)
            try:
                if left <= 0:
                    raise LearnerCodeStopped(notebook_seconds)
                box.run_cell(code[number], number + 1, min(cell_seconds, left))
            except LearnerError:
                continue  # a cell that raised: the notebook goes on, as it does in nbgrader
            except LearnerCodeStopped:
                stopped = (f"your notebook was stopped at code cell {number + 1}: it ran past the time "
                           f"limit ({min(cell_seconds, notebook_seconds):g} s a cell, "
                           f"{notebook_seconds:g} s in all)")
            except LearnerCodeError as err:
                stopped = f"your notebook's process ended at code cell {number + 1} ({err})"
    return [grades.get(cells.variable)
            or _zero(submission, cells, "stopped", stopped + " before this exercise.") for cells in expected]


def _grade_one(submission: Submission, cells: Any, box: Sandbox, seconds: float,
               seed: int | None) -> ExerciseGrade:
    try:
        exported = box.export(cells.answer_name, seconds)
    except (LearnerCodeStopped, LearnerCodeError, LearnerError) as err:
        return _zero(submission, cells, "wrong", f"your answer {cells.answer_name} could not be read: {err}")
    if exported.kind == "missing":
        return _zero(submission, cells, "unanswered", f"your notebook does not define {cells.answer_name}.")
    if exported.kind == "placeholder":
        answer: Any = ...
    elif exported.kind == "plain":
        answer = exported.value
    else:
        answer = Pickled(exported.payload, exported.function)
    status, message, points, full = verdict_of(cells.checked, answer, seed)
    return ExerciseGrade(submission.learner, submission.stem, cells.exercise.name, cells.variable, points,
                         full, status, message)


def _zero(submission: Submission, cells: Any, result: str, message: str) -> ExerciseGrade:
    full, _ = points_for(cells.checked)
    return ExerciseGrade(submission.learner, submission.stem, cells.exercise.name, cells.variable, 0.0, full,
                         result, message)


def grade(submissions: Sequence[Submission], workers: int = 1, cell_seconds: float = CELL_SECONDS,
          notebook_seconds: float = NOTEBOOK_SECONDS, seed: int | None = None) -> list[ExerciseGrade]:
    """Every submission's grades, notebooks shared out over ``workers`` processes of the grader's
    own (each starts its sandboxes; none runs learner code); ``seed`` as in `grade_notebook`."""
    if workers <= 1:
        return [g for s in submissions for g in grade_notebook(s, cell_seconds, notebook_seconds, seed)]
    with ProcessPoolExecutor(workers) as pool:
        done = pool.map(grade_notebook, submissions, [cell_seconds] * len(submissions),
                        [notebook_seconds] * len(submissions), [seed] * len(submissions))
        return [g for grades in done for g in grades]


# --- writing the grades ---------------------------------------------------------------------------

def _columns(grades: Iterable[ExerciseGrade]) -> list[tuple[str, str]]:
    order = {stem: i for i, stem in enumerate(course_stems())}
    seen = dict.fromkeys((g.notebook, g.exercise) for g in grades)
    return sorted(seen, key=lambda key: order.get(key[0], 99))


def csv_text(grades: Sequence[ExerciseGrade]) -> str:
    """One row per learner: the total, out of what, then each exercise's points (in course order)."""
    columns = _columns(grades)
    by_learner: dict[str, dict[tuple[str, str], ExerciseGrade]] = {}
    for g in grades:
        by_learner.setdefault(g.learner, {})[(g.notebook, g.exercise)] = g
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["learner", "points", "out of", *(f"{notebook}: {name}" for notebook, name in columns)])
    for learner in sorted(by_learner):
        mine = by_learner[learner]
        total = sum(g.points for g in mine.values())
        out_of = sum(g.out_of for g in mine.values())
        writer.writerow([learner, f"{total:g}", f"{out_of:g}",
                         *(f"{mine[key].points:g}" if key in mine else "" for key in columns)])
    return out.getvalue()


SIGNS = {"correct": "✔", "rounded": "≈", "wrong": "✘", "stopped": "⊘", "unanswered": "·", "course_error": "⚠"}
_STYLE = """
body{font-family:system-ui,sans-serif;font-size:16px;line-height:1.45;margin:0;color:#111}
main{max-width:72rem;margin:0 auto;padding:1rem 1.5rem}
table{border-collapse:collapse;margin:0.5rem 0 1.5rem}
th,td{border:1px solid #999;padding:0.3rem 0.5rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:bold;padding:0.3rem 0}
.num{text-align:right;white-space:nowrap}.correct{background:#d9f0d3}.rounded{background:#fee8c8}
td.correct,td.rounded,td.wrong,td.stopped,td.unanswered,td.course_error{white-space:nowrap}
.wrong,.stopped{background:#fde0dd}.unanswered{background:#f0f0f0}.course_error{background:#e7d4e8}
.message{max-width:40rem;white-space:pre-wrap;font-size:14px}
"""


def html_page(grades: Sequence[ExerciseGrade], title: str = "Grades") -> str:
    """A page: each learner's total, then each exercise's points, result (sign and word as well as
    colour) and the checker's message."""
    e = html.escape
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    learners = sorted({g.learner for g in grades})
    totals = []
    sections = []
    for learner in learners:
        mine = [g for g in grades if g.learner == learner]
        total, out_of = sum(g.points for g in mine), sum(g.out_of for g in mine)
        totals.append(f'<tr><th scope="row"><a href="#{e(learner)}">{e(learner)}</a></th>'
                      f'<td class="num">{total:g}</td><td class="num">{out_of:g}</td></tr>')
        rows = "".join(
            f'<tr><td>{e(g.notebook)}</td><th scope="row">{e(g.exercise)}</th>'
            f'<td class="num">{g.points:g} of {g.out_of:g}</td>'
            f'<td class="{e(g.result)}">{SIGNS.get(g.result, "?")} {e(g.result)}</td>'
            f'<td class="message">{e(g.message[:600])}</td></tr>' for g in mine)
        sections.append(f'<h2 id="{e(learner)}">{e(learner)}: {total:g} of {out_of:g} points</h2>'
                        f'<table><caption>{e(learner)}\'s exercises</caption><thead><tr>'
                        f'<th scope="col">notebook</th><th scope="col">exercise</th>'
                        f'<th scope="col">points</th>'
                        f'<th scope="col">result</th><th scope="col">the checker said</th></tr></thead>'
                        f"<tbody>{rows}</tbody></table>")
    summary = (f'<table><caption>Totals, {len(learners)} learners</caption><thead><tr>'
               f'<th scope="col">learner</th><th scope="col">points</th><th scope="col">out of</th></tr>'
               f'</thead><tbody>{"".join(totals)}</tbody></table>')
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<style>{_STYLE}</style></head><body><main><h1>{e(title)}</h1>"
            f"<p>Graded {made} by <code>goose-widgets grade</code>: each learner's cells ran in a sandbox "
            f"of their own and the course's checkers judged the answers, so these points are the "
            f"grader's, not self-reported.  An exercise is worth 2 points (1 for a right but rounded "
            f"answer), a capstone 4.</p>{summary}{''.join(sections)}</main></body></html>\n")


def write_gradebook(grades: Sequence[ExerciseGrade], database: Path) -> None:
    """Put the points into an nbgrader gradebook: an assignment and a notebook per course notebook,
    a grade cell per exercise (the ids `nbgrader_course` gives its test cells), a submission per
    learner with each cell's automatic score, so that formgrader shows them."""
    import os

    from nbgrader.api import Gradebook

    from .nbgrader_course import grade_ids

    # nbgrader makes a new gradebook with alembic's command, from the PATH: the one beside this Python
    # (a teacher need not have activated the environment)
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    with Gradebook(f"sqlite:///{database}") as book:
        for stem in sorted({g.notebook for g in grades}):
            book.update_or_create_assignment(stem)
            cells = {g.variable: g.out_of for g in grades if g.notebook == stem}
            book.update_or_create_notebook(stem, stem)
            for variable, out_of in cells.items():
                book.update_or_create_grade_cell(grade_ids(variable)[1], stem, stem, max_score=out_of,
                                                 cell_type="code")
        for learner in sorted({g.learner for g in grades}):
            book.update_or_create_student(learner)
            for stem in sorted({g.notebook for g in grades if g.learner == learner}):
                try:
                    book.find_submission(stem, learner)
                except Exception:  # noqa: BLE001 - nbgrader raises MissingEntry
                    book.add_submission(stem, learner)
                for g in grades:
                    if g.learner == learner and g.notebook == stem:
                        cell = book.find_grade(grade_ids(g.variable)[1], stem, stem, learner)
                        cell.auto_score = g.points
        book.db.commit()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="goose-widgets grade",
        description="Grade learners' notebooks: their cells run in sandboxes, the course's checkers "
                    "judge here, and the points go to a CSV (and a page, and an nbgrader gradebook).")
    parser.add_argument("paths", nargs="+", type=Path, metavar="SUBMISSIONS",
                        help="notebooks, or folders searched below (a course folder, a release, nbgrader's "
                             "submitted/ tree, learners' home folders)")
    parser.add_argument("--out", type=Path, default=Path("grades.csv"), help="the CSV (default grades.csv)")
    parser.add_argument("--html", type=Path, metavar="FILE", help="also write a page with every message")
    parser.add_argument("--gradebook", type=Path, metavar="DB", help="also write into an nbgrader gradebook")
    parser.add_argument("--workers", type=int, default=1, help="notebooks graded at once (default 1)")
    parser.add_argument("--cell-seconds", type=float, default=CELL_SECONDS)
    parser.add_argument("--notebook-seconds", type=float, default=NOTEBOOK_SECONDS)
    parser.add_argument("--seed", type=int, help="deal every learner's capstone the same games (a regrade "
                        "then gives the same points); default: a secret seed for each check")
    args = parser.parse_args(argv)
    submissions = find_submissions(args.paths)
    if not submissions:
        print("goose-widgets grade: no course notebook with exercises found in "
              + ", ".join(map(str, args.paths)), file=sys.stderr)
        return 1
    print(f"goose-widgets grade: {len(submissions)} notebooks of "
          f"{len({s.learner for s in submissions})} learners", file=sys.stderr)
    grades = grade(submissions, args.workers, args.cell_seconds, args.notebook_seconds, args.seed)
    args.out.write_text(csv_text(grades), encoding="utf-8")
    print(f"goose-widgets grade: wrote {args.out}", file=sys.stderr)
    if args.html:
        args.html.write_text(html_page(grades), encoding="utf-8")
        print(f"goose-widgets grade: wrote {args.html}", file=sys.stderr)
    if args.gradebook:
        write_gradebook(grades, args.gradebook)
        print(f"goose-widgets grade: wrote {args.gradebook}", file=sys.stderr)
    return 0
