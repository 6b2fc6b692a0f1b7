"""A function exercise is the learner's own work (issue 29): its sandbox is without the game's
modules that would compute the answer in one call, and a function that reaches for one is told
"this exercise asks you to write it yourself", whichever module it asks for."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from goose_widgets.exercises import Exercise, course_exercises
from goose_widgets.exercises.bots import judge_standings
from goose_widgets.sandbox.walls import ANSWERS

# A capstone's bot is judged by a tournament with a sandbox of its own (`exercises.bots`).
FUNCTION_EXERCISES = [exercise for _, exercise in course_exercises()
                      if isinstance(exercise, Exercise) and callable(exercise.reference)
                      and exercise.checker is not judge_standings]
# Every game's modules that hold a one-call answer: its analysis, worked examples and bots.
SHORTCUTS = ("analysis", "examples", "bots")


def test_there_are_function_exercises_in_every_game():
    games = {exercise.notebook[:2] for exercise in FUNCTION_EXERCISES}
    assert {"02", "04", "06", "08"} <= games, games


@pytest.mark.parametrize("exercise", FUNCTION_EXERCISES, ids=[e.name for e in FUNCTION_EXERCISES])
def test_a_function_exercise_is_without_the_games_shortcuts(exercise):
    refused = set(exercise.hidden.refuse) - set(ANSWERS.refuse)
    packages = {name.rsplit(".", 1)[0] for name in refused}
    assert len(packages) == 1, refused  # one game's modules
    package = packages.pop()
    for part in SHORTCUTS:
        if importlib.util.find_spec(f"{package}.{part}") is not None:
            assert f"{package}.{part}" in refused, (exercise.name, part)
    assert "yourself" in exercise.hidden.why


def reaching_for(module):
    def answer(*args):
        importlib.import_module(module)
        return 0

    return answer


@pytest.mark.parametrize("exercise", FUNCTION_EXERCISES, ids=[e.name for e in FUNCTION_EXERCISES])
def test_a_function_that_reaches_for_a_shortcut_is_told_to_write_it_itself(exercise):
    refused = [name for name in exercise.hidden.refuse if name not in ANSWERS.refuse]
    for module in refused:
        feedback = exercise.evaluate(reaching_for(module))
        assert not feedback.correct
        told = f"it imports {module}, which is not available here: {exercise.hidden.why}"
        assert told in feedback.message, feedback.message
