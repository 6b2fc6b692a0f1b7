"""Constructed Boo to the Goose positions for the tests (every card still accounted for, B1)."""

from __future__ import annotations

from dataclasses import replace

from goose_widgets.games.boo_to_the_goose.rules import DOG, FOX, GOOSE, SET, Game, State

G, F, D = GOOSE, FOX, DOG


def counts(kinds) -> tuple[int, int, int]:
    return (kinds.count(G), kinds.count(F), kinds.count(D))


def position(players: int = 3, rows=None, hands=None, piles=None, turn: int = 0) -> State:
    """A position after the deal: given rows (kinds in play order) and hands (counts).

    The rest of each set is in its pile, or, where ``piles`` asks for less (None: the rest), in the
    owner's win pile, so that all cards stay accounted for."""
    state = Game(players=players).new_initial_state()
    rows = tuple(tuple(r) for r in (rows or ((),) * players))
    hands = tuple(hands or ((0, 0, 0),) * players)
    rest = [tuple(SET[k] - hands[s][k] - counts(rows[s])[k] for k in range(3)) for s in range(players)]
    piles = [rest[s] if piles is None or piles[s] is None else piles[s] for s in range(players)]
    won = []
    for seat in range(players):
        extra = [rest[seat][k] - piles[seat][k] for k in range(3)]
        assert min(extra) >= 0, "a pile cannot hold more than the set has left"
        pile = [0] * (3 * players)
        pile[3 * seat:3 * seat + 3] = extra
        won.append(tuple(pile))
    return replace(state, pending=(), rows=rows, hands=hands, piles=tuple(tuple(p) for p in piles),
                   won=tuple(won), turn=turn)


def play(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply_str(move)
    return state
