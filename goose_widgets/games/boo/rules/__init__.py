"""BOO: the rules engine (graveyard geometry, placement, scaring, drawing, scoring).

Two players, black (seat 0) and white (seat 1), place three-square cards into an unbounded square
grid, the graveyard; the ghosts on the card just placed (the active card) scare ghosts of the other
colour, whose cards flip.  Rulings (``docs/boo.md``) implemented here:

- O1  exactly two players, black (seat 0, the black-lined deck) and white (seat 1); ``start_player``
  chooses who takes the first turn (default black).
- O2  everything is public: graveyard, both hands and both visible top cards.  Only the order of the
  unseen rest of each deck is unknown, and the engine never fixes it: revealing a new top card is a
  chance node over the cards still unseen in that deck (exact `Fraction` probabilities).  The set-up
  draws (each player's hand, then the top card of their deck; black first) are chance nodes too.
- O3  a placement covers three empty squares in a line, at least one sharing a side with a square of
  a card already in the graveyard; any of 4 rotations, either side up.
- O4  every ghost of the active card (either colour) scares once; its line of sight starts at the
  next square in its facing, passes empty squares, voids and ghosts of its own colour, and stops at
  the first tombstone or ghost of the other colour, or when it leaves the bounding box of all cards.
  A ghost of the other colour not facing straight back has its card flipped.  Scaring is mandatory.
- O5  each scare is traced on the graveyard as it is after the earlier flips; a card may flip several
  times in a turn.  The active player chooses the order only where it can change the resulting
  graveyard (the engine tries every order); otherwise the scares resolve at once, in the card's
  square order, and the player is not asked.
- O6  the game ends after every card of both decks is placed (24 placements).  `scores` counts the
  face-up ghosts of each colour on every card, gate included; the higher wins, a tie goes to the
  start player.

Rulings of this project, where both the rulebook and the rulings file are silent:

- O5a the active card is never flipped by its own ghosts: a line of sight that meets a ghost of the
  other colour on the active card itself stops there and nothing flips.
- O7  drawing: after the scares, the active player takes the visible top card into hand, and the next
  card of the deck is revealed (a chance node) at once, so it is visible during the next turn.
- O8  a flipped card keeps its squares; its "side" (front/back) toggles.  The back of a card is
  defined by O-geometry: every ghost swaps colour and faces the opposite way, tombstones stay.

Coordinates are ``(row, column)``, rows growing downwards.  ``place K3 at (2,6) rot 90 back`` puts
card K3, back side up, turned 90 degrees clockwise from its reference pose, so that the top-left
square of the three it covers is (2,6).  In the reference pose (rot 0) the card is horizontal with
its square 0 on the left; at rot 90 it is vertical with square 0 on top; at rot 180 horizontal with
square 0 on the right; at rot 270 vertical with square 0 at the bottom.  Facings are ``^ v < >``.

The cards and the gate form one data table, `STANDARD_EDITION`; ``load_game("boo", edition=...)``
takes another (an `Edition`, its JSON form, or a table in the same text format).  An edition is
checked when it is loaded, so that a game on it stays small and fast: card names are strings of
1 to 12 letters, digits, ``-`` or ``_``; every square holds one of the tokens; gate squares are
pairs of whole numbers from -`MAX_COORDINATE` to `MAX_COORDINATE` (the graveyard then spans at most
``2 * MAX_COORDINATE + 1 + 3 * 2 * MAX_DECK`` squares each way); each deck has at most `MAX_DECK`
cards and the gate at most `MAX_GATE`.  Anything else is a `ValueError` that says what is wrong.

For speed, the scare logic runs on `Sandbox`, a mutable working copy of the graveyard that flips and
un-flips cards in place (a flip is its own inverse); the engine and the bots both use it, so there is
one implementation of every rule.  Inside, squares are whole numbers (`key_of`: a step along a line
of sight is one addition); what the module gives out (`Graveyard.tokens`, `Graveyard.footprints`,
`ScareRecord`, `State.pending`, `Place`) keeps ``(row, column)`` pairs.

The engine is a package of small modules, one concept each (this module re-exports every public
name, so ``from goose_widgets.games.boo.rules import X`` works for all of them):

- `tokens`: colours, facings, rotations, sides and what one square holds (O4, O8).
- `edition`: the cards and the gate, `STANDARD_EDITION`, and the checks of an edition (O1, O3, O6).
- `cards`: a card as it lies (`footprint`, `Placed`), the actions `Place` and `Scare`, the chance
  outcome `Reveal` and `ScareRecord` (O2, O3, O5, O7, O8).
- `geometry`: squares as numbers, the legal footprints and the placements on them (O3).
- `sight`: `Sandbox`, lines of sight and scares (O4, O5, O5a, O8).
- `graveyard`: `Graveyard`, the cards on the table (O3, O4, O6).
- `state`: `Game`, `State`, `Observation`, `TurnRecord` (O1, O2, O5, O6, O7).
- `positions`: `position`, a position built directly.
"""

from __future__ import annotations

from .cards import (
    Place,
    Placed,
    Reveal,
    Scare,
    ScareRecord,
    footprint,
    make_placed,
    orientations,
    parse_place,
)
from .edition import MAX_COORDINATE, MAX_DECK, MAX_GATE, STANDARD_EDITION, CardSpec, Edition
from .geometry import (
    KEY_STEP,
    MAX_REACH,
    STRIDE,
    TURNS,
    PlacementView,
    footprint_number,
    footprint_of,
    footprints_after,
    footprints_covering,
    footprints_next_to,
    footprints_touching,
    frontier,
    key_of,
    placements_for,
    places_on,
    sight_squares,
    square_of,
)
from .graveyard import Graveyard, iter_ghosts
from .positions import position
from .sight import Sandbox, leaving, odd_flips
from .state import Events, Game, Observation, State, TurnRecord
from .tokens import (
    COLOURS,
    FACINGS,
    GHOST_COLOURS,
    OTHER,
    REVERSE,
    ROTATIONS,
    SIDES,
    STEP,
    TOKENS,
    Square,
    flip_token,
    is_ghost,
    rotate_token,
    sight_passes,
)

__all__ = [
    "COLOURS", "FACINGS", "GHOST_COLOURS", "OTHER", "REVERSE", "ROTATIONS", "SIDES", "STEP", "TOKENS",
    "Square", "flip_token", "is_ghost", "rotate_token", "sight_passes", "MAX_COORDINATE", "MAX_DECK",
    "MAX_GATE", "STANDARD_EDITION", "CardSpec", "Edition", "Place", "Placed", "Reveal", "Scare",
    "ScareRecord", "footprint", "make_placed", "orientations", "parse_place", "KEY_STEP", "MAX_REACH",
    "STRIDE", "TURNS", "PlacementView", "footprint_number", "footprint_of", "footprints_after",
    "footprints_covering", "footprints_next_to", "footprints_touching", "frontier", "key_of",
    "placements_for", "places_on", "sight_squares", "square_of", "Sandbox", "leaving", "odd_flips",
    "Graveyard", "iter_ghosts", "Events", "Game", "Observation", "State", "TurnRecord", "position",
]
