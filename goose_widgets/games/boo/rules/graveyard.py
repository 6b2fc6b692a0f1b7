"""BOO's graveyard: the immutable cards on the table, their lookups (derived once, and carried over
from one graveyard to the next), the legal placements (O3), the face-up ghosts per colour (O6) and
a ghost's line of sight (O4, O5a).

Rulings: O3, O4, O5a, O6 (`Graveyard.count`: face-up ghosts on every card, gate included), O8.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from .cards import Place, Placed
from .geometry import STRIDE, PlacementView, footprint_of, footprints_after, key_of, placements_for, square_of
from .sight import Sandbox
from .tokens import Square, is_ghost


@dataclass(frozen=True)
class Graveyard:
    """The cards on the table (immutable; cached lookups are derived on first use).

    The lookups the engine uses are keyed by square numbers (`key_of`); `tokens` and `owner` give
    them keyed by ``(row, col)``, built when first read."""

    cards: tuple[Placed, ...]

    @cached_property
    def tokens(self) -> dict[Square, str]:
        """Square -> what it holds ('.', 'T' or a ghost like 'B^'); squares without a card are absent."""
        return {square_of(k): t for k, t in self._cells.items()}

    @cached_property
    def owner(self) -> dict[Square, int]:
        """Square -> index of the card on it."""
        return {square_of(k): i for k, i in self._owners.items()}

    @cached_property
    def _keys(self) -> tuple[tuple[int, ...], ...]:
        """Each card's squares as numbers."""
        return tuple([tuple(map(key_of, card.squares)) for card in self.cards])

    @cached_property
    def _cells(self) -> dict[int, str]:
        """`tokens` keyed by square numbers."""
        return {k: t for keys, card in zip(self._keys, self.cards) for k, t in zip(keys, card.tokens)}

    @cached_property
    def _owners(self) -> dict[int, int]:
        """`owner` keyed by square numbers."""
        return {k: i for i, keys in enumerate(self._keys) for k in keys}

    @cached_property
    def bbox(self) -> tuple[int, int, int, int]:
        """``(min row, max row, min col, max col)`` of all cards: lines of sight end beyond it."""
        rows = [r for card in self.cards for r, _ in card.squares]
        cols = [c for card in self.cards for _, c in card.squares]
        return (min(rows), max(rows), min(cols), max(cols))

    def sandbox(self) -> Sandbox:
        """A working copy, made from this graveyard's squares (copied: a sandbox changes them)."""
        box = Sandbox.__new__(Sandbox)  # every slot is set here: `__init__` would build them twice
        box._saved_bbox, box._ghosts = [], {}
        box.tokens, box.owner = dict(self._cells), dict(self._owners)
        box.squares = list(self._keys)
        box.counts = dict(self._counts)
        box.bbox = self.bbox
        return box

    def _sandbox_in_place(self) -> Sandbox:
        """`sandbox` on this graveyard's own lookups, not copies: only for a graveyard built for one
        move and not yet handed out (`State._settle`), which leaves them as they were or passes
        them on to the graveyard after its flips (`flipped_as`).  Flips change only the squares'
        tokens and the counts, never the owners or the list of squares."""
        box = Sandbox.__new__(Sandbox)
        box._saved_bbox, box._ghosts = [], {}
        box.tokens, box.owner, box.squares = self._cells, self._owners, self._keys  # type: ignore[assignment]
        box.counts, box.bbox = self._counts, self.bbox
        return box

    @cached_property
    def _footprints(self) -> tuple[int, ...]:
        """The legal footprints (O3) as numbers (`footprint_number`), sorted."""
        return tuple(self.sandbox().footprint_numbers())

    def footprints(self) -> list[tuple[int, int, bool]]:
        """Every legal place for a card (O3): ``(row, col, vertical)`` of its top-left square, sorted."""
        return [footprint_of(f) for f in self._footprints]

    def footprint_numbers(self) -> tuple[int, ...]:
        """`footprints` as numbers (`footprint_number`), for search."""
        return self._footprints

    def placements(self, card: str) -> list[Place]:
        """Every legal placement of ``card`` (O3), sorted by square, then rotation, then side."""
        return placements_for(self._footprints, card)

    def placement_view(self, card: str) -> PlacementView:
        """`placements`, each read only when it is used (`PlacementView`)."""
        return PlacementView(self._footprints, card)

    def count(self, colour: str) -> int:
        """Face-up ghosts of a colour ("B"/"W" or "black"/"white")."""
        return self._counts[colour[0].upper()]

    @cached_property
    def _counts(self) -> dict[str, int]:
        counts = {"B": 0, "W": 0}
        for token in self._cells.values():
            if len(token) == 2:
                counts[token[0]] += 1
        return counts

    def with_card(self, card: Placed) -> Graveyard:
        graveyard = Graveyard(self.cards + (card,))
        # the lookups of this graveyard plus the new card's squares, rather than all built again
        known, derived = self.__dict__, graveyard.__dict__
        squares, tokens = card.squares, card.tokens
        (r0, c0), (r1, c1), (r2, c2) = squares  # `key_of`, written out: every turn
        keys = (r0 * STRIDE + c0, r1 * STRIDE + c1, r2 * STRIDE + c2)
        if "_keys" in known:
            derived["_keys"] = known["_keys"] + (keys,)
        if "_cells" in known:
            cells = derived["_cells"] = known["_cells"].copy()
            cells[keys[0]], cells[keys[1]], cells[keys[2]] = tokens
        if "_owners" in known:
            owners = derived["_owners"] = known["_owners"].copy()
            owners[keys[0]] = owners[keys[1]] = owners[keys[2]] = len(self.cards)
        if "_counts" in known:
            counts = derived["_counts"] = known["_counts"].copy()
            for token in tokens:
                if len(token) == 2:
                    counts[token[0]] += 1
        if "bbox" in known:
            rmin, rmax, cmin, cmax = known["bbox"]
            derived["bbox"] = (min(rmin, r0, r2), max(rmax, r0, r2), min(cmin, c0, c2), max(cmax, c0, c2))
        footprints = known.get("_footprints")
        if footprints is not None:  # O3 where the graveyard changed, rather than everywhere again
            derived["_footprints"] = footprints_after(footprints, graveyard._cells, keys)
        return graveyard

    def with_flips(self, indices: Iterable[int], derive: bool = True) -> Graveyard:
        cards = list(self.cards)
        flipped = []
        for index in indices:
            cards[index] = cards[index].flipped()
            flipped.append(index)
        graveyard = Graveyard(tuple(cards))
        known, derived = self.__dict__, graveyard.__dict__
        for same in ("_footprints", "_keys", "_owners", "bbox"):  # a flip moves no square
            if same in known:
                derived[same] = known[same]
        if derive and "_cells" in known and "_keys" in known:  # the lookups here, flipped cards changed
            cells = known["_cells"].copy()
            counts = known["_counts"].copy() if "_counts" in known else None
            for index in flipped:
                for square, token in zip(known["_keys"][index], cards[index].tokens):
                    if counts is not None and len(token) == 2:
                        counts[cells[square][0]] -= 1
                        counts[token[0]] += 1
                    cells[square] = token
            derived["_cells"] = cells
            if counts is not None:
                derived["_counts"] = counts
        return graveyard

    def flipped_as(self, box: Sandbox, indices: Iterable[int]) -> Graveyard:
        """`with_flips` for a sandbox of this graveyard that has just made those flips (and nothing
        else): its squares are taken over as they are (the sandbox must not be used afterwards)."""
        graveyard = self.with_flips(indices, derive=False)
        graveyard.__dict__["_cells"], graveyard.__dict__["_counts"] = box.tokens, box.counts
        return graveyard

    def line_of_sight(self, ghost: Square, active: int | None = None
                      ) -> tuple[list[Square], Square | None, str]:
        """The squares a ghost's sight crosses, where it stops and why (see `Sandbox.sight`).

        ``active`` is the index of the active card (default: the card the ghost is on).
        """
        if len(self.tokens.get(ghost, "")) != 2:
            raise ValueError(f"there is no ghost at {ghost}.")
        key = key_of(ghost)
        path, stop, outcome = self.sandbox().sight(key, self._owners[key] if active is None else active)
        return [square_of(k) for k in path], None if stop is None else square_of(stop), outcome

    def __str__(self) -> str:
        rmin, rmax, cmin, cmax = self.bbox
        cells = self._cells
        return "\n".join(" ".join(f"{cells.get(r * STRIDE + c, ' '):2}" for c in range(cmin, cmax + 1))
                         for r in range(rmin, rmax + 1))


def iter_ghosts(graveyard: Graveyard) -> Iterator[tuple[Square, str, int]]:
    """Every ghost in the graveyard: ``(square, token, card index)``."""
    for index, card in enumerate(graveyard.cards):
        for square, token in zip(card.squares, card.tokens):
            if is_ghost(token):
                yield square, token, index
