"""Where a learner's code runs: a process of its own behind walls, and only plain answers cross back.

- `walls`: the namespaces bubblewrap makes, the `Limits`, and what this machine allows (`status`);
- `processes`: starting and ending sandbox processes (a spare started ahead, or a fork server
  where there are no namespaces);
- `confinement`: what a sandbox does to itself before any learner code (hard limits, seccomp);
- `pickling`: sending the learner's object in, bounded in size;
- `sandbox`: `Sandbox`, the protocol with one sandbox process;
- `learner`: the learner's function as a checker's function or as a bot;
- `answers`: what crosses back (plain data) and the errors a sandbox ends in;
- `worker`: the program that runs inside.

This room imports nothing else of the package: the engine's play, the exercises and the tables
stand on it.  docs/sandbox.md is the threat model.
"""

from .answers import BotError, LearnerCodeError, LearnerCodeStopped, LearnerError, LearnerObject
from .learner import SandboxedBot, SandboxedFunction, is_function_bot, signature_of
from .pickling import Pickled, TooLarge, learner_pickle
from .processes import fork_available, session_members
from .sandbox import Sandbox
from .walls import ANSWERS, Hidden, Limits, SandboxWarning, status

__all__ = ["ANSWERS", "BotError", "Hidden", "LearnerCodeError", "LearnerCodeStopped", "LearnerError",
           "LearnerObject", "Limits", "Pickled", "Sandbox", "SandboxWarning", "SandboxedBot",
           "SandboxedFunction", "TooLarge", "fork_available", "is_function_bot", "learner_pickle",
           "session_members", "signature_of", "status"]
