"""At the end of a game the result is said once, by the board, not again by the status line above
it; during play the status line still says who is playing (its boards say less)."""

from __future__ import annotations

import pytest

from goose_widgets import play

RESULT = {"game_of_the_goose": (" wins!", "Game over: no winner"), "sneaky_goose": ("Game over:",),
          "boo": ("Game over:",)}


@pytest.mark.parametrize("name", sorted(RESULT))
def test_the_result_is_said_on_the_board_and_not_again_above_it(name):
    playing = play(name, ["human", "random"], seed=3, bot_delay=0)
    assert not playing.state.is_terminal()
    assert playing.status.layout.display != "none"
    assert playing.seat_names[0] in playing.status.value  # who is to play

    over = play(name, ["random", "random"], seed=3, bot_delay=0)  # bots alone play to the end
    assert over.state.is_terminal()
    assert any(said in over.board.svg for said in RESULT[name])
    assert over.status.layout.display == "none"
