"""Test settings shared by every test module."""

import os
import tempfile

from hypothesis import settings

from goose_widgets.ui.errors import set_raise_errors

# Widget callbacks must never fail silently: in tests they raise.
set_raise_errors(True)
os.environ.setdefault("MPLBACKEND", "Agg")
# Checks record progress (issue 21): into a temporary folder, never the repository or the home folder.
os.environ.setdefault("GOOSE_WIDGETS_PROGRESS", tempfile.mkdtemp())

settings.register_profile("default", max_examples=40, deadline=None)
settings.register_profile("ci", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "default")
