"""BOO rules: parameters, editions, geometry (O3), scaring (O4, O5, O5a), drawing (O2, O7), end (O6),
saves, and the ghost census of random games."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from goose_widgets import IllegalActionError, InvalidSaveError, load_game, state_from_json
from goose_widgets.engine import RandomBot, playout, sample_outcome_fast
from goose_widgets.games.boo.rules import (
    MAX_REACH,
    STANDARD_EDITION,
    STRIDE,
    Edition,
    Game,
    Place,
    flip_token,
    footprint,
    footprint_number,
    footprint_of,
    iter_ghosts,
    key_of,
    leaving,
    make_placed,
    parse_place,
    position,
    square_of,
)


def dealt(seed: int = 0, game: Game | None = None):
    """The state after set-up (both hands and top cards revealed)."""
    rng = random.Random(seed)
    state = (game or Game()).new_initial_state()
    while state.is_chance_node():
        state = state.apply(sample_outcome_fast(state, rng))
    return state


def random_states(seed: int, stop_at: int):
    """States of a seeded random game up to ``stop_at`` placements."""
    rng = random.Random(seed)
    state = Game().new_initial_state()
    states = [state]
    while not state.is_terminal() and state.placements < stop_at:
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


# --- parameters and editions (O1) -------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 3, 4])
def test_only_two_players(players):
    with pytest.raises(ValueError, match="exactly 2 players"):
        load_game("boo", players=players)


def test_bad_parameters_are_clear():
    with pytest.raises(TypeError):
        load_game("boo", players="2")
    with pytest.raises(ValueError, match="start_player"):
        load_game("boo", players=2, start_player=2)
    with pytest.raises(ValueError, match="unknown parameter"):
        load_game("boo", players=2, colour="red")
    with pytest.raises(ValueError, match="three squares"):
        load_game("boo", edition="K1 black B^ B^\nW1 white W^ W^ W^\nG1 gate T T T (0,0) (0,1) (0,2)")
    with pytest.raises(ValueError, match="same, non-zero size"):
        load_game("boo", edition="K1 black B^ B^ B^\nG1 gate T T T (0,0) (0,1) (0,2)")
    with pytest.raises(ValueError, match="in a line"):
        load_game("boo", edition="K1 black B^ B^ B^\nW1 white T T T\nG1 gate T T T (0,0) (0,1) (1,1)")
    with pytest.raises(TypeError, match="edition"):
        load_game("boo", edition=42)


def test_the_standard_edition_matches_the_rulings():
    cards = STANDARD_EDITION.by_name
    assert len(STANDARD_EDITION.deck(0)) == len(STANDARD_EDITION.deck(1)) == 12
    assert len(STANDARD_EDITION.gate) == 6
    swap = str.maketrans("BW", "WB")
    for n in range(1, 13):  # W1..W12 are K1..K12 with B and W exchanged, facings unchanged
        assert cards[f"W{n}"].squares == tuple(t.translate(swap) for t in cards[f"K{n}"].squares)
    gate = Game().gate()
    assert gate.count("B") == gate.count("W") == 6
    # a half turn with colours exchanged maps the gate onto itself (favours neither player)
    rmin, rmax, cmin, cmax = gate.bbox
    half_turn = {(rmax + rmin - r, cmax + cmin - c): flip_token(t) for (r, c), t in gate.tokens.items()}
    assert half_turn == gate.tokens



def test_the_gate_lies_exactly_as_the_rulings_table_says():
    # docs/boo.md, "The Graveyard Gate": squares (row, column) and contents, square by square
    table = {"G1": "(0,0) T (0,1) Bv (0,2) W^", "G2": "(0,3) Wv (0,4) T (0,5) B>",
             "G3": "(1,0) B< (2,0) W> (3,0) T", "G4": "(4,0) W< (4,1) T (4,2) B^",
             "G5": "(4,3) Bv (4,4) W^ (4,5) T", "G6": "(1,5) T (2,5) B< (3,5) W>"}
    laid = {card.name: " ".join(f"({r},{c}) {t}" for (r, c), t in zip(card.squares, card.tokens))
            for card in Game().gate().cards}
    assert laid == table


@pytest.mark.parametrize("facing, turned", [("^", ">v<"), (">", "v<^"), ("v", "<^>"), ("<", "^>v")])
def test_turning_a_card_clockwise_turns_each_facing_with_it(facing, turned):
    spec = Edition.from_table("probe", f"K1 black B{facing} T .\nW1 white T T T\n"
                                        "G1 gate T T T (0,0) (0,1) (0,2)").by_name["K1"]
    for rotation, expected in zip((90, 180, 270), turned):
        assert make_placed(spec, 0, 0, rotation, "front").tokens[0] == "B" + expected
        # the back: the other colour, facing the other way, turned the same
        assert make_placed(spec, 0, 0, rotation, "back").tokens[0] == flip_token("B" + expected)
    # square 0 lies left (rot 0), on top (90), right (180), at the bottom (270)
    assert [make_placed(spec, 0, 0, r, "front").squares[0] for r in (0, 90, 180, 270)] == [
        (0, 0), (0, 0), (0, 2), (2, 0)]

def test_another_edition_survives_save_and_load():
    table = ("K1 black B> W^ .\nK2 black B^ B^ B^\nW1 white W^ W^ W^\nW2 white T W> T\n"
             "G1 gate T Bv W^ (0,0) (0,1) (0,2)")
    game = load_game("boo", players=2, edition=table, start_player=1)
    final = playout(game.new_initial_state(), rng=3)
    assert final.placements == 4
    again = state_from_json(final.to_json())
    assert again == final and again.game == game
    params = json.loads(json.dumps(game.params()))
    assert load_game("boo", **params) == game
    assert isinstance(load_game("boo", **params).edition, Edition)


# --- set-up and drawing (O2, O7) --------------------------------------------------------------
def test_set_up_draws_are_chance_nodes_with_exact_fractions():
    state = Game().new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) for _, p in outcomes)
        sizes.append(len(outcomes))
        state = state.apply(outcomes[0][0])
    assert sizes == [12, 11, 12, 11]
    assert None not in state.hands and None not in state.tops
    assert state.current_player == 0 and state.scores() == [6, 6]


def test_after_a_turn_the_top_card_goes_to_hand_and_the_next_is_revealed():
    state = dealt(1)
    top = state.tops[0]
    after = state.apply(state.legal_actions()[0])
    while after.pending:
        after = after.apply(after.legal_actions()[0])
    assert after.hands[0] == top and after.tops[0] is None and after.is_chance_node()
    outcomes = after.chance_outcomes()
    assert [o.card for o, _ in outcomes] == list(after.unseen[0]) and len(outcomes) == 10
    assert all(p == Fraction(1, 10) for _, p in outcomes)


def test_observations_show_everything_but_the_deck_order():
    state = dealt(2)
    zero, one = state.observation(0), state.observation(1)
    assert zero.hands == one.hands == state.hands and zero.tops == one.tops
    assert zero.unseen == one.unseen and list(zero.unseen[0]) == sorted(zero.unseen[0])
    assert zero.graveyard == one.graveyard and zero.seat == 0 and one.seat == 1


# --- placement (O3) ---------------------------------------------------------------------------
def naive_footprints(state):
    """Every footprint by brute force over a box around the cards: 3 empty squares, one touching."""
    tokens = state.graveyard.tokens
    rmin, rmax, cmin, cmax = state.graveyard.bbox
    found = set()
    for r in range(rmin - 4, rmax + 4):
        for c in range(cmin - 4, cmax + 4):
            for vertical in (False, True):
                squares = [(r + i, c) if vertical else (r, c + i) for i in range(3)]
                if any(sq in tokens for sq in squares):
                    continue
                if any((a + dr, b + dc) in tokens for a, b in squares
                       for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                    found.add((r, c, vertical))
    return found


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_legal_placements_are_exactly_the_touching_empty_lines(seed):
    for state in random_states(seed, 24):
        if state.is_chance_node() or state.is_terminal() or state.pending:
            continue
        legal = state.legal_actions()
        found = {(a.row, a.col, a.rotation in (90, 270)) for a in legal}
        assert found == naive_footprints(state)
        assert len(legal) == 4 * len(found)  # two rotations on either side for each footprint
        assert len({str(a) for a in legal}) == len(legal)
        assert state.graveyard.footprints() == sorted(found)  # sorted by square, then vertical
        assert [(a.row, a.col) for a in legal] == sorted((a.row, a.col) for a in legal)


def test_square_numbers_keep_the_order_and_the_neighbours_of_squares():
    edges = (-MAX_REACH, -MAX_REACH + 1, -3, -1, 0, 1, 7, MAX_REACH - 1, MAX_REACH)
    squares = [(r, c) for r in edges for c in edges]
    assert [square_of(key_of(square)) for square in squares] == squares
    assert sorted(squares, key=key_of) == sorted(squares)
    assert len({key_of(square) for square in squares}) == len(squares)
    for r, c in squares:
        assert key_of((r, c + 1)) - key_of((r, c)) == 1 and key_of((r + 1, c)) - key_of((r, c)) == STRIDE
    feet = [(r, c, vertical) for r, c in squares for vertical in (False, True)]
    assert [footprint_of(footprint_number(f)) for f in feet] == feet
    assert sorted(feet, key=footprint_number) == sorted(feet)


def test_a_constructed_position_refuses_squares_beyond_reach():
    far = MAX_REACH  # the card would cover columns up to MAX_REACH + 2
    with pytest.raises(ValueError, match="rows and columns lie within"):
        position(placed=[f"place K1 at (0,{far}) rot 0 front"])
    near = position(placed=["place K1 at (-1,0) rot 0 front"], hands=("K2", "W1"))
    assert near.graveyard.tokens[(-1, 2)] == "B^"


def test_placement_geometry_and_rotation():
    spec = STANDARD_EDITION.by_name["K7"]  # B< B^ T
    assert make_placed(spec, 0, 0, 0, "front").tokens == ("B<", "B^", "T")
    assert make_placed(spec, 0, 0, 90, "front").squares == ((0, 0), (1, 0), (2, 0))
    assert make_placed(spec, 0, 0, 90, "front").tokens == ("B^", "B>", "T")
    assert make_placed(spec, 0, 0, 180, "front").squares == ((0, 2), (0, 1), (0, 0))
    assert make_placed(spec, 0, 0, 270, "back").tokens == ("W^", "W>", "T")  # back: W> Wv T
    assert footprint(5, 5, 270) == ((7, 5), (6, 5), (5, 5))
    assert str(parse_place("place K3 at (2,6) rot 90 back")) == "place K3 at (2,6) rot 90 back"


@pytest.mark.parametrize("move", [
    "place {card} at (0,0) rot 0 front",  # covers the gate
    "place {card} at (-1,2) rot 90 front",  # covers (0,2)
    "place {card} at (10,10) rot 0 front",  # touches nothing
    "place {card} at (-4,0) rot 90 back",  # ends one square short of the gate: no side touches
    "place {card} at (-1,0) rot 45 front",  # unknown rotation
    "place {card} at (-1,0) rot 0 upside",  # unknown side
    "place K99 at (-1,0) rot 0 front",  # not the card in hand
])
def test_illegal_placements_leave_the_state_untouched(move):
    state = dealt(3)
    before = (state, hash(state), state.history, state.to_json())
    text = move.format(card=state.hands[0])
    with pytest.raises(IllegalActionError, match="not possible here"):
        state.apply_str(text)
    with pytest.raises(IllegalActionError):
        state.apply(Place(state.hands[0], 0, 0, 45, "front"))
    assert (state, hash(state), state.history, state.to_json()) == before
    assert state.legal_actions()[0].card == state.hands[0]


def test_the_card_in_hand_is_the_only_card_to_place():
    state = dealt(4)
    other = state.tops[0]
    with pytest.raises(IllegalActionError):
        state.apply(Place(other, -1, 0, 0, "front"))


# --- scaring (O4, O5, O5a) --------------------------------------------------------------------
def outcome_of(state, move):
    after = state.apply_str(move)
    while after.pending:
        after = after.apply(after.legal_actions()[0])
    return after


def test_sight_passes_voids_and_own_colour_and_stops_at_tombstones():
    gate = Game().gate()
    # G1's black ghost at (0,1) faces down across the empty middle to the tombstone at (4,1)
    path, stop, outcome = gate.line_of_sight((0, 1))
    assert path == [(1, 1), (2, 1), (3, 1)] and stop == (4, 1) and outcome == "tombstone"
    # G4's black ghost at (4,2) faces up through voids to G1's white ghost at (0,2), which faces up
    assert gate.line_of_sight((4, 2))[1:] == ((0, 2), "flip")
    # G2's black ghost at (0,5) faces right: off the graveyard
    assert gate.line_of_sight((0, 5)) == ([], None, "nothing")
    # G6's white ghost at (3,5) faces right: nothing there either
    assert gate.line_of_sight((3, 5))[2] == "nothing"
    # G3's white ghost (2,0) faces right across the middle to G6's black ghost at (2,5), facing left
    assert gate.line_of_sight((2, 0))[1:] == ((2, 5), "faces back")


def test_a_scare_flips_the_whole_card_in_place():
    state = position(hands=("K1", None), to_move=0)
    # K1 turned 90 right of G6: its three ghosts face right, off the graveyard
    after = outcome_of(state, "place K1 at (1,6) rot 90 front")
    assert after.scores() == [9, 6] and {r.outcome for r in after.last_turn.scares} == {"nothing"}
    # K1 below G4 facing up: (5,0) scares G4's white ghost at (4,0), which faces left
    after = outcome_of(state, "place K1 at (5,0) rot 0 front")
    before_g4, after_g4 = state.graveyard.cards[3], after.graveyard.cards[3]
    assert [r.flipped for r in after.last_turn.scares] == ["G4", None, None]
    assert after_g4.squares == before_g4.squares and after_g4.side == "back"
    assert after_g4.tokens == tuple(flip_token(t) for t in before_g4.tokens) == ("B>", "T", "Wv")
    # (5,2) then meets G4's ghost at (4,2), now white and facing down: straight back, no scare
    assert after.last_turn.scares[2].outcome == "faces back"


def final_graveyards(state):
    """Every graveyard a player can reach by choosing the scare order (all choice paths)."""
    if not state.pending:
        return {tuple(c.tokens for c in state.graveyard.cards)}
    return set().union(*(final_graveyards(state.apply(a)) for a in state.legal_actions()))


@pytest.mark.parametrize("seed", [5, 6])
def test_the_order_is_asked_exactly_when_it_changes_the_graveyard(seed):
    for state in random_states(seed, 16)[-40:]:
        if state.is_chance_node() or state.is_terminal() or state.pending:
            continue
        for action in state.legal_actions():
            after = state.apply(action)
            if after.pending:
                assert len(final_graveyards(after)) > 1
                continue
            box = state.graveyard.sandbox()  # every order of the active ghosts gives one graveyard
            card = make_placed(STANDARD_EDITION.by_name[action.card], action.row, action.col,
                               action.rotation, action.side)
            active = box.place(card.squares, card.tokens)
            results = set()
            for order in itertools.permutations(box.ghost_squares(active)):
                flips = box.run(order, active)
                results.add(tuple(sorted(box.tokens.items())))
                box.undo(reversed(flips))
            assert len(results) <= 1


@pytest.mark.parametrize("seed", [5, 8])
def test_scares_judged_before_placing_are_those_of_every_order(seed):
    # `Sandbox.scares_at` (the bots' shortcut) names the cards every order of the placed card's
    # scares flips, or None; the engine's own trial of every order must agree wherever it names them
    named = 0
    for state in random_states(seed, 16)[-30:]:
        if state.is_chance_node() or state.is_terminal() or state.pending:
            continue
        box = state.graveyard.sandbox()
        memo: dict = {}
        for action in state.legal_actions():
            card = make_placed(STANDARD_EDITION.by_name[action.card], action.row, action.col,
                               action.rotation, action.side)
            targets = box.scares_at(0, leaving(card.squares, card.tokens), memo)
            active = box.place(card.squares, card.tokens)
            results = set()
            for order in itertools.permutations(box.ghost_squares(active)):
                flips = box.run(order, active)
                results.add(frozenset(i for i in set(flips) if i is not None and flips.count(i) % 2))
                box.undo(reversed(flips))
            box.unplace()
            if targets is not None:
                named += bool(targets)
                assert results == {frozenset(targets)} and len(set(targets)) == len(targets)
    assert named > 0  # the shortcut was tried on scares that flip something


def test_a_flips_gain_is_what_the_flip_changes():
    box = random_states(3, 14)[-1].graveyard.sandbox()
    for index in range(len(box.squares)):
        for colour, other in (("B", "W"), ("W", "B")):
            before = box.counts[colour] - box.counts[other]
            gain = box.flip_gain(index, colour)
            box.flip(index)
            assert box.counts[colour] - box.counts[other] == before + gain
            box.flip(index)


def custom(table: str, **kwargs):
    return load_game("boo", players=2, edition=table, **kwargs)


def test_the_active_card_is_never_flipped_by_its_own_ghosts():
    # O5a: B> faces the white ghost on its own card; the sight stops there and nothing flips
    game = custom("K1 black B> W^ .\nW1 white W^ W^ W^\nG1 gate T T T (0,0) (0,1) (0,2)")
    state = dealt(0, game)
    after = outcome_of(state, "place K1 at (1,0) rot 0 front")
    records = {r.ghost: r for r in after.last_turn.scares}
    assert records[(1, 0)].outcome == "own card" and records[(1, 0)].stop == (1, 1)
    assert after.graveyard.cards[-1].side == "front"


def test_a_card_can_flip_twice_in_one_turn():
    # K1 turned 270: black ghosts facing left on (1,2) and (2,2).  X1 holds W^ on (1,1) and B^ on
    # (2,1).  Scaring first from (1,2) flips X1, which turns (2,1) into a white ghost facing down,
    # so the ghost on (2,2) scares X1 again (O5): X1 ends as it began.
    game = custom("K1 black B^ B^ T\nK2 black T T T\nX1 white T W< B<\nW2 white T T T\n"
                  "G1 gate T T T (0,0) (1,0) (2,0)")
    state = position(game, placed=["place X1 at (0,1) rot 90 front"], hands=("K1", "W2"), to_move=0)
    x_before = state.graveyard.cards[-1]
    assert x_before.tokens == ("T", "W^", "B^")
    after = state.apply_str("place K1 at (0,2) rot 270 front")
    assert after.pending  # the other order flips X1 only once
    after = after.apply_str("scare with ghost at (1,2)")
    assert not after.pending
    assert [r.flipped for r in after.last_turn.scares] == ["X1", "X1"]
    assert after.graveyard.cards[1] == x_before
    once = state.apply_str("place K1 at (0,2) rot 270 front").apply_str("scare with ghost at (2,2)")
    assert [r.flipped for r in once.last_turn.scares] == [None, "X1"]
    assert once.graveyard.cards[1].side == "back"


def test_scare_order_is_asked_only_where_it_matters_tip_2():
    from goose_widgets.games.boo.examples import tip_2_start

    state = tip_2_start()
    after = state.apply_str("place K1 at (5,0) rot 0 front")
    assert after.current_player == 0 and after.pending
    assert {str(a) for a in after.legal_actions()} == {
        "scare with ghost at (5,0)", "scare with ghost at (5,1)", "scare with ghost at (5,2)"}
    with pytest.raises(IllegalActionError):
        after.apply(Place("K2", -2, 0, 0, "front"))
    good, bad = after.apply_str("scare with ghost at (5,2)"), after.apply_str("scare with ghost at (5,0)")
    assert not good.pending and not bad.pending  # the rest resolves at once
    assert good.scores()[0] > bad.scores()[0]


# --- the end (O6) -----------------------------------------------------------------------------
@pytest.mark.parametrize("start", [0, 1])
def test_a_tie_goes_to_the_start_player(start):
    game = custom("K1 black T T T\nW1 white T T T\nG1 gate T Bv W^ (0,0) (0,1) (0,2)", start_player=start)
    final = playout(game.new_initial_state(), rng=0)
    assert final.is_terminal() and final.scores() == [1, 1]
    assert final.returns() == [1 - start, start]
    assert "tie" in final.events[-1]


def test_scores_count_every_face_up_ghost_and_the_higher_wins():
    final = playout(Game().new_initial_state(), rng=11)
    black, white = final.scores()
    assert black + white == 62  # 25 ghosts per deck and 12 on the gate
    assert final.returns() == ([1, 0] if black >= white else [0, 1])
    assert final.placements == 24 and final.hands == (None, None)
    assert final.legal_actions() == [] and final.chance_outcomes() == []


# --- saves ------------------------------------------------------------------------------------
def test_save_and_load_round_trip_and_tampering():
    state = random_states(6, 9)[-1]
    text = state.to_json()
    again = state_from_json(text)
    assert again == state and again.history == state.history
    data = json.loads(text)
    data["history"][5] = "place K1 at (99,99) rot 0 front"
    with pytest.raises(InvalidSaveError):
        state_from_json(json.dumps(data))
    with pytest.raises(ValueError, match="no move history"):
        position(hands=("K1", None)).to_json()


# --- every ghost accounted for ------------------------------------------------------------------
@given(st.integers(0, 10_000))
def test_every_ghost_is_accounted_for_at_every_step(seed):
    rng = random.Random(seed)
    state = Game().new_initial_state()
    specs = STANDARD_EDITION.by_name
    previous = None
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
        else:
            state = state.apply(RandomBot().choose(state.observation(state.current_player),
                                                   state.legal_actions(), rng))
        cards = state.graveyard.cards
        ghosts = list(iter_ghosts(state.graveyard))
        expected = 12 + sum(sum(len(t) == 2 for t in specs[c.name].squares) for c in cards[6:])
        assert len(ghosts) == expected == sum(state.scores())
        assert len(state.graveyard.tokens) == 3 * len(cards)  # no card covers another
        for card in cards:  # every card is its front or its back, on the same squares as placed
            if card.rotation is not None:
                placed = make_placed(specs[card.name], *min(card.squares), card.rotation, card.side)
                assert placed.squares == card.squares and placed.tokens == card.tokens
        if previous is not None:
            for old, new in zip(previous.cards, cards):
                assert old.squares == new.squares and old.name == new.name
        previous = state.graveyard
    assert state.placements == 24
