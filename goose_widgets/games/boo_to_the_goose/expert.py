"""The expert bot of Boo to the Goose: a counting player that reads how the others play and
answers with the simple policy that beats them, with an optional determinized look-ahead.

Every decision is a counting bot's (`bots.CountingBot`: the dog chance of a flip from the cards
seen, B4; flip while one more flip gains, B7-B9; a fox banked for free when nobody has a face-down
card, B10), set up by what the expert has seen of the others in this game (its observations only):

- which end of its own row they take cards from: it knows its row, so the cards gone from it
  since its last move show whether they took the oldest, the newest or others (B6);
- how eager they are with foxes: every fox played is seen (B4), against the foxes they have
  likely drawn;
- how many dogs the others' rows held, from the cards it flips itself, against what the count
  expected (three players or more): a row that showed more dogs than that makes it more careful
  there, one that showed fewer bolder (``dog_odds`` of `bots.CountingBot`);
- at two players, how many dogs each end of the other's row has shown when it flipped there.

At two players it plays as the exploit search (`engine.exploit_search`) showed it must:

- it flips the newest card of the other's row (the counting way) until the oldest cards have
  shown fewer dogs a flip (a prior of 0.3 dogs a flip at the oldest end, 0.2 at the newest): a
  player who lays geese first keeps its dogs at the newest end, and the counting bot, which
  always flips there, lost 38 games of 40 or more to several such policies;
- they have taken only its newest cards (two or more) and keep their foxes (the counting way):
  geese first, so that its dogs lie on top when they come, and its foxes at once;
- while nothing has been taken from its row and the other keeps its foxes, it keeps its own for
  free (B10) and lays either geese first or by turns (a goose, a dog, ...), one or the other
  drawn at random for the game (geese first in 40% of games): geese first beats the patient
  players who flip the newest or middle cards (the counting bot among them) and loses to those
  who flip the oldest, by turns the other way round; the mix is beaten clearly by neither, where
  each alone was;
- otherwise dogs first, foxes as the counting bot spends them.

Its answers at three players or more (measured by round-robins against every bot and policy,
and every mixed table of them, at 3, 4 and 5 players):

- they only ever take its oldest cards (or cards of a row all of one kind, when every one of
  them spends its foxes at once) and their rows have shown few dogs (the "always fox" way): dogs
  first, so that its oldest cards are traps, and every fox at once (their rows are geese until
  their geese run out); when every one of them plays so, it also never stops a catch round: their
  rounds run on until a dog or until no face-down card is left, which banks every goose turned
  (B7), and a round stopped early gives that away (against four always-fox players it won 0.018
  of its games before, 0.300 after, against a fair share of 0.2);
- they only ever take its newest cards and keep their foxes (the counting way): geese first, so
  that its dogs lie on top when they come, its foxes only when free;
- nothing taken from its row yet, by players patient with their foxes: geese first, with its
  foxes kept for free;
- otherwise (they take cards anywhere, or spend foxes at random): dogs first, its foxes at once
  at a table where most spend theirs at once (a fox kept is a fox lost to their rounds), else
  only when free.  This answer is what keeps it from being beaten clearly at tables of always
  fox and the search's closest policy (4 and 5 players); it costs it against random players,
  who often look eager (against four of them 0.304, from 0.605, still above the fair share).

It flips the newest card, as counting does: learning the safer end of each player's row, as at two
players, cost it a tenth of its share against two counting bots.

With ``deals`` > 0 it also weighs the kinds it can lay by determinized Monte Carlo
(`engine.search.determinized_values`: it deals the cards it has not seen consistently with its
observation, `determinize`, and plays each candidate out with counting bots) and replaces its
policy's move only when another beats it by more than ``z`` standard errors over the same deals.
The default is 0: the look-ahead costs about a second a game (38 ms a decision, 110 ms at the
95th percentile, at two players) and four times that at five players.

What the exploit search taught it (issue 31; 480 simple policies at two players): the expert
that answered each player with the policy that beats it was itself beaten clearly by 80 of them
(the closest won 0.732 of 600 fresh games against it), as the answers misread players who looked
like one kind and were another.  Playing as above, no policy of the grid beats it clearly: the
screen called 4 of 480 "expert below", and on 600 fresh games each none was (the closest, "at
random/middle/p<=0.2/counting", leaves it 0.455, 99% 0.403-0.508); the old closest policy ("dogs
first/oldest/p<=0.2/counting") leaves it 0.504 (95% 0.464-0.544) of 600, where it left the old
expert 0.268.  The look-ahead (``deals=8``) did not do better against either in 60 games.
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
_FREE_FOXES_ONLY = 0.0  # a fox only when nobody has a face-down card (B10) or no dog is left
_FEW_DOGS = 0.5  # rows that showed at most this share of the dogs the count expected: geese laid first
_OLDEST_PRIOR, _NEWEST_PRIOR = 0.3, 0.2  # dogs a flip at each end of a row, before any is seen
_GEESE_FIRST_SHARE = 0.4  # (two players) the games it lays geese first before anything is taken


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
    turned: int          # cards face up in front of the target before the flip
    last: bool           # it was the last face-down card of the others (the round ends anyway)
    chance: float        # the counting chance that it was a dog
    end: int = 0         # which end of the row: 0 the oldest card, 1 the newest, 2 between


@dataclass
class _Memory:
    """What the expert has learnt in the current game (reset when a new game starts)."""

    seat: int
    players: int
    cards_left: int
    row: tuple[int, ...] = ()            # its own row as it will be after its last move
    flipped: _Flipped | None = None
    # per player: dogs met, and the dogs the count expected, over all flips of its row
    dogs: list[list[float]] = field(default_factory=list)
    # its own cards the others took: [from the oldest end, from the newest end, elsewhere, from
    # a row whose cards were all alike (either end)]
    taken: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    # per player: dogs met and flips made at each end of its row, [[oldest], [newest]] (read at
    # two players only: at more it flips the newest card, see the module docstring)
    ends: list[list[list[int]]] = field(default_factory=list)
    # (two players) how it lays while nothing is taken from its row and the other keeps its
    # foxes: geese first (True) or by turns, drawn once a game
    geese_first: bool | None = None
    # (three players or more) at a table of always-fox players: flip on, never stop
    push_on: bool = False


class ExpertBot:
    """A counting player that answers how the others play; optionally determinized Monte Carlo
    over its lays (``deals`` imagined positions a decision)."""

    name = "expert"

    def __init__(self, deals: int = 0, z: float = 1.5) -> None:
        check_int("deals", deals, 0, _MOST_DEALS)
        self.deals = deals
        self.z = z
        self._memory: _Memory | None = None

    def __repr__(self) -> str:
        return f"ExpertBot(deals={self.deals}, z={self.z})"

    def choose(self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        memory = self._remember(observation)
        if memory.geese_first is None and observation.players == 2:
            memory.geese_first = rng.random() < _GEESE_FIRST_SHARE
        legal = list(legal_actions)
        policy = self._own_bot(memory, observation)
        choice: Any = policy.choose(observation, legal, rng)
        if isinstance(choice, Stop) and memory.push_on:
            flips = [a for a in legal if isinstance(a, Flip)]
            choice = (min if policy.flip == "oldest" else max)(flips, key=lambda f: f.index)
        candidates = list(dict.fromkeys(legal))  # the kinds it can lay (or the flips and stop)
        if self.deals and len(candidates) > 1 and not any(isinstance(a, Flip) for a in legal):
            values = determinized_values(observation, candidates, self._dealer(memory),
                                         self._finisher(memory, observation), self.deals, rng)
            choice = candidates[best_candidate(values, candidates.index(choice), self.z)]
        self._note(memory, observation, choice)
        return choice

    def _own_bot(self, memory: _Memory, observation: Observation) -> CountingBot:
        """How it plays (and plays itself in its look-ahead): the counting bot that answers what
        it has seen of the others (see the module's docstring)."""
        oldest, newest, elsewhere, alike = memory.taken
        if observation.players == 2:
            eager = _eager(observation, 1 - observation.seat)
            if newest >= 2 and not oldest + elsewhere and not eager:  # the counting way
                lay, threshold = "geese first", _EAGER_FOX_THRESHOLD
            elif not any(memory.taken) and not eager:  # nothing taken yet, foxes kept: a mix
                lay, threshold = "geese first" if memory.geese_first else "by turns", _FREE_FOXES_ONLY
            else:
                lay, threshold = "dogs first", _PATIENT_FOX_THRESHOLD
            return CountingBot(threshold, flip=_flip_end(memory, observation), lay=lay)
        odds = [(met + 1) / (expected + 1) for met, expected in memory.dogs]
        others = [player for player in range(observation.players) if player != observation.seat]
        eagers = sum(_eager(observation, player) for player in others)
        eager = 2 * eagers > len(others)
        # one card taken from its oldest end is enough to call if their rows have shown few dogs
        # (random players soon take others, and lay dogs anywhere); the newest end needs two, as a
        # short row's newest card is often taken by chance
        met = sum(memory.dogs[player][0] for player in others)
        expected = sum(memory.dogs[player][1] for player in others)
        always_fox_way = bool(oldest or (alike and eagers == len(others))) and not newest + elsewhere \
            and met <= _FEW_DOGS * expected
        # a table of them all (everyone spends foxes at once, nobody stops): their rounds run
        # on until a dog or until no face-down card is left, which banks every goose turned
        # (B7), so it flips on as they do, and its dogs, laid first, end their rounds
        memory.push_on = always_fox_way and eagers == len(others)
        if always_fox_way:
            lay, threshold = "dogs first", _EAGER_FOX_THRESHOLD
        elif newest >= 2 and not oldest + elsewhere and not eager:
            lay, threshold = "geese first", _FREE_FOXES_ONLY
        elif not any(memory.taken) and not eager:
            lay, threshold = "geese first", _FREE_FOXES_ONLY
        else:  # at a table spending its foxes at once, a fox kept is a fox lost to their rounds
            lay, threshold = "dogs first", _EAGER_FOX_THRESHOLD if eager else _FREE_FOXES_ONLY
        # the odds learnt from its own flips: measured to help with three players or more
        # it flips the newest card, as counting does: learning the safer end per player, as at two
        # players, cost it a tenth of its share against two counting bots (0.409 against 0.502)
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

    # --- the memory ---------------------------------------------------------------------------
    def _remember(self, observation: Observation) -> _Memory:
        """The memory of this game, brought up to date with what ``observation`` shows."""
        cards_left = sum(observation.pile_sizes) + sum(observation.hand_sizes)
        memory = self._memory
        if memory is None or memory.seat != observation.seat or memory.players != observation.players \
                or cards_left > memory.cards_left:  # a new game
            players = observation.players
            memory = self._memory = _Memory(observation.seat, players, cards_left,
                                            row=observation.row, dogs=[[0.0, 0.0] for _ in range(players)],
                                            ends=[[[0, 0], [0, 0]] for _ in range(players)])
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
        memory.dogs[flipped.target][0] += dog
        memory.dogs[flipped.target][1] += flipped.chance
        if flipped.end < 2:
            memory.ends[flipped.target][flipped.end][0] += dog
            memory.ends[flipped.target][flipped.end][1] += 1

    @staticmethod
    def _taken(memory: _Memory, row: tuple[int, ...]) -> None:
        """Which end of its own row the others took cards from since its last move."""
        before = memory.row
        memory.row = row
        gone = len(before) - len(row)
        if gone <= 0 or before == row:
            return
        oldest, newest = before[gone:] == row, before[:len(row)] == row
        if oldest != newest:
            memory.taken[0 if oldest else 1] += 1
        else:  # (both: the same cards either way, which tells only that a card was taken)
            memory.taken[3 if oldest else 2] += 1

    @staticmethod
    def _note(memory: _Memory, observation: Observation, choice: Any) -> None:
        if isinstance(choice, Flip):
            target = choice.target
            others = sum(size for player, size in enumerate(observation.row_sizes)
                         if player != observation.seat)
            chance = dog_chance(observation, target)
            size = observation.row_sizes[target]
            end = 2 if size == 1 else 0 if choice.index == 0 else 1 if choice.index == size - 1 else 2
            memory.flipped = _Flipped(target, len(observation.face_up[target]), others == 1,
                                      float(chance) if chance is not None else 0.0, end)
        elif isinstance(choice, Play) and choice.kind != FOX:
            memory.row = observation.row + (choice.kind,)


def _flip_end(memory: _Memory, observation: Observation) -> str:
    """Which end of the target's row to flip (in a catch round): the one that has shown fewer dogs
    a flip there, the newest (counting's way) until the oldest has shown itself safer (the priors
    `_OLDEST_PRIOR`, `_NEWEST_PRIOR`)."""
    target = observation.target if observation.in_round else -1
    if target < 0:
        return "newest"
    (old_dogs, old_flips), (new_dogs, new_flips) = memory.ends[target]
    old_rate = (old_dogs + _OLDEST_PRIOR) / (old_flips + 1)
    return "oldest" if old_rate < (new_dogs + _NEWEST_PRIOR) / (new_flips + 1) else "newest"


def _eager(observation: Observation, player: int) -> bool:
    """Whether ``player`` has played (nearly) every fox it has likely drawn: the foxes of its set
    seen so far (B4; a fox is never laid face down) against the share of foxes in what it drew."""
    drawn = SET_SIZE - observation.pile_sizes[player] - observation.removed_sizes[player]
    played = observation.revealed[player][FOX]
    likely = SET[FOX] * drawn / SET_SIZE
    return played >= max(1.0, 0.75 * likely)


__all__ = ["ExpertBot", "outcome_value"]
