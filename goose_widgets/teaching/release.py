"""``goose-widgets assign FOLDER``: the course for a class, with the solutions turned off.

Every notebook gets a first code cell (after its title) that calls ``solutions(False)``, so
``show_solution()`` says that solutions are turned off; outputs that show a solution (a committed
``show_solution()`` demonstration) are cleared, so the notebooks hold no solution text.  Everything
else in the course folder is copied as it is, except progress files and Jupyter's checkpoints.

What this protects, and what not: a learner who asks for the solution is told it is off, and no
solution is in the notebooks.  A learner who wants the answers can still call ``solutions(True)``
or read the package's source, which holds every solution (as Kaggle's learntools does); a graded
class uses ``goose-widgets nbgrader`` instead, where the grade comes from the teacher's own run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import nbformat

from ..exercises.progress import FILE_NAME
from ..resources import course_path, learner_pages
from .notebooks import drop_discussions, insert_solutions_off, read_notebook, strip_solution_outputs

__all__ = ["main", "release_course"]

_NOT_COPIED = (".ipynb_checkpoints", "__pycache__", f"{FILE_NAME}*")


def release_course(target: Path, source: Path | None = None) -> list[Path]:
    """Write the class's copy of the course into ``target`` (new or empty); return its notebooks.

    Beside the notebooks, ``docs/`` holds the pages a learner reads (never the teacher's), and the
    notebooks' links to them (``../docs/boo.md`` in the course) point there."""
    source = source or course_path()
    ensure_empty(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*_NOT_COPIED), dirs_exist_ok=True)
    (target / "docs").mkdir(exist_ok=True)
    for page in learner_pages():
        shutil.copyfile(page, target / "docs" / page.name)
    notebooks = sorted(target.glob("*.ipynb"))
    for path in notebooks:
        notebook = read_notebook(path)
        strip_solution_outputs(notebook)
        drop_discussions(notebook)
        insert_solutions_off(notebook)
        for cell in notebook.cells:
            if cell.cell_type == "markdown":
                cell.source = cell.source.replace("](../docs/", "](docs/")
        nbformat.write(notebook, str(path))
    return notebooks


def ensure_empty(target: Path) -> None:
    """Refuse a folder that holds anything: a release never writes over a teacher's files."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise SystemExit(f"{target} already exists and is not an empty folder; name a new folder "
                         "(nothing was written).")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="goose-widgets assign",
        description="Write the course for a class into FOLDER, with the solutions turned off in every "
                    "notebook and no solution text in them.  The package's source still holds the "
                    "solutions: for graded work use `goose-widgets nbgrader`.")
    parser.add_argument("folder", type=Path, metavar="FOLDER",
                        help="a new (or empty) folder for the class's copy")
    args = parser.parse_args(argv)
    notebooks = release_course(args.folder)
    print(f"wrote {len(notebooks)} notebooks with solutions turned off to {args.folder}", file=sys.stdout)
    return 0
