"""What the server accepts from a client: size, shape and pace of every message (bad input changes
nothing).

A client's message is one JSON object of at most `MAX_MESSAGE` characters, with a ``type`` and
exactly the fields that type has (`FIELDS`); anything else is refused with a clear error before any
table sees it.  Each connection has a `TokenBucket`: a burst of `BURST` messages, then `RATE` a
second; a message beyond that is dropped with an error (at most one error a second), and a
connection that keeps flooding is closed.
"""

from __future__ import annotations

import json
import time
from typing import Any

MAX_MESSAGE = 4096  # characters of one message from a client (an action is at most 200)
BURST, RATE = 20, 10.0  # messages at once, then per second
FLOOD_LIMIT = 200  # messages dropped for pace before the connection is closed

FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    # type -> field -> accepted JSON types (every field is required)
    "hello": {"seat": (int, type(None)), "key": (str, type(None))},
    "act": {"action": (str,), "version": (int,)},
    "option": {"name": (str,), "value": (bool,)},
}


class BadMessage(ValueError):
    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def parse(text: Any) -> dict[str, Any]:
    """The message in ``text``, checked against `FIELDS`; `BadMessage` says what is wrong."""
    if not isinstance(text, str):
        raise BadMessage("malformed", "send text: one JSON object a message.")
    if len(text) > MAX_MESSAGE:
        raise BadMessage("too_big", f"the message is {len(text):,} characters long; at most "
                                    f"{MAX_MESSAGE:,} are read.")
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadMessage("malformed", "the message is not valid JSON.") from None
    if not isinstance(message, dict):
        raise BadMessage("malformed", "a message is a JSON object with a 'type'.")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise BadMessage("malformed", f"unknown message type; the types are: {', '.join(FIELDS)}.")
    fields = FIELDS[kind]
    given = set(message) - {"type"}
    if given != set(fields):
        raise BadMessage("malformed", f"a {kind!r} message has exactly the fields: "
                                      f"{', '.join(fields) or 'none'} (besides 'type').")
    for name, types in fields.items():
        value = message[name]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            raise BadMessage("malformed", f"the field {name!r} of a {kind!r} message has the wrong type.")
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(name)


class TokenBucket:
    """``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, burst: int = BURST, rate: float = RATE) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.last = time.monotonic()
        self.dropped = 0
        self.last_warning = 0.0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False

    def should_warn(self) -> bool:
        """True at most once a second: the error about pace must not become a flood itself."""
        now = time.monotonic()
        if now - self.last_warning >= 1.0:
            self.last_warning = now
            return True
        return False
