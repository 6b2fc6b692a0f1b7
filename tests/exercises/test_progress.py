"""`progress()`: every exercise of the course, grouped by notebook, with this kernel's results."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from goose_widgets.exercises import course_exercises, progress
from goose_widgets.exercises.warmup import nine_with_two_dice


@pytest.fixture
def fresh_warmup():
    record = nine_with_two_dice._record
    saved = (record.best, record.tries, set(record.hints_seen))
    record.best, record.tries = None, 0
    yield nine_with_two_dice
    record.best, record.tries, record.hints_seen = saved[0], saved[1], saved[2]


def test_every_game_and_the_warmup_contribute_exercises_grouped_by_notebook():
    found = course_exercises()
    modules = {exercise.checker.__module__ for _, exercise in found}
    assert "goose_widgets.exercises.warmup" in modules
    for game in ("game_of_the_goose", "boo_to_the_goose", "sneaky_goose", "boo"):
        assert f"goose_widgets.games.{game}.exercises" in modules
    notebooks = [notebook for notebook, _ in found]
    assert notebooks == sorted(notebooks) and notebooks[0] == "00_start_here"
    assert len({id(exercise) for _, exercise in found}) == len(found)


def test_the_table_shows_correct_rounded_tried_and_not_tried(fresh_warmup):
    def row():
        return next(r for r in progress().rows if r[1] == fresh_warmup.name)

    assert row() == ("00_start_here", fresh_warmup.name, "· not tried")
    fresh_warmup.check(...)
    assert row()[2] == "· not tried"  # a placeholder is not a try
    fresh_warmup.check(Fraction(1, 36))
    assert row()[2] == "✘ tried"
    fresh_warmup.check(0.111)
    assert row()[2] == "≈ right, but rounded"
    fresh_warmup.check(Fraction(1, 9))
    assert row()[2] == "✔ correct"
    table = progress()
    text = str(table)
    summary = f"{table.done} of {len(table.rows)} exercises answered correctly in this kernel."
    assert text.splitlines()[0] == summary
    assert "00_start_here:" in text and f"  {fresh_warmup.name}" in text


def test_the_html_table_is_readable_and_escaped(fresh_warmup):
    fresh_warmup.check(Fraction(1, 9))
    html = progress()._repr_html_()
    assert "✔ correct" in html and "<table>" in html
    sizes = [int(size) for size in re.findall(r"font-size:(\d+)px", html)]
    assert sizes and min(sizes) >= 12
    assert "<script" not in html
