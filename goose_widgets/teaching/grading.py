"""`grade`: what an nbgrader test cell calls: the exercise's own checker, turned into points.

The points policy (one place; `nbgrader_course` writes it into every test cell):

- ✔ correct earns all the exercise's points: `POINTS`, or `BOT_POINTS` for a "write your own bot"
  capstone;
- ≈ right but rounded (a decimal where the exact value was asked) earns `ROUNDED_SHARE` of them:
  the course never calls a rounded right answer wrong, and never counts it correct;
- anything else (wrong, stopped, not answered, a checker that failed) earns nothing: the cell
  raises, with the checker's message, which nbgrader shows in the learner's feedback.

nbgrader gives partial credit when a test cell's result is a number: `Score` shows the feedback in
the notebook and is that number as plain text.  The check is not recorded in the progress file
(the grade is nbgrader's), and warnings are held back, since nbgrader scores a cell that writes to
standard error as zero.
"""

from __future__ import annotations

import warnings
from fractions import Fraction
from typing import Any

from ..exercises.progress import not_recorded

__all__ = ["BOT_POINTS", "POINTS", "ROUNDED_SHARE", "Score", "grade", "points_for"]

POINTS = 2
BOT_POINTS = 4
ROUNDED_SHARE = Fraction(1, 2)


def points_for(checked: Any) -> tuple[float, float]:
    """(all the points, the points for a rounded answer) of an exercise or a bot capstone."""
    from ..exercises.bots import BotCapstone

    full = BOT_POINTS if isinstance(checked, BotCapstone) else POINTS
    return float(full), float(full * ROUNDED_SHARE)


class Score(float):
    """Points earned, with the checker's feedback: a number to nbgrader, the feedback to a person."""

    feedback: Any
    out_of: float

    def __new__(cls, points: float, out_of: float, feedback: Any) -> Score:
        score = super().__new__(cls, points)
        score.feedback = feedback
        score.out_of = out_of
        return score

    def __repr__(self) -> str:
        return repr(float(self))

    def _repr_markdown_(self) -> str:
        feedback = getattr(self.feedback, "feedback", self.feedback)  # a capstone's report: its verdict
        return f"{feedback._repr_markdown_()}\n\n**{float(self):g} of {self.out_of:g} points.**"


def grade(checked: Any, answer: Any, points: float, rounded: float = 0.0) -> Score:
    """Check ``answer`` with ``checked.check`` (the same checker as the course); return the points
    earned, or raise `AssertionError` with the checker's message when it earns none."""
    with not_recorded(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = checked.check(answer)
    status = result.status
    if status == "correct":
        return Score(points, points, result)
    if status == "rounded" and rounded > 0:
        return Score(rounded, points, result)
    feedback = result.feedback if hasattr(result, "feedback") else result  # a capstone's report: its verdict
    raise AssertionError(f"0 of {points:g} points.  {feedback}")


def verdict_of(checked: Any, answer: Any, seed: int | None = None) -> tuple[str, str, float, float]:
    """The verdict on ``answer`` as the teacher's side records it: (result, the checker's message,
    points, out of).  One function for `grader` and the class server (`server.judge`), so both
    judge alike: ``answer`` is plain data or a `sandbox.Pickled` learner object (never unpickled
    here); a capstone's games are dealt from ``seed`` (None: a secret seed)."""
    import dataclasses

    from ..exercises.bots import BotCapstone

    if seed is not None and isinstance(checked, BotCapstone):
        checked = dataclasses.replace(checked, seed=seed)
    full, rounded = points_for(checked)
    with not_recorded(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = checked.check(answer)
    feedback = getattr(result, "feedback", result)  # a capstone's report: its verdict
    status = str(feedback.status)
    points = full if status == "correct" else rounded if status == "rounded" else 0.0
    return status, str(feedback.message), points, full
