"""`simulate` across processes and executors (issue 12 §2): the same results however games are spread."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from goose_widgets.engine import RandomBot, load_game, simulate
from goose_widgets.games.boo_to_the_goose.registry import BOTS


def _records(result):
    return [(r.returns, r.scores, r.steps) for r in result.records]


def test_workers_and_executors_give_identical_results():
    game = load_game("game_of_the_goose", players=3)
    serial = simulate(game, 60, seed=7, progress=False)
    assert len({tuple(r.returns) for r in serial.records}) > 1  # the games really differ
    two = simulate(game, 60, seed=7, progress=False, workers=2, chunk_size=7)
    one = simulate(game, 60, seed=7, progress=False, workers=1)
    with ThreadPoolExecutor(3) as threads:
        threaded = simulate(game, 60, seed=7, progress=False, executor=threads, chunk_size=11)
    with ProcessPoolExecutor(2) as processes:
        pooled = simulate(game, 60, seed=7, progress=False, executor=processes)
    for other in (two, one, threaded, pooled):
        assert _records(other) == _records(serial)
    assert _records(simulate(game, 60, seed=8, progress=False, workers=2)) != _records(serial)


def test_parallel_simulate_with_game_bots_rotation_and_on_game():
    game = load_game("boo_to_the_goose", players=3)
    bots = [BOTS[name]() for name in list(BOTS)[:2]] + [RandomBot()]
    finals: dict[str, list] = {"serial": [], "parallel": []}
    serial = simulate(game, 9, bots, seed=3, progress=False, rotate_seats=True,
                      on_game=finals["serial"].append)
    parallel = simulate(game, 9, bots, seed=3, progress=False, rotate_seats=True, workers=2,
                        chunk_size=2, on_game=finals["parallel"].append)
    assert _records(parallel) == _records(serial)
    assert [f.history for f in finals["parallel"]] == [f.history for f in finals["serial"]]
    assert parallel.bot_names == serial.bot_names


def test_simulate_refuses_bad_workers_and_seeds():
    game = load_game("game_of_the_goose", players=2)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="workers"):
            simulate(game, 2, progress=False, workers=bad)
    for label, bad in (("games", -1), ("games", 2.0), ("chunk_size", 0)):
        with pytest.raises(ValueError, match=label):
            simulate(game, **{"games": 2, label: bad}, progress=False, workers=2)
    with pytest.raises(TypeError, match="seed"):
        simulate(game, 2, progress=False, seed=1.5)


def test_simulate_on_a_local_dask_cluster_gives_the_same_results():
    distributed = pytest.importorskip(
        "distributed", reason="the Dask test needs `distributed` (pip install dask[distributed])")
    game = load_game("game_of_the_goose", players=2)
    serial = simulate(game, 40, seed=11, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = simulate(game, 40, seed=11, progress=False, executor=client.get_executor())
    assert _records(on_dask) == _records(serial)
