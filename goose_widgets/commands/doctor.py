"""``goose-widgets doctor``: which walls and limits a learner's code runs behind on this machine, and why.

It prints what `goose_widgets.sandbox.status` found (namespaces by bubblewrap, or a process of its
own only, with the reason), the limits in force (with the environment variables that change them),
and then what a real sandbox sees from inside: its user, the processes and network interfaces it
can see, its environment, the folders it may write to, its resource limits and its seccomp
filter.  Exit code 0 when learner code is behind walls, 1 when it is isolated by process only, 2
when no sandbox could be started.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys

from .. import __version__

__all__ = ["main"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="goose-widgets doctor", description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    from ..sandbox import Limits, Sandbox, status
    from ..sandbox.confinement import look_around
    from ..sandbox.walls import format_size

    found = status()
    print(f"goose-widgets {__version__}, Python {platform.python_version()} on {platform.platform()}")
    for line in found.lines():
        print(line)
    limits = Limits.from_environment()
    print("limits: " + "; ".join(limits.describe()))
    try:
        with Sandbox(look_around, limits=limits) as box:
            inside = box.call((), timeout=60)
            confined = box.info.get("confined", {})
    except Exception as err:  # noqa: BLE001 - say what failed, whatever it is
        print(f"a sandbox could not be started: {type(err).__name__}: {err}", file=sys.stderr)
        return 2
    print("seen from inside a sandbox:")
    print(f"  user id {inside.get('uid')}, process id {inside.get('pid')}, "
          f"{inside.get('processes')} process(es) in sight")
    print(f"  network interfaces: {', '.join(inside.get('interfaces') or ['none'])}")
    print(f"  environment: {', '.join(inside.get('environment') or [])}")
    print(f"  may write to: {', '.join(inside.get('writable') or ['nothing'])}")
    memory = inside.get("RLIMIT_AS")
    if memory:
        files, cpu = inside.get("RLIMIT_FSIZE", [0, 0])[0], inside.get("RLIMIT_CPU", [0, 0])[0]
        print(f"  memory limit {format_size(memory[0])}, files at most {format_size(files)}, CPU {cpu} s")
    print(f"  seccomp filter: {'loaded' if inside.get('seccomp') and confined.get('seccomp') else 'none'}")
    if not found.namespaces:
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            print("note: without namespaces, code run as root could raise its own limits.")
        return 1
    return 0
