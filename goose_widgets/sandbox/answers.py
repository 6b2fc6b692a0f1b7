"""What crosses back from a learner's sandbox (`sandbox`): the errors it can end in, and its answers
as plain data (`decode`, `LearnerObject`).

Nothing here runs the learner's code or holds a process: this is the referee's side of the line,
kept apart so that the sandbox's process handling reads on its own.
"""

from __future__ import annotations

import linecache
import os
import sys
import types
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

__all__ = ["BotError", "LearnerCodeError", "LearnerCodeStopped", "LearnerError", "LearnerObject", "decode",
           "is_placeholder", "is_plain_data"]


class LearnerCodeStopped(BaseException):
    """The learner's code ran past its time limit and was stopped.

    A BaseException, so that a checker's ``except Exception`` cannot take it for a wrong answer.
    """

    def __init__(self, seconds: float, message: str = "") -> None:
        super().__init__(message or f"stopped after {seconds:g} s")
        self.seconds, self.message = seconds, message


class LearnerCodeError(Exception):
    """The learner's code broke its sandbox: it ended the process, or answered in a way that is
    not an answer (a malformed, oversized or unexpected message).  The text says which."""


class LearnerError(Exception):
    """The learner's code raised ``type_name`` (any exception, `BaseException` included).

    ``frames`` are the learner's own frames of the traceback: ``(file, line, function, source)``.
    """

    def __init__(self, type_name: str, message: str, frames: Sequence[Sequence[Any]] = ()) -> None:
        super().__init__(f"{type_name}: {message}" if message else type_name)
        self.type_name, self.message = type_name, message
        self.frames = [tuple(f) for f in frames]

    def summary(self) -> str:
        """``KeyError: 'oops'``, shortened."""
        text = f"{self.type_name}: {self.message}" if self.message else self.type_name
        return text if len(text) <= 300 else text[:300] + " …"

    def where(self) -> str:
        """The learner's frames as a short traceback (the last line is where it was raised)."""
        lines = []
        for filename, lineno, function, source in self.frames[-4:]:
            lines.append(f"  {_place(str(filename), int(lineno))}, in {function}")
            text = linecache.getline(str(filename), int(lineno)).strip() or str(source or "")
            if text:
                lines.append(f"    {text}")
        return "\n".join(lines)


def _place(filename: str, lineno: int) -> str:
    """``Cell In[5], line 3`` for a notebook cell (as IPython names it), else ``file.py, line 3``."""
    ipython = sys.modules.get("IPython")
    try:
        shell = ipython.get_ipython() if ipython is not None else None
        count = shell.compile._filename_map.get(filename) if shell is not None else None
    except Exception:  # noqa: BLE001 - IPython's private map may change; the file name will do
        count = None
    if count is not None:
        return f"Cell In[{count}], line {lineno}"
    if filename.startswith("<"):
        return f"line {lineno}"
    return f"{os.path.basename(filename)}, line {lineno}"


class BotError(Exception):
    """A learner's bot answered with an illegal action, raised, or was stopped; the message names
    its seat."""

    def __init__(self, message: str, stopped: float | None = None) -> None:
        super().__init__(message)
        self.stopped = stopped



class LearnerObject:
    """An object the learner's code returned that is not plain data: only its type's name and its
    repr (as text) cross to the referee, so no code of the learner's runs here."""

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name, self.text = type_name, text

    def __repr__(self) -> str:
        return self.text


def decode(data: Any) -> Any:
    """The Python value of the sandbox's tagged data (`sandbox_worker.encode`)."""
    try:
        return _decode(data, 0)
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError, RecursionError):
        raise LearnerCodeError("your code's answer came back malformed") from None


def _decode(data: Any, depth: int) -> Any:
    if not isinstance(data, list) or not data or depth > 40:
        raise ValueError("malformed")
    tag, rest = data[0], data[1:]
    if tag == "n":
        return None
    if tag == "e":
        return Ellipsis
    if tag == "b" and type(rest[0]) is bool:
        return rest[0]
    if tag == "i":
        return int(rest[0], 16)
    if tag == "f":
        return float(rest[0])
    if tag == "q":
        numerator, denominator = int(rest[0], 16), int(rest[1], 16)
        if denominator <= 0:
            raise ValueError("malformed")
        return Fraction(numerator, denominator)
    if tag == "d":
        return Decimal(rest[0])
    if tag == "c":
        return complex(float(rest[0]), float(rest[1]))
    if tag == "s" and isinstance(rest[0], str):
        return rest[0]
    if tag in ("t", "l", "set", "fz"):
        items = [_decode(item, depth + 1) for item in rest[0]]
        return {"t": tuple, "l": list, "set": set, "fz": frozenset}[tag](items)
    if tag == "dict":
        return {_decode(k, depth + 1): _decode(v, depth + 1) for k, v in rest[0]}
    if tag in ("np", "nd"):
        import numpy

        dtype = numpy.dtype(rest[0])
        if dtype.kind not in "biufc":
            raise ValueError("malformed")
        if tag == "np":
            return dtype.type(_decode(rest[1], depth + 1))
        return numpy.array([_decode(v, depth + 1) for v in rest[2]], dtype=dtype).reshape(rest[1])
    if tag == "o":
        return LearnerObject(str(rest[0])[:80], str(rest[1])[:200])
    raise ValueError("malformed")


# --- placeholders ------------------------------------------------------------------------------

_RETURN_NONE_ONLY = {"RESUME", "NOP", "RETURN_VALUE", "RETURN_CONST", "LOAD_CONST", "CACHE"}


def is_placeholder(value: Any) -> bool:
    """True for an answer not given yet: ``...``, ``None``, a tuple or list with a ``...`` in it, or
    a function whose body is only ``...`` or ``pass`` (after an optional docstring): a function
    that can only return None.

    Only the types are asked (never an attribute of a learner's object, which could run its code)."""
    if value is Ellipsis or value is None:
        return True
    if type(value) in (tuple, list) and any(item is Ellipsis for item in value):
        return True  # a pair or list with a part still to fill in
    if type(value) is not types.FunctionType:
        return False
    import dis

    for instruction in dis.get_instructions(value.__code__):
        if instruction.opname not in _RETURN_NONE_ONLY:
            return False
        if instruction.opname in ("LOAD_CONST", "RETURN_CONST") and instruction.argval is not None:
            return False
    return True


_PLAIN_TYPES = (int, float, complex, str, bytes, bool, type(None), type(Ellipsis), Fraction)


def is_plain_data(value: Any, depth: int = 0) -> bool:
    """Numbers, text and containers of them (a few levels deep, of bounded size): data whose use
    runs no code of the learner's, so a checker may take it as it is."""
    if type(value) in _PLAIN_TYPES:
        return True
    if depth < 4 and type(value) in (tuple, list, set, frozenset) and len(value) <= 10_000:
        return all(is_plain_data(item, depth + 1) for item in value)
    if depth < 4 and type(value) is dict and len(value) <= 10_000:
        return all(is_plain_data(k, depth + 1) and is_plain_data(v, depth + 1) for k, v in value.items())
    return False
