"""Property tests over random games, illegal actions and saves."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from goose_widgets import IllegalActionError, InvalidSaveError, state_from_json
from goose_widgets.games.game_of_the_goose.rules import FINISH, State

from .goose_helpers import game, throw

games = st.builds(lambda players, coins, well_turns: game(players=players, coins=coins,
                                                          well_turns=well_turns),
                  st.integers(1, 6), st.sampled_from([None, None, 1, 3, 10]),
                  st.sampled_from([None, None, 0, 2]))


def random_game(g, seed):
    """Every state of one random game (dice sampled with the engine's probabilities)."""
    rng = random.Random(seed)
    states = [g.new_initial_state()]
    while not states[-1].is_terminal():
        state = states[-1]
        if state.is_chance_node():
            outcome = rng.choice(state.chance_outcomes())[0]
        else:
            outcome = rng.choice(state.legal_actions())
        states.append(state.apply(outcome))
        assert len(states) < 20_000
    return states


@given(games, st.integers(0, 10**6))
def test_pawns_stay_on_0_to_63_and_share_no_square_but_0(g, seed):
    for state in random_game(g, seed):
        assert all(0 <= p <= FINISH for p in state.positions)
        standing = [p for p, out in zip(state.positions, state.out) if p > 0 and not out]
        assert len(standing) == len(set(standing)), state
        assert all(0 <= owed <= 10 for owed in state.owed)
        if g.coins is not None:
            assert sum(state.coins) + state.kitty == g.coins * g.players  # coins are kept


@given(games, st.integers(0, 10**6))
def test_exactly_one_winner_or_none(g, seed):
    final = random_game(g, seed)[-1]
    returns = final.returns()
    assert sum(returns) in (0, 1) and set(returns) <= {0, 1}
    if final.winner is None:
        assert returns == [0] * g.players
        in_game = [s for s in range(g.players) if not final.out[s]]
        held = [final.observation(0).held[s] for s in in_game]
        assert all(held) or not in_game  # G15, or everybody out
    else:
        assert final.positions[final.winner] == FINISH or (
            g.coins is not None and sum(not out for out in final.out) == 1)
        assert final.scores() == (list(final.coins) if g.coins else list(final.positions))


@given(games, st.integers(0, 10**6), st.data())
def test_a_save_replays_to_the_same_game(g, seed, data):
    states = random_game(g, seed)
    state = data.draw(st.sampled_from(states))
    again = State.from_json(state.to_json())
    assert again == state and again.history == state.history and again.events == state.events
    assert g.from_json(state.to_json()) == state


@given(st.integers(0, 10**6))
def test_apply_leaves_the_old_state_unchanged(seed):
    states = random_game(game(players=3), seed)
    snapshots = [(s, s.positions, s.owed, s.to_move, s.rolling, s.round_number) for s in states]
    rng = random.Random(seed)
    for state, *fields in snapshots:
        if state.is_terminal():
            continue
        state.apply(rng.choice(state.legal_actions() or [o for o, _ in state.chance_outcomes()]))
        assert [state.positions, state.owed, state.to_move, state.rolling, state.round_number] == fields


def test_illegal_actions_name_what_is_allowed_and_change_nothing():
    start = game(players=2).new_initial_state()
    with pytest.raises(IllegalActionError, match="allowed: roll"):
        start.apply("6+3")
    with pytest.raises(IllegalActionError, match="possible: roll"):
        start.apply_str("move")
    rolling = start.apply_str("roll")
    with pytest.raises(IllegalActionError, match="1\\+1, 1\\+2"):
        rolling.apply_str("7+1")
    with pytest.raises(IllegalActionError):
        rolling.apply_str("roll")
    assert start == game(players=2).new_initial_state() and start.history == ()
    assert rolling.history == ("roll",) and rolling.is_chance_node()
    over = throw(game(players=1).state_at((61,)), "1+1")
    with pytest.raises(IllegalActionError, match="game is over"):
        over.apply_str("roll")


def _save(history, **params):
    return json.dumps({"format": "goose_widgets/save/1", "game": "game_of_the_goose",
                       "params": {"players": 2, "coins": None, "well_turns": None, **params},
                       "history": history})


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    (_save(["roll", "6+3", "roll", "0+7"]), "step 4"),
    (_save(["6+3"]), "step 1"),
    (_save(["roll", "roll"]), "step 2"),
    (_save(["roll", 5]), "list of strings"),
    (_save(["roll"], players=9), "invalid game"),
    (_save(["roll"], coins="lots"), "invalid game"),
    (_save(["roll"], colour="red"), "unknown parameter"),
    (json.dumps({"format": "goose_widgets/save/1", "game": "chess", "params": {}, "history": []}),
     "invalid game"),
    (json.dumps({"format": "other", "game": "game_of_the_goose", "params": {}, "history": []}),
     "unknown save format"),
])
def test_malformed_or_tampered_saves_are_refused_clearly(text, message):
    with pytest.raises(InvalidSaveError, match=message):
        state_from_json(text)


def test_a_save_after_the_end_cannot_be_extended():
    real = random_game(game(players=2), 3)[-1]
    data = json.loads(real.to_json())
    data["history"].append("roll")
    with pytest.raises(InvalidSaveError, match="game is over"):
        state_from_json(json.dumps(data))


def test_a_save_from_another_game_configuration_is_refused_by_game_from_json():
    save = game(players=3).new_initial_state().apply_str("roll").to_json()
    with pytest.raises(InvalidSaveError, match="not for"):
        game(players=2).from_json(save)
