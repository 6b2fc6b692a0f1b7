"""No exercise's answer is one edit away (issue 29): a mechanical mutation search.

For every exercise whose reference answer is a value, the code cells above its check run (as the
learner ran them, in one pass through each notebook; cells that simulate, play or draw are left out,
as no short call in them could be searched anyway), and every call expression in them is evaluated
again with one of its literal arguments changed: each whole number from 0 to 64, each number the
exercise's prompt names, and each literal of the same kind found elsewhere in the cells above.  No
such call may return the reference answer.  (A call that takes longer than a moment is left out;
an outside learner's re-run of the course looks for the edits no machine can list.)
"""

from __future__ import annotations

import ast
import copy
import re
import signal
import time
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import pytest

from tests.course_text import cells_of
from tests.test_course_answers_out_of_sight import VALUE_EXERCISES, check_cell, notebook_of, reference

SLOW = 0.05  # seconds: a call slower than this is not searched (a simulation, a tournament)
BUDGET = 2.0  # seconds of mutated calls for one call expression
SKIPPED = {"play", "walkthrough", "show", "plot", "subplots", "figure", "bar", "display", "print", "check",
           "hint", "show_solution", "simulate", "round_robin", "tournament", "savefig", "imshow"}


class _TooLong(Exception):
    pass


@contextmanager
def deadline(seconds: float):
    def stop(*_args: Any) -> None:
        raise _TooLong

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def without_magics(source: str) -> str:
    return "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def literals(node: ast.AST) -> list[ast.Constant]:
    """The literal numbers and texts among a call's own arguments (not inside lambdas)."""
    found = []
    for argument in [*node.args, *(k.value for k in node.keywords)]:  # type: ignore[attr-defined]
        for inner in ast.walk(argument):
            if isinstance(inner, ast.Lambda):
                break
            if isinstance(inner, ast.Constant) and type(inner.value) in (int, float, str) \
                    and not isinstance(inner.value, bool):
                found.append(inner)
    return found


def candidates(value: Any, prompt_numbers: set[int], seen: set[Any]) -> list[Any]:
    if isinstance(value, str):
        return sorted(v for v in seen if isinstance(v, str) and v != value)
    numbers = set(range(65)) | prompt_numbers | {v for v in seen if type(v) in (int, float)}
    return sorted(n for n in numbers if n != value)


def same(result: Any, answer: Any) -> bool:
    try:
        if isinstance(answer, Fraction) and isinstance(result, (int, Fraction)):
            return Fraction(result) == answer
        return type(result) is type(answer) and result == answer
    except Exception:  # noqa: BLE001 - a result that cannot be compared is not the answer
        return False


HEAVY = re.compile(r"\b(simulate|tournament|round_robin|play|walkthrough|subplots|savefig|study|"
                   r"calibration|slam_opportunities|round_scores|decision_times|dogs_met)\(|workers=|progress=True")


def search_notebook(notebook: str) -> dict[str, list[str]]:
    """For each value exercise of ``notebook``, the calls above its check that return its answer
    with one literal changed (one pass through the notebook's cells)."""
    cells = cells_of(notebook_of(notebook))
    checks = {check_cell(cells, exercise): exercise for name, exercise in VALUE_EXERCISES if name == notebook}
    namespace: dict[str, Any] = {"__name__": "__main__"}
    trees: list[ast.Module] = []
    found: dict[str, list[str]] = {}
    for index, cell in enumerate(cells):
        if index in checks:
            found[checks[index].name] = _search(trees, namespace, checks[index])
        if cell["cell_type"] != "code":
            continue
        source = without_magics("".join(cell["source"]))
        if HEAVY.search(source) or re.match(r"^\w+\.check\(", source.strip()):
            continue
        try:
            tree = ast.parse(source)
            with deadline(5):
                exec(compile(tree, "<cell>", "exec"), namespace)  # noqa: S102 - the course's own cells
        except (_TooLong, Exception):  # noqa: BLE001 - a cell that needs what a heavy cell made
            continue
        trees.append(tree)
    return found


def _search(trees: list[ast.Module], namespace: dict[str, Any], exercise: Any) -> list[str]:
    answer = reference(exercise)
    prompt_numbers = {int(n) for n in re.findall(r"\b\d+\b", exercise.prompt)}
    seen = {node.value for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Constant)}
    found = []
    for tree in trees:
        for call in [n for n in ast.walk(tree) if isinstance(n, ast.Call)]:
            if called_name(call) in SKIPPED or not literals(call):
                continue
            started = time.perf_counter()
            try:
                with deadline(SLOW):
                    eval(compile(ast.fix_missing_locations(ast.Expression(body=call)), "<call>", "eval"),  # noqa: S307
                         namespace)
            except (_TooLong, Exception):  # noqa: BLE001 - a call that needs the cell around it
                continue
            if time.perf_counter() - started > SLOW:
                continue
            searching = time.perf_counter()
            for index in range(len(literals(call))):
                original = literals(call)[index].value
                for value in candidates(original, prompt_numbers, seen):
                    if time.perf_counter() - searching > BUDGET:
                        break
                    mutated = copy.deepcopy(call)
                    literals(mutated)[index].value = value
                    try:
                        with deadline(SLOW):
                            result = eval(compile(ast.fix_missing_locations(ast.Expression(body=mutated)),  # noqa: S307
                                                  "<call>", "eval"), namespace)
                    except (_TooLong, Exception):  # noqa: BLE001
                        continue
                    if same(result, answer):
                        found.append(f"{ast.unparse(mutated)}  (the cell has {ast.unparse(call)})")
                        break
    return found


NOTEBOOKS = sorted({notebook for notebook, _ in VALUE_EXERCISES})


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_no_answer_is_one_literal_away_from_a_call_above_its_check(notebook):
    found = search_notebook(notebook)
    assert set(found) == {e.name for name, e in VALUE_EXERCISES if name == notebook}
    away = {name: calls for name, calls in found.items() if calls}
    assert not away, "\n".join(f"{notebook}: {name!r} is one edit away: {calls[0]}"
                                for name, calls in away.items())


def test_the_search_finds_an_answer_one_literal_away():
    """The search itself, on a made-up notebook: a cell calls ``total(3)`` where the answer needs
    ``total(4)``; the search finds that edit, and finds nothing when the answer is out of reach."""
    def total(n: int) -> Fraction:
        return Fraction(n, 9)

    class Made:
        prompt = "How many?"
        name = "made up"
        reference = Fraction(4, 9)
        checker = staticmethod(lambda answer: None)

    trees = [ast.parse("shown = total(3) + 1")]
    namespace = {"total": total}
    assert _search(trees, namespace, Made()) == ["total(4)  (the cell has total(3))"]
    Made.reference = Fraction(1, 1000)
    assert _search(trees, namespace, Made()) == []
