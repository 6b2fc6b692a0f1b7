"""The house has small rooms (issues 24 and 35): no module of the package over 800 lines, no import
circle between its modules (every import counts, those inside functions too, as a reader meets
them; only imports under ``if TYPE_CHECKING:`` are left out, as they never run; a module importing
its own package's ``__init__`` is not counted, as Python finishes the package first), and nothing
loose at the top of the package: each top-level module is the package's face or an entry point
that docs/architecture.md names."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "goose_widgets"
MOST_LINES = 800


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (they never run)."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for part in node.body for inner in ast.walk(part)}
    return skipped


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, wherever in the module the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            for alias in node.names:  # ``from . import sibling`` imports the sibling module
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    own_packages = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
    return {m for m in found if m in known and m != name and m not in own_packages}


def test_no_module_is_over_800_lines():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, long


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle a depth-first walk of ``graph`` meets, as the modules around it."""
    found = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(name: str, path: list[str]) -> None:
        state[name] = 1
        for nxt in sorted(graph[name]):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                walk(nxt, path + [nxt])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name, [name])
    return found


def test_no_import_circle():
    known = modules()
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    assert not circles(graph), "\n".join(" -> ".join(c) for c in circles(graph))


def test_the_circle_finder_finds_a_circle_through_a_sibling_import(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .a import y\n")
    (package / "a.py").write_text("from .b import x\ny = x\n")
    (package / "b.py").write_text("from . import a\nx = 1\n")
    known = {"pkg": package / "__init__.py", "pkg.a": package / "a.py", "pkg.b": package / "b.py"}
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_an_import_inside_a_function_counts_and_type_checking_does_not(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from .b import x\n    return x\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                  "    from .c import z\ndef g():\n    from . import a\n")
    (package / "c.py").write_text("")
    known = {"pkg": package / "__init__.py", "pkg.a": package / "a.py", "pkg.b": package / "b.py",
             "pkg.c": package / "c.py"}
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.a"}
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]


# The top of the package: its face (``__init__``: the public API; ``extras``: which extra brings
# an optional library; ``resources``: the files shipped inside) and its entry point (``__main__``).
TOP_LEVEL = {"__init__", "__main__", "extras", "resources"}


def test_nothing_loose_at_the_top_of_the_package():
    top = {path.stem for path in PACKAGE.glob("*.py")}
    assert top == TOP_LEVEL, f"loose at the top: {sorted(top - TOP_LEVEL)}; gone: {sorted(TOP_LEVEL - top)}"
    architecture = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    folders = {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    unnamed = [f"{name}.py" for name in sorted(TOP_LEVEL) if f"{name}.py" not in architecture]
    unnamed += [f"{name}/" for name in sorted(folders) if f"{name}/" not in architecture]
    assert not unnamed, f"docs/architecture.md does not say what these are for: {unnamed}"
