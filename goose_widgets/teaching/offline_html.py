"""A notebook as one HTML page that shows everything with no network: boards as their pictures,
maths typeset (issue 29).

``jupyter nbconvert --to html`` needs the network twice over for this course.  A notebook saved
with its widget state (by ``nbconvert --execute``, nbclient, or JupyterLab's "save widget state")
gets each board as a live widget view, drawn by a widget manager that the page fetches from a CDN:
offline, every board is an empty box.  And its maths is typeset by MathJax 2.7.7 from a CDN:
offline, a formula stays raw ``$\\hat p \\pm 1.96\\sqrt{…}$``.

`OfflineHTMLExporter` is nbconvert's HTML exporter (the ``lab`` template) with these changes:

- The outputs are those of a page with no kernel (`goose_widgets.ui.board.static_outputs`, the
  rule the course site follows too): each board output shows the captioned picture it already
  carries, with its text alternative; other widget views (progress bars) are left out; the saved
  widget state is dropped.  Nothing is drawn again: the pictures are the ones the outputs hold.
- Maths is typeset by MathJax 3 from the ``django-static-mathjax`` package, written into the
  page: its ``tex-svg-full`` build, whose SVG output needs no web font and which holds every TeX
  extension, so that typesetting loads nothing more.  About 2.3 MB, so a notebook with no maths
  gets none.  That package is MathJax 3.2.2's own files and nothing else, with no dependency
  (Django is not needed to read a file); ``sphinx-mathjax-offline``, which the course site uses,
  ships the same MathJax but brings Sphinx with it, too much for a learner's ``course`` extra.
- No require.js and no widget manager script: both come from a CDN, and nothing on the page
  needs them.  (nbconvert's loader for Mermaid diagrams stays: it fetches nothing unless the page
  has a diagram, which no course notebook has; offline a diagram shows its source.)
- Images that markdown cells link to are written into the page, so it is one file to share.
- A cell the notebook keeps folded (its output, or a markdown cell's text: JupyterLab's
  ``jupyter.outputs_hidden`` and ``source_hidden``) is folded on the page too, in a ``<details>``
  element: the course folds the discussion of an exercise's answer, below its check.

Why an exporter that nbconvert knows (the ``goose_html`` entry point) as well as the command
``goose-widgets export`` (`goose_widgets.commands.export`): the same page then comes from
``jupyter nbconvert --to goose_html`` and from JupyterLab's "Save and Export Notebook As" menu,
where a teacher looks first, while the command is the one the package's help lists.  One class
makes the page for all three.
"""

from __future__ import annotations

import copy
import re
from importlib import resources
from typing import Any

from nbconvert.exporters import HTMLExporter
from traitlets import default

from ..extras import install_hint

__all__ = ["FOLDED", "MATHJAX_SCRIPT", "OfflineHTMLExporter", "has_maths", "mathjax_script"]

# Where django-static-mathjax keeps MathJax's combined builds (a Django "static" folder).
MATHJAX_SCRIPT = "static/mathjax/es5/tex-svg-full.js"

# The same delimiters and options as nbconvert's MathJax 2 set-up and JupyterLab's, in MathJax 3's
# words, so that a page typesets what the notebook did.
_MATHJAX_CONFIG = r"""window.MathJax = {
  tex: {
    inlineMath: [["$", "$"], ["\\(", "\\)"]],
    displayMath: [["$$", "$$"], ["\\[", "\\]"]],
    processEscapes: true,
    processEnvironments: true,
    tags: "ams"
  },
  options: {ignoreHtmlClass: "tex2jax_ignore", processHtmlClass: "tex2jax_process"},
  svg: {fontCache: "global"}
};"""

# What MathJax would typeset: its delimiters and a LaTeX environment.
_MATHS = re.compile(r"\$|\\\(|\\\[|\\begin\{")

# nbconvert's lab page, less what comes from a CDN, with MathJax 3 written in when there is maths.
_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}
{%- if resources.goose_mathjax -%}
<script>
{{ resources.goose_mathjax_config }}
</script>
<script>
{{ resources.goose_mathjax }}
</script>
{%- endif -%}
{%- endblock html_head_js_mathjax -%}
{%- block extra_css -%}
{{ super() }}
<style>
/* a folded cell's line, in the page's own font, where the cell's content starts */
.goose-folded > summary {
  font-family: var(--jp-ui-font-family); font-size: var(--jp-ui-font-size1);
  color: var(--jp-ui-font-color1); cursor: pointer;
  padding: 4px 0 4px calc(var(--jp-cell-prompt-width, 64px) + 12px);
}
</style>
{%- endblock extra_css -%}
{%- block output_group -%}
{%- if cell.metadata.get("jupyter", {}).get("outputs_hidden") -%}
<details class="goose-folded"><summary>{{ resources.goose_folded }}</summary>
{{ super() }}
</details>
{%- else -%}
{{ super() }}
{%- endif -%}
{%- endblock output_group -%}
{%- block markdowncell -%}
{%- if cell.metadata.get("jupyter", {}).get("source_hidden") -%}
<details class="goose-folded"><summary>{{ resources.goose_folded }}</summary>
{{ super() }}
</details>
{%- else -%}
{{ super() }}
{%- endif -%}
{%- endblock markdowncell -%}
"""

# A cell the notebook keeps folded (JupyterLab's `jupyter.source_hidden` / `outputs_hidden`): the
# course folds the discussion of an exercise's answer below its check, so the page folds it too
# (nbconvert would show it open, the answer right under the question).
FOLDED = "Folded, as in the notebook: unfold it once you have checked your answer"


def has_maths(notebook: Any) -> bool:
    """Whether the page would hold anything for MathJax: a delimiter in a markdown cell or in an
    output that a page shows as markup."""
    for cell in notebook.get("cells", []):
        texts = [cell.get("source", "")] if cell.get("cell_type") == "markdown" else []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            texts += [data.get(kind, "") for kind in ("text/latex", "text/markdown", "text/html")]
        if any(_MATHS.search(text if isinstance(text, str) else "".join(text)) for text in texts):
            return True
    return False


def mathjax_script() -> str:
    """MathJax 3's ``tex-svg-full`` build, safe to write inside a ``<script>`` element."""
    try:
        script = (resources.files("mathjax") / MATHJAX_SCRIPT).read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        raise ModuleNotFoundError("typesetting maths offline needs MathJax (the django-static-mathjax "
                                  f"package), which is not installed: {install_hint('course')}",
                                  name="mathjax") from None
    # Inside <script>, "</script" would end the element and "<!--" could start HTML's escaped
    # mode; in the JavaScript (strings, regular expressions) "<\/" and "<\!" mean the same.
    return script.replace("</script", "<\\/script").replace("<!--", "<\\!--")


class OfflineHTMLExporter(HTMLExporter):
    """nbconvert's HTML export made to work offline: see the module's docstring."""

    # the friendly name nbconvert documents for a menu (JupyterLab 4's menu shows the format's own
    # name instead, "Goose_html")
    export_from_notebook = "HTML, offline (goose_widgets)"

    @default("raw_template")
    def _default_raw_template(self) -> str:
        return _TEMPLATE

    @default("embed_images")
    def _default_embed_images(self) -> bool:
        return True  # one file to share: no image beside it to lose

    # nbconvert's Exporter says a notebook comes back; an HTML exporter returns text (HTMLExporter
    # silences the same complaint)
    def from_notebook_node(self, nb: Any, resources: dict[str, Any] | None = None,  # type: ignore[override]
                           **kw: Any) -> tuple[str, dict[str, Any]]:
        # anywidget loads with the board module: only when a page is made, not when nbconvert
        # lists its exporters
        from ..ui.board import static_outputs

        nb = copy.deepcopy(nb)  # the caller's notebook keeps its widget views and state
        resources = dict(resources or {})
        resources["goose_pictures"] = static_outputs(nb)
        resources["goose_folded"] = FOLDED
        maths = has_maths(nb)
        resources["goose_mathjax"] = mathjax_script() if maths else ""
        resources["goose_mathjax_config"] = _MATHJAX_CONFIG if maths else ""
        return super().from_notebook_node(nb, resources, **kw)
