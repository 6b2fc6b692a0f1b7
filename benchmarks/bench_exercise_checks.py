"""Exercise checks: the cost of checking with a sandbox, and how soon endless learner code stops.

A plain-data answer (a number) is checked in the kernel; a function answer runs in a sandbox (a
clean process, forked by a clean server unless fork is off) that is killed at the exercise's time
limit, while its checker runs in the kernel (`goose_widgets.sandbox`).
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

from goose_widgets.exercises import Exercise, check_number, fork_available, run_learner_code


def _median_seconds(call, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _forever() -> None:
    while True:
        try:
            pass
        except:  # noqa: E722 - the learner's bare except, which swallowed the old in-kernel alarm
            pass


def main() -> None:
    number = Exercise("n", "p", lambda a: check_number(a, Fraction(1, 9), what="it"), (), "s")
    function = Exercise("f", "p", lambda a: check_number(a(), Fraction(1, 9), what="it"), (), "s",
                        time_limit=1.0)
    print(f"   fork available (sandboxes forked by a clean server): {fork_available()}")
    figures = [
        ("check a number (in the kernel)", lambda: number.check(Fraction(1, 9)), 200),
        ("check a function (in a sandbox)", lambda: function.check(lambda: Fraction(1, 9)), 20),
        ("run_learner_code round trip", lambda: run_learner_code(int, 3, timeout=5), 20),
    ]
    for label, call, repeats in figures:
        print(f"   {label:34} {_median_seconds(call, repeats) * 1e3:7.2f} ms (median of {repeats})")
    endless = {"bare-except loop": _forever, "sum(range(10**11))": lambda: sum(range(10**11))}
    for label, code in endless.items():
        started = time.perf_counter()
        feedback = function.check(code)
        print(f"   {label} with a 1 s limit: {feedback.status} after {time.perf_counter() - started:.2f} s")

if __name__ == "__main__":
    main()
