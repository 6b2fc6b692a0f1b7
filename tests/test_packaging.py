"""The repository is adoptable on its own: self-contained docs, honest packaging, portable commands.

- Nothing tracked refers to a folder outside the repository, and every ruling id a game's
  ``rules.py`` docstring (or a docstring of its ``rules/`` package) names is stated in that game's
  page under ``docs/``; the card tables in the docs are the engine's tables.
- The wheel's metadata (SPDX licence, classifiers, one version, typed, no unused dependency) and the
  sdist's contents (everything its own tests need), built without a deprecation warning.
- ``tasks.py`` uses the standard library only and starts programs as subprocesses; the linters
  that gate the tests are pinned, and the installed ones are the pinned versions.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import goose_widgets
from goose_widgets.engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
OUTSIDE = ("shared" + "/", "/" + "work/")  # in two parts, so that this line does not match itself
RULING_PREFIX = {"game_of_the_goose": "G", "boo_to_the_goose": "B", "sneaky_goose": "S", "boo": "O"}
SKIP_DIRS = {".git", ".venv", "build", "dist", "__pycache__", ".hypothesis", ".pytest_cache", ".ruff_cache",
             ".ipynb_checkpoints", "screenshots", "node_modules", ".mypy_cache"}
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def repository_files() -> list[Path]:
    """The tracked files (or, in an unpacked sdist without git, every file but caches)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        names = [name for name in out.decode().split("\0") if name]
        if names:
            return [ROOT / name for name in names if (ROOT / name).is_file()]
    except (OSError, subprocess.CalledProcessError):
        pass
    return [p for p in ROOT.rglob("*") if p.is_file() and not p.parent.name.endswith(".egg-info")
            and not SKIP_DIRS.intersection(p.relative_to(ROOT).parts)]


def test_no_file_refers_to_a_folder_outside_the_repository():
    offenders = []
    for path in repository_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            offenders += [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}"
                          for word in OUTSIDE if word in line]
    assert not offenders, "these lines refer outside the repository (point at docs/ instead):\n" + \
        "\n".join(offenders)


def rules_docstring(game: str) -> str:
    """The docstring of a game's ``rules.py``, or those of every module of its ``rules/`` package."""
    folder = ROOT / "goose_widgets" / "games" / game
    single = folder / "rules.py"
    paths = [single] if single.exists() else sorted((folder / "rules").glob("*.py"))
    return "\n".join(ast.get_docstring(ast.parse(path.read_text())) or "" for path in paths)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_ruling_of_the_engine_is_stated_in_the_docs(game):
    ids = set(re.findall(rf"\b({RULING_PREFIX[game]}\d+[a-z]?)\b", rules_docstring(game)))
    assert len(ids) >= 8, f"{game}: the rules.py docstring names too few rulings: {sorted(ids)}"
    page = (DOCS / f"{game}.md").read_text()
    stated = set(re.findall(r"^\| ([A-Z]\d+[a-z]?) \|", page, flags=re.MULTILINE))
    missing = sorted(ids - stated, key=lambda r: (int(re.sub(r"\D", "", r)), r))
    assert not missing, f"docs/{game}.md has no table row for the rulings {missing} of its rules.py"
    index = (DOCS / "index.md").read_text()
    assert f"({game}.md)" in index, f"docs/index.md does not link docs/{game}.md"


def markdown_rows(page: str, first_cell: str) -> list[list[str]]:
    """The cells of the table rows whose first cell matches ``first_cell`` (a regex)."""
    rows = []
    for line in page.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and re.fullmatch(first_cell, cells[0]):
            rows.append(cells)
    return rows


def test_docs_boo_cards_are_the_engine_edition():
    from goose_widgets.games.boo.rules import STANDARD_EDITION

    page = (DOCS / "boo.md").read_text()
    documented = {}
    for cells in markdown_rows(page, r"K\d+"):  # two cards per row: | K1 | squares | K7 | squares |
        for name, squares in zip(cells[0::2], cells[1::2]):
            documented[name] = tuple(squares.split())
    for cells in markdown_rows(page, r"G\d"):
        at = re.findall(r"\((-?\d+),(-?\d+)\)", cells[1])
        documented[cells[0]] = (tuple(cells[2].split()), tuple((int(r), int(c)) for r, c in at))
    engine = {}
    for card in STANDARD_EDITION.cards:
        if card.deck == "black":
            engine[card.name] = card.squares
        elif card.deck == "gate":
            engine[card.name] = (card.squares, card.at)
        else:  # the white deck is defined from the black one, as docs/boo.md says
            black = next(c for c in STANDARD_EDITION.cards if c.name == "K" + card.name[1:])
            assert card.squares == tuple(s.translate(str.maketrans("BW", "WB")) for s in black.squares)
    assert documented == engine


def test_docs_sneaky_goose_deck_is_the_engine_deck():
    from goose_widgets.games.sneaky_goose.deck import DECK

    page = (DOCS / "sneaky_goose.md").read_text().replace("−", "-")
    documented = [(name, int(value), int(copies), action) for name, value, copies, action
                  in markdown_rows(page, r".+ Goose")]
    engine = [(c.name, c.value, c.copies, c.action) for c in DECK]
    assert [row[:3] for row in documented] == [row[:3] for row in engine]
    # the page words the actions for a reader; each says the same kind of thing as the engine's
    for (name, _, _, words), (_, _, _, action) in zip(documented, engine):
        assert ("look" in words) == ("look" in action) and ("swap" in words) == ("swap" in action), name


# --- packaging -------------------------------------------------------------------------------
def test_metadata_in_pyproject():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert project["dynamic"] == ["version"] and "version" not in project
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "goose_widgets.__version__"}
    assert {"Framework :: Jupyter", "Intended Audience :: Education", "Typing :: Typed",
            "Programming Language :: Python :: 3.11"} <= set(project["classifiers"])
    assert f"## [{goose_widgets.__version__}]" in (ROOT / "CHANGELOG.md").read_text()
    assert (ROOT / "goose_widgets" / "py.typed").exists()


def test_every_dependency_is_imported_by_what_needs_it():
    """A library the package imports at module level is a dependency of the package (numpy, for the
    exact multi-player Goose chances); one it imports only lazily, inside a function, when asked
    (matplotlib, for a plot), belongs to the extra that needs it (the course's notebooks)."""
    sources = [p.read_text() for p in (ROOT / "goose_widgets").rglob("*.py")]
    notebooks = [p.read_text() for p in (ROOT / "course").glob("*.ipynb")]
    extras = PYPROJECT["project"]["optional-dependencies"]
    core = " ".join(PYPROJECT["project"]["dependencies"])
    for library in ("numpy", "matplotlib"):
        at_module_level = any(re.search(rf"^(import|from) {library}\b", s, re.MULTILINE) for s in sources)
        assert at_module_level == (library in core), f"{library} at module level: {at_module_level}"
    assert "numpy" in core
    assert any("matplotlib" in nb for nb in notebooks)
    assert any(d.startswith("matplotlib") for d in extras["course"])


def imports_of(path: Path) -> list[tuple[str, bool]]:
    """(top-level module, imported at module level?) for each absolute import in a source file."""
    tree = ast.parse(path.read_text())
    top_level = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], id(node) in top_level) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], id(node) in top_level))
    return found


def requirement_name(requirement: str) -> str:
    return re.split(r"[\s<>=!~\[;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_every_imported_package_is_declared():
    """Each third-party library the package imports is a dependency; one imported only inside a
    function may instead come with an extra (matplotlib with the course), never from nowhere.  A
    subpackage that only its extras' commands load (the server: `goose-widgets serve`, and `join`
    imports it lazily; the teacher's tools: `assign` and `nbgrader`) may import those extras'
    libraries at module level."""
    project = PYPROJECT["project"]
    core = {requirement_name(r) for r in project["dependencies"]}
    extras = {requirement_name(r) for rs in project["optional-dependencies"].values() for r in rs}
    optional = project["optional-dependencies"]
    extra_only = {"server": {requirement_name(r) for r in optional["server"]},
                  "teaching": {requirement_name(r) for r in optional["course"] + optional["teacher"]}}
    distributions = importlib.metadata.packages_distributions()
    undeclared = []
    for path in sorted((ROOT / "goose_widgets").rglob("*.py")):
        for module, at_top in imports_of(path):
            if module in sys.stdlib_module_names or module in ("goose_widgets", "__future__"):
                continue
            names = {d.lower().replace("_", "-") for d in distributions.get(module, [module])}
            subpackage = path.relative_to(ROOT / "goose_widgets").parts[0]
            allowed = (core | extra_only.get(subpackage, set())) if at_top else core | extras
            if not names & allowed:
                undeclared.append(f"{path.relative_to(ROOT)}: {module} ({', '.join(sorted(names))})")
    assert not undeclared, "imported but not declared in pyproject.toml:\n" + "\n".join(undeclared)
    assert {"traitlets", "ipython"} <= core


def test_importing_the_package_starts_nothing_and_loads_no_widget_plot_or_progress_library():
    code = ("import sys, threading, multiprocessing, goose_widgets\n"
            "libraries = ('ipywidgets', 'anywidget', 'traitlets', 'IPython', 'matplotlib', 'tqdm')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in libraries))\n"
            "print(len(multiprocessing.active_children()), threading.active_count())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded, counts = out.splitlines()
    assert loaded == "[]", f"import goose_widgets loads {loaded}"
    assert counts == "0 1", "import goose_widgets starts a process or a thread (a pool)"


def test_a_plot_without_its_extra_says_which_extra_to_install(monkeypatch):
    from goose_widgets.extras import require

    for name in ("matplotlib", "matplotlib.pyplot"):  # as if matplotlib were not installed
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ModuleNotFoundError, match=r'the plot needs matplotlib.*goose-widgets\[course\]'):
        require("matplotlib.pyplot", "course", "the plot")


def test_each_tasks_command_installs_only_its_extra(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT))
    import tasks

    calls: list[list[str]] = []
    monkeypatch.setattr(tasks, "PY", tmp_path / "python")
    monkeypatch.setattr(tasks, "STAMP", tmp_path / "stamp")
    monkeypatch.setattr(tasks, "run", lambda command, **_: calls.append([str(c) for c in command]) or 0)
    (tmp_path / "python").write_text("")
    installs = []
    for command in ("course", "app", "course", "test", "site"):
        calls.clear()
        tasks.ensure_environment(command)
        installs.append([c[-1] for c in calls if "-e" in c])
    # course alone, then app beside it, nothing again for course; test holds every extra
    assert installs == [[".[course]"], [".[app,course]"], [], [".[app,course,test]"], []]


def test_the_linters_that_gate_the_tests_are_pinned_and_installed():
    test_extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    for tool in ("ruff", "mypy"):
        pins = [d for d in test_extra if re.match(rf"{tool}\b", d)]
        assert len(pins) == 1 and "==" in pins[0], f"{tool} must be pinned exactly: {pins}"
        assert importlib.metadata.version(tool) == pins[0].split("==")[1], \
            f"installed {tool} {importlib.metadata.version(tool)} is not the pinned {pins[0]}"


def test_tasks_py_uses_the_standard_library_and_subprocesses():
    source = (ROOT / "tasks.py").read_text()
    tree = ast.parse(source)
    modules = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}, modules
    calls = {node.func.attr for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
    assert not {"execv", "execvp", "system", "popen"} & calls
    assert "shell=True" not in source
    for command in ("course", "app", "site", "test", "bench", "execute"):
        assert f'"{command}"' in source
    assert "python3 tasks.py test" in (ROOT / ".ci" / "run").read_text()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist and the wheel, built as a release would be (no isolation: the pinned tools are here)."""
    try:
        setuptools_major = int(importlib.metadata.version("setuptools").split(".")[0])
        importlib.metadata.version("build")
    except importlib.metadata.PackageNotFoundError:
        setuptools_major = 0
    if setuptools_major < 77:
        pytest.fail("building needs `build` and setuptools>=77 from the test extra: reinstall it "
                    "(python3 tasks.py test does when pyproject.toml changes; or pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel",
                             "--outdir", str(out), str(ROOT)], capture_output=True, text=True)
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    return out, log


@pytest.mark.slow
def test_build_prints_no_deprecation_warning(built):
    _, log = built
    assert "deprecated" not in log.lower(), log


@pytest.mark.slow
def test_wheel_metadata(built):
    out, _ = built
    wheel = next(out.glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "goose_widgets/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert f"Version: {goose_widgets.__version__}\n" in metadata
    assert "License-Expression: MIT\n" in metadata
    assert "Classifier: Framework :: Jupyter\n" in metadata
    assert "Requires-Dist: numpy" in metadata
    assert not any(n.startswith(("tests/", "course/", "docs/")) for n in names)
    # a Project-URL is a real address or absent (an index refuses a path)
    assert all(line.partition(", ")[2].startswith("https://") for line in metadata.splitlines()
               if line.startswith("Project-URL:"))
    # the course, the rules pages and the app travel inside the package (issue 20)
    data = "goose_widgets/_data/"
    for folder, pattern in (("course", "*.ipynb"), ("docs", "*.md"), ("app", "*.ipynb")):
        expected = sorted(p.name for p in (ROOT / folder).glob(pattern))
        assert sorted(n.removeprefix(f"{data}{folder}/") for n in names if n.startswith(f"{data}{folder}/")) \
            == expected, f"the wheel's {folder}/ differs from the checkout's"
    assert "goose_widgets/classroom/app.py" in names
    # the boards' one script (issue 32): the widget reads it, the server serves it
    assert "goose_widgets/ui/board.js" in names and "goose_widgets/server/static/table.js" in names
    # the stored results the course shows: the exact Goose tables, the experts' round-robins and the
    # capstones' study
    stored = ["goose_widgets/games/game_of_the_goose/exact/results.json",
              "goose_widgets/exercises/capstone_study.json",
              *(f"goose_widgets/games/{game}/round_robins.json"
                for game in ("boo_to_the_goose", "sneaky_goose", "boo"))]
    assert all(name in names for name in stored), sorted(set(stored) - set(names))
    entry_points = archive_text(wheel, ".dist-info/entry_points.txt")
    assert "goose-widgets = goose_widgets.commands.cli:main" in entry_points
    # the offline page, for `jupyter nbconvert --to goose_html` and JupyterLab's export menu
    assert "goose_html = goose_widgets.teaching.offline_html:OfflineHTMLExporter" in entry_points


def archive_text(wheel: Path, suffix: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(next(n for n in archive.namelist() if n.endswith(suffix))).decode()


@pytest.mark.slow
def test_sdist_holds_what_its_tests_need(built):
    out, _ = built
    sdist = next(out.glob("*.tar.gz"))
    with tarfile.open(sdist) as archive:
        prefix = archive.getnames()[0].split("/")[0]
        names = {name.removeprefix(prefix + "/") for name in archive.getnames()}
    needed = [p.relative_to(ROOT).as_posix() for p in repository_files()
              if p.relative_to(ROOT).parts[0] in ("tests", "course", "docs", "benchmarks", "app")]
    needed += ["pyproject.toml", "setup.py", "LICENSE", "CHANGELOG.md", "README.md", "tasks.py"]
    missing = sorted(set(needed) - names)
    assert not missing, f"the sdist lacks: {missing[:20]}"
    assert not any("__pycache__" in name for name in names)
