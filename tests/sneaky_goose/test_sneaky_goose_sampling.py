"""A card drawn by a playout without building the pile's outcome list (``State._sample_chance``) is
the card the engine's prepared distribution would draw, with the same random numbers used: seeded
games stay the same game however chance is sampled."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from goose_widgets.engine import RandomBot, playout, step
from goose_widgets.engine.chance import chance_distribution
from goose_widgets.engine.play import split_rngs
from goose_widgets.games.sneaky_goose.bots import MemoryBot
from goose_widgets.games.sneaky_goose.deck import DECK, CardType
from goose_widgets.games.sneaky_goose.rules import Game

EDITIONS = {
    "standard": Game(players=4),
    # an edition with many copies of few kinds: long runs of kinds with no copy left, big piles
    "teacher's": Game(players=3, deck=(CardType("Sneaky Goose", -1, 9), CardType("Grey Goose", 2, 1),
                                      CardType("Magic Goose", 12, 30, DECK[-1].action))),
}


@st.composite
def piles(draw: st.DrawFn) -> tuple[Game, tuple[int, ...]]:
    """An edition and a draw pile of it that holds at least one card (some kinds often run out)."""
    game = EDITIONS[draw(st.sampled_from(sorted(EDITIONS)))]
    gone = draw(st.floats(0, 1))  # how likely a kind is to have no copy left
    counts = tuple(0 if draw(st.floats(0, 1)) < gone else draw(st.integers(0, copies))
                   for copies in game.full_counts)
    if not sum(counts):
        only = draw(st.integers(0, len(counts) - 1))
        counts = tuple(int(kind == only) for kind in range(len(counts)))
    return game, counts


@settings(max_examples=400)
@given(pile=piles(), seed=st.integers(0, 2**64))
def test_a_card_sampled_without_the_outcome_list_is_the_one_the_engine_would_draw(pile, seed):
    game, counts = pile
    state = game.new_initial_state()._replace(phase="draw", draw=counts)
    engine_rng, own_rng = random.Random(seed), random.Random(seed)
    expected = chance_distribution(state._chance_outcomes()).sample(engine_rng)
    assert state._sample_chance(own_rng) is expected
    assert own_rng.getstate() == engine_rng.getstate()  # as many numbers drawn (none for one kind)


def test_a_pile_of_one_kind_gives_that_kind_without_a_draw():
    game = Game(players=2)
    counts = tuple(3 if kind == 9 else 0 for kind in range(len(game.deck)))
    rng = random.Random(7)
    before = rng.getstate()
    card = game.new_initial_state()._replace(phase="draw", draw=counts)._sample_chance(rng)
    assert card is game.outcomes[9] and rng.getstate() == before


def _stepped(game: Game, bots: list, seed: int):
    """The seeded game played by `step`, which samples every chance node from its outcome list."""
    chance_rng, bot_rngs = split_rngs(seed, game.players)
    state = game.new_initial_state()
    while not state.is_terminal():
        state = step(state, bots, chance_rng, bot_rngs)
    return state


def test_a_playout_is_the_same_game_as_one_sampled_from_the_outcome_lists():
    for players, rounds, bot in ((4, 2, RandomBot), (3, 1, MemoryBot), (6, 1, RandomBot)):
        game = Game(players=players, rounds=rounds)
        for seed in range(6):
            bots = [bot() for _ in range(players)]
            fast = playout(game.new_initial_state(), bots, seed)
            slow = _stepped(game, [bot() for _ in range(players)], seed)
            assert fast.history == slow.history and fast.scores() == slow.scores()


class _Fixed(random.Random):
    """A generator whose every draw is ``value``: the ends of what ``random()`` returns, and 1.0, which
    it never does, to pin the engine's upper bound (the last card left, never an empty kind)."""

    def __init__(self, value: float):
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


@settings(max_examples=200)
@given(pile=piles(), value=st.sampled_from([0.0, 0.5, 1 - 2**-53, 1.0]))
def test_the_ends_of_the_random_range_give_the_engines_card(pile, value):
    game, counts = pile
    state = game.new_initial_state()._replace(phase="draw", draw=counts)
    expected = chance_distribution(state._chance_outcomes()).sample(_Fixed(value))
    assert state._sample_chance(_Fixed(value)) is expected
