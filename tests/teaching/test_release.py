"""``goose-widgets assign``: the course for a class, solutions off in every notebook, no solution text."""

from __future__ import annotations

import nbformat
import pytest
from nbclient import NotebookClient

from goose_widgets.commands import cli
from goose_widgets.exercises.progress import ENVIRONMENT, FILE_NAME
from goose_widgets.resources import course_path
from goose_widgets.teaching.notebooks import SOLUTIONS_OFF_TAG, solution_texts, strip_solution_outputs


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class") / "release"
    assert cli.main(["assign", str(folder)]) == 0
    return folder


def test_every_notebook_turns_the_solutions_off_first(release):
    names = sorted(p.name for p in course_path().glob("*.ipynb"))
    assert sorted(p.name for p in release.glob("*.ipynb")) == names
    for path in release.glob("*.ipynb"):
        notebook = nbformat.read(str(path), as_version=4)
        nbformat.validate(notebook)
        code = [c for c in notebook.cells if c.cell_type == "code"]
        assert SOLUTIONS_OFF_TAG in code[0].metadata["tags"], path.name  # before any exercise
        assert "solutions(False)" in code[0].source
        assert notebook.cells[0].cell_type == "markdown"  # the title stays on top


def _outputs(cell) -> str:
    texts = []
    for output in cell.get("outputs", []):
        texts.append("".join(output.get("text", "")))
        texts += [value for value in output.get("data", {}).values() if isinstance(value, str)]
    return "\n".join(texts)


def test_no_solution_text_is_left_in_the_notebooks(release):
    texts = solution_texts()
    assert len(texts) >= 25
    for path in release.glob("*.ipynb"):
        for cell in nbformat.read(str(path), as_version=4).cells:
            shown = _outputs(cell)
            assert "Solution:" not in shown, (path.name, cell.source)
            for text in texts:
                assert text not in cell.source and text not in shown, (path.name, text[:60])


def test_an_output_that_shows_a_solution_is_cleared():
    """What the release does to a cell like 00's demonstration, and to any output holding a solution."""
    from goose_widgets.exercises.warmup import nine_with_two_dice

    shown = nine_with_two_dice.show_solution().text
    demo = nbformat.v4.new_code_cell("exercise.show_solution()", outputs=[nbformat.v4.new_output(
        "execute_result", {"text/plain": shown}, execution_count=3)], execution_count=3)
    leaked = nbformat.v4.new_code_cell("print(notes)", outputs=[nbformat.v4.new_output(
        "stream", text=nine_with_two_dice.solution)])
    kept = nbformat.v4.new_code_cell("1 + 1", outputs=[nbformat.v4.new_output(
        "execute_result", {"text/plain": "2"}, execution_count=4)], execution_count=4)
    notebook = nbformat.v4.new_notebook(cells=[demo, leaked, kept])
    assert strip_solution_outputs(notebook) == 2
    assert demo.outputs == [] and demo.execution_count is None and leaked.outputs == []
    assert kept.outputs[0]["data"]["text/plain"] == "2"


def test_a_full_folder_is_refused_and_left_alone(tmp_path):
    (tmp_path / "mine.txt").write_text("a teacher's file")
    with pytest.raises(SystemExit, match="not an empty folder"):
        cli.main(["assign", str(tmp_path)])
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]


@pytest.mark.slow
def test_show_solution_says_so_and_the_worked_example_is_not_the_learners(release, monkeypatch):
    """Run the released 00 in a real kernel, started in the release folder as Jupyter starts it: its
    solution is off, and its worked example (checks, a hint) is never recorded as the learner's."""
    monkeypatch.delenv(ENVIRONMENT, raising=False)  # the default place: beside the notebooks
    path = release / "00_start_here.ipynb"
    notebook = nbformat.read(str(path), as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(release)}}).execute()
    asks = [c for c in notebook.cells if c.cell_type == "code" and ".show_solution()" in c.source]
    said = [o["data"]["text/plain"] for c in asks for o in c.outputs if o["output_type"] == "execute_result"]
    assert said and all("Solutions are turned off for this class" in text for text in said)
    assert not (release / FILE_NAME).exists()  # 00 answered its own example: nothing of the learner's


def test_a_release_leaves_out_the_discussions_of_answers_and_carries_the_learners_pages(release):
    from goose_widgets.teaching.notebooks import DISCUSSION_TAG

    course = nbformat.read(str(course_path() / "06_sneaky_goose_probability.ipynb"), as_version=4)
    tagged = [c for c in course.cells if DISCUSSION_TAG in c.metadata.get("tags", ())]
    assert len(tagged) >= 4  # the course folds them; the release has none of them
    for path in release.glob("*.ipynb"):
        cells = nbformat.read(str(path), as_version=4).cells
        assert not [c for c in cells if DISCUSSION_TAG in c.metadata.get("tags", ())], path.name
        for cell in cells:
            assert "](../docs/" not in cell.source, path.name  # its links point inside the release
    pages = sorted(p.name for p in (release / "docs").glob("*.md"))
    assert "boo.md" in pages and "teaching.md" not in pages and "server.md" not in pages
    seven = nbformat.read(str(release / "07_boo.ipynb"), as_version=4)
    assert any("](docs/boo.md" in cell.source for cell in seven.cells)


def test_no_answer_shows_anywhere_in_a_release(release):
    """The out-of-sight rule over a whole released notebook, above and below each check: no
    exercise's reference answer, in any form it could be printed in, in any output or text."""
    import re

    from tests.course_text import output_texts
    from tests.test_course_answers_out_of_sight import VALUE_EXERCISES, forms_of, matches, reference

    for notebook, exercise in VALUE_EXERCISES:
        cells = nbformat.read(str(release / f"{notebook}.ipynb"), as_version=4).cells
        texts = [text for cell in cells
                 for text in ([cell.source] if cell.cell_type == "markdown" else output_texts(cell))]
        units = [u for text in texts for u in [*re.split(r"\n\s*\n", text), *text.splitlines()] if u.strip()]
        for form in forms_of(exercise):
            found = [u for u in units if matches(form, u)]
            assert not found, (f"{notebook}: the answer to {exercise.name!r} ({reference(exercise)!r}) "
                               f"shows in the release: {found[0].strip()[:160]!r}")
