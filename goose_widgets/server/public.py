"""The public view of a table: what a spectator may see, derived from the seats' own observations.

A spectator sits at no seat, so it may know only what every seat knows.  The engines give
observations by seat (B4, S12); the public observation keeps what all of them agree on and drops the
rest, with the seat `NO_SEAT` (no player's number, nor CHANCE or TERMINAL: the renderers then mark
no band or grid "you" and draw no hand):

- Game of the Goose and BOO hide nothing (O2 hides only the order of unseen decks, from every
  seat alike): any seat's observation is public.
- Boo to the Goose (B4): a seat's hand and the faces of its own face-down row are its own; every
  other field is the same for every seat.  The public observation has an empty hand and row.
- Sneaky Goose (S3, S12): a grid card's value is public when every seat's observation shows it
  (a card revealed by a failed slam, or every card at the end of a round); the taken card is
  public when every seat sees it (taken from the face-up play pile).
"""

from __future__ import annotations

import dataclasses
from typing import Any

NO_SEAT = -3


def public_observation(state: Any) -> Any:
    """The observation of a spectator: only what every seat of ``state`` may see."""
    players = state.game.players
    first = state.observation(0)
    name = state.game.name
    if name == "boo_to_the_goose":
        return dataclasses.replace(first, seat=NO_SEAT, hand=(0,) * len(first.hand), row=())
    if name == "sneaky_goose":
        seen = [first, *(state.observation(seat) for seat in range(1, players))]
        grids = tuple(
            tuple(None if view is None else view if all(o.grids[s][i].card is not None for o in seen)
                  else dataclasses.replace(view, card=None)
                  for i, view in enumerate(grid))
            for s, grid in enumerate(first.grids))
        held = first.held if all(o.held is not None for o in seen) else None
        return dataclasses.replace(first, seat=NO_SEAT, grids=grids, held=held)
    return dataclasses.replace(first, seat=NO_SEAT)
