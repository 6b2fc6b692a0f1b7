"""BOO walkthroughs: the rulebook's Example Turns 1 and 2 and its TIP 2, rebuilt as positions.

The rulebook's pictures are not available, so each example is a position built with
`rules.position` (the gate plus a few placed cards) in which the narration of the rulebook comes true
square by square.  The same scenarios are pytest cases (tests/boo/test_boo_examples.py) that assert
which cards flipped.

- Example Turn 1: White places W10 back side up (black ghost on top, two white below, all facing
  left).  The black ghost scares a white ghost straight across a void (K12 flips); the middle white
  ghost faces no black ghost (its sight ends at a tombstone); the bottom white ghost scares the
  first black ghost it meets (K3 flips), not the black ghost X behind it (on K4).
- Example Turn 2: Black answers with K1 (three black ghosts facing left).  The top ghost meets a
  white ghost facing straight back (no scare), the middle one is stopped by a tombstone, the bottom
  one scares a white ghost and W8 flips.
- TIP 2: Black's K1 below the gate; scaring first with the right-hand ghost flips W3 and then the
  gate card G4 (13-6), while starting with the left-hand ghost flips G4 first, whose flipped ghost
  then faces the right-hand ghost straight back (10-9).

Two more positions are for the exercises of notebook 08, and no walkthrough plays them (the
notebook must not answer its own questions): `flip_puzzle_start` (which cards does a placement
inside the gate flip?) and `order_puzzle_start` (a scare order that flips a card twice).  Both were
found in seeded random games and written down as positions.
"""

from __future__ import annotations

from ...engine.scenario import Scenario, steps
from .rules import State, position

EXAMPLE_1_CARDS = (
    "place W5 at (-1,0) rot 0 front",  # above the gate, out of the way
    "place K12 at (1,6) rot 90 back",  # T, white ghost A facing up, empty square
    "place K4 at (4,6) rot 90 front",  # black ghost X on top
    "place K3 at (4,7) rot 270 front",  # black ghost B on top, facing up
    "place W8 at (6,8) rot 90 front",  # tombstone, white ghost facing left, tombstone
)


def example_1_start() -> State:
    """White to move with W10 in hand, five cards around the gate's right side."""
    return position(placed=EXAMPLE_1_CARDS, hands=("K1", "W10"), tops=("K2", "W2"), to_move=1)


EXAMPLE_1 = Scenario(
    name="Example Turn 1",
    introduction=(
        "White (the rulebook's Player A) holds W10 and will place it back side up, turned 90°, on "
        "(2,8)-(4,8): a black ghost on top and two white ghosts below, all three facing left.\n\n"
        "Look along rows 2, 3 and 4 to the left of column 8 before you step on."),
    start=example_1_start,
    steps=steps(
        ("place W10 at (2,8) rot 90 back",
         "The active card's black ghost (A, row 2) looks left across the empty square (2,7) — a void — "
         "and meets the white ghost on K12, which faces up, not back: K12 flips.  The middle white "
         "ghost (C, row 3) sees only empty squares and white ghosts until the tombstone at (3,0): no "
         "black ghost, no scare.  The bottom white ghost (B, row 4) scares the FIRST black ghost it "
         "faces, on K3 at (4,7); it may not scare X, the black ghost right behind it on K4."),
        ("white's deck shows W3",
         "White took W2 into hand; the next card of White's deck, W3, is turned up."),
    ),
    viewer=1,
    conclusion="Two cards flipped: K12 and K3.  K4 (ghost X) is untouched.",
    tags=("rulebook",),
)


def example_2_start() -> State:
    return EXAMPLE_1.final()


EXAMPLE_2 = Scenario(
    name="Example Turn 2",
    introduction=(
        "Continuing from Example Turn 1.  Black (Player B) places K1 on (5,9)-(7,9), turned 270°: "
        "three black ghosts facing left."),
    start=example_2_start,
    steps=steps(
        ("place K1 at (5,9) rot 270 front",
         "Top ghost (A, row 5): the first white ghost to its left is on K3 at (5,7), and since K3 "
         "flipped last turn it faces right — straight back: no scare.  Middle ghost (B, row 6): the "
         "tombstone of W8 at (6,8) blocks its sight.  Bottom ghost (C, row 7): the white ghost of W8 "
         "at (7,8) faces left, away from it: W8 flips."),
        ("black's deck shows K5", "Black took K2 into hand; K5 is turned up on Black's deck."),
    ),
    viewer=0,
    conclusion="Only W8 flipped.  A ghost facing straight back and a tombstone both protect.",
    tags=("rulebook",),
)


TIP_2_CARDS = (
    "place K8 at (-1,3) rot 0 front",  # above the gate, out of the way
    "place W3 at (3,2) rot 0 front",  # white ghosts inside the gate, (3,2) facing left
)


def tip_2_start() -> State:
    """Black to move with K1; W3 lies inside the gate."""
    return position(placed=TIP_2_CARDS, hands=("K1", "W1"), tops=("K2", "W2"), to_move=0)


_TIP_2_INTRO = (
    "Black places K1 below the gate on (5,0)-(5,2): three black ghosts facing up.  The left one "
    "faces the white ghost of gate card G4 at (4,0); the middle one a tombstone; the right one looks "
    "up past G4's black ghost at (4,2) to W3's white ghost at (3,2).  Flipping G4 changes what the "
    "right-hand ghost sees, so the order matters and Black chooses it.")

TIP_2_GOOD = Scenario(
    name="TIP 2: the scare order matters (good order)",
    introduction=_TIP_2_INTRO,
    start=tip_2_start,
    steps=steps(
        ("place K1 at (5,0) rot 0 front",
         "The ghosts' order can change the result, so Black must choose which ghost scares first."),
        ("scare with ghost at (5,2)",
         "Right-hand ghost first: it passes its own colour at (4,2) and scares W3's ghost at (3,2): "
         "W3 flips.  The other two now resolve at once (their order no longer matters): the left "
         "ghost flips G4, the middle one is blocked by G4's tombstone."),
    ),
    viewer=0,
    conclusion="Black 13, White 6: two cards flipped.",
    tags=("tip",),
)

TIP_2_BAD = Scenario(
    name="TIP 2: the scare order matters (worse order)",
    introduction=_TIP_2_INTRO,
    start=tip_2_start,
    steps=steps(
        ("place K1 at (5,0) rot 0 front",
         "The ghosts' order can change the result, so Black must choose which ghost scares first."),
        ("scare with ghost at (5,0)",
         "Left-hand ghost first: G4 flips, and its ghost at (4,2) is now white and faces down.  The "
         "rest resolve at once: the right-hand ghost meets that white ghost facing straight back "
         "(no scare) and never reaches W3; the middle ghost is blocked by the tombstone."),
    ),
    viewer=0,
    conclusion="Black 10, White 9: one card flipped instead of two.  Choose the order with care.",
    tags=("tip",),
)

SCENARIOS = {s.name: s for s in (EXAMPLE_1, EXAMPLE_2, TIP_2_GOOD, TIP_2_BAD)}

FLIP_PUZZLE_CARDS = (
    "place K12 at (-3,1) rot 90 front",  # above the gate: tombstone, black ghost facing down, empty
    "place W3 at (1,4) rot 90 front",  # inside the gate: white ghosts facing up, right and down
    "place K6 at (-4,2) rot 270 front",
    "place W1 at (5,5) rot 270 front",  # below the gate: three white ghosts facing left
)
FLIP_PUZZLE_MOVE = "place K3 at (2,1) rot 0 front"
"""Black's K3 (B< B^ B>) across the inside of the gate: one ghost faces a ghost facing straight
back, the other two each flip a card."""


def flip_puzzle_start() -> State:
    """Black to move with K3, after four placements around and inside the gate."""
    return position(placed=FLIP_PUZZLE_CARDS, hands=("K3", "W8"), tops=("K10", "W2"), to_move=0)


ORDER_PUZZLE_CARDS = (
    "place K9 at (-3,1) rot 270 front",  # above the gate: black ghost facing left, tombstone, empty
    "place W6 at (-3,3) rot 270 back",  # White's card, back side up: black ghosts facing < and >
)
ORDER_PUZZLE_MOVE = "place K10 at (-3,2) rot 90 front"
"""Black's K10 (B^ W^ W^, turned 90: B> W> W>) between the two cards; its white ghost at (-1,2)
flips W6, and only then can its black ghost at (-3,2) flip W6 back."""


def order_puzzle_start() -> State:
    """Black to move with K10, two cards above the gate."""
    return position(placed=ORDER_PUZZLE_CARDS, hands=("K10", "W11"), tops=("K6", "W2"), to_move=0)
