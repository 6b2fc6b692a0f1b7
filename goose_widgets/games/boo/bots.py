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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...engine import Bot, RandomBot
from .rules import Place, Sandbox, Scare, footprints_after, make_placed, orientations

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


def _best_order(box: Sandbox, ghosts: list, active: int, me: str) -> tuple[int, tuple]:
    """The best score difference reachable by some scare order, and that order."""
    flips, lines = box.canonical(ghosts, active)
    value = _diff(box, me)
    box.undo(reversed(flips))
    if box.independent(flips, lines):  # every order gives this graveyard
        return value, tuple(ghosts)
    return max(_order_values(box, ghosts, active, me))


def _candidates(box: Sandbox, footprints: Sequence[tuple[int, int, bool]], spec: Any, me: str):
    """Yield ``(place, best immediate difference, best order)`` for a card on every footprint, in
    every distinct way it can lie (`rules.orientations`)."""
    variants = orientations(spec)
    other = "W" if me == "B" else "B"
    own = {tokens: sum(t[0] == me for t in tokens if len(t) == 2) - sum(t[0] == other for t in tokens
                                                                         if len(t) == 2)
           for _, _, _, tokens in variants}
    base = _diff(box, me)
    memo: dict = {}
    for row, col, vertical in footprints:
        squares = ((row, col), (row + 1, col), (row + 2, col)) if vertical else \
            ((row, col), (row, col + 1), (row, col + 2))
        for lies_vertical, rotation, side, tokens in variants:
            if lies_vertical != vertical:
                continue
            ghosts = [sq for sq, t in zip(squares, tokens) if len(t) == 2]
            if box.quiet(squares, tokens, memo):
                value, order = base + own[tokens], tuple(ghosts)
            else:
                active = box.place(squares, tokens)
                value, order = _best_order(box, ghosts, active, me)
                box.unplace()
            yield Place(spec.name, row, col, rotation, side), value, order


def _footprints(legal_actions: Sequence[Place]) -> list[tuple[int, int, bool]]:
    return sorted({(a.row, a.col, a.rotation in (90, 270)) for a in legal_actions})


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
                  for place, value, _ in _candidates(box, _footprints(legal_actions), spec, me)]
        best = max(v for v, _ in scored)
        return rng.choice([p for v, p in scored if v == best])

    def __repr__(self) -> str:
        return "GreedyBot()"


def _first_of_best_order(box: Sandbox, observation: Any, me: str, rng: random.Random) -> Scare:
    values = _order_values(box, observation.pending, observation.active, me)
    best = max(v for v, _ in values)
    return Scare(rng.choice([order for v, order in values if v == best])[0])


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
            here = observation.graveyard.footprints()  # scares move no square
            for order, flipped in box.order_results(observation.pending, observation.active).items():
                box.undo(flipped)
                values.append((self._after_reply(box, observation, reply_card, me, here), order))
                box.undo(flipped)
            best = max(v for v, _ in values)
            return Scare(rng.choice([order for v, order in values if v == best])[0])
        spec = observation.card(legal_actions[0].card)
        footprints = _footprints(legal_actions)
        candidates = list(_candidates(box, footprints, spec, me))
        rng.shuffle(candidates)  # random tie-breaks among equal immediate values
        candidates.sort(key=lambda c: c[1], reverse=True)
        if self.width is not None:
            candidates = candidates[:self.width]
        best_key: tuple[int, int] | None = None
        chosen: list[Place] = []
        for place, immediate, order in candidates:
            card = make_placed(spec, place.row, place.col, place.rotation, place.side)
            active = box.place(card.squares, card.tokens)
            flipped = box.run(order, active)
            bar = None if best_key is None else best_key[0]
            if self.plies >= 3 and observation.tops[observation.seat] is not None:
                value = self._after_reply_and_mine(box, observation, reply_card, me)
            else:
                value = self._after_reply(box, observation, reply_card, me,
                                          footprints_after(footprints, box.tokens, card.squares), bar)
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
                     footprints: Sequence[tuple[int, int, bool]] | None = None, bar: int | None = None
                     ) -> int:
        """My score difference after the opponent's best immediate reply with ``reply_card`` on
        one of ``footprints`` (the legal places in ``box`` now; found in ``box`` if not given).

        Once some reply pushes my difference below ``bar`` (the best found so far), the rest cannot
        make this candidate the best, so the search stops there (a beta cut-off)."""
        them = "W" if me == "B" else "B"
        worst = None
        places = box.footprints() if footprints is None else footprints
        for _, value, _ in _candidates(box, places, observation.card(reply_card), them):
            if worst is None or -value < worst:
                worst = -value
                if bar is not None and worst < bar:
                    break
        if worst is None:  # the graveyard is unbounded: a card always has somewhere to go
            raise RuntimeError(f"no place found for the reply with {reply_card}.")
        return worst

    @staticmethod
    def _after_reply_and_mine(box: Sandbox, observation: Any, reply_card: str, me: str) -> int:
        """Three plies: the opponent's greedy reply, then my best immediate answer with my next card
        (the visible top card of my deck, which I take into hand)."""
        them = "W" if me == "B" else "B"
        spec = observation.card(reply_card)
        value, place, order = max(((v, p, o) for p, v, o in _candidates(box, box.footprints(), spec, them)),
                                  key=lambda t: t[0])
        card = make_placed(spec, place.row, place.col, place.rotation, place.side)
        active = box.place(card.squares, card.tokens)
        flipped = box.run(order, active)
        mine = observation.card(observation.tops[observation.seat])
        best = max(v for _, v, _ in _candidates(box, box.footprints(), mine, me))
        box.undo(reversed(flipped))
        box.unplace()
        return best

    def __repr__(self) -> str:
        return f"LookaheadBot(width={self.width}, plies={self.plies})"


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot}
