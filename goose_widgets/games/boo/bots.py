"""BOO bots: random, greedy (best immediate score) and look-ahead (best score after the reply).

Bots see only an `Observation` (in BOO that is everything but the order of the unseen decks, O2).
They try placements on a `rules.Sandbox`, the engine's own scare logic, so no rule is copied here.

- ``greedy`` takes the placement, side and scare order that leave the best score difference
  (own face-up ghosts minus the opponent's) right after its turn.
- ``lookahead`` is a two-ply minimax: the opponent's next card is visible (their hand), so for each
  of its best ``width`` candidates (by immediate score) it plays out the opponent's best greedy reply
  and keeps the candidate whose score difference after that reply is highest.  Ties go to the better
  immediate score.  ``LookaheadBot(plies=3)`` also plays out its own best answer with its next card
  (the visible top of its deck); in 30 games it beat the two-ply bot 18-12, not clearly, at about four
  times the time per move, so two plies is the default.
- ``expert``: `expert.ExpertBot`, the look-ahead bot's two plies, then the opponent's reply as a
  model of it (the look-ahead policy) would play it, and its own best answer.  The simple
  ``first placement`` policy is in `policies`.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from ...engine import RandomBot  # noqa: F401 - the game's random bot, importable from here too
from .rules import (
    KEY_STEP,
    STRIDE,
    TURNS,
    Place,
    Sandbox,
    Scare,
    footprints_covering,
    footprints_next_to,
    key_of,
    leaving,
    make_placed,
    odd_flips,
    orientations,
    places_on,
    square_of,
)

Value = float


def _diff(box: Sandbox, me: str) -> int:
    other = "W" if me == "B" else "B"
    return box.counts[me] - box.counts[other]


def _order_values(box: Sandbox, ghosts: Sequence[Any], active: int, me: str) -> list[tuple[int, tuple]]:
    """``(score difference for ``me``, order)`` for each scare order that gives its own graveyard."""
    values = []
    for order, flipped in box.order_results(ghosts, active).items():
        box.undo(flipped)
        values.append((_diff(box, me), order))
        box.undo(flipped)
    return values


def _best_order(box: Sandbox, ghosts: Sequence[int], active: int, me: str) -> tuple[int, tuple]:
    """The best score difference reachable by some scare order, and that order (the greatest of
    those that reach it).  For a card whose order might matter (`Sandbox.scares_at` judged so):
    every order is tried, without first tracing one to see whether the order matters; orders that
    start alike share those first scares."""
    if len(ghosts) == 1:  # one order only
        target = box.scare(ghosts[0], active, False)[0]  # no path needed
        value = _diff(box, me)
        if target is not None:
            box.flip(target)
        return value, tuple(ghosts)
    found = []
    for i, ghost in enumerate(ghosts):  # each ghost first, then the best order of the others
        target = box.scare(ghost, active, False)[0]
        value, rest = _best_order(box, [*ghosts[:i], *ghosts[i + 1:]], active, me)
        found.append((value, (ghost, *rest)))
        if target is not None:
            box.flip(target)
    return max(found)


def _candidates(box: Sandbox, footprints: Sequence[int], spec: Any, me: str,
                places: bool = True, memo: dict | None = None, only: tuple | None = None,
                orders: bool = True) -> Iterator[tuple[Any, int, tuple | None]]:
    """Yield ``(place, best immediate difference, best order)`` for a card on every footprint (a
    number, `rules.footprint_number`), in every distinct way it can lie (`rules.orientations`);
    ``place`` (a `Place`) is None unless ``places``, and the order lists square numbers (where the
    order cannot matter it is None unless ``orders``).
    ``memo`` is `Sandbox.scares_at`'s, to share between calls on the same graveyard; ``only``
    gives some of the ways (`_ways`) to try instead of all (on footprints of one direction)."""
    ways = _ways(spec, me) if only is None else {0: only, 1: only}
    base = _diff(box, me)
    memo = {} if memo is None else memo
    scares_at, flip_gain, name = box.scares_at, box.flip_gain, spec.name
    order: tuple | None
    for footprint in footprints:
        square, vertical = footprint >> 1, footprint & 1
        squares = (square, square + STRIDE, square + 2 * STRIDE) if vertical else \
            (square, square + 1, square + 2)
        offered = places_on(name, footprint) if places else None  # the legal objects
        for turn, tokens, ghosts, exits, own in ways[vertical]:
            targets = scares_at(square, exits, memo)
            if targets is None:  # the order might matter: placed, and the orders tried
                active = box.place(squares, tokens)
                value, order = _best_order(box, [squares[i] for i in ghosts], active, me)
                box.unplace()
            else:
                value = base + own  # every order flips these (distinct) cards: the card not even placed
                for target in targets:
                    value += flip_gain(target, me)
                order = tuple([squares[i] for i in ghosts]) if orders else None
            yield (offered[turn] if offered is not None else None), value, order


@functools.cache
def _ways(spec: Any, me: str) -> dict[int, tuple[tuple[int, tuple[str, ...], tuple[int, ...],
                                                    tuple[tuple[int, str, str, int, int], ...], int], ...]]:
    """For each distinct way ``spec`` can lie (`rules.orientations`), on a horizontal (0) or vertical
    (1) footprint: ``(turn, tokens, ghost positions, where the ghosts' sights leave the card at
    (0, 0) (`rules.leaving`), own ghosts minus the other colour's for ``me``)``, where ``turn``
    indexes the footprint's placements (`rules.placements_for`)."""
    other = "W" if me == "B" else "B"
    ways: dict[int, list] = {0: [], 1: []}
    for vertical, rotation, side, tokens in orientations(spec):
        squares = ((0, 0), (1, 0), (2, 0)) if vertical else ((0, 0), (0, 1), (0, 2))
        ghosts = tuple(i for i, t in enumerate(tokens) if len(t) == 2)
        own = sum(tokens[i][0] == me for i in ghosts) - sum(tokens[i][0] == other for i in ghosts)
        turn = TURNS[vertical].index((rotation, side))
        ways[int(vertical)].append((turn, tokens, ghosts, tuple(leaving(squares, tokens)), own))
    return {vertical: tuple(found) for vertical, found in ways.items()}


def _footprints(legal_actions: Sequence[Place], observation: Any = None) -> Sequence[int]:
    """The footprints (numbers) of the legal placements, sorted: the graveyard's own (kept with
    it) when the placements are all of those it offers, four on each footprint."""
    if observation is not None:
        known = observation.graveyard.footprint_numbers()
        if len(legal_actions) == 4 * len(known):
            return known
    return sorted({2 * (a.row * STRIDE + a.col) + (a.rotation in (90, 270)) for a in legal_actions})


def _letter(seat: int) -> str:
    return "B" if seat == 0 else "W"


class GreedyBot:
    """The placement, side and scare order with the best score difference right after the turn."""

    name = "greedy"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        me = _letter(observation.seat)
        box = observation.graveyard.sandbox()
        if isinstance(legal_actions[0], Scare):
            return _first_of_best_order(box, observation, me, rng)
        spec = observation.card(legal_actions[0].card)
        scored = [(value, place)
                  for place, value, _ in _candidates(box, _footprints(legal_actions, observation), spec, me,
                                                     orders=False)]
        best = max(v for v, _ in scored)
        return rng.choice([p for v, p in scored if v == best])

    def __repr__(self) -> str:
        return "GreedyBot()"


def _first_of_best_order(box: Sandbox, observation: Any, me: str, rng: random.Random) -> Scare:
    values = _order_values(box, [key_of(sq) for sq in observation.pending], observation.active, me)
    best = max(v for v, _ in values)
    return Scare(square_of(rng.choice([order for v, order in values if v == best])[0]))


class LookaheadBot:
    """Two-ply minimax over the visible cards: my placement, then the opponent's best greedy reply.

    ``width`` bounds how many of my best immediate placements get the full look at the reply (the
    time per move grows with it); ``width=None`` looks at all of them.
    """

    name = "lookahead"

    def __init__(self, width: int | None = 24, plies: int = 2) -> None:
        self.width = width
        self.plies = plies

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        me = _letter(observation.seat)
        box = observation.graveyard.sandbox()
        reply_card = observation.hands[1 - observation.seat]
        last_turn = observation.placements + (0 if isinstance(legal_actions[0], Scare) else 1) \
            >= observation.total_placements
        if reply_card is None or last_turn:
            return GreedyBot().choose(observation, legal_actions, rng)
        if isinstance(legal_actions[0], Scare):
            values = []
            here = observation.graveyard.footprint_numbers()  # scares move no square
            replies = _Replies(box, here, observation.card(reply_card), "W" if me == "B" else "B")
            pending = [key_of(sq) for sq in observation.pending]
            for order, flipped in box.order_results(pending, observation.active).items():
                box.undo(flipped)
                replies.changed(box, (), list(flipped))
                values.append((self._reply(box, observation, reply_card, me, here, known=replies)[0], order))
                box.undo(flipped)
            best = max(v for v, _ in values)
            return Scare(square_of(rng.choice([order for v, order in values if v == best])[0]))
        spec = observation.card(legal_actions[0].card)
        footprints = _footprints(legal_actions, observation)
        memo: dict = {}  # lines of sight in the graveyard as it is, for my cards and theirs
        candidates = list(_candidates(box, footprints, spec, me, memo=memo, orders=False))
        rng.shuffle(candidates)  # random tie-breaks among equal immediate values
        candidates.sort(key=lambda c: c[1], reverse=True)
        if self.width is not None:
            candidates = candidates[:self.width]
        best_key: tuple[int, int] | None = None
        chosen: list[Place] = []
        strongest: int | None = None  # the footprint of the last best reply
        replies = _Replies(box, footprints, observation.card(reply_card), "W" if me == "B" else "B", memo)
        for place, immediate, order in candidates:
            card = make_placed(spec, place.row, place.col, place.rotation, place.side)
            squares = tuple(map(key_of, card.squares))
            active = box.place(squares, card.tokens)
            flipped = box.run(box.ghost_squares(active) if order is None else order, active)  # None: any
            # a reply that leaves this candidate's key below the best key so far ends its search;
            # the differences are whole numbers, so with a lower immediate value a tie is enough
            bar = None if best_key is None else best_key[0] + (immediate < best_key[1])
            if self.plies >= 3 and observation.tops[observation.seat] is not None:
                value = self._after_reply_and_mine(box, observation, reply_card, me)
            else:
                replies.changed(box, squares, flipped)
                value, strongest = self._reply(box, observation, reply_card, me, None, bar, strongest,
                                               replies)
            key = (value, immediate)
            box.undo(reversed(flipped))
            box.unplace()
            if best_key is None or key > best_key:
                best_key, chosen = key, [place]
            elif key == best_key:
                chosen.append(place)
        return rng.choice(chosen)

    @staticmethod
    def _after_reply(box: Sandbox, observation: Any, reply_card: str, me: str,
                     footprints: Sequence[int] | None = None, bar: int | None = None) -> int:
        """My score difference after the opponent's best immediate reply with ``reply_card`` on
        one of ``footprints`` (numbers: the legal places in ``box`` now; found in ``box`` if not given).

        Once some reply pushes my difference below ``bar`` (the best found so far), the rest cannot
        make this candidate the best, so the search stops there (a beta cut-off)."""
        return LookaheadBot._reply(box, observation, reply_card, me, footprints, bar)[0]

    @staticmethod
    def _reply(box: Sandbox, observation: Any, reply_card: str, me: str,
               footprints: Sequence[int] | None = None, bar: int | None = None,
               first: int | None = None, known: _Replies | None = None) -> tuple[int, int | None]:
        """`_after_reply`, and the footprint of the best reply found; the replies on footprint
        ``first`` are tried before the others, and those ``known`` still hold are not tried again
        (with ``known``, the footprints are those it has noted, and ``footprints`` is not read).

        The order of the replies changes only how soon the cut-off comes, never a move: a cut
        value is below ``bar`` whichever reply gave it.  Strong replies tend to stay strong after
        each of my candidates, so trying them first makes the cut-off come early."""
        them = "W" if me == "B" else "B"
        worst: int | None = None
        strongest = None
        if known is not None:  # the best reply that met no change: the first such still legal
            table, affected, covered = known.table, known.affected, known.covered
            for footprint in known.ranked:
                if footprint not in affected and footprint not in covered:
                    worst, strongest = -(known.shift + table[footprint][0]), footprint
                    if bar is not None and worst < bar:
                        return worst, strongest
                    break
            places: Sequence[int] = [*(f for f in affected if f not in covered), *known.new]  # tried again
        else:
            places = box.footprint_numbers() if footprints is None else footprints
        if first is not None and first in places:
            places = [first, *(f for f in places if f != first)]
        spec = observation.card(reply_card)
        memo: dict = {}
        for footprint in places:
            kept, fresh = known.split(footprint) if known is not None else (None, None)
            for value in ((kept,) if kept is not None else ()):
                if worst is None or -value < worst:
                    worst, strongest = -value, footprint
                    if bar is not None and worst < bar:
                        return worst, strongest
            for _, value, _ in _candidates(box, (footprint,), spec, them, False, memo, fresh, False):
                if worst is None or -value < worst:
                    worst, strongest = -value, footprint
                    if bar is not None and worst < bar:
                        return worst, strongest
        if worst is None:  # the graveyard is unbounded: a card always has somewhere to go
            raise RuntimeError(f"no place found for the reply with {reply_card}.")
        return worst, strongest

    @staticmethod
    def _after_reply_and_mine(box: Sandbox, observation: Any, reply_card: str, me: str) -> int:
        """Three plies: the opponent's greedy reply, then my best immediate answer with my next card
        (the visible top card of my deck, which I take into hand)."""
        them = "W" if me == "B" else "B"
        spec = observation.card(reply_card)
        value, place, order = max(((v, p, o) for p, v, o in _candidates(box, box.footprint_numbers(), spec,
                                                                          them)), key=lambda t: t[0])
        card = make_placed(spec, place.row, place.col, place.rotation, place.side)
        active = box.place(card.squares, card.tokens)
        flipped = box.run(box.ghost_squares(active) if order is None else order, active)
        mine = observation.card(observation.tops[observation.seat])
        best = max(v for _, v, _ in _candidates(box, box.footprint_numbers(), mine, me))
        box.undo(reversed(flipped))
        box.unplace()
        return best

    def __repr__(self) -> str:
        return f"LookaheadBot(width={self.width}, plies={self.plies})"


class _Replies:
    """The opponent's replies on the graveyard before my candidate move, kept to be reused after it.

    For every footprint and every way the reply card lies there: its score difference less the one
    before, and the squares its scares looked at.  After my candidate changes some squares (the card
    placed and the cards its scares flipped), a reply none of whose lines of sight met a changed
    square sees the very same squares, so its scares do the same and its value moves only by the
    change in the difference.  A line that left the graveyard's bounding box would see further only
    if my card, widening the box, lay on it.  Where the scare order matters, the squares of every
    order count.  Only ghosts and tombstones count as changed: a flip changes only ghosts, and an
    empty square of my card passes sight as the empty square did.  Footprints with a reply that met
    a change are found through an index (square -> footprints; row or column and direction -> lines
    out of the box); their replies that met it, and the footprints new after my move, are tried
    again (`_candidates`), and the best reply that met nothing comes first from a ranked list.
    Squares and footprints are numbers (`rules.key_of`, `rules.footprint_number`).
    """

    def __init__(self, box: Sandbox, footprints: Sequence[int], spec: Any, them: str,
                 memo: dict | None = None) -> None:
        self.them, self.bbox = them, box.bbox
        base = _diff(box, them)
        ways = _ways(spec, them)
        memo = {} if memo is None else memo  # `Sandbox.scares_at`'s, for the graveyard in ``box``
        self.rays: dict[int, tuple[frozenset, tuple[int, int] | None]] = {}  # `_ray` of each ray
        self.table: dict[int, tuple[int, tuple[tuple[int, frozenset, tuple], ...]]] = {}
        for footprint in footprints:
            square, vertical = footprint >> 1, footprint & 1
            squares = (square, square + STRIDE, square + 2 * STRIDE) if vertical else \
                (square, square + 1, square + 2)
            entries = tuple(self._judged(box, square, exits, own, memo)
                            or self._traced(box, squares, tokens, ghosts, base)
                            for _, tokens, ghosts, exits, own in ways[vertical])
            self.table[footprint] = (max(value for value, _, _ in entries), entries)
        # who looked where: square -> footprints, and (line, direction) -> rays out of the box
        self.by_square: defaultdict[int, list[int]] = defaultdict(list)
        self.by_line: defaultdict[int, list[tuple[int, int]]] = defaultdict(list)
        for footprint, (_, entries) in self.table.items():
            looked: set = set()
            rays: set = set()
            for _, squares_looked, left in entries:
                looked.update(squares_looked)
                rays.update(left)
            for end, step in rays:
                self.by_line[_line(end, step)].append((end, footprint))
            for square in looked:
                self.by_square[square].append(footprint)
        self.ranked = sorted(self.table, key=lambda f: self.table[f][0], reverse=True)
        self.ways = ways
        self.affected: set[int] = set()
        self.moved: set[int] = set()
        self.hit: set[tuple[int, int]] = set()
        self.shift = 0
        self.covered: frozenset[int] = frozenset()
        self.new: list[int] = []

    def _judged(self, box: Sandbox, square: int, exits: tuple, own: int, memo: dict
                ) -> tuple[int, frozenset, tuple] | None:
        """`_traced` for a reply whose scares flip the same cards in every order, as
        `Sandbox.scares_at` judges without placing it (``memo`` is its), else None.  Its own squares
        are left out of those looked at: my candidate cannot change them, since the reply lies there
        after it."""
        targets = box.scares_at(square, exits, memo)
        if targets is None:
            return None
        value = own
        for target in targets:
            value += box.flip_gain(target, self.them)
        looks, left = [], []
        rays = self.rays
        for offset, _, _, step, tag in exits:
            key = 8 * (square + offset) + tag
            ray = rays.get(key)
            if ray is None:
                ray = rays[key] = self._ray(square + offset, step, memo[key][1])
            looks.append(ray[0])
            if ray[1] is not None:
                left.append(ray[1])
        return value, looks[0] if len(looks) == 1 else frozenset().union(*looks), tuple(left)

    def _ray(self, start: int, step: int, stop: int | None) -> tuple[frozenset, tuple[int, int] | None]:
        """The squares a line of sight from ``start`` looked at (to ``stop``, or to the edge of the
        box), and if it left the box, ``(the first square beyond it, step)``."""
        if stop is not None:
            return frozenset(range(start, stop + step, step)), None
        rmin, rmax, cmin, cmax = self.bbox
        row, col = square_of(start)
        if not (rmin <= row <= rmax and cmin <= col <= cmax):
            end = start
        elif step == 1 or step == -1:
            end = row * STRIDE + (cmax + 1 if step == 1 else cmin - 1)
        else:
            end = (rmax + 1 if step > 0 else rmin - 1) * STRIDE + col
        return frozenset(range(start, end, step)), (end, step)

    def _traced(self, box: Sandbox, squares: tuple, tokens: tuple, ghosts: tuple, base: int
                ) -> tuple[int, frozenset, tuple]:
        """One reply's value less ``base`` (the best scare order's), the squares its scares looked at
        (in every order tried), and ``(square, step)`` of the first square past the bounding box of
        each line of sight that left it."""
        active = box.place(squares, tokens)
        steps = {squares[i]: KEY_STEP[tokens[i][1]] for i in ghosts}  # the active card never flips (O5a)
        looked: set = set()
        left: list = []

        def scare_all(order: Sequence[int]) -> tuple[list, list]:
            flips, lines = [], []
            for ghost in order:
                target, path, stop, _ = box.scare(ghost, active)
                flips.append(target)
                line = set(path)
                if stop is None:
                    step = steps[ghost]
                    left.append(((path[-1] if path else ghost) + step, step))
                else:
                    line.add(stop)
                lines.append(line)
                looked.update(line)
            return flips, lines

        ghost_squares = [squares[i] for i in ghosts]
        flips, lines = scare_all(ghost_squares)
        value = _diff(box, self.them)
        box.undo(reversed(flips))
        if not box.independent(flips, lines):  # as `_best_order`: every order, the best value
            for order in itertools.islice(itertools.permutations(ghost_squares), 1, None):
                flips, _ = scare_all(order)
                value = max(value, _diff(box, self.them))
                box.undo(reversed(flips))
        box.unplace()
        return value - base, frozenset(looked), tuple(left)

    def changed(self, box: Sandbox, squares: Sequence[int], flipped: Sequence[int | None]) -> None:
        """Note my candidate: its card on ``squares`` (now in ``box``) flipped the cards ``flipped``.
        ``affected`` then holds the footprints with a reply that met a change (to be tried again)."""
        # only ghosts and tombstones change what a line of sight does: an empty square of my card
        # passes sight as the empty square before it did, and a flip changes only a card's ghosts
        # (a card flipped twice is as it was)
        tokens = box.tokens
        moved = [square for square in squares if tokens[square] != "."]
        for card in odd_flips(flipped):
            moved += [square for square in box.squares[card] if len(tokens[square]) == 2]
        affected: set[int] = set()
        by_square = self.by_square
        for square in moved:
            found = by_square.get(square)
            if found is not None:
                affected.update(found)
        hit: set[tuple[int, int]] = set()
        if box.bbox != self.bbox:  # a line that left the box now meets my card if it lies on it
            by_line = self.by_line
            for square in squares:
                if tokens[square] == ".":
                    continue
                row, col = square_of(square)  # `_line` of each direction through it
                for step, line in ((1, 4 * row), (-1, 4 * row + 1),
                                   (STRIDE, 4 * col + 2), (-STRIDE, 4 * col + 3)):
                    for start, footprint in by_line.get(line, ()):
                        if (square - start) * step >= 0:  # on its row or column: ahead of its start
                            affected.add(footprint)
                            hit.add((start, step))
        self.affected, self.moved, self.hit = affected, set(moved), hit
        self.shift = _diff(box, self.them)
        # the footprints my card takes, and the new ones next to it (all that are legal after it)
        self.covered = footprints_covering(tuple(squares))
        self.new = [f for f in footprints_next_to(tokens, squares) if f not in self.table]

    def split(self, footprint: int) -> tuple[int | None, tuple | None]:
        """For a footprint in `affected` or new: the best value of its replies that met no change
        (None if none did), and the ways (`_ways`) to try again."""
        known = self.table.get(footprint)
        if known is None:
            return None, self.ways[footprint & 1]
        kept = None
        fresh = []
        moved, hit = self.moved, self.hit
        for way, (value, looked, left) in zip(self.ways[footprint & 1], known[1]):
            if not moved.isdisjoint(looked) or (hit and not hit.isdisjoint(left)):
                fresh.append(way)
            elif kept is None or value > kept:
                kept = value
        return (None if kept is None else self.shift + kept), tuple(fresh)


def _line(square: int, step: int) -> int:
    """The row (for a step along a row) or column of ``square``, with the direction, as one number."""
    row, col = square_of(square)
    if step == 1 or step == -1:
        return 4 * row + (step < 0)
    return 4 * col + 2 + (step < 0)
