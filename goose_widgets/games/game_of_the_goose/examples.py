"""Walkthroughs of every special rule of the Game of the Goose, with fixed dice and narration.

Each `Scenario` starts from the opening position or from a constructed one (`Game.state_at`) and
plays moves given as the ``str`` of actions and dice (``"roll"``, ``"6+3"``).  The course steps
through them with ``goose_widgets.walkthrough("game_of_the_goose", name)``; the tests replay them
and assert where every pawn ends.  The rules themselves are only in `rules.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.scenario import Scenario, steps
from .rules import Game


def _game_start(game: Game, **position: Any) -> Callable[[], Any]:
    """A scenario start: the opening position, or the position built from ``position``."""
    return lambda: game.state_at(**position) if position else game.new_initial_state()


SCENARIOS: dict[str, Scenario] = {
    "opening nine": Scenario(
        "The opening nine, both ways (G4)",
        "A nine on the first roll would carry a pawn goose after goose straight to 63 (9, 18, 27, "
        "36, 45, 54, 63).  So the rulebook makes an exception for the opening roll: 6+3 goes to "
        "26 and 4+5 goes to 53, and nothing else happens there.",
        _game_start(Game(players=2)),
        steps(("roll", "Player 1 throws the two dice for their very first roll."),
              ("6+3", "A six and a three on the opening roll: straight to 26, no goose chain."),
              ("roll", "Player 2's first roll."),
              ("4+5", "A four and a five on the opening roll: straight to 53."),
              ("roll", "Player 1 again."),
              ("5+4", "Nine again, but this is not Player 1's first roll: it is played normally, "
                      "26 + 9 = 35.")),
        conclusion="Player 1 stands on 35 and Player 2 on 53."),
    "goose chain": Scenario(
        "A goose chain (G7)",
        "Landing on a goose moves the pawn the same roll again, in the direction it is going.  If "
        "that lands on another goose, it goes again: geese chain.",
        _game_start(Game(players=1), positions=(10,)),
        steps(("roll", "The pawn on 10 rolls."),
              ("1+3", "10 + 4 = 14, a goose: 4 more to 18, another goose: 4 more to 22.")),
        conclusion="The pawn ends on 22: one roll of four moved it twelve squares."),
    "overshoot": Scenario(
        "An overshoot that bounces onto geese (G5, G7)",
        "To win, a pawn must end exactly on 63.  With a roll that is too high it walks to 63 and "
        "back the remaining points, and for the rest of the turn it moves backwards, geese "
        "included.",
        _game_start(Game(players=1), positions=(62,)),
        steps(("roll", "The pawn on 62 needs exactly 1, which two dice can never show."),
              ("2+3", "62 + 5: one step to 63 and four back to 59, a goose: 5 more backwards to "
                      "54, another goose: 5 more backwards to 49.")),
        conclusion="The pawn ends on 49, thirteen squares behind where it started."),
    "bridge": Scenario(
        "The Bridge (G8)",
        "Square 6 is the Bridge: a pawn that lands there crosses straight to 12.",
        _game_start(Game(players=1), positions=(2,)),
        steps(("roll", "The pawn on 2 rolls."),
              ("1+3", "2 + 4 = 6, the Bridge: over to 12.")),
        conclusion="The pawn ends on 12."),
    "maze": Scenario(
        "The Maze (G8)",
        "Square 42 is the Maze: a pawn that lands there is lost and comes out back on 30.",
        _game_start(Game(players=1), positions=(37,)),
        steps(("roll", "The pawn on 37 rolls."),
              ("2+3", "37 + 5 = 42, the Maze: back to 30.")),
        conclusion="The pawn ends on 30, seven squares behind its start."),
    "tavern": Scenario(
        "The Tavern: two missed turns (G9)",
        "Square 19 is the Tavern: the pawn that stops there misses its next two turns.  The "
        "engine skips those turns itself and says so in the move log.",
        _game_start(Game(players=2), positions=(15, 8)),
        steps(("roll", "Player 1 rolls from 15."),
              ("1+3", "15 + 4 = 19, the Tavern: Player 1 will miss the next two turns."),
              ("roll", "Player 2 rolls."),
              ("2+2", "8 + 4 = 12.  Player 1 misses a turn, so Player 2 plays again."),
              ("roll", "Player 2 again."),
              ("1+1", "12 + 2 = 14, a goose: 2 more to 16.  Player 1 misses their second turn."),
              ("roll", "Player 2 a third time in a row."),
              ("3+3", "16 + 6 = 22.  Now Player 1 has paid for the drinks."),
              ("roll", "Player 1 rolls at last."),
              ("1+2", "19 + 3 = 22: Player 2 is there, so Player 2 goes back to 19, where Player 1 "
                      "started this turn.  A pawn sent back triggers nothing: Player 2 does not "
                      "miss turns for landing in the Tavern this way (G11).")),
        conclusion="Player 1 is on 22 and Player 2 on 19, free to play."),
    "well": Scenario(
        "The Well and the release swap (G10)",
        "Square 31 is the Well.  A pawn there stays, skipping its turns, until another pawn ends "
        "a turn there.  Then the newcomer stays and the earlier pawn goes to the square the "
        "newcomer started that turn from.",
        _game_start(Game(players=2), positions=(31, 25), to_move=1),
        steps(("roll", "Player 1 is held in the Well; Player 2 rolls from 25."),
              ("2+4", "25 + 6 = 31, the Well: Player 2 takes Player 1's place, and Player 1 "
                      "climbs out to 25, where Player 2 started."),
              ("roll", "Player 1 is free and rolls; Player 2 now waits in the Well."),
              ("1+2", "25 + 3 = 28.  Player 2's turn is skipped: they wait to be freed.")),
        conclusion="Player 1 is on 28 and will keep moving; Player 2 is held on 31."),
    "prison": Scenario(
        "The Prison (G10)",
        "Square 52 is the Prison.  It works exactly like the Well: the prisoner waits until "
        "another pawn lands there and takes its place.",
        _game_start(Game(players=3), positions=(48, 40, 46)),
        steps(("roll", "Player 1 rolls from 48."),
              ("1+3", "48 + 4 = 52: the Prison.  Player 1 is locked in."),
              ("roll", "Player 2 rolls from 40."),
              ("3+4", "40 + 7 = 47."),
              ("roll", "Player 3 rolls from 46."),
              ("1+2", "46 + 3 = 49.  Player 1's turn is skipped: still in the Prison."),
              ("roll", "Player 2 rolls from 47."),
              ("2+3", "47 + 5 = 52, the Prison: Player 2 takes the cell and Player 1 is freed to 47, "
                      "where Player 2 started.")),
        conclusion="Player 1 is on 47, Player 2 in the Prison on 52, Player 3 on 49."),
    "death": Scenario(
        "Death, and a nine that is not an opening roll (G4, G8)",
        "Square 58 is Death: the pawn starts over from 0.  Its next roll is not an opening roll, "
        "so a nine from 0 is played normally, and then the geese carry it a long way.",
        _game_start(Game(players=1), positions=(55,)),
        steps(("roll", "The pawn on 55 rolls."),
              ("1+2", "55 + 3 = 58, Death: back to 0."),
              ("roll", "From 0 again."),
              ("4+5", "Not an opening roll, so 0 + 9 = 9, a goose, and 18, 27, 36, 45, 54 are "
                      "geese too: 9 at a time the pawn flies to 63 and wins.")),
        conclusion="The pawn died and won two rolls later: the reason for the opening-nine rule."),
    "bumping": Scenario(
        "Only one pawn on a square (G11)",
        "If a pawn ends its turn where another pawn stands, that pawn goes back to the square the "
        "mover started its turn from.  Only the square where the turn ends counts.",
        _game_start(Game(players=2), positions=(20, 24)),
        steps(("roll", "Player 1 rolls from 20."),
              ("1+3", "20 + 4 = 24, where Player 2 stands: Player 2 goes back to 20.")),
        conclusion="The two pawns have swapped: Player 1 on 24, Player 2 on 20."),
    "no winner": Scenario(
        "The game with no winner (G15)",
        "When every pawn still in the game is held in the Well or the Prison, nobody can ever "
        "move again, so the game ends at once with no winner.",
        _game_start(Game(players=2), positions=(31, 46), to_move=1),
        steps(("roll", "Player 1 is held in the Well; Player 2 rolls from 46."),
              ("3+3", "46 + 6 = 52, the Prison.  Both pawns are held and nobody can free them: "
                      "the game is over and nobody wins.")),
        conclusion="Both pawns are held for good: the game is over, and nobody wins."),
    "kitty": Scenario(
        "The adult variation: coins and the kitty (G13)",
        "With coins, landing on the Bridge, Tavern, Well, Maze, Prison or Death costs a coin into "
        "the kitty on 63, and so does being sent back by another pawn.  A player who must pay with "
        "no coin left is out; the last player left, or the first to reach 63, takes the kitty.",
        _game_start(Game(players=2, coins=10), positions=(2, 1), coins=(1, 3)),
        steps(("roll", "Player 1 (1 coin) rolls from 2."),
              ("1+3", "2 + 4 = 6, the Bridge: over to 12, and a coin into the kitty.  Player 1 has "
                      "no coin left."),
              ("roll", "Player 2 (3 coins) rolls from 1."),
              ("5+6", "1 + 11 = 12, where Player 1 stands: Player 1 is sent back to 1 and must pay "
                      "a coin, but has none.  Player 1 is out: the pawn leaves the board (the "
                      "engine then lists it on square 0).  Player 2, the only one left, wins the "
                      "kitty.")),
        conclusion="Player 2 wins with 4 coins: their 3 and the kitty's 1."),
}
"""Every special rule as a scripted scenario, by name."""
