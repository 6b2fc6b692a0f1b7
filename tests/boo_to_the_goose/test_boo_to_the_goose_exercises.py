"""Boo to the Goose exercises (notebooks 03 and 04) and its bot capstone: references pass, plausible
mistakes get their message, placeholders are "not answered yet", rounded decimals are rounded, junk is
refused, and the capstone judges a bot by a seeded tournament."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb

import pytest

from goose_widgets import load_game
from goose_widgets.games.boo_to_the_goose import analysis
from goose_widgets.games.boo_to_the_goose.examples import SCENARIOS
from goose_widgets.games.boo_to_the_goose.exercises import (
    EXERCISES,
    STOP_RULE_CASES,
    after_the_dog,
    banked_after_the_dog,
    count_the_dogs,
    dog_at_tom,
    first_cards_chance,
    fox_after_a_goose,
    goose_and_fox,
    lays_a_goose,
    one_dog_removed,
    stop_rule,
    the_removed_cards,
    the_trap_layer,
    when_to_stop,
    write_a_bot,
)
from goose_widgets.games.boo_to_the_goose.rules import DOG, SET
from tests.engine.hostile import read_report, report

from ..exercise_helpers import (
    assert_capstone,
    assert_correct,
    assert_hints_and_solution,
    assert_junk_refused,
    assert_placeholder,
    assert_rounded,
    assert_wrong,
    solution_namespace,
)

ANSWERS = [e for e in EXERCISES.values() if e is not write_a_bot.exercise]
NUMBERS = [goose_and_fox, the_trap_layer, the_removed_cards]


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_reference_answers_pass_and_placeholders_are_not_answered_yet(exercise):
    assert_correct(exercise, exercise.reference)
    assert_placeholder(exercise)
    assert_hints_and_solution(exercise)


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_the_solution_shown_is_correct(exercise):
    namespace = solution_namespace(exercise, load_game=load_game, SCENARIOS=SCENARIOS, SET=SET)
    found = [v for k, v in namespace.items() if k in ("answer", "chance", "expected_bank", "stop_after")]
    assert_correct(exercise, found[0])


def test_the_exercises_are_in_notebooks_03_and_04_in_course_order():
    assert [e.notebook[:2] for e in EXERCISES.values()] == ["03"] * 2 + ["04"] * 6


@pytest.mark.parametrize("exercise", NUMBERS, ids=lambda e: e.name)
def test_numbers_rounded_are_rounded_and_junk_is_refused(exercise):
    assert_rounded(exercise, exercise.reference, 3)
    assert_rounded(exercise, exercise.reference, 6)
    assert_junk_refused(exercise)


def test_the_rule_answers_come_from_the_engine():
    geese, foxes, dogs = SET
    assert first_cards_chance() == 2 * Fraction(geese * foxes, 24 * 23) == goose_and_fox.reference
    assert first_cards_chance((DOG, DOG)) == Fraction(dogs * (dogs - 1), 24 * 23)
    assert banked_after_the_dog() == after_the_dog.reference == (0, 1, 2)
    before, after = dog_at_tom()
    assert before.history[-2:] == ("play fox", "flip Player 2's card 1")
    assert after.events[0] == "Player 1 turns over Player 3's card 2: a dog!"


def test_no_walkthrough_plays_the_dog_question():
    question = dog_at_tom()[1].history
    for scenario in SCENARIOS.values():
        assert scenario.final().history[:len(question)] != question


WRONG = [
    (goose_and_fox, Fraction(15 * 5, 24 * 23), "A fox first and then a goose"),
    (goose_and_fox, Fraction(2 * 15 * 5, 24 * 24), "from the 23 cards left"),
    (goose_and_fox, Fraction(15 * 5, 24 * 24), "the fox can come first as well"),
    (goose_and_fox, Fraction(1, 7), "Follow the deal card by card"),
    (after_the_dog, (0, 1, 1), "whose fox"),
    (after_the_dog, (2, 1, 2), "loses everything"),
    (after_the_dog, (0, 0, 2), "Emma's goose"),
    (after_the_dog, (0, 1, 3), "not quite"),
    (after_the_dog, 3, "answer with 3 numbers"),
    (after_the_dog, (0, 3, "one"), "whole number"),
    (count_the_dogs, lambda o, w: Fraction(4 - o.revealed[w][2], 24 - sum(o.revealed[w])),
     "a fox is never played face down"),
    (count_the_dogs, lambda o, w: "a dog", "expected a number"),
    (count_the_dogs, 0.2, "expected a function"),
    (when_to_stop, lambda g, d, k: Fraction(g, g + d) ** k * (k + 1), "with replacement"),
    (the_trap_layer, 1 - Fraction(comb(15, 5), comb(20, 5)), "five foxes"),
    (the_trap_layer, 1 - Fraction(comb(19, 5), comb(24, 5)), "before Matt saw anything"),
    (the_trap_layer, Fraction(comb(20, 5) - comb(15, 5) - 1, comb(24, 5)), "Bayes divides"),
    (the_trap_layer, Fraction(1, 2), "When does the trap layer lay a goose?"),
    (the_removed_cards, Fraction(comb(20, 3), comb(24, 4)), "Any of the 4 dogs"),
    (the_removed_cards, 4 * Fraction(4, 24) * Fraction(20, 24) ** 3, "with replacement"),
    (the_removed_cards, 1 - Fraction(comb(20, 4), comb(24, 4)), "AT LEAST one dog"),
    (the_removed_cards, Fraction(1, 3), "which dog, and which 3 of the 20"),
    (stop_rule, {p: analysis.best_stop(p) + 1 for p in STOP_RULE_CASES}.__getitem__, "a gain of exactly 0"),
    (stop_rule, lambda p: 3, "the rule stops after"),
    (stop_rule, lambda p: "two", "stop_after"),
]


@pytest.mark.parametrize("exercise, answer, phrase", WRONG, ids=lambda v: getattr(v, "name", None))
def test_plausible_mistakes_get_their_message(exercise, answer, phrase):
    assert_wrong(exercise, answer, phrase)


def _without_the_row_running_out(geese, dogs, k):
    """'When to stop' with the plausible slip of forgetting that a dog-free row runs out (B7)."""
    chance = Fraction(1)
    for i in range(k):
        chance *= Fraction(geese - i, geese + dogs - i)  # Fraction(0, 0) once the geese are gone
    return chance * (k + 1)


@pytest.mark.parametrize("answer", [_without_the_row_running_out,
                                    lambda g, d, k: _without_the_row_running_out(g, d, k) if d else k + 1])
def test_when_to_stop_names_the_case_where_the_row_runs_out_B7(answer):
    feedback = when_to_stop.evaluate(answer)
    assert not feedback.correct
    assert "5 geese and 0 dogs" in feedback.message and "runs out" in feedback.message
    assert "with replacement" not in feedback.message  # without dogs, replacement changes nothing


def test_the_bayes_and_variation_answers_are_the_engine_counts():
    """The references against the deal and the removal walked through the engine's chance nodes."""
    geese_or_foxes = comb(20, 5)
    assert fox_after_a_goose() == the_trap_layer.reference == \
        Fraction(geese_or_foxes - comb(15, 5) - 1, geese_or_foxes - 1)
    assert one_dog_removed() == the_removed_cards.reference == Fraction(4 * comb(20, 3), comb(24, 4))
    assert lays_a_goose((1, 4, 0)) and not lays_a_goose((0, 5, 0)) and not lays_a_goose((3, 1, 1))


# --- the capstone --------------------------------------------------------------------------------
def test_the_capstone_reference_bot_beats_random_and_broken_bots_are_named_by_seat():
    report = assert_capstone(write_a_bot, write_a_bot.exercise.reference, "Player 2")
    print(report)


def test_a_bot_that_plays_the_first_legal_action_does_not_pass():
    first_legal = lambda observation, legal_actions: legal_actions[0]  # noqa: E731
    report = dataclasses.replace(write_a_bot, seed=1).check(first_legal)
    assert report.status == "wrong" and "cannot clearly beat the cautious bot" in report.message
    assert report.standings[0].opponent == "cautious" and report.standings[0].decided == "missed"


def test_the_learners_bot_gets_only_its_observation_and_a_copy_of_the_legal_actions():
    calls = []  # kept in the sandbox: the bot reports them by raising once it has sat in seat 2 too

    def spy(*arguments):
        call = [len(arguments), type(arguments[0]).__name__, type(arguments[1]).__name__, arguments[0].seat]
        if call not in calls:
            calls.append(call)
        if arguments[0].seat == 1:
            report(calls)  # each kind of call once: a report is at most 500 characters
        legal = arguments[1]
        choice = legal[-1]
        legal.clear()  # vandalism must not change the game
        return choice

    def vandal(observation, legal_actions):
        choice = legal_actions[-1]
        legal_actions.clear()
        return choice

    from goose_widgets.exercises.bots import play_tournament
    from goose_widgets.sandbox import BotError

    opponents = [("random", write_a_bot.rivals()["random"], 2)]
    with pytest.raises(BotError) as raised:
        play_tournament("boo_to_the_goose", {"players": 2}, spy, opponents, ("Player 1", "Player 2"))
    seen = read_report(str(raised.value))
    assert all(c[:3] == [2, "Observation", "list"] for c in seen)
    assert {c[3] for c in seen} == {0, 1}  # seats rotated
    standings = play_tournament("boo_to_the_goose", {"players": 2}, vandal, opponents,
                                ("Player 1", "Player 2"))
    assert standings[0].games == 2


def test_the_capstone_is_repeatable():
    from goose_widgets.exercises.bots import play_tournament

    bot = write_a_bot.exercise.reference
    opponents = [("random", write_a_bot.rivals()["random"], 6)]
    assert play_tournament("boo_to_the_goose", {"players": 2}, bot, opponents, ("P1", "P2"), seed=3) == \
        play_tournament("boo_to_the_goose", {"players": 2}, bot, opponents, ("P1", "P2"), seed=3)
