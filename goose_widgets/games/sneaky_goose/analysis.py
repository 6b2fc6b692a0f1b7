"""Sneaky Goose probability and strategy, always from the engine (headless).

Exact answers walk the engine's own chance outcomes (`State.chance_outcomes`, `State.apply`):

- `next_card_distribution` / `expected_next_card`: the card that comes off the draw pile.
- `expected_after_seeing`: the value of an unseen card once some cards have been seen.
- `fresh_grid_distribution`: the sum of a freshly dealt 2x2 grid, exactly.
- `bottom_row_distribution`: the two cards of Player 1's bottom row (the ones it peeks at), exactly.
- `upcard_slam_chance`: the chance that the up-card matches a card in your bottom row.
- `unseen_expectation`: the exact value of a card a seat has not seen, from its observation.

Simulations play seeded games with the bots:

- `round_scores`: mean round score of each bot with a 95% interval (seats rotate).
- `slam_opportunities`: how often a slam window offers a match somebody knows, or any match.

What a seat has not seen, for bots: `unseen_counts` and `unseen_mean`.  The studies that play the
game's own bots against each other (`honk_study`, `memory_study`) are in `studies`, so that this
module imports no bot (a capstone's sandbox is without them).

Positions are merged by a ``key`` where that is exact (`lumped_distribution`), so that deals of
the same cards in another order are counted once.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from operator import mul, sub
from typing import TYPE_CHECKING, Any

from ...engine import mean_ci, sample_outcome_fast, simulate, transitions
from .rules import BOTTOM_ROW, GRID_SIZE, WINDOW, Game, Observation, State, _present

if TYPE_CHECKING:  # a process pool is imported when a study asks for one
    from concurrent.futures import Executor

__all__ = ["next_card_distribution", "expected_next_card", "expected_after_seeing",
           "fresh_grid_distribution", "bottom_row_distribution", "upcard_slam_chance", "unseen_expectation",
           "lumped_distribution",
           "round_scores", "slam_opportunities", "BotScore", "unseen_counts", "unseen_mean"]


# --- what a seat has not seen -------------------------------------------------------------------
def unseen_counts(observation: Observation) -> list[int]:
    """How many cards of each deck row the seat has not seen where they are now: the draw pile, the
    grid cards it does not know and a held card it cannot see."""
    index, copies, _ = _deck_facts(observation.deck)
    counts = list(map(sub, copies, observation.play_counts))
    for grid in observation.grids:
        for view in grid:
            if view is not None and view.card is not None:
                counts[index[view.card]] -= 1
    if observation.held is not None:
        counts[index[observation.held]] -= 1
    return counts


_DeckFacts = tuple[dict[Any, int], tuple[int, ...], tuple[int, ...]]
_DECKS: dict[int, tuple[tuple[Any, ...], _DeckFacts]] = {}


def _deck_facts(deck: tuple[Any, ...]) -> _DeckFacts:
    """Each card type's row, and the copies and value of each row, made once per deck table (kept
    by identity: every observation of a game carries the game's own table)."""
    entry = _DECKS.get(id(deck))
    if entry is None or entry[0] is not deck:
        facts = ({t: k for k, t in enumerate(deck)}, tuple(t.copies for t in deck),
                 tuple(t.value for t in deck))
        entry = _DECKS[id(deck)] = (deck, facts)
    return entry[1]


def unseen_mean(observation: Observation) -> float:
    """The expected value of a card this seat has not seen (float, for bots in a hurry)."""
    counts = unseen_counts(observation)
    total = sum(counts)
    if not total:
        return 0.0
    return sum(map(mul, counts, _deck_facts(observation.deck)[2])) / total


# --- exact --------------------------------------------------------------------------------------
def next_card_distribution(state: State) -> dict[int, Fraction]:
    """Value -> probability for the card that comes next off the pile at a chance node."""
    if not state.is_chance_node():
        raise ValueError("next_card_distribution needs a chance node (a deal or a draw).")
    result: dict[int, Fraction] = defaultdict(Fraction)
    for card, p in state.chance_outcomes():
        result[state.game.deck[card.kind].value] += p
    return dict(sorted(result.items()))


def expected_next_card(state: State) -> Fraction:
    """The exact expected value of the next card at a chance node."""
    return sum((v * p for v, p in next_card_distribution(state).items()), Fraction(0))


def expected_after_seeing(seen: Iterable[Any], game: Game | None = None) -> Fraction:
    """The expected value of a card you have not seen, after seeing the cards ``seen``.

    The engine deals the seen cards first (they are chance outcomes of the deal) and then reports
    the next card's expectation.  ``seen`` holds card labels or values (anything `Game.kind` takes).
    The default is a six-player game, whose deal has room for 24 seen cards.
    """
    game = game or Game(players=6)
    state = game.new_initial_state()
    for card in seen:
        wanted = game.kind(card)
        outcome = next((o for o, _ in state.chance_outcomes() if o.kind == wanted), None)
        if outcome is None:
            raise ValueError(f"there is no {game.deck[wanted].label} left to see.")
        state = state.apply(outcome)
        if not state.is_chance_node():
            raise ValueError(f"at most {GRID_SIZE * game.players} cards can be seen in this deal.")
    return expected_next_card(state)


def lumped_distribution(state: Any, value: Callable[[Any], Hashable], stop: Callable[[Any], bool],
                        key: Callable[[Any], Hashable]) -> dict[Any, Fraction]:
    """Exact distribution of ``value`` at the first state where ``stop`` holds.

    Like `goose_widgets.engine.distribution`, but states that have not stopped are merged when their
    ``key`` is equal (one representative goes on): use a key under which merged states have the same
    future for the question asked.
    """
    result: dict[Any, Fraction] = defaultdict(Fraction)
    if stop(state):
        return {value(state): Fraction(1)}
    frontier: dict[Hashable, tuple[Any, Fraction]] = {key(state): (state, Fraction(1))}
    while frontier:
        following: dict[Hashable, tuple[Any, Fraction]] = {}
        for s, p in frontier.values():
            for n, q in transitions(s):
                if stop(n):
                    result[value(n)] += p * q
                    continue
                k = key(n)
                old = following.get(k)
                following[k] = (n, p * q + (old[1] if old else 0))
        frontier = following
    return dict(sorted(result.items(), key=lambda kv: repr(kv[0])))


def fresh_grid_distribution(game: Game | None = None, seat: int = 0) -> dict[int, Fraction]:
    """The exact distribution of the sum of ``seat``'s four dealt cards (the deal's chance outcomes).

    Seat 0 is dealt first in round 1; deals of the same four cards in another order are merged.
    """
    return dict(_fresh_grid(game or Game(), seat))


@cache
def _fresh_grid(game: Game, seat: int) -> dict[int, Fraction]:
    return lumped_distribution(
        game.new_initial_state(), value=lambda s: s.grid_sum(seat),
        stop=lambda s: len(s.grids[seat]) == GRID_SIZE, key=lambda s: (s.draw, len(s.grids[seat])))


def bottom_row_distribution(game: Game | None = None) -> dict[tuple[Any, Any], Fraction]:
    """The exact distribution of Player 1's bottom row (cards 3 and 4, the two it peeks at) as the
    deal's chance outcomes give it: ``(card, card)`` (deck table rows, in the table's order) -> chance.

    Deals that leave the same cards in the draw pile and the same ones in the bottom row are merged.
    """
    game = game or Game()
    return {(game.deck[a], game.deck[b]): p for (a, b), p in _bottom_row(game).items()}


@cache
def _bottom_row(game: Game) -> dict[tuple[int, ...], Fraction]:
    def bottom(s: State) -> tuple[int, ...]:
        grid = s.grids[0]
        return tuple(sorted(_present(grid[p], "dealt card")[0] for p in BOTTOM_ROW if p < len(grid)))

    return lumped_distribution(game.new_initial_state(), value=bottom,
                               stop=lambda s: len(s.grids[0]) == GRID_SIZE,
                               key=lambda s: (s.draw, len(s.grids[0]), bottom(s)))


def upcard_slam_chance(game: Game | None = None) -> Fraction:
    """The exact chance that the up-card has the goose type of a card in Player 1's bottom row.

    Then Player 1, having peeked, can slam at once (see `_upcard_slam_chance`; cached).
    """
    return _upcard_slam_chance(game or Game())


@cache
def _upcard_slam_chance(game: Game) -> Fraction:
    """Walk the deal's chance outcomes.  Until Player 1's grid is dealt, states are merged
    only when the same cards are gone and the same ones lie in the bottom row; after that only the
    bottom row's goose types, how many cards of those types are left and how many cards are left
    matter for the question.
    """
    names = [t.name for t in game.deck]

    def bottom_names(s: State) -> frozenset[str]:
        return frozenset(names[_present(s.grids[0][p], "dealt card")[0]] for p in BOTTOM_ROW)

    def key(s: State) -> Hashable:
        if len(s.grids[0]) < GRID_SIZE:  # the same cards gone, the same ones in the bottom row
            bottom = s.grids[0][BOTTOM_ROW[0]:]
            return s.draw, tuple(sorted(_present(slot, "dealt card")[0] for slot in bottom))
        mine = bottom_names(s)
        return mine, sum(n for k, n in enumerate(s.draw) if names[k] in mine), sum(s.draw)

    def matches(s: State) -> bool:
        return names[_present(s.top, "up-card")] in bottom_names(s)

    return lumped_distribution(game.new_initial_state(), matches, lambda s: s.top is not None,
                               key).get(True, Fraction(0))


def unseen_expectation(observation: Observation) -> Fraction:
    """The exact expected value of a card this seat has not seen (its own unknown cards, the draw pile,
    the cards of others it does not know): the mean of the cards it has not seen anywhere."""
    counts = unseen_counts(observation)
    total = sum(counts)
    if not total:
        raise ValueError("this seat has seen every card.")
    return Fraction(sum(n * t.value for n, t in zip(counts, observation.deck)), total)


# --- simulation ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotScore:
    """A bot's mean round score with its 95% interval, over ``rounds`` rounds."""

    bot: str
    mean: float
    low: float
    high: float
    rounds: int

    def __str__(self) -> str:
        return (f"{self.bot:>14}: {self.mean:6.2f}  (95% CI {self.low:6.2f} to {self.high:6.2f}, "
                f"{self.rounds} rounds)")


def round_scores(bots: Sequence[Any], games: int, rounds: int = 1, seed: int = 0,
                 progress: bool = False, workers: int | None = None,
                 executor: Executor | None = None) -> list[BotScore]:
    """Play ``games`` seeded games, one seat per bot (seats rotate so no bot keeps the first seat),
    and report each bot's mean round score with a 95% interval.  ``workers`` processes share the
    games, or the ``executor`` given (`engine.simulate`: the same results whatever their number)."""
    game = Game(players=len(bots), rounds=rounds)
    per_bot: list[list[float]] = [[] for _ in bots]

    played = [0]

    def collect(final: State) -> None:  # simulate seats bot i at seat (i + shift) % players
        shift = played[0] % game.players
        played[0] += 1
        for position in range(game.players):
            seat = (position + shift) % game.players
            per_bot[position].extend(r.scores[seat] for r in final.results)

    if rounds == 1:  # a one-round game's totals are its round scores, and its record has them by bot:
        # then no final state has to travel back from a worker process
        result = simulate(game, games, list(bots), seed=seed, progress=progress, rotate_seats=True,
                          workers=workers, executor=executor)
        for record in result.records:
            for position, score in enumerate(record.scores):
                per_bot[position].append(score)
    else:
        simulate(game, games, list(bots), seed=seed, progress=progress, rotate_seats=True,
                 on_game=collect, workers=workers, executor=executor)
    names = [getattr(b, "name", type(b).__name__) for b in bots]
    scores = []
    for name, values in zip(names, per_bot):
        mean, low, high = mean_ci(values)
        scores.append(BotScore(name, round(mean, 2), round(low, 2), round(high, 2), len(values)))
    return scores


@dataclass(frozen=True)
class SlamCount:
    windows: int
    known_match: int   # some seat knew a matching grid card when the window opened
    any_match: int     # some grid card matched (whether anyone knew it or not)
    slams: int
    matches: int


def slam_opportunities(bots: Sequence[Any], games: int, rounds: int = 1, seed: int = 0) -> SlamCount:
    """Count slam windows and how often a match was known to somebody / present at all."""
    game = Game(players=len(bots), rounds=rounds)
    rng = random.Random(seed)
    windows = known = present = slams = matches = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.phase == WINDOW and len(state.queue) == game.players and not state.slammed:
                windows += 1
                name = game.deck[_present(state.top, "play pile top")].name
                hits = [slot for grid in state.grids for slot in grid
                        if slot is not None and game.deck[slot[0]].name == name]
                present += bool(hits)
                known += any(slot[1] for slot in hits)
            if state.is_chance_node():
                state = state.apply(sample_outcome_fast(state, rng))
                continue
            seat = state.current_player
            action = bots[seat].choose(state.observation(seat), state.legal_actions(), rng)
            if action.verb == "slam":
                slams += 1
                slammed = _present(state.grids[action.seat][action.slot], "slammed card")[0]
                matches += game.deck[slammed].name == game.deck[_present(state.top, "play pile top")].name
            state = state.apply(action)
    return SlamCount(windows, known, present, slams, matches)
