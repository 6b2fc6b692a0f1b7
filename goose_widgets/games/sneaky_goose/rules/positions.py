"""Sneaky Goose positions laid out by hand (walkthroughs, tests, notebooks): `arrange` builds the
start of a turn from grids, the play pile's top and what each seat knows (S3), and checks that
the cards add up to the deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .actions import TURN
from .knowledge import _put
from .state import Game, State


def arrange(game: Game, grids: Sequence[Sequence[Any]], top: Any, *, draw: Sequence[Any] | None = None,
            discard: Sequence[Any] | None = None, turn: int = 0,
            known: Mapping[int, Iterable[tuple[int, int]]] | None = None, round: int = 0,
            totals: Sequence[int] | None = None) -> State:
    """The start of ``turn``'s turn in a position laid out by hand.

    ``grids[s]`` lists seat ``s``'s cards (anything `Game.kind` accepts, e.g. values ``12`` or labels
    ``"Sneaky Goose (13)"``; None for an empty place).  ``known[seat]`` lists the ``(owner, card
    number)`` pairs that seat knows, card numbers counted from 1 as on the table; by default every
    seat knows its own bottom row (cards 3 and 4), as after the peek.  Without ``draw`` every card not
    placed is in the draw pile; with ``draw`` and no ``discard`` the rest lies under the play pile's
    top.  Raises `ValueError` if the cards do not add up to the deck.
    """
    if len(grids) != game.players:
        raise ValueError(f"give one grid per seat ({game.players}), not {len(grids)}.")
    knowledge = {s: [(s, 3), (s, 4)] for s in range(game.players)} if known is None else known
    masks: dict[tuple[int, int], int] = {}
    for seat, pairs in knowledge.items():
        for owner, number in pairs:
            masks[owner, number - 1] = masks.get((owner, number - 1), 0) | 1 << seat
    laid = tuple(tuple(None if c is None else (game.kind(c), masks.get((s, i), 0))
                       for i, c in enumerate(grid)) for s, grid in enumerate(grids))
    laid = tuple(_put(g, 0, g[0]) if g else () for g in laid)  # drops trailing empty places
    rest = list(game.full_counts)
    used = [slot[0] for g in laid for slot in g if slot is not None] + [game.kind(top)]

    def take(cards: Iterable[Any]) -> tuple[int, ...]:
        counts = [0] * len(game.deck)
        for card in cards:
            counts[game.kind(card)] += 1
        return tuple(counts)

    for kind in used:
        rest[kind] -= 1
    draw_counts = take(draw) if draw is not None else None
    discard_counts = take(discard) if discard is not None else None
    if draw_counts is None:
        discard_counts = discard_counts or game.no_cards
        draw_counts = tuple(r - d for r, d in zip(rest, discard_counts))
    elif discard_counts is None:
        discard_counts = tuple(r - d for r, d in zip(rest, draw_counts))
    if any(n < 0 for n in draw_counts + discard_counts) or \
            [a + b for a, b in zip(draw_counts, discard_counts)] != rest:
        raise ValueError("the cards placed do not add up to the deck: some card is used more often "
                         "than the deck has it.")
    return State(game=game, phase=TURN, round=round, dealer=(turn - 1) % game.players, turn=turn,
                 turn_number=1, grids=laid, draw=draw_counts, discard=discard_counts,
                 top=game.kind(top), totals=tuple(totals) if totals is not None else (0,) * game.players)
