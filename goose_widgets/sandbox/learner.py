"""A learner's function as the referee uses it: as a function (`SandboxedFunction`, an answer a
checker calls) or as a bot (`SandboxedBot`, a seat of a game), each call or move run in a `Sandbox`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .answers import BotError, LearnerCodeError, LearnerCodeStopped, LearnerError
from .pickling import TooLarge, learner_pickle
from .sandbox import Sandbox
from .walls import ANSWERS, Hidden, Limits

__all__ = ["SandboxedBot", "SandboxedFunction", "is_function_bot", "signature_of"]


class SandboxedFunction:
    """A learner's function as a checker sees it: each call runs in the sandbox, under a total time
    ``limit`` (the time spent in the learner's code across calls), and returns safe data.

    Raises `LearnerCodeStopped` at the limit, `LearnerError` when the learner's code raises and
    `LearnerCodeError` when it breaks its sandbox.  ``__signature__`` is the learner's function's,
    as the sandbox reported it (with placeholder defaults), so ``inspect.signature`` works here.
    """

    def __init__(self, sandbox: Sandbox, limit: float) -> None:
        self._sandbox, self._limit = sandbox, limit
        info = sandbox.load()
        self.__name__ = info.get("loaded", "function")
        parameters = info.get("parameters")
        self.__signature__ = signature_of(parameters) if isinstance(parameters, list) else None

    def __call__(self, *args: Any) -> Any:
        remaining = self._limit - self._sandbox.spent
        if remaining <= 0 or self._sandbox.closed:
            raise LearnerCodeStopped(self._limit)
        try:
            return self._sandbox.call(args, remaining)
        except LearnerCodeStopped:
            raise LearnerCodeStopped(self._limit) from None

    def __repr__(self) -> str:
        return f"<your function {self.__name__}>"


def signature_of(parameters: list[Any]) -> Any:
    """An `inspect.Signature` from the parameters a sandbox reported (placeholder defaults)."""
    import inspect

    try:
        return inspect.Signature([
            inspect.Parameter(str(name), getattr(inspect.Parameter, str(kind)),
                              default=None if has_default else inspect.Parameter.empty)
            for name, kind, has_default in parameters])
    except (ValueError, TypeError, AttributeError):
        return None


def is_function_bot(spec: Any) -> bool:
    """A seat given as a plain callable (``my_bot(observation, legal_actions)``) rather than a bot
    object with ``choose``: it runs sandboxed (see `engine.bots`)."""
    return callable(spec) and not isinstance(spec, type) and not hasattr(spec, "choose")


class SandboxedBot:
    """A learner's function ``my_bot(observation, legal_actions)`` as a bot of the engine's protocol,
    run in a sandbox of its own (started on its first move).

    ``choose`` sends the observation and a copy of the legal actions, never its generator (the
    function draws from its own, if it wants randomness), and returns the legal action the function
    chose (or whose text it returned).  An illegal answer, an exception or a move slower than
    ``move_limit`` (or past ``total_limit`` for all its moves) raises `BotError` naming
    ``seat_name``; the sandbox is then stopped.  A forced move (one legal action) is made without
    asking.  Pickled (for `simulate`'s workers), it travels as the learner's function alone.
    """

    needs_forced_moves = False

    def __init__(self, function: Any, seat_name: str = "its seat", *, move_limit: float = 10.0,
                 total_limit: float | None = None, name: str | None = None,
                 payload: bytes | None = None, limits: Limits | None = None,
                 hidden: Hidden = ANSWERS) -> None:
        self.function = function
        self.payload = payload
        self.limits = limits
        self.hidden = hidden
        self.seat_name = seat_name
        self.move_limit, self.total_limit = move_limit, total_limit
        self.name = name or str(getattr(function, "__name__", "your bot"))
        self.sandbox: Sandbox | None = None
        self.moves = 0
        self.broken = ""  # why the bot was stopped for good, if it was

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: Any) -> Any:
        legal = list(legal_actions)
        if self.broken:
            raise BotError(f"your bot, playing {self.seat_name}, was stopped earlier: {self.broken}")
        limit = self.move_limit
        if self.total_limit is not None:
            limit = min(limit, self.total_limit - self.spent)
        if self.sandbox is None:
            self.sandbox = Sandbox(self.function, payload=self.payload, limits=self.limits,
                                   hidden=self.hidden)
            try:
                self.sandbox.load()
            except TooLarge as err:
                raise self._fail(f"your bot cannot be sent to its sandbox: {err}.") from None
            except TypeError as err:
                raise self._fail(f"your bot cannot be sent to its sandbox: {err}") from None
            except LearnerError as err:
                raise self._fail(f"loading your bot raised {err.summary()}") from None
            except (LearnerCodeStopped, LearnerCodeError) as err:
                raise self._fail(f"your bot could not be loaded: {err}") from None
        self.moves += 1
        try:
            if limit <= 0:
                raise LearnerCodeStopped(self.total_limit or 0)
            choice = self.sandbox.choose(observation, legal, limit)
        except LearnerCodeStopped:
            seconds = limit if limit == self.move_limit else (self.total_limit or limit)
            which = ("for one move" if limit == self.move_limit else "in all")
            raise self._fail(f"your bot, playing {self.seat_name}, was stopped after {seconds:g} s {which} "
                             "(its time limit): does it loop forever, or compute far more than needed?",
                             stopped=seconds) from None
        except LearnerError as err:
            where = err.where()
            raise BotError(f"your bot, playing {self.seat_name}, raised {err.summary()}"
                           + (f"\n\n```\n{where}\n```" if where else "")) from None
        except LearnerCodeError as err:
            raise self._fail(f"your bot, playing {self.seat_name}, broke its sandbox: {err}.") from None
        if isinstance(choice, int):
            return legal[choice]
        more = f", … ({len(legal)} in all)" if len(legal) > 6 else ""
        shown = ", ".join(str(a) for a in legal[:6]) + more
        raise BotError(f"your bot, playing {self.seat_name}, chose {choice}, which is not a legal action "
                       f"here.  Return one of `legal_actions` (here: {shown}).")

    def _fail(self, message: str, stopped: float | None = None) -> BotError:
        """Stop the sandbox for good (until `reset`): the bot broke a rule that ends its games."""
        self.broken = message
        self.close()
        return BotError(message, stopped=stopped)

    def reset(self) -> None:
        """A fresh start (a new game at a table): the next move starts a new sandbox."""
        self.close()
        self.broken = ""

    @property
    def spent(self) -> float:
        return self.sandbox.spent if self.sandbox is not None else 0.0

    def close(self) -> None:
        """End the sandbox (a later move starts another, unless the bot was stopped for good)."""
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if state["payload"] is None:
            limits = self.limits or Limits.from_environment()
            state["payload"] = learner_pickle(self.function, limit=limits.sent)
        state["function"], state["sandbox"] = None, None
        return state

    def __repr__(self) -> str:
        return f"SandboxedBot({self.name!r})"
