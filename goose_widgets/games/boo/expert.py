"""The expert bot of BOO: the look-ahead bot's two plies, then the opponent's likely reply played out.

In BOO nothing is hidden but the order of the unseen decks (O2), so the expert's position is the
real one (`determinize`), and the next placements are made with cards both players can see: its
own hand card, the opponent's hand card (the reply), then its own visible top card, which it takes
into hand after this turn (O7).  It decides in two stages:

1. Every placement of its card (each way it can lie, with the best scare order, O4-O5) is scored
   by the score difference right after it (its own face-up ghosts less the opponent's); the best
   ``width`` of them are scored again after the opponent's best immediate reply, as
   `bots.LookaheadBot` scores them (two plies, computed in full).
2. The best ``deep`` of those are played on with the engine from the determinized position: the
   opponent's reply is predicted with a model of the opponent, the two-ply look-ahead policy (the
   strongest simple policy in BOO: it beats greedy 16-4 and first placement 20-0 in 20 games),
   and a candidate is worth the score difference after its own best immediate answer with its
   next card; when the opponent's placement after that answer is the last of the game, the
   answer is worth its two-ply value instead (that last reply is the greedy one).  Against a
   minimax opponent (the reply that hurts most) a three-ply search gained nothing over the
   look-ahead bot (18 of 40 games), nor did a four-ply beam search (20 of 40); predicting the
   reply the opponent will make, and preparing the answer to it, won 27 and 30 of 40 (with five
   and eight candidates) and 43 of 80 with six.  With the two-ply value for the answer before
   the last reply, the expert as it is won 125 of 200 (95% interval 0.556-0.689): a real edge
   over the look-ahead bot, but a modest one.

Ties go to the two-ply value, then to the immediate one, then to ``rng``.  With no next card, or on
the last two placements of the game, the two-ply value over every placement is exact and decides
alone; on the last placement the greedy choice is.  Placements are tried on the engine's own
`rules.Sandbox` and `State` (the scare logic the rules use), so no rule is written here.  The
chance reveal after its own placement (O2, O7) never changes the prediction (the look-ahead model
reads the hands, not the new top card), so the first outcome stands in for all of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine import CHANCE, check_int
from .bots import GreedyBot, LookaheadBot, _candidates, _footprints, _letter, _Replies
from .determinize import determinize
from .rules import Observation, Place, Sandbox, Scare, State, key_of, make_placed


class ExpertBot:
    """Two plies over the visible cards, then the modelled reply and its answer (see the module
    docstring)."""

    name = "expert"

    def __init__(self, width: int = 24, deep: int = 6) -> None:
        for label, value in (("width", width), ("deep", deep)):
            check_int(label, value, 1, 1000)
        self.width, self.deep = width, deep
        self.model = LookaheadBot()  # the opponent, as the expert expects it to play

    def __repr__(self) -> str:
        return f"ExpertBot(width={self.width}, deep={self.deep})"

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        seat = observation.seat
        reply_card, next_card = observation.hands[1 - seat], observation.tops[seat]
        left = observation.total_placements - observation.placements
        if isinstance(legal_actions[0], Scare) or reply_card is None or left <= 1:
            return LookaheadBot(self.width).choose(observation, legal_actions, rng)
        if next_card is None or left <= 2:  # the last placements: two plies are exact
            return LookaheadBot(None).choose(observation, legal_actions, rng)
        box = observation.graveyard.sandbox()
        spec = observation.card(legal_actions[0].card)
        scored = _two_ply(box, observation, spec, reply_card, seat, self.width,
                          _footprints(legal_actions, observation), rng)
        state = determinize(observation, rng)
        best: tuple[int, int, int] | None = None
        chosen: list[Place] = []
        for two_ply, immediate, place in scored[:self.deep]:
            key = (self._after_answer(state, place, seat, next_card, rng), two_ply, immediate)
            if best is None or key > best:
                best, chosen = key, [place]
            elif key == best:
                chosen.append(place)
        return rng.choice(chosen)

    def _after_answer(self, state: State, place: Place, seat: int, next_card: str, rng: random.Random) -> int:
        """My score difference after ``place``, the modelled opponent's reply and my best immediate
        answer with ``next_card``.  My scare order is the best for me (`GreedyBot`); the model
        orders its own scares; a reveal takes its first outcome (see the module docstring)."""
        model, model_rng = self.model, random.Random(rng.getrandbits(64))  # the model's tie-breaks
        state = _on(state.apply(place), seat, GreedyBot(), rng)
        opponent = state.current_player
        state = state.apply(model.choose(state.observation(opponent), state.legal_actions(), model_rng))
        state = _on(state, opponent, model, model_rng)
        seen = state.observation(seat)
        box = seen.graveyard.sandbox()
        answer, last_reply = seen.card(next_card), seen.hands[1 - seat]
        if seen.placements + 2 == seen.total_placements and last_reply is not None:
            # the opponent's next placement ends the game: its best immediate reply is the one
            # that counts, so the answer is worth the two-ply value (exact up to ``width``)
            return _two_ply(box, seen, answer, last_reply, seat, self.width, box.footprint_numbers())[0][0]
        return max(value for _, value, _ in
                   _candidates(box, box.footprint_numbers(), answer, _letter(seat), False, orders=False))


def _two_ply(box: Sandbox, observation: Observation, spec: Any, reply_card: str, seat: int, width: int,
             footprints: Sequence[int], rng: random.Random | None = None) -> list[tuple[int, int, Place]]:
    """``(two-ply value, immediate value, place)`` for the best ``width`` placements of ``spec`` by
    immediate value, best first: the score difference for ``seat`` after the opponent's best
    immediate reply with ``reply_card``, as `bots.LookaheadBot` scores it.  Equal immediate
    values are shuffled with ``rng`` (if given) before the cut to ``width``."""
    me, them = _letter(seat), _letter(1 - seat)
    memo: dict = {}
    candidates = list(_candidates(box, footprints, spec, me, memo=memo, orders=False))
    if rng is not None:
        rng.shuffle(candidates)  # random tie-breaks among equal values
    candidates.sort(key=lambda c: c[1], reverse=True)
    replies = _Replies(box, footprints, observation.card(reply_card), them, memo)
    scored = []
    for place, immediate, order in candidates[:width]:
        with _Placed(box, spec, place, order) as (squares, flipped):
            replies.changed(box, squares, flipped)
            two_ply, _ = LookaheadBot._reply(box, observation, reply_card, me, None, None, None, replies)
        scored.append((two_ply, immediate, place))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    return scored


def _on(state: State, seat: int, bot: Any, rng: random.Random) -> State:
    """``state`` after ``seat``'s scare-order choices (made by ``bot``) and the reveals that follow
    (their first outcomes), up to the next player's placement."""
    while state.current_player == seat:
        state = state.apply(bot.choose(state.observation(seat), state.legal_actions(), rng))
    while state.current_player == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


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
