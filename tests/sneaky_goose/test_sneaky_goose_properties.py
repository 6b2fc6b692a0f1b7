"""Properties of random games for 2-6 players (hypothesis): every card accounted for, observations
hold no unseen value, the move log names no hidden card, illegal actions change nothing, saves
replay, indistinguishable positions look the same to a seat."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from goose_widgets import IllegalActionError, state_from_json
from goose_widgets.engine import sample_outcome_fast
from goose_widgets.games.sneaky_goose.registry import BOTS
from goose_widgets.games.sneaky_goose.rules import Action, Game, State
from goose_widgets.games.sneaky_goose.widget import describe, render
from goose_widgets.ui.seat_view import game_view
from goose_widgets.ui.svg import labels_in
from goose_widgets.ui.words import seat_words

from .sneaky_helpers import hidden_twin

PROBES = [Action("slam", 0, 0), Action("honk"), Action("take draw pile"), Action("play it"),
          Action("pass"), Action("give", 0, 0, 1), Action("swap into", 0, 5)]


def random_game(players: int, seed: int, bot: str = "random", rounds: int = 1):
    """Yield every state of a seeded game (chance sampled, all seats played by one kind of bot)."""
    rng = random.Random(seed)
    bots = [BOTS[bot]() for _ in range(players)]
    state = Game(players=players, rounds=rounds).new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
        else:
            seat = state.current_player
            state = state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rng))
        yield state


def public_labels(state: State) -> set[str]:
    """Cards that are face up or known to every seat: the only ones the log may name."""
    deck, everyone = state.game.deck, state.game.all_seats
    labels = {deck[state.top].label} if state.top is not None else set()
    if state.held is not None and state.held_from == "play pile":
        labels.add(deck[state.held].label)
    labels |= {deck[slot[0]].label for grid in state.grids for slot in grid
               if slot is not None and slot[1] == everyone}
    return labels


@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), bot=st.sampled_from(["random", "memory"]))
def test_every_card_is_accounted_for_and_no_observation_holds_an_unseen_value(players, seed, bot):
    full = Game(players=players).full_counts
    for state in random_game(players, seed, bot):
        assert state.card_counts() == full and sum(full) == 54
        revealed = state.phase in ("round over", "game over")
        for seat in range(players):
            seen = state.observation(seat)
            for owner, grid in enumerate(seen.grids):
                for place, view in enumerate(grid):
                    assert (view is None) == (state.grids[owner][place] is None)
                    if view is not None:
                        knows = revealed or state.knows(seat, owner, place)
                        assert (view.value is not None) == knows
                        if knows:
                            assert view.value == state.grid_values(owner)[place]
            if seen.held is not None:
                assert state.held_from == "play pile" or seat == state.turn
        labels = public_labels(state)
        for line in state.events:
            for card in state.game.deck:
                if card.label in line:
                    assert card.label in labels, f"the log names a hidden card: {line}"


@settings(max_examples=25)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_actions_and_outcomes_are_unique_and_illegal_actions_change_nothing(players, seed):
    for number, state in enumerate(random_game(players, seed)):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert len({str(o) for o, _ in outcomes}) == len(outcomes)
            continue
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts)
        assert all(a.verb not in ("slam", "pass") for a in legal) or state.phase == "slam window"
        if number % 7:
            continue
        before = state.to_json()
        for probe in PROBES:
            if probe not in legal:
                try:
                    state.apply(probe)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{probe} was accepted in phase {state.phase}")
        assert state.to_json() == before


@settings(max_examples=15)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_a_saved_game_replays_to_the_same_state(players, seed):
    states = list(random_game(players, seed, rounds=2))
    for state in (states[len(states) // 3], states[-1]):
        again = state_from_json(state.to_json())
        assert again == state and again.observation(0) == state.observation(0)


@settings(max_examples=25)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 200),
       memory=st.booleans())
def test_what_a_seat_has_not_seen_changes_nothing_it_is_shown(players, seed, steps, memory):
    rng = random.Random(seed)
    states = list(random_game(players, seed, "memory"))
    state = states[min(steps, len(states) - 1)]
    viewer = rng.randrange(players)
    twin = hidden_twin(state, viewer, rng)
    if twin is None:
        return
    assert twin != state and twin.observation(viewer) == state.observation(viewer)
    legal = state.legal_actions() if state.current_player == viewer else []
    assert twin.legal_actions() == state.legal_actions()
    assert render(twin.observation(viewer), legal, memory=memory) == \
        render(state.observation(viewer), legal, memory=memory)
    # the words a screen reader says (labels in the SVG, the text mode's position) must not differ
    svg = render(state.observation(viewer), legal, memory=memory)
    assert labels_in(render(twin.observation(viewer), legal, memory=memory)) == labels_in(svg)
    names = [f"Player {s + 1}" for s in range(players)]
    assert describe(twin.observation(viewer), names) == describe(state.observation(viewer), names)
    # and everything a board's script may say or offer to type (issue 32)
    view = game_view("sneaky_goose")
    assert seat_words(view, twin.observation(viewer), legal, names, svg, seat=viewer, status="", log=[]) \
        == seat_words(view, state.observation(viewer), legal, names, svg, seat=viewer, status="", log=[])
    bot = BOTS["memory"]()
    if legal:
        assert bot.choose(twin.observation(viewer), legal, random.Random(1)) == \
            bot.choose(state.observation(viewer), legal, random.Random(1))
