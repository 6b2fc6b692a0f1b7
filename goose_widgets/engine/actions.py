"""Finding the legal action (or chance outcome) that an input stands for, safely (issue 10).

`apply` must apply the legal object itself, so that the history is always canonical and a save
always replays: an input that merely *equals* a legal action but is a different kind of value (a
plain tuple equal to a NamedTuple, ``Dice(6, 3.0)`` or ``Dice(True, 1)`` equal to ``Dice(6, 3)``
and ``Dice(1, 1)``) is refused with a message saying so.  Junk inputs (unhashable, raising in
``__eq__``, ``__hash__`` or ``__str__``) are refused with `IllegalActionError` too; every message
is built with `show`, which cannot fail.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .errors import IllegalActionError

_MISSING = object()


def show(value: Any, limit: int = 100) -> str:
    """``str(value)`` for a message: never raises, and long texts are cut to ``limit`` characters."""
    for describe in (str, repr):
        try:
            text = describe(value)
        except Exception:  # noqa: BLE001 - a junk object's __str__ may raise anything
            continue
        if isinstance(text, str):
            return text if len(text) <= limit else text[:limit - 1] + "…"
    try:
        return f"<a {type(value).__name__} object>"
    except Exception:  # noqa: BLE001
        return "<an object that cannot be shown>"


def listing(options: Sequence[Any], limit: int = 12) -> str:
    """The first ``limit`` options, comma-separated, for an error message."""
    names = [show(o) for o in options[:limit]]
    if not names:
        return "nothing"
    more = f" … and {len(options) - limit} more" if len(options) > limit else ""
    return ", ".join(names) + more


def legal_object(action: Any, allowed: Sequence[Any], refusal: str, label: str,
                 index: dict[Any, Any] | None = None) -> Any:
    """The element of ``allowed`` that ``action`` stands for, else `IllegalActionError`.

    The message reads "<action> <refusal>; <label>: <the allowed ones>", e.g. refusal "is not
    allowed for seat 1 now" and label "allowed".  ``index`` maps each allowed object to itself, if
    the caller keeps one (chance distributions do).
    """
    for candidate in allowed:  # bots and widgets hand back the legal object itself: no hashing
        if candidate is action:
            return candidate
    try:
        if index is None:
            try:
                index = {candidate: candidate for candidate in allowed}
            except TypeError:  # a game whose actions are not hashable: compare one by one
                index = None
        if index is not None:
            found = index.get(action, _MISSING)
        else:
            found = next((c for c in allowed if bool(c == action)), _MISSING)
        difference = None if found is _MISSING else _difference(action, found)
    except Exception:  # noqa: BLE001 - junk input: unhashable, or its __eq__/__hash__ raises
        raise IllegalActionError(
            f"{show(action)} ({_a(_type_name(action))} that cannot be compared with the legal ones) "
            f"{refusal}; {label}: {listing(allowed)}") from None
    if found is _MISSING:
        raise IllegalActionError(f"{show(action)} {refusal}; {label}: {listing(allowed)}")
    if difference is not None:
        raise IllegalActionError(
            f"{show(action)} equals {show(found)} but {difference}; pass the object from the list "
            f"of legal actions (or use apply_str({show(found)!r})).")
    return found


def _type_name(value: Any) -> str:
    try:
        return str(type(value).__name__)
    except Exception:  # noqa: BLE001
        return "value"


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def _difference(given: Any, legal: Any) -> str | None:
    """How ``given`` differs in kind from the equal ``legal``, or None if it is the same value."""
    if given is legal:
        return None
    if type(given) is not type(legal):
        return f"is {_a(_type_name(given))} where the rules use {_a(_type_name(legal))}"
    if isinstance(legal, tuple):
        for part, legal_part in zip(given, legal):
            difference = _difference(part, legal_part)
            if difference is not None:
                return f"has {difference.removeprefix('is ')}" if difference.startswith("is ") \
                    else difference
    elif dataclasses.is_dataclass(legal):
        for f in dataclasses.fields(legal):
            difference = _difference(getattr(given, f.name), getattr(legal, f.name))
            if difference is not None:
                return f"has {difference.removeprefix('is ')}" if difference.startswith("is ") \
                    else difference
    return None
