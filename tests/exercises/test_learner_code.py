"""A learner's function runs in a sandbox that can always be stopped and cannot reach the verdict
(issue 18): every hostile case is stopped within its limit plus 2 s, with a clear message, and
leaves no process behind (`tests.engine.processes.watch` counts them after each case).

Each stop's latency is printed (``pytest -s``); it is measured from the moment the sandbox had
loaded the learner's code, so the start of a process on a loaded machine is not counted.
"""

from __future__ import annotations

import os
import time

import pytest

from goose_widgets.exercises import (
    Exercise,
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    LearnerObject,
    check_number,
    fork_available,
    run_learner_code,
)
from goose_widgets.sandbox import status
from tests.engine.hostile import (
    answer_pipes,
    endless_with_bare_except,
    fork_bomb_of_two,
    half_a_message,
    long_c_call,
)
from tests.engine.processes import watch

LIMIT = 1.0
SLACK = 2.0  # issue 18: stopped within the limit plus 2 s


def runs(answer):
    if answer() != 2:
        check_number(answer(), 2, what="two")


def exercise(limit: float = LIMIT) -> Exercise:
    return Exercise("Two", "Return 2.", runs, ("hint", "hint"), "def answer(): return 2", time_limit=limit)


@pytest.mark.parametrize("endless", [endless_with_bare_except, long_c_call, half_a_message])
def test_hostile_code_is_stopped_within_the_limit_and_leaves_no_process(endless, monkeypatch):
    with watch(monkeypatch) as sandboxes:
        feedback = exercise().check(endless)
        latency = sandboxes.since_load(time.monotonic())
    print(f"{endless.__name__}: {feedback.status} {latency:.2f} s after loading (limit {LIMIT:g} s), "
          f"no process left")
    assert feedback.status == "stopped" and not feedback.correct
    assert f"stopped after {LIMIT:g} s" in feedback.message
    assert latency < LIMIT + SLACK


class MyOwnStop(BaseException):
    """A learner's own BaseException."""


def raises_keyboard_interrupt():
    raise KeyboardInterrupt


def raises_system_exit():
    raise SystemExit(3)


def raises_its_own_base_exception():
    raise MyOwnStop("stop here")


def raises_generator_exit():
    raise GeneratorExit


@pytest.mark.parametrize("raising, says", [
    (raises_keyboard_interrupt, "raised KeyboardInterrupt"),
    (raises_system_exit, "called exit()"),
    (raises_its_own_base_exception, "raised MyOwnStop: stop here"),
    (raises_generator_exit, "raised GeneratorExit"),
    (lambda: 1 / 0, "raised ZeroDivisionError: division by zero"),
])
def test_every_exception_of_learner_code_is_feedback_naming_the_learners_line(raising, says, monkeypatch):
    with watch(monkeypatch):
        feedback = exercise().check(raising)
    assert feedback.status == "wrong" and says in feedback.message, feedback
    assert "test_learner_code.py, line" in feedback.message  # the learner's file and line
    assert "sandbox" not in feedback.message.split("```")[-1]  # no frame of ours in the traceback
    assert "raise" in feedback.message or "1 / 0" in feedback.message  # the learner's source line


def test_code_that_ends_its_process_or_writes_nonsense_is_the_learners_error(monkeypatch):
    def ends():
        os._exit(7)

    def writes_nonsense():
        for pipe in answer_pipes():
            pipe.write((5).to_bytes(4, "big") + b"}}}}}")
        return 2

    def oversized():
        for pipe in answer_pipes():
            pipe.write((2**31).to_bytes(4, "big"))
        time.sleep(600)

    with watch(monkeypatch):
        assert "ended its own process" in exercise().check(ends).message
        malformed = exercise().check(writes_nonsense)
        assert malformed.status == "wrong" and "malformed" in malformed.message
        big = exercise().check(oversized)
        assert big.status == "wrong" and "more than" in big.message


def test_forging_the_answer_pipe_or_the_checker_never_gives_a_tick(monkeypatch):
    def forges_the_pipe():
        """Write what the old worker's protocol called a verdict, then return a wrong answer."""
        import json

        forged = json.dumps({"result": "correct", "feedback": [True, "forged", "correct"]}).encode()
        for pipe in answer_pipes():
            pipe.write(len(forged).to_bytes(4, "big") + forged)
        return 3

    def forges_the_checker():
        import goose_widgets.exercises.core as core

        core._feedback = lambda *args: core.Feedback(True, "forged", "correct")
        core.Exercise.evaluate = lambda *args: core.Feedback(True, "forged", "correct")
        return 3

    with watch(monkeypatch):
        for forger in (forges_the_pipe, forges_the_checker):
            feedback = exercise().check(forger)
            assert not feedback.correct and "forged" not in feedback.message, feedback
    assert exercise().check(lambda: 2).correct  # this process's checker is untouched


def test_run_learner_code_returns_safe_data_and_raises_the_learners_errors(monkeypatch):
    offset = 5
    with watch(monkeypatch):
        assert run_learner_code(lambda n: [n + offset], 1, timeout=10) == [6]  # a closure travels
        with pytest.raises(LearnerError) as raised:
            run_learner_code(lambda: 1 / 0, timeout=10)
        assert raised.value.type_name == "ZeroDivisionError" and "1 / 0" in raised.value.where()
        with pytest.raises(LearnerCodeStopped) as stopped:
            run_learner_code(long_c_call, timeout=1)
        assert stopped.value.seconds == 1
        returned = run_learner_code(lambda: (lambda: 1), timeout=10)  # a function is not data
        assert type(returned) is LearnerObject and returned.type_name == "function"
        with pytest.raises(LearnerError, match="SystemExit"):
            run_learner_code(exit, timeout=10)
        with pytest.raises(ValueError):
            run_learner_code(len, "a", timeout=0)


def test_the_sandbox_changes_nothing_in_this_process(monkeypatch):
    seen: list[int] = []
    with watch(monkeypatch):
        run_learner_code(seen.append, 1, timeout=10)
    assert seen == []


class Sneaky:
    """A learner's object whose pickling (``__reduce__``) runs the learner's code."""

    ran: list[str] = []

    def __reduce__(self):
        Sneaky.ran.append("in the kernel")
        return (int, (2,))


@pytest.mark.skipif(not fork_available(), reason="pickling is done in a fork only where fork is allowed")
def test_pickling_the_learners_function_runs_none_of_its_code_here(monkeypatch):
    sneaky = Sneaky()

    def answer():
        return 2 if sneaky else 0

    with watch(monkeypatch):
        assert exercise().check(answer).correct
    assert Sneaky.ran == []  # the __reduce__ ran in the short-lived fork that pickled the answer


def test_an_answer_object_is_read_in_the_sandbox_and_judged_as_plain_data(monkeypatch):
    class Answer:
        def __getattr__(self, name):
            raise AssertionError("something asked the learner's object for " + name)

        def __repr__(self):
            return "my answer"

    class Two(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    seen = []
    must_be_two = Exercise("Two", "Give 2.", lambda a: (seen.append(type(a).__name__),
                                                          check_number(a, 2, what="two")), (), "s")
    with watch(monkeypatch):
        feedback = must_be_two.check(Answer())
        assert feedback.status == "wrong" and "Answer" in feedback.message, feedback
        assert must_be_two.check(Two(3)).status == "wrong"  # its lying == stayed in the sandbox
        assert must_be_two.check(Two(2)).correct
    assert seen == ["LearnerObject", "int", "int"]


def test_an_answer_that_cannot_be_pickled_is_told_so(monkeypatch):
    numbers = (n for n in range(3))

    def answer():
        return next(numbers)

    with watch(monkeypatch):
        feedback = exercise().check(answer)
    assert feedback.status == "wrong" and "cannot be sent" in feedback.message


def test_without_fork_the_sandbox_is_a_spawned_process_with_the_same_limits(monkeypatch):
    monkeypatch.setenv("GOOSE_WIDGETS_FORK", "off")
    assert not fork_available()
    with watch(monkeypatch) as sandboxes:
        feedback = exercise().check(endless_with_bare_except)
        latency = sandboxes.since_load(time.monotonic())
        assert exercise().check(lambda: 2).correct
    print(f"spawned sandbox: stopped {latency:.2f} s after loading")
    assert feedback.status == "stopped" and latency < LIMIT + SLACK


def test_a_broken_sandbox_is_never_reused(monkeypatch):
    from goose_widgets.sandbox import Sandbox

    with watch(monkeypatch), Sandbox(long_c_call) as sandbox:
        with pytest.raises(LearnerCodeStopped):
            sandbox.call((), timeout=0.5)
        with pytest.raises(LearnerCodeError, match="stopped earlier"):
            sandbox.call((), timeout=0.5)


def leaves_a_grandchild():
    """Fork a child that would outlive the check by a minute, then answer at once."""
    if os.fork() == 0:
        time.sleep(60)
        os._exit(0)
    return 2


@pytest.mark.parametrize("starts", [fork_bomb_of_two, leaves_a_grandchild])
def test_code_that_starts_a_process_is_refused_or_stopped_and_leaves_nothing(starts, monkeypatch):
    """Where the seccomp filter is in force a sandbox is one process: a fork is refused at once,
    with words that say so.  Elsewhere the fork bomb is stopped at the limit and the grandchild
    is killed with its sandbox; either way nothing is left (`watch`) and the check is on time."""
    with watch(monkeypatch) as sandboxes:
        feedback = exercise().check(starts)
        latency = sandboxes.since_load(time.monotonic())
    print(f"{starts.__name__}: {feedback.status} {latency:.2f} s after loading, no process left")
    if status().seccomp:
        assert feedback.status == "wrong" and "one process" in feedback.message, feedback
        assert latency < SLACK
    elif starts is fork_bomb_of_two:
        assert feedback.status == "stopped" and latency < LIMIT + SLACK
    else:
        assert feedback.correct and latency < SLACK
