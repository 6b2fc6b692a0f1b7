"""An answer as it travels to a class server (`class_link`), and as the server reads it back.

Plain data (numbers, text and containers of them: `sandbox.answers.is_plain_data`) travels as the
sandbox's tagged JSON (``{"plain": ...}``), which the server decodes without running anything the
learner chose.  Anything else (a function, a bot, another object) travels as its pickle
(``{"pickle": base64, "function": bool}``), made as the sandbox makes it; the server never unpickles
it itself: it becomes a `sandbox.Pickled`, which only a sandbox opens.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from ..sandbox import Pickled, learner_pickle
from ..sandbox.answers import decode, is_plain_data
from ..sandbox.worker import encode

__all__ = ["MAX_SENT", "answer_payload", "answer_text", "answer_value"]

MAX_SENT = 2 << 20  # bytes of a pickled answer sent to a class (a bot is a few kilobytes)


def answer_payload(answer: Any) -> dict[str, Any]:
    """``answer`` ready to send; raises `TypeError` (it cannot be pickled), `sandbox.TooLarge` or
    `sandbox.LearnerCodeStopped` as `learner_pickle` does."""
    if is_plain_data(answer):
        return {"plain": encode(answer)}
    payload = learner_pickle(answer, limit=MAX_SENT)
    return {"pickle": base64.b64encode(payload).decode("ascii"), "function": callable(answer)}


def answer_value(sent: Any) -> Any:
    """The answer a class server received (`answer_payload`'s form): plain data, or a `Pickled`
    object that is never opened outside a sandbox.  `ValueError` for anything else."""
    if isinstance(sent, dict) and set(sent) == {"plain"}:
        try:
            return decode(sent["plain"])
        except Exception:  # noqa: BLE001 - the decoder's own error says "malformed"
            raise ValueError("the answer's data is malformed") from None
    if (isinstance(sent, dict) and set(sent) == {"pickle", "function"} and isinstance(sent["pickle"], str)
            and isinstance(sent["function"], bool)):
        if len(sent["pickle"]) > MAX_SENT * 4 // 3 + 8:
            raise ValueError(f"the answer is larger than the {MAX_SENT >> 20} MB an answer may be")
        try:
            return Pickled(base64.b64decode(sent["pickle"], validate=True), sent["function"])
        except binascii.Error:
            raise ValueError("the answer's pickle is not base64") from None
    raise ValueError("an answer is {\"plain\": data} or {\"pickle\": base64, \"function\": true|false}")


def answer_text(sent: Any, width: int = 60) -> str:
    """A short text of a sent answer for the teacher's page: the value, or "a function"."""
    try:
        value = answer_value(sent)
    except ValueError:
        return "(malformed)"
    if isinstance(value, Pickled):
        return "a function" if value.function else "an object"
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"
