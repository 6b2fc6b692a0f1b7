"""The numbers in the notebooks' prose come from their cells (issue 19, item 4).

Every decimal, fraction and percentage written in the markdown of notebooks 01-08 must be printed by
a code cell of the same notebook: the same text, or the same value (``4/18`` where a cell prints
``2/9``; ``0.41`` or ``41%`` where a cell prints ``0.4121``, rounded to the places the prose shows).
So a re-run that changes a result makes this test fail until the prose is changed with it, and the
prose can never contradict the table above it.

Not checked: the 95% of "95% interval" and its 1.96 standard errors (definitions), numbers inside
code spans and formulas (``$...$``: they define, they do not report),
numbers in the rulebook's quoted words, and whole numbers (rule facts such as 63 squares or 24
cards; the claims made of whole numbers, like "5 of the 6 intervals", are printed by the cells
themselves, see `test_counts_in_the_prose_are_printed`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from .course_text import COURSE, cells_of, outputs_text

NOTEBOOKS = sorted(COURSE.glob("0[1-8]_*.ipynb"))

NUMBER = re.compile(r"(?<![\w.\-/])(\d+/\d+|\d*\.\d+%?|\d+%)(?![\w/]|\.\d)")
COUNT = re.compile(r"\b(\d+) (?:of|out of) (?:the )?(\d+)\b")
DEFINITIONS = {"95%", "1.96"}  # the confidence level of every interval, and its 1.96 standard errors
NOT_REPORTS = re.compile(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\*\"[^\"]*\"\*|^>.*$", re.DOTALL | re.MULTILINE)


def prose(notebook: Path) -> list[str]:
    markdown = ["".join(c["source"]) for c in cells_of(notebook) if c["cell_type"] == "markdown"]
    return [NOT_REPORTS.sub(" ", text) for text in markdown]


def printed(notebook: Path) -> str:
    """Every stored output, with ``Fraction(p, q)`` read as ``p/q``."""
    return re.sub(r"Fraction\((-?\d+), (\d+)\)", r"\1/\2", outputs_text(notebook))


def value_of(token: str) -> tuple[Fraction, Fraction]:
    """A number as written, and half a unit of its last place (the rounding it allows)."""
    scale = 100 if token.endswith("%") else 1
    token = token.rstrip("%")
    if "/" in token:
        return Fraction(token), Fraction(0)
    places = len(token.split(".")[1]) if "." in token else 0
    return Fraction(token) / scale, Fraction(1, 2 * 10**places) / scale


def is_printed(token: str, output: str) -> bool:
    if re.search(rf"(?<![\d.]){re.escape(token)}(?![\d])", output):
        return True
    wanted, half = value_of(token)
    for shown in re.findall(r"(?<![\w.])-?(?:\d+/\d+|\d*\.\d+|\d+)(?![\w/]|\.\d)", output):
        value, _ = value_of(shown.lstrip("-"))
        if abs(value - wanted) <= half and ("/" in token) == ("/" in shown or half == 0):
            return True
        if "/" in token and "/" in shown and value == wanted:
            return True
    return False


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_numbers_in_the_prose_are_printed_by_a_cell(notebook):
    output = printed(notebook)
    missing = sorted({token for text in prose(notebook) for token in NUMBER.findall(text)
                      if token not in DEFINITIONS and not is_printed(token, output)})
    assert not missing, f"{notebook.name}: the prose states {missing}, which no cell prints"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_counts_in_the_prose_are_printed(notebook):
    """"39 of 56 games", "5 of the 6 intervals": a count the prose reports, a cell printed."""
    output = printed(notebook)
    missing = sorted({f"{a} of {b}" for text in prose(notebook) for a, b in COUNT.findall(text)
                      if not re.search(rf"\b{a}\b[^\n]*\b{b}\b", output)})
    assert not missing, f"{notebook.name}: the prose says {missing}, which no cell prints"


@pytest.mark.parametrize("token, output, expected", [
    ("0.4121", "seat 1 wins 0.412103", True),
    ("0.41", "seat 1 wins 0.412103", True),
    ("41%", "seat 1 wins 0.412103", True),
    ("0.42", "seat 1 wins 0.412103", False),
    ("2/9", "Emma: 2/9", True),
    ("4/18", "Emma: 2/9", True),
    ("1/9", "0.111", False),
    ("0.111", "1/9 ≈ 0.111", True),
    ("64%", "1125/1771 ≈ 0.635", True),
])
def test_a_printed_number_is_recognised_however_the_prose_rounds_it(token, output, expected):
    assert is_printed(token, output) is expected
