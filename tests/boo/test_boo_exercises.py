"""BOO exercises (notebooks 07 and 08) and its bot capstone: each passes with its reference answer,
fails helpfully with a plausible wrong one, says "not answered yet" for a placeholder; analysis helpers
agree with the engine."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goose_widgets import load_game
from goose_widgets.games.boo import analysis
from goose_widgets.games.boo.bots import GreedyBot, RandomBot
from goose_widgets.games.boo.examples import SCENARIOS, flip_puzzle_start, order_puzzle_start
from goose_widgets.games.boo.exercises import (
    EXERCISES,
    ON_ITS_BACK,
    TURNED,
    best_scare_order,
    card_on_its_back,
    first_card_ghosts,
    line_of_sight,
    placements_showing,
    shown,
    turned_card,
    which_cards_flip,
    write_a_bot,
)
from goose_widgets.games.boo.rules import STANDARD_EDITION, make_placed

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


sight = line_of_sight.reference  # the solution shown, as the tests run it


def sight_through_everything(graveyard, square):
    """A plausible mistake: stopping at ghosts of either colour."""
    path, stop = sight(graveyard, square)
    steps = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
    dr, dc = steps[graveyard.tokens[square][1]]
    r, c = square[0] + dr, square[1] + dc
    cut = []
    while (r, c) in path:
        if len(graveyard.tokens.get((r, c), ".")) == 2:
            return cut, (r, c)
        cut.append((r, c))
        r, c = r + dr, c + dc
    return path, stop


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_reference_answers_pass_and_placeholders_are_not_answered_yet(exercise):
    assert_correct(exercise, exercise.reference)
    assert_placeholder(exercise)
    assert_hints_and_solution(exercise)


@pytest.mark.parametrize("exercise", ANSWERS, ids=lambda e: e.name)
def test_the_solution_shown_is_correct(exercise):
    namespace = solution_namespace(exercise, flip_puzzle_start=flip_puzzle_start,
                                   order_puzzle_start=order_puzzle_start, STANDARD_EDITION=STANDARD_EDITION,
                                   make_placed=make_placed)
    found = [v for k, v in namespace.items() if k in ("answer", "sight")]
    assert_correct(exercise, found[0])


def test_the_exercises_are_in_notebooks_07_and_08_in_course_order():
    assert [e.notebook[:2] for e in EXERCISES.values()] == ["07"] * 2 + ["08"] * 5


WRONG = [
    (turned_card, ("K7", 90), "The right card, turned the other way"),
    (turned_card, ("K7", 0), "stand in a column"),
    (turned_card, ("W7", 270), "W7 is K7 with the colours exchanged"),
    (turned_card, ("K4", 90), "shows B> T B> (top to bottom)"),
    (turned_card, ("K12", 270), "Undo the placement square by square"),
    (turned_card, ("G3", 90), "gate's cards are never placed"),
    (turned_card, ("K7", 45), "rot 0, 90, 180 or 270"),
    (turned_card, "K7", "answer with a card and a rotation"),
    (turned_card, ("K7", "rot 270"), "answer with a card and a rotation"),
    (card_on_its_back, ("K10", 0), "The right card, turned the other way"),
    (card_on_its_back, ("W10", 180), "shows W^ W^ B^ (left to right)"),
    (card_on_its_back, ("W10", 180), "undo the flip once"),
    (card_on_its_back, ("K10", 90), "lie along a row"),
    (card_on_its_back, ("K11", 0), "Undo the placement square by square"),
    (card_on_its_back, 3, "answer with a card and a rotation"),
    (EXERCISES["Write the line of sight of a ghost"], sight_through_everything, "own colour"),
    (EXERCISES["Write the line of sight of a ghost"], 42, "expected a function"),
    (which_cards_flip, {"G1", "W3", "G3"}, "G3 does not flip"),
    (which_cards_flip, {"G1"}, "1 card that flips is missing"),
    (which_cards_flip, "K12", "answer with a set"),
    (first_card_ghosts, Fraction(25, 12), "both colours"),
    (first_card_ghosts, Fraction(11, 6), "front side only"),
    (first_card_ghosts, Fraction(1, 4), "back side only"),
    (first_card_ghosts, Fraction(1, 3), "chance that the card has three ghosts"),
    (first_card_ghosts, 3, "the most a card can show"),
    (first_card_ghosts, 2, "better side"),
    (first_card_ghosts, 4, "too large"),
    (first_card_ghosts, "two", "expected a number"),
    (best_scare_order, (-3, 2), "another first ghost"),
    (best_scare_order, (-2, 2), "leaves Black 8 ghosts"),
    (best_scare_order, (0, 0), "not a ghost of the active card"),
    (best_scare_order, "(-1,2)", "answer with the square"),
    (best_scare_order, (-1, "2"), "answer with the square"),
]


@pytest.mark.parametrize("exercise, answer, phrase", WRONG, ids=lambda v: getattr(v, "name", None))
def test_plausible_mistakes_get_their_message(exercise, answer, phrase):
    assert_wrong(exercise, answer, phrase)


def test_answers_in_other_shapes_a_learner_would_write():
    assert_correct(best_scare_order, [-1, 2])          # a list, as which_cards_flip takes a list
    assert_correct(which_cards_flip, ["W3", "g1"])
    assert_correct(turned_card, [" k7 ", 270])
    assert_correct(card_on_its_back, ("K10", 180.0))


def test_the_first_card_answer_is_a_number_with_the_course_policy():
    assert_rounded(first_card_ghosts, Fraction(23, 12), 3)   # 1.917 is right but rounded, not correct
    assert_junk_refused(first_card_ghosts)


def test_each_card_the_graveyard_shows_is_one_card_turned_one_way():
    """The engine finds one placement for each display, the reference; the other side up shows
    something else, so the side the prompt names matters."""
    assert placements_showing(TURNED) == [turned_card.reference]
    assert placements_showing(ON_ITS_BACK) == [card_on_its_back.reference]
    assert shown(*turned_card.reference, "front") == TURNED
    for target in (TURNED, ON_ITS_BACK):
        other = "front" if target.side == "back" else "back"
        assert not placements_showing(type(target)(other, target.vertical, target.tokens))


def test_the_cards_to_read_are_not_the_one_notebook_07_prints_in_all_eight_ways():
    assert {turned_card.reference[0], card_on_its_back.reference[0]}.isdisjoint({"K5"})


def test_the_which_cards_prompt_draws_with_imports_it_names():
    assert "from goose_widgets.games.boo.widget import render" in which_cards_flip.prompt
    from goose_widgets.games.boo.widget import render

    state = flip_puzzle_start()
    assert render(state.observation(0), state.legal_actions()).startswith("<svg")


def test_no_walkthrough_plays_the_puzzles_of_notebook_08():
    """Notebook 07 walks through `SCENARIOS`; 08's questions are about other positions and moves."""
    puzzles = [(flip_puzzle_start().graveyard, "place K3 at (2,1) rot 0 front"),
               (order_puzzle_start().graveyard, "place K10 at (-3,2) rot 90 front")]
    for scenario in SCENARIOS.values():
        for state in scenario.states():
            for graveyard, move in puzzles:
                assert state.graveyard != graveyard
                assert move not in [str(step.move) for step in scenario.steps]


def test_the_first_card_answer_is_the_engines_and_set_up_chances_agree():
    """The expected value by the set-up's chance node agrees with the worked example's method:
    `set_up_chances` for each count, weighted by the count."""
    game = load_game("boo", players=2)
    from goose_widgets.games.boo.exercises import black_ghosts_up, first_card_value

    by_count = sum(k * analysis.set_up_chances(game, lambda s, k=k: black_ghosts_up(s.hands[0]) == k)
                   for k in range(4))
    assert first_card_value() == by_count == first_card_ghosts.reference == Fraction(23, 12)
    assert black_ghosts_up("K10") == 2 and black_ghosts_up("K11") == 1
    three = analysis.set_up_chances(game, lambda s: s.hands[0] in {"K1", "K2", "K3", "K10"})
    assert three == Fraction(1, 3)
    top_too = analysis.set_up_chances(game, lambda s: s.tops[0] in {"K1", "K2", "K3", "K10"}, draws=2)
    assert top_too == Fraction(1, 3)  # the second card of a shuffled deck is just as likely


def test_recorded_games_and_statistics():
    game = load_game("boo", players=2)
    logs = analysis.play_many(game, [GreedyBot(), RandomBot()], 2, seed=1)
    for log in logs:
        assert log.final.is_terminal() and len(log.turns) == 24 and len(log.offered) == 24
        assert [t.number for t in log.turns] == list(range(1, 25))
    means = analysis.placements_by_turn(logs)
    assert len(means) == 24 and means[0] == len(game.new_initial_state().graveyard.placements("K1"))
    gate = analysis.gate_flips(logs, game)
    assert set(gate) == {"G1", "G2", "G3", "G4", "G5", "G6"}
    assert all(0 <= v["ends flipped"] <= 1 for v in gate.values())


# --- the capstone --------------------------------------------------------------------------------
def test_the_capstone_reference_bot_beats_random_and_broken_bots_are_named_by_seat():
    report = assert_capstone(write_a_bot, write_a_bot.exercise.reference, "White")
    print(report)
