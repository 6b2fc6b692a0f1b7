"""The prose's comparisons agree with the numbers they compare (issue 29).

`course_claims` reads four kinds of comparison (a stated pair "0.142 vs 0.209", a bound "0.457,
above one third", a round-robin verdict "always fox beats counting", and a comparison of the two
numbers printed by the cell right above); see its docstring for the exact rules.  Every comparison
it can read in a course notebook must hold.  To make a comparison checkable, write its two numbers
into the sentence after the direction word, the subject's first: "lays a dog less often than
counting says (0.179 against 0.211)"; the numbers must be printed by a cell
(`test_course_prose_numbers`), so a re-run that turns the comparison round fails one test or the
other.

The planted contradictions below (synthetic cells) show that each kind is caught.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from .course_claims import blocks, claims, printed_pair, sentences, values_in
from .course_text import COURSE

NOTEBOOKS = sorted(COURSE.glob("0*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_no_comparison_in_the_prose_contradicts_its_numbers(notebook):
    wrong = [str(claim) for claim in claims(notebook) if not claim.holds]
    assert not wrong, "comparisons that the numbers contradict:\n" + "\n".join(wrong)


# --- planted contradictions -------------------------------------------------------------------------
def code(*printed: str) -> dict[str, Any]:
    return {"cell_type": "code", "source": "...",
            "outputs": [{"output_type": "stream", "name": "stdout", "text": text} for text in printed]}


def markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "source": text}


def readings(*cells: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(claim.reading, claim.holds) for claim in claims("planted.ipynb", list(cells))]


TRAP = code("635/3542 ≈ 0.179    naive counting: 4/19 ≈ 0.211\n")


def test_a_comparison_of_the_two_numbers_printed_above_is_read_by_their_labels():
    """04 c13 as it was: the trap layer lays a dog *less* often (0.179) than counting says (0.211)."""
    planted = readings(TRAP, markdown("This careful trap layer lays a dog more often than counting says."))
    assert planted == [("635/3542 ≈ 0.179 > 4/19 ≈ 0.211 (printed by the cell above; 'more often')", False)]
    fixed = readings(TRAP, markdown("Even this careful trap layer lays a dog less often than counting says."))
    assert [holds for _, holds in fixed] == [True]
    # the label on the other side: "trapped" is printed second, so the sentence's subject is that one
    lone = code("P(reach 63 alone) = 0.423754; P(trapped in the Well or the Prison) = 0.576246\n")
    assert readings(lone, markdown("A lone pawn is trapped more often than it finishes.")) == [
        ("0.576246 > 0.423754 (printed by the cell above; 'more often')", True)]
    wrong = readings(lone, markdown("A lone pawn finishes more often than it is trapped."))
    assert [holds for _, holds in wrong] == [False]


def test_the_cell_above_is_read_only_when_it_leaves_no_doubt():
    # no label names either side, a third number, a markdown cell not right under the output
    assert readings(code("0.179 0.211\n"), markdown("The first is larger than the second.")) == []
    assert readings(code("a 0.1, b 0.2, c 0.3\n"), markdown("b is larger than a.")) == []
    too_far = markdown("The trap layer lays a dog more often than counting says.")
    assert readings(TRAP, markdown("Text."), too_far) == []
    assert readings(TRAP, markdown("As the table above shows, counting is right.")) == []  # a place


@pytest.mark.parametrize("sentence, holds", [
    ("The newest card is a dog less often than the row (0.142 vs 0.209).", True),
    ("The gap is larger in the rows of random, 0.067 vs 0.053.", True),
    ("The gap is larger in the rows of the counting bot, 0.053 vs 0.067.", False),
    ("The trap layer lays a dog more often than counting (635/3542 ≈ 0.179 against 4/19 ≈ 0.211).", False),
    ("It spends a fox at a chance of at most 0.18, below the opening 4/19.", True),
    ("Its closest match: 0.497, with an interval from 0.457, above one third.", True),
    ("Its interval 0.457-0.537 lies above one half.", False),  # the whole interval must be
    ("The upper bound, 0.498, is below one half.", True),
    ("(interval 0.420-0.622, above one third)", True),
    ("(interval 0.300-0.622, above one third)", False),
])
def test_numbers_stated_in_the_sentence_are_compared(sentence, holds):
    assert [h for _, h in readings(markdown(sentence))] == [holds]


@pytest.mark.parametrize("sentence", [
    "`0.3 vs 0.2` is larger in code, not in prose.",
    '"beats" is not transitive, 0.2 vs 0.3.',
    "One more flip (0.2) can gain one card.",
    "The table below shows 0.2 and 0.3.",
    "More players also make shorter games.",
])
def test_what_is_no_comparison_is_not_read(sentence):
    assert readings(markdown(sentence)) == []


TABLES = code(
    "boo_to_the_goose, 2 players: 300 games a lineup, seats rotated; fair share 0.500\n"
    "bot         against     wins  shared  games  win rate  95% interval  verdict\n"
    "random      counting      68      16    300     0.227  0.183-0.277   below\n"
    "random      always fox   293       2    300     0.977  0.953-0.989   above\n"
    "counting    random       216      16    300     0.720  0.667-0.768   above\n"
    "counting    always fox    74      58    300     0.247  0.201-0.298   below\n"
    "always fox  random         5       2    300     0.017  0.007-0.038   below\n"
    "always fox  counting     168      58    300     0.560  0.503-0.615   above\n",
    "boo_to_the_goose, 3 players: 150 games a lineup, seats rotated; fair share 0.333\n"
    "bot         against         wins  shared  games  win rate  95% interval  verdict\n"
    "counting    2 × random        95       7    150     0.633  0.554-0.706   above\n"
    "counting    2 × always fox     0       0    150     0.000  0.000-0.025   below\n"
    "always fox  2 × counting       7       0    150     0.047  0.023-0.093   below\n")


@pytest.mark.parametrize("sentence, expected", [
    ("At two players always fox beats counting, which beats random, which beats always fox.",
     [True, True, True]),
    ("At two players counting beats always fox.", [False]),
    # no number of players: at three players always fox loses to two counting bots
    ("Always fox beats counting (0.560), and loses badly to random (0.017).", [False, True]),
    ("At two players always fox beats counting (0.560), and loses badly to random (0.017).", [True, True]),
    ("At three players counting beats random.", [True]),
    ("Counting wins everywhere.", [False]),
    ("At three players always fox is below its share against every rival.", [True]),
    ("It passes when your bot wins against the counting bot and clearly beats the random bot.", []),
    ("The forgetful bot does not beat counting.", []),  # not a bot of the tables
    ("Always fox never beats random.", []),  # a negation is not read
])
def test_a_verdict_is_read_in_the_round_robin_tables_printed_above(sentence, expected):
    assert [holds for _, holds in readings(TABLES, markdown(sentence))] == expected


def test_a_table_printed_below_the_sentence_is_not_read():
    assert readings(markdown("Counting beats always fox."), TABLES) == []


def test_printed_words_are_read_too():
    """A check's or a study's printed sentence compares like prose."""
    assert [h for _, h in readings(code("your bot wins more often than random (0.41 vs 0.52)\n"))] == [False]
    table_row = "random      counting      68      16    300     0.227  0.183-0.277   below\n"
    assert readings(code(table_row)) == []


def test_the_parts_read_what_they_say():
    values = values_in("0.420-0.622, one third, 635/3542 ≈ 0.179, 18%, 63 squares")
    assert [v.text for v in values] == ["0.420-0.622", "one third", "635/3542 ≈ 0.179", "18%"]
    assert [(v.low, v.high) for v in values] == [
        (Fraction("0.420"), Fraction("0.622")), (Fraction(1, 3), Fraction(1, 3)),
        (Fraction(635, 3542), Fraction(635, 3542)), (Fraction(18, 100), Fraction(18, 100))]
    assert sentences("**always fox** beats it. **Draw** too.") == ["always fox beats it.", "Draw too."]
    assert blocks("One.\n- two\n- three\n\nFour `0.1 vs 0.2`.") == ["One.", "- two", "- three", "Four ."]
    assert printed_pair("a 0.1\nb 0.2\n") is not None and printed_pair("0.1 0.2 0.3") is None
