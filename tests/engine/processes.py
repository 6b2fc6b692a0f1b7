"""Counting processes around the sandbox: which sandboxes a test started, and whether any of them
(or anything they started) is still alive afterwards (issues 18 and 28: nothing left behind).

Behind walls a sandbox is bubblewrap's process, with the namespace's processes below it; without
walls it is a forked or spawned Python in a session of its own.  Either way, once a check ends,
no process below this one may be left but the spare sandbox and the fork server (and what they
run), and nothing in a sandbox's session.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from typing import Any

from goose_widgets.sandbox import processes
from goose_widgets.sandbox import sandbox as sandbox_module
from goose_widgets.sandbox.processes import session_members


def _stat(pid: int) -> list[bytes] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return None


def _state(pid: int) -> str | None:
    """The process's state letter (R, S, Z ...), or None when it is gone."""
    fields = _stat(pid)
    return fields[0].decode() if fields else None


def descendants(root: int) -> set[int]:
    """Every live process below ``root`` (zombies included: a zombie is a child nobody reaped)."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields:
                parent[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, ppid in parent.items() if ppid in frontier} - found
        found |= frontier
    return found


def children() -> set[int]:
    """This process's children, zombies included."""
    me = str(os.getpid()).encode()
    return {int(e) for e in os.listdir("/proc") if e.isdigit() and (_stat(int(e)) or [b"", b""])[1] == me}


def helpers() -> set[int]:
    """The spare sandbox and the fork server, and what runs below them: kept on purpose."""
    kept = {server.popen.pid for server in processes._server}
    spare = processes._spare.child
    if spare is not None and spare.popen is not None:
        kept.add(spare.popen.pid)
    return kept | {pid for k in kept for pid in descendants(k)}


def left_behind(pids: list[int]) -> list[int]:
    """The sandboxes among ``pids`` still alive, any live process in their sessions, and any
    process below this one that is not a helper."""
    alive = [pid for pid in pids if _state(pid) not in (None, "Z")]
    for pid in pids:
        alive += session_members(pid)
    alive += [pid for pid in descendants(os.getpid()) - helpers() if _state(pid) not in (None, "Z")]
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
    they started and no new child of this process (the helpers aside) is left."""
    record = Watch()
    before = children()
    new_child, load = sandbox_module.new_child, sandbox_module.Sandbox.load

    def recording_child(*args: Any) -> Any:
        child = new_child(*args)
        record.pids.append(child.pid)
        return child

    def recording_load(self: Any, *args: Any, **kwargs: Any) -> Any:
        fresh = self._child is None
        info = load(self, *args, **kwargs)
        if fresh:
            record.loaded.append(time.monotonic())
        return info

    monkeypatch.setattr(sandbox_module, "new_child", recording_child)
    monkeypatch.setattr(sandbox_module.Sandbox, "load", recording_load)
    yield record
    deadline = time.monotonic() + 5
    while (left_behind(record.pids) or children() - before - helpers()) and time.monotonic() < deadline:
        time.sleep(0.05)  # a killed process takes a moment to be reaped
    assert not left_behind(record.pids), f"left behind: {left_behind(record.pids)}"
    assert not children() - before - helpers(), f"children left: {children() - before - helpers()}"
