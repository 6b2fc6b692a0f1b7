"""How long ``import goose_widgets`` takes, from ``python -X importtime`` (issue 20).

Each round starts a fresh interpreter and sums the "self" times that ``-X importtime`` prints for
every module the import loads, so the figure is the import's own cost without the interpreter's
start-up.  The median of several rounds is printed (this machine is shared), with the slowest
modules of the median round and the third-party libraries the import loaded (there should be none).
"""

from __future__ import annotations

import statistics
import subprocess
import sys

ROUNDS = 7
STATEMENT = "import goose_widgets"
LIBRARIES = ("ipywidgets", "anywidget", "traitlets", "IPython", "matplotlib", "tqdm", "numpy")


def import_times(statement: str) -> dict[str, int]:
    """Module name -> its own import time in microseconds, for one fresh interpreter."""
    # What the interpreter imports before the statement (site, encodings) is left out by the
    # caller, which subtracts the modules of an empty statement.
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", statement], capture_output=True,
                            text=True, check=True)
    times: dict[str, int] = {}
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line or "self [us]" in line:
            continue
        own, _cumulative, name = line.removeprefix("import time:").split("|")
        times[name.strip()] = int(own)
    return times


def main() -> None:
    rounds = []
    for _ in range(ROUNDS):
        baseline = import_times("pass")
        measured = import_times(STATEMENT)
        rounds.append({name: us for name, us in measured.items() if name not in baseline})
    totals = [sum(r.values()) for r in rounds]
    median = statistics.median(totals)
    middle = rounds[totals.index(sorted(totals)[len(totals) // 2])]
    print(f"   {STATEMENT}: -X importtime total {median / 1000:.1f} ms (median of {ROUNDS} fresh "
          f"interpreters; {len(middle)} modules)")
    slowest = sorted(middle.items(), key=lambda item: -item[1])[:5]
    print("   slowest: " + ", ".join(f"{name} {us / 1000:.1f} ms" for name, us in slowest))
    loaded = sorted({name.split(".")[0] for name in middle} & set(LIBRARIES))
    print(f"   widget, plotting or progress libraries loaded: {', '.join(loaded) or 'none'}")


if __name__ == "__main__":
    main()
