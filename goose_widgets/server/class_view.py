"""What the teacher's dashboard shows of a live class, computed from its events (`classbook`).

`snapshot` is plain data (the page draws it; tests read it):

- ``grid``: for each learner and exercise, the best verdict the server gave (``pending`` while a
  check is being judged), the number of checks, hints seen, whether the solution was shown, and
  when the learner started the exercise (their first event on it);
- ``alerts``: who may need help: `WRONG_IN_A_ROW` wrong answers in a row, idle on an unsolved
  exercise for `IDLE_MINUTES` minutes, a solution shown before any attempt, and a check where the
  learner's kernel and the server disagree (a kernel that claims "correct" for a wrong answer);
- ``stats``: per exercise, the share of the class with it right, the median checks, the median
  minutes from the first event to the first right answer, and the most common wrong answers with
  what the checker said of them;
- ``points``: each learner's points, as `goose-widgets grade` counts them (`grading`).

`grades` gives the same points as the grader's rows, for its CSV (`teaching.grader.csv_text`).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..exercises.sent_answers import answer_text
from .classbook import ClassEvent

WRONG_IN_A_ROW = 3
IDLE_MINUTES = 5.0
RANK = {"correct": 4, "rounded": 3, "wrong": 2, "stopped": 2, "course_error": 1, "unanswered": 1}


@dataclass
class Cell:
    result: str = ""  # "" not started; else the best verdict, or "pending"
    checks: int = 0
    hints: set[int] = field(default_factory=set)
    solution: bool = False
    started: float | None = None  # server time of the first event on it
    first_right: float | None = None
    last: float | None = None
    results: list[str] = field(default_factory=list)  # each check's verdict, in order (None: pending)


def _cells(learners: Sequence[str], events: Sequence[ClassEvent]) -> dict[tuple[str, str, str], Cell]:
    cells: dict[tuple[str, str, str], Cell] = {}
    for event in events:
        cell = cells.setdefault((event.learner, event.notebook, event.exercise), Cell())
        cell.started = event.received if cell.started is None else cell.started
        cell.last = event.received
        if event.kind == "check":
            cell.checks += 1
            status = event.status or "pending"
            cell.results.append(status)
            if status == "correct" and cell.first_right is None:
                cell.first_right = event.judged or event.received
        elif event.kind == "hint" and isinstance(event.claimed, int):
            cell.hints.add(event.claimed)
        elif event.kind == "solution":
            cell.solution = True
    for cell in cells.values():
        judged = [r for r in cell.results if r != "pending"]
        best = max(judged, key=lambda r: RANK.get(r, 0), default="")
        cell.result = best or ("pending" if cell.results else "started")
    return cells


def snapshot(name: str, learners: Sequence[str], events: Sequence[ClassEvent],
             exercises: Sequence[tuple[str, str]], now: float,
             worth: dict[tuple[str, str], tuple[float, float]] | None = None) -> dict[str, Any]:
    """The dashboard's data (module docstring); ``exercises`` in course order, ``worth`` each
    exercise's points (all of them, and for a rounded answer: `grading.points_for`)."""
    cells = _cells(learners, events)
    worth = worth or {}
    grid = []
    for learner in learners:
        row = []
        for notebook, exercise in exercises:
            cell = cells.get((learner, notebook, exercise))
            row.append(None if cell is None else {
                "result": cell.result, "checks": cell.checks, "hints": len(cell.hints),
                "solution": cell.solution,
                "minutes": round((now - (now if cell.started is None else cell.started)) / 60, 1)})
        grid.append({"learner": learner, "cells": row})
    return {"name": name, "learners": list(learners), "events": len(events),
            "exercises": [{"notebook": n, "name": e, "short": short} for (n, e), short in zip(exercises,
                                                                                              _shorts(exercises))],
            "grid": grid, "alerts": alerts(learners, events, cells, now),
            "stats": stats(learners, events, cells, exercises),
            "points": points(learners, cells, exercises, worth)}


def _shorts(exercises: Sequence[tuple[str, str]]) -> list[str]:
    """"02·3" for the third exercise of 02_goose_probability: the grid's column headings."""
    found, count = [], Counter[str]()
    for notebook, _ in exercises:
        count[notebook] += 1
        found.append(f"{notebook[:2]}·{count[notebook]}")
    return found


def alerts(learners: Sequence[str], events: Sequence[ClassEvent], cells: dict[tuple[str, str, str], Cell],
           now: float) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    last_of: dict[str, ClassEvent] = {}
    for event in events:
        last_of[event.learner] = event
    for (learner, notebook, exercise), cell in cells.items():
        where = {"learner": learner, "notebook": notebook, "exercise": exercise}
        tail = [r for r in cell.results if r != "pending"][-WRONG_IN_A_ROW:]
        if (len(tail) == WRONG_IN_A_ROW and all(r in ("wrong", "stopped") for r in tail)
                and cell.result not in ("correct", "rounded")):
            found.append({**where, "kind": "stuck", "text": f"{learner}: {len(tail)} wrong answers in a row "
                                                            f"on {exercise} ({notebook})"})
        if cell.solution and cell.checks == 0:
            found.append({**where, "kind": "solution",
                          "text": f"{learner}: showed the solution of {exercise} ({notebook}) "
                                  "before trying it"})
    for learner, event in last_of.items():
        cell = cells[(learner, event.notebook, event.exercise)]
        idle = (now - event.received) / 60
        if idle >= IDLE_MINUTES and cell.result not in ("correct", "rounded"):
            found.append({"learner": learner, "notebook": event.notebook, "exercise": event.exercise,
                          "kind": "idle", "text": f"{learner}: nothing for {idle:.0f} minutes, on "
                                                  f"{event.exercise} ({event.notebook}), not solved yet"})
    for event in events:
        if (event.kind == "check" and event.status is not None and event.claimed in RANK
                and RANK.get(event.claimed, 0) > RANK.get(event.status, 0)):
            found.append({"learner": event.learner, "notebook": event.notebook, "exercise": event.exercise,
                          "kind": "disagree",
                          "text": f"{event.learner}: their kernel said {event.claimed} on {event.exercise} "
                                  f"({event.notebook}); the server judged it {event.status}"})
    order = {"stuck": 0, "disagree": 1, "solution": 2, "idle": 3}
    return sorted(found, key=lambda a: (order[a["kind"]], a["learner"], a["notebook"], a["exercise"]))


def stats(learners: Sequence[str], events: Sequence[ClassEvent], cells: dict[tuple[str, str, str], Cell],
          exercises: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    rows = []
    for notebook, exercise in exercises:
        mine = [cells[(lr, notebook, exercise)] for lr in learners if (lr, notebook, exercise) in cells]
        right = [c for c in mine if c.result in ("correct", "rounded")]
        checks = [c.checks for c in mine if c.checks]
        minutes = [(c.first_right - c.started) / 60 for c in right
                   if c.first_right is not None and c.started is not None]
        wrong: Counter[str] = Counter()
        said: dict[str, str] = {}
        for event in events:
            if (event.notebook, event.exercise, event.kind, event.status) == (notebook, exercise, "check",
                                                                              "wrong"):
                text = answer_text(event.answer)
                wrong[text] += 1
                said.setdefault(text, (event.message or "")[:200])
        rows.append({
            "notebook": notebook, "exercise": exercise, "started": len(mine), "right": len(right),
            "share": len(right) / len(learners) if learners else 0.0,
            "median_checks": statistics.median(checks) if checks else None,
            "median_minutes": round(statistics.median(minutes), 1) if minutes else None,
            "wrong_answers": [{"answer": text, "times": n, "checker": said[text]}
                              for text, n in wrong.most_common(3)]})
    return rows


def _earned(result: str, worth: tuple[float, float]) -> float:
    return worth[0] if result == "correct" else worth[1] if result == "rounded" else 0.0


def points(learners: Sequence[str], cells: dict[tuple[str, str, str], Cell],
           exercises: Sequence[tuple[str, str]],
           worth: dict[tuple[str, str], tuple[float, float]]) -> list[dict[str, Any]]:
    rows = []
    for learner in learners:
        total = sum(_earned(cells[(learner, *key)].result, worth.get(key, (0.0, 0.0)))
                    for key in exercises if (learner, *key) in cells)
        rows.append({"learner": learner, "points": total,
                     "out_of": sum(worth.get(key, (0.0, 0.0))[0] for key in exercises)})
    return rows


def grades(learners: Sequence[str], events: Sequence[ClassEvent], exercises: Sequence[tuple[str, str]],
           worth: dict[tuple[str, str], tuple[float, float]]) -> list[Any]:
    """The class's points as `teaching.grader.ExerciseGrade` rows (its CSV for a learning platform)."""
    from ..teaching.grader import ExerciseGrade

    cells = _cells(learners, events)
    rows = []
    for learner in learners:
        for notebook, exercise in exercises:
            cell = cells.get((learner, notebook, exercise))
            result = cell.result if cell is not None and cell.result in RANK else "unanswered"
            full = worth.get((notebook, exercise), (0.0, 0.0))
            rows.append(ExerciseGrade(learner, notebook, exercise, exercise, _earned(result, full), full[0],
                                      result, ""))
    return rows
