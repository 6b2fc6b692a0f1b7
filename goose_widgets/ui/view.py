"""View settings: ``ui:key=value`` clicks that change how a board is drawn, never the game.

A renderer offers a view setting by drawing an element with ``data-action="ui:key=value"`` (BOO's
rotation, side and scare replay; Sneaky Goose's slam mode).  The table and the walkthrough player
both handle such clicks here, one mechanism: the key must be one the board offers (or offered
earlier), and a value the renderer cannot draw is refused with the old value kept.  One click may
set several keys at once, ``ui:rotation=0&side=front`` (the Escape key's "put it back as it was").
Anything else ("seat_names", an option's name, a typo) is refused with a message and changes nothing.

A *momentary* setting looks back at a moment (BOO's replay of the last turn's scares, declared by
the game's ``MOMENTARY_VIEW``): a fresh view of the board (a page reloaded) starts without it, as
the game stands, rather than at a step of a replay the learner no longer remembers choosing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .svg import actions_in

PREFIX = "ui:"


class ViewSettings:
    """The view settings of one board: ``values`` are passed to the renderer as keyword options."""

    def __init__(self, values: dict[str, Any], momentary: Sequence[str] = ()) -> None:
        self.values = values
        self.momentary = tuple(momentary)
        self.keys: set[str] = set()  # keys a board has offered so far

    def fresh(self) -> bool:
        """Forget the momentary settings (a new view starts as the game stands); True if any was set."""
        dropped = [key for key in self.momentary if key in self.values]
        for key in dropped:
            del self.values[key]
        return bool(dropped)

    def offered(self, svg: str) -> set[str]:
        """The keys this board offers in ``svg`` or has offered before (remembered from now on)."""
        self.keys |= {part.partition("=")[0] for a in actions_in(svg) if a.startswith(PREFIX)
                      for part in a[len(PREFIX):].split("&")}
        return set(self.keys)

    def click(self, action_text: str, svg: str, draw: Callable[[], object]) -> None:
        """Apply ``ui:key=value`` (or ``ui:k1=v1&k2=v2``) if the board drawn as ``svg`` offers every
        key; ``draw`` must succeed."""
        offered = self.offered(svg)
        settings = [part.partition("=") for part in action_text[len(PREFIX):].split("&")]
        if any(not equals or key not in offered for key, equals, _ in settings):
            choices = f"; this board offers: {', '.join(sorted(offered))}." if offered else \
                "; this board has no view settings now."
            raise ValueError(f"{action_text!r} is not a view setting{choices}")
        before = dict(self.values)
        self.values.update({key: value for key, _, value in settings})
        try:
            draw()  # a value the renderer cannot draw is refused here, before the board changes
        except Exception:
            self.values.clear()
            self.values.update(before)
            raise
