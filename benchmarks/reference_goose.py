"""A straight-line Game of the Goose, written from the rulebook: the benchmark's measuring stick.

This is NOT a second engine: the package never imports it.  It plays the basic game (no coins, no
house rules) as fast as plain Python can, so that `bench_game_of_the_goose.py` can say how close the
engine's random playouts come to it, measured in the same run on the same machine.  A test
(`tests/game_of_the_goose/test_goose_reference_simulation.py`) checks that it agrees with the engine
(mean game length and seat 1's winning chance within their confidence intervals), so the stick
measures the same game.

The rules, as the rulebook and rulings G2–G12 and G15 state them: two dice; a player's very first
roll of 6+3 or 3+6 goes to 26, of 4+5 or 5+4 to 53; past 63 the pawn walks back and keeps going
backwards for the turn, stopping at 0; a goose repeats the roll in the current direction; Bridge
6→12, Maze 42→30, Death 58→0; the Tavern costs two turns; the Well and the Prison hold a pawn until
another lands there; a pawn found where a turn ends goes to the mover's start; exactly 63 wins;
when every pawn is held the game ends with no winner.
"""

from __future__ import annotations

import random

GEESE = frozenset((5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59))
JUMPS = {6: 12, 42: 30, 58: 0}
HOLDS = frozenset((31, 52))
TAVERN, TAVERN_TURNS = 19, 2
OPENING = {(6, 3): 26, (3, 6): 26, (4, 5): 53, (5, 4): 53}


def play_game(players: int, rng: random.Random) -> tuple[int | None, int]:
    """One game: the winning seat (None: nobody can move, G15) and the number of rolls."""
    position = [0] * players
    owed = [0] * players
    opened = [False] * players
    randrange = rng.randrange
    seat, rolls = 0, 0
    while True:
        rolls += 1
        a, b = randrange(6) + 1, randrange(6) + 1
        start = position[seat]
        if not opened[seat] and (a, b) in OPENING:
            end = OPENING[a, b]
        else:
            roll = a + b
            end, backwards = start + roll, False
            if end > 63:
                end, backwards = 126 - end, True
            while True:
                if end in GEESE:
                    if backwards:
                        end = max(0, end - roll)
                    else:
                        end += roll
                        if end > 63:
                            end, backwards = 126 - end, True
                elif end in JUMPS:
                    end = JUMPS[end]
                else:
                    break
        opened[seat] = True
        if end == 63:
            return seat, rolls
        if end:
            for other in range(players):
                if other != seat and position[other] == end:
                    position[other] = start  # G10/G11: freed or bumped, to the mover's start
                    break
        position[seat] = end
        if end == TAVERN:
            owed[seat] = TAVERN_TURNS
        if all(p in HOLDS for p in position):
            return None, rolls
        while True:  # the next seat that may roll: owed turns are missed, held pawns wait
            seat = (seat + 1) % players
            if owed[seat]:
                owed[seat] -= 1
            elif position[seat] not in HOLDS:
                break


def simulate(players: int, games: int, seed: int = 0) -> list[tuple[int | None, int]]:
    """``games`` seeded games: ``(winner, rolls)`` each."""
    rng = random.Random(seed)
    return [play_game(players, rng) for _ in range(games)]
