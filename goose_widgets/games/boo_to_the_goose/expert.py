"""The expert bot of Boo to the Goose: determinized Monte Carlo with a model of the other players.

When it lays a card (a goose, a dog or a fox: B3) the expert deals the cards it has not seen at
random, consistently with its observation (`determinize`, B4), plays each kind it can lay in that
imagined position with the engine, and plays the game out with counting bots
(`engine.search.determinized_values`).  A candidate's value is the share of the win (a shared top
is split, B13) plus a little for each card of lead.  Its default is the move of its own model
player (below); another candidate replaces it only when it beats it by more than ``z`` standard
errors over the same deals (`engine.search.best_candidate`), so that the noise of a few deals does
not overrule a sound move.  In a catch round it stops when its model player would (the counting
rule, B7-B9, with its own odds of a dog) and otherwise flips the end of the row it trusts more.

What it learns in a game, from its own observations only (B4):

- where a player's dogs lie, from the cards it flips itself: it flips the end of a row (oldest or
  newest card) where it has met fewer dogs (at first the newest), and a row that held fewer dogs
  than the count expected is dealt fewer dogs in its imagined positions and makes its model
  player bolder there (``dog_weights`` of `determinize`, ``dog_odds`` of `bots.CountingBot`);
- which end of a row the others flip: it knows its own row, so the cards gone from it since its
  last move show whether they took the oldest, the newest or others;
- how eager a player is with foxes: every fox played is seen (B4), against the foxes it has likely
  drawn.

Its model player, which it is by default and in its look-ahead, is a counting bot that lays its
geese first (so that its newest card is a dog) while the others are patient and flip the newest
card, and its dogs first otherwise; it spends its foxes eagerly only against eager players who flip
the oldest card (their rows hold geese only until their geese run out).  The others are played in
the look-ahead as counting bots with the end they flip and their eagerness.  ``deals`` is the
sampling budget: imagined positions per decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import check_int, playout
from ...engine.search import best_candidate, determinized_values
from .analysis import dog_chance
from .bots import CountingBot
from .determinize import determinize
from .rules import DOG, FOX, SET, SET_SIZE, Flip, Observation, Play, State, Stop

_MOST_DEALS = 10_000  # a sanity bound: a thousand deals already take seconds a decision
_MARGIN = 0.05
"""What one card of lead is worth beside a win (ties in value go to the bigger margin)."""
_EAGER_FOX_THRESHOLD = 1.0   # a player seen to spend its foxes at once is played as spending them
_PATIENT_FOX_THRESHOLD = 0.18  # else as the counting bot does


def outcome_value(final: State, seat: int) -> float:
    """What a finished game is worth to ``seat``: its share of the win, plus `_MARGIN` per card of
    lead over the best other player (negative when behind)."""
    scores = final.scores()
    best = max(scores)
    share = scores.count(best)
    lead = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
    return (1 / share if scores[seat] == best else 0.0) + _MARGIN * lead


@dataclass
class _Flipped:
    """A flip the expert made, to be read from its next observation."""

    target: int
    index: int
    length: int          # the target's row length before the flip
    turned: int          # cards face up in front of the target before the flip
    last: bool           # it was the last face-down card of the others (the round ends anyway)
    chance: float        # the counting chance that it was a dog


@dataclass
class _Memory:
    """What the expert has learnt in the current game (reset when a new game starts)."""

    seat: int
    players: int
    cards_left: int
    row: tuple[int, ...] = ()            # its own row as it will be after its last move
    flipped: _Flipped | None = None
    # per player: [dogs met at the oldest end, flips there, dogs met at the newest end, flips there]
    ends: list[list[int]] = field(default_factory=list)
    # per player: dogs met, and the dogs the count expected, over all flips of its row
    dogs: list[list[float]] = field(default_factory=list)
    # its own cards the others took: [from the oldest end, from the newest end, elsewhere]
    taken: list[int] = field(default_factory=lambda: [0, 0, 0])


class ExpertBot:
    """Determinized Monte Carlo over lays and stops, with a model of how the others play."""

    name = "expert"

    def __init__(self, deals: int = 8, z: float = 1.5) -> None:
        check_int("deals", deals, 1, _MOST_DEALS)
        self.deals = deals
        self.z = z
        self._memory: _Memory | None = None

    def __repr__(self) -> str:
        return f"ExpertBot(deals={self.deals}, z={self.z})"

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        memory = self._remember(observation)
        legal = list(legal_actions)
        flips = [a for a in legal if isinstance(a, Flip)]
        if flips:  # stop as its own counting bot would (its odds of a dog), else flip its end
            choice: Any = self._own_bot(memory, observation).choose(observation, legal, rng)
            if not isinstance(choice, Stop):
                choice = self._flip_to_make(memory, observation, flips)
        else:
            candidates = list(dict.fromkeys(legal))  # the kinds it can lay
            choice = candidates[0]
            if len(candidates) > 1:
                default = self._own_bot(memory, observation).choose(observation, legal, rng)
                values = determinized_values(observation, candidates, self._dealer(memory),
                                             self._finisher(memory, observation), self.deals, rng)
                choice = candidates[best_candidate(values, candidates.index(default), self.z)]
        self._note(memory, observation, choice)
        return choice

    def _own_bot(self, memory: _Memory, observation: Observation) -> CountingBot:
        """How it plays by default (and in its look-ahead): a counting bot with its odds of a dog
        in each row; its geese first while the others are patient with their foxes and flip the
        newest card (so that its newest card is a dog), else its dogs first; and eager with its
        foxes only against eager players who flip the oldest card (their rows are all geese
        until their geese run out)."""
        odds = [(met + 1) / (expected + 1) for met, expected in memory.dogs]
        oldest, newest, elsewhere = memory.taken
        others = [player for player in range(observation.players) if player != observation.seat]
        eager = 2 * sum(_eager(observation, player) for player in others) > len(others)
        lay = "dogs first" if eager or oldest + elsewhere > newest else "geese first"
        threshold = _EAGER_FOX_THRESHOLD if eager and oldest > newest + elsewhere else _PATIENT_FOX_THRESHOLD
        return CountingBot(threshold, dog_odds=odds, lay=lay)

    # --- the look-ahead ---------------------------------------------------------------------
    def _dealer(self, memory: _Memory) -> Any:
        weights = [(met + 1) / (expected + 1) for met, expected in memory.dogs]

        def deal(observation: Observation, rng: random.Random) -> State:
            return determinize(observation, rng, weights)
        return deal

    def _finisher(self, memory: _Memory, observation: Observation) -> Any:
        seat = observation.seat
        theirs = "oldest" if memory.taken[0] > memory.taken[1] else "newest"
        bots = [self._own_bot(memory, observation) if player == seat else
                CountingBot(_EAGER_FOX_THRESHOLD if _eager(observation, player) else _PATIENT_FOX_THRESHOLD,
                            theirs)
                for player in range(observation.players)]

        def finish(state: State, rng: random.Random) -> float:
            return outcome_value(playout(state, bots, rng), seat)
        return finish

    @staticmethod
    def _flip_to_make(memory: _Memory, observation: Observation, flips: list[Flip]) -> Flip:
        """The oldest or newest card of the target's row, whichever end has shown fewer dogs
        (a prior of one dog in four flips at each end; the newest when they are level)."""
        old_dogs, old_flips, new_dogs, new_flips = memory.ends[observation.target]
        oldest = (old_dogs + 1) / (old_flips + 4) < (new_dogs + 1) / (new_flips + 4)
        return min(flips, key=lambda f: f.index) if oldest else max(flips, key=lambda f: f.index)

    # --- the memory ---------------------------------------------------------------------------
    def _remember(self, observation: Observation) -> _Memory:
        """The memory of this game, brought up to date with what ``observation`` shows."""
        cards_left = sum(observation.pile_sizes) + sum(observation.hand_sizes)
        memory = self._memory
        if memory is None or memory.seat != observation.seat or memory.players != observation.players \
                or cards_left > memory.cards_left:  # a new game
            players = observation.players
            memory = self._memory = _Memory(observation.seat, players, cards_left,
                                            row=observation.row, ends=[[0, 0, 0, 0] for _ in range(players)],
                                            dogs=[[0.0, 0.0] for _ in range(players)])
        memory.cards_left = cards_left
        flipped = memory.flipped
        if flipped is not None:
            memory.flipped = None
            turned = observation.face_up[flipped.target]
            if observation.fox == observation.seat and len(turned) > flipped.turned:
                self._met(memory, flipped, turned[-1])
            elif observation.fox != observation.seat and not flipped.last:
                self._met(memory, flipped, DOG)  # only a dog ends a round after a flip
        self._taken(memory, observation.row)
        return memory

    @staticmethod
    def _met(memory: _Memory, flipped: _Flipped, kind: int) -> None:
        dog = int(kind == DOG)
        ends = memory.ends[flipped.target]
        if flipped.index == 0:
            ends[0] += dog
            ends[1] += 1
        if flipped.index == flipped.length - 1:
            ends[2] += dog
            ends[3] += 1
        memory.dogs[flipped.target][0] += dog
        memory.dogs[flipped.target][1] += flipped.chance

    @staticmethod
    def _taken(memory: _Memory, row: tuple[int, ...]) -> None:
        """Which end of its own row the others took cards from since its last move."""
        before = memory.row
        memory.row = row
        gone = len(before) - len(row)
        if gone <= 0 or before == row:
            return
        oldest, newest = before[gone:] == row, before[:len(row)] == row
        if oldest != newest:  # (both: the same cards either way, which tells nothing)
            memory.taken[0 if oldest else 1] += 1
        elif not oldest:
            memory.taken[2] += 1

    @staticmethod
    def _note(memory: _Memory, observation: Observation, choice: Any) -> None:
        if isinstance(choice, Flip):
            target = choice.target
            others = sum(size for player, size in enumerate(observation.row_sizes)
                         if player != observation.seat)
            chance = dog_chance(observation, target)
            memory.flipped = _Flipped(target, choice.index, observation.row_sizes[target],
                                      len(observation.face_up[target]), others == 1,
                                      float(chance) if chance is not None else 0.0)
        elif isinstance(choice, Play) and choice.kind != FOX:
            memory.row = observation.row + (choice.kind,)


def _eager(observation: Observation, player: int) -> bool:
    """Whether ``player`` has played (nearly) every fox it has likely drawn: the foxes of its set
    seen so far (B4; a fox is never laid face down) against the share of foxes in what it drew."""
    drawn = SET_SIZE - observation.pile_sizes[player] - observation.removed_sizes[player]
    played = observation.revealed[player][FOX]
    likely = SET[FOX] * drawn / SET_SIZE
    return played >= max(1.0, 0.75 * likely)


__all__ = ["ExpertBot", "outcome_value"]
