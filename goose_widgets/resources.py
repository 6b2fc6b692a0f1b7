"""Where the course's files are: the notebooks, the rules pages and the classroom app.

In a checkout they are the repository's ``course/``, ``docs/`` and ``app/`` folders.  An installed
package carries copies of them inside itself (under ``goose_widgets/_data/``); these functions find
whichever is there, so commands such as ``goose-widgets course`` work from a wheel and from a clone.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["TEACHER_PAGES", "app_path", "course_path", "docs_path", "learner_pages"]

TEACHER_PAGES = ("index.md", "teaching.md", "server.md", "architecture.md", "api.md")
"""Pages for teachers and developers (and the site's front page, which links them): a learner's
copy of the course carries the others, the rules pages and what a learner reads."""

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _find(name: str, marker: str) -> Path:
    for folder in (_PACKAGE / "_data" / name, _CHECKOUT / name):
        if (folder / marker).is_file():
            return folder
    raise FileNotFoundError(f"the course's {name!r} folder is neither inside the installed package "
                            f"nor beside it ({_PACKAGE}); reinstall goose-widgets.")


def course_path() -> Path:
    """The folder of the course notebooks (``00_start_here.ipynb`` first)."""
    return _find("course", "00_start_here.ipynb")


def docs_path() -> Path:
    """The folder of the rules pages (one Markdown page per game, and ``index.md``)."""
    return _find("docs", "index.md")


def app_path() -> Path:
    """The folder of the classroom app (``goose_widgets_app.ipynb``)."""
    return _find("app", "goose_widgets_app.ipynb")


def learner_pages() -> list[Path]:
    """The pages a learner's copy of the course carries: every page but `TEACHER_PAGES`."""
    return [p for p in sorted(docs_path().glob("*.md")) if p.name not in TEACHER_PAGES]
