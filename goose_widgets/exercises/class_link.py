"""A learner's link to a live class: `join_class` once, then every check, hint and solution shown
is also sent to the class's server, which judges each check itself.

**Joining** (`join_class(url, code, name)`, or ``goose-widgets course --class URL --learner NAME``)
asks the server for this learner's secret key and keeps it, with the server's address and the
class's code, in ``goose_widgets_class.json`` beside the progress file (`progress.progress_file`:
the course folder), so every notebook of the course, in any kernel, sends to the class.
``GOOSE_WIDGETS_CLASS=off`` turns sending off.

**Sending** (`share`, called by the checks, hints and solutions beside `progress.record`): the
event, with the answer of a check (`sent_answers`: plain data as it is, a function or a bot as its
pickle), is first appended to the outbox ``goose_widgets_class_outbox.jsonl`` beside it, then
everything in the outbox is sent, oldest first, and what the server acknowledged is taken out.  So
an event is never lost: when the server cannot be reached, the outbox keeps it and the next event
(or `send_queued`) sends it; the server counts an event sent twice once (each has its own id).
After a failed attempt, the next waits `RETRY_SECONDS`, so an offline learner's checks do not each
wait for the network.

**The verdict**: the server judges a check with the grader's code and answers within a few seconds
(`WAIT_SECONDS`); the check then says "✔ (confirmed by your class)", or what the server found if it
differs.  Sending never makes a check fail: every problem becomes a short note after the feedback.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import os
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["CLASS_FILE", "ClassLink", "answer_sent", "class_link", "join_class", "send_queued", "share"]

ENVIRONMENT = "GOOSE_WIDGETS_CLASS"
CLASS_FILE = "goose_widgets_class.json"
OUTBOX_FILE = "goose_widgets_class_outbox.jsonl"
WAIT_SECONDS = 5.0
RETRY_SECONDS = 20.0
BATCH = 50
TIMEOUT = 10.0
_last_failure: dict[str, float] = {}  # outbox path -> when sending last failed
NOTHING = object()


@dataclass(frozen=True)
class ClassLink:
    """This learner's class: the server, the class's code and name, the learner and their key."""

    url: str
    code: str
    name: str
    learner: str
    key: str
    folder: Path

    @property
    def outbox(self) -> Path:
        return self.folder / OUTBOX_FILE

    def queued(self) -> int:
        """Events kept in the outbox, not acknowledged by the server yet."""
        return len(_read_outbox(self.outbox))

    def __repr__(self) -> str:
        waiting = self.queued()
        more = f"; {waiting} event(s) waiting to be sent" if waiting else ""
        return (f"You are in the class {self.name!r} as {self.learner!r} (server {self.url}, code {self.code}"
                f"){more}.  Every check, hint and solution you show is also sent to your class.")


def _folder() -> Path | None:
    from .progress import progress_file

    if os.environ.get(ENVIRONMENT, "").strip().lower() in ("off", "0", "false", "no"):
        return None
    path = progress_file()
    return None if path is None else path.parent


def class_link() -> ClassLink | None:
    """The class this course folder joined, or None."""
    folder = _folder()
    if folder is None or not (folder / CLASS_FILE).is_file():
        return None
    try:
        kept = json.loads((folder / CLASS_FILE).read_text("utf-8"))
        return ClassLink(str(kept["url"]), str(kept["code"]), str(kept["name"]), str(kept["learner"]),
                         str(kept["key"]), folder)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def join_class(url: str, code: str | None = None, name: str | None = None) -> ClassLink:
    """Join your teacher's class on their server (``url``: its address, or the class's link
    ``http://…/class/CODE``) as ``name``; from now on your checks, hints and solutions shown are
    sent to it.  Joining again from the same course folder keeps your key."""
    from .progress import _learner
    from .server_client import ServerError, request_json, server_address

    if code is None and isinstance(url, str) and "/class/" in url:
        code = url.split("/class/", 1)[1].split("/")[0].split("#")[0]
    if not isinstance(code, str) or not code.strip():
        raise ValueError("join_class needs the class's code (your teacher gives it): "
                         "join_class('http://192.168.1.20:8765', 'K7Q-XPM-4RT', 'Ada').")
    name = name if name is not None else _learner()
    if not isinstance(name, str) or not name.strip():
        raise ValueError("join_class needs your name: join_class(url, code, 'Ada').")
    base, code = server_address(url), code.strip()
    folder = _folder()
    if folder is None:
        raise ValueError(f"sending to a class is turned off here ({ENVIRONMENT}=off, or the progress file "
                         "is off): turn it on to join.")
    old = class_link()
    # the key kept for this server and name: the server takes it only for the class it belongs to
    key = old.key if old is not None and (old.url, old.learner) == (base, name.strip()) else None
    try:
        joined = request_json(f"{base}/api/classes/{code}/join",
                              {"name": name, **({"key": key} if key else {})})
    except ServerError as err:
        raise ValueError(f"could not join the class: {err}") from None
    folder.mkdir(parents=True, exist_ok=True)
    (folder / CLASS_FILE).write_text(json.dumps(
        {"url": base, "code": joined["code"], "name": joined["class"], "learner": joined["learner"],
         "key": joined["key"]}, indent=1), "utf-8")
    link = class_link()
    assert link is not None
    _last_failure.pop(str(link.outbox), None)
    send_queued(link)
    return link


# --- sending ---------------------------------------------------------------------------------------

_sending: contextvars.ContextVar[Any] = contextvars.ContextVar("goose_widgets_answer_sent", default=None)


@contextlib.contextmanager
def answer_sent(answer: Any) -> Iterator[None]:
    """A check inside this block sends ``answer`` to the class (a capstone's bot, where the check
    records the verdict of its games)."""
    token = _sending.set((answer,))
    try:
        yield
    finally:
        _sending.reset(token)


def share(exercise: Any, kind: str, result: Any, answer: Any = NOTHING) -> str:
    """Send an event of ``exercise`` to the learner's class, if they joined one and the event is
    recorded (`progress.recorded`); the note a check shows after its feedback ("" for none)."""
    from .progress import recorded

    if not recorded(exercise):
        return ""
    sent = _sending.get()
    return send_event(exercise.notebook, exercise.name, kind, result, sent[0] if sent is not None else answer)


def send_event(notebook: str, exercise: str, kind: str, result: Any, answer: Any = NOTHING) -> str:
    """Send one event to the class, if this folder joined one (module docstring); the note the
    check shows after its feedback ("" for none).  Never raises."""
    link = class_link()
    if link is None:
        return ""
    try:
        now = datetime.now(UTC).isoformat(timespec="seconds")
        event: dict[str, Any] = {"id": uuid.uuid4().hex, "time": now, "notebook": notebook,
                                 "exercise": exercise, "kind": kind, "result": result}
        if kind == "check":
            event["answer"] = None if answer is NOTHING else _payload(answer)
        _append_outbox(link.outbox, event)
    except Exception as err:  # noqa: BLE001 - sending must never make a check fail
        return f"(not sent to your class: {type(err).__name__}: {str(err)[:120]})"
    verdicts, problem = _flush(link, WAIT_SECONDS if kind == "check" else 0.0)
    if kind != "check":
        return ""
    if problem:
        return f"(kept to send to your class: {problem})"
    verdict = verdicts.get(event["id"])
    if verdict is None:
        return "(sent to your class; its server is still judging it.)"
    if verdict["status"] == result:
        return "✔ (confirmed by your class)" if result in ("correct", "rounded") else \
            "(your class's server judged it the same)"
    return (f"⚠ Your class's server judged this answer differently: {verdict['status']} "
            f"({str(verdict.get('message') or '')[:300]})")


def _payload(answer: Any) -> Any:
    from .sent_answers import answer_payload

    return answer_payload(answer)


def send_queued(link: ClassLink | None = None) -> str:
    """Send every event kept in the outbox now; what happened, in a sentence."""
    link = link or class_link()
    if link is None:
        return "This course folder has not joined a class (join_class)."
    _last_failure.pop(str(link.outbox), None)
    before = link.queued()
    _, problem = _flush(link, 0.0)
    after = link.queued()
    if problem:
        return f"{after} event(s) still waiting: {problem}"
    return f"Sent {before - after} event(s) to your class; none is waiting."


def _flush(link: ClassLink, wait: float) -> tuple[dict[str, Any], str]:
    """Send the outbox, a batch at a time; the verdicts the server gave, and a problem ("" if none)."""
    from .server_client import ServerError, request_json

    key = str(link.outbox)
    if time.monotonic() - _last_failure.get(key, -1e9) < RETRY_SECONDS:
        return {}, "the server could not be reached a moment ago; it is tried again soon."
    verdicts: dict[str, Any] = {}
    while True:
        events = _read_outbox(link.outbox)[:BATCH]
        if not events:
            return verdicts, ""
        try:
            answer = request_json(f"{link.url}/api/classes/{link.code}/events",
                              {"learner": link.learner, "key": link.key, "events": events, "wait": wait},
                              timeout=TIMEOUT + wait)
        except ServerError as err:
            _last_failure[key] = time.monotonic()
            if err.reason == "forbidden":
                return verdicts, "the class does not know your key: run join_class again."
            return verdicts, str(err)
        verdicts.update(answer.get("verdicts", {}))
        _remove_outbox(link.outbox, set(answer.get("received", ())))


def _lock(path: Path) -> Any:
    from filelock import FileLock

    return FileLock(str(path) + ".lock", timeout=10)


def _append_outbox(path: Path, event: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with _lock(path), open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(event, ensure_ascii=False) + "\n")


def _read_outbox(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    found = []
    with _lock(path):
        lines = path.read_text("utf-8", errors="replace").splitlines()
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            continue  # a line torn by a crash: the rest still go
        if isinstance(event, dict) and isinstance(event.get("id"), str):
            found.append(event)
    return found


def _remove_outbox(path: Path, sent: set[str]) -> None:
    with _lock(path):
        lines = path.read_text("utf-8", errors="replace").splitlines() if path.is_file() else []
        kept = []
        for line in lines:
            try:
                if json.loads(line).get("id") in sent:
                    continue
            except (ValueError, AttributeError):
                continue
            kept.append(line)
        temporary = path.with_name(path.name + ".new")
        temporary.write_text("".join(line + "\n" for line in kept), "utf-8")
        os.replace(temporary, path)
