"""``goose-widgets course`` copies the course without losing a learner's work; ``goose-widgets app``
serves the installed app with idle kernels culled.  (That the wheel carries the course and that
JupyterLab opens it from the copy: tests/browser/test_installed_course.py.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import goose_widgets
import goose_widgets.commands.cli
from goose_widgets.commands import app as app_command
from goose_widgets.commands import course as course_command
from goose_widgets.commands.course import RECORD, copy_course, split_arguments
from goose_widgets.resources import app_path, course_path

NOTEBOOK = "course/01_game_of_the_goose.ipynb"


def test_a_first_copy_holds_every_notebook_and_the_rules_pages_they_link_to(tmp_path):
    report = copy_course(tmp_path / "mine")
    notebooks = sorted(p.name for p in course_path().glob("*.ipynb"))
    assert sorted(p.name for p in (tmp_path / "mine" / "course").glob("*.ipynb")) == notebooks
    assert (tmp_path / "mine" / "docs" / "boo.md").is_file()  # 07 links ../docs/boo.md
    assert (tmp_path / "mine" / "course" / "00_start_here.ipynb").read_bytes() == \
        (course_path() / "00_start_here.ipynb").read_bytes()
    assert len(report.added) == len(notebooks) + len(list((tmp_path / "mine" / "docs").glob("*.md")))
    assert not report.updated and not report.beside
    again = copy_course(tmp_path / "mine")
    assert not again.added and not again.updated and not again.beside and not again.lines()


def test_a_notebook_the_learner_changed_is_never_overwritten(tmp_path):
    files = course_command.course_files()
    folder = tmp_path / "mine"
    copy_course(folder, files)
    mine = folder / NOTEBOOK
    mine.write_text(mine.read_text() + " ")  # the learner ran or edited it
    learners = mine.read_bytes()
    # the same course again: the learner's version stays, nothing is added beside it
    report = copy_course(folder, files)
    assert mine.read_bytes() == learners and not report.beside and not report.lines()
    # a new version of the course: the learner's stays, the new one goes beside it, and it says so
    newer = dict(files, **{NOTEBOOK: files[NOTEBOOK] + b"\n"})
    report = copy_course(folder, newer)
    assert mine.read_bytes() == learners
    beside = f"course/01_game_of_the_goose.course-{goose_widgets.__version__}.ipynb"
    assert report.beside == [(NOTEBOOK, beside)] and (folder / beside).read_bytes() == newer[NOTEBOOK]
    assert any("kept your course/01_game_of_the_goose.ipynb" in line and beside in line
               for line in report.lines())
    # asked again, nothing more is added; a third version gets a name of its own
    assert not copy_course(folder, newer).beside
    newest = dict(files, **{NOTEBOOK: files[NOTEBOOK] + b"\n\n"})
    assert copy_course(folder, newest).beside[0][1].endswith(f"{goose_widgets.__version__}-2.ipynb")
    assert mine.read_bytes() == learners


def test_an_untouched_notebook_is_brought_up_to_date(tmp_path):
    files = course_command.course_files()
    folder = tmp_path / "mine"
    copy_course(folder, files)
    newer = dict(files, **{NOTEBOOK: files[NOTEBOOK] + b"\n"})
    report = copy_course(folder, newer)
    assert report.updated == [NOTEBOOK] and (folder / NOTEBOOK).read_bytes() == newer[NOTEBOOK]
    assert json.loads((folder / RECORD).read_text())["version"] == goose_widgets.__version__


def test_a_file_of_the_same_name_that_the_course_did_not_put_there_is_kept(tmp_path):
    folder = tmp_path / "mine"
    (folder / "course").mkdir(parents=True)
    (folder / NOTEBOOK).write_text("{}")  # the learner's own, before any copy
    report = copy_course(folder)
    assert (folder / NOTEBOOK).read_text() == "{}" and report.beside and report.beside[0][0] == NOTEBOOK


def test_the_folder_is_the_first_argument_unless_it_is_an_option():
    assert split_arguments([]) == (Path("goose-course"), [])
    assert split_arguments(["--no-browser"]) == (Path("goose-course"), ["--no-browser"])
    assert split_arguments(["class 3", "--port", "8890"]) == (Path("class 3"), ["--port", "8890"])
    command = course_command.lab_command(["--no-browser"])
    assert command[:4] == [sys.executable, "-m", "jupyterlab", "course/00_start_here.ipynb"]
    assert command[-1] == "--no-browser"


def test_course_help_opens_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert goose_widgets.commands.cli.main(["course", "--help"]) == 0
    assert "usage: goose-widgets course" in capsys.readouterr().out
    assert not (tmp_path / "goose-course").exists()


def test_the_app_culls_idle_kernels_after_twenty_minutes_by_default(tmp_path):
    command, env = app_command.voila_command(["--port=8870"])
    assert command[:4] == [sys.executable, "-m", "voila", str(app_path() / "goose_widgets_app.ipynb")]
    assert "--MappingKernelManager.cull_idle_timeout=1200" in command
    assert "--MappingKernelManager.cull_interval=60" in command
    assert command[-1] == "--port=8870" and Path(env[app_command.SAVES_VARIABLE]).is_absolute()
    command, env = app_command.voila_command(["--idle-minutes=45", f"--saves={tmp_path}"])
    assert "--MappingKernelManager.cull_idle_timeout=2700" in command
    assert env[app_command.SAVES_VARIABLE] == str(tmp_path.resolve())
    for bad in ("--idle-minutes=soon", "--idle-minutes=0"):
        with pytest.raises(SystemExit, match="idle-minutes"):
            app_command.voila_command([bad])


def test_the_app_takes_the_teachers_theme():
    """``goose-widgets app --theme=dark``: one theme reaches Voila (two make it refuse to start)."""
    command, _env = app_command.voila_command(["--theme=dark"])
    assert [arg for arg in command if arg.startswith("--theme")] == ["--theme=dark"]
    command, _env = app_command.voila_command([])
    assert [arg for arg in command if arg.startswith("--theme")] == ["--theme=light"]


def test_the_app_notebook_uses_the_installed_package():
    notebook = json.loads((app_path() / "goose_widgets_app.ipynb").read_text())
    source = "".join(notebook["cells"][0]["source"])
    assert "from goose_widgets.classroom.app import ClassroomApp" in source


def test_the_learners_folder_leaves_out_the_teachers_pages_and_remembers_the_learner(tmp_path):
    files = course_command.course_files()
    pages = {name for name in files if name.startswith("docs/")}
    assert {"docs/boo.md", "docs/sandbox.md", "docs/accessibility.md"} <= pages
    assert not pages & {"docs/teaching.md", "docs/server.md", "docs/index.md", "docs/architecture.md"}
    name, rest = course_command.take_learner(["my-course", "--learner", "Ada Lovelace", "--no-browser"])
    assert (name, rest) == ("Ada Lovelace", ["my-course", "--no-browser"])
    course_command.copy_course(tmp_path)
    assert course_command.remembered_learner(tmp_path, None) is None
    assert course_command.remembered_learner(tmp_path, "Ada Lovelace") == "Ada Lovelace"
    course_command.copy_course(tmp_path)  # a later start keeps the name it was given
    assert course_command.remembered_learner(tmp_path, None) == "Ada Lovelace"
