"""BOO bots: legal answers from observations, greedy's choice is the engine's best, look-ahead."""

from __future__ import annotations

import random

import pytest

from goose_widgets import bots_for, load_game
from goose_widgets.engine import RandomBot, sample_outcome_fast, simulate
from goose_widgets.games.boo.bots import GreedyBot, LookaheadBot
from goose_widgets.games.boo.examples import tip_2_start
from goose_widgets.games.boo.registry import BOTS


def states_of_a_game(seed: int, placements: int):
    rng = random.Random(seed)
    state = load_game("boo", players=2).new_initial_state()
    while state.placements < placements or state.current_player < 0:
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_chance_node() and not state.pending:
            yield state


def best_difference(state, seat: int) -> int:
    """The engine's best score difference after a placement, over every scare order."""
    if state.pending:
        return max(best_difference(state.apply(a), seat) for a in state.legal_actions())
    black, white = state.scores()
    return black - white if seat == 0 else white - black


def test_registry_lists_the_bots():
    assert set(bots_for("boo")) == {"random", "greedy", "lookahead", "expert"} == set(BOTS)


@pytest.mark.parametrize("seed", [0, 1])
def test_greedy_takes_a_best_immediate_placement(seed):
    state = list(states_of_a_game(seed, 6))[-1]
    seat = state.current_player
    legal = state.legal_actions()
    choice = GreedyBot().choose(state.observation(seat), legal, random.Random(0))
    assert choice in legal
    values = {a: best_difference(state.apply(a), seat) for a in legal}
    assert values[choice] == max(values.values())


def test_greedy_chooses_the_better_scare_order():
    bot = GreedyBot()
    state = tip_2_start().apply_str("place K1 at (5,0) rot 0 front")
    for seed in range(3):
        choice = bot.choose(state.observation(0), state.legal_actions(), random.Random(seed))
        # (5,2) first, or the harmless (5,1) first and (5,2) next: the better graveyard stays reachable
        assert str(choice) != "scare with ghost at (5,0)"
        assert best_difference(state.apply(choice), 0) == best_difference(state, 0)


def test_lookahead_answers_legally_all_game_long():
    game = load_game("boo", players=2)
    result = simulate(game, 1, [LookaheadBot(width=4), RandomBot()], seed=3, progress=False)
    assert result.records[0].scores[0] > result.records[0].scores[1]


def test_three_plies_answer_legally():
    state = list(states_of_a_game(7, 8))[-1]
    seat = state.current_player
    choice = LookaheadBot(width=3, plies=3).choose(state.observation(seat), state.legal_actions(),
                                                   random.Random(0))
    assert choice in state.legal_actions()


def test_lookahead_sees_the_reply_coming():
    # Everything visible: the look-ahead bot never scores worse after the reply than greedy's move
    for state in list(states_of_a_game(4, 10))[-1:]:
        seat = state.current_player
        obs = state.observation(seat)
        greedy = GreedyBot().choose(obs, state.legal_actions(), random.Random(1))
        look = LookaheadBot(width=None).choose(obs, state.legal_actions(), random.Random(1))
        after = {a: LookaheadBot._after_reply(_box_after(state, a), obs, obs.hands[1 - seat],
                                              "B" if seat == 0 else "W") for a in (greedy, look)}
        assert after[look] >= after[greedy]


def _box_after(state, action):
    after = state.apply(action)
    while after.pending:
        after = after.apply(max(after.legal_actions(), key=lambda a: best_difference(after.apply(a),
                                                                                       state.current_player)))
    return after.graveyard.sandbox()


def test_greedy_beats_random():
    game = load_game("boo", players=2)
    result = simulate(game, 4, [GreedyBot(), RandomBot()], seed=2, progress=False, rotate_seats=True)
    assert result.win_counts()[0] == 4


@pytest.mark.parametrize("seed", [4, 9])
def test_replies_kept_from_before_my_move_are_the_replies_worked_out_afresh(seed):
    # the look-ahead reuses the opponent's replies traced once per move (`_Replies`) wherever my
    # candidate changed nothing they looked at; after every candidate the best reply must be the
    # one a search from scratch finds
    from goose_widgets.games.boo.bots import _candidates, _footprints, _Replies
    from goose_widgets.games.boo.rules import footprints_after, key_of, make_placed

    checked = 0
    for state in list(states_of_a_game(seed, 14))[-6:]:
        seat = state.current_player
        obs = state.observation(seat)
        me, them = ("B", "W") if seat == 0 else ("W", "B")
        reply_card = obs.hands[1 - seat]
        box = obs.graveyard.sandbox()
        legal = state.legal_actions()
        footprints = _footprints(legal)
        spec = obs.card(legal[0].card)
        replies = _Replies(box, footprints, obs.card(reply_card), them)
        for place, _, order in list(_candidates(box, footprints, spec, me))[::7]:
            card = make_placed(spec, place.row, place.col, place.rotation, place.side)
            squares = tuple(map(key_of, card.squares))
            active = box.place(squares, card.tokens)
            flipped = box.run(order, active)
            replies.changed(box, squares, flipped)
            after = footprints_after(footprints, box.tokens, squares)  # the legal places now
            assert set(after) == {f for f in replies.table if f not in replies.covered} | set(replies.new)
            kept = LookaheadBot._reply(box, obs, reply_card, me, known=replies)[0]
            assert kept == LookaheadBot._after_reply(box, obs, reply_card, me)
            box.undo(reversed(flipped))
            box.unplace()
            checked += 1
    assert checked > 100
