"""A live class judged on a Dask cluster (``goose-widgets serve --dask-scheduler``): the same
executor interface as the server's own pool of processes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from starlette.testclient import TestClient

from goose_widgets.games.game_of_the_goose.exercises import move_a_pawn
from goose_widgets.server.judge import Judges

from .helpers import make_app
from .test_class import event, join, new_class, send

distributed = pytest.importorskip("distributed")


def test_checks_are_judged_on_a_dask_cluster(tmp_path):
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as dask:
        judges = Judges(1, executor=dask.get_executor())
        app = make_app(tmp_path / "dask.sqlite3", judges=judges, league=False)
        with TestClient(app) as client:
            code = new_class(client)
            key = join(client, code, "Ada")

            def move(square, roll):
                return square

            checks = [event(answer=Fraction(1, 2), result="correct"), event(move_a_pawn, answer=move)]
            verdicts = send(client, code, "Ada", key, *checks).json()["verdicts"]
            assert [verdicts[e["id"]]["status"] for e in checks] == ["wrong", "wrong"]
            assert "returned 0" in verdicts[checks[1]["id"]]["message"]
