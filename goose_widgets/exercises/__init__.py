"""Exercises: the shared check / hint / solution machinery (each game's exercises live in its package).

Teachers: ``goose_widgets.exercises.solutions(False)`` or the environment variable
``GOOSE_WIDGETS_SOLUTIONS=off`` turns ``show_solution()`` off for a class.  Learners:
``goose_widgets.exercises.progress()`` shows which exercises you have answered correctly, and
``join_class(url, code, name)`` joins your teacher's live class (`class_link`).
A learner's code (an answer function, a bot) always runs in a sandbox of its own
behind walls (`goose_widgets.sandbox`); the checkers and the verdicts stay in the kernel.
"""

from .answers import as_int, as_number, check_number, check_probability, describe, raise_if_rounded
from .catalogue import course_exercises, progress
from .class_link import join_class, send_queued
from .core import (
    Exercise,
    Feedback,
    Hint,
    NotAnswered,
    Rounded,
    Wrong,
    call_learner,
    close,
    expect_callable,
    expect_number,
    is_placeholder,
    solutions,
)
from .learner_code import (
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    LearnerObject,
    SandboxedFunction,
    fork_available,
    run_learner_code,
)

__all__ = [
    "Exercise", "Feedback", "Hint", "LearnerCodeError", "LearnerCodeStopped", "LearnerError", "LearnerObject",
    "NotAnswered", "Rounded", "SandboxedFunction", "Wrong", "as_int", "as_number", "call_learner",
    "check_number", "check_probability", "close", "course_exercises", "describe", "expect_callable",
    "expect_number", "fork_available", "is_placeholder", "join_class", "progress", "raise_if_rounded",
    "run_learner_code", "send_queued", "solutions",
]
