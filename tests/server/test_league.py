"""A class's bot league: the sequential schedule, ratings that settle, learners' bots submitted,
replaced and marked, and a game replayed step by step."""

from __future__ import annotations

import functools
import itertools
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from goose_widgets.exercises.sent_answers import answer_payload
from goose_widgets.games.boo_to_the_goose.policies import POLICIES
from goose_widgets.games.boo_to_the_goose.policy_grid import GRID, make
from goose_widgets.games.boo_to_the_goose.registry import BOTS
from goose_widgets.server import league
from goose_widgets.server.judge import Judges

from .helpers import AUTH, make_app

GAME = "boo_to_the_goose"


def games_of(a: str, b: str, tops: str) -> list[league.Game]:
    return [league.Game((a, b), top) for top in tops]


def test_a_duel_is_decided_when_clear_and_the_least_played_open_duel_comes_next():
    assert not league.decided(7, 7)  # too few games yet: 7 of 7 is not clear at 99%
    assert league.decided(league.MIN_GAMES, league.MIN_GAMES)  # all won: clear at 99%
    assert not league.decided(3, 6) and not league.decided(12, 20)
    assert league.decided(20, league.MAX_GAMES)  # a close duel stops at the cap
    games = games_of("a", "b", "0" * 8) + games_of("a", "c", "01")
    rng = random.Random(1)
    assert league.next_duel(["a", "b", "c"], games, rng) == ("b", "c")  # a–b is decided, b–c never met
    assert league.next_duel(["a", "b", "c"], games, rng, busy={("b", "c")}) == ("a", "c")
    assert league.next_duel(["a", "b"], games, rng) is None


def test_ties_are_shared_and_broken_bots_are_marked():
    entrants = {e: league.Entrant(e, e) for e in ("a", "b", "c")}
    games = (games_of("a", "b", "01" * 4) + games_of("b", "c", "0" * 4)
             + [league.Game(("c", "a"), "1", "your bot raised KeyError", "c"),
                league.Game(("a", "c"), "0", "it imports goose_widgets.games.boo.bots, which is not "
                                             "available here: ... so the package's bots are not available "
                                             "to it", "c")])
    rows = {r["id"]: r for r in league.standings(entrants, games, league.marks(games))}
    assert rows["a"]["share"] == pytest.approx(6 / 10) and rows["b"]["share"] == pytest.approx(8 / 12)
    assert rows["c"]["mark"].startswith("uses the package's bots")
    assert [r["id"] for r in league.standings(entrants, games)][-1] == "c"


def thirty_bots() -> dict[str, Any]:
    """The built-in bots, the two yardstick policies and 24 simple rule sets of the policy grid."""
    combos = [dict(zip(GRID, values)) for values in itertools.product(*GRID.values())]
    entrants: dict[str, Any] = {f"bot:{name}": name for name in BOTS}
    entrants.update({f"policy:{name}": factory for name, factory in POLICIES.items()})
    for number, rules in enumerate(random.Random(1).sample(combos, 24)):
        entrants[f"grid:{number}"] = functools.partial(make, rules)
    return entrants


def test_a_league_of_thirty_bots_reaches_stable_ratings():
    entrants = thirty_bots()
    assert len(entrants) == 30
    games = league.run_league(GAME, entrants, seed=7, matches=1200)
    named = {k: league.Entrant(k, k) for k in entrants}
    # every pair met before any met a third time: the schedule is fair
    met = league.duel_scores(games)
    assert len(met) == 30 * 29 // 2 and min(n for _, n in met.values()) >= 4
    before = {r["id"]: r for r in league.standings(named, games[:len(games) * 2 // 3])}
    after = league.standings(named, games)
    moved = [r["id"] for r in after if not before[r["id"]]["low"] <= r["rating"] <= before[r["id"]]["high"]]
    assert not moved, f"ratings left their earlier 95% interval: {moved}"
    top = [r["id"] for r in after[:3]]
    assert "bot:expert" in top and after[-1]["rating"] < 950


@pytest.fixture
def client(tmp_path):
    workers = ThreadPoolExecutor(2)
    app = make_app(tmp_path / "league.sqlite3", judges=Judges(2, executor=workers))
    with TestClient(app) as c:
        yield c
    workers.shutdown(wait=True)  # a match still being played ends, with its sandboxes, before the next test


def first(observation, legal_actions):
    return legal_actions[0]


def cheat(observation, legal_actions):  # a bot that plays the package's own bot
    from goose_widgets.games.boo_to_the_goose.registry import BOTS as PACKAGE_BOTS

    return PACKAGE_BOTS["expert"]().choose(observation, legal_actions, random.Random())


def wait_for(client: TestClient, path: str, ready: Any, seconds: float = 120) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        found = client.get(path, headers=AUTH).json()
        if ready(found) or time.monotonic() > deadline:
            return found
        time.sleep(0.3)


def test_learners_bots_play_the_league_and_a_game_replays_step_by_step(client):
    code = client.post("/api/classes", json={"name": "5B"}, headers=AUTH).json()["code"]
    keys = {n: client.post(f"/api/classes/{code}/join", json={"name": n}).json()["key"]
            for n in ("Ada", "Mal")}

    def submit(name: str, my_bot: Any, **change: Any) -> Any:
        body = {"learner": name, "key": keys[name], "game": GAME, "bot": answer_payload(my_bot), **change}
        return client.post(f"/api/classes/{code}/league", json=body)

    assert submit("Ada", first, key=keys["Mal"]).status_code == 403
    assert submit("Ada", first, game="chess").status_code == 400
    assert submit("Ada", first, bot={"plain": ["i", "5"]}).status_code == 400  # a bot is a function
    assert submit("Ada", first).status_code == 201
    assert submit("Mal", cheat).status_code == 201
    path = f"/api/classes/{code}/league/{GAME}"
    assert client.get(path).status_code == 401  # the leaderboard is the teacher's page
    board = wait_for(client, path, lambda b: all(r["games"] >= 4 for r in b["rows"] if not r["builtin"]))
    rows = {r["label"]: r for r in board["rows"]}
    assert rows["Ada's bot"]["games"] >= 4 and rows["Ada's bot"]["rating"] is not None
    assert rows["Mal's bot"]["mark"].startswith("uses the package's bots") and rows["Mal's bot"]["share"] == 0
    assert {"cautious", "random", "counting", "expert"} <= set(rows)
    # the learner sees the same board with their key
    mine = client.post(f"/api/classes/{code}/league/standings", json={"learner": "Ada", "key": keys["Ada"],
                                                                        "game": GAME})
    assert mine.status_code == 200 and {r["label"] for r in mine.json()["rows"]} == set(rows)
    # a game that was played through replays: each step's move and both seats' boards
    number = next(g["number"] for g in board["recent"] if not g["error"])
    game = client.get(f"/api/classes/{code}/league/games/{number}", headers=AUTH).json()
    assert game["steps"] > 10 and len(game["seats"]) == 2
    start = client.get(f"/api/classes/{code}/league/games/{number}?step=0", headers=AUTH).json()
    end = client.get(f"/api/classes/{code}/league/games/{number}?step={game['steps']}", headers=AUTH).json()
    assert start["step"] == 0 and not start["over"] and end["over"]
    assert all(board.startswith("<svg") for board in end["boards"]) and len(end["boards"]) == 2
    replay = f"/api/classes/{code}/league/games/{number}"
    assert any(line for step in range(1, 6)
               for line in client.get(f"{replay}?step={step}", headers=AUTH).json()["lines"])
    # a resubmission replaces the bot: a new entrant, whose rating starts again
    assert submit("Ada", first).status_code == 201
    again = client.get(path, headers=AUTH).json()
    ada = [r for r in again["rows"] if r["learner"] == "Ada"]
    assert len(ada) == 1 and ada[0]["id"] != rows["Ada's bot"]["id"] and ada[0]["games"] <= 2
