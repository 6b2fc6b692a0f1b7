"""The attacks of issue 28, run as a hostile learner would: in a real Jupyter kernel, from inside a
capstone bot, a function answer, a `Table` seat and ``simulate(workers=2)``.

`run` starts a kernel (jupyter_client's `KernelManager`, as JupyterLab does) with secrets of its
own: a marker in its environment, a progress file (``GOOSE_WIDGETS_PROGRESS``), ``JPY_PARENT_PID``,
a working folder, a TCP port it listens on at 127.0.0.1, and its connection file (the HMAC key
that lets a client order the kernel about).  Then, as cells typed by the learner, it defines
`attack` (which tries every door from inside the learner's code and reports what opened) and runs
it through each path; each path's report comes back in the error the attack raises, the only
channel a sandbox has.  The doors, by key:

- ``kp`` the kernel's ``/proc`` entry in sight; ``ka`` an ancestor that is the kernel;
- ``cf`` the connection file read; ``fg`` a command sent to the kernel with its key;
  ``cp`` the kernel's control port reached; ``lp`` the kernel's own listener reached;
- ``km`` the kernel's memory opened for writing; ``ke`` the kernel's environment read;
- ``ev`` the kernel's environment inherited; ``pw`` the progress file written;
- ``fr`` / ``fw`` the kernel's folder read / written; ``sk`` a signal to the kernel allowed;
- ``of`` a process started that could outlive the check; ``m2`` 2 GiB taken; ``mt`` 1.5 GiB
  taken by a thread; ``th`` 200 threads started; ``d6`` 64 MB written to /tmp; ``nw`` a network
  interface besides loopback; ``ps`` more than three processes in sight.

Outside, the scenario checks what a report cannot: whether the kernel was forged (``FORGED``), its
listener was reached, the progress file or the kernel's folder changed, a process carrying the
marker is alive; that the kernel lives and the next honest check is on time; that memory and
disk over the limits are feedback naming the limit; and that once the kernel is shut down, none
of the processes it had below it (its spare sandbox among them) is left.

Run alone (``python tests/sandbox/kernel_attacks.py --fork on off``) it prints its findings as
JSON, one line a kernel: the tests run it as root and as an ordinary user.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

FORGED_TIME = "2026-12-03T10:00:00.123456+00:00"  # the attack's progress line carries it
DOORS = ("kp", "ka", "cf", "fg", "cp", "lp", "km", "ke", "ev", "pw", "fr", "fw", "sk", "of", "m2", "mt", "th",
         "d6", "nw", "ps")

ATTACK = r'''
import json

def attack(targets=TARGETS):
    """Try every door from inside the learner's code; 1 for each that opened."""
    import os, socket, sys, threading, time
    found = {}

    def door(name, how):
        try:
            found[name] = 1 if how() else 0
        except BaseException:
            found[name] = 0

    kernel = targets["kernel_pid"]

    def kernel_in_sight():
        with open(f"/proc/{kernel}/cmdline", "rb") as cmdline:
            return b"ipykernel" in cmdline.read()

    def ancestor_is_kernel():
        pid = os.getpid()
        for _ in range(40):
            with open(f"/proc/{pid}/stat") as stat:
                pid = int(stat.read().rsplit(")", 1)[1].split()[1])
            if pid <= 0:
                return False
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if b"ipykernel" in cmdline.read():
                    return True
        return False

    def forge():
        from jupyter_client import BlockingKernelClient
        client = BlockingKernelClient(connection_file=targets["connection_file"])
        client.load_connection_file()
        client.start_channels()
        try:
            client.execute("FORGED = True", silent=True)
            reply = client.get_shell_msg(timeout=1)
            return reply["content"]["status"] == "ok"
        finally:
            client.stop_channels()

    def reach(port):
        with socket.create_connection(("127.0.0.1", port), timeout=2) as connection:
            connection.sendall(b"hello")
        return True

    def write_progress():
        line = {"time": "2026-12-03T10:00:00.123456+00:00", "notebook": "04_boo_to_the_goose_probability",
                "exercise": "Write a bot", "kind": "check", "result": "correct"}
        with open(targets["progress_file"], "a") as progress:
            progress.write(json.dumps(line) + "\n")
        return True

    def write_folder():
        with open(os.path.join(targets["folder"], "left_by_the_learner.txt"), "w") as out:
            out.write("x")
        return True

    def leave_a_process():
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                if os.fork() == 0:
                    os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(120)",
                                              targets["marker"]])
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        return True

    def take_2gib():
        block = bytearray(2 << 30)
        block[:: 1 << 20] = b"x" * len(block[:: 1 << 20])
        return True

    def thread_takes():
        held = []

        def hold():
            try:
                held.append(bytearray(3 << 29))
            except MemoryError:
                pass

        worker = threading.Thread(target=hold)
        worker.start()
        worker.join()
        return bool(held)

    def many_threads():
        started = []
        for _ in range(200):
            thread = threading.Thread(target=time.sleep, args=(3,), daemon=True)
            thread.start()
            started.append(thread)
        return True

    def write_64mb():
        with open("/tmp/big.bin", "wb") as out:
            out.write(b"\0" * (64 << 20))
        return True

    door("kp", kernel_in_sight)
    door("ka", ancestor_is_kernel)
    door("cf", lambda: "key" in open(targets["connection_file"]).read())
    door("fg", forge)
    door("cp", lambda: reach(targets["control_port"]))
    door("lp", lambda: reach(targets["listener_port"]))
    door("km", lambda: open(f"/proc/{kernel}/mem", "r+b").close() is None)
    door("ke", lambda: targets["marker"].encode() in open(f"/proc/{kernel}/environ", "rb").read())
    inherited = ("GOOSE_WIDGETS_PROGRESS", "JPY_PARENT_PID", "ATTACK_SECRET")
    door("ev", lambda: any(name in os.environ for name in inherited))
    door("pw", write_progress)
    door("fr", lambda: os.listdir(targets["folder"]) is not None)
    door("fw", write_folder)
    door("sk", lambda: os.kill(kernel, 0) is None)
    door("of", leave_a_process)
    door("m2", take_2gib)
    door("mt", thread_takes)
    door("th", many_threads)
    door("d6", write_64mb)
    door("nw", lambda: any(name != "lo" for _, name in socket.if_nameindex()))
    door("ps", lambda: sum(entry.isdigit() for entry in os.listdir("/proc")) > 3)
    return found


def reported():
    raise RuntimeError("REPORT" + json.dumps(attack(), separators=(",", ":")) + "REPORT")


def attacking_bot(observation, legal_actions):
    reported()


def attacking_answer():
    reported()
'''

LISTENER = r'''
import socket, threading
HITS = []
_listener = socket.socket()
_listener.bind(("127.0.0.1", 0))
_listener.listen(8)
def _accept():
    while True:
        connection, _ = _listener.accept()
        HITS.append(connection.recv(16))
        connection.close()
threading.Thread(target=_accept, daemon=True).start()
print(_listener.getsockname()[1])
'''

PATHS = r'''
import dataclasses, json
from goose_widgets import play
from goose_widgets.engine import RandomBot, load_game, simulate
from goose_widgets.exercises import Exercise
from goose_widgets.games.boo_to_the_goose.exercises import write_a_bot

said = {}
said["capstone"] = write_a_bot.check(attacking_bot).message
said["function"] = Exercise("Two", "Return 2.", lambda answer: answer(), (), "s", time_limit=60).check(
    attacking_answer).message
try:
    play("boo_to_the_goose", players=[attacking_bot, "random"], bot_delay=0)
    said["table"] = "no error"
except RuntimeError as err:
    said["table"] = str(err)
try:
    simulate(load_game("boo_to_the_goose", players=2), 4, [attacking_bot, RandomBot()], workers=2,
             progress=False)
    said["simulate"] = "no error"
except Exception as err:
    said["simulate"] = str(err)
print("SAID" + json.dumps(said))
'''

AFTER = r'''
import json, time
from goose_widgets.exercises import Exercise

def hog():
    block = bytearray(2 << 30)
    return len(block)

def fills_tmp():
    with open("/tmp/big.bin", "wb") as out:
        out.write(b"\0" * (64 << 20))
    return 2

started = time.monotonic()
honest = Exercise("Two", "Return 2.", lambda answer: answer() == 2 or 1 / 0, (), "s", time_limit=60).check(
    lambda: 2)
took = time.monotonic() - started
over = {name: Exercise("Two", "Return 2.", lambda answer: answer(), (), "s", time_limit=60).check(f).message
        for name, f in (("memory", hog), ("disk", fills_tmp))}
print("AFTER" + json.dumps({"forged": bool(globals().get("FORGED")), "listener_hits": len(HITS),
                            "honest": honest.correct, "honest_seconds": took, "over": over}))
'''


def _run(client: Any, code: str, timeout: float = 300) -> str:
    """Run ``code`` in the kernel and return what it printed (raise with its traceback if it failed)."""
    msg_id = client.execute(code)
    printed, error = [], None
    deadline = time.monotonic() + timeout
    while True:
        try:
            message = client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            raise TimeoutError(f"the kernel did not finish in {timeout} s") from None
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = message["msg_type"], message["content"]
        if kind == "stream":
            printed.append(content["text"])
        elif kind == "error":
            error = "\n".join(content["traceback"])
        elif kind == "status" and content["execution_state"] == "idle":
            break
    if error:
        raise RuntimeError(error)
    return "".join(printed)


def _between(text: str, tag: str) -> Any:
    return json.loads(text.split(tag)[1]) if tag in text else None


def _report(text: str) -> dict[str, int] | None:
    return json.loads(text.split("REPORT")[1]) if text.count("REPORT") >= 2 else None


def marked_processes(marker: str) -> list[int]:
    found = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in found if int(pid) != os.getpid()]


def run(fork: bool, walls: bool = True) -> dict[str, Any]:
    """One kernel, every path, every door; the findings as plain data (see the module docstring).
    ``walls=False`` runs the kernel with ``GOOSE_WIDGETS_WALLS=off``: the fallback, and the control
    that shows the attacks do open doors where there are no walls."""
    from jupyter_client import KernelManager

    marker = "goose-attack-" + uuid.uuid4().hex[:12]
    home = Path(tempfile.mkdtemp(prefix="goose-kernel-"))
    folder = home / "course"
    folder.mkdir()
    (folder / "notes.txt").write_text("the learner's own notes")
    progress = folder / "goose_widgets_progress.jsonl"
    env = dict(os.environ, ATTACK_SECRET=marker, GOOSE_WIDGETS_PROGRESS=str(progress),
               JPY_PARENT_PID=str(os.getpid()), GOOSE_WIDGETS_FORK="on" if fork else "off",
               GOOSE_WIDGETS_RAISE_ERRORS="1", JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               IPYTHONDIR=str(home / "ipython"), HOME=str(home), MPLBACKEND="Agg")
    env["GOOSE_WIDGETS_WALLS"] = "on" if walls else "off"
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(env=env, cwd=str(folder))
    client = manager.client()
    client.start_channels()
    found: dict[str, Any] = {"fork": "on" if fork else "off", "walls": walls, "uid": os.getuid()}
    try:
        client.wait_for_ready(timeout=120)
        port = int(_run(client, LISTENER).strip())
        targets = {"kernel_pid": manager.provisioner.pid if manager.provisioner else 0,
                   "connection_file": manager.connection_file, "control_port": manager.control_port,
                   "listener_port": port, "progress_file": str(progress), "folder": str(folder),
                   "marker": marker}
        _run(client, f"TARGETS = {json.dumps(targets)}\n" + ATTACK)
        started = time.monotonic()
        printed = _run(client, PATHS)
        said = _between(printed, "SAID") or {}
        found["said_isolated_by_process_only"] = "isolated by process only" in printed
        found["paths_seconds"] = round(time.monotonic() - started, 1)
        found["paths"] = {path: _report(text) for path, text in said.items()}
        found["said"] = {path: text[:300] for path, text in said.items() if _report(text) is None}
        time.sleep(1.0)
        found["after"] = _between(_run(client, AFTER), "AFTER")
        # The checks themselves record events in the progress file and create it: what matters
        # is the attack's line (its time stamp is its own) and the attack's file.
        lines = progress.read_text().splitlines() if progress.exists() else []
        found["outside"] = {
            "progress_forged": any(FORGED_TIME in line for line in lines),
            "folder_written": (folder / "left_by_the_learner.txt").exists(),
            "marked_alive": len(marked_processes(marker)),
            "kernel_alive": manager.is_alive(),
        }
        below = _descendants(targets["kernel_pid"])  # its spare sandbox, a pool's helper, any left
    finally:
        for pid in marked_processes(marker):  # clean up what escaped (ours alone: it carries our mark)
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    deadline = time.monotonic() + 10
    while _alive(below) and time.monotonic() < deadline:
        time.sleep(0.1)
    found["outside"]["below_before_shutdown"] = len(below)
    found["outside"]["left_after_shutdown"] = len(_alive(below))
    return found


def _descendants(root: int) -> set[int]:
    parent = {}
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError):
            continue
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, ppid in parent.items() if ppid in frontier} - found
        found |= frontier
    return found


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.add(pid)
        except OSError:
            pass
    return alive


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fork", choices=("on", "off"), nargs="+", default=["on"])
    parser.add_argument("--walls", choices=("on", "off"), default="on")
    args = parser.parse_args()
    for fork in args.fork:
        print("FINDINGS" + json.dumps(run(fork == "on", args.walls == "on")) + "FINDINGS", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
