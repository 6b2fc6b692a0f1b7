"""The engine, every game's rules, bots, analysis, examples and exercises are headless:
importing them imports no widget or plotting library (DESIGN.md, layers)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from goose_widgets.engine import GAMES

FORBIDDEN = ("ipywidgets", "anywidget", "matplotlib", "IPython", "traitlets")
HEADLESS_PARTS = ("rules", "bots", "analysis", "examples", "exercises")


def headless_modules() -> list[str]:
    modules = ["goose_widgets", "goose_widgets.engine", "goose_widgets.exercises"]
    for game in GAMES:
        for part in HEADLESS_PARTS:
            name = f"goose_widgets.games.{game}.{part}"
            if importlib.util.find_spec(name) is not None:
                modules.append(name)
    return modules


@pytest.mark.parametrize("module", headless_modules())
def test_importing_imports_no_widget_or_plotting_library(module):
    code = (f"import sys, {module}\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} imports {out.stdout.strip()}"
