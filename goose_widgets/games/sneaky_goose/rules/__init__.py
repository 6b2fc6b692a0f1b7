"""Sneaky Goose: the rules engine (headless).

Every rule of the rulebook and every ruling of ``docs/sneaky_goose.md`` lives in this
package, and only here; the deck is the data table in `deck.py`.

Rulings implemented (ids from the rulings file):

- S1  2 to 6 players; ``rounds`` rounds (5 by default); the dealer moves one seat clockwise each
  round.  In round 1 the last seat deals, so Player 1 (seat 0) plays first.
- S2  The deal is a run of chance nodes, one card at a time: four cards to each seat from the left
  of the dealer (cards 1 and 2 are the top row, 3 and 4 the bottom row, nearest the player), then
  the up-card that starts the play pile.  Then each seat, from the left of the dealer, looks once
  at its bottom row (a ``done looking`` decision, so that a human sees the cards until they click).
- S3  Each grid card records which seats know it (a bit mask).  A seat learns a card when it sees
  it: the peek, a look action, the card it swaps in from the draw pile, a card taken from the face-up
  play pile (everyone saw it), a card revealed by a failed slam (everyone).  A seat forgets a card
  when it "moves out of their sight (swapped away unseen, given away, slammed)": a card that leaves
  a seat's grid face down (a gift, S7; a blind or Magic Goose swap) is no longer known by that
  seat (unless every seat knows it: S7a), and a matching slam takes the card to the public pile.
  Nobody *learns* a card by its moving (the new owner of a swapped or given card does not see
  it); a seat that already knew the card and watched it move keeps knowing it (so a Magic Goose
  player who looked at a card and then swapped it into their own grid knows it there).
- S4  Turn: HONK, or take the top of the draw pile or of the play pile.  From the draw pile: play
  it (its action may then be used) or swap it in; from the play pile: swap it in.
- S5  A swap puts the grid card face up on the play pile (no action) and the taken card in its place.
- S6  Slam windows.  Every time a card lands on the play pile (a play, a swap, a matching slam;
  also the up-card once everyone has peeked) a window opens: in seat order from the player whose
  turn it is, each seat may slam one grid card (any grid) or pass.  The window closes when every
  seat has passed in a row.  Our reading of "each player may slam one grid card": a seat slams at
  most once per window (then it is skipped), so every window ends.  A matching slam lands the
  slammed card, so it opens a fresh window on it (after the gift, if any): every seat, the slammer
  included, may slam again, in seat order from the player whose turn it is.  A played action card's action
  comes after its window closes ("then the turn goes on").  Slamming outside a window is illegal.
- S7  Slam outcomes: match on your own card: it goes onto the play pile (your grid shrinks).  Match
  on another's card: it goes onto the play pile and you give that player one of your grid cards of
  your choice, face down into the empty place (nothing if your grid is empty).  No match: the card
  goes back face down, every seat now knows it, and the slammer draws a card into their own grid
  unseen (nothing if there is no card left to draw).
- S7a (our ruling: a card everyone knows stays known to everyone).  When a card that every seat
  knows (revealed by a failed slam, S7, or taken from the face-up play pile, S3) is given away
  after a matching slam, every seat still knows it in its new place, the giver included: the gift
  is made in the open, so the whole table saw the card and saw where it went.  The same holds when
  such a card is swapped blind (a Trickster or Magic Goose swap).  S3's forgetting ("given away",
  "swapped away unseen") applies to a card that not every seat knows: its old owner loses it,
  whoever else knew it keeps it, and nobody learns a card by its moving (the receiver knows a
  given card only if they had seen it before).
- S8  When a card must be drawn and the draw pile is empty, the play pile except its top card is
  shuffled into a new draw pile (card identities are chance outcomes, so the shuffle itself needs no
  node).  While a player holds the top card of the play pile, the pile has no top.
- S9  HONK only at the start of one's own turn; every card is revealed; round score = grid sum;
  honker strictly lowest -10, tied for lowest -5, otherwise +10.  Each seat then confirms the
  reveal (``start round N``) before the next deal, so a human sees the end of the round.
- S10 A player whose grid is empty must honk at the start of their turn.
- S11 ``scores()`` are the running totals; ``returns()`` is 1 for every seat with the lowest total
  once the game is over (ties share the win) and 0 for everyone before.
- S12 ``observation(seat)``: the seat's knowledge of every grid card (values only where it knows
  them) and the public facts: who knows which card, the play pile (every card on it was seen face
  up), the size of the draw pile, the held card if it came from the play pile, the scores.

Actions are `Action` values whose ``str`` is what saves and widget clicks use ("take draw pile",
"swap into Player 1's card 3", "slam Player 2's card 1", "honk", ...); chance outcomes are `Card`
values named like "Magic Goose (12)".  Move-log lines never name a card that is not face up.

The engine is a package of small modules, one concept each (this module re-exports every public
name, so ``from goose_widgets.games.sneaky_goose.rules import X`` works for all of them):

- `actions`: the phases, `Action`, `Card` and `RoundResult` (S2, S4, S5, S6, S7, S9).
- `knowledge`: grids, who knows which card, `CardView` and `Observation` (S3, S7a, S12).
- `deck_tables`: a deck table checked, and the chance outcomes and views its games share (S2, S8).
- `slam_windows`: who may slam next and the slams a window offers (S6).
- `state`: `Game` and `State`, one handler per phase (S1 to S12).
- `positions`: `arrange`, a position laid out by hand.
"""

from __future__ import annotations

from ..deck import (  # the deck's names, which this module has always offered too
    ACTIONS,
    BLIND_SWAP,
    DECK,
    LOOK_OTHER,
    LOOK_OWN,
    MAGIC,
    MAX_CARD_TYPES,
    MAX_CARDS,
    MAX_COPIES,
    MAX_NAME,
    MAX_VALUE,
    NO_ACTION,
    CardType,
)
from .actions import (
    ACTION,
    BOTTOM_ROW,
    CARD_VERBS,
    CHOOSE,
    DEAL,
    DO_ACTION,
    DONE,
    DRAW,
    END_TURN,
    GIVE,
    GRID_SIZE,
    HOLD,
    HONK,
    HONK_BONUS,
    LOOK,
    OVER,
    PASS,
    PEEK,
    PENALTY,
    PLAY,
    ROUND_OVER,
    SKIP,
    START_TURN,
    SWAP_NEXT,
    TAKE_DRAW,
    TAKE_PLAY,
    TARGET,
    TURN,
    WINDOW,
    Action,
    Card,
    Grid,
    RoundResult,
    Slot,
    _present,  # noqa: F401 - private, but the bots and the analysis import it from here
    round_result,
    seat_name,
)
from .deck_tables import card_kind, sample_draw
from .knowledge import CardView, Observation
from .positions import arrange
from .state import Game, State

__all__ = [
    "Game", "State", "Action", "Card", "CardView", "Observation", "RoundResult", "arrange", "DECK",
    "CardType", "GRID_SIZE", "ACTION", "BOTTOM_ROW", "CARD_VERBS", "CHOOSE", "DEAL", "DONE", "DO_ACTION",
    "DRAW", "END_TURN", "GIVE", "HOLD", "HONK", "HONK_BONUS", "LOOK", "OVER", "PASS", "PEEK", "PENALTY",
    "PLAY", "ROUND_OVER", "SKIP", "START_TURN", "SWAP_NEXT", "TAKE_DRAW", "TAKE_PLAY", "TARGET", "TURN",
    "WINDOW", "Grid", "Slot", "seat_name", "ACTIONS", "BLIND_SWAP", "LOOK_OTHER", "LOOK_OWN", "MAGIC",
    "MAX_CARD_TYPES", "MAX_CARDS", "MAX_COPIES", "MAX_NAME", "MAX_VALUE", "NO_ACTION", "round_result",
    "card_kind", "sample_draw",
]
