"""Importing a library that only an extra of the package provides, with a message that says how to
install it.  The package's own dependencies (pyproject.toml) are always there; matplotlib, for
instance, comes with the ``course`` extra only, so a plot asked for without it says
``pip install "goose-widgets[course]"`` instead of failing with a bare ``ModuleNotFoundError``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["install_hint", "require"]


def install_hint(extra: str) -> str:
    return f'pip install "goose-widgets[{extra}]"'


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module`` (e.g. ``"matplotlib.pyplot"``), which the ``extra`` provides for ``purpose``."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        top = module.split(".")[0]
        if err.name is None or err.name.split(".")[0] != top:
            raise  # the library is there but broken: its own error says more
        raise ModuleNotFoundError(f"{purpose} needs {top}, which is not installed: {install_hint(extra)}",
                                  name=err.name) from None
