"""pytest settings for the whole checkout: nbval compares a course notebook's results, not its
progress bars.

A progress bar shows work going on; it is never a result.  Committed notebooks keep none
(``python3 tasks.py execute`` strips them; tests/test_course_notebooks.py checks every notebook),
so when nbval runs a notebook again, the bars that cell prints on the way are left out of the
comparison with the committed outputs, and everything else is compared as before.
"""

from __future__ import annotations

import re
from typing import Any

PROGRESS_BAR = re.compile(r"\d+%\|")  # tqdm's "67%|######6   | 1200/1800"


def is_progress_bar(output: Any) -> bool:
    text = output.get("data", {}).get("text/plain", output.get("text", ""))
    text = "".join(text) if isinstance(text, list) else str(text)
    return output.get("output_type") in ("display_data", "stream") and bool(PROGRESS_BAR.search(text))


def pytest_configure(config: Any) -> None:
    try:
        from nbval.plugin import IPyNbCell
    except ImportError:  # nbval is not installed: nothing to compare
        return
    compare = IPyNbCell.compare_outputs
    if getattr(compare, "without_progress_bars", False):
        return

    def compare_outputs(self: Any, test: Any, ref: Any, skip_compare: Any = None) -> Any:
        return compare(self, [output for output in test if not is_progress_bar(output)], ref, skip_compare)

    compare_outputs.without_progress_bars = True  # type: ignore[attr-defined]
    IPyNbCell.compare_outputs = compare_outputs
