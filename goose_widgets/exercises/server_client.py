"""Talking to a goose-widgets server from a learner's kernel: one JSON request, and its errors in
words a learner can act on (`ServerError`).  Used by a learner's link to a live class
(`class_link`), its bot league (`league`), and a notebook's seat at a table (`server.remote`).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

__all__ = ["ServerError", "request_json", "server_address"]


class ServerError(ValueError):
    """What a classroom server refused, or why it could not be asked; ``reason`` is the server's
    short word ("no_table", "forbidden", "taken", "rate_limited", ...), or "unreachable", "full"."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def request_json(url: str, body: dict[str, Any] | None = None, token: str | None = None,
                 timeout: float = 10.0) -> Any:
    """GET (``body`` None) or POST ``body`` as JSON to a goose-widgets server; its JSON answer.
    `ServerError` says what the server refused, or why it could not be asked."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers=headers)
    base = url.split("/api/", 1)[0]
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - the teacher's server
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        try:
            answer = json.loads(err.read())
            reason, message = str(answer.get("error", err.code)), str(answer.get("message", err))
        except (ValueError, AttributeError):
            reason, message = str(err.code), f"{base} answered {err}: is it a goose-widgets table server?"
        raise ServerError(reason, message) from None
    except (urllib.error.URLError, OSError) as err:  # refused, unknown host, timed out
        why = getattr(err, "reason", err)
        raise ServerError("unreachable", f"cannot reach the table server at {base} ({why}): is "
                                         "`goose-widgets serve` running there, and is the address "
                                         "right?") from None
    except ValueError:
        raise ServerError("not_a_server", f"{base} did not answer like a goose-widgets table server: "
                                          "is the address right?") from None


def server_address(url: str) -> str:
    """``http://host:port`` of a server's address or of any of its pages; ValueError if not one."""
    if not isinstance(url, str) or not url.strip().startswith(("http://", "https://")):
        raise ValueError(f"url must be the server's address, like 'http://192.168.1.20:8765', not {url!r}.")
    parts = urllib.parse.urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}"
