"""The expert bot of BOO: a three-ply search over the cards everyone can see.

In BOO nothing is hidden but the order of the unseen decks (O2), so the expert's position is the
real one (`determinize`), and the next three placements are made with visible cards: its own hand
card, the opponent's hand card, then its own visible top card, which it takes into hand after this
turn (O7).  No reveal comes before the fourth placement, so the search needs no chance node.

- Every placement of its card is scored by the score difference right after it (its own face-up
  ghosts less the opponent's, with the best scare order, as `bots.GreedyBot` scores it); the best
  ``width`` of them are scored again after the opponent's best reply (`bots.LookaheadBot`'s
  two-ply value, computed in full, with no cut-off).
- The best ``deep`` of those are searched one ply further: for each of the opponent's ``replies``
  strongest replies, its own best answer with its next card; a candidate is worth the worst of
  those answers (the opponent is assumed to pick the reply that hurts most).  Alpha-beta cut-offs
  skip answers and replies that cannot change the choice.
- With no next card (its deck is empty) the two-ply value is exact for the last placements; on
  the last placement of the game the greedy choice is exact.

Ties go to the two-ply value, then to the immediate one, then to ``rng``.  Placements are tried on
the engine's own `rules.Sandbox` (the scare logic the rules use), so no rule is written here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine import check_int
from .bots import LookaheadBot, _candidates, _footprints, _letter, _Replies
from .rules import Observation, Place, Sandbox, Scare, key_of, make_placed


class ExpertBot:
    """Three plies over the visible cards (see the module docstring)."""

    name = "expert"

    def __init__(self, width: int = 24, deep: int = 6, replies: int = 3) -> None:
        for label, value in (("width", width), ("deep", deep), ("replies", replies)):
            check_int(label, value, 1, 1000)
        self.width, self.deep, self.replies = width, deep, replies

    def __repr__(self) -> str:
        return f"ExpertBot(width={self.width}, deep={self.deep}, replies={self.replies})"

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        seat = observation.seat
        reply_card, next_card = observation.hands[1 - seat], observation.tops[seat]
        if isinstance(legal_actions[0], Scare) or reply_card is None or \
                observation.placements + 1 >= observation.total_placements:
            return LookaheadBot(self.width).choose(observation, legal_actions, rng)
        if next_card is None:  # the last placements: the opponent's reply ends its deck too
            return LookaheadBot(None).choose(observation, legal_actions, rng)
        me, them = _letter(seat), _letter(1 - seat)
        box = observation.graveyard.sandbox()
        spec = observation.card(legal_actions[0].card)
        footprints = _footprints(legal_actions, observation)
        memo: dict = {}
        candidates = list(_candidates(box, footprints, spec, me, memo=memo, orders=False))
        rng.shuffle(candidates)  # random tie-breaks among equal values
        candidates.sort(key=lambda c: c[1], reverse=True)
        replies = _Replies(box, footprints, observation.card(reply_card), them, memo)
        scored = []
        for place, immediate, order in candidates[:self.width]:
            with _Placed(box, spec, place, order) as (squares, flipped):
                replies.changed(box, squares, flipped)
                two_ply, _ = LookaheadBot._reply(box, observation, reply_card, me, None, None, None, replies)
            scored.append([two_ply, immediate, place, order])
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        best: tuple | None = None
        chosen: list[Place] = []
        for two_ply, immediate, place, order in scored[:self.deep]:
            bar = None if best is None else best[0]
            with _Placed(box, spec, place, order):
                three_ply = self._after_answer(box, observation, reply_card, next_card, me, them, bar)
            key = (three_ply, two_ply, immediate)
            if best is None or key > best:
                best, chosen = key, [place]
            elif key == best:
                chosen.append(place)
        return rng.choice(chosen)

    def _after_answer(self, box: Sandbox, observation: Observation, reply_card: str, next_card: str,
                      me: str, them: str, bar: int | None) -> int:
        """My score difference after the opponent's reply that hurts most (of its ``replies``
        strongest) and my best answer to it with ``next_card``.

        Alpha-beta: an answer that reaches the worst so far shows that this reply hurts no more,
        so its other answers are skipped; and once a reply holds me below ``bar`` (the best
        candidate's value so far) this candidate cannot be chosen, so its other replies are."""
        reply_spec, answer_spec = observation.card(reply_card), observation.card(next_card)
        found = list(_candidates(box, box.footprint_numbers(), reply_spec, them, orders=False))
        found.sort(key=lambda c: c[1], reverse=True)
        worst: int | None = None
        for place, _, order in found[:self.replies]:
            with _Placed(box, reply_spec, place, order):
                answer: int | None = None
                for _, value, _ in _candidates(box, box.footprint_numbers(), answer_spec, me, False,
                                               orders=False):
                    if answer is None or value > answer:
                        answer = value
                        if worst is not None and answer >= worst:
                            break
            if answer is None:  # the graveyard is unbounded: a card always has somewhere to go
                raise RuntimeError(f"no place found for the answer with {next_card}.")
            if worst is None or answer < worst:
                worst = answer
                if bar is not None and worst < bar:
                    break
        if worst is None:
            raise RuntimeError(f"no place found for the reply with {reply_card}.")
        return worst


class _Placed:
    """A placement and its scares made on a sandbox for the length of a ``with`` block, then
    undone: the block gets the card's squares (numbers) and the cards its scares flipped."""

    def __init__(self, box: Sandbox, spec: Any, place: Place, order: tuple | None) -> None:
        self.box, self.spec, self.place, self.order = box, spec, place, order

    def __enter__(self) -> tuple[tuple[int, ...], list[int | None]]:
        place, box = self.place, self.box
        card = make_placed(self.spec, place.row, place.col, place.rotation, place.side)
        squares = tuple(map(key_of, card.squares))
        active = box.place(squares, card.tokens)
        self.flipped = box.run(box.ghost_squares(active) if self.order is None else self.order, active)
        return squares, self.flipped

    def __exit__(self, *_: object) -> None:
        self.box.undo(reversed(self.flipped))
        self.box.unplace()


__all__ = ["ExpertBot"]
