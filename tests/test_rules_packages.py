"""The rules packages of BOO and Sneaky Goose stay small rooms (issue 24).

- Every module is under 600 lines and has a docstring that says what it is for; every module but
  a few builders names the rulings it implements, and every ruling the package docstring lists is
  named by a module that implements it.
- No import circle among a package's modules (counting every import written in a module, those
  for type checking included).
- The package offers every name its modules define for others, under its old import path.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"boo": "O", "sneaky_goose": "S"}
MAX_LINES = 600


def modules(game: str) -> dict[str, Path]:
    folder = ROOT / "goose_widgets" / "games" / game / "rules"
    return {path.stem: path for path in sorted(folder.glob("*.py"))}


def ruling_ids(text: str, prefix: str) -> set[str]:
    return set(re.findall(rf"\b({prefix}\d+[a-z]?)\b", text))


@pytest.mark.parametrize("game", list(PACKAGES))
def test_every_module_is_small_and_says_what_it_is_for(game):
    found = modules(game)
    assert len(found) >= 5, f"{game}: the rules are not split into a package"
    for name, path in found.items():
        lines = path.read_text().count("\n")
        assert lines < MAX_LINES, f"{game}/rules/{name}.py has {lines} lines (at most {MAX_LINES - 1})"
        docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
        assert len(docstring.split()) >= 15, f"{game}/rules/{name}.py needs a docstring saying what it is for"


@pytest.mark.parametrize("game", list(PACKAGES))
def test_each_ruling_of_the_package_is_named_where_it_is_implemented(game):
    prefix = PACKAGES[game]
    found = modules(game)
    overview = ruling_ids(ast.get_docstring(ast.parse(found["__init__"].read_text())) or "", prefix)
    assert len(overview) >= 8
    named = set()
    for name, path in found.items():
        if name == "__init__":
            continue
        ids = ruling_ids(ast.get_docstring(ast.parse(path.read_text())) or "", prefix)
        assert ids, f"{game}/rules/{name}.py names no ruling"
        named |= ids
    assert not overview - named, f"{game}: no module names the rulings {sorted(overview - named)}"


def sibling_imports(path: Path) -> set[str]:
    """The modules of the same package that ``path`` imports (``from .x import ...``), anywhere."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found |= {alias.name for alias in node.names}
    return found


@pytest.mark.parametrize("game", list(PACKAGES))
def test_no_import_circle(game):
    found = modules(game)
    graph = {name: sibling_imports(path) - {name} for name, path in found.items() if name != "__init__"}
    assert all(graph[name] <= set(graph) for name in graph), graph
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"{game}: import circle {' -> '.join(path + (name,))}"
        if name not in done:
            for other in sorted(graph[name]):
                visit(other, path + (name,))
            done.add(name)

    for name in graph:
        visit(name, ())


@pytest.mark.parametrize("game", list(PACKAGES))
def test_the_package_offers_every_public_name_of_its_modules(game):
    package = importlib.import_module(f"goose_widgets.games.{game}.rules")
    for name in modules(game):
        if name == "__init__":
            continue
        module = importlib.import_module(f"goose_widgets.games.{game}.rules.{name}")
        tree = ast.parse(Path(module.__file__).read_text())
        defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        defined |= {target.id for node in tree.body if isinstance(node, ast.Assign)
                    for target in node.targets if isinstance(target, ast.Name)}
        defined |= {node.target.id for node in tree.body
                    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
        for public in sorted(n for n in defined if not n.startswith("_")):
            assert getattr(package, public, None) is getattr(module, public), f"rules.{public} ({name})"
            assert public in package.__all__, f"{game}: {public} is missing from rules.__all__"
