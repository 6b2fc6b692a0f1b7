"""The whole position from one seat's observation (for the expert's look-ahead).

In BOO nothing on the table is hidden (O2): the graveyard, both hands and both visible top cards
are public, and so is which cards each deck still holds.  Only the order of those unseen cards is
unknown, and the engine never fixes it: each reveal is a chance node over the cards still unseen
(O2).  So the observation determines the state, and `determinize` rebuilds it with `State`'s own
constructor; a look-ahead that reaches a reveal averages over the unseen cards there, with the
engine's exact chances (an expectimax over the deck).  ``rng`` is accepted, and not used, so that
BOO's determinizer has the same form as the other games'.
"""

from __future__ import annotations

import random

from .rules import Game, Observation, State


def determinize(observation: Observation, rng: random.Random | None = None) -> State:
    """The state the seat of ``observation`` sees (the only one it can be, O2)."""
    game = Game(start_player=observation.start_player, edition=observation.edition)
    return State(game=game, graveyard=observation.graveyard, unseen=observation.unseen,
                 to_move=observation.to_move, hands=observation.hands, tops=observation.tops,
                 draws=(), pending=observation.pending, active=observation.active,
                 placements=observation.placements, last_turn=observation.last_turn)
