"""The engine against a second, card-by-card reading of the rulebook (B1-B13).

The reference below shuffles real decks (lists of cards), deals, plays random cards and random
flips, and keeps score its own way.  It feeds its draws to the engine as chance outcomes and checks
after every move that both agree on whose turn it is, what may be done, the rows and the scores.
"""

from __future__ import annotations

import random

import pytest

from goose_widgets import load_game
from goose_widgets.games.boo_to_the_goose.rules import KINDS

GOOSE, FOX, DOG = "goose", "fox", "dog"


class Reference:
    """Boo to the Goose with real decks, driving the engine through the same game."""

    def __init__(self, players: int, variation: bool, rng: random.Random) -> None:
        self.n, self.rng = players, rng
        self.state = load_game("boo_to_the_goose", players=players, variation=variation).new_initial_state()
        self.decks = []
        for _ in range(players):
            deck = [GOOSE] * 15 + [FOX] * 5 + [DOG] * 4
            rng.shuffle(deck)
            self.decks.append(deck)
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.rows: list[list[str]] = [[] for _ in range(players)]
        self.won = [0] * players
        for seat in range(players):
            for _ in range(4 if variation else 0):
                self._chance(f"a {self.decks[seat].pop()} is removed from Player {seat + 1}'s set")
            for _ in range(5):
                self.hands[seat].append(self._draw(seat, "is dealt"))

    def _chance(self, text: str) -> None:
        assert self.state.is_chance_node()
        self.state = self.state.apply_str(text)

    def _draw(self, seat: int, verb: str = "draws") -> str:
        card = self.decks[seat].pop()
        self._chance(f"Player {seat + 1} {verb} a {card}")
        return card

    def _move(self, text: str, legal: list[str]) -> None:
        assert sorted(str(a) for a in self.state.legal_actions()) == sorted(legal)
        self.state = self.state.apply_str(text)

    def _next_target(self, fox: int, after: int) -> int | None:
        for step in range(1, self.n + 1):
            seat = (after + step) % self.n
            if seat != fox and self.rows[seat]:
                return seat
        return None

    def play(self) -> None:
        turn = 0
        while any(self.hands[s] or self.decks[s] for s in range(self.n)):
            while not (self.hands[turn] or self.decks[turn]):  # B12
                turn = (turn + 1) % self.n
            assert self.state.current_player == turn
            card = self.rng.choice(self.hands[turn])
            self.hands[turn].remove(card)
            self._move(f"play {card}", [f"play {k}" for k in set(self.hands[turn] + [card])])
            if card == FOX:
                self._catch(turn)
                while len(self.hands[turn]) < 5 and self.decks[turn]:  # B11
                    self.hands[turn].append(self._draw(turn))
            else:
                self.rows[turn].append(card)  # B3
                if self.decks[turn]:
                    self.hands[turn].append(self._draw(turn))
            turn = (turn + 1) % self.n
            if not self.state.is_terminal():
                assert [sum(pile) for pile in self.state.won] == self.won
                assert [[KINDS[k] for k in row] for row in self.state.rows] == self.rows
        assert self.state.is_terminal()
        self.won = [w + len(row) for w, row in zip(self.won, self.rows)]  # B12
        assert self.state.scores() == self.won
        assert self.state.returns() == [int(w == max(self.won)) for w in self.won]  # B13

    def _catch(self, fox: int) -> None:
        face_up = [0] * self.n
        target, caught = self._next_target(fox, fox), False  # B5
        if target is None:  # B10
            self.won[fox] += 1
            return
        while True:
            flips = [f"flip Player {target + 1}'s card {i + 1}" for i in range(len(self.rows[target]))]
            move = "stop" if caught and self.rng.random() < 0.3 else self.rng.choice(flips)
            self._move(move, flips + ["stop"] if caught else flips)
            if move == "stop":  # B8
                self.won[fox] += 1 + sum(face_up)
                return
            card = self.rows[target].pop(int(move.rsplit(" ", 1)[1]) - 1)  # B6
            if card == DOG:  # B9
                face_up[target] += 1
                self.won = [w + up for w, up in zip(self.won, face_up)]
                self.won[target] += 1
                return
            face_up[target], caught = face_up[target] + 1, True
            target = self._next_target(fox, target)  # B7
            if target is None:
                self.won[fox] += 1 + sum(face_up)
                return


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variation", [False, True])
def test_the_engine_plays_like_real_decks_of_cards(players, variation):
    for seed in range(6):
        Reference(players, variation, random.Random(seed)).play()
