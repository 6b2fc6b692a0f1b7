"""The shared exercise machinery: feedback, hints, type checks and the time limit."""

from __future__ import annotations

import pytest

from goose_widgets.exercises import Exercise, Wrong, expect_callable, expect_number


def make(checker, **kwargs):
    return Exercise("Test", "Give 2.", checker, ("Two is 1 + 1.",), "answer = 2", reference=2, **kwargs)


def must_be_two(answer):
    expect_number(answer, "the answer")
    if answer != 2:
        raise Wrong(f"{answer} is not 2.")


def test_right_and_wrong_answers_give_feedback_as_data_and_markdown():
    exercise = make(must_be_two)
    assert exercise.check(2).correct and "Correct" in exercise.check(2)._repr_markdown_()
    wrong = exercise.check(3)
    assert not wrong.correct and wrong.message == "3 is not 2." and "Not yet" in str(wrong)
    assert "expected a number" in exercise.check("2").message


def test_an_exception_in_the_learners_answer_becomes_feedback():
    def calls_it(answer):
        answer()

    feedback = make(calls_it).check(lambda: 1 / 0)
    assert not feedback.correct and "ZeroDivisionError" in feedback.message


def test_an_endless_loop_is_stopped_with_a_helpful_message():
    def runs(answer):
        answer()

    def forever():
        while True:
            try:
                pass
            except Exception:  # a learner's broad except must not swallow the time limit
                pass

    feedback = make(runs, time_limit=0.3).check(forever)
    assert not feedback.correct and "loop forever" in feedback.message
    assert make(must_be_two, time_limit=0.3).check(2).correct  # the alarm is cleared afterwards


def test_expect_callable_names_the_parameters():
    with pytest.raises(Wrong, match="expected a function"):
        expect_callable(3, 2, "square and roll")
    with pytest.raises(Wrong, match="must take 2 argument"):
        expect_callable(lambda x: x, 2, "square and roll")
    expect_callable(lambda a, b: a, 2, "square and roll")


def test_repr_is_stable_text_for_notebooks():
    exercise = make(must_be_two)
    assert repr(exercise) == "Test: Give 2." and "0x" not in repr(exercise)
    assert exercise.hint()._repr_markdown_() == "Hint 1/1: Two is 1 + 1."
