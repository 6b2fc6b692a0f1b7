"""The course notebooks: each notebook's total run time and its slowest cell (issue 19, item 9).

Every notebook of ``course/`` is executed from a copy (the committed notebooks are not touched), in
a fresh kernel, as ``python3 tasks.py execute`` runs them.  Two figures per cell:

- its wall time, the kernel's own (from the moment the cell starts executing to its reply), so
  starting the kernel is not counted;
- its CPU time: the kernel's and its worker processes' (``workers=2`` cells count both workers),
  which a loaded machine stretches far less than the wall time.  On an idle machine a cell's wall
  time is about its CPU time, or half of it for a cell that keeps both cores busy.

The course asks for every cell to finish in under 10 s on an idle 2-core machine, with a progress
bar on anything longer than 2 s; the machine's load is printed beside the figures, since a shared
machine stretches them.  ``python benchmarks/bench_notebooks.py 02 04`` runs only those notebooks.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

COURSE = Path(__file__).resolve().parents[1] / "course"
SLOW = 2.0  # seconds: a cell this slow should show a progress bar
LIMIT = 10.0  # seconds: no cell should take longer on an idle machine


def cell_seconds(cell: dict) -> float | None:
    """How long the kernel took to run one executed cell (nbclient records it in the metadata)."""
    timing = cell.get("metadata", {}).get("execution", {})
    if "iopub.execute_input" not in timing or "shell.execute_reply" not in timing:
        return None
    started, ended = (datetime.fromisoformat(timing[k].replace("Z", "+00:00"))
                      for k in ("iopub.execute_input", "shell.execute_reply"))
    return (ended - started).total_seconds()


def first_line(cell: dict) -> str:
    source = "".join(cell["source"]).strip()
    return source.splitlines()[0][:60] if source else ""


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by process ``pid``, its finished children and its running ones."""
    import psutil

    process = psutil.Process(pid)
    times = process.cpu_times()
    total = times.user + times.system + times.children_user + times.children_system
    for child in process.children(recursive=True):
        try:
            child_times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += child_times.user + child_times.system
    return total


def run(notebook: Path) -> list[tuple[int, float, float, str]]:
    """Execute a copy of ``notebook``; ``(cell index, seconds, CPU seconds, first line)`` of every
    code cell."""
    import nbformat
    from nbclient import NotebookClient

    book = nbformat.read(notebook, as_version=4)
    cpu: dict[int, float] = {}
    client = NotebookClient(book, timeout=1200, kernel_name="python3", record_timing=True,
                            resources={"metadata": {"path": str(COURSE)}})

    def kernel_pid() -> int:
        return client.km.provisioner.pid  # type: ignore[union-attr]

    client.on_cell_execute = lambda cell, cell_index: cpu.__setitem__(cell_index, -tree_cpu(kernel_pid()))
    client.on_cell_executed = lambda cell, cell_index, execute_reply: cpu.__setitem__(
        cell_index, cpu[cell_index] + tree_cpu(kernel_pid()))
    client.execute()
    return [(index, seconds, cpu.get(index, float("nan")), first_line(cell))
            for index, cell in enumerate(book.cells)
            if cell.cell_type == "code" and (seconds := cell_seconds(cell)) is not None]


def main(names: Sequence[str] = ()) -> None:
    os.environ.setdefault("MPLBACKEND", "Agg")
    notebooks = [p for p in sorted(COURSE.glob("*.ipynb"))
                 if not names or any(p.name.startswith(n) for n in names)]
    print(f"   load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"(on {os.cpu_count()} cores)")
    for notebook in notebooks:
        started = time.perf_counter()
        cells = run(notebook)
        wall = time.perf_counter() - started
        index, slowest, slowest_cpu, line = max(cells, key=lambda c: c[1])
        over = [c for c in cells if c[1] > LIMIT]
        print(f"   {notebook.stem:34} cells {sum(c[1] for c in cells):6.1f} s, CPU "
              f"{sum(c[2] for c in cells):6.1f} s (with the kernel's start {wall:5.1f} s); slowest: "
              f"cell {index} {slowest:5.1f} s (CPU {slowest_cpu:5.1f} s)  {line!r}"
              + (f"; {len(over)} cell(s) over {LIMIT:.0f} s" if over else ""))
        for index, seconds, cpu_seconds, line in cells:
            if seconds > SLOW or cpu_seconds > SLOW:
                print(f"   {'':34}   over {SLOW:.0f} s: cell {index} {seconds:5.1f} s (CPU "
                      f"{cpu_seconds:5.1f} s)  {line!r}")
    print(f"   load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main(sys.argv[1:])
