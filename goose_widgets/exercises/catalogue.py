"""The course's exercises, found in its modules, and `progress`: how far a learner got with each.

Apart from `progress` (which records and reads the events) because finding the exercises imports
every game's ``exercises`` module, and those record through `progress`: kept here, the imports
run one way.
"""

from __future__ import annotations

import html
import importlib
import os
import pkgutil
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from .. import games
from . import warmup
from .core import Exercise
from .progress import ENVIRONMENT, ExerciseSummary, _read_own, progress_file, summarize

# --- the course's exercises --------------------------------------------------------------------

def course_exercises() -> list[tuple[str, Exercise]]:
    """Every exercise of the course as (notebook, exercise), notebooks in course order.

    The exercises are found, not listed here: the warm-up, and every game package's ``exercises``
    module with its ``EXERCISES`` sequence (in course order).  Each exercise names its notebook
    (`Exercise.notebook`; else the module's ``NOTEBOOK``, else the first ``course/NN_name.ipynb`` its
    docstring names, else the game's name).
    """
    found: list[tuple[str, Exercise]] = []
    for module in exercise_modules():
        named = re.search(r"course/(\d\d_\w+)\.ipynb", module.__doc__ or "")
        fallback = getattr(module, "NOTEBOOK", named.group(1) if named else module.__name__.split(".")[-2])
        exercises = getattr(module, "EXERCISES", ())
        for exercise in exercises.values() if isinstance(exercises, Mapping) else exercises:
            if not exercise.example:  # a worked example is the course's, not the learner's
                found.append((exercise.notebook or fallback, exercise))
    order = {notebook: i for i, (notebook, _) in enumerate(found)}
    return sorted(found, key=lambda pair: (pair[0], order[pair[0]]))


def exercise_modules() -> list[ModuleType]:
    """The warm-up module and every game package's ``exercises`` module."""
    modules: list[ModuleType] = [warmup]
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        if info.ispkg:
            try:
                modules.append(importlib.import_module(f"{games.__name__}.{info.name}.exercises"))
            except ModuleNotFoundError as err:
                if err.name != f"{games.__name__}.{info.name}.exercises":
                    raise
    return modules


# --- progress() --------------------------------------------------------------------------------

_SHOWN = {"correct": "✔ correct", "rounded": "≈ right, but rounded", "wrong": "✘ tried",
          "stopped": "✘ tried", "unanswered": "· not tried"}


@dataclass(frozen=True)
class Progress:
    """A table of (notebook, exercise, result); HTML in a notebook, text elsewhere."""

    rows: tuple[tuple[str, str, str], ...]
    where: str = ""

    @property
    def done(self) -> int:
        return sum(result == _SHOWN["correct"] for _, _, result in self.rows)

    def _summary(self) -> str:
        return f"{self.done} of {len(self.rows)} exercises answered correctly.  {self.where}"

    def __str__(self) -> str:
        width = max((len(name) for _, name, _ in self.rows), default=8)
        lines = [self._summary()]
        notebook = None
        for book, name, result in self.rows:
            if book != notebook:
                lines.append(f"{book}:")
                notebook = book
            lines.append(f"  {name.ljust(width)}  {result}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        cell = 'style="text-align:left;padding:2px 12px 2px 0;font-size:14px"'
        rows = []
        notebook = None
        for book, name, result in self.rows:
            if book != notebook:
                rows.append(f'<tr><th colspan="2" scope="colgroup" {cell}>{html.escape(book)}</th></tr>')
                notebook = book
            rows.append(f"<tr><td {cell}>{html.escape(name)}</td><td {cell}>{html.escape(result)}</td></tr>")
        return (f'<div style="font-size:14px"><p>{html.escape(self._summary())}</p>'
                f'<table>{"".join(rows)}</table></div>')


def progress(path: str | Path | None = None) -> Progress:
    """The course's exercises and how far you got with each, in every notebook and kernel.

    Read from the progress file (``path``, by default `progress_file`), together with this kernel's
    own results (which count even when the file could not be written).
    """
    where = Path(path) if path is not None else progress_file()
    summaries = summarize(_read_own(where)) if where is not None else {}
    rows = []
    for notebook, exercise in course_exercises():
        summary = summaries.get(exercise.name, ExerciseSummary())
        summary.add(exercise.status or "unanswered")  # this kernel's best, recorded or not
        rows.append((notebook, exercise.name, _SHOWN[summary.best]))
    said = (f"Kept in {where}, for every notebook and kernel." if where is not None else
            f"Recording is off ({ENVIRONMENT}={os.environ.get(ENVIRONMENT, '')}): this kernel's "
            "results only.")
    return Progress(tuple(rows), said)
