"""Where the course's files are: the notebooks, the rules pages and the classroom app.

In a checkout they are the repository's ``course/``, ``docs/`` and ``app/`` folders.  An installed
package carries copies of them inside itself (under ``goose_widgets/_data/``); these functions find
whichever is there, so commands such as ``goose-widgets course`` work from a wheel and from a clone.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["app_path", "course_path", "docs_path"]

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
