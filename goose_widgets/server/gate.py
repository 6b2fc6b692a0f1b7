"""Who may come in, and how often: the limits per address and per table, and the Origin check.

Everything a guesser could try counts toward one budget per client address, `Limits.lookups`
a minute, whether it succeeds or not: a table's code (its public facts, a claim, a WebSocket),
a seat's key (a ``hello``) and the teacher's token (every teacher request).  An address over its
budget is refused everything, the right code or token included, so a refusal never tells a
guesser that it was right.  Connections are counted too (per address, per table and in all), and
``hello`` messages per table (each one sends a whole view, so a storm of them at one table must
not slow down the others).  A learner coming back to their seat (the right key) draws on a budget
of its own, so a storm of spectators' hellos, which anyone with the code can send, does not keep
the table's players out.

The client's address is the one the ASGI server reports: uvicorn rewrites it from
``X-Forwarded-For`` only for the proxies named by ``--trusted-proxy`` (none by default), so a
client cannot choose its own address.

A browser says which page a request comes from (``Origin``); a request from a page of another site
is refused (a page elsewhere must not take a seat or drive one whose key it has), unless that
site is allowed with ``--allow-origin``.  A request without ``Origin`` comes from a program (a
notebook's `join`, curl), not from a page a learner was lured to, and is let through.
"""

from __future__ import annotations

import time
import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


@dataclass(frozen=True)
class Limits:
    """The server's limits (``goose-widgets serve`` sets the first three from its options)."""

    lookups: int = 120  # codes, keys and tokens tried per address and minute (a burst of as many)
    per_address: int = 20  # open connections from one address
    per_table: int = 60  # open connections at one table (learners' tabs and spectators)
    connections: int = 2000  # open connections in all
    table_hellos: int = 60  # hellos at one table at once (every learner coming back after a restart) ...
    table_hello_rate: float = 2.0  # ... then this many a second
    held: int = 1000  # refused connections held open a while before they are closed (`Gate.hold`) ...
    hold: float = 5.0  # ... for this many seconds


class Buckets:
    """A token bucket for each key (an address, a table): ``size`` at once, refilled at ``rate`` a
    second.  Memory stays bounded: when many keys are known, the full (idle) buckets are forgotten."""

    def __init__(self, size: float, rate: float) -> None:
        self.size, self.rate = float(size), float(rate)
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: str) -> bool:
        now = time.monotonic()
        tokens, when = self.buckets.get(key, (self.size, now))
        tokens = min(self.size, tokens + (now - when) * self.rate)
        allowed = tokens >= 1
        self.buckets[key] = (tokens - 1 if allowed else tokens, now)
        if len(self.buckets) > 10_000:
            self._forget(now)
        return allowed

    def _forget(self, now: float) -> None:
        self.buckets = {k: (t, w) for k, (t, w) in self.buckets.items()
                        if t + (now - w) * self.rate < self.size}


class Counts:
    """Open connections by key; `add` refuses beyond ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def add(self, key: str) -> bool:
        n = self.open.get(key, 0)
        if n >= self.limit:
            return False
        self.open[key] = n + 1
        return True

    def remove(self, key: str) -> None:
        n = self.open.get(key, 0) - 1
        if n > 0:
            self.open[key] = n
        else:
            self.open.pop(key, None)


class Gate:
    """The limits of one server, applied."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits = limits or Limits()
        self.lookups = Buckets(limits.lookups, limits.lookups / 60)
        self.table_hellos = Buckets(limits.table_hellos, limits.table_hello_rate)  # spectators, wrong keys
        self.seat_hellos = Buckets(limits.table_hellos, limits.table_hello_rate)  # players, right keys
        self.by_address = Counts(limits.per_address)
        self.by_table = Counts(limits.per_table)
        self.total = 0
        self.held = 0

    def lookup(self, address: str) -> bool:
        """Count one lookup of a code, a key or a token by ``address``; False: over its budget."""
        return self.lookups.take(address)

    def connect(self, address: str, table: str) -> str | None:
        """Count a new connection to ``table``; a refusal (a sentence) if there are too many."""
        if self.total >= self.limits.connections:
            return "this server has as many connections as it can take: try again in a minute."
        if not self.by_address.add(address):
            return (f"too many connections from your address (at most {self.limits.per_address}): "
                    "close some of this computer's table pages.")
        if not self.by_table.add(table):
            self.by_address.remove(address)
            return (f"this table has as many connections as it takes ({self.limits.per_table}): "
                    "try again in a minute.")
        self.total += 1
        return None

    def disconnect(self, address: str, table: str) -> None:
        self.by_address.remove(address)
        self.by_table.remove(table)
        self.total -= 1

    def hold(self) -> bool:
        """May one more refused connection be held open before it is closed?  A client that comes
        straight back after a refusal then pays for the wait, and refusing costs the server a
        handshake every few seconds per socket instead of hundreds a second; beyond `Limits.held`
        such connections, they are closed at once.  Call `release` when one is closed."""
        if self.held >= self.limits.held:
            return False
        self.held += 1
        return True

    def release(self) -> None:
        self.held -= 1

    def hello(self, table: str, seated: bool = False) -> bool:
        """Count a hello at ``table`` (``seated``: with a seat's right key); False: the table has
        had too many of that kind just now."""
        return (self.seat_hellos if seated else self.table_hellos).take(table)


def origin_allowed(headers: Mapping[str, str], allowed: Iterable[str] = ()) -> bool:
    """True if the request comes from no page (no ``Origin``), from a page of this server (the
    ``Origin``'s host and port are the ``Host`` the request was sent to), or from an allowed site."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin.rstrip("/").lower() in {a.rstrip("/").lower() for a in allowed}:
        return True
    parts = urllib.parse.urlsplit(origin.strip().lower())
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return False  # "null" (a sandboxed frame, a file) or junk
    host = headers.get("host", "").strip().lower()
    return _netloc(parts.scheme, parts.hostname, parts.port) == _host(parts.scheme, host)


def _netloc(scheme: str, hostname: str, port: int | None) -> str:
    if ":" in hostname:  # an IPv6 address
        hostname = f"[{hostname}]"
    return hostname if port in (None, DEFAULT_PORTS[scheme]) else f"{hostname}:{port}"


def _host(scheme: str, host: str) -> str:
    try:
        parts = urllib.parse.urlsplit(f"//{host}")
        return _netloc(scheme, parts.hostname or "", parts.port)
    except ValueError:  # a port that is not a number
        return ""
