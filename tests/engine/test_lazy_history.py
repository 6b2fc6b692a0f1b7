"""History and move log are built lazily (apply stores a link and a callable) yet read the same."""

from __future__ import annotations

import copy
import pickle

import pytest

from goose_widgets.engine import playout, registry

from . import toy_game


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "tests.engine.toy_game")


def test_history_is_the_tuple_of_action_strings_in_order():
    state = toy_game.Game().new_initial_state()
    steps = ["step 2", "coin 1", "step 1", "coin 0", "step 2"]
    seen = []
    for text in steps:
        state = state.apply_str(text)
        seen.append(text)
        assert state.history == tuple(seen) and state.history_length == len(seen)
    assert isinstance(state.history, tuple)
    # reading a middle state first, then a later one, gives the same answers
    a = toy_game.Game().new_initial_state().apply("step 1").apply("coin 1")
    b = a.apply("step 2")
    assert a.history == ("step 1", "coin 1") and b.history == ("step 1", "coin 1", "step 2")


def test_a_lazy_move_log_is_built_only_when_read_and_then_once():
    calls = []
    original = toy_game.State._next

    def counting_next(self, action):
        nxt, events = original(self, action)
        if callable(events):
            def counted():
                calls.append(action)
                return events()
            return nxt, counted
        return nxt, events

    toy_game.State._next = counting_next
    try:
        final = playout(toy_game.Game().new_initial_state(), rng=5)
        assert calls == []  # no playout reads the move log
        state = toy_game.Game().new_initial_state().apply("step 1").apply("coin 1")
        assert calls == []
        assert state.events == ("coin 1: seat 0 now on 2",) and state.events == state.events
        assert calls == ["coin 1"]
        assert final.history_length == len(final.history) > 0
    finally:
        toy_game.State._next = original


def test_long_histories_are_read_without_recursion():
    state = toy_game.Game(target=10**6).new_initial_state()
    for _ in range(5000):
        state = state.apply("step 1").apply("coin 0")
    assert len(state.history) == 10_000 and state.history[-2:] == ("step 1", "coin 0")


def test_pickles_and_copies_carry_history_and_events():
    state = toy_game.Game().new_initial_state().apply("step 2").apply("coin 1")
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert twin == state and twin.history == state.history and twin.events == state.events


def test_states_built_with_history_and_events_keep_them():
    start = toy_game.Game().new_initial_state()
    built = toy_game.State(game=start.game, positions=(1, 0), to_move=1, pending=None, secret=7,
                           history=("step 1", "coin 0"), events=("hello",))
    assert built.history == ("step 1", "coin 0") and built.events == ("hello",)
    assert built.apply("step 1").history == ("step 1", "coin 0", "step 1")


def test_history_reads_agree_whichever_state_is_read_first():
    # a read replaces the newest link by the built tuple; states after it and branches beside it
    # must still give their own histories
    start = toy_game.Game().new_initial_state()
    a = start.apply("step 1").apply("coin 1")
    b, c = a.apply("step 2"), a.apply("step 1")
    d = b.apply("coin 0")
    assert d.history_length == 4 and d.history == ("step 1", "coin 1", "step 2", "coin 0")
    assert a.history == ("step 1", "coin 1")  # read after a later state was built from it
    assert c.history == ("step 1", "coin 1", "step 1") and c.history_length == 3
    e = d.apply("step 1")
    assert e.history_length == 5 and e.history[:4] == d.history
    assert pickle.loads(pickle.dumps(e)).history == e.history
    assert copy.deepcopy(e).history == e.history
