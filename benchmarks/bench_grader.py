"""`goose-widgets grade` (issue 30): 30 submissions of notebook 03 and 30 of notebook 04 (its capstone
included), graded on two workers; the total time, and each notebook's median.

The submissions are generated as a class would hand them in: a third answer every exercise with its
solution, a third leave every answer as the course's placeholder, a third give the solutions with
the first answer of each notebook wrong; every other 04 writes its capstone bot as the course's
solution, the rest play the first legal action (which the check turns down quickly).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

import nbformat

from goose_widgets.resources import course_path
from goose_widgets.teaching import grader
from goose_widgets.teaching.notebooks import exercise_cells, read_notebook, split_answer

NOTEBOOKS = ("03_boo_to_the_goose", "04_boo_to_the_goose_probability")
LEARNERS = 30


def hand_in(folder: Path, stem: str, kind: int, bot: bool) -> None:
    notebook = read_notebook(course_path() / f"{stem}.ipynb")
    for number, cells in enumerate(exercise_cells(notebook, stem)):
        cell = notebook.cells[cells.answer_index]
        before, _ = split_answer(cell.source, cells.answer_name)
        if cells.variable == "write_a_bot":
            answer = (cells.exercise.solution.strip() if bot else
                      "def my_bot(observation, legal_actions):\n    return legal_actions[0]")
        elif kind == 1:
            continue  # left as the placeholder
        elif kind == 2 and number == 0:
            answer = f"{cells.answer_name} = 0"
        else:
            answer = cells.exercise.solution.strip()
        cell.source = before + "\n" + answer
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, str(folder / f"{stem}.ipynb"))


def main() -> None:
    print(f"   load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as root:
        for learner in range(LEARNERS):
            for stem in NOTEBOOKS:
                hand_in(Path(root) / f"learner{learner:02d}", stem, learner % 3, learner % 2 == 0)
        submissions = grader.find_submissions([Path(root)])
        times: dict[str, list[float]] = {stem: [] for stem in NOTEBOOKS}
        started = time.perf_counter()
        grades = grader.grade(submissions, workers=2)
        total = time.perf_counter() - started
        for submission in submissions[:4]:  # each notebook alone, for a per-notebook figure
            one = time.perf_counter()
            grader.grade_notebook(submission)
            times[submission.stem].append(time.perf_counter() - one)
    points = sum(g.points for g in grades)
    print(f"   graded {len(submissions)} notebooks ({LEARNERS} learners x {len(NOTEBOOKS)}) on 2 workers in "
          f"{total:6.1f} s ({total / len(submissions):.1f} s a notebook); {points:g} points given")
    for stem, seconds in times.items():
        if seconds:
            print(f"   one notebook {stem}: {statistics.median(seconds):5.1f} s (median of {len(seconds)})")
    print(f"   load average {os.getloadavg()[0]:.1f} (1 min) afterwards")


if __name__ == "__main__":
    main()
