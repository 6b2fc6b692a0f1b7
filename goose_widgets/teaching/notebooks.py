"""A course notebook as the teacher's tools see it: each exercise's answer cell and check cell.

The course's rule (tested in ``tests/test_course_exercises.py``): a check cell is
``exercise.check(name)`` alone, and the code cell before it is the learner's answer cell, which
ends with the placeholder that defines ``name`` (``answer = ...``, or a function ``def name(...)``
whose body is ``...``).  The exercise object is found by its name in the game's ``exercises``
module, so nothing here lists the exercises a second time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

from ..exercises.bots import BotCapstone
from ..exercises.catalogue import exercise_modules
from ..exercises.core import Exercise

__all__ = ["CHECK", "DISCUSSION_TAG", "ExerciseCells", "drop_discussions", "exercise_cells", "hides_solution",
           "read_notebook", "solutions_off_cell", "split_answer", "strip_solution_outputs"]

CHECK = re.compile(r"^(\w+)\.check\((\w+)\)$")
SOLUTIONS_OFF_TAG = "goose-widgets-solutions-off"
DISCUSSION_TAG = "goose-widgets-discussion"
"""A cell that discusses an exercise's answer after its check (folded in the course until the
learner unfolds it): a release for a class leaves it out."""
SOLUTIONS_OFF = ("# Your teacher turned the solutions off for this class.\n"
                 "from goose_widgets.exercises import solutions\n"
                 "\n"
                 "if not solutions(False):\n"
                 "    print(\"Solutions are turned off for this class; hint() still gives hints.\")")


@dataclass(frozen=True)
class ExerciseCells:
    """One exercise in a notebook: its name there, the learner's answer name, and its two cells."""

    variable: str          # how the notebook names the exercise, e.g. "move_a_pawn"
    answer_name: str       # what the learner defines, e.g. "move" or "answer"
    answer_index: int      # the answer cell's index in ``notebook.cells``
    check_index: int       # the check cell's index
    checked: Any           # the object whose ``check`` the cell calls (an Exercise or a BotCapstone)

    @property
    def exercise(self) -> Exercise:
        return self.checked.exercise if isinstance(self.checked, BotCapstone) else self.checked


def read_notebook(path: str | Path) -> Any:
    return nbformat.read(str(path), as_version=4)


def exercises_named(notebook: str) -> dict[str, Any]:
    """The exercises of ``notebook`` (e.g. "02_goose_probability") by their names in the modules."""
    found: dict[str, Any] = {}
    for module in exercise_modules():
        for name, value in vars(module).items():
            inner = value.exercise if isinstance(value, BotCapstone) else value
            if isinstance(inner, Exercise) and inner.notebook == notebook:
                found[name] = value
    return found


def exercise_cells(notebook: Any, stem: str) -> list[ExerciseCells]:
    """Every exercise of the notebook ``stem`` whose check follows a placeholder answer cell."""
    named = exercises_named(stem)
    code = [i for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"]
    found = []
    for before, index in zip(code, code[1:]):
        match = CHECK.match(notebook.cells[index].source.strip())
        if not match:
            continue
        variable, answer_name = match.groups()
        if variable not in named:
            raise LookupError(f"{stem}.ipynb checks {variable!r}, which no exercises module defines "
                              f"for {stem}")
        split_answer(notebook.cells[before].source, answer_name)  # raises if there is no placeholder
        found.append(ExerciseCells(variable, answer_name, before, index, named[variable]))
    return found


def split_answer(source: str, name: str) -> tuple[str, str]:
    """The answer cell as (what comes before the placeholder, the placeholder that defines ``name``)."""
    lines = source.rstrip().split("\n")
    starts = [i for i, line in enumerate(lines)
              if re.match(rf"{name}\s*=\s*\.\.\.", line) or re.match(rf"def {name}\(", line)]
    if not starts:
        raise LookupError(f"the answer cell has no placeholder for {name!r}:\n{source}")
    start = starts[-1]
    return "\n".join(lines[:start]).rstrip(), "\n".join(lines[start:])


def solutions_off_cell() -> Any:
    """The cell a class release puts at the top of each notebook: solutions off in this kernel."""
    return nbformat.v4.new_code_cell(SOLUTIONS_OFF, metadata={"tags": [SOLUTIONS_OFF_TAG]})


def insert_solutions_off(notebook: Any) -> None:
    """Put the solutions-off cell after the notebook's title cell (first, when there is none)."""
    at = 1 if notebook.cells and notebook.cells[0].cell_type == "markdown" else 0
    notebook.cells.insert(at, solutions_off_cell())


def solution_texts() -> list[str]:
    """Every exercise's solution text, as `show_solution` shows it (the worked example's too)."""
    texts = []
    for module in exercise_modules():
        exercises = getattr(module, "EXERCISES", ())
        for exercise in exercises.values() if isinstance(exercises, dict) else exercises:
            if exercise.solution.strip():
                texts.append(exercise.solution.strip())
    return texts


def _output_text(output: Any) -> str:
    parts = [output.get("text", "")]
    parts += [value for value in output.get("data", {}).values() if isinstance(value, str)]
    return "\n".join(parts)


def hides_solution(cell: Any, solutions: Iterable[str]) -> bool:
    """Whether a cell shows a solution: it calls ``show_solution()``, or an output holds a solution."""
    if cell.cell_type != "code":
        return False
    if "show_solution(" in cell.source:
        return True
    shown = "\n".join(_output_text(output) for output in cell.get("outputs", []))
    return "Solution:" in shown or any(text in shown for text in solutions)


def strip_solution_outputs(notebook: Any) -> int:
    """Clear the outputs of every cell that shows a solution; return how many were cleared."""
    texts = solution_texts()
    cleared = 0
    for cell in notebook.cells:
        if hides_solution(cell, texts) and cell.get("outputs"):
            cell.outputs = []
            cell.execution_count = None
            cleared += 1
    return cleared


def drop_discussions(notebook: Any) -> int:
    """Leave out the cells that discuss an answer (`DISCUSSION_TAG`); return how many."""
    kept = [cell for cell in notebook.cells
            if DISCUSSION_TAG not in cell.get("metadata", {}).get("tags", ())]
    dropped = len(notebook.cells) - len(kept)
    notebook.cells = kept
    return dropped
