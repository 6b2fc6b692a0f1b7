"""``goose-widgets nbgrader``: an nbgrader course whose answer cells are solution cells holding the
reference answers and whose checks are autograded test cells; nbgrader releases it without the
solutions and grades a reference, an untouched and a rounded submission (issue 21)."""

from __future__ import annotations

import ast
import copy
import csv
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from goose_widgets.commands import cli
from goose_widgets.resources import course_path
from goose_widgets.teaching.grading import ROUNDED_SHARE, points_for
from goose_widgets.teaching.nbgrader_course import grade_ids
from goose_widgets.teaching.notebooks import CHECK, exercise_cells, read_notebook

NBGRADER = Path(sys.executable).parent / "nbgrader"
GRADED = "03_boo_to_the_goose"  # the autograde run: a quick notebook with a Fraction and a tuple


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("nbgrader") / "course"
    assert cli.main(["nbgrader", str(folder)]) == 0
    return folder


def originals() -> list[Path]:
    return sorted(course_path().glob("0[1-8]_*.ipynb"))


def defines(code: str, name: str) -> bool:
    tree = ast.parse(code)
    return any(isinstance(node, ast.FunctionDef) and node.name == name
               or isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
               for node in ast.walk(tree))


def graded_cells(notebook) -> dict[str, object]:
    return {c.metadata["nbgrader"]["grade_id"]: c for c in notebook.cells if "nbgrader" in c.metadata}


def test_every_exercise_has_a_solution_cell_and_a_graded_test_cell(course):
    built = sorted(p.name for p in (course / "source").iterdir())
    assert built == [p.stem for p in originals()]  # 01 to 08; 00 grades nothing
    assert (course / "nbgrader_config.py").is_file()
    for path in originals():
        made = read_notebook(course / "source" / path.stem / path.name)
        nbformat.validate(made)
        cells = graded_cells(made)
        found = exercise_cells(read_notebook(path), path.stem)
        assert found and len(cells) == 2 * len(found) + 1  # and the locked solutions-off cell
        for exercise in found:
            answer_id, check_id = grade_ids(exercise.variable)
            answer, check = cells[answer_id], cells[check_id]
            reference = exercise.exercise.solution.strip()
            assert answer.metadata["nbgrader"]["solution"] and not answer.metadata["nbgrader"]["grade"]
            before, solution = answer.source.split("### BEGIN SOLUTION\n")
            assert solution == reference + "\n### END SOLUTION"
            assert defines(reference, exercise.answer_name), (path.stem, exercise.variable)
            assert read_notebook(path).cells[exercise.answer_index].source.rstrip() == before.rstrip()
            points, rounded = points_for(exercise.checked)
            assert check.metadata["nbgrader"] == {"grade": True, "grade_id": check_id, "locked": True,
                                                  "points": points, "schema_version": 3,
                                                  "solution": False, "task": False}
            assert check.source.endswith(f"grade({exercise.variable}, {exercise.answer_name}, "
                                         f"points={points:g}, rounded={rounded:g})")
            assert rounded == points * ROUNDED_SHARE
        assert not [c for c in made.cells if CHECK.match(c.source.strip())]  # every check is graded


def nbgrader(course: Path, *args: str) -> str:
    env = dict(os.environ, PATH=str(NBGRADER.parent) + os.pathsep + os.environ.get("PATH", ""))
    done = subprocess.run([str(NBGRADER), *args], cwd=course, env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def submit(course: Path, student: str, answers: dict[str, str]) -> None:
    released = read_notebook(course / "release" / GRADED / f"{GRADED}.ipynb")
    for grade_id, cell in graded_cells(released).items():
        if grade_id in answers:
            cell.source = answers[grade_id]
    folder = course / "submitted" / student / GRADED
    folder.mkdir(parents=True)
    nbformat.write(copy.deepcopy(released), str(folder / f"{GRADED}.ipynb"))


@pytest.mark.slow
def test_nbgrader_releases_no_solution_and_grades_reference_untouched_and_rounded(course):
    nbgrader(course, "generate_assignment", "*")  # every notebook at once
    references = {}
    for path in originals():
        released = read_notebook(course / "release" / path.stem / path.name)
        source = graded_cells(read_notebook(course / "source" / path.stem / path.name))
        for exercise in exercise_cells(read_notebook(path), path.stem):
            answer_id, check_id = grade_ids(exercise.variable)
            references[answer_id] = source[answer_id].source
            assert graded_cells(released)[check_id].source == source[check_id].source
        text = "\n".join(cell.source for cell in released.cells)
        assert "BEGIN SOLUTION" not in text and "# YOUR ANSWER" in text
        for exercise in exercise_cells(read_notebook(path), path.stem):
            assert exercise.exercise.solution.strip() not in text, (path.stem, exercise.variable)

    found = exercise_cells(read_notebook(course_path() / f"{GRADED}.ipynb"), GRADED)
    full = sum(points_for(e.checked)[0] for e in found)
    inexact = next(e for e in found if isinstance(e.exercise.reference, Fraction))
    answers = {grade_ids(e.variable)[0]: references[grade_ids(e.variable)[0]] for e in found}
    rounded_answers = dict(answers)
    typed = round(float(inexact.exercise.reference), 4)  # e.g. 0.2083 for 5/24
    rounded_answers[grade_ids(inexact.variable)[0]] += f"\nanswer = {typed}"
    submit(course, "reference", answers)
    submit(course, "untouched", {})
    submit(course, "rounded", rounded_answers)
    nbgrader(course, "autograde", GRADED)
    nbgrader(course, "export", "--to", "grades.csv")
    with open(course / "grades.csv") as file:
        rows = [row for row in csv.DictReader(file) if row["assignment"] == GRADED]
    scores = {row["student_id"]: (float(row["score"]), float(row["max_score"])) for row in rows}
    lost = points_for(inexact.checked)[0] - points_for(inexact.checked)[1]
    assert scores == {"reference": (full, full), "untouched": (0.0, full), "rounded": (full - lost, full)}
    print(f"\nnbgrader scores for {GRADED}: {scores}")


def test_grade_gives_the_points_of_the_policy_and_the_checkers_message(tmp_path, monkeypatch):
    import warnings

    from goose_widgets.exercises.progress import ENVIRONMENT
    from goose_widgets.exercises.warmup import nine_with_two_dice as warmup
    from goose_widgets.teaching.grading import Score, grade

    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "progress.jsonl"))
    full = grade(warmup, Fraction(1, 9), points=2, rounded=1)
    assert isinstance(full, Score) and full == 2 and repr(full) == "2.0"  # the number nbgrader reads
    assert "✔ Correct" in full._repr_markdown_() and "2 of 2 points" in full._repr_markdown_()
    assert grade(warmup, 0.111, points=2, rounded=1) == 1
    with pytest.raises(AssertionError, match=r"0 of 2 points\.  Not yet: .*two different rolls"):
        grade(warmup, Fraction(1, 18), points=2, rounded=1)
    with pytest.raises(AssertionError, match="Not answered yet"):
        grade(warmup, ..., points=2, rounded=1)
    assert not (tmp_path / "progress.jsonl").exists()  # the grade is nbgrader's, not the learner's progress

    def warns(answer):
        warnings.warn("a library's deprecation", DeprecationWarning, stacklevel=1)
        warmup.checker(answer)

    noisy = type(warmup)(**{**{f: getattr(warmup, f) for f in ("name", "prompt", "hints", "solution")},
                            "checker": warns})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nbgrader scores a cell that writes to stderr as zero
        assert grade(noisy, Fraction(1, 9), points=2) == 2
