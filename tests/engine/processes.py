"""Counting processes around the sandbox: which sandboxes a test started, and whether any of them
(or anything they forked) is still alive afterwards (issue 18: no process left behind)."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from typing import Any

from goose_widgets.sandbox import sandbox


def _state(pid: int) -> str | None:
    """The process's state letter (R, S, Z ...), or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0].decode()
    except OSError:
        return None


def children() -> set[int]:
    """This process's children, zombies included (a zombie is a child nobody reaped)."""
    me = str(os.getpid()).encode()
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me:
                found.add(int(entry))
    return found


def left_behind(pids: list[int]) -> list[int]:
    """The sandboxes among ``pids`` still alive, and any live process in their sessions."""
    alive = [pid for pid in pids if _state(pid) not in (None, "Z")]
    for pid in pids:
        alive += sandbox.session_members(pid)
    return sorted(set(alive))


class Watch:
    """What a `watch` block started: sandbox process ids and the time each was loaded."""

    def __init__(self) -> None:
        self.pids: list[int] = []
        self.loaded: list[float] = []

    def since_load(self, end: float) -> float:
        """Seconds from the last sandbox's load to ``end`` (a stop's latency, start-up excluded)."""
        return end - self.loaded[-1]


@contextmanager
def watch(monkeypatch: Any):
    """Record the sandboxes started inside the block; afterwards assert that none of them, nothing
    they forked and no new child of this process (the fork server aside) is left."""
    record = Watch()
    before = children()
    new_child, load = sandbox._new_child, sandbox.Sandbox.load

    def recording_child() -> Any:
        child = new_child()
        record.pids.append(child.pid)
        return child

    def recording_load(self: Any, *args: Any, **kwargs: Any) -> Any:
        fresh = self._child is None
        info = load(self, *args, **kwargs)
        if fresh:
            record.loaded.append(time.monotonic())
        return info

    monkeypatch.setattr(sandbox, "_new_child", recording_child)
    monkeypatch.setattr(sandbox.Sandbox, "load", recording_load)
    yield record
    servers = {server.popen.pid for server in sandbox._server}
    deadline = time.monotonic() + 5
    while (left_behind(record.pids) or children() - before - servers) and time.monotonic() < deadline:
        time.sleep(0.05)  # a killed process takes a moment to be reaped
    assert not left_behind(record.pids), f"left behind: {left_behind(record.pids)}"
    assert not children() - before - servers, f"children left: {children() - before - servers}"
