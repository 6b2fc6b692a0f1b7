"""BOO's squares and tokens: the colours, facings, rotations and sides, and what one square of a card
holds (``.`` a void, ``T`` a tombstone, a ghost such as ``B^``).

Rulings: O1 (seat 0 black, seat 1 white), O4 (which squares a ghost's sight passes: `sight_passes`),
O8 (the back of a card: every ghost swaps colour and faces the other way, `flip_token`).
"""

from __future__ import annotations

Square = tuple[int, int]

COLOURS = ("black", "white")
"""Seat 0 plays black (the black-lined deck), seat 1 white."""
GHOST_COLOURS = ("B", "W")
FACINGS = "^>v<"  # clockwise order: rotating a card by 90 degrees moves a facing one step along
STEP: dict[str, Square] = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
REVERSE = {"^": "v", "v": "^", "<": ">", ">": "<"}
ROTATIONS = (0, 90, 180, 270)
SIDES = ("front", "back")
TOKENS = frozenset({".", "T"} | {c + f for c in GHOST_COLOURS for f in FACINGS})
OTHER = {"B": "W", "W": "B"}


# --- tokens: what one square holds ------------------------------------------------------------
def flip_token(token: str) -> str:
    """A square after its card flips: a ghost swaps colour and faces the other way."""
    if len(token) == 2:
        return OTHER[token[0]] + REVERSE[token[1]]
    return token


_FLIPPED = {token: flip_token(token) for token in TOKENS}


def sight_passes(token: str, colour: str) -> bool:
    """Whether a ``colour`` ghost's line of sight passes a square holding ``token`` (O4): empty
    squares (``"."``, or no card) and ghosts of its own colour; it stops at anything else."""
    return token == "." or (token[0] == colour and token != "T")


_PASSES = {colour: frozenset(t for t in TOKENS if sight_passes(t, colour)) for colour in GHOST_COLOURS}
_LEAD = {colour: {t: (0 if len(t) != 2 else 1 if t[0] == colour else -1) for t in TOKENS}
         for colour in GHOST_COLOURS}
_FLIP_GAIN = {colour: {t: lead[_FLIPPED[t]] - lead[t] for t in TOKENS} for colour, lead in _LEAD.items()}
"""What turning a square's token over adds to a colour's face-up ghosts less the other colour's."""


def rotate_token(token: str, rotation: int) -> str:
    """A square's token after turning its card ``rotation`` degrees clockwise."""
    if len(token) == 2:
        return token[0] + FACINGS[(FACINGS.index(token[1]) + rotation // 90) % 4]
    return token


def is_ghost(token: str) -> bool:
    return len(token) == 2
