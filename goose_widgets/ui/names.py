"""Seat names in move-log text.

Engines name seats "Player 1", "Player 2", ... (they know no names); tables and walkthroughs show
the names a notebook gave them (Matt, Emma, Tom) by rewriting those words, in this one place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT = re.compile(r"\bPlayer (\d+)\b")


def with_seat_names(line: str, names: Sequence[str] | None) -> str:
    """``line`` with every "Player N" replaced by ``names[N - 1]`` (unchanged without names)."""
    if not names:
        return line

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT.sub(name, line)


def said(text: str, names: Sequence[str] | None) -> str:
    """An action's or a log line's text as a label says it: seat names put in, first letter up
    ("flip Player 2's card 3" -> "Flip Emma's card 3")."""
    text = with_seat_names(text, names)
    return text[:1].upper() + text[1:]
