"""``goose-widgets nbgrader FOLDER``: an nbgrader course made from the course's notebooks.

It writes ``FOLDER/nbgrader_config.py`` and, for each notebook with exercises (01 to 08),
``FOLDER/source/<notebook>/<notebook>.ipynb``: one nbgrader assignment per notebook, named after it.
In each notebook:

- the solutions are turned off (the cell `release` adds, locked), so ``show_solution()`` says so;
- each exercise's answer cell becomes an nbgrader solution cell: the learner's cell as the course
  has it (ending with its placeholder, ``answer = ...``), then ``### BEGIN SOLUTION`` /
  ``### END SOLUTION`` around the exercise's reference answer: its solution text, the very text
  ``show_solution()`` shows and the exercise's tests run (one place for each answer).  The reference
  comes after the placeholder, so it wins in the teacher's copy; in the released notebook nbgrader
  leaves the placeholder and a comment (`CONFIG`'s stub), so an untouched answer is "not answered";
- each check cell becomes a locked, autograded test cell with points that calls
  `grading.grade`, i.e. the same checker, passing only on ✔ (a rounded answer earns the partial
  points of the policy in `grading`).

``nbgrader generate_assignment`` then replaces each solution with nbgrader's stub, and
``nbgrader autograde`` re-runs the learners' notebooks with the teacher's copy of the package.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from typing import Any

import nbformat

from ..resources import course_path
from .grading import points_for
from .notebooks import (
    SOLUTIONS_OFF_TAG,
    drop_discussions,
    exercise_cells,
    insert_solutions_off,
    read_notebook,
    strip_solution_outputs,
)
from .release import ensure_empty

__all__ = ["CONFIG", "build_course", "grade_ids", "main", "make_assignment"]

CONFIG = '''"""nbgrader's settings for this course (written by `goose-widgets nbgrader`)."""
c = get_config()  # noqa: F821 - nbgrader defines get_config when it reads this file

c.CourseDirectory.course_id = "goose_widgets"
# Cells that simulate games, and the bot capstones' tournaments, take longer than nbgrader's 30 s.
c.Execute.timeout = 900
# In a released notebook the course's placeholder stays above this line (no NotImplementedError
# that would stop "Run all"): an untouched answer is "not answered yet" and earns nothing.
c.ClearSolutions.code_stub = {"python": "# YOUR ANSWER: in place of the ... above"}
'''


def _nbgrader(grade_id: str, **flags: Any) -> dict[str, Any]:
    return {"nbgrader": {"grade": False, "grade_id": grade_id, "locked": False, "schema_version": 3,
                         "solution": False, "task": False, **flags}}


def grade_ids(variable: str) -> tuple[str, str]:
    """The grade ids of an exercise's solution cell and test cell (its name in the notebook)."""
    return f"{variable}-answer", f"{variable}-check"


def make_assignment(notebook: Any, stem: str) -> int:
    """Turn a course notebook into an nbgrader source notebook in place; return its number of exercises."""
    drop_discussions(notebook)
    found = exercise_cells(notebook, stem)
    strip_solution_outputs(notebook)
    for cells in found:
        answer_id, check_id = grade_ids(cells.variable)
        answer = notebook.cells[cells.answer_index]
        answer.source = "\n".join((answer.source.rstrip(), "### BEGIN SOLUTION",
                                   cells.exercise.solution.strip(), "### END SOLUTION"))
        answer.metadata.update(_nbgrader(answer_id, solution=True))
        points, rounded = points_for(cells.checked)
        check = notebook.cells[cells.check_index]
        check.source = (f"# Autograded: {points:g} points when ✔ correct, {rounded:g} when ≈ right but "
                        f"rounded, 0 otherwise (the message says why).  nbgrader runs the notebook's own\n"
                        f"# code beside this cell, which can change what it computes: the grade to rely on\n"
                        f"# is goose-widgets grade's, which runs that code in a sandbox.\n"
                        f"from goose_widgets.teaching.grading import grade\n\n"
                        f"grade({cells.variable}, {cells.answer_name}, points={points:g}, "
                        f"rounded={rounded:g})")
        check.metadata.update(_nbgrader(check_id, grade=True, locked=True, points=points))
        answer.outputs, check.outputs = [], []
    insert_solutions_off(notebook)
    off = next(c for c in notebook.cells if SOLUTIONS_OFF_TAG in c.metadata.get("tags", ()))
    off.metadata.update(_nbgrader("solutions-off", locked=True))
    return len(found)


def build_course(folder: Path, only: list[str] | None = None) -> dict[str, int]:
    """Write the nbgrader course into ``folder`` (new or empty); return {assignment: exercises}."""
    ensure_empty(folder)
    built: dict[str, int] = {}
    notebooks = sorted(course_path().glob("[0-9][0-9]_*.ipynb"))
    chosen = [p for p in notebooks if not only or any(p.stem.startswith(o) for o in only)]
    if only and not chosen:
        raise SystemExit(f"no course notebook starts with {', '.join(only)}; the notebooks are "
                         + ", ".join(p.stem for p in notebooks))
    for path in chosen:
        notebook = read_notebook(path)
        count = make_assignment(notebook, path.stem)
        if not count:
            continue  # 00 shows how exercises work; it grades nothing
        target = folder / "source" / path.stem / path.name
        target.parent.mkdir(parents=True)
        nbformat.write(notebook, str(target))
        built[path.stem] = count
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "nbgrader_config.py").write_text(CONFIG, encoding="utf-8")
    return built


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="goose-widgets nbgrader",
        description="Write an nbgrader course into FOLDER: one assignment per course notebook, whose "
                    "answer cells hold the reference answers as solution cells and whose checks are "
                    "autograded test cells.  Then, in FOLDER: nbgrader generate_assignment NAME.")
    parser.add_argument("folder", type=Path, metavar="FOLDER",
                        help="a new (or empty) folder for the nbgrader course")
    parser.add_argument("--notebook", action="append", metavar="NN", dest="only",
                        help="only the notebook(s) whose name starts with this (e.g. 02); repeatable")
    args = parser.parse_args(argv)
    built = build_course(args.folder, args.only)
    for name, count in built.items():
        print(f"{args.folder / 'source' / name}: {count} exercises", file=sys.stdout)
    print(f"next: cd {args.folder} && nbgrader generate_assignment {next(iter(built), 'NAME')}")
    if importlib.util.find_spec("nbgrader") is None:
        print('nbgrader is not installed here; to release and grade: pip install "goose-widgets[teacher]"',
              file=sys.stderr)
    return 0
