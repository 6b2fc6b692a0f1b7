"""What a checker raises to give its verdict (a module of its own, so that `answers` and `core`,
which both raise them, import neither the other)."""

from __future__ import annotations


class Wrong(Exception):
    """The answer is not right yet; the message says why and what to look at."""


class Rounded(Exception):
    """The answer is right but rounded (a decimal where the exact value was asked)."""


class NotAnswered(Exception):
    """The answer (or a value the learner's function returned) is still a placeholder."""
