"""Learner code can always be stopped: a forked worker killed at the limit (issue 8 §3).

The bounds below are generous (limit + 15 s): they check that the code is stopped at all (before
the fix both loops still ran at 100 s), not how fast; the figures are printed.
"""

from __future__ import annotations

import time

import pytest

from goose_widgets.exercises import (
    Exercise,
    LearnerCodeError,
    LearnerCodeStopped,
    fork_available,
    run_learner_code,
)

needs_fork = pytest.mark.skipif(not fork_available(), reason="needs POSIX fork")
SLACK = 15.0


def runs(answer):
    answer()


def forever_with_bare_except():
    while True:
        try:
            time.sleep(0.01)
        except:  # noqa: E722 - the learner's bare except swallows an in-process alarm
            pass


def long_c_call():
    return sum(range(10**11))  # one C call: a signal handler would only run after it


@needs_fork
@pytest.mark.parametrize("endless", [forever_with_bare_except, long_c_call])
def test_endless_learner_code_is_stopped_within_the_limit(endless):
    exercise = Exercise("Endless", "p", runs, (), "s", time_limit=1.0)
    start = time.perf_counter()
    feedback = exercise.check(endless)
    elapsed = time.perf_counter() - start
    print(f"{endless.__name__}: stopped after {elapsed:.2f} s (limit 1 s)")
    assert feedback.status == "stopped" and not feedback.correct
    assert "stopped after 1 s" in feedback.message
    assert elapsed < 1.0 + SLACK
    assert exercise.status == "stopped"
    assert Exercise("Quick", "p", runs, (), "s", time_limit=1.0).check(lambda: 1).correct


@needs_fork
def test_run_learner_code_returns_results_and_raises_the_learners_errors():
    offset = 5
    assert run_learner_code(lambda n: [n + offset], 1, timeout=10) == [6]  # a closure: never pickled
    with pytest.raises(ZeroDivisionError) as raised:
        run_learner_code(lambda: 1 / 0, timeout=10)
    assert any("ZeroDivisionError" in note for note in raised.value.__notes__)
    start = time.perf_counter()
    with pytest.raises(LearnerCodeStopped) as stopped:
        run_learner_code(long_c_call, timeout=1)
    assert stopped.value.seconds == 1 and time.perf_counter() - start < 1 + SLACK
    with pytest.raises(LearnerCodeError, match="cannot be sent back"):
        run_learner_code(lambda: (lambda: 1), timeout=10)  # a function is not a result
    with pytest.raises(LearnerCodeError, match="exit"):
        run_learner_code(exit, timeout=10)
    with pytest.raises(ValueError):
        run_learner_code(len, "a", timeout=0)


@needs_fork
def test_the_worker_changes_nothing_in_this_process():
    seen: list[int] = []
    run_learner_code(seen.append, 1, timeout=10)
    assert seen == []


def test_without_fork_an_in_process_timer_stops_a_loop_and_says_so(monkeypatch):
    monkeypatch.setenv("GOOSE_WIDGETS_FORK", "off")
    assert not fork_available()

    def forever():
        while True:
            try:
                pass
            except Exception:  # a broad except: the timer is a BaseException and passes through
                pass

    feedback = Exercise("Endless", "p", runs, (), "s", time_limit=0.5).check(forever)
    assert feedback.status == "stopped" and "timer inside this kernel" in feedback.message
    assert Exercise("Two", "p", lambda a: a(), (), "s", time_limit=0.5).check(lambda: 2).correct
    assert run_learner_code(lambda: 3, timeout=1) == 3
