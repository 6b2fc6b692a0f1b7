"""`apply` applies the legal object itself and refuses look-alikes and junk (issue 10 §2-3);
chance distributions are prepared once; `_replace`; bots that skip their observation."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import pytest

from goose_widgets.engine import IllegalActionError, RandomBot, load_game, playout, registry
from goose_widgets.engine.actions import show
from goose_widgets.engine.chance import chance_distribution
from goose_widgets.engine.core import StateBase

from . import toy_game


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "tests.engine.toy_game")


class Text(str):
    pass


class Unprintable:
    def __str__(self):
        raise IndexError("no such card")

    __repr__ = __str__


def test_the_legal_object_is_applied_and_look_alikes_are_refused():
    start = toy_game.Game().new_initial_state()
    legal = start.legal_actions()[0]
    after = start.apply("step " + "1")  # an equal str built elsewhere is the same value
    assert after.history == (str(legal),)
    with pytest.raises(IllegalActionError, match="equals step 1 but is a Text where the rules use a str"):
        start.apply(Text("step 1"))
    with pytest.raises(IllegalActionError, match="cannot be compared") as refused:
        start.apply(["step 1"])
    assert "allowed: step 1, step 2" in str(refused.value)
    with pytest.raises(IllegalActionError, match="<a Unprintable object> is not allowed"):
        start.apply(Unprintable())
    assert start.history == () and start == toy_game.Game().new_initial_state()


def test_game_actions_with_float_or_bool_fields_are_refused_with_the_reason():
    state = load_game("game_of_the_goose", players=2).new_initial_state()
    state = state.apply(state.legal_actions()[0])
    dice = state.chance_outcomes()[8][0]  # 2+3
    for twin, kind in ((type(dice)(2.0, 3), "float"), (type(dice)(2, 3.0), "float")):
        with pytest.raises(IllegalActionError,
                           match=f"equals 2\\+3 but has a {kind} where the rules use an int"):
            state.apply(twin)
    one = state.chance_outcomes()[0][0]
    with pytest.raises(IllegalActionError, match="has a bool"):
        state.apply(type(one)(True, 1))
    assert state.apply(type(dice)(2, 3)).history[-1] == "2+3"


def test_show_never_fails_and_keeps_messages_short():
    assert show(Unprintable()) == "<a Unprintable object>"
    assert show("x" * 1000).endswith("…") and len(show("x" * 1000)) == 100
    assert show(3) == "3"


def test_each_chance_distribution_is_prepared_once_and_sampled_with_its_probabilities():
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3))]
    prepared = chance_distribution(outcomes)
    assert chance_distribution(outcomes) is prepared  # the same list: the same preparation
    assert chance_distribution(list(outcomes)) is not prepared
    assert prepared.cumulative[-1] == pytest.approx(1.0)
    rng = random.Random(3)
    counts = Counter(prepared.sample(rng) for _ in range(60_000))
    for outcome, probability in outcomes:
        assert counts[outcome] / 60_000 == pytest.approx(float(probability), abs=0.01)
    assert chance_distribution([("only", Fraction(1))]).sample(rng) == "only"


def test_chance_outcomes_hands_out_a_copy():
    state = toy_game.Game().new_initial_state().apply("step 1")
    outcomes = state.chance_outcomes()
    outcomes.clear()
    assert len(state.chance_outcomes()) == 2


@dataclass(frozen=True)
class Counted(StateBase):
    value: int

    @cached_property
    def doubled(self) -> int:
        return 2 * self.value


@dataclass(frozen=True)
class Checked(StateBase):
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def test_replace_copies_fields_but_not_cached_values_and_runs_post_init():
    a = Counted(value=2)
    assert a.doubled == 4
    b = a._replace(value=5)
    assert b.value == 5 and b.doubled == 10 and a.doubled == 4
    with pytest.raises(TypeError, match="no field"):
        a._replace(colour=1)
    with pytest.raises(ValueError, match="negative"):
        Checked(value=1)._replace(value=-1)
    assert Checked(value=1)._replace(value=3).value == 3


def test_bots_that_do_not_need_observations_get_none_others_get_theirs():
    seen: dict[str, list] = {"blind": [], "plain": []}

    class Blind:
        name = "blind"
        needs_observation = False

        def choose(self, observation, legal_actions, rng):
            seen["blind"].append(observation)
            return legal_actions[0]

    class Plain:  # no needs_observation attribute: it gets its observation
        name = "plain"

        def choose(self, observation, legal_actions, rng):
            seen["plain"].append(observation)
            return legal_actions[-1]

    playout(toy_game.Game().new_initial_state(), [Blind(), Plain()], rng=1)
    assert seen["blind"] and all(o is None for o in seen["blind"])
    assert seen["plain"] and all(o is not None and o[3] == 7 for o in seen["plain"])
    assert RandomBot.needs_observation is False


def test_a_bot_changing_its_list_of_legal_actions_cannot_smuggle_a_move_in():
    class Smuggler:
        name = "smuggler"

        def choose(self, observation, legal_actions, rng):
            legal_actions.append("step 9")
            return "step 9"

    with pytest.raises(IllegalActionError, match="step 9 is not allowed"):
        playout(toy_game.Game().new_initial_state(), [Smuggler(), Smuggler()], rng=1)
