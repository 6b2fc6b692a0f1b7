"""S7a: a card everyone knows stays known to everyone when it is given away (or swapped blind);
a card that not everyone knows teaches nobody anything by moving."""

from __future__ import annotations

import random

from goose_widgets.engine import sample_outcome
from goose_widgets.games.sneaky_goose.rules import Game, State, arrange

from .sneaky_helpers import hidden_twin, moves

GRIDS = ([5, 9, 3, 1], [5, 2, 7, 4], [0, 11, 6, 2])


def three(**options) -> State:
    return arrange(Game(players=3), options.pop("grids", GRIDS), options.pop("top", 10), **options)


def test_s7a_a_card_everyone_saw_is_still_known_to_everyone_after_the_gift_the_giver_included():
    # Player 1 takes the face-up 10 (everyone sees it), its 5 lands on the pile, and Player 1 slams
    # Player 2's 5: a match, so Player 1 gives a card, and gives the 10 the whole table saw
    state = moves(three(), "take play pile", "swap into Player 1's card 1")
    assert all(state.knows(s, 0, 0) for s in range(3))
    state = moves(state, "slam Player 2's card 1", "give Player 1's card 1 to Player 2")
    assert state.grid_values(1)[0] == 10 and state.grid_values(0)[0] is None
    assert [state.knows(s, 1, 0) for s in range(3)] == [True, True, True]
    for seat in range(3):
        view = state.observation(seat).grids[1][0]
        assert view.card is not None and view.card.value == 10 and view.known_by == (0, 1, 2)


def test_s7a_a_card_revealed_by_a_failed_slam_stays_public_when_given_away():
    # Player 3 slams Player 1's 9 on a Spy Goose (8): no match, everyone has now seen the 9
    state = moves(three(grids=([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2])), "take draw pile",
                  "Spy Goose (8)", "play it", "pass", "pass", "slam Player 1's card 2", "Silly Goose (1)")
    assert all(state.knows(s, 0, 1) for s in range(3))
    state = moves(state, "pass", "pass", "skip action")
    # Player 2's turn: it draws a Magic Goose, plays it, and Player 1 finds Player 2's 12
    state = moves(state, "take draw pile", "Magic Goose (12)", "play it", "pass", "pass",
                  "slam Player 2's card 1", "give Player 1's card 2 to Player 2")
    assert state.grid_values(1)[0] == 9 and all(state.knows(s, 1, 0) for s in range(3))


def test_s7a_a_card_not_everyone_knows_teaches_nobody_by_being_given():
    # Player 1 and Player 3 know Player 1's card 1 (a 5); Player 2 does not
    state = three(grids=([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2]),
                  known={0: [(0, 1), (0, 3), (0, 4)], 1: [(1, 3), (1, 4)], 2: [(0, 1), (2, 3)]})
    state = moves(state, "take draw pile", "Magic Goose (12)", "play it", "slam Player 2's card 1",
                  "give Player 1's card 1 to Player 2")
    assert state.grid_values(1)[0] == 5
    assert [state.knows(s, 1, 0) for s in range(3)] == [False, False, True]  # S3 for the giver
    assert state.observation(1).grids[1][0].card is None  # the receiver never saw it
    assert state.observation(0).grids[1][0].card is None  # the giver let it out of sight (S3)
    assert state.observation(2).grids[1][0].card.value == 5


def test_s7a_a_public_card_swapped_blind_stays_public():
    state = moves(three(grids=([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2])), "take play pile",
                  "swap into Player 1's card 1", "pass", "pass", "pass")
    # Player 2's turn: a Trickster Goose swaps Player 1's public 10 with Player 2's card 2 unseen
    state = moves(state, "take draw pile", "Trickster Goose (11)", "play it", "pass", "pass", "pass",
                  "choose Player 2's card 2 to swap", "swap it with Player 1's card 1")
    assert state.grid_values(1)[1] == 10 and all(state.knows(s, 1, 1) for s in range(3))
    assert state.grid_values(0)[0] == 2 and not any(state.knows(s, 0, 0) for s in range(3))


def _gifts_in_random_games(players: int, games: int) -> tuple[int, int]:
    """Play random games; at every gift check S3/S7a on the given card, and that the receiver's
    observation matches its knowledge.  Returns (gifts, gifts of a card everyone knew)."""
    gifts = public = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = Game(players=players, rounds=1).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_outcome(state, rng))
                continue
            actions = state.legal_actions()
            # slam often (a slam is where gifts come from), else act at random
            slams = [a for a in actions if str(a).startswith("slam")]
            action = rng.choice(slams) if slams and rng.random() < 0.5 else rng.choice(actions)
            if state.phase != "give":
                state = state.apply(action)
                continue
            giver, receiver, place = state.pending
            before = state.grids[giver][action.slot][1]
            everyone = state.game.all_seats
            nxt = state.apply(action)
            after = nxt.grids[receiver][place][1]
            gifts += 1
            public += before == everyone
            assert after == (before if before == everyone else before & ~(1 << giver))
            for seat in range(players):
                view = nxt.observation(seat).grids[receiver][place]
                assert (view.card is not None) == bool(after >> seat & 1)
            state = nxt
    return gifts, public


def test_s7a_gifts_in_random_games_never_teach_and_keep_public_cards_public():
    gifts, public = _gifts_in_random_games(3, 40)
    assert gifts > 10 and public > 0


def test_s7a_a_gift_reveals_nothing_a_seat_did_not_see():
    # hidden-information twins: before the gift, change one card a seat does not know; after the
    # same gift, that seat's observation must be the same in both worlds
    before = moves(three(known={0: [(0, 2), (0, 3)], 1: [(1, 3)], 2: [(0, 2)]}), "take play pile",
                   "swap into Player 1's card 1", "slam Player 2's card 1")
    rng = random.Random(3)
    compared = 0
    for viewer in range(3):
        for _ in range(20):
            twin = hidden_twin(before, viewer, rng)
            if twin is None:
                continue
            for gift in before.legal_actions():
                assert twin.apply(gift).observation(viewer) == before.apply(gift).observation(viewer)
                compared += 1
    assert compared > 100
