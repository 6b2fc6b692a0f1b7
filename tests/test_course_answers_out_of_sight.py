"""No exercise's answer shows before its check (issue 19, item 1).

For every exercise of notebooks 01-08 whose reference answer is a value (not a function), the text a
learner has seen before the check cell must not give that value away: the markdown and the stored
outputs of every cell above the check, and of the earlier notebooks of the same game (08's answers
must not be read off 07's walkthroughs).

A value is looked for in every form it could be printed in:

- a fraction as ``p/q`` (also unreduced, ``4/54`` for 2/27), ``Fraction(p, q)``, its decimals
  (rounded or cut off, 2 to 6 places, with at least two significant digits), its percentage, and
  its words ("one in nine", "a third");
- a number of three digits or more as itself;
- a tuple as ``(a, b, c)``, a set as all its elements in one line or paragraph;
- a short answer (a small whole number, a ghost like ``"B>"``) only beside the question it answers:
  `GIVEAWAYS` says, for each such exercise, what a line would have to say to give it away.  An
  exercise with a short answer and no entry there fails, so a new one is never unguarded.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from goose_widgets.exercises import course_exercises

from .course_text import COURSE, cells_of, output_texts

Form = str | Callable[[str], bool]  # a regular expression, or a test of a text

WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen twenty").split()
ORDINALS = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
            9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth"}

GIVEAWAYS: dict[str, tuple[str, ...]] = {
    # exercise name: regular expressions a line (or a markdown paragraph) would match if it gave the
    # short answer away; {answer} is the reference answer, escaped.
    "The opening nine": (r"3\+6.*\b{answer}\b",),
    "Bounce back": (r"\{\s*3\s*,\s*12\s*\}", r"\b55\b.*\b(lower|below)\b.*\b(3|12)\b"),
    # 119/486 ≈ 0.2449: its three-digit rounding, 0.245, is also a seat's simulated win rate in 02's
    # table of five players, which tells nothing about the collision; four digits would.
    "A collision on the first three rolls": (r"(?<![\d.])119\s*/\s*486", r"Fraction\(119, 486\)",
                                             r"0\.244[89]", r"24\.49?\s*%"),
    "Honk on a tie": (r"\(8, 8\b", r"\b8\s*-\s*5\b", r"scores?\W+\({answer},"),
    "When a honk pays": (r"T\s*=\s*\$?{answer}\b", r"\bup to\b.*\b{answer}\b",
                         r"\b{answer}\b.*\bbreak.?even\b", r"break.?even\b.*\b{answer}\b"),
    "Turn a ghost": (r"B\^.*\brot\s*90\b.*{answer}", r"front\s+rot\s+90\b.*B\^ {answer}",
                     r"B\^\s*(->|→|becomes)\s*{answer}"),
    "The back of a ghost": (r"W<.*\bback\b.*\b90\b.*{answer}", r"back\s+rot\s+90\b.*{answer}",
                            r"W<\s*(->|→|becomes)\s*{answer}"),
}


def notebook_of(name: str) -> Path:
    return next(COURSE.glob(f"{name}.ipynb"))


def game_of(exercise: Any) -> str:
    """The module that checks the exercise: one per game."""
    return exercise.checker.__module__


def cell_texts(cell: dict[str, Any]) -> list[str]:
    """The text a learner reads in a cell: its markdown, or its code cell's stored outputs."""
    return ["".join(cell["source"])] if cell["cell_type"] == "markdown" else output_texts(cell)


def check_cell(cells: list[dict[str, Any]], exercise: Any) -> int:
    """The index of the exercise's check cell: the first ``X.check(...)`` after its prompt is shown."""
    shown = f"**{exercise.name}.**"
    prompt = next(i for i, c in enumerate(cells) if any(t.startswith(shown) for t in cell_texts(c)))
    return next(i for i in range(prompt, len(cells)) if cells[i]["cell_type"] == "code"
                and re.match(r"^\w+\.check\(\w+\)\s*$", "".join(cells[i]["source"]).strip()))


def seen_before(notebook: str, exercise: Any) -> list[str]:
    """Every text unit (output line, markdown paragraph) shown before the exercise's check, in its
    notebook and in the earlier notebooks of the same game."""
    game = game_of(exercise)
    earlier = [name for name, e in course_exercises() if game_of(e) == game and name < notebook]
    texts = []
    for name in sorted(set(earlier)):
        for cell in cells_of(notebook_of(name)):
            texts += cell_texts(cell)
    cells = cells_of(notebook_of(notebook))
    for cell in cells[:check_cell(cells, exercise)]:
        texts += cell_texts(cell)
    units = []
    for text in texts:
        units += [p for p in re.split(r"\n\s*\n", text) if p.strip()] + text.splitlines()
    return units


def number_words(n: int) -> str:
    return f"({n}|{WORDS[n]})" if 0 <= n < len(WORDS) else str(n)


DECIMAL = re.compile(r"(?<![\d.])(-?\d*\.\d+|-?\d+)(\s*%)?(?![\d.]*\d)")


def decimal_form(value: Fraction) -> Callable[[str], bool]:
    """Whether a text holds a decimal (or a percentage) that is ``value`` rounded or cut off to the
    places it shows, with at least three significant digits (two for a percentage)."""
    def shows(text: str) -> bool:
        for number, percent in DECIMAL.findall(text):
            if "." not in number and not percent:
                continue
            digits = len(number.replace("-", "").replace(".", "").lstrip("0"))
            if digits < (2 if percent else 3):
                continue
            places = len(number.split(".")[1]) if "." in number else 0
            scale = 100 if percent else 1
            shown, unit = Fraction(number) / scale, Fraction(1, 10**places) / scale
            if abs(shown - value) <= unit / 2 or 0 <= abs(value) - abs(shown) < unit:  # rounded, cut off
                return True
        return False
    return shows


def fraction_forms(value: Fraction) -> list[Form]:
    p, q = value.numerator, value.denominator
    forms: list[Form] = [rf"(?<![\d.]){k * p}\s*/\s*{k * q}(?![\d])" for k in range(1, 101)]
    forms += [rf"Fraction\({p}, {q}\)", decimal_form(value),
              rf"\b{number_words(p)}\s+in\s+{number_words(q)}\b"]
    if q in ORDINALS:
        plural = ORDINALS[q] + ("s" if p > 1 else "")
        forms.append(rf"\b({'an?|one' if p == 1 else number_words(p)})[\s-]+{plural}\b")
    if 0 < value <= Fraction(34, 100):
        forms.append(rf"\b(1|one)\b(\s+\w+)?\s+in\s+{number_words(round(1 / value))}\b")
    return forms


def matches(form: Form, text: str) -> bool:
    if callable(form):
        return form(text)
    return re.search(form, text, re.IGNORECASE if form[:2] != "(?" else 0) is not None


def forms_of(exercise: Any) -> list[Form]:
    """Regular expressions for every way the exercise's reference answer could be printed."""
    answer = reference(exercise)
    if exercise.name in GIVEAWAYS:
        shown = answer if isinstance(answer, str) else str(answer)
        return [f.replace("{answer}", re.escape(shown)) for f in GIVEAWAYS[exercise.name]]
    if isinstance(answer, Fraction) and answer.denominator != 1:
        return fraction_forms(answer)
    if isinstance(answer, (int, Fraction)) and not isinstance(answer, bool) and abs(answer) >= 100:
        return [rf"(?<![\d.]){int(answer)}(\.0)?(?![\d])"]
    if isinstance(answer, tuple) and all(isinstance(a, int) for a in answer):
        inner = r",\s*".join(str(a) for a in answer)
        return [rf"[(\[]\s*{inner}\s*[)\]]", rf"(?<![\d.]){inner}(?![\d])"]
    if isinstance(answer, (set, frozenset)) and answer:
        return ["".join(rf"(?=.*\b{re.escape(str(a))}\b)" for a in sorted(answer)) + ".*"]
    raise AssertionError(f"{exercise.name!r} has the short answer {answer!r}: say in GIVEAWAYS what "
                         "a line would have to show to give it away")


def reference(exercise: Any) -> Any:
    """The exercise's right answer (a module may compute it on demand: ``reference_answer``)."""
    module = sys.modules[exercise.checker.__module__]
    return getattr(module, "reference_answer", lambda e: e.reference)(exercise)


VALUE_EXERCISES = [(notebook, e) for notebook, e in course_exercises()
                   if notebook[:2] != "00" and not callable(reference(e))]


def test_the_course_has_value_exercises_to_guard():
    assert len(VALUE_EXERCISES) >= 15
    assert {notebook[:2] for notebook, _ in VALUE_EXERCISES} >= {f"0{n}" for n in range(1, 9)}


@pytest.mark.parametrize("notebook, exercise", VALUE_EXERCISES, ids=lambda x: getattr(x, "name", x))
def test_no_answer_shows_before_its_check(notebook, exercise):
    units = seen_before(notebook, exercise)
    for form in forms_of(exercise):
        found = [u for u in units if matches(form, u)]
        assert not found, (f"{notebook}: the answer to {exercise.name!r} ({reference(exercise)!r}) shows "
                           f"before its check: {found[0].strip()[:200]!r}")


@pytest.mark.parametrize("answer, text, found", [
    (Fraction(1, 162), "first 2 round(s):                  1/162  = 0.00617", True),
    (Fraction(1, 162), "P = 0.0061728395", True),
    (Fraction(2, 27), "4/54 of the deck", True),
    (Fraction(155, 1431), "About one deal in nine.", True),
    (Fraction(1, 3), "a third of the cards", True),
    (Fraction(1125, 1771), "a 64% chance", True),
    (Fraction(1125, 1771), "1125/1771 ≈ 0.635", True),
    (Fraction(155, 1431), "P = 10.8 %", True),
    (Fraction(5, 24), "Player 1 is dealt a fox      5/24", True),
    (Fraction(1, 162), "first 2 round(s): 11/162", False),
    (Fraction(1, 162), "0.0063 and 0.00618 and 0.006", False),
    (Fraction(43, 324), "0.139 and 0.13", False),
    (Fraction(1, 3), "one in thirty", False),
    (Fraction(2, 27), "12/270 and 1/27", False),
])
def test_the_forms_find_a_fraction_however_it_is_printed_and_nothing_else(answer, text, found):
    assert any(matches(form, text) for form in fraction_forms(answer)) is found
