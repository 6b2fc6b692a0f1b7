"""Sphinx configuration of the course site (built by ``python3 tasks.py site``).

The source folder is the repository root (``sphinx-build -c docs . _site``), so that the pages are
``docs/*.md`` and the committed ``course/*.ipynb`` as they are: MyST-NB renders their stored outputs
and never executes them.  A board's live widget cannot run on a static page, so its SVG picture
(``image/svg+xml``, stored beside the widget view) is preferred to the widget view.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_version = re.search(r'__version__ = "([^"]+)"', (ROOT / "goose_widgets" / "__init__.py").read_text())

project = "goose_widgets"
author = "The goose_widgets authors"
copyright = "The goose_widgets authors, MIT licence"  # noqa: A001 - Sphinx's name
release = _version.group(1) if _version else ""

extensions = ["myst_nb"]
root_doc = "docs/index"
include_patterns = ["docs/*.md", "course/*.ipynb"]
exclude_patterns = ["build", "dist", ".venv", "**/.ipynb_checkpoints"]

# The notebooks are committed executed; the site shows those outputs and runs nothing.
nb_execution_mode = "off"
# A widget view needs a kernel (and anywidget's JavaScript): where an output also carries the
# board's SVG picture, the static page shows the picture.  Other widget views (progress bars) stay
# empty rather than printing their "VBox(...)" text.
nb_mime_priority_overrides = [
    (builder, "image/svg+xml", 5) for builder in ("html", "dirhtml", "singlehtml", "epub")
]
# No widget JavaScript from a CDN: the site works offline.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]

html_theme = "sphinx_book_theme"
html_title = "goose_widgets course"
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": True,
    "home_page_in_toc": True,
}
html_static_path: list[str] = []
html_extra_path = ["site_extra"]
html_last_updated_fmt = None
