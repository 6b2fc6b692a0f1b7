"""BOO strategy and probability, measured with the engine (headless).

- `set_up_chances`: exact probabilities over the set-up chance nodes (e.g. "Black's first card has
  three ghosts"), summed over the engine's own `chance_outcomes`.
- `play_recorded`: one seeded game, keeping every turn's `TurnRecord` and the number of legal
  placements offered before it.
- `placements_by_turn`, `order_matters`, `tie_advantage`, `tournament`, `gate_flips`: statistics over
  seeded games (small enough for a notebook) for course/08_boo_strategy.ipynb.

Nothing here knows a rule: it calls ``apply``, ``legal_actions``, ``chance_outcomes``,
`rules.Sandbox.order_results` (O5) and the bots.  Rulings used: O2 (draws are chance nodes), O5
(the order is asked only where it matters), O6 (ties go to the start player).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...engine import sample_outcome_fast, simulate, wilson
from .rules import Game, Place, State, TurnRecord, make_placed


def set_up_chances(game: Game, event: Callable[[State], bool], draws: int = 1) -> Fraction:
    """Exact probability that ``event(state)`` holds after the first ``draws`` set-up chance nodes."""
    def walk(state: State, left: int) -> Fraction:
        if left == 0 or not state.is_chance_node():
            return Fraction(int(bool(event(state))))
        return sum((p * walk(state.apply(o), left - 1) for o, p in state.chance_outcomes()), Fraction(0))

    return walk(game.new_initial_state(), draws)


@dataclass
class GameLog:
    """A played game: its final state, every turn record and the placements offered before each."""

    final: State
    turns: list[TurnRecord]
    offered: list[int]  # number of legal placements before each placement
    choices: int  # how many turns asked the player to choose a scare order


def play_recorded(game: Game, bots: Sequence[Any], seed: int) -> GameLog:
    """Play one seeded game with ``bots`` (one per seat), recording each turn."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    turns: list[TurnRecord] = []
    offered: list[int] = []
    choices = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(sample_outcome_fast(state, rng))
            continue
        seat = state.current_player
        legal = state.legal_actions()
        if isinstance(legal[0], Place):
            offered.append(len(legal))
        action = bots[seat].choose(state.observation(seat), legal, rng)
        state = state.apply(action)
        if isinstance(action, Place) and state.pending:
            choices += 1
        if not state.pending:  # the turn's scares are all resolved
            if state.last_turn is None:  # every placement leaves its record
                raise RuntimeError("a turn ended without a turn record.")
            turns.append(state.last_turn)
    return GameLog(state, turns, offered, choices)


def play_many(game: Game, bots: Sequence[Any], games: int, seed: int = 0) -> list[GameLog]:
    return [play_recorded(game, bots, seed * 100_003 + i) for i in range(games)]


def placements_by_turn(logs: Sequence[GameLog]) -> list[float]:
    """The mean number of legal placements offered at placement 1, 2, ... (over the games)."""
    columns: dict[int, list[int]] = defaultdict(list)
    for log in logs:
        for number, count in enumerate(log.offered):
            columns[number].append(count)
    return [sum(columns[n]) / len(columns[n]) for n in sorted(columns)]


def order_matters(state: State) -> tuple[int, int]:
    """``(placements whose scare order can change the graveyard, all placements)`` for the card in
    hand at a decision node, found with the engine's own order test (O5)."""
    legal = state.legal_actions()
    box = state.graveyard.sandbox()
    matters = 0
    for place in legal:
        card = make_placed(state.game.edition.by_name[place.card], place.row, place.col, place.rotation,
                           place.side)
        active = box.place(card.squares, card.tokens)
        ghosts = box.ghost_squares(active)
        if len(set(box.order_results(ghosts, active).values())) > 1:
            matters += 1
        box.unplace()
    return matters, len(legal)


def order_matters_by_turn(game: Game, bots: Sequence[Any], games: int, seed: int = 0
                          ) -> list[tuple[int, int]]:
    """Per placement number: (placements where the order matters, placements offered), summed."""
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for i in range(games):
        rng = random.Random(seed * 100_003 + i)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(sample_outcome_fast(state, rng))
                continue
            if not state.pending:
                matters, offered = order_matters(state)
                totals[state.placements][0] += matters
                totals[state.placements][1] += offered
            seat = state.current_player
            state = state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rng))
    return [(totals[n][0], totals[n][1]) for n in sorted(totals)]


def tie_advantage(game: Game, bots: Sequence[Any], games: int, seed: int = 0,
                  workers: int | None = None) -> dict[str, Any]:
    """How often games end in a tie (won by the start player, O6) and the start player's win rate.

    ``workers`` plays the games in that many processes (`engine.simulate`: the same results)."""
    result = simulate(game, games, list(bots), seed=seed, progress=False, workers=workers)
    ties = sum(1 for r in result.records if r.scores[0] == r.scores[1])
    start = game.start_player
    wins = result.win_counts()[start]
    return {"games": games, "ties": ties, "tie rate": wilson(ties, games),
            "start player wins": wins, "start player win rate": wilson(wins, games)}


def tournament(game: Game, names: Sequence[str], games: int, seed: int = 0,
               progress: bool = False) -> dict[tuple[str, str], tuple[float, float, float]]:
    """Win rate of the first bot against the second for every ordered pair, seats rotated each game
    (so each bot starts half the games); a Wilson 95% interval with each rate."""
    from .registry import BOTS  # here, not above: the rest of this module needs no bot (a capstone's
    #                             sandbox is without them)

    table = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            result = simulate(game, games, [BOTS[a](), BOTS[b]()], seed=seed, progress=progress,
                              rotate_seats=True)
            table[(a, b)] = result.win_rates()[0]
    return table


def gate_flips(logs: Sequence[GameLog], game: Game) -> dict[str, dict[str, float]]:
    """For each gate card: mean flips per game and the share of games it ends turned over."""
    names = [c.name for c in game.edition.gate]
    flips: Counter[str] = Counter()
    ended: Counter[str] = Counter()
    for log in logs:
        for turn in log.turns:
            for record in turn.scares:
                if record.flipped in names:
                    flips[record.flipped] += 1
        for card in log.final.graveyard.cards:
            if card.name in names and card.side == "back":
                ended[card.name] += 1
    n = max(1, len(logs))
    return {name: {"flips per game": round(flips[name] / n, 2), "ends flipped": round(ended[name] / n, 2)}
            for name in names}


def gate_stops(logs: Sequence[GameLog], game: Game) -> dict[tuple[int, int], Counter[str]]:
    """For each square of the gate: how the lines of sight that stopped there ended ("flip",
    "faces back", "tombstone"), counted over the games."""
    squares = {sq for card in game.edition.gate for sq in card.at}
    stops: dict[tuple[int, int], Counter[str]] = {sq: Counter() for sq in sorted(squares)}
    for log in logs:
        for turn in log.turns:
            for record in turn.scares:
                if record.stop in stops:
                    stops[record.stop][record.outcome] += 1
    return stops
