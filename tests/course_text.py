"""What a learner reads in a committed course notebook: its cells, their markdown and stored outputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

COURSE = Path(__file__).resolve().parents[1] / "course"


def cells_of(notebook: Path) -> list[dict[str, Any]]:
    return json.loads(notebook.read_text())["cells"]


def output_texts(cell: dict[str, Any]) -> list[str]:
    """The text of a code cell's stored outputs: printed streams, plain text and Markdown."""
    texts = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        for value in (output.get("text"), data.get("text/plain"), data.get("text/markdown")):
            if value:
                texts.append("".join(value) if isinstance(value, list) else value)
    return texts


def outputs_text(notebook: Path) -> str:
    """Every stored output of the notebook, as one text."""
    return "\n".join(text for cell in cells_of(notebook) for text in output_texts(cell))
