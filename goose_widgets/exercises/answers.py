"""The one numeric policy of the course's exercises (issue 8 §2), and safe conversion of answers.

`check_number` judges a learner's number against the exact value the engine gives:

- an exact value (an ``int`` or a ``Fraction``) equal to it is correct; so is a decimal written
  exactly (``0.25`` for 1/4: the digits written are the value);
- a decimal that is the right value rounded to the digits written (``0.00617`` for 1/162: within
  one unit of its last digit), or a computed float within 1e-9 of it, is *right but rounded*
  (`Rounded`): never called wrong, and asked for the exact value;
- a wrong value gets a known mistake's diagnosis only when it matches that mistake (exactly, or
  as a rounding of it), else a plain "not it";
- junk (NaN, infinities, bools, text, complex numbers, arrays) gets a clear message and is never
  correct; huge numbers are never printed in full.

Values are converted defensively: an ``int`` subclass (or numpy integer) becomes a plain ``int``
through ``operator.index``, a ``float`` subclass a plain ``float``, so no learner-defined ``==``
or ``!=`` takes part in a comparison.
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal

from .core import Rounded, Wrong

__all__ = ["as_int", "as_number", "check_number", "check_probability", "describe"]

_COMPUTED_DIGITS = 15  # a float written with this many significant digits was computed, not typed
_RELATIVE = Fraction(1, 10**9)


def describe(value: Any) -> str:
    """A short, safe text for any value (huge numbers are not printed digit by digit)."""
    if isinstance(value, bool):
        return repr(bool(value))
    if isinstance(value, int):
        return _describe_int(operator.index(value))
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


def _digits(number: int) -> int:
    return max(1, int(abs(number).bit_length() * math.log10(2)) + 1)


def _describe_int(number: int) -> str:
    return str(number) if number.bit_length() <= 200 else f"a number with about {_digits(number)} digits"


def as_number(value: Any, what: str) -> Fraction | float:
    """``value`` as a plain exact `Fraction` (ints, fractions, decimals) or a finite plain float.

    Raises `Wrong` with a clear message for anything else (bool, text, complex, NaN, infinity).
    """
    exact, decimals, _ = _read(value, what)
    return exact if decimals is None or isinstance(value, Decimal) else float(exact)


def as_int(value: Any, what: str) -> int:
    """``value`` as a plain ``int`` (an int subclass or numpy integer is copied); else `Wrong`."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise Wrong(f"{what} is {value!r}, a truth value; it should be a whole number (an int).")
    if isinstance(value, numbers.Integral):
        try:
            return operator.index(value)
        except Exception:  # noqa: BLE001 - a learner's integer type that cannot convert
            pass
    raise Wrong(f"{what} is {describe(value)} ({type(value).__name__}); it should be a whole number "
                "(an int).")


def _read(value: Any, what: str) -> tuple[Fraction, int | None, bool]:
    """(value as written, decimals written or None if exact, computed float?); junk raises `Wrong`."""
    def junk(why: str) -> Wrong:
        return Wrong(f"expected a number for {what}, got {describe(value)}: {why}")

    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return _fail(junk("that is a truth value (a bool), not a number."))
    if isinstance(value, str):
        return _fail(junk("that is text (a str).  Write the number without quotes."))
    if isinstance(value, numbers.Integral):
        try:
            return Fraction(operator.index(value)), None, False
        except Exception:  # noqa: BLE001 - a learner's integer type that cannot convert
            return _fail(junk("it cannot be read as a whole number."))
    if isinstance(value, numbers.Rational):
        try:
            return Fraction(operator.index(value.numerator), operator.index(value.denominator)), None, False
        except Exception:  # noqa: BLE001
            return _fail(junk("it cannot be read as a fraction."))
    if isinstance(value, Decimal):
        if not value.is_finite():
            return _fail(junk("it is not a finite number."))
        exponent = value.as_tuple().exponent
        decimals = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        return Fraction(value), decimals, False
    if isinstance(value, float):
        number = float.__float__(value)
    elif isinstance(value, numbers.Real):
        try:
            number = float(value)  # e.g. numpy.float32: its own, trustworthy conversion
        except Exception:  # noqa: BLE001
            return _fail(junk("it cannot be read as a number."))
    elif isinstance(value, numbers.Complex):
        return _fail(junk("that is a complex number; the answer is a real number."))
    else:
        shape = getattr(value, "shape", None)
        if shape is not None:
            return _fail(junk("that is an array; give one number (`x.item()` takes it out)."))
        return _fail(junk(f"that is a {type(value).__name__}."))
    if math.isnan(number):
        return _fail(junk("NaN means 'not a number'; it comes from a float computation such as 0/0 "
                          "or inf − inf."))
    if math.isinf(number):
        return _fail(junk("an infinite float usually comes from an overflow or a division by a "
                          "tiny number."))
    written = Decimal(repr(number))
    digits = len(written.as_tuple().digits)
    exponent = written.as_tuple().exponent
    decimals = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    if digits >= _COMPUTED_DIGITS:
        return Fraction(number), decimals, True
    return Fraction(written), decimals, False


def _fail(error: Wrong) -> Any:
    raise error


def _matches(value: Fraction, decimals: int | None, computed: bool, target: Fraction) -> str:
    """"exact", "rounded" or "" for a value as read by `_read` against a target value."""
    if value == target:
        return "exact"
    if decimals is None:
        return ""
    if computed:
        return "rounded" if abs(value - target) <= _RELATIVE * max(1, abs(target)) else ""
    if value == 0:
        return ""  # a zero is nobody's rounding of a value that is not zero
    return "rounded" if abs(value - target) < Fraction(1, 10**decimals) else ""


def check_number(answer: Any, expected: Fraction | int, *, what: str,
                 mistakes: Mapping[Fraction | int, str] | None = None, otherwise: str = "",
                 floats: Literal["rounded", "accept"] = "rounded",
                 low: Fraction | int | None = None, high: Fraction | int | None = None,
                 range_message: str = "") -> None:
    """Raise `Wrong` or `Rounded` unless ``answer`` is ``expected`` (see the module's policy).

    ``what`` names the quantity ("the chance of landing on Death in two rounds").  ``mistakes``
    maps the value a known mistake gives to its diagnosis.  ``otherwise`` is appended to the plain
    "not it" message.  ``floats="accept"`` counts a right rounded decimal as correct (for functions
    whose results are naturally floats).  ``low``/``high`` bound a plausible answer; outside them
    ``range_message`` (or a default) is given.
    """
    value, decimals, computed = _read(answer, what)
    expected = Fraction(expected)
    shown = describe(answer)
    match = _matches(value, decimals, computed, expected)
    if match == "exact":
        return
    if match == "rounded":
        if floats == "accept":
            return
        raise Rounded(f"{shown} is {what}, rounded.  Now give the exact value"
                      f"{' (a whole number)' if expected.denominator == 1 else ' as a `Fraction`'}: "
                      "a rounded decimal cannot be told apart from a nearby wrong answer.")
    for mistake, diagnosis in (mistakes or {}).items():
        if _matches(value, decimals, computed, Fraction(mistake)):
            raise Wrong(diagnosis)
    if (low is not None and value < low) or (high is not None and value > high):
        raise Wrong(range_message or f"{shown} cannot be {what}: it is too "
                                     f"{'small' if low is not None and value < low else 'large'}.")
    raise Wrong(f"{shown} is not {what}." + (f"  {otherwise}" if otherwise else ""))


def check_probability(answer: Any, expected: Fraction | int, *, what: str,
                      mistakes: Mapping[Fraction | int, str] | None = None, otherwise: str = "",
                      floats: Literal["rounded", "accept"] = "rounded") -> None:
    """`check_number` for a probability: an answer outside 0..1 is told that a probability is not."""
    check_number(answer, expected, what=what, mistakes=mistakes, otherwise=otherwise, floats=floats,
                 low=0, high=1, range_message=f"a probability lies between 0 and 1; {describe(answer)} "
                 "does not.")
