"""Callbacks that never fail silently.

ipywidgets swallows exceptions raised in callbacks (they only reach the browser console).  Every
callback of this kit runs through `guarded`: the error is shown in the widget, and re-raised when
`RAISE_ERRORS` is on (the test suite turns it on, so a broken callback fails a test).
"""

from __future__ import annotations

import functools
import html
import os
import traceback
from collections.abc import Callable
from typing import Any

RAISE_ERRORS = os.environ.get("GOOSE_WIDGETS_RAISE_ERRORS", "") not in ("", "0")


def set_raise_errors(value: bool) -> None:
    """Re-raise callback errors (for tests) instead of only showing them."""
    global RAISE_ERRORS
    RAISE_ERRORS = value


def error_html(err: BaseException) -> str:
    """The visible message for an exception: its type and text (and the last frame's location)."""
    frame = traceback.extract_tb(err.__traceback__)[-1:] if err.__traceback__ else []
    where = f" <small>({html.escape(frame[0].name)}, line {frame[0].lineno})</small>" if frame else ""
    return alert_html(f"{html.escape(type(err).__name__)}: {html.escape(str(err))}{where}")


def alert_html(message: str) -> str:
    """A message (HTML) in the errors' red box, announced by screen readers (an expected refusal
    is said in words alone, without the exception's type)."""
    # its own background, so the red reads (>= 4.5:1) in JupyterLab's light and dark themes alike
    return (f'<div class="gw-error" role="alert" style="color:#b00020;background:#fff3f3;'
            f'padding:2px 6px;font-weight:bold">{message}</div>')


def guarded(show: Callable[[str], None]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a callback so that its exception is shown through ``show(html)`` (and re-raised in tests)."""
    def decorate(callback: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(callback)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                result = callback(*args, **kwargs)
            except Exception as err:  # noqa: BLE001 - shown to the learner, re-raised in tests
                show(error_html(err))
                if RAISE_ERRORS:
                    raise
                return None
            return result
        return wrapper
    return decorate
