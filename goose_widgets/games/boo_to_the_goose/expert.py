"""The expert bot of Boo to the Goose: determinized Monte Carlo with a model of the other players.

At each decision with a real choice (lay a goose, a dog or a fox; flip on or stop) the expert deals
the cards it has not seen at random, consistently with its observation (`determinize`), plays each
candidate in that imagined position with the engine, and plays the game out with counting bots
(`engine.search.determinized_values`).  It takes the candidate with the best mean value: the share
of the win (a shared top is split) plus a little for each card of lead, so that close calls lean
to the bigger margin.

What it learns in a game (from its own observations only, B4), and how it uses it:

- where a player's dogs lie: the cards it flips itself, and whether each was a dog.  It flips the
  end of a row (oldest or newest card) where it has met fewer dogs (at first the newest: most
  players lay their dogs early), and a row that held fewer dogs than the count expected is dealt
  fewer dogs in its imagined positions (``dog_weights`` of `determinize`);
- which end the others flip: its own row is known to it, so the cards missing from it since its
  last decision show whether they took the oldest or the newest;
- how eagerly a player spends foxes: every fox played is seen (B4), against the foxes it has
  likely drawn.

The rollout bots play the others as they have been seen to play (the end they flip, their
eagerness with foxes), and the expert itself as a counting bot.  ``deals`` is the sampling budget:
the number of imagined positions per decision (the time per decision grows with it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import check_int, playout
from ...engine.search import determinized_values
from .analysis import dog_chance
from .bots import CountingBot
from .determinize import determinize
from .rules import DOG, FOX, SET, SET_SIZE, STOP, Flip, Observation, Play, State, Stop

_MOST_DEALS = 10_000  # a sanity bound: a thousand deals already take seconds a decision
_MARGIN = 0.05
"""What one card of lead is worth beside a win (ties in value go to the bigger margin)."""
_ROUND_DEALS = 4  # a round's plans are cheap to judge: four times the deals of a lay
_LONGEST_PLAN = 12  # flips planned at most (a round rarely gets so far)
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


def material(state: State, seat: int) -> int:
    """The cards ``seat`` would score if nobody caught anything more: its win pile, and its own
    cards not yet banked by anyone (face down, in hand, in its pile)."""
    return sum(state.won[seat]) + len(state.rows[seat]) + sum(state.hands[seat]) + sum(state.piles[seat])


def lead(state: State, seat: int) -> int:
    """``seat``'s `material` less the best other player's."""
    return material(state, seat) - max(material(state, other) for other in range(state.players)
                                       if other != seat)


def _round_value(world: State, seat: int, flips: int) -> int:
    """``seat``'s `lead` when its catch round ends, if it flips ``flips`` more cards (the first
    legal flip each time: in an imagined position every order of a row is as likely) and then
    stops; a dog ends the round sooner."""
    state = world
    for _ in range(flips):
        if state.fox != seat:
            break
        state = state._advance(state._legal_actions()[0])
    if state.fox == seat:
        state = state._advance(STOP)
    return lead(state, seat)


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
    taken: list[int] = field(default_factory=lambda: [0, 0])  # own cards taken: [oldest, newest]


class ExpertBot:
    """Determinized Monte Carlo over lays and stops, with a model of how the others play."""

    name = "expert"

    def __init__(self, deals: int = 8) -> None:
        check_int("deals", deals, 1, _MOST_DEALS)
        self.deals = deals
        self._memory: _Memory | None = None

    def __repr__(self) -> str:
        return f"ExpertBot(deals={self.deals})"

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        memory = self._remember(observation)
        legal = list(legal_actions)
        flips = [a for a in legal if isinstance(a, Flip)]
        if flips:
            choice: Any = self._flip_to_make(memory, observation, flips)
            stop = next((a for a in legal if isinstance(a, Stop)), None)
            if stop is not None and self._stop_is_better(memory, observation, rng):
                choice = stop
        else:
            candidates = list(dict.fromkeys(legal))  # the kinds it can lay
            choice = candidates[0]
            if len(candidates) > 1:
                values = determinized_values(observation, candidates, self._dealer(memory),
                                             self._finisher(memory, observation), self.deals, rng)
                choice = candidates[max(range(len(candidates)), key=values.__getitem__)]
        self._note(memory, observation, choice)
        return choice

    def _stop_is_better(self, memory: _Memory, observation: Observation, rng: random.Random) -> bool:
        """Whether stopping now beats every plan "flip k more cards, then stop" (k = 1, 2, ...,
        or never), each judged by the cards won and lost when the round ends, over imagined
        positions.  The plans are fixed in advance (they do not peek at the imagined cards), so
        the look-ahead cannot flip on because it knows the next card is a goose."""
        seat, deal = observation.seat, self._dealer(memory)
        others = sum(size for player, size in enumerate(observation.row_sizes) if player != seat)
        plans = [0, *range(1, min(others, _LONGEST_PLAN) + 1)]
        totals = [0.0] * len(plans)
        for _ in range(self.deals * _ROUND_DEALS):
            world = deal(observation, rng)
            for index, flips in enumerate(plans):
                totals[index] += _round_value(world, seat, flips)
        return max(range(len(plans)), key=totals.__getitem__) == 0

    # --- the look-ahead ---------------------------------------------------------------------
    def _dealer(self, memory: _Memory) -> Any:
        weights = [(met + 1) / (expected + 1) for met, expected in memory.dogs]

        def deal(observation: Observation, rng: random.Random) -> State:
            return determinize(observation, rng, weights)
        return deal

    def _finisher(self, memory: _Memory, observation: Observation) -> Any:
        seat = observation.seat
        theirs = "oldest" if memory.taken[0] > memory.taken[1] else "newest"
        odds = [(met + 1) / (expected + 1) for met, expected in memory.dogs]
        bots = [CountingBot(dog_odds=odds) if player == seat else
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
    return drawn >= 8 and played >= 0.75 * likely


__all__ = ["ExpertBot", "outcome_value", "material", "lead"]
