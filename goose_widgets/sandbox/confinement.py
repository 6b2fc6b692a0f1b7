"""What a sandbox process does to itself before it runs any learner code, and the words for a limit
the learner's code hit.

`enter` sets each of the sandbox's `walls.Limits` as a hard resource limit (soft and hard alike:
a process can lower a hard limit but never raise it without a privilege that a sandbox does not
hold) and loads the seccomp filter (`seccomp_filter`), which refuses, with ``EPERM``:

- new processes (``fork``, ``vfork``, a ``clone`` that is not a thread; ``clone3`` answers
  ``ENOSYS``, so that the C library starts threads with ``clone``): a sandbox is one process;
- reading or writing another process (``ptrace``, ``process_vm_readv``/``writev``, the
  ``pidfd_*`` calls, ``kcmp``) and signalling one (``kill``, ``tgkill``, ``rt_sigqueueinfo``...
  to any process but this one);
- new namespaces, mounts, keyrings, BPF, ``perf_event_open``, ``userfaultfd`` and ``io_uring``:
  the kernel's largest attack surfaces.

Behind namespaces (Linux with bubblewrap) this is a second layer; without them it is what stands
between the learner's code and the user's other processes, together with the limits.
"""

from __future__ import annotations

import errno
import os
import sys
import traceback
import types
from typing import Any

from .walls import Hidden, Limits, format_size

__all__ = ["enter", "hide", "limit_message", "look_around", "seccomp_filter"]

DENIED = ("ptrace", "process_vm_readv", "process_vm_writev", "pidfd_open", "pidfd_getfd",
          "pidfd_send_signal", "kcmp", "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key",
          "request_key", "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "mount_setattr",
          "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick", "io_uring_setup",
          "io_uring_enter", "io_uring_register", "fork", "vfork", "tkill", "kexec_load",
          "kexec_file_load", "init_module", "finit_module", "delete_module", "reboot", "swapon",
          "swapoff", "acct", "open_by_handle_at")
SIGNALS = ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")  # allowed to this process only
CLONE_THREAD = 0x00010000


def seccomp_filter(pid: int) -> Any:
    """The filter of the module docstring for the process ``pid`` (not loaded), or None where
    libseccomp or pyseccomp is missing."""
    try:
        import pyseccomp as seccomp
    except Exception:  # noqa: BLE001 - ImportError, or OSError from a missing libseccomp
        return None
    denied = seccomp.ERRNO(errno.EPERM)
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    for name in DENIED:
        _add(rules, denied, name)
    for name in SIGNALS:
        _add(rules, denied, name, seccomp.Arg(0, seccomp.NE, pid))
    _add(rules, denied, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    _add(rules, seccomp.ERRNO(errno.ENOSYS), "clone3")
    return rules


def _add(rules: Any, action: int, name: str, *args: Any) -> None:
    try:
        rules.add_rule(action, name, *args)
    except Exception:  # noqa: BLE001 - a call this architecture does not have
        pass


def enter(limits: Limits, walled: bool) -> dict[str, bool]:
    """Set the limits and load the filter; say what is in force.  Never raises: a limit this
    platform does not have is skipped (`walls.status` and ``goose-widgets doctor`` say so)."""
    done = {"limits": False, "seccomp": False}
    try:
        import resource
    except ImportError:  # Windows
        return done
    wanted = [("RLIMIT_AS", limits.memory), ("RLIMIT_FSIZE", limits.file_size),
              ("RLIMIT_NOFILE", limits.open_files), ("RLIMIT_CORE", 0)]
    if walled:  # counted in the sandbox's own user namespace; outside one, every process of the user counts
        wanted.append(("RLIMIT_NPROC", limits.threads))
    for name, value in wanted:
        which = getattr(resource, name, None)
        if which is not None:
            try:
                resource.setrlimit(which, (value, value))
            except (ValueError, OSError):
                pass
    cpu = getattr(resource, "RLIMIT_CPU", None)
    if cpu is not None:
        try:  # the soft limit stops the process with SIGXCPU; the hard one a moment later for sure
            resource.setrlimit(cpu, (limits.cpu_seconds, limits.cpu_seconds + 2))
        except (ValueError, OSError):
            pass
    done["limits"] = True
    rules = seccomp_filter(os.getpid()) if sys.platform.startswith("linux") else None
    if rules is not None:
        try:
            rules.load()
            done["seccomp"] = True
        except Exception:  # noqa: BLE001 - a kernel without seccomp
            pass
    return done


_STARTS = ("fork", "_fork_exec", "_execute_child", "_posix_spawn", "posix_spawn", "_launch", "spawnv")


def limit_message(err: BaseException, limits: Limits, hidden: Hidden | None = None) -> str | None:
    """What to tell the learner when ``err`` is a limit of the sandbox (or a module it is without),
    or None."""
    if isinstance(err, ImportError) and hidden is not None:
        refused = hidden.covers(err.name or "")
        for name in (refused,) if refused else hidden.refuse:
            package, _, last = name.rpartition(".")
            if refused or (f"'{last}'" in str(err) and package in str(err)):
                return f"it imports {name}, which is not available here: {hidden.why}."
    if isinstance(err, MemoryError):
        held = _memory_held()
        return (f"it asked for more memory than a sandbox may hold (the limit is "
                f"{format_size(limits.memory)}{held}).  Does it keep a table or a list that grows "
                "without end?")
    if isinstance(err, OSError):
        code = err.errno
        if code == errno.EFBIG:
            return (f"it wrote a file bigger than a sandbox allows ({format_size(limits.file_size)} "
                    "a file).")
        if code == errno.ENOSPC:
            return (f"it filled the sandbox's /tmp (the limit is {format_size(limits.tmp_size)}): "
                    "a sandbox is for computing answers, not for keeping files.")
        if code == errno.EROFS:
            return "it tried to write outside /tmp; a sandbox may write only in /tmp."
        if code in (errno.EPERM, errno.EAGAIN, errno.ENOSYS) and _starts_a_process(err):
            return ("it tried to start another process (fork, subprocess, multiprocessing); a "
                    "sandbox runs your code in one process.  Threads are allowed.")
        if code == errno.EPERM and getattr(err, "filename", None) is None:  # what the seccomp filter refuses
            return ("it tried something a sandbox does not allow: to start another process "
                    "(fork, subprocess, multiprocessing), or to trace or signal another process.  A "
                    "sandbox runs your code in one process; threads are allowed.")
    if isinstance(err, RuntimeError) and "can't start new thread" in str(err):
        return (f"it started more threads than a sandbox allows (at most {limits.threads}, and each "
                "thread's stack counts against the memory limit).")
    return None


def _starts_a_process(err: BaseException) -> bool:
    """Whether the failed call started a process: a frame of ``subprocess`` or ``multiprocessing``
    that does, or the learner's own line that calls ``os.fork`` (a built-in has no frame)."""
    frames = traceback.extract_tb(err.__traceback__)
    return any(frame.name in _STARTS for frame in frames) or bool(
        frames and any(word in (frames[-1].line or "") for word in ("fork", "spawn", "exec")))


def _memory_held() -> str:
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return f"; it held {format_size(int(line.split()[1]) * 1024)} when it was refused"
    except (OSError, ValueError, IndexError):
        pass
    return ""


def look_around() -> dict[str, Any]:
    """What a sandbox sees of itself (``goose-widgets doctor`` runs it inside one): its user, its
    process id, the processes and network interfaces it can see, its environment's names, the
    folders it may write to and its resource limits."""
    import socket

    try:
        processes = sorted(int(e) for e in os.listdir("/proc") if e.isdigit())
    except OSError:
        processes = []
    try:
        interfaces = sorted(name for _, name in socket.if_nameindex())
    except OSError:
        interfaces = []
    writable = []
    for folder in ("/", "/tmp", "/dev", "/dev/shm", "/etc", "/usr", os.path.expanduser("~"), os.getcwd()):
        if os.path.isdir(folder) and os.access(folder, os.W_OK):
            writable.append(folder)
    seen: dict[str, Any] = {"uid": os.getuid() if hasattr(os, "getuid") else None, "pid": os.getpid(),
                            "processes": len(processes), "interfaces": interfaces,
                            "environment": sorted(os.environ), "writable": sorted(set(writable)),
                            "cwd": os.getcwd()}
    try:
        import resource

        for name in ("RLIMIT_AS", "RLIMIT_FSIZE", "RLIMIT_CPU", "RLIMIT_NPROC", "RLIMIT_NOFILE"):
            seen[name] = list(resource.getrlimit(getattr(resource, name)))
    except (ImportError, AttributeError, OSError):
        pass
    try:
        with open("/proc/self/status") as status:
            seen["seccomp"] = any(line.split() == ["Seccomp:", "2"] for line in status)
    except OSError:
        seen["seccomp"] = False
    return seen


class _StandIn:
    """What a stubbed module's every name is while a notebook is graded: inert.  Any attribute is
    another stand-in, a call returns None, so ``exercise.check(answer)`` does nothing."""

    def __getattr__(self, name: str) -> _StandIn:
        if name.startswith("__"):
            raise AttributeError(name)
        return _StandIn()

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        return None

    def __repr__(self) -> str:
        return "(not available here)"


class _HiddenModules:
    """A finder at the front of ``sys.meta_path``: the modules of a `walls.Hidden` are refused or
    stubbed, whatever the files say."""

    def __init__(self, hidden: Hidden) -> None:
        self.hidden = hidden

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        import importlib.machinery

        refused = self.hidden.covers(name)
        if refused:  # an ImportError, not ModuleNotFoundError: ``from p import m``
            # then keeps these words instead of "cannot import name 'm'"
            raise ImportError(f"No module named {name!r} here: {self.hidden.why}", name=refused)
        if name in self.hidden.stub:
            return importlib.machinery.ModuleSpec(name, self)  # type: ignore[arg-type]
        return None

    def create_module(self, spec: Any) -> Any:
        import types

        module = types.ModuleType(spec.name)
        module.__getattr__ = lambda attribute: _StandIn()  # type: ignore[method-assign]
        return module

    def exec_module(self, module: Any) -> None:
        return None


def hide(hidden: Hidden) -> None:
    """Refuse or stub the modules of ``hidden`` from now on (those already imported are forgotten)."""
    for name in list(sys.modules):
        if name in hidden.stub or hidden.covers(name):
            sys.modules.pop(name, None)
    # A package keeps its imported submodules as attributes: ``from games.boo import rules``
    # would find the module there without asking the finder.
    for name in hidden.refuse + hidden.stub:
        parent, _, last = name.rpartition(".")
        if parent in sys.modules and isinstance(getattr(sys.modules[parent], last, None), types.ModuleType):
            delattr(sys.modules[parent], last)
    sys.meta_path.insert(0, _HiddenModules(hidden))
