"""The rulebook's example turns and TIP 2, as walkthrough scenarios: which cards flipped, and why."""

from __future__ import annotations

import pytest

from goose_widgets.games.boo.examples import SCENARIOS


def flipped_in(before, after) -> set[str]:
    return {a.name for a, b in zip(before.graveyard.cards, after.graveyard.cards) if a.side != b.side}


def outcomes(state) -> dict:
    return {r.ghost: (r.outcome, r.stop, r.flipped) for r in state.last_turn.scares}


def test_example_turn_1():
    states = SCENARIOS["Example Turn 1"].states()
    start, placed = states[0], states[1]
    assert flipped_in(start, placed) == {"K12", "K3"}
    seen = outcomes(placed)
    assert seen[(2, 8)] == ("flip", (2, 6), "K12")  # black ghost A across the void at (2,7)
    assert placed.last_turn.scares[0].path == ((2, 7),)
    assert seen[(3, 8)][0] == "tombstone"  # white ghost C meets no black ghost
    assert seen[(4, 8)] == ("flip", (4, 7), "K3")  # white ghost B: the first black ghost ...
    assert placed.graveyard.tokens[(4, 6)][0] == "B"  # ... not X right behind it, which stays black
    assert states[-1].tops[1] == "W3" and states[-1].hands[1] == "W2"


def test_example_turn_2_continues_from_turn_1():
    scenario = SCENARIOS["Example Turn 2"]
    states = scenario.states()
    assert states[0] == SCENARIOS["Example Turn 1"].final()
    assert flipped_in(states[0], states[1]) == {"W8"}
    seen = outcomes(states[1])
    assert seen[(5, 9)][0] == "faces back"  # A meets X facing straight back
    assert seen[(6, 9)][0] == "tombstone"  # B cannot see past the tombstone
    assert seen[(7, 9)] == ("flip", (7, 8), "W8")  # C flips its target's card


@pytest.mark.parametrize("name, first, flipped", [
    ("TIP 2: the scare order matters (good order)", "scare with ghost at (5,2)", {"W3", "G4"}),
    ("TIP 2: the scare order matters (worse order)", "scare with ghost at (5,0)", {"G4"}),
])
def test_tip_2_the_order_changes_the_result(name, first, flipped):
    states = SCENARIOS[name].states()
    assert states[1].pending and states[1].current_player == 0  # the engine asks for the order
    assert states[2].history[-1] == first
    assert flipped_in(states[0], states[2]) == flipped


def test_the_good_order_scores_more():
    good = SCENARIOS["TIP 2: the scare order matters (good order)"].final().scores()
    bad = SCENARIOS["TIP 2: the scare order matters (worse order)"].final().scores()
    assert good[0] - good[1] > bad[0] - bad[1]


def test_the_walkthrough_player_replays_the_scares_as_the_table_does():
    """The start / back / forward / all controls of the scare replay work in a walkthrough too."""
    import re

    from goose_widgets import walkthrough
    from goose_widgets.ui.svg import actions_in

    def shown(player):
        return re.findall(r"Scares shown: (\d+) of (\d+)", player.board.svg)[0]

    player = walkthrough("boo", "Example Turn 1")
    player.go(len(player.states) - 1)
    final = player.state
    done, total = shown(player)
    assert done == total and int(total) >= 2
    replay = sorted(a for a in actions_in(player.board.svg) if a.startswith("ui:replay="))
    start = next(a for a in replay if a.endswith(":0"))
    player.board.click(start)  # as the browser does
    assert shown(player) == ("0", total) and player.state is final
    forward = next(a for a in actions_in(player.board.svg) if a.endswith(":1"))
    player.board.click(forward)
    assert shown(player) == ("1", total)
    player.back()
    player.next()  # a replay belongs to the step it was chosen at
    assert shown(player) == (total, total)
    with pytest.raises(ValueError, match="walkthrough"):
        player.board.click("place K3 at (2,6) rot 90 back")
    assert "gw-error" in player.error.value and player.state is final


def test_the_tip_2_walkthrough_rings_the_waiting_ghosts_without_offering_them_as_moves():
    from goose_widgets import walkthrough
    from goose_widgets.ui.svg import actions_in

    player = walkthrough("boo", "TIP 2: the scare order matters (good order)")
    choosing = next(i for i, s in enumerate(player.states) if s.pending and s.current_player == 0)
    player.go(choosing)
    rings = player.board.svg.count('stroke-dasharray="6 3"')
    assert rings == len(player.state.legal_actions()) >= 2  # every waiting ghost is ringed
    assert all(a.startswith("ui:") for a in actions_in(player.board.svg))  # not moves: the script plays
