"""The exact analysis's stored results (``results.json`` beside this module), and the command
that regenerates them.

    python -m goose_widgets.games.game_of_the_goose.exact.results              # print the table
    python -m goose_widgets.games.game_of_the_goose.exact.results --regenerate # 1 to 4 players
    python -m goose_widgets.games.game_of_the_goose.exact.results --regenerate --players 2 3

Each table is computed from scratch by `seat_chances.compute` in a process of its own (so that its
time and peak memory are its own), and stored with how it was computed and when: the method, the
positions checked against the engine, the seconds of each step, the peak memory, the date and the
machine's load.  Exact chances are stored as fractions in strings (``"numerator/denominator"``),
floats as JSON numbers (which read back to the same float), each with its bound.

`load` reads the file (once); `analysis.exact_table` and `analysis.length_curve` present it.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ..rules import plural
from .seat_chances import TableAnalysis, compute

PATH = Path(__file__).with_name("results.json")
ABOUT = ("Game of the Goose under the rulebook and rulings G1-G15 (docs/game_of_the_goose.md): each "
         "seat's chance of winning, the chance of no winner, the expected number of rounds and the "
         "chance that the game is over by each round, from the engine's own chain of positions. "
         "Regenerate with: python -m goose_widgets.games.game_of_the_goose.exact.results --regenerate")


def _number(value: Any, exact: bool) -> Any:
    return f"{value.numerator}/{value.denominator}" if exact else float(value)


def _read_number(value: Any, exact: bool) -> Any:
    return Fraction(value) if exact else float(value)


def to_json(table: TableAnalysis) -> dict[str, Any]:
    """A table as plain JSON data (see the module docstring)."""
    exact = table.exact
    return {
        "players": table.players,
        "positions": table.positions,
        "transitions": table.transitions,
        "exact": exact,
        "wins": [_number(w, exact) for w in table.wins],
        "no_winner": _number(table.no_winner, exact),
        "error_bound": table.error_bound,
        "expected_rounds": _number(table.expected_rounds, exact),
        "rounds_bound": table.rounds_bound,
        "over_by_round": list(table.over_by_round),
        "curve_bound": table.curve_bound,
        "decay": table.decay,
        "method": table.method,
        "checked_positions": table.checked_positions,
        "checked_throws": table.checked_throws,
        "seconds": table.seconds,
        "cpu_seconds": table.cpu_seconds,
        "peak_memory_mb": table.peak_memory_mb,
        "computed": table.computed,
        "load": table.load,
    }


def from_json(data: dict[str, Any]) -> TableAnalysis:
    exact = bool(data["exact"])
    return TableAnalysis(
        int(data["players"]), int(data["positions"]), int(data["transitions"]),
        tuple(_read_number(w, exact) for w in data["wins"]), _read_number(data["no_winner"], exact),
        exact, float(data["error_bound"]), _read_number(data["expected_rounds"], exact),
        float(data["rounds_bound"]), tuple(float(v) for v in data["over_by_round"]),
        float(data["curve_bound"]), float(data["decay"]), str(data["method"]),
        int(data["checked_positions"]), int(data["checked_throws"]),
        {k: float(v) for k, v in data["seconds"].items()}, float(data["cpu_seconds"]),
        float(data["peak_memory_mb"]),
        str(data["computed"]), str(data["load"]))


@cache
def load(path: Path = PATH) -> dict[int, TableAnalysis]:
    """The stored tables by number of players."""
    data = json.loads(path.read_text())
    return {int(t["players"]): from_json(t) for t in data["tables"]}


def save(tables: Sequence[TableAnalysis], path: Path = PATH) -> None:
    """Write ``tables``, keeping the stored ones for other table sizes."""
    kept = {t.players: t for t in (load(path).values() if path.exists() else ())}
    kept.update({t.players: t for t in tables})
    data = {"about": ABOUT, "tables": [to_json(kept[p]) for p in sorted(kept)]}
    path.write_text(json.dumps(data, indent=1) + "\n")
    load.cache_clear()


def regenerate(players: Sequence[int] = (1, 2, 3, 4), path: Path = PATH) -> list[TableAnalysis]:
    """Compute each table from scratch, each in a fresh process, and store them."""
    import multiprocessing  # here, not above: importing the analysis must start no process machinery
    from concurrent.futures import ProcessPoolExecutor

    results = []
    for n in players:
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            table = pool.submit(compute, n, log=print).result()
        print(f"  {plural(n, 'player')} done: {table.total_seconds:.0f} s, peak "
              f"{table.peak_memory_mb:,.0f} MB, load {table.load}", flush=True)
        results.append(table)
        save([table], path)
    return results


def summary(tables: dict[int, TableAnalysis]) -> str:
    lines = []
    for n, t in sorted(tables.items()):
        wins = ", ".join(f"{float(w):.6f}" for w in t.wins)
        bound = "exact" if t.exact else f"within {t.error_bound:.1e}"
        lines.append(f"{plural(n, 'player')}: {t.positions:,} positions; wins {wins}; no winner "
                     f"{float(t.no_winner):.6f} ({bound}); {float(t.expected_rounds):.4f} rounds on average; "
                     f"{t.total_seconds:.0f} s, {t.peak_memory_mb:,.0f} MB, computed {t.computed}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--regenerate", action="store_true", help="compute the tables from scratch")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4],
                        choices=[1, 2, 3, 4], help="which tables (default: 1 2 3 4)")
    args = parser.parse_args(argv)
    if args.regenerate:
        regenerate(args.players)
    print(summary(load()))


if __name__ == "__main__":
    main()
