"""The compact chain of the exact analysis: learned from the engine, and proved equal to it."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from goose_widgets.engine import sample_outcome_fast
from goose_widgets.games.game_of_the_goose import analysis
from goose_widgets.games.game_of_the_goose.exact.chain_proof import check_chain, check_positions, engine_steps
from goose_widgets.games.game_of_the_goose.exact.compact_chain import build_chain, position_code
from goose_widgets.games.game_of_the_goose.exact.turn_pieces import WIN, FactorisationError, learn_pieces
from goose_widgets.games.game_of_the_goose.rules import ROLL, Game


@pytest.fixture(scope="module")
def two():
    return build_chain(2)


def random_positions(players: int, count: int, seed: int) -> list:
    """Positions where a pawn is about to roll, from seeded random games (reachable by construction)."""
    rng = random.Random(seed)
    game, found = Game(players=players), []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state = state.apply(sample_outcome_fast(state, rng))
            else:
                if rng.random() < 0.3:
                    found.append(state)
                state = state.apply(ROLL)
    return found


def test_the_throws_fall_into_twelve_classes_weighted_out_of_36():
    pieces = learn_pieces(2)
    totals = [{d.total for d in members} for members in pieces.classes]
    assert all(len(t) == 1 for t in totals) and int(pieces.weights.sum()) == 36
    assert sorted(t.pop() for t in totals) == [2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 11, 12]
    nines = [{str(d) for d in members} for members in pieces.classes if members[0].total == 9]
    assert sorted(map(sorted, nines)) == [["3+6", "6+3"], ["4+5", "5+4"]]  # the opening rolls (G4)


def test_the_learned_first_move_is_the_engines_first_roll():
    pieces = learn_pieces(1)
    opening = pieces.code_of[0, 0, False]
    where: dict[int, Fraction] = {}
    for d, members in enumerate(pieces.classes):
        moved = int(pieces.alone[opening, d])
        assert moved != WIN
        square = pieces.pawns[moved][0]
        where[square] = where.get(square, Fraction(0)) + Fraction(len(members), 36)
    assert where == analysis.first_roll_squares()


def test_the_chain_has_the_positions_of_the_python_state_chain(two):
    # the figures of the earlier chain of Python states (one per position at a roll)
    assert (len(build_chain(1).codes), two.size, two.transitions) == (45, 4145, 39568)
    full = two.matrix()
    assert (np.asarray(full.sum(axis=1)).ravel() == 36).all()
    assert two.start == two.row(position_code(two.pieces, Game(players=2).new_initial_state()))
    to_move, codes = two.position(two.start)
    assert two.pieces.state(to_move, codes).positions == (0, 0)


def test_every_two_player_position_agrees_with_the_engine(two):
    assert check_chain(two) == 36 * 4145


def test_three_player_positions_agree_with_the_engine():
    three = build_chain(3)
    assert (three.size, three.transitions) == (289_692, 2_764_815)
    rows = random.Random(3).sample(range(three.size), 1500)
    assert check_chain(three, rows) == 36 * 1500


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_factorised_turn_agrees_with_the_engine_at_bigger_tables(players):
    states = random_positions(players, 400, seed=players)
    pieces = learn_pieces(players)
    assert len({position_code(pieces, s) for s in states}) > 300  # not the same few positions
    assert check_positions(pieces, states) == 36 * 400


def test_a_wrong_weight_in_the_chain_is_caught(two):
    matrix = two.matrices[0][0]
    saved = matrix.data[0]
    matrix.data[0] += 1
    try:
        with pytest.raises(FactorisationError, match="row 0"):
            check_chain(two, [0])
    finally:
        matrix.data[0] = saved


def test_a_wrong_move_table_is_caught():
    pieces = learn_pieces(2)
    states = random_positions(2, 200, seed=5)
    first = states[0]
    mover = pieces.code_of[first.positions[first.to_move], 0, first.opened[first.to_move]]
    changed = pieces.alone[mover].copy()
    pieces.alone[mover] = np.where(changed >= 0, pieces.code_of[0, 0, True], changed)  # all to 0
    with pytest.raises(FactorisationError):
        check_positions(pieces, states)


def test_engine_steps_count_every_throw_once():
    pieces = learn_pieces(3)
    state = Game(players=3).new_initial_state()
    steps = engine_steps(pieces, state)
    assert sum(steps.values()) == 36 and all(rounds == 0 for _, rounds in steps)


def test_the_adult_variation_is_refused():
    with pytest.raises(ValueError, match="coins"):
        build_chain(2, coins=10)
