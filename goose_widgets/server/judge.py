"""The class server's judge: each check a learner sends is judged here, as `goose-widgets grade`
judges it (`teaching.grading.verdict_of`), in processes of the server's own.

A check names its notebook and exercise; the judge finds the exercise among the course's
(`teaching.notebooks.exercises_named`) and calls its checker on the answer as it arrived:
plain data decoded without running anything of the learner's, a function or a bot as a
`sandbox.Pickled` that only a sandbox opens (`exercises.sent_answers`).  So what the learner's
kernel claims (a result, a verdict, a capstone's standings) is never what is recorded, and a
learner's code runs behind the same walls as in the grader.

Checks run on a pool of worker processes (started fresh, never forked from the server, which runs
threads), `workers` of them, so the event loop never waits for a checker and a capstone's games do
not hold up the class's other checks for long.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import cache
from typing import Any

from ..exercises.sent_answers import answer_value

SECONDS = 600.0  # at most for one check (a capstone's games included)


@cache
def course_checks() -> dict[tuple[str, str], Any]:
    """Every exercise of the course by (notebook, exercise name): what its check cell checks (an
    `Exercise`, or a `BotCapstone` for a "write your own bot" capstone)."""
    from ..exercises.catalogue import course_exercises
    from ..teaching.notebooks import exercises_named

    found: dict[tuple[str, str], Any] = {}
    for notebook in dict.fromkeys(notebook for notebook, _ in course_exercises()):
        for checked in exercises_named(notebook).values():
            inner = getattr(checked, "exercise", checked)
            if not inner.example:
                found[(notebook, inner.name)] = checked
    return found


def course_order() -> list[tuple[str, str]]:
    """The course's exercises as (notebook, name), in course order (the dashboard's columns)."""
    from ..exercises.catalogue import course_exercises

    return [(notebook, exercise.name) for notebook, exercise in course_exercises()]


def judge(notebook: str, exercise: str, sent: Any, seed: int | None = None) -> tuple[str, str, float, float]:
    """The verdict on a sent answer: (result, message, points, out of); a malformed answer is
    wrong, with why."""
    from ..teaching.grading import points_for, verdict_of

    checked = course_checks().get((notebook, exercise))
    if checked is None:
        return "course_error", f"the course has no exercise {exercise!r} in {notebook}.", 0.0, 0.0
    try:
        answer = answer_value(sent) if sent is not None else ...
    except ValueError as err:
        return "wrong", f"your answer arrived malformed ({err}).", 0.0, points_for(checked)[0]
    try:
        return verdict_of(checked, answer, seed)
    except Exception as err:  # noqa: BLE001 - the checker itself failed: the course's fault
        return "course_error", f"{type(err).__name__}: {err}"[:300], 0.0, points_for(checked)[0]


def _warm() -> None:
    course_checks()


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 1)))


class Judges:
    """The pool that judges checks; ``executor`` may be given (a test's, a Dask client's)."""

    def __init__(self, workers: int | None = None, executor: Executor | None = None) -> None:
        self.workers = workers or default_workers()
        self._given = executor
        self._pool: Executor | None = executor
        self._warming: list[Any] | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_warm)
        return self._pool

    async def judge(self, notebook: str, exercise: str, sent: Any,
                    seed: int | None = None) -> tuple[str, str, float, float]:
        verdict: tuple[str, str, float, float] = await self.run(judge, notebook, exercise, sent, seed)
        return verdict

    async def run(self, work: Any, *args: Any) -> Any:
        """``work(*args)`` in a worker (a check, a league's match), at most `SECONDS`."""
        loop = asyncio.get_running_loop()
        return await asyncio.wait_for(loop.run_in_executor(self._executor(), work, *args), SECONDS)

    def warm(self) -> None:
        """Start the workers now, each with the course loaded (a class was made, or the server
        started with classes), so that the first learner's check does not wait for them."""
        if self._warming is None:
            executor = self._executor()
            self._warming = [executor.submit(_warm) for _ in range(self.workers)]

    def close(self) -> None:
        if self._pool is not None and self._given is None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None
