"""Whole positions that one seat cannot tell from the real one (for the expert's look-ahead).

`determinize(observation, rng)` deals the cards the seat has not seen (S3, S12) into the places it
cannot see, at random, and returns a `State` whose observation for that seat is the one it was
given.  Everything comes from the engine: the deck table (`Game.full_counts`), the observation
(what the seat knows, `bots.unseen_counts` for what it has not seen) and `State`'s constructor.
Nothing here decides what a move does.

What is hidden from a seat:

- every grid card it does not know (its view has no card), and who knows each card is public (the
  view's ``known_by``), so the dealt card keeps that mask;
- the card another player drew and holds (S4: only the drawer sees it);
- the order and make-up of the draw pile: the unseen cards left after the deal above.

The play pile is public (every card on it was seen face up, S12).  The only field of a state that
no observation names is ``then``, what follows a slam window or a look; it is read off the public
facts as the rules set it (S6): the round's first window starts the first turn, a window opened by
a played action card leads to its action, any other ends the turn; a look leads to a Magic Goose's
swap or ends the turn.

The deal is uniform over the unseen cards: it does not guess which cards a player chose to keep.
"""

from __future__ import annotations

import math
import random

from .analysis import unseen_counts
from .deck import MAGIC
from .rules import (
    CHOOSE,
    DO_ACTION,
    END_TURN,
    GIVE,
    HOLD,
    LOOK,
    START_TURN,
    SWAP_NEXT,
    TARGET,
    WINDOW,
    Game,
    Grid,
    Observation,
    Slot,
    State,
)


def determinize(observation: Observation, rng: random.Random, kept_bias: float = 0.0) -> State:
    """A state the seat of ``observation`` cannot tell from the real one, with the cards it has
    not seen dealt from ``rng`` (uniformly over the deals that fit what the seat has seen).

    With ``kept_bias`` b > 0, a card that its owner knows (and this seat does not) is dealt first,
    each unseen card weighted by exp(-b * value): a guess that players keep the low cards they
    know (b = 0.2 makes such a card worth about 3.4 on average instead of 6.2).  Every deal still
    fits the observation.
    """
    deck = observation.deck
    game = Game(players=observation.players, rounds=observation.rounds, deck=deck)
    kind = {card: row for row, card in enumerate(deck)}
    unseen = [row for row, n in enumerate(unseen_counts(observation)) for _ in range(n)]
    rng.shuffle(unseen)
    kept = {} if not kept_bias else _kept_cards(observation, unseen, kept_bias, rng)
    grids: list[Grid] = []
    for owner, grid in enumerate(observation.grids):
        cells: list[Slot | None] = []
        for place, view in enumerate(grid):
            if view is None:
                cells.append(None)
                continue
            mask = sum(1 << seat for seat in view.known_by)
            card = kind[view.card] if view.card is not None else kept.get((owner, place))
            cells.append((card if card is not None else unseen.pop(), mask))
        grids.append(tuple(cells))
    held: int | None = None
    if observation.phase == HOLD:  # a held card: seen by its taker, or by all if from the play pile
        held = kind[observation.held] if observation.held is not None else unseen.pop()
    draw = [0] * len(deck)
    for row in unseen:
        draw[row] += 1
    top = None if observation.top is None else kind[observation.top]
    discard = list(observation.play_counts)
    if top is not None:
        discard[top] -= 1
    action_card = None if observation.action_card is None else kind[observation.action_card]
    pending: tuple[int, ...] = ()
    if observation.phase == GIVE:
        pending = (observation.actor, observation.receiver if observation.receiver is not None else -1,
                   observation.gift_place if observation.gift_place is not None else -1)
    return State(game=game, phase=observation.phase, round=observation.round - 1,
                 dealer=observation.dealer, turn=observation.turn, turn_number=observation.turn_number,
                 grids=tuple(grids), draw=tuple(draw), discard=tuple(discard), top=top, held=held,
                 held_from=observation.held_from, action_card=action_card, chosen=observation.chosen,
                 looking=observation.looking, queue=observation.queue, slammed=observation.slammed,
                 pending=pending, then=_then(observation, action_card is not None, deck),
                 landings=observation.landings, totals=observation.totals, results=observation.results)


def _kept_cards(observation: Observation, unseen: list[int], bias: float, rng: random.Random
                ) -> dict[tuple[int, int], int]:
    """Deal the cards their owners know (and this seat does not) from ``unseen`` (which loses
    them), each card weighted by exp(-bias * value)."""
    values = [card.value for card in observation.deck]
    dealt = {}
    for owner, grid in enumerate(observation.grids):
        if owner == observation.seat:
            continue
        for place, view in enumerate(grid):
            if view is not None and view.card is None and owner in view.known_by:
                weights = [math.exp(-bias * values[row]) for row in unseen]
                index = rng.choices(range(len(unseen)), weights)[0]
                dealt[owner, place] = unseen[index]
                unseen[index] = unseen[-1]
                unseen.pop()
    return dealt


def _then(observation: Observation, acting: bool, deck: tuple) -> str:
    """What follows the current window or look (the state's ``then``), from public facts (S6)."""
    phase = observation.phase
    magic = acting and observation.action_card is not None and observation.action_card.action == MAGIC
    if phase in (WINDOW, GIVE):
        if observation.turn_number == 0:
            return START_TURN
        return DO_ACTION if acting else END_TURN
    if phase == LOOK:
        return SWAP_NEXT if magic else END_TURN
    if phase in (CHOOSE, TARGET):
        return SWAP_NEXT if magic else ""
    return ""
