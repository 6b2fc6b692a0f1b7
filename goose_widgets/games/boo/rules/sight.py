"""BOO's sight and scares: `Sandbox`, a mutable working copy of the graveyard on which every
scare is traced, tried and undone (the engine and the bots both use it: one implementation of every
rule), and `leaving`, where a card's lines of sight leave it.

Rulings: O4 (a line of sight passes empty squares, voids and ghosts of its own colour, and stops at a
tombstone, a ghost of the other colour or the edge of the bounding box; a ghost not facing straight
back is scared and its card flips), O5 (each scare on the graveyard as the earlier flips left it; the
order matters only where it can change the result: `Sandbox.order_results`, `Sandbox.independent`),
O5a (the active card is never flipped by its own ghosts), O8 (a flip is its own inverse).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import cast

from .cards import Placed
from .geometry import (
    _HALF,
    _TAG,
    KEY_STEP,
    STRIDE,
    _neighbours,
    footprint_of,
    footprints_touching,
    key_of,
    sight_squares,
    square_of,
)
from .tokens import _FLIP_GAIN, _FLIPPED, _PASSES, REVERSE, Square


class Sandbox:
    """A mutable working copy of a graveyard for tracing and trying scares quickly.

    Flips and placements are applied in place and undone afterwards (a flip is its own inverse), so
    trying hundreds of placements costs no copies.  ``counts`` keeps the face-up ghosts per colour.
    Squares are numbers (`key_of`): ``tokens`` and ``owner`` are keyed by them, ``squares`` lists
    each card's, and `scare`, `sight` and `order_results` take and give them.
    """

    __slots__ = ("tokens", "owner", "squares", "bbox", "counts", "_saved_bbox", "_ghosts")

    def __init__(self, cards: Sequence[Placed]) -> None:
        self.tokens: dict[int, str] = {}
        self.owner: dict[int, int] = {}
        self.squares: list[tuple[int, ...]] = []
        self.counts = {"B": 0, "W": 0}
        self.bbox = (0, -1, 0, -1)
        self._saved_bbox: list[tuple[int, int, int, int]] = []
        self._ghosts: dict[int, tuple[int, ...]] = {}  # `ghost_squares`: a flip keeps ghosts where they are
        rows = [sq[0] for card in cards for sq in card.squares]
        cols = [sq[1] for card in cards for sq in card.squares]
        if rows:
            self.bbox = (min(rows), max(rows), min(cols), max(cols))
        for card in cards:
            self._add(tuple(map(key_of, card.squares)), card.tokens)

    def _add(self, squares: tuple[int, ...], tokens: Sequence[str]) -> int:
        index = len(self.squares)
        self.squares.append(squares)
        cells, owner, counts = self.tokens, self.owner, self.counts
        for square, token in zip(squares, tokens):
            cells[square] = token
            owner[square] = index
            if len(token) == 2:
                counts[token[0]] += 1
        return index

    def place(self, squares: Sequence[int] | Sequence[Square], tokens: Sequence[str]) -> int:
        """Add a card on ``squares`` (numbers, or ``(row, col)`` pairs such as `Placed.squares`;
        undo with `unplace`); returns its index."""
        keys = squares if type(squares) is tuple and type(squares[0]) is int else \
            tuple([sq if isinstance(sq, int) else key_of(sq) for sq in squares])
        self._saved_bbox.append(self.bbox)
        rmin, rmax, cmin, cmax = self.bbox
        first, last = keys[0], keys[2]  # the ends of the card, as in `square_of`
        r0, r2 = (first + _HALF) // STRIDE, (last + _HALF) // STRIDE
        c0, c2 = first - r0 * STRIDE, last - r2 * STRIDE
        self.bbox = (min(rmin, r0, r2), max(rmax, r0, r2), min(cmin, c0, c2), max(cmax, c0, c2))
        return self._add(keys, tokens)

    def unplace(self) -> None:
        """Remove the card added last by `place`."""
        tokens, owner, counts = self.tokens, self.owner, self.counts
        for square in self.squares.pop():
            token = tokens.pop(square)
            del owner[square]
            if len(token) == 2:
                counts[token[0]] -= 1
        self.bbox = self._saved_bbox.pop()
        self._ghosts.pop(len(self.squares), None)

    def flip(self, index: int) -> None:
        """Turn card ``index`` over (calling it twice restores the card)."""
        tokens, counts = self.tokens, self.counts
        for square in self.squares[index]:
            token = tokens[square]
            if len(token) == 2:
                flipped = _FLIPPED[token]
                tokens[square] = flipped
                counts[token[0]] -= 1
                counts[flipped[0]] += 1

    def flip_gain(self, index: int, colour: str) -> int:
        """How much turning card ``index`` over (`flip`) would add to the face-up ghosts of
        ``colour`` less those of the other colour (the card is left as it is)."""
        gain, tokens = _FLIP_GAIN[colour], self.tokens
        return sum([gain[tokens[square]] for square in self.squares[index]])

    def _walk(self, square: int, step: int, colour: str, path: list[int] | None) -> tuple[int | None, str]:
        """From ``square`` on, the first square that stops a ``colour`` ghost's sight (a tombstone or
        a ghost of the other colour) and what it holds; ``(None, "")`` past the edge of the bounding
        box of all cards (O4)."""
        rmin, rmax, cmin, cmax = self.bbox
        row = (square + _HALF) // STRIDE
        col = square - row * STRIDE
        if not (rmin <= row <= rmax and cmin <= col <= cmax):
            return None, ""
        # the squares from here to the edge of the box
        reach = (cmax - col if step == 1 else col - cmin if step == -1 else
                 rmax - row if step > 0 else row - rmin) + 1
        get, passes = self.tokens.get, _PASSES[colour]
        for _ in range(reach):
            seen = get(square)
            if seen is None or seen in passes:
                if path is not None:
                    path.append(square)
                square += step
                continue
            return square, seen
        return None, ""

    def sight(self, ghost: int, active: int, trace: bool = True) -> tuple[list[int], int | None, str]:
        """Trace the line of sight of the ghost on square ``ghost`` (O4, O5a): ``(path, stop,
        outcome)`` (``path`` is left empty unless ``trace``)."""
        token = self.tokens[ghost]
        colour, facing = token[0], token[1]  # a ghost's token is two letters
        step = KEY_STEP[facing]
        path: list[int] = []
        stop, seen = self._walk(ghost + step, step, colour, path if trace else None)
        if stop is None:
            return path, None, "nothing"
        if seen == "T":
            return path, stop, "tombstone"
        if self.owner[stop] == active:
            return path, stop, "own card"
        if seen[1] == REVERSE[facing]:
            return path, stop, "faces back"
        return path, stop, "flip"

    def quiet(self, squares: Sequence[Square], tokens: Sequence[str], memo: dict) -> bool:
        """True when no ghost of a card about to lie on ``squares`` can scare anything (judged like
        `sight`, before the card is placed).  A quick test for search: the rays beyond the card are
        cached in ``memo``, which the caller must empty whenever the graveyard changes."""
        return self.scares_at(0, leaving(squares, tokens), memo) == ()

    def scares_at(self, square: int, exits: Sequence[tuple[int, str, str, int, int]], memo: dict
                  ) -> tuple[int, ...] | None:
        """The cards (indices) flipped by the scares of a card about to lie at the number ``square``,
        whose ghosts' sights leave it as `leaving` says (at (0, 0): search computes it once per way a
        card lies), judged before the card is placed: ``()`` when it scares nothing, and None when a
        ghost of a card it flips lies on another of its lines of sight, where the order might matter
        (then place it and try the orders: `order_results`).  Otherwise every order flips these cards (as in
        `independent`).  Each ray is kept in ``memo`` as ``(whether it flips the card it stops at, the
        square it stops at or None past the box)``, under its first square and tag (`_TAG`); the
        caller must empty ``memo`` whenever the graveyard changes."""
        get = memo.get
        for offset, facing, colour, step, tag in exits:
            key = 8 * (square + offset) + tag
            hit = get(key)
            if hit is None:
                stop, seen = self._walk(square + offset, step, colour, None)  # judged as in `sight`
                flips = stop is not None and seen != "T" and seen[1] != REVERSE[facing]
                hit = memo[key] = (flips, stop)
            if hit[0]:
                break
        else:  # most cards scare nothing: no ray flips
            return ()
        owner = self.owner
        if len(exits) == 1:
            return (owner[cast(int, hit[1])],)  # a ray that flips stops somewhere
        for offset, facing, colour, step, tag in exits:  # the rays after the first that flips
            if 8 * (square + offset) + tag not in memo:
                self.scares_at(square, ((offset, facing, colour, step, tag),), memo)  # traced as above
        hits: list[tuple[bool, int | None]] = [memo[8 * (square + offset) + tag]
                                               for offset, _, _, _, tag in exits]
        lines = [sight_squares(square + offset, step, stop)
                 for (offset, _, _, step, _), (_, stop) in zip(exits, hits)]
        targets = []
        for i, (flips, stop) in enumerate(hits):
            if flips:
                target = owner[cast(int, stop)]
                for sq in self.ghost_squares(target):  # what a flip changes (as in `independent`)
                    for j, line in enumerate(lines):
                        if j != i and sq in line:
                            return None
                targets.append(target)
        return tuple(targets)

    def scare(self, ghost: int, active: int, trace: bool = True
              ) -> tuple[int | None, list[int], int | None, str]:
        """Let one active ghost scare, flipping the target's card in place.

        Returns ``(flipped card index or None, path, stop, outcome)`` (see `sight` for ``trace``)."""
        path, stop, outcome = self.sight(ghost, active, trace)
        target = None
        if outcome == "flip":
            if stop is None:  # `sight` names the square of every card it flips
                raise RuntimeError(f"the ghost on {square_of(ghost)} flips a card but sees no square.")
            target = self.owner[stop]
        if target is not None:
            self.flip(target)
        return target, path, stop, outcome

    def run(self, order: Sequence[int], active: int) -> list[int | None]:
        """Scare with the ghosts in ``order``; returns the flipped card (or None) of each."""
        return [self.scare(ghost, active, False)[0] for ghost in order]

    def undo(self, flipped: Iterable[int | None]) -> None:
        for index in flipped:
            if index is not None:
                self.flip(index)

    def canonical(self, ghosts: Sequence[int], active: int) -> tuple[list[int | None], list[set[int]]]:
        """Scare with ``ghosts`` in the given order, leaving the flips applied; returns the flipped
        card (or None) of each ghost and the squares each one's sight reached."""
        flips, lines = [], []
        for ghost in ghosts:
            target, path, stop, _ = self.scare(ghost, active)
            flips.append(target)
            line = set(path)
            if stop is not None:
                line.add(stop)
            lines.append(line)
        return flips, lines

    def independent(self, flips: Sequence[int | None], lines: Sequence[set[int]]) -> bool:
        """Whether a `canonical` run proves that every order gives the same graveyard (O5).

        If no ghost's flip changed a square another ghost's sight reached, each ghost sees the same
        squares whatever goes first (a flip is the only change during a turn, and it changes only the
        flipped card's ghosts: its voids and tombstones stay)."""
        for i, flipped in enumerate(flips):
            if flipped is not None:
                ghosts = self.ghost_squares(flipped)
                for j, line in enumerate(lines):
                    if j != i and not line.isdisjoint(ghosts):
                        return False
        return True

    def order_results(self, ghosts: Sequence[int], active: int) -> dict[tuple[int, ...], frozenset[int]]:
        """The cards each order of ``ghosts`` leaves flipped (an odd number of times).

        When no scare can touch another ghost's line of sight (the common case), all orders agree and
        only the given order is returned; otherwise every order is tried (at most 6), and the order
        matters exactly when the results are not all equal.
        """
        flips, lines = self.canonical(ghosts, active)
        self.undo(reversed(flips))
        if self.independent(flips, lines):
            return {tuple(ghosts): odd_flips(flips)}
        results = {}
        for order in itertools.permutations(ghosts):
            flips = self.run(order, active)
            results[order] = odd_flips(flips)
            self.undo(reversed(flips))
        return results

    def frontier(self) -> set[Square]:
        """Empty squares sharing a side with a card's square."""
        return {square_of(k) for k in _neighbours(self.tokens).difference(self.tokens)}

    def footprints(self) -> list[tuple[int, int, bool]]:
        """Every legal place for a card (O3): ``(row, col, vertical)`` of its top-left square, sorted."""
        return [footprint_of(f) for f in self.footprint_numbers()]

    def footprint_numbers(self) -> list[int]:
        """`footprints` as numbers (`footprint_number`)."""
        return sorted(footprints_touching(self.tokens, _neighbours(self.tokens)))

    def ghost_squares(self, index: int) -> tuple[int, ...]:
        """The squares of card ``index`` that hold ghosts (in the card's order)."""
        found = self._ghosts.get(index)
        if found is None:
            tokens = self.tokens
            found = self._ghosts[index] = tuple([sq for sq in self.squares[index] if len(tokens[sq]) == 2])
        return found


def leaving(squares: Sequence[Square], tokens: Sequence[str]) -> list[tuple[int, str, str, int, int]]:
    """Where the sight of each ghost of a card about to lie on ``squares`` leaves the card:
    ``(square, facing, colour, step, tag)``: the number of the first square beyond it, the step
    along the line (`key_of` numbers) and the ray's `_TAG`.  A ghost whose sight stops on its own
    card is left out: its ghosts never flip it (O5a)."""
    card = dict(zip(map(key_of, squares), tokens))
    exits = []
    for square, token in card.items():
        if len(token) != 2:
            continue
        colour, facing = token[0], token[1]
        step = KEY_STEP[facing]
        square += step
        while square in card:  # the card's own squares
            own = card[square]
            if own == "T" or (own != "." and own[0] != colour):
                break
            square += step
        else:
            exits.append((square, facing, colour, step, _TAG[(facing, colour)]))
    return exits


def odd_flips(flips: Iterable[int | None]) -> frozenset[int]:
    """The cards flipped an odd number of times (those that end up turned over)."""
    odd: set[int] = set()
    for index in flips:
        if index is not None:
            odd ^= {index}
    return frozenset(odd)
