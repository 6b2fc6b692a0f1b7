"""The shared engine verbs, tools and saves, on a toy game (no real game's rules involved)."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from goose_widgets.engine import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidSaveError,
    RandomBot,
    ScriptedBot,
    decisions,
    distribution,
    expectation,
    load_game,
    markov_chain,
    playout,
    registry,
    sample_outcome,
    simulate,
    solve_linear,
    state_from_json,
    wilson,
)

from . import toy_game


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "tests.engine.toy_game")


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    start = toy_game.Game().new_initial_state()
    after = start.apply("step 2")
    assert start.pending is None and after.pending == 2
    assert after.history == ("step 2",) and after.events == ("seat 0 steps 2",)
    assert start.current_player == 0 and after.current_player == CHANCE


def test_illegal_action_names_the_allowed_ones_and_changes_nothing():
    start = toy_game.Game().new_initial_state()
    with pytest.raises(IllegalActionError, match="allowed: step 1, step 2"):
        start.apply("step 3")
    assert start == toy_game.Game().new_initial_state() and start.history == ()
    chance = start.apply("step 1")
    with pytest.raises(IllegalActionError, match="coin 0, coin 1"):
        chance.apply("coin 2")
    with pytest.raises(IllegalActionError):
        chance.apply_str("step 1")


def test_terminal_state_refuses_every_action():
    state = playout(toy_game.Game().new_initial_state(), rng=3)
    assert state.current_player == TERMINAL and state.is_terminal()
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply("step 1")
    assert sum(state.returns()) == 1


def test_chance_outcomes_sum_to_one_and_are_only_offered_at_chance_nodes():
    start = toy_game.Game().new_initial_state()
    assert start.chance_outcomes() == []
    outcomes = start.apply("step 1").chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction) for _, p in outcomes)


def test_equal_positions_are_equal_whatever_the_path():
    start = toy_game.Game().new_initial_state()
    a = start.apply("step 1").apply("coin 1")
    b = start.apply("step 2").apply("coin 0")
    assert a == b and hash(a) == hash(b) and a.history != b.history


def test_save_replays_to_the_same_state():
    state = playout(toy_game.Game(players=3).new_initial_state(), rng=11)
    again = state_from_json(state.to_json())
    assert again == state and again.history == state.history
    assert state.from_json(state.to_json()) == state
    assert toy_game.Game(players=3).from_json(state.to_json()) == state


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"format": "other"}', "unknown save format"),
    ('{"format": "goose_widgets/save/1", "game": "toy", "params": {}, "history": "x"}', "history"),
    ('{"format": "goose_widgets/save/1", "game": "chess", "params": {}, "history": []}', "invalid game"),
    ('{"format": "goose_widgets/save/1", "game": "toy", "params": {"players": 9, "target": 5}, '
     '"history": []}', "invalid game: toy refuses its parameters .ValueError: players must be from 1 to 4"),
    ('{"format": "goose_widgets/save/1", "game": "toy", "params": {"players": 2, "target": 5, '
     '"colour": 1}, "history": []}', "unknown parameter"),
    ('{"format": "goose_widgets/save/1", "game": "toy", "params": {"players": 2}, "history": []}',
     "does not state target; a save of toy states every parameter: players, target"),
    ('{"format": "goose_widgets/save/1", "game": "toy", "params": {"players": 2, "target": 5}, '
     '"history": ["step 1", "step 1"]}', "step 2 of the save"),
])
def test_malformed_or_tampered_saves_raise_clear_errors(text, message):
    with pytest.raises(InvalidSaveError, match=message):
        state_from_json(text)


def test_a_save_of_another_game_configuration_is_refused():
    save = toy_game.Game(players=2).new_initial_state().to_json()
    with pytest.raises(InvalidSaveError, match="not for"):
        toy_game.Game(players=3).from_json(save)
    assert json.loads(save)["params"] == {"players": 2, "target": 5}


def test_load_game_rejects_unknown_names_and_parameters_listing_the_valid_ones():
    with pytest.raises(ValueError, match="valid names: .*game_of_the_goose"):
        load_game("chess")
    with pytest.raises(ValueError, match="valid parameters: players, target"):
        load_game("toy", colour="red")
    assert load_game("toy", players=3).players == 3


def test_exact_expectation_and_distribution_follow_the_chance_outcomes():
    # One "step 1" then one coin: position 1 or 2 with probability 1/2 each.
    state = toy_game.Game(players=1, target=1).new_initial_state()
    policy = lambda s: "step 1"  # noqa: E731
    assert expectation(state, lambda s: s.positions[0], policy) == Fraction(3, 2)
    assert distribution(state, lambda s: s.positions[0], policy) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    with pytest.raises(ValueError, match="pass a policy"):
        expectation(state, lambda s: 0)


def test_markov_chain_and_exact_linear_solve():
    state = toy_game.Game(players=1, target=3).new_initial_state()
    states, edges = markov_chain(state, policy=lambda s: "step 1")
    assert all(sum(p for _, p in out) == 1 for out in edges.values())
    assert all(states[i].is_terminal() for i in range(len(states)) if i not in edges)
    assert solve_linear([[Fraction(2), Fraction(1)], [Fraction(1), Fraction(3)]],
                        [Fraction(3), Fraction(5)]) == [Fraction(4, 5), Fraction(7, 5)]


def test_sampling_follows_the_probabilities():
    chance = toy_game.Game().new_initial_state().apply("step 1")
    rng = random.Random(1)
    ones = sum(sample_outcome(chance, rng) == "coin 1" for _ in range(4000))
    assert 1800 < ones < 2200


def test_simulate_is_seeded_and_reports_win_rates_with_intervals():
    game = toy_game.Game(players=2)
    first = simulate(game, 200, seed=5, progress=False)
    second = simulate(game, 200, seed=5, progress=False)
    assert first.win_counts() == second.win_counts() and sum(first.win_counts()) == 200
    for rate, low, high in first.win_rates():
        assert low <= rate <= high
    assert len(first.table()) == 2 and first.table()[0]["bot"] == "random"


def test_rotating_seats_reports_results_by_bot():
    class Stepper2:
        name = "always 2"

        def choose(self, observation, legal, rng):
            return "step 2"

    result = simulate(toy_game.Game(players=2), 400, bots=[Stepper2(), RandomBot()], seed=1,
                      progress=False, rotate_seats=True)
    rates = [r for r, _, _ in result.win_rates()]
    assert rates[0] > rates[1]  # stepping 2 every time beats a random mix, from either seat


def test_scripted_bot_plays_its_script_and_says_when_it_cannot():
    bot = ScriptedBot(["step 2", "step 9"])
    assert bot.choose(None, ["step 1", "step 2"], random.Random()) == "step 2"
    with pytest.raises(RuntimeError, match="not legal"):
        bot.choose(None, ["step 1", "step 2"], random.Random())


def test_wilson_interval_contains_the_rate():
    rate, low, high = wilson(30, 100)
    assert rate == 0.3 and 0.21 < low < 0.3 < high < 0.4
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_a_move_that_changes_nothing_still_leaves_the_old_state_untouched(monkeypatch):
    start = toy_game.Game().new_initial_state()
    monkeypatch.setattr(toy_game.State, "_next", lambda self, action: (self, ["nothing happens"]))
    after = start.apply("step 1")
    assert after is not start and after == start
    assert start.history == () and start.events == ()
    assert after.history == ("step 1",) and after.events == ("nothing happens",)


def test_decisions_yields_what_each_bot_saw_and_chose_and_replays_the_playout():
    game = toy_game.Game(players=2)
    seen = list(decisions(game.new_initial_state(), [RandomBot(), RandomBot()], rng=7))
    assert seen and all(d.action in d.state.legal_actions() for d in seen)
    assert all(d.observation == d.state.observation(d.seat) and d.seconds >= 0 for d in seen)
    final = playout(game.new_initial_state(), rng=7)  # the same seed plays the same game
    assert [d.action for d in seen] == [h for h in final.history if h.startswith("step")]
