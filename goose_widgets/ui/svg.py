"""Small helpers for building SVG with `xml.etree.ElementTree` (text is always escaped)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html import unescape
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"

# Okabe-Ito: a palette that stays distinct for the common colour-vision deficiencies.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]


def svg_root(width: float, height: float, *, label: str | None = None, escape: str | None = None,
             **attrs: Any) -> ET.Element:
    """A root ``<svg>`` element with a viewBox of the given size.

    ``label`` makes it a board: ``role="application"`` (a screen reader passes the arrow keys to
    it) named by ``label``, e.g. "Game of the Goose: round 3, Player 1 to roll".  ``escape`` is
    the action the Escape key sends (it cancels a half-made choice).
    """
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": _fmt(width), "height": _fmt(height),
                              "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}",
                              "font-family": "Helvetica, Arial, sans-serif"})
    if label is not None:
        root.set("role", "application")
        root.set("aria-roledescription", "game board")
        root.set("aria-label", label)
    if escape:
        root.set("data-escape", escape)
    for key, value in attrs.items():
        root.set(key.rstrip("_").replace("_", "-"), _fmt(value))
    return root


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """Add a child element; keyword ``class_`` becomes ``class`` and ``data_action`` ``data-action``."""
    # A classroom server draws a board for each seat after each move: the attribute names come
    # from a small dict, text values skip the formatting and numbers are formatted once (a plain
    # loop measured a sixth quicker than a comprehension calling _fmt).
    names, numbers = _ATTRIBUTE_NAMES, _NUMBERS
    values = {}
    for key, value in attrs.items():
        if value is None:
            continue
        kind = type(value)
        if kind is not str:
            value = (numbers.get(value) if kind is int or kind is float else None) or _fmt(value)
        values[names.get(key) or _attribute_name(key)] = value
    element = ET.SubElement(parent, tag, values)
    if text is not None:
        element.text = text
    return element


def control(parent: ET.Element, label: str, action: str | None = None, *, key: str | None = None,
            role: str = "button", tag: str = "g", **attrs: Any) -> ET.Element:
    """An element a keyboard reaches and a screen reader names (issue 22).

    ``action`` makes it clickable (``data-action``); ``key`` names it across redraws (``data-nav``:
    the focus stays on it, and it stays reachable while it is not clickable, as a disabled button).
    ``role`` is "button", "gridcell" (inside a ``role="row"`` of a ``role="grid"``) or "img" (a
    thing to read, such as a square of the Goose board).  ``label`` is what a screen reader says.
    """
    element = sub(parent, tag, data_action=action, data_nav=key, role=role, tabindex="-1",
                  aria_label=label, **attrs)
    if action is None and role in ("button", "gridcell"):
        element.set("aria-disabled", "true")
    return element


def labels_in(svg: str) -> list[str]:
    """The ``aria-label`` values of an SVG text, in order (what a screen reader can say)."""
    return [unescape(m) for m in re.findall(r'aria-label="([^"]*)"', svg)]


def controls_in(svg: str) -> list[dict[str, str]]:
    """Every element of an SVG text that carries ``data-action`` or ``data-nav``, as its attributes."""
    root = ET.fromstring(svg)
    return [dict(e.attrib) for e in root.iter() if "data-action" in e.attrib or "data-nav" in e.attrib]


# Text on a board is at least this many px when the board is drawn at its width (issue 9.3).
MIN_FONT = 12


def fitted_text(parent: ET.Element, text: str, width: float, font_size: float = MIN_FONT,
                **attrs: Any) -> ET.Element:
    """A text element that keeps its font size but is squeezed into ``width`` if it would overflow.

    The width is estimated from the length (about 0.6 em a character in Helvetica); a longer text
    gets ``textLength`` so the browser narrows its letters instead of spilling over its box.
    """
    bold = attrs.get("font_weight") == "bold"
    if len(text) * font_size * (0.64 if bold else 0.58) > width:
        attrs.update(textLength=_fmt(float(width)), lengthAdjust="spacingAndGlyphs")
    return sub(parent, "text", text, font_size=font_size, **attrs)


def to_text(root: ET.Element) -> str:
    """The SVG as a string (deterministic: same tree, same bytes).

    The text is exactly what ``ET.tostring(root, encoding="unicode")`` gives for the trees built
    here (no namespaces but the root's ``xmlns`` attribute, no comments); a test compares them on
    every game's boards.  It is written here because ElementTree's own writer, which first walks
    the tree for namespaces, took half of the time a classroom server spends drawing a board."""
    out: list[str] = []
    _write(root, out.append)
    return "".join(out)


def _write(element: ET.Element, write: Callable[[str], Any]) -> None:
    if not len(element):  # a leaf (most of a board): the same ones recur from board to board
        key = (element.tag, tuple(element.items()), element.text, element.tail)
        leaf = _LEAVES.get(key)
        if leaf is None:
            if len(_LEAVES) > 20_000:
                _LEAVES.clear()
            leaf = _LEAVES[key] = _text_of(element)
        write(leaf)
        return
    tag = element.tag
    pairs = _PAIRS
    attrs = "".join([pairs.get(item) or _pair(item) for item in element.items()])
    text = element.text
    write(f"<{tag}{attrs}>")
    if text:
        write(_escape_text(text))
    for child in element:
        _write(child, write)
    write(f"</{tag}>")
    if element.tail:
        write(_escape_text(element.tail))


def _text_of(leaf: ET.Element) -> str:
    tag = leaf.tag
    attrs = "".join([_PAIRS.get(item) or _pair(item) for item in leaf.items()])
    text = f"<{tag}{attrs}>{_escape_text(leaf.text)}</{tag}>" if leaf.text else f"<{tag}{attrs} />"
    return text + _escape_text(leaf.tail) if leaf.tail else text


# The text of each leaf element written so far, by its tag, attributes, text and tail: a board's
# 120 or so leaves were about 340 different ones over a whole game of four seats.  Bounded.
_LEAVES: dict[tuple[Any, ...], str] = {}


_ATTRIBUTE_SPECIAL = re.compile(r'[&<>"\r\n\t]')
# ' name="value"' of the attributes written so far: boards repeat most of theirs (colours, sizes,
# coordinates), so each is formatted once.  Bounded: forgotten when it grows large.
_PAIRS: dict[tuple[str, str], str] = {}


def _pair(item: tuple[str, str]) -> str:
    if len(_PAIRS) > 50_000:
        _PAIRS.clear()
    text = _PAIRS[item] = f' {item[0]}="{_escape_attribute(item[1])}"'
    return text


def _escape_attribute(value: str) -> str:
    if _ATTRIBUTE_SPECIAL.search(value) is None:
        return value
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;"))


def _escape_text(text: str) -> str:
    if "&" in text or "<" in text or ">" in text:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text


_ATTRIBUTE_NAMES: dict[str, str] = {}


def _attribute_name(keyword: str) -> str:
    """``class_`` -> ``class``, ``data_action`` -> ``data-action`` (remembered: few names recur)."""
    name = _ATTRIBUTE_NAMES[keyword] = keyword.rstrip("_").replace("_", "-")
    return name


def actions_in(svg: str) -> set[str]:
    """The ``data-action`` values present in an SVG text."""
    return {unescape(m) for m in re.findall(r'data-action="([^"]*)"', svg)}


def _fmt(value: Any) -> str:
    kind = type(value)
    if kind is float or kind is int:  # coordinates and sizes recur: each is formatted once
        text = _NUMBERS.get(value)
        if text is None:
            if len(_NUMBERS) > 50_000:
                _NUMBERS.clear()
            text = _NUMBERS[value] = f"{value:.2f}".rstrip("0").rstrip(".") if kind is float else str(value)
        return text
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


# 2 and 2.0 are one key and are written alike ("2"); True is not an int here (type() is bool).
_NUMBERS: dict[float, str] = {}
