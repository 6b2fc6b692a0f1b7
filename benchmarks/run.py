"""Run every benchmark script (``benchmarks/bench_*.py``) and print its figures.

Benchmarks measure speed; they are not tests and assert nothing about time.  Run with
``python3 tasks.py bench`` (or ``python benchmarks/run.py [name ...]`` inside the environment).
"""

from __future__ import annotations

import importlib.util
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> None:
    print(f"goose_widgets benchmarks — Python {platform.python_version()} on {platform.machine()}")
    scripts = sorted(HERE.glob("bench_*.py"))
    if names:
        scripts = [s for s in scripts if any(n in s.stem for n in names)]
    for script in scripts:
        spec = importlib.util.spec_from_file_location(script.stem, script)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n== {script.stem.removeprefix('bench_')}")
        started = time.perf_counter()
        module.main()
        print(f"   ({time.perf_counter() - started:.1f} s for this benchmark)")


if __name__ == "__main__":
    main(sys.argv[1:])
