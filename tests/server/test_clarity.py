"""What a class reads says one thing: a Sneaky Goose board names the seats as the status line and the
log do, a spectator is offered no player's options, the start-up banner gives an address learners
can type, and a notebook seat that lost its connection says it is reconnecting."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from goose_widgets.server import cli
from goose_widgets.server.remote import RemoteTable
from goose_widgets.server.rooms import Room

NAMES = ["Ada", "Ben", "Eve"]


def words(svg: str) -> str:
    """The words a board shows (its text elements) and says (its labels)."""
    root = ET.fromstring(svg)
    shown = " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    said = " ".join(e.get("aria-label", "") for e in root.iter())
    return shown + " " + said


def test_a_sneaky_goose_board_names_the_seats_as_the_status_and_the_log_do():
    room = Room.create("ABCDEFGHJ", "sneaky_goose", ["human"] * 3, NAMES, {"rounds": 1})
    rng = random.Random(4)
    for _ in range(12):  # into the game: moves, slam windows, cards known by others
        if room.over:
            break
        seat = room.state.current_player
        room.play(seat, rng.choice(room.seat_view(seat)["legal"]), room.version)
    for seat in (0, 1, 2, None):
        view = room.seat_view(seat)
        text = words(view["svg"])
        assert "Player " not in text and "Player " not in view["status"], (seat, text)
        assert all(name in text for name in NAMES)
        if seat is not None:
            assert f"you are {NAMES[seat]}" in text
    assert "you are watching" in words(room.seat_view(None)["svg"])


def test_a_spectator_is_offered_no_options():
    room = Room.create("ABCDEFGHJ", "boo_to_the_goose", ["human"] * 3, None, {})
    assert [o["name"] for o in room.seat_view(0)["options"]] == ["coach"]
    assert room.seat_view(None)["options"] == []


def test_the_banner_gives_an_address_learners_can_type(monkeypatch):
    class Probe:
        def __init__(self, *_args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *_args):
            return False

        def connect(self, _where):
            pass

        def getsockname(self):
            return ("192.168.1.20", 50000)

    assert cli.shown_host("127.0.0.1") == "127.0.0.1"
    monkeypatch.setattr(cli.socket, "socket", Probe)
    assert cli.shown_host("0.0.0.0") == "192.168.1.20"


def test_a_notebook_seat_that_lost_its_connection_says_it_is_reconnecting():
    table = RemoteTable("http://127.0.0.1:9", "ABCDEFGHJ", 0, "key")  # never started: no connection
    with pytest.raises(ValueError, match="not been shown yet"):
        table.click("roll")
    table.view = {"version": 3}  # it had a view: then the connection was lost
    with pytest.raises(ValueError, match="reconnecting"):
        table.click("roll")
