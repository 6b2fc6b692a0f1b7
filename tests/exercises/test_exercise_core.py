"""The shared exercise machinery: feedback states, placeholders, hints, blame and the solutions switch."""

from __future__ import annotations

import numpy as np
import pytest

from goose_widgets.exercises import (
    Exercise,
    NotAnswered,
    Wrong,
    call_learner,
    check_number,
    core,
    expect_callable,
    is_placeholder,
    solutions,
)


def make(checker, **kwargs):
    return Exercise("Test", "Give 2.", checker, ("Two is 1 + 1.",), "answer = 2", reference=2, **kwargs)


def must_be_two(answer):
    check_number(answer, 2, what="two")


def calls_it(answer):
    if call_learner(answer, what="answer()") != 2:
        raise Wrong("your function does not return 2.")


def test_right_and_wrong_answers_give_feedback_as_data_and_markdown():
    exercise = make(must_be_two)
    assert exercise.check(2).correct and exercise.check(2).status == "correct"
    assert "✔ Correct" in exercise.check(2)._repr_markdown_()
    wrong = exercise.check(3)
    assert not wrong.correct and wrong.status == "wrong" and "3 is not two" in wrong.message
    assert str(wrong).startswith("Not yet: ") and "✘ Not yet" in wrong._repr_markdown_()
    assert "expected a number" in exercise.check("2").message


def placeholder_function(square, roll):
    ...


def placeholder_with_docstring(observation, legal):
    """Return one of ``legal``."""
    pass


def answered(square, roll):
    return square + roll


@pytest.mark.parametrize("answer", [..., None, placeholder_function, placeholder_with_docstring,
                                    lambda x: None, (..., ...), [1, ...]])
def test_a_placeholder_is_not_answered_yet_never_wrong(answer):
    assert is_placeholder(answer)
    exercise = make(calls_it, expects="a function `answer()` that returns 2")
    feedback = exercise.check(answer)
    assert feedback.status == "unanswered" and not feedback.correct
    assert "not given an answer yet" in feedback.message
    assert "a function `answer()` that returns 2" in feedback.message  # what to write
    assert "hint()" in feedback.message and "show_solution()" in feedback.message
    assert exercise.status is None  # a placeholder is not a try
    assert "Not answered yet" in feedback._repr_markdown_()


@pytest.mark.parametrize("answer", [0, 0.0, answered, lambda x: 0, (1, None), "..."])
def test_a_real_answer_is_not_a_placeholder(answer):
    assert not is_placeholder(answer)


def test_a_checker_may_say_a_returned_value_is_still_a_placeholder():
    def checker(answer):
        if answer() is Ellipsis:
            raise NotAnswered("your function still returns `...`.")

    feedback = make(checker).check(lambda: ...)
    assert feedback.status == "unanswered" and "still returns" in feedback.message


def test_an_exception_in_the_learners_code_is_the_learners():
    feedback = make(lambda answer: answer()).check(lambda: 1 / 0)
    assert feedback.status == "wrong" and "your code raised ZeroDivisionError" in feedback.message
    assert "answer() raised ZeroDivisionError" in make(calls_it).check(lambda: 1 / 0).message


def test_a_checker_bug_is_reported_as_the_courses_not_the_learners():
    def buggy(answer):
        if answer() == 2:
            return {}["missing"]  # our mistake, after the learner's code ran fine

    for answer in (lambda: 2, 2):
        feedback = make(buggy if callable(answer) else lambda a: {}["missing"]).check(answer)
        assert feedback.status == "course_error" and not feedback.correct
        assert "course's fault" in feedback.message and "KeyError" in feedback.message


def test_a_checkers_conversion_of_a_huge_number_is_ours_and_check_number_is_safe():
    def prints_it(answer):
        raise Wrong(f"{answer} is not two")  # str() of 10**5000 exceeds Python's digit limit

    feedback = make(prints_it).check(10**5000)
    assert feedback.status == "course_error" and "Exceeds the limit" in feedback.message
    feedback = make(must_be_two).check(10**5000)
    assert feedback.status == "wrong" and "5001 digits" in feedback.message


def test_exit_in_learner_code_is_reported_not_obeyed():
    def leaves():
        raise SystemExit(3)

    feedback = make(lambda answer: answer()).check(leaves)
    assert feedback.status == "wrong" and "exit()" in feedback.message


def test_progress_is_recorded_in_this_process_best_result_kept():
    exercise = make(calls_it)
    assert exercise.status is None
    exercise.check(lambda: 3)
    assert exercise.status == "wrong"
    exercise.check(lambda: 2)  # checked in a forked worker: the result comes back here
    assert exercise.status == "correct"
    exercise.check(lambda: 3)
    assert exercise.status == "correct"


def test_hint_without_a_number_gives_the_next_unseen_hint_and_out_of_range_is_friendly():
    exercise = Exercise("Test", "Give 2.", must_be_two, ("one", "two"), "answer = 2")
    assert repr(exercise.hint()) == "Hint 1/2: one"
    assert repr(exercise.hint()) == "Hint 2/2: two"
    assert "seen all 2 hints" in repr(exercise.hint())
    assert repr(exercise.hint(1)) == "Hint 1/2: one"
    assert repr(exercise.hint(np.int64(2))) == "Hint 2/2: two"
    for number in (0, 3, -1, "2", 1.5, True):
        assert "This exercise has 2 hints: try hint(1) to hint(2)." == repr(exercise.hint(number))
    assert "no hints" in repr(Exercise("T", "p", must_be_two, (), "s").hint())


def test_the_teacher_can_turn_solutions_off(monkeypatch):
    monkeypatch.setattr(core, "_solutions_choice", [])
    exercise = make(must_be_two)
    assert "answer = 2" in exercise.show_solution()._repr_markdown_()
    monkeypatch.setenv("GOOSE_WIDGETS_SOLUTIONS", "off")
    assert not solutions() and "turned off" in repr(exercise.show_solution())
    assert "answer = 2" not in repr(exercise.show_solution())
    solutions(True)  # an explicit call wins over the environment
    assert solutions() and "answer = 2" in repr(exercise.show_solution())
    solutions(False)
    assert "turned off" in repr(exercise.show_solution())
    assert "show_solution" not in make(must_be_two).check(...).message  # not offered when off
    assert "show_solution" not in repr(exercise.hint()) + repr(exercise.hint())
    with pytest.raises(TypeError):
        solutions("no")  # type: ignore[arg-type]


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
