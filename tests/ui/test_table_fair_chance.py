"""A table's bots cannot foresee or change chance (issue 10 §1), in all four games.

Chance draws from a generator derived from the seed; each bot from one of its own.  Two tables with
the same seed, whose bots make the same choices but draw different amounts of numbers from their
generators, meet exactly the same dice and cards.
"""

from __future__ import annotations

import pytest

from goose_widgets import play

PLAYERS = {"game_of_the_goose": 3, "boo_to_the_goose": 3, "sneaky_goose": 3, "boo": 2}


class FirstChoiceBot:
    """Always the first legal action, after drawing ``extra`` numbers from its own generator."""

    name = "first"

    def __init__(self, extra: int) -> None:
        self.extra = extra
        self.generators: set[int] = set()

    def choose(self, observation, legal_actions, rng):
        self.generators.add(id(rng))
        for _ in range(self.extra):
            rng.random()
        return legal_actions[0]


def chance_outcomes(table) -> list[str]:
    return [str(after.history[-1]) for before, after in zip(table.states, table.states[1:])
            if before.is_chance_node()]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_what_a_bot_draws_never_changes_the_dice_or_the_cards(name):
    games = []
    for extra in (0, 3, 17):
        bots = [FirstChoiceBot(extra) for _ in range(PLAYERS[name])]
        table = play(name, bots, seed=21, bot_delay=0)
        assert table.state.is_terminal() or len(table.states) > 50
        assert all(len(bot.generators) == 1 for bot in bots)
        assert len({next(iter(bot.generators)) for bot in bots} | {id(table.rng)}) == len(bots) + 1
        games.append((chance_outcomes(table), [str(a) for a in table.state.history]))
    outcomes = [g[0] for g in games]
    print(f"{name}: {len(outcomes[0])} chance outcomes, identical for bots drawing 0, 3 and 17 numbers")
    assert outcomes[0] and outcomes[0] == outcomes[1] == outcomes[2]
    assert games[0][1] == games[1][1] == games[2][1]


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    def game(seed):
        table = play("boo_to_the_goose", ["random"] * 3, seed=seed, bot_delay=0)
        return [str(a) for a in table.state.history]

    assert game(5) == game(5) and game(5) != game(6)
