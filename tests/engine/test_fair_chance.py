"""Bots draw from generators of their own (issue 10 §1): nothing a bot does with its generator
changes the dice or the cards, in `playout`, `step`, `decisions` and `simulate`, for all four games."""

from __future__ import annotations

import random

import pytest

from goose_widgets.engine import (
    CHANCE,
    decisions,
    load_game,
    playout,
    simulate,
    split_rngs,
    step,
)
from goose_widgets.engine.chance import chance_distribution

GAMES = [("game_of_the_goose", {"players": 3}), ("boo_to_the_goose", {"players": 3}),
         ("sneaky_goose", {"players": 3, "rounds": 2}), ("boo", {})]


class FirstBot:
    """Always the first legal action; the noisy twin draws extra numbers first (same choices)."""

    name = "first"

    def __init__(self, extra_draws: int = 0):
        self.extra_draws = extra_draws
        self.generators: list[random.Random] = []

    def choose(self, observation, legal_actions, rng):
        self.generators.append(rng)
        for _ in range(self.extra_draws):
            rng.random()
        return legal_actions[0]


@pytest.mark.parametrize("name, params", GAMES)
def test_extra_draws_by_a_bot_change_no_chance_outcome(name, params):
    game = load_game(name, **params)
    games = []
    for seed in range(4, 8):
        quiet = playout(game.new_initial_state(), [FirstBot() for _ in range(game.players)], seed)
        noisy = playout(game.new_initial_state(),
                        [FirstBot(extra_draws=seat * 7 + 3) for seat in range(game.players)], seed)
        assert quiet.history == noisy.history
        games.append(quiet.history)
    # chance really sampled: the seeds gave different games
    assert len(set(games)) == len(games) and sum(map(len, games)) > 40


@pytest.mark.parametrize("name, params", GAMES)
def test_simulate_and_decisions_keep_chance_apart_from_bots(name, params):
    game = load_game(name, **params)
    histories: dict[int, list[tuple[str, ...]]] = {0: [], 5: []}
    for extra in histories:
        simulate(game, 3, [FirstBot(extra) for _ in range(game.players)], seed=9, progress=False,
                 on_game=lambda final, extra=extra: histories[extra].append(final.history))
    assert histories[0] == histories[5]
    quiet = [d.action for d in decisions(game.new_initial_state(),
                                         [FirstBot() for _ in range(game.players)], rng=2)]
    noisy = [d.action for d in decisions(game.new_initial_state(),
                                         [FirstBot(11) for _ in range(game.players)], rng=2)]
    assert quiet == noisy


def test_each_seat_gets_its_own_generator_never_chances():
    game = load_game("boo_to_the_goose", players=3)
    chance_rng, bot_rngs = split_rngs(12, game.players)
    assert len({id(chance_rng), *map(id, bot_rngs)}) == game.players + 1
    bots = [FirstBot() for _ in range(game.players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state = step(state, bots, chance_rng, bot_rngs)
    for seat, bot in enumerate(bots):
        assert bot.generators and all(g is bot_rngs[seat] for g in bot.generators)
    # without bot generators, `step` still never hands chance's generator to a bot
    lone = FirstBot()
    state = game.new_initial_state()
    while not state.is_terminal():
        state = step(state, [lone] * game.players, chance_rng)
    assert lone.generators and all(g is not chance_rng for g in lone.generators)


def test_split_rngs_is_reproducible_and_refuses_odd_seeds():
    a_chance, a_bots = split_rngs(3, 2)
    b_chance, b_bots = split_rngs(3, 2)
    assert a_chance.random() == b_chance.random() and a_bots[1].random() == b_bots[1].random()
    c_chance, c_bots = split_rngs(3, 2)
    assert len({c_chance.random(), c_bots[0].random(), c_bots[1].random()}) == 3
    for bad in (1.5, True, [1]):
        with pytest.raises(TypeError, match="seed"):
            split_rngs(bad, 2)


def _prophecies(game, bot_rngs_for):
    """(right guesses, guesses) of a bot that copies its generator to predict the next draw."""

    class Prophet:
        name = "prophet"

        def choose(self, observation, legal_actions, rng):
            self.guess = random.Random()
            self.guess.setstate(rng.getstate())
            return legal_actions[0]

    prophet, hits, tries = Prophet(), 0, 0
    chance_rng = random.Random(1)
    bot_rngs = bot_rngs_for(chance_rng)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            before = state.current_player
            state = step(state, [prophet] * game.players, chance_rng, bot_rngs)
            if before != CHANCE and state.current_player == CHANCE \
                    and len(state.chance_outcomes()) > 1:
                # the best prediction: sample exactly as the engine does, from the copied generator
                predicted = chance_distribution(state._chance_outcomes()).sample(prophet.guess)
                state = step(state, [prophet] * game.players, chance_rng, bot_rngs)
                hits += str(predicted) == state.history[-1]
                tries += 1
    return hits, tries


def test_a_bot_copying_its_generator_cannot_foresee_the_next_draw():
    """The issue's exploit: copy the generator, predict the next card."""
    game = load_game("boo_to_the_goose", players=3)
    hits, tries = _prophecies(game, lambda chance: [chance] * game.players)
    assert tries > 30 and hits == tries  # a shared generator: the prophet is always right
    hits, tries = _prophecies(game, lambda chance: split_rngs(chance, game.players)[1])
    assert tries > 30 and hits < 0.8 * tries  # its own generator: a guess like any other
