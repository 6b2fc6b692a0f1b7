"""The engine contract shared by every game (after OpenSpiel, in plain Python).

A game is a small frozen config with ``new_initial_state()``.  A state is an immutable, hashable
dataclass; ``apply(action)`` returns the next state and never changes the old one.  Chance is an
explicit player whose ``chance_outcomes()`` are ``(outcome, Fraction)`` pairs summing to 1.

`StateBase` implements the verbs every game shares (validation of actions, history, the move-log
events, saves) so that each game only writes its rules in ``_legal_actions``, ``_chance_outcomes``
and ``_next``.  Saves are replays: ``to_json`` stores the game's parameters and the ``str`` of every
action and chance outcome; ``from_json`` replays them through ``apply``, so a tampered save is
rejected by the rules themselves and no game needs a codec of its own (loading: `engine.saves`).

`apply` applies the legal object itself, found by look-up, and refuses look-alikes and junk with
`IllegalActionError` (`engine.actions`), so histories are canonical and saves always replay.  For
speed, ``history`` is stored as a link to the previous state's and ``events`` may be a callable:
each becomes a tuple of str only when read, which playouts never do.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Self, TypeVar

from .actions import legal_object, listing, show
from .chance import chance_distribution
from .errors import IllegalActionError, InvalidSaveError  # noqa: F401 - part of the contract here too
from .saves import SAVE_FORMAT, state_from_json

_T = TypeVar("_T")

CHANCE = -1
"""`current_player` while chance (dice, the next card of a pile) decides."""
TERMINAL = -2
"""`current_player` once the game is over."""

Events = list[str] | Callable[[], Iterable[str]]
"""What `_next` returns as move-log lines: the lines, or a zero-argument callable making them."""


@dataclass(frozen=True)
class StateBase:
    """Shared verbs of a game state.

    Subclasses are frozen dataclasses with the fields of their position.  ``history`` and ``events``
    are excluded from equality and hashing: two states reached by different paths are the same
    position, which is what exact analysis and tree search need.
    """

    history: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)
    events: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)

    # --- to be provided by each game -------------------------------------------------------
    if TYPE_CHECKING:
        game: Any  # a dataclass field of each game's State (declared here for `to_json`)

    @property
    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> list:
        raise NotImplementedError

    def _chance_outcomes(self) -> Sequence[tuple[Any, Fraction]]:
        raise NotImplementedError

    def _next(self, action: Any) -> tuple[Self | dict[str, Any], Events]:
        """The successor after a legal action or chance outcome, and its move-log lines.

        Return a state built for this call (or ``self``): `apply` sets its history in place.  The
        lines may be a list of str, or a zero-argument callable returning them, which is called
        only when ``state.events`` is first read (playouts never read it).

        Or, faster on a hot path, return the successor's values instead of the state: a copy of
        ``self.__dict__`` (so it still holds this state's history and move log, which `apply`
        links forward) with the changed fields set, and any value cached from the fields (a
        ``cached_property``) set anew or removed.  The state is then made without a constructor.
        """
        raise NotImplementedError

    def observation(self, seat: int) -> Any:
        raise NotImplementedError

    def returns(self) -> list[int]:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    # --- shared verbs ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list:
        """The actions the current seat may take (empty at chance and terminal nodes)."""
        if self.current_player < 0:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """``(outcome, probability)`` pairs at a chance node, summing exactly to 1; else ``[]``."""
        if self.current_player != CHANCE:
            return []
        return list(self._chance_outcomes())  # a copy: games may hand back a list they cache

    def apply(self, action: Any) -> Self:
        """The state after ``action`` (or a chance outcome).  Raises `IllegalActionError`.

        The legal object itself is applied (found by look-up), so the history is canonical: an
        input that only equals a legal action but is another kind of value (a plain tuple for a
        named tuple, a float or bool for an int) is refused, as is any junk object.
        """
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError(f"the game is over; no action is possible (tried {show(action)}).")
        if player == CHANCE:
            chance = chance_distribution(self._chance_outcomes())
            legal = legal_object(action, chance.outcomes, "is not a possible chance outcome here",
                                 "possible", chance.index)
        else:
            legal = legal_object(action, self._legal_actions(),
                                 f"is not allowed for seat {player} now", "allowed")
        return self._advance(legal)

    def _advance(self, action: Any) -> Self:
        """`apply` for an action known to be the legal object (engine loops that just took it
        from `legal_actions` or sampled it from the chance outcomes skip the look-up)."""
        nxt, events = self._next(action)
        if isinstance(nxt, dict):  # the values, copied from this state's: see `_next`
            nxt["history"] = [nxt["history"], action]  # a link: see `_history_value`
            nxt["events"] = events
            made = _new(type(self))  # `from_fields`, without a call (every step of a Goose game)
            _set_attribute(made, "__dict__", nxt)
            return made
        if nxt is self:  # a move that changes nothing still gets a state of its own
            nxt = object.__new__(type(self))
            nxt.__dict__.update(self.__dict__)
        # `_next` built `nxt` for this call alone, so setting its two bookkeeping fields in place
        # is safe, and much faster than `dataclasses.replace` on a hot path (playouts, search).
        raw = nxt.__dict__
        raw["history"] = [self.__dict__.get("history", ()), action]  # a link: see `_history_value`
        raw["events"] = events
        return nxt

    def apply_str(self, text: str) -> Self:
        """Apply the action or outcome whose ``str`` is ``text`` (saves, widgets, scripts)."""
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError(f"the game is over; {show(text)!r} is not possible.")
        options = chance_distribution(self._chance_outcomes()).outcomes if player == CHANCE \
            else self._legal_actions()
        if isinstance(text, str):
            for candidate in options:
                if str(candidate) == text:
                    return self._advance(candidate)
        raise IllegalActionError(f"{show(text)!r} is not possible here; possible: " + listing(options))

    def _replace(self, **changes: Any) -> Any:
        """`dataclasses.replace` for hot paths: no per-call field inspection, and the lazy history
        and move log are copied as they are instead of being built (``replace`` reads every field,
        which would build the previous state's move log on every step).

        A class without ``__post_init__`` is copied field by field without its constructor (a
        frozen constructor costs one ``object.__setattr__`` per field); values cached on the old
        state (``cached_property``) are not copied, since they may not hold for the new one.
        """
        cls = type(self)
        plan = _REPLACE_PLANS.get(cls)
        if plan is None:
            names = frozenset(f.name for f in fields(self) if f.init)
            plan = _REPLACE_PLANS[cls] = (names, hasattr(cls, "__post_init__") or any(
                not f.init for f in fields(self)))
        names, construct = plan
        raw = self.__dict__
        if construct:
            _check_fields(cls, changes, names)
            return cls(**{**{name: raw[name] for name in names}, **changes})
        values = raw.copy()
        values.update(changes)
        if len(values) != len(names):  # an unknown field, or values cached on the old state
            _check_fields(cls, changes, names)
            for key in values.keys() - names:  # cached values stay behind
                del values[key]
        return from_fields(cls, values)

    @property
    def history_length(self) -> int:
        """``len(self.history)`` without building the history's strings (simulations count steps)."""
        node, steps = self.__dict__.get("history", ()), 0
        while type(node) is list:  # links back to the newest built tuple (or the start)
            if len(node) == 1:
                return steps + len(node[0])
            node, steps = node[0], steps + 1
        return steps + len(node)

    def __getstate__(self) -> dict[str, Any]:
        # pickles and copies carry the history and move log as plain tuples (a lazy move log is a
        # closure, which pickle cannot carry to another process)
        state = dict(self.__dict__)
        state["history"], state["events"] = self.history, self.events
        return state

    def to_json(self) -> str:
        """A save: the game's name and parameters and every action and outcome so far."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "game": self.game.name,
            "params": self.game.params(),
            "history": list(self.history),
        })

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> StateBase:
        """Rebuild a state from `to_json` output; a malformed or tampered save raises `InvalidSaveError`."""
        return state_from_json(text)


_REPLACE_PLANS: dict[type, tuple[frozenset[str], bool]] = {}


def from_fields(cls: type[_T], values: dict[str, Any]) -> _T:
    """``cls(**values)`` for a frozen dataclass without ``__post_init__``, given every field in a
    dict made for it (the dict becomes the object's own): no frozen ``__init__``, which sets each
    field through ``object.__setattr__`` and cost more than the rest of a step (issue 12).  The
    caller vouches for the fields; `StateBase._replace` checks them for a state."""
    made = _new(cls)
    _set_attribute(made, "__dict__", values)
    return made


_new, _set_attribute = object.__new__, object.__setattr__  # read once: `from_fields` is hot


def with_plain_values(state: Any) -> Any:
    """``state`` itself, its values moved into a plain dict (for a game's ``new_initial_state``).

    Speed (issue 12): a dataclass constructor leaves the values in a dict that shares its keys
    with the class, on which Python 3.11 cannot cache attribute look-ups (each read of a field
    then costs about 3x more); ``_replace`` and ``_advance`` copy that dict forward to every later
    state.  A plain copy, made once at the start of a game, is copied forward instead.
    """
    object.__setattr__(state, "__dict__", dict(state.__dict__))
    return state


def _check_fields(cls: type, changes: dict[str, Any], names: frozenset[str]) -> None:
    """`StateBase._replace` refuses a name that is not a field (checked only when the sizes of the
    new state's values show something unusual: on the hot path a check per call is costly)."""
    if not changes.keys() <= names:
        unknown = ", ".join(sorted(changes.keys() - names))
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}.")


def _history_value(raw: Any) -> tuple[str, ...]:
    """The history as a tuple of str, from what `_advance` stores: a link ``[previous, action]``
    (a list, two items, made in constant time on every step), where ``previous`` is a tuple of str
    or another link.  The tuple is built only when ``history`` is read, and the newest link is then
    replaced by ``[the tuple]``, so a later state's history starts from it instead of the start."""
    if type(raw) is not list:
        return tuple(raw)
    links: list[list[Any]] = []
    node: Any = raw
    while type(node) is list and len(node) == 2:  # a loop, not recursion: histories can be long
        links.append(node)
        node = node[0]
    base = node[0] if type(node) is list else node
    text = tuple(base) + tuple([str(link[1]) for link in reversed(links)])
    raw[:] = [text]
    return text


def _events_value(raw: Any) -> tuple[str, ...]:
    return tuple(raw() if callable(raw) else raw)


class _LazyField:
    """A dataclass field stored as given (a lazy form allowed) and turned into a tuple on first
    read.  A data descriptor, so it keeps working with the generated ``__init__``, with
    ``dataclasses.replace`` and with ``State(**state.__dict__)``."""

    def __init__(self, name: str, build: Callable[[Any], tuple[str, ...]]):
        self.name, self.build = name, build

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return ()
        raw = obj.__dict__.get(self.name, ())
        if type(raw) is tuple:
            return raw
        value = self.build(raw)
        obj.__dict__[self.name] = value
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        obj.__dict__[self.name] = value


# installed after @dataclass made the fields (their defaults and flags stay those of `field`)
StateBase.history = _LazyField("history", _history_value)  # type: ignore[assignment]
StateBase.events = _LazyField("events", _events_value)  # type: ignore[assignment]
