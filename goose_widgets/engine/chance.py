"""Chance distributions prepared once for sampling and look-up (issue 12: fast chance nodes).

A game's ``_chance_outcomes()`` gives exact ``(outcome, Fraction)`` pairs.  Turning the Fractions
into floats and accumulating them at every chance node was a large share of a simulation's time,
so each distinct distribution is prepared once: `chance_distribution` keeps the prepared form of
the last few thousand outcome lists *by identity*.  A game that returns the same list object for
the same distribution (a module constant, or its own cache) is therefore prepared once for good;
a game that builds a fresh list every time still works, prepared each time as before.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any

_CACHE_SIZE = 4096
_SLOTS = hasattr(Fraction(1), "_numerator")  # CPython's private slots (the properties otherwise)


class ChanceDistribution:
    """The outcomes of one chance node, their cumulative float weights and a look-up table."""

    __slots__ = ("source", "outcomes", "cumulative", "_total", "_last", "_index")

    def __init__(self, source: Sequence[tuple[Any, Fraction]]):
        self.source = source  # kept alive, so its id is not reused while it is cached
        self.outcomes = [outcome for outcome, _ in source]
        # numerator / denominator: float(Fraction) goes through numbers.Rational, ~20x slower; the
        # slots behind those two properties, read directly, take half the time again (a game whose
        # distributions rarely recur, such as draws from a pile of cards, prepares most of them)
        self.cumulative = list(accumulate([
            p._numerator / p._denominator if type(p) is Fraction and _SLOTS  # type: ignore[attr-defined]
            else p.numerator / p.denominator if type(p) is Fraction else float(p) for _, p in source]))
        # read at every sample: the sum of the weights, and the last index `bisect_right` may give
        # (a float sum may fall short of 1, so a draw beyond it still picks the last outcome)
        self._total = self.cumulative[-1] if self.cumulative else 0.0
        self._last = len(self.outcomes) - 1
        self._index: dict[Any, Any] | None = None

    def sample(self, rng: random.Random) -> Any:
        """One outcome with its probability (a single outcome is returned without drawing)."""
        last = self._last
        if not last:
            return self.outcomes[0]
        return self.outcomes[bisect_right(self.cumulative, rng.random() * self._total, 0, last)]

    @property
    def index(self) -> dict[Any, Any] | None:
        """Each outcome mapped to itself (None if outcomes are not hashable), for `apply`."""
        if self._index is None:
            try:
                self._index = {outcome: outcome for outcome in self.outcomes}
            except TypeError:
                return None
        return self._index


_cache: dict[int, ChanceDistribution] = {}


def chance_distribution(outcomes: Sequence[tuple[Any, Fraction]]) -> ChanceDistribution:
    """The prepared form of ``outcomes`` (a state's ``_chance_outcomes()``), cached by identity."""
    entry = _cache.get(id(outcomes))
    if entry is not None and entry.source is outcomes:
        return entry
    entry = ChanceDistribution(outcomes)
    if len(_cache) >= _CACHE_SIZE:
        _cache.clear()
    _cache[id(outcomes)] = entry
    return entry
