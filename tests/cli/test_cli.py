"""The ``goose-widgets`` command: version, help, unknown commands, and a command's missing extra."""

from __future__ import annotations

import subprocess
import sys

import pytest

import goose_widgets
from goose_widgets.commands import cli


def test_version_and_help(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"goose-widgets {goose_widgets.__version__}"
    assert cli.main(["--help"]) == 0
    assert cli.USAGE in capsys.readouterr().out
    assert cli.main([]) == 2  # no command is a usage error, with the help


def test_unknown_command_is_a_usage_error(capsys):
    assert cli.main(["no-such-command"]) == 2
    assert "unknown command 'no-such-command'" in capsys.readouterr().err


def test_a_missing_extra_names_the_extra(monkeypatch):
    monkeypatch.setitem(cli.COMMANDS, "needy", ("goose_widgets_missing_module_x:main", "course", "x"))
    with pytest.raises(ModuleNotFoundError):  # a module of our own that is missing is our bug: raise
        cli.main(["needy"])
    monkeypatch.setitem(cli.COMMANDS, "needy", ("tests.cli.needs_missing:main", "course", "x"))
    with pytest.raises(SystemExit, match=r'pip install "goose-widgets\[course\]"'):
        cli.main(["needy"])


def test_python_dash_m_runs_the_command():
    out = subprocess.run([sys.executable, "-m", "goose_widgets", "--version"], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == f"goose-widgets {goose_widgets.__version__}"


def test_the_course_files_are_found():
    from goose_widgets import resources

    assert (resources.course_path() / "00_start_here.ipynb").is_file()
    assert (resources.docs_path() / "index.md").is_file()
    assert (resources.app_path() / "goose_widgets_app.ipynb").is_file()
