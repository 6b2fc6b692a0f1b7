"""Exercises: the shared check / hint / solution machinery (each game's exercises live in its package)."""

from .core import Exercise, Feedback, Hint, Wrong, close, expect_callable, expect_number

__all__ = ["Exercise", "Feedback", "Hint", "Wrong", "close", "expect_callable", "expect_number"]
