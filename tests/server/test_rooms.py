"""The referee without the network: a room checks every move like the engine, changes nothing when it
refuses one, lets bots move from their observation, and is stored and resumed exactly."""

from __future__ import annotations

import random

import pytest

from goose_widgets import state_from_json
from goose_widgets.server.public import NO_SEAT, public_observation
from goose_widgets.server.rooms import (
    LOG_SENT,
    Refused,
    Room,
    code_letters,
    game_parameters,
    new_code,
    normal_code,
    player_counts,
)
from goose_widgets.server.store import Store
from goose_widgets.ui.seat_view import log_lines
from goose_widgets.ui.words import merged


def room(game="boo_to_the_goose", players=("human", "human", "counting"), **params):
    return Room.create("ABCDEFGHJ", game, list(players), None, params)


def test_a_new_table_is_dealt_and_waits_for_its_first_player():
    r = room()
    assert r.state.current_player == 0 and r.version > 0  # the deal's chance steps are done
    assert [s.kind for s in r.seats] == ["human", "human", "counting"]
    assert r.seats[0].key and r.seats[1].key and r.seats[0].key != r.seats[1].key and not r.seats[2].key


@pytest.mark.parametrize("body", [
    dict(game="chess", players=["human"]),
    dict(game="boo_to_the_goose", players="human"),
    dict(game="boo_to_the_goose", players=["human"]),  # one player is too few
    dict(game="boo_to_the_goose", players=["human", "nobot"]),
    dict(game="boo_to_the_goose", players=["human", "human"], names=["A", "A"]),
    dict(game="boo_to_the_goose", players=["human", "human"], names=["A"]),
    dict(game="boo_to_the_goose", players=["human", "human"], params={"players": 3}),
    dict(game="boo_to_the_goose", players=["human", "human"], params={"colour": 3}),
    dict(game="sneaky_goose", players=["human", "human"], params={"rounds": [1]}),
])
def test_a_wrong_table_is_refused_with_a_reason(body):
    with pytest.raises(Refused) as err:
        Room.create("ABCDEFGHJ", body["game"], body["players"], body.get("names"), body.get("params"))
    assert err.value.reason == "bad_request" and str(err.value)


def test_refused_moves_change_nothing():
    r = room()
    before, version, log = r.state.to_json(), r.version, list(r.log)
    legal = [str(a) for a in r.state.legal_actions()]
    attempts = [
        (1, legal[0], version, "not_your_turn"),
        (0, "fly away", version, "illegal"),
        (0, legal[0], version - 1, "stale"),
        (0, legal[0], "7", "malformed"),
        (0, "x" * 500, version, "malformed"),
        (0, 42, version, "malformed"),
    ]
    for seat, action, seen, reason in attempts:
        with pytest.raises(Refused) as err:
            r.play(seat, action, seen)
        assert err.value.reason == reason
        assert r.state.to_json() == before and r.version == version and r.log == log
    r.play(0, legal[0], version)
    assert r.version > version


def test_seat_keys_and_claims():
    r = room()
    assert r.seat_of(1, r.seats[1].key) == 1
    for seat, key in [(0, r.seats[1].key), (2, ""), (5, "x"), (True, r.seats[1].key), (0, None)]:
        with pytest.raises(Refused) as err:
            r.seat_of(seat, key)
        assert err.value.reason == "forbidden"
    assert r.claim(0) == r.seats[0].key
    with pytest.raises(Refused, match="taken"):
        r.claim(0)
    with pytest.raises(Refused):
        r.claim(2)  # a bot's seat


def test_a_whole_game_with_bots_and_a_stored_resume(tmp_path):
    store = Store(tmp_path / "t.sqlite3")
    r = room(players=("human", "cautious", "random"))
    store.add(r)
    rng = random.Random(3)
    while not r.over:
        if r.bot_to_move():
            r.bot_move()
        else:
            r.play(0, rng.choice(r.seat_view(0)["legal"]), r.version)
        store.save(r)
    assert r.seat_view(0)["over"] and "Game over" in r.seat_view(None)["svg"]
    again = Store(tmp_path / "t.sqlite3").load()["ABCDEFGHJ"]
    assert again.state == r.state and again.log == r.log and again.version == r.version
    assert again.seats == r.seats and store.stored_state("ABCDEFGHJ") == r.state
    assert state_from_json(r.state.to_json()) == r.state


def test_spectators_see_no_seat():
    for game, players in [("boo_to_the_goose", ["human"] * 3), ("sneaky_goose", ["human"] * 3),
                          ("game_of_the_goose", ["human"] * 2), ("boo", ["human"] * 2)]:
        r = Room.create("ABCDEFGHJ", game, players, None, {})
        obs = public_observation(r.state)
        assert obs.seat == NO_SEAT
        view = r.seat_view(None)
        assert view["legal"] == [] and view["buttons"] == [] and view["seat"] is None
        assert "(you)" not in view["svg"] and "you are Player" not in view["svg"]
    r = Room.create("ABCDEFGHJ", "boo_to_the_goose", ["human"] * 3, None, {})
    assert "Your hand" not in r.seat_view(None)["svg"] and "Your hand" in r.seat_view(0)["svg"]


def test_what_a_teacher_can_choose_comes_from_the_engine():
    assert player_counts("boo_to_the_goose") == [2, 3, 4, 5]
    assert player_counts("boo") == [2]
    assert {"name": "variation", "kind": "bool", "default": False} in game_parameters("boo_to_the_goose")
    assert {p["name"] for p in game_parameters("game_of_the_goose")} == {"coins", "well_turns"}
    assert normal_code(" abc-def-ghj ") == "ABCDEFGHJ" and normal_code("ABCDE") == ""
    assert normal_code(None) == ""
    assert normal_code("ABCDEFGH0") == ""  # no 0, O, 1, I or L: they are read aloud alike


def test_codes_are_long_enough_and_may_be_shared_out_by_their_first_character():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(normal_code(c) == c and len(c) == 9 for c in codes)
    first = code_letters("abc")
    assert first == "ABC" and {new_code(first=first)[0] for _ in range(200)} == {"A", "B", "C"}
    for wrong in ("A", "A0", "", "AI"):  # one letter is under 40 bits; 0 and I are not in codes
        with pytest.raises(ValueError, match="at least two"):
            code_letters(wrong)


@pytest.mark.parametrize("game, params", [("boo_to_the_goose", {}), ("sneaky_goose", {"rounds": 1})])
def test_each_viewers_log_put_in_words_as_it_comes_is_the_whole_log_in_words(game, params):
    """The log is put in each viewer's words a few lines at a time (each view asks for it); at every
    step that is the whole log, with what only that seat may read, put in words at once."""
    rng = random.Random(5)
    table = Room.create("K7QXPM4RT", game, ["human"] * 4, ["Ada", "Ben", "Cleo", "Dan"], params)
    steps = 0
    while not table.over and steps < 400:
        for seat in [None, 0, 1, 2, 3]:
            if rng.random() < 0.5:  # a viewer that does not look at every version
                continue
            whole = table.log if seat is None else merged(table.log, table.own[seat])
            names = [f"{n} (you)" if i == seat else n for i, n in enumerate(table.names)]
            want = log_lines(whole, names, table.view)
            if seat is not None:
                want = [line.replace(f"{names[seat]}'s", "your") for line in want]
            assert table.seat_view(seat)["log"] == want[-LOG_SENT:], (steps, seat)
        movers = [s for s in range(4) if table.legal(s)]
        seat = rng.choice(movers)
        table.play(seat, str(rng.choice(table.legal(seat))), table.version)
        steps += 1
    assert steps > 5 and (game == "sneaky_goose" or any(table.own)), (steps, table.own)
