"""A live class judged on a Dask cluster (``goose-widgets serve --dask-scheduler``): the same
executor interface as the server's own pool of processes.

The cluster runs in a Python process of its own (this file run as a program): Dask leaves a helper
process behind (multiprocessing's resource tracker), which would count as "left behind" in the
sandbox tests that later run in the same pytest worker."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import pytest


def move(square, roll):
    return square


def judged_on_a_local_cluster() -> list[dict[str, object]]:
    import distributed
    from starlette.testclient import TestClient

    from goose_widgets.games.game_of_the_goose.exercises import move_a_pawn
    from goose_widgets.server.judge import Judges
    from tests.server.helpers import make_app
    from tests.server.test_class import event, join, new_class, send

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as dask:
        judges = Judges(1, executor=dask.get_executor())
        app = make_app(Path(tempfile.mkdtemp()) / "dask.sqlite3", judges=judges, league=False)
        with TestClient(app) as client:
            code = new_class(client)
            key = join(client, code, "Ada")
            checks = [event(answer=Fraction(1, 2), result="correct"), event(move_a_pawn, answer=move)]
            verdicts = send(client, code, "Ada", key, *checks, wait=10).json()["verdicts"]
            deadline = time.monotonic() + 240  # a Dask worker's first check imports the whole course
            while len(verdicts) < 2 and time.monotonic() < deadline:
                time.sleep(1)
                verdicts = send(client, code, "Ada", key, *checks, wait=10).json()["verdicts"]  # sent again
            return [verdicts.get(e["id"], {}) for e in checks]


def test_checks_are_judged_on_a_dask_cluster():
    pytest.importorskip("distributed")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "tests.server.test_class_dask"], cwd=root,
                          capture_output=True, text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-3000:]
    verdicts = json.loads(done.stdout.strip().splitlines()[-1])
    assert [v.get("status") for v in verdicts] == ["wrong", "wrong"], verdicts
    assert "returned 0" in str(verdicts[1]["message"])


if __name__ == "__main__":
    print(json.dumps(judged_on_a_local_cluster()))
