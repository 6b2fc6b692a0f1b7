"""`simulate` gives the serial results whatever runs it, and cannot hang (issue 18 §6, issue 20 §6).

The matrix: every built-in bot of every game, played serially, by ``workers=2``, by a process
executor, by a thread executor (each chunk with its own copies of the bots) and on a local Dask
cluster, gives the same games.  A bot that cannot be pickled is a `TypeError` naming it, at once,
every time; a bot class defined in a notebook (here: in a function) travels under the spawn start
method; a plain function as a bot runs sandboxed; and pool workers end when their parent dies.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from goose_widgets import bots_for
from goose_widgets.engine import load_game, simulate

GAMES = {"game_of_the_goose": ({"players": 2}, 24), "boo_to_the_goose": ({"players": 3}, 12),
         "sneaky_goose": ({"players": 3, "rounds": 1}, 9), "boo": ({}, 2)}


def _records(result):
    return [(r.returns, r.scores, r.steps) for r in result.records]


def _bots(name, params):
    """Every built-in bot of the game, in turn around the table (with seats rotated, each plays
    every seat)."""
    factories = list(bots_for(name).values())
    players = load_game(name, **params).players
    return [factories[i % len(factories)]() for i in range(players)]


@pytest.mark.parametrize("name", GAMES)
def test_every_built_in_bot_gives_the_serial_results_however_the_games_are_spread(name):
    params, games = GAMES[name]
    game = load_game(name, **params)

    def run(**how):
        return _records(simulate(game, games, _bots(name, params), seed=5, progress=False,
                                 rotate_seats=True, chunk_size=max(1, games // 4), **how))

    serial = run()
    assert run(workers=2) == serial
    with ProcessPoolExecutor(2) as processes:
        assert run(executor=processes) == serial
    with ThreadPoolExecutor(3) as threads:  # each chunk plays with copies of its own
        assert run(executor=threads) == serial


def test_the_matrix_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        for name, (params, games) in GAMES.items():
            game = load_game(name, **params)
            serial = simulate(game, games, _bots(name, params), seed=5, progress=False, rotate_seats=True)
            on_dask = simulate(game, games, _bots(name, params), seed=5, progress=False, rotate_seats=True,
                               executor=client.get_executor(), chunk_size=max(1, games // 4))
            assert _records(on_dask) == _records(serial), name


def test_a_thread_executor_never_shares_a_bot_between_threads():
    name, params = "sneaky_goose", {"players": 2, "rounds": 1}
    game = load_game(name, **params)
    bots = [bots_for(name)["forgetful"](), bots_for(name)["forgetful"]()]
    serial = simulate(game, 24, bots, seed=2, progress=False)
    with ThreadPoolExecutor(4) as threads:
        threaded = simulate(game, 24, bots, seed=2, progress=False, executor=threads, chunk_size=1)
    assert _records(threaded) == _records(serial)


class Unpicklable:
    name = "holds a lock"

    def __init__(self):
        self.lock = threading.Lock()

    def choose(self, observation, legal_actions, rng):
        return legal_actions[0]


def test_a_bot_that_cannot_be_pickled_is_a_type_error_at_once_every_time():
    game = load_game("game_of_the_goose", players=2)
    simulate(game, 4, seed=1, progress=False, workers=2)  # an earlier run in the same process
    for _ in range(8):
        started = time.perf_counter()
        with pytest.raises(TypeError, match=r"bot 2 \(holds a lock, Unpicklable\) cannot be sent") as raised:
            simulate(game, 4, [bots_for("game_of_the_goose")["random"](), Unpicklable()], progress=False,
                     workers=2)
        assert "lock" in str(raised.value) and "without workers" in str(raised.value)
        assert time.perf_counter() - started < 1.0


def test_a_bot_class_of_a_notebook_travels_under_spawn(monkeypatch):
    class NotebookBot:  # defined here, like a notebook's class: not importable by a worker
        name = "mine"

        def choose(self, observation, legal_actions, rng):
            return max(legal_actions, key=str)

    monkeypatch.setenv("GOOSE_WIDGETS_FORK", "off")  # the pool's workers are spawned
    game = load_game("boo_to_the_goose", players=2)
    bots = [NotebookBot(), bots_for("boo_to_the_goose")["random"]()]
    serial = simulate(game, 6, bots, seed=4, progress=False)
    assert _records(simulate(game, 6, bots, seed=4, progress=False, workers=2)) == _records(serial)


def highest(observation, legal_actions):
    return max(legal_actions, key=str)


def test_a_plain_function_as_a_bot_runs_sandboxed_and_spreads_like_any_bot():
    game = load_game("boo_to_the_goose", players=2)
    bots = [highest, bots_for("boo_to_the_goose")["random"]()]
    serial = simulate(game, 6, bots, seed=4, progress=False)
    assert serial.bot_names == ["highest", "random"]
    assert _records(simulate(game, 6, bots, seed=4, progress=False, workers=2)) == _records(serial)


PARENT = textwrap.dedent("""
    import os, sys
    from goose_widgets.engine import load_game, simulate
    from goose_widgets.engine import play

    pool = play.process_pool(2)
    futures = [pool.submit(os.getpid) for _ in range(8)]
    print(" ".join(sorted({str(f.result()) for f in futures})), flush=True)
    simulate(load_game("boo", players=2), 10_000, progress=False, executor=pool)
""")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_pool_workers_end_when_their_parent_is_killed():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True,
                              start_new_session=True)
    try:
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and all(_alive(pid) for pid in workers)
        os.kill(parent.pid, signal.SIGKILL)  # the kernel killed mid-study
        parent.wait()
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        print(f"workers gone {10 - (deadline - time.monotonic()):.2f} s after their parent was killed")
        assert not any(_alive(pid) for pid in workers)
    finally:
        if parent.poll() is None:
            parent.kill()
