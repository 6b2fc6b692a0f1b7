"""Probability in the Game of the Goose, derived from the engine (headless).

Nothing here restates a rule: the exact results walk the engine's own ``chance_outcomes()`` and
``apply`` (through `goose_widgets.engine.exact`), and the simulations play the engine through
`goose_widgets.engine.simulate`.

Exact, for one player alone (G1 allows solitaire play):

- `chance_to_finish_alone`: under the rulebook the Well (31) and the Prison (52) hold a lone pawn
  for good (G10), so the game ends with no winner there (G15).  The exact probability of ever
  reaching 63 is an absorption probability of the Markov chain of the lone pawn.
- `rounds_alone`: when the Well and the Prison do NOT hold a lone pawn for good.  We decide that
  they then cost missed turns like the Tavern: the engine's house-rule parameter ``well_turns``
  (default 2 here, as the Tavern).  The pawn then always reaches 63, and we get the exact
  distribution of the number of rounds (first N rounds) and its exact expectation.  A round is one
  turn of the pawn, missed turns included (the engine's ``round_number`` clock).
- `landing_chance`: the exact chance that a lone pawn lands on a square within its first rounds.
- `first_roll_squares`: where the first roll of the game leaves a pawn.

Exact, for a table of 1 to 4 players (`exact.seat_chances`, stored by `exact.results`): each seat's
chance of winning, the chance of no winner (G15), the expected number of rounds and the length
curve (the chance that the game is over by each round), from the chain of joint positions built from
the engine and checked against it.  Fractions for 1 and 2 players, floats with a proven error bound
for 3 and 4.  `exact_table` (one row per table size), `length_curve` and `plot_length_curves` (the
curves beside simulated games) present them; `exact_win_probabilities` gives one table's chances.
Regenerate with ``python -m goose_widgets.games.game_of_the_goose.exact.results --regenerate``.

By simulation, for 2 to 6 players: `seat_table` (win probability by seat, chance of a game with no
winner, game length in rounds, with 95% confidence intervals) and `convergence` (simulated
estimates of the one-player chance of finishing, approaching the exact answer as games grow).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...engine import mean_ci, simulate, wilson
from ...engine.exact import absorbing_values, absorption_times, cost_chain, markov_chain, transitions
from .exact import results as exact_results
from .exact import seat_chances
from .rules import ROLL, Game, State


def _rounds(before: State, after: State) -> int:
    """The cost of an edge of the chain: the rounds that passed (missed turns included)."""
    return after.round_number - before.round_number


def lone_pawn_chain(well_turns: int | None = None) -> tuple[list[State], dict[int, list[tuple]]]:
    """The Markov chain of one pawn alone, with the rounds each step costs (`cost_chain`)."""
    start = Game(players=1, well_turns=well_turns).new_initial_state()
    return cost_chain(start, _rounds, key=State.without_clock)


def chance_to_finish_alone() -> Fraction:
    """The exact chance that a lone pawn ever reaches 63, when the Well and the Prison hold it for
    good (the rulebook; the game then ends with no winner, G15)."""
    start = Game(players=1).new_initial_state()
    states, edges = markov_chain(start, key=State.without_clock)
    return absorbing_values(states, edges, value=lambda s: s.winner == 0)[0]


@dataclass(frozen=True)
class RoundsAlone:
    """How many rounds a lone pawn needs to reach 63, exactly."""

    well_turns: int
    expected: Fraction
    distribution: dict[int, Fraction]  # rounds -> probability, for 1..horizon

    @property
    def later(self) -> Fraction:
        """The chance of needing more rounds than the distribution lists."""
        return 1 - sum(self.distribution.values(), Fraction(0))

    def cumulative(self, rounds: int) -> Fraction:
        """The chance of having finished within ``rounds`` rounds."""
        return sum((p for r, p in self.distribution.items() if r <= rounds), Fraction(0))

    def median(self) -> int:
        """The smallest number of rounds within which the pawn finishes at least half the time."""
        total = Fraction(0)
        for rounds, p in sorted(self.distribution.items()):
            total += p
            if total >= Fraction(1, 2):
                return rounds
        raise ValueError("the distribution is too short to hold the median; raise the horizon.")


def rounds_alone(well_turns: int = 2, horizon: int = 100) -> RoundsAlone:
    """Exact expectation and distribution (rounds 1..``horizon``) of the number of rounds a lone
    pawn needs, when the Well and the Prison cost ``well_turns`` missed turns instead of holding
    the pawn for good (the engine's ``well_turns`` house rule)."""
    states, edges = lone_pawn_chain(well_turns)
    # the game's length is the round in which it ends: 1 + the rounds that passed on the way
    expected = 1 + absorbing_values(states, edges)[0]
    times = absorption_times(states, edges, horizon - 1)
    return RoundsAlone(well_turns, expected, {t + 1: p for t, p in times.items()})


def landing_chance(square: int, rounds: int, **params: Any) -> Fraction:
    """The exact chance that a lone pawn lands on ``square`` (ends a step of its move there, as
    the engine's ``last_path`` records) within its first ``rounds`` rounds."""
    start = Game(players=1, **params).new_initial_state()
    frontier: dict[tuple[State, bool], Fraction] = {(start, False): Fraction(1)}
    total = Fraction(0)
    while frontier:
        following: dict[tuple[State, bool], Fraction] = defaultdict(Fraction)
        for (state, landed), p in frontier.items():
            if landed:
                total += p
                continue
            if state.is_terminal() or state.round_number > rounds:
                continue
            for nxt, q in transitions(state):
                hit = state.is_chance_node() and square in nxt.last_path[1:]
                following[nxt.without_display(), hit] += p * q
        frontier = following
    return total


def first_roll_squares(players: int = 1) -> dict[int, Fraction]:
    """Where the first roll of the game leaves the first pawn, with its exact probability."""
    rolled = Game(players=players).new_initial_state().apply(ROLL)
    result: dict[int, Fraction] = defaultdict(Fraction)
    for dice, p in rolled.chance_outcomes():
        result[rolled.apply(dice).positions[0]] += p
    return dict(sorted(result.items()))


@dataclass(frozen=True)
class WinChances:
    """Each seat's chance of winning a table of ``players`` (random play changes nothing: every
    turn is a forced roll), from the opening position.

    ``wins[seat]`` and ``no_winner`` are Fractions when ``exact``, else floats, each within
    ``error_bound`` of the true chance (``no_winner`` within ``players * error_bound``).
    ``states`` counts the positions at a roll in the chain and ``transitions`` its edges;
    ``seconds`` is the time it took to build, check and solve the chain (when computed, not when
    read from the stored results: ``cached``).
    """

    players: int
    wins: tuple[Any, ...]
    no_winner: Any
    exact: bool
    error_bound: float
    states: int
    transitions: int
    seconds: float
    cached: bool = False

    def rows(self, digits: int = 4) -> list[dict[str, Any]]:
        """One row per seat and one for no winner, rounded (for `text_table`)."""
        shown = [*(f"seat {s + 1}" for s in range(self.players)), "no winner"]
        return [{"players": self.players, "outcome": name, "chance": round(float(p), digits)}
                for name, p in zip(shown, (*self.wins, self.no_winner))]


def exact_win_probabilities(players: int = 2, use_cache: bool = True) -> WinChances:
    """Each seat's winning chance at a table of ``players`` (1 to 4) under the rulebook (see
    `WinChances`): exact Fractions for 1 and 2 players, floats with a rigorous error bound for 3 and 4.

    With ``use_cache`` the stored result (`exact.results`) is returned at once; else the chain is
    built from the engine, checked against it and solved (`seat_chances.compute`: seconds for 2
    players, a minute or two for 3, about ten minutes and 5 GB for 4).
    """
    table = exact_results.load()[players] if use_cache else seat_chances.compute(players)
    return WinChances(players, table.wins, table.no_winner, table.exact, table.error_bound,
                      table.positions, table.transitions, table.total_seconds, cached=use_cache)


def exact_table(players: Sequence[int] = (1, 2, 3, 4), digits: int = 4) -> list[dict[str, Any]]:
    """One row per table size from the stored exact results: each seat's chance of winning, the
    chance of no winner, the mean length in rounds, and how far any figure can be from the truth
    ("exact" for Fractions).  For `text_table`."""
    tables = exact_results.load()
    most = max(players)
    rows = []
    for n in players:
        t = tables[n]
        row: dict[str, Any] = {"players": n, "positions": f"{t.positions:,}"}
        for seat in range(most):
            row[f"seat {seat + 1}"] = round(float(t.wins[seat]), digits) if seat < n else ""
        row["no winner"] = round(float(t.no_winner), digits) if t.no_winner else 0
        row["mean rounds"] = round(float(t.expected_rounds), digits - 1)
        row["error at most"] = "exact" if t.exact else f"{max(t.error_bound, t.rounds_bound):.0e}"
        rows.append(row)
    return rows


def length_curve(players: int) -> list[tuple[int, float]]:
    """The stored length curve of a table: ``(round, chance that the game is over by then)`` from
    round 1 until the game goes on with chance at most 1/1000 (each within 1e-12, rounding only)."""
    curve = exact_results.load()[players].over_by_round
    return [(r, p) for r, p in enumerate(curve, start=1)]


def plot_length_curves(players: Sequence[int] = (1, 2, 3, 4), sims: Sequence[TableSimulation] = (),
                       rounds: int = 60, ax: Any = None) -> Any:
    """The exact chance that the game is over by each round, one curve per table size, and beside
    it (dashed, same colour) the share of simulated games ``sims`` over by then.  Returns the axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    colours = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
    by_players = {sim.players: sim for sim in sims}
    for colour, n in zip(colours, players):
        curve = length_curve(n)[:rounds]
        mean = float(exact_results.load()[n].expected_rounds)
        ax.step([r for r, _ in curve], [p for _, p in curve], where="post", color=colour,
                label=f"{n} player{'s' if n > 1 else ''}: exact (mean {mean:.2f} rounds)")
        sim = by_players.get(n)
        if sim is not None:
            ends = sorted(sim.lengths)
            shares = [sum(1 for e in ends if e <= r) / sim.games for r, _ in curve]
            ax.step([r for r, _ in curve], shares, where="post", color=colour, linestyle="--",
                    label=f"{n} players: {sim.games:,} simulated games")
    ax.set(xlabel="round", ylabel="P(game over by this round)", ylim=(0, 1.02), xlim=(0, rounds),
           title="How long does a game of the Goose last?")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    return ax


# --- simulation -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSimulation:
    """Simulated games at one table size: wins by seat, games with no winner, lengths in rounds."""

    players: int
    games: int
    wins: tuple[int, ...]
    no_winner: int
    lengths: tuple[int, ...]

    def win_rates(self) -> list[tuple[float, float, float]]:
        return [wilson(w, self.games) for w in self.wins]

    def no_winner_rate(self) -> tuple[float, float, float]:
        return wilson(self.no_winner, self.games)

    def length(self) -> tuple[float, float, float]:
        return mean_ci(self.lengths)


def simulate_table(players: int, games: int, seed: int = 0, progress: bool = False,
                   workers: int | None = None, **params: Any) -> TableSimulation:
    """Play ``games`` seeded games of random bots (every bot just rolls) through `simulate`
    (``workers`` processes; the results do not depend on their number)."""
    lengths: list[int] = []
    result = simulate(Game(players=players, **params), games, seed=seed, progress=progress,
                      workers=workers, on_game=lambda final: lengths.append(final.round_number))
    return TableSimulation(players, games, tuple(result.win_counts()), result.no_winner(),
                           tuple(lengths))


def simulate_tables(player_counts: Sequence[int] = (2, 3, 4, 5, 6), games: int = 1000, seed: int = 0,
                    progress: bool = False, workers: int | None = None,
                    **params: Any) -> list[TableSimulation]:
    """`simulate_table` for each table size."""
    return [simulate_table(n, games, seed=seed, progress=progress, workers=workers, **params)
            for n in player_counts]


def seat_rows(sims: Sequence[TableSimulation], digits: int = 3) -> list[dict[str, Any]]:
    """One row per seat, one column per table size: the seat's win rate with its 95% interval
    (seats down the page, so that six table sizes still fit a laptop's screen)."""
    rows = []
    for seat in range(max(sim.players for sim in sims)):
        row: dict[str, Any] = {"seat": seat + 1}
        for sim in sims:
            cell = ""
            if seat < sim.players:
                rate, low, high = sim.win_rates()[seat]
                cell = f"{rate:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"
            row[f"{sim.players} players"] = cell
        rows.append(row)
    return rows


def summary_rows(sims: Sequence[TableSimulation], digits: int = 3) -> list[dict[str, Any]]:
    """One row per table size: the chance of a game with no winner and the mean length in rounds,
    each with a 95% interval, and seat 1's win rate beside a fair share."""
    rows = []
    for sim in sims:
        none, none_low, none_high = sim.no_winner_rate()
        mean, low, high = sim.length()
        rows.append({"players": sim.players, "games": sim.games,
                     "no winner": round(none, digits),
                     "no winner 95%": _interval(none_low, none_high, digits),
                     "mean rounds": round(mean, 2), "rounds 95%": _interval(low, high, 2),
                     "seat 1 wins": round(sim.win_rates()[0][0], digits),
                     "fair share": round(1 / sim.players, digits)})
    return rows


def exact_beside_simulation(exact: WinChances, sim: TableSimulation, digits: int = 4
                            ) -> list[dict[str, Any]]:
    """One row per seat and one for no winner: the exact chance beside the simulated rate, its 95%
    interval, and whether the interval (widened by the exact answer's error bound) holds it."""
    if exact.players != sim.players:
        raise ValueError(f"the exact answer is for {exact.players} players, the simulation for "
                         f"{sim.players}.")
    names = [*(f"seat {s + 1}" for s in range(sim.players)), "no winner"]
    chances = (*exact.wins, exact.no_winner)
    counts = (*sim.wins, sim.no_winner)
    rows = []
    for name, chance, won in zip(names, chances, counts):
        rate, low, high = wilson(won, sim.games)
        slack = exact.error_bound * (sim.players if name == "no winner" else 1)
        rows.append({"players": sim.players, "outcome": name, "exact": round(float(chance), digits),
                     "simulated": round(rate, digits), "95% interval": _interval(low, high, digits),
                     "inside": low - slack <= float(chance) <= high + slack})
    return rows


def _interval(low: float, high: float, digits: int) -> str:
    return f"{low:.{digits}f} – {high:.{digits}f}"


@dataclass(frozen=True)
class ConvergencePoint:
    games: int
    estimate: float
    low: float
    high: float


def convergence(checkpoints: Sequence[int] = (10, 30, 100, 300, 1000, 3000), seed: int = 0,
                progress: bool = False) -> tuple[Fraction, list[ConvergencePoint]]:
    """The exact one-player chance of finishing (`chance_to_finish_alone`) and the simulated
    estimates of it after the first 10, 30, 100, ... games of one seeded run, with 95% intervals."""
    finished: list[int] = []
    simulate(Game(players=1), max(checkpoints), seed=seed, progress=progress,
             on_game=lambda final: finished.append(final.winner == 0))
    points = [ConvergencePoint(n, *wilson(sum(finished[:n]), n)) for n in sorted(checkpoints)]
    return chance_to_finish_alone(), points


def text_table(rows: Sequence[dict[str, Any]]) -> str:
    """Rows of dicts as an aligned plain-text table (a missing key leaves its cell blank)."""
    if not rows:
        return ""
    columns = list(dict.fromkeys(key for row in rows for key in row))  # every key, first-seen order
    cells = [[str(row.get(c, "")) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in cells]
    return "\n".join(line.rstrip() for line in lines)


def markdown_table(rows: Sequence[dict[str, Any]]) -> str:
    """Rows of dicts as a Markdown table (the docs' table of exact results is made with it)."""
    if not rows:
        return ""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(row.get(c, "")) for c in columns) + " |" for row in rows]
    return "\n".join(lines)
