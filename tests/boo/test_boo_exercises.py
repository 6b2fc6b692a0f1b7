"""BOO exercises: each passes with its reference answer and fails helpfully with a plausible wrong one;
analysis helpers agree with the engine."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goose_widgets import load_game
from goose_widgets.games.boo import analysis
from goose_widgets.games.boo.bots import GreedyBot, RandomBot
from goose_widgets.games.boo.exercises import EXERCISES, sight


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


WRONG = {
    "Write the line of sight of a ghost": (sight_through_everything, "own colour"),
    "Which cards does this placement flip?": ({"K12", "K3", "K4"}, "K4 does not flip"),
    "Black's first card": (Fraction(1, 4), "three ghosts"),
    "Choose the scare order": ((5, 0), "another first ghost"),
}


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_reference_passes_and_a_wrong_answer_fails_helpfully(name):
    exercise = EXERCISES[name]
    assert exercise.evaluate(exercise.reference).correct
    wrong, phrase = WRONG[name]
    feedback = exercise.evaluate(wrong)
    assert not feedback.correct and phrase in feedback.message
    assert exercise.hint(1) and "```python" in exercise.show_solution().text


@pytest.mark.parametrize("name, answer", [
    ("Write the line of sight of a ghost", 42),
    ("Which cards does this placement flip?", "K12"),
    ("Black's first card", "a third"),
    ("Choose the scare order", "(5,2)"),
])
def test_wrong_types_get_a_clear_message(name, answer):
    feedback = EXERCISES[name].evaluate(answer)
    assert not feedback.correct and ("expected" in feedback.message or "answer with" in feedback.message)


def test_first_card_chance_is_the_engine_count():
    game = load_game("boo", players=2)
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
