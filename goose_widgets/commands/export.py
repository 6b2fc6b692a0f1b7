"""``goose-widgets export NOTEBOOK... [--to html] [--output-dir DIR]``: a page of each notebook that
works offline, every board drawn as its picture and the maths typeset, whether or not the notebook
saved its widget state.

The page is `goose_widgets.teaching.offline_html.OfflineHTMLExporter`'s (its docstring says what it
changes in nbconvert's page, and why it is also ``jupyter nbconvert --to goose_html``); this module
is only the command: it reads the notebooks, writes ``NAME.html`` beside each (or into the output
folder) and says what each page holds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# nbconvert comes with the course extra: imported here, so that the command says which extra to
# install when it is missing (`cli` catches that) rather than failing half-way
from ..teaching.offline_html import OfflineHTMLExporter

__all__ = ["main"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="goose-widgets export", description=__doc__.split("\n\n")[0].split(": ", 1)[1])
    parser.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK")
    parser.add_argument("--to", choices=["html"], default="html",
                        help="the format to write (one page of HTML, the only one so far)")
    parser.add_argument("--output-dir", type=Path, default=None, metavar="DIR",
                        help="where to write the pages (default: beside each notebook)")
    args = parser.parse_args(argv)
    missing = [str(path) for path in args.notebooks if not path.is_file()]
    if missing:
        print(f"goose-widgets export: no such notebook: {', '.join(missing)}", file=sys.stderr)
        return 2
    exporter = OfflineHTMLExporter()
    for path in args.notebooks:
        try:
            body, resources = exporter.from_filename(str(path))
        except ModuleNotFoundError as err:  # MathJax missing: say which extra brings it
            print(f"goose-widgets export: {path}: {err}", file=sys.stderr)
            return 1
        folder = args.output_dir or path.parent
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / (path.stem + resources.get("output_extension", ".html"))
        target.write_text(body, encoding="utf-8")
        maths = "maths typeset by the MathJax inside the page" if resources["goose_mathjax"] else "no maths"
        print(f"wrote {target} ({resources['goose_pictures']} board pictures, {maths}; "
              f"{len(body.encode()) / 1e6:.1f} MB, works offline)")
    return 0
