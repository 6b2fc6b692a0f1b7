"""Importing the package, its engine and its exercises starts no process pool and loads no widget,
plotting or progress library (issue 20 §7); the capstone's plot says what to install without
matplotlib."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("concurrent.futures.process", "multiprocessing", "matplotlib", "ipywidgets", "anywidget", "tqdm",
         "cloudpickle", "IPython")
MODULES = ["goose_widgets", "goose_widgets.engine", "goose_widgets.exercises"] + [
    f"goose_widgets.games.{game}.exercises" for game in ("game_of_the_goose", "boo_to_the_goose",
                                                          "sneaky_goose", "boo")]


def test_importing_the_engine_and_the_exercises_loads_nothing_heavy():
    code = ("import sys\n" + "".join(f"import {m}\n" for m in MODULES)
            + f"print(','.join(sorted(m for m in sys.modules if m.startswith({HEAVY!r}))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_capstone_plot_without_matplotlib_says_what_to_install(monkeypatch):
    from goose_widgets.exercises.bots import Standing, TournamentReport
    from goose_widgets.exercises.core import Feedback

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    report = TournamentReport(Feedback(False, "x"), (Standing("random", 2, 1, .5, .1, .9, 1, 0, 2, 1),), "t")
    with pytest.raises(ImportError, match=r"goose-widgets\[course\]"):
        report.figure()
    assert "random" in report.table()  # the figures are all in the table
