"""Whole positions that one seat cannot tell from the real one (for the expert's look-ahead).

`determinize(observation, rng)` deals the cards the seat has not seen (B4) into the places it
cannot see, at random, and returns a `State` whose observation for that seat is the observation
it was given.  Everything comes from the engine: the set (`rules.SET`) and `Observation.unseen` say
which cards are unseen, the observation's sizes say how many lie where, and the state is built
with `State`'s own constructor.  Nothing here decides what a move does.

What is hidden from a seat (B2, B4):

- another player's hand, face-down row, pile and removed cards (the variation, B2): together they
  hold exactly that set's unseen cards, and a row holds only geese and dogs (a fox is never laid
  face down, B3);
- the seat's own pile and removed cards: its unseen own cards, split between the two.

Which set each banked card came from is public (everyone saw it turned up) but the observation
only gives each win pile by kind and each set's seen cards; any table of win piles with those
totals gives the same observation and the same future (scores and counting read only the totals),
so the first such table is used.

The deal is uniform over the unseen cards: it does not guess how an opponent chose what to lay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine import with_plain_values
from .rules import DOG, FOX, GOOSE, KINDS, Cards, Game, Observation, State


def determinize(observation: Observation, rng: random.Random,
                dog_weights: Sequence[float] | None = None) -> State:
    """A state the seat of ``observation`` cannot tell from the real one, with its hidden cards
    drawn from ``rng`` (uniformly over the deals that fit what the seat has seen).

    ``dog_weights[owner]`` (default 1 for everyone) makes each of that owner's unseen dogs that
    many times as likely as a goose to lie in its face-down row rather than in its hand or pile: a
    guess about how the owner plays (1 is the count alone).  Every deal still fits the observation.
    """
    players, seat = observation.players, observation.seat
    piles: list[Cards] = []
    hands: list[Cards] = []
    rows: list[tuple[int, ...]] = []
    removed: list[Cards] = []
    for owner in range(players):
        unseen = observation.unseen(owner)
        if owner == seat:
            hand, row = observation.hand, observation.row
            pile, gone = _split(_cards(unseen), observation.pile_sizes[owner], rng)
        else:
            # a face-down row holds geese and dogs only (B3): deal it first, from those
            weight = 1.0 if dog_weights is None else dog_weights[owner]
            row, geese, dogs = _row(unseen[GOOSE], unseen[DOG], observation.row_sizes[owner], weight, rng)
            rest = [GOOSE] * geese + [DOG] * dogs + [FOX] * unseen[FOX]
            hand, rest_cards = _split(rest, observation.hand_sizes[owner], rng)
            pile, gone = _split(_cards(rest_cards), observation.pile_sizes[owner], rng)
        piles.append(pile)
        hands.append(hand)
        rows.append(row)
        removed.append(gone)
    state = State(game=Game(players=players, variation=observation.variation), piles=tuple(piles),
                  hands=tuple(hands), rows=tuple(rows), face_up=observation.face_up,
                  won=_win_piles(observation), removed=tuple(removed), pending=(),
                  turn=observation.current_player if observation.current_player >= 0 else seat,
                  fox=observation.fox, target=observation.target, caught=observation.caught,
                  over=observation.over)
    return with_plain_values(state)


def _row(geese: int, dogs: int, size: int, dog_weight: float, rng: random.Random
         ) -> tuple[tuple[int, ...], int, int]:
    """``size`` face-down cards drawn one by one from ``geese`` and ``dogs`` (each dog
    ``dog_weight`` times as likely as a goose), and the geese and dogs left."""
    row = []
    for _ in range(size):
        if dogs and (not geese or rng.random() * (geese + dog_weight * dogs) < dog_weight * dogs):
            row.append(DOG)
            dogs -= 1
        else:
            row.append(GOOSE)
            geese -= 1
    return tuple(row), geese, dogs


def _cards(counts: Cards) -> list[int]:
    """A multiset of cards as a list of kinds."""
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def _count(kinds: Sequence[int]) -> Cards:
    return (kinds.count(GOOSE), kinds.count(FOX), kinds.count(DOG))


def _split(kinds: list[int], first: int, rng: random.Random) -> tuple[Cards, Cards]:
    """``first`` of ``kinds`` drawn at random, and the rest, both counted by kind."""
    rng.shuffle(kinds)
    return _count(kinds[:first]), _count(kinds[first:])


def _win_piles(observation: Observation) -> tuple[tuple[int, ...], ...]:
    """Win piles by set and kind (`State.won`) whose totals are the observation's: each holder's
    pile by kind, and each set's banked cards (its seen cards less those face up now and a fox in
    play), filled holder by holder and set by set."""
    players = observation.players
    banked = []
    for owner in range(players):
        seen = list(observation.revealed[owner])
        for kind in observation.face_up[owner]:
            seen[kind] -= 1
        if observation.fox == owner:
            seen[FOX] -= 1
        banked.append(seen)
    won = [[0] * (len(KINDS) * players) for _ in range(players)]
    for kind in range(len(KINDS)):
        owner = 0
        for holder in range(players):
            wanted = observation.won[holder][kind]
            while wanted:
                while not banked[owner][kind]:
                    owner += 1
                taken = min(wanted, banked[owner][kind])
                won[holder][len(KINDS) * owner + kind] += taken
                banked[owner][kind] -= taken
                wanted -= taken
    return tuple(tuple(pile) for pile in won)
