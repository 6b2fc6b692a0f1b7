"""Shared by the teaching tests: a progress file per learner, written through the real recording path."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from goose_widgets.exercises.progress import ENVIRONMENT

progress_module = importlib.import_module("goose_widgets.exercises.progress")


@pytest.fixture
def as_learner(monkeypatch) -> Callable[..., Path]:
    """``as_learner(path, actions)``: record ``actions`` (callables) into the progress file ``path``."""
    monkeypatch.setattr(progress_module, "_warned", set())

    def write(path: Path, actions: list[Callable[[], Any]], hub_user: str | None = None) -> Path:
        with monkeypatch.context() as m:
            m.setenv(ENVIRONMENT, str(path))
            if hub_user:
                m.setenv("JUPYTERHUB_USER", hub_user)
            for action in actions:
                action()
        return path

    return write
