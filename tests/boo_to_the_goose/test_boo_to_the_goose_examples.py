"""The rulebook's example and its continuation, asserted pile by pile."""

from __future__ import annotations

import pytest

from goose_widgets.games.boo_to_the_goose.examples import (
    EMMA,
    MATT,
    RULEBOOK_EXAMPLE,
    RULEBOOK_EXAMPLE_CONTINUED,
    SCENARIOS,
    TOM,
)
from goose_widgets.games.boo_to_the_goose.rules import DOG, FOX, GOOSE

G, F, D = GOOSE, FOX, DOG


def test_the_opening_deal_gives_the_hands_the_story_needs():
    start = RULEBOOK_EXAMPLE.start()
    assert start.hands == ((3, 1, 1), (4, 0, 1), (3, 0, 2))
    assert start.current_player == MATT and start.rows == ((), (), ())


def test_three_rounds_of_face_down_plays_then_matts_fox():
    states = RULEBOOK_EXAMPLE.states()
    before_fox = states[18]
    assert before_fox.rows == ((G, D, G), (G, G, D), (G, D, G))
    assert [sum(h) for h in before_fox.hands] == [5, 5, 5]
    after_fox = states[19]
    assert after_fox.fox == MATT and after_fox.target == EMMA  # Emma sits on Matt's left


def test_matt_banks_three_geese_and_his_fox():
    final = RULEBOOK_EXAMPLE.final()
    assert final.won_by_kind(MATT) == (3, 1, 0)
    assert final.won[MATT][3 * EMMA + G] == 2 and final.won[MATT][3 * TOM + G] == 1
    assert final.won[MATT][3 * MATT + F] == 1
    assert final.won_by_kind(EMMA) == final.won_by_kind(TOM) == (0, 0, 0)
    assert final.rows == ((G, D, G), (D,), (D, G))  # everything else stays face down
    assert final.face_up == ((), (), ())
    assert final.hands == ((5, 0, 0), (5, 0, 0), (4, 0, 1))  # Matt refilled to 5
    assert [sum(p) for p in final.piles] == [15, 16, 16]
    assert final.current_player == EMMA
    assert final.scores() == [4, 0, 0]


def test_continued_the_dog_at_emma_ends_the_round():
    states = RULEBOOK_EXAMPLE_CONTINUED.states()
    dog = states[-2]
    assert dog.events[0] == "Player 1 turns over Player 2's card 2: a dog!"
    final = states[-1]
    assert final.won_by_kind(MATT) == (0, 0, 0)                 # Matt banks nothing
    assert final.won_by_kind(EMMA) == (1, 1, 1)                 # her goose, the dog, the fox
    assert final.won[EMMA][3 * MATT + F] == 1                   # ... Matt's fox
    assert final.won[EMMA][3 * EMMA + G] == final.won[EMMA][3 * EMMA + D] == 1
    assert final.won_by_kind(TOM) == (1, 0, 0)                  # Tom banks his goose
    assert final.rows == ((G, D, G), (G,), (D, G))              # the rest stays face down
    assert final.hands == ((5, 0, 0), (5, 0, 0), (4, 0, 1))
    assert final.scores() == [0, 3, 1]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_step_has_the_rulebooks_words_where_the_story_speaks(name):
    scenario = SCENARIOS[name]
    spoken = [s.narration for s in scenario.steps if s.narration]
    assert spoken[0].startswith("Matt starts, puts a card down, face-down")
    assert any("Catch the geese!" in text for text in spoken)
    assert all(not step.move.startswith("flip") or step.narration for step in scenario.steps)
