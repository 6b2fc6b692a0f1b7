"""Hostile learner code (issue 18), written to run either as an answer function (no argument) or
as a bot (``observation, legal_actions``): each ignores its arguments."""

from __future__ import annotations

import gc
import io
import os
import time


def answer_pipes() -> list[io.FileIO]:
    """What a learner finds with ``gc.get_objects()``: the open binary files it may write to."""
    return [thing for thing in gc.get_objects() if isinstance(thing, io.FileIO) and thing.mode == "wb"
            and not thing.closed and thing.fileno() > 2]


def half_a_message(*_args):
    """Write a header promising 100 bytes on every pipe it finds, then go quiet."""
    for pipe in answer_pipes():
        pipe.write((100).to_bytes(4, "big") + b"{")
    time.sleep(600)


def endless_with_bare_except(*_args):
    while True:
        try:
            time.sleep(0.01)
        except:  # noqa: E722 - the learner's bare except swallows what it can
            pass


def long_c_call(*_args):
    return sum(range(10**11))  # one C call: a signal handler would only run after it


def fork_bomb_of_two(*_args):
    """Two children, each forking again, all looping: the whole group must go at the limit."""
    for _ in range(2):
        if os.fork() == 0:
            os.fork()
            while True:
                pass
    while True:
        pass


# A sandbox writes no file and holds no channel to the test but its answers: a probing bot reports
# what it found by raising, and the test reads the report from the error message.
REPORT = "SANDBOX-REPORT"


def report(found) -> None:
    """Raise the report ``found`` (plain data): it ends the check with an error naming it."""
    import json

    raise RuntimeError(REPORT + json.dumps(found, separators=(",", ":")) + REPORT)


def read_report(text: str):
    """The report in an error message (or feedback) ``text``; AssertionError when it holds none."""
    import json

    assert REPORT in text, f"no report in: {text[:400]}"
    return json.loads(text.split(REPORT)[1])
