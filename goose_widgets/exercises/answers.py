"""The one numeric policy of every exercise, and the safe reading of a learner's number.

One rule, the same for every exercise and for every number it judges, whether the learner types it
(``answer = ...``) or the learner's function returns it:

1. **Exact is correct**: an ``int``, a ``Fraction``, or a decimal whose digits are the value itself
   (``0.25`` for 1/4, ``3.0`` for 3).  A whole number may be written ``3`` or ``3.0`` (`as_int`
   takes both; ``3.5`` is not a whole number).
2. **Rounded is right but not finished**: a float that is the value rounded is *right but
   rounded* (`Rounded`): never called wrong, never counted correct, and asked for the exact value
   (a ``Fraction``, or a whole number).  That is a decimal rounded or cut off to the digits written
   (``0.0062`` or ``0.00617`` for 1/162 = 0.0061728...) and just as much a float that Python
   computed (``1/162`` is 0.006172839506172839, the value rounded to 17 digits; within 1e-9
   relatively, 1e-6 for a 32-bit numpy float): a rounded decimal cannot be told apart from a
   nearby wrong answer, and the course asks for exact values.
3. **Anything else is not right yet**: a known mistake gets its diagnosis only when the value
   matches that mistake by rules 1-2, else a plain "not it"; junk (NaN, infinities, bools, text,
   complex numbers, arrays, other objects) gets a clear message and is never correct; huge numbers
   are never printed in full.

`check_number` (and `check_probability`) apply it to one number, `as_int` to a whole number and
`raise_if_rounded` applies rule 2 where a checker compares a function's result itself (with
`close`, for its diagnoses).  Values are
converted defensively: an ``int`` subclass (or numpy integer) becomes a plain ``int`` through
``operator.index``, a ``float`` subclass a plain ``float``, so no learner-defined ``==`` or ``!=``
takes part in a comparison (and a learner's function only ever returns plain data: see
`goose_widgets.sandbox`).
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..sandbox import LearnerObject
from .verdicts import Rounded, Wrong

__all__ = ["as_int", "as_number", "check_number", "check_probability", "describe", "raise_if_rounded",
           "type_name"]

_COMPUTED_DIGITS = 15  # a float written with this many significant digits was computed, not typed


def describe(value: Any) -> str:
    """A short, safe text for any value (huge numbers are not printed digit by digit)."""
    if _is_bool(value):
        return repr(bool(value))
    if isinstance(value, numbers.Integral):
        try:
            return _describe_int(operator.index(value))
        except Exception:  # noqa: BLE001 - a learner's integer type that cannot convert
            return f"a {type(value).__name__}"
    if isinstance(value, Fraction):
        numerator, denominator = operator.index(value.numerator), operator.index(value.denominator)
        if max(abs(numerator), denominator).bit_length() > 200:
            return f"a fraction of {_digits(numerator)}-digit and {_digits(denominator)}-digit numbers"
        return f"{numerator}/{denominator}" if denominator != 1 else str(numerator)
    if isinstance(value, float):
        return repr(float.__float__(value))
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a learner's object whose repr fails
        return f"a {type(value).__name__}"
    return text if len(text) <= 80 else f"a {type(value).__name__} ({text[:60]} …)"


def type_name(value: Any) -> str:
    """The name of ``value``'s type (for an object the learner's code returned, its own type's)."""
    if type(value) is LearnerObject:
        return value.type_name
    return type(value).__name__


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool) or (type(value).__module__ == "numpy" and "bool" in type(value).__name__)


def _digits(number: int) -> int:
    return max(1, int(abs(number).bit_length() * math.log10(2)) + 1)


def _describe_int(number: int) -> str:
    return str(number) if number.bit_length() <= 200 else f"a number with about {_digits(number)} digits"


def as_number(value: Any, what: str) -> Fraction | float:
    """``value`` as a plain exact `Fraction` (ints, fractions, decimals) or a finite plain float.

    Raises `Wrong` with a clear message for anything else (bool, text, complex, NaN, infinity).
    """
    reading = _read(value, what)
    exact = reading.decimals is None and reading.relative is None
    return reading.value if exact or isinstance(value, Decimal) else float(reading.value)


def as_int(value: Any, what: str) -> int:
    """``value`` as a plain ``int``; a whole number written as a float (``3.0``) is that number
    (rule 1 of the policy).  Anything else raises `Wrong`."""
    if _is_bool(value):
        raise Wrong(f"{what} is {value!r}, a truth value; it should be a whole number (an int).")
    if isinstance(value, numbers.Integral):
        try:
            return operator.index(value)
        except Exception:  # noqa: BLE001 - a learner's integer type that cannot convert
            pass
    elif isinstance(value, (numbers.Real, Decimal)) and not isinstance(value, str):
        try:
            reading = _read(value, what)
        except Wrong:
            reading = None
        if reading is not None:
            whole = round(reading.value)
            if reading.matches(Fraction(whole)) == "exact":
                return int(whole)
    raise Wrong(f"{what} is {describe(value)} ({type_name(value)}); it should be a whole number "
                "(an int).")


@dataclass(frozen=True)
class _Reading:
    """A number as the learner wrote it: its exact value, and how precisely it was written."""

    value: Fraction
    decimals: int | None = None  # a typed decimal: the digits after the point (< 0: whole tens, ...)
    relative: Fraction | None = None  # a computed float: its relative precision

    def matches(self, target: Fraction) -> str:
        """"exact" (rule 1 of the policy), "rounded" (rule 2) or ""."""
        if self.value == target:
            return "exact"
        if self.relative is not None:
            near = abs(self.value - target) <= self.relative * max(Fraction(1), abs(target))
            return "rounded" if near else ""  # rule 2: a computed float is the value rounded
        if self.decimals is None or self.value == 0:
            return ""  # an exact value, or a zero: nobody's rounding of a value that is not zero
        scale = Fraction(10) ** self.decimals
        written, exact = self.value * scale, target * scale
        roundings = {math.trunc(exact)} | {n for n in (math.floor(exact), math.ceil(exact))
                                           if abs(n - exact) <= Fraction(1, 2)}
        return "rounded" if written in roundings else ""


def _read(value: Any, what: str) -> _Reading:
    """``value`` read defensively as a `_Reading`; junk raises `Wrong` with a clear message."""
    def junk(why: str) -> Wrong:
        return Wrong(f"expected a number for {what}, got {describe(value)}: {why}")

    if _is_bool(value):
        raise junk("that is a truth value (a bool), not a number.")
    if isinstance(value, str):
        raise junk("that is text (a str).  Write the number without quotes.")
    if isinstance(value, (numbers.Rational, Decimal)):
        try:
            if isinstance(value, numbers.Integral):
                return _Reading(Fraction(operator.index(value)))
            if isinstance(value, numbers.Rational):
                return _Reading(Fraction(operator.index(value.numerator), operator.index(value.denominator)))
            return _written(Decimal(value), _COMPUTED_DIGITS, Fraction(1, 10**9))
        except (ArithmeticError, ValueError, TypeError):
            raise junk("it cannot be read as a finite number.") from None
    if not isinstance(value, numbers.Real):
        if isinstance(value, numbers.Complex):
            raise junk("that is a complex number; the answer is a real number.")
        if getattr(value, "shape", None) is not None:
            raise junk("that is an array; give one number (`x.item()` takes it out).")
        raise junk(f"that is a {type_name(value)}.")
    try:
        if isinstance(value, float):
            number = float.__float__(value)  # a plain copy: a float subclass's methods take no part
            text, digits, relative = repr(number), _COMPUTED_DIGITS, Fraction(1, 10**9)
        else:  # e.g. numpy.float32: its own conversion, and its own shortest decimal
            number = float(value)
            text, digits, relative = str(value), 7, Fraction(1, 10**6)
    except Exception:  # noqa: BLE001 - a learner's number type that cannot convert
        raise junk("it cannot be read as a number.") from None
    if math.isnan(number):
        raise junk("NaN means 'not a number'; it comes from a float computation such as 0/0 or inf − inf.")
    if math.isinf(number):
        raise junk("an infinite float usually comes from an overflow or a division by a tiny number.")
    try:
        return _written(Decimal(text), digits, relative)
    except (ArithmeticError, ValueError):
        return _written(Decimal(repr(number)), _COMPUTED_DIGITS, Fraction(1, 10**9))


def _written(decimal: Decimal, computed_digits: int, relative: Fraction) -> _Reading:
    """A decimal written with ``computed_digits`` significant digits or more was computed, not typed.

    Trailing zeros of a whole number do not count (``3.656e15`` prints as ``3656000000000000.0``):
    its precision is then its last non-zero digit.
    """
    if not decimal.is_finite():
        raise ValueError("not finite")
    _, digits, exponent = decimal.as_tuple()
    if not isinstance(exponent, int):
        raise ValueError("not finite")
    if len(digits) >= computed_digits:
        _, significant, last = decimal.normalize().as_tuple()
        if len(significant) >= computed_digits or not isinstance(last, int) or last <= 0:
            return _Reading(Fraction(decimal), relative=relative)
        exponent = last
    return _Reading(Fraction(decimal), decimals=-exponent)


def check_number(answer: Any, expected: Fraction | int, *, what: str,
                 mistakes: Mapping[Fraction | int, str] | None = None, otherwise: str = "",
                 low: Fraction | int | None = None, high: Fraction | int | None = None,
                 range_message: str = "") -> None:
    """Raise `Wrong` or `Rounded` unless ``answer`` is ``expected`` (see the module's policy).

    ``what`` names the quantity ("the chance of landing on Death in two rounds").  ``mistakes``
    maps the value a known mistake gives to its diagnosis.  ``otherwise`` is appended to the plain
    "not it" message.  ``low``/``high`` bound a plausible answer; outside them ``range_message``
    (or a default) is given.
    """
    reading = _read(answer, what)
    value = reading.value
    expected = Fraction(expected)
    shown = describe(answer)
    match = reading.matches(expected)
    if match == "exact":
        return
    if match == "rounded":
        raise Rounded(f"{shown} is {what}, rounded.  Now give the exact value"
                      f"{' (a whole number)' if expected.denominator == 1 else ' as a `Fraction`'}: "
                      "a rounded decimal cannot be told apart from a nearby wrong answer.")
    for mistake, diagnosis in (mistakes or {}).items():
        if reading.matches(Fraction(mistake)):
            raise Wrong(diagnosis)
    if (low is not None and value < low) or (high is not None and value > high):
        raise Wrong(range_message or f"{shown} cannot be {what}: it is too "
                                     f"{'small' if low is not None and value < low else 'large'}.")
    raise Wrong(f"{shown} is not {what}." + (f"  {otherwise}" if otherwise else ""))


def check_probability(answer: Any, expected: Fraction | int, *, what: str,
                      mistakes: Mapping[Fraction | int, str] | None = None, otherwise: str = "") -> None:
    """`check_number` for a probability: an answer outside 0..1 is told that a probability is not."""
    check_number(answer, expected, what=what, mistakes=mistakes, otherwise=otherwise,
                 low=0, high=1, range_message=f"a probability lies between 0 and 1; {describe(answer)} "
                 "does not.")


def raise_if_rounded(value: Any, expected: Fraction | int, *, what: str) -> None:
    """Raise `Rounded` when ``value`` is ``expected`` rounded (rule 2): for a checker that compares
    a function's results itself (with `close`), so that a rounded result is told it is rounded
    there too."""
    try:
        reading = _read(value, what)
    except Wrong:
        return
    if reading.matches(Fraction(expected)) == "rounded":
        raise Rounded(f"{describe(value)} is {what}, rounded.  Return the exact value (compute with "
                      "`Fraction`s, or whole numbers): a rounded decimal cannot be told apart from a "
                      "nearby wrong answer.")
