"""Where a learner's code runs: a sandbox process of its own, behind walls (see `sandbox.sandbox`)."""

from .sandbox import (
    BotError,
    LearnerCodeError,
    LearnerCodeStopped,
    LearnerError,
    LearnerObject,
    Sandbox,
    SandboxedBot,
    SandboxedFunction,
    fork_available,
    is_function_bot,
    learner_pickle,
    session_members,
)

__all__ = ["BotError", "LearnerCodeError", "LearnerCodeStopped", "LearnerError", "LearnerObject", "Sandbox",
           "SandboxedBot", "SandboxedFunction", "fork_available", "is_function_bot", "learner_pickle",
           "session_members"]
