"""Sneaky Goose walkthroughs: the rulebook's situations as scripted scenarios.

Each scenario starts from a position laid out with `rules.arrange` (or from a fresh deal) and lists
moves by their ``str``, chance outcomes included ("Magic Goose (12)" is the card that comes off the
draw pile).  The same scenarios are pytest cases (``tests/sneaky_goose``) that check where every
card ends and what the scores are.  They cover every slam outcome (S7), every card action, the
reshuffle (S8) and the three honk outcomes (S9).

Most scenarios use one table of three players, seen by Player 1:

    Player 1: 5  9  / 3  1     (knows its bottom row: 3 and 1)
    Player 2: 12 2  / 7  4
    Player 3: 0  11 / 6  2     play pile top: Swapping Goose (10)
"""

from __future__ import annotations

from typing import Any

from ...engine.scenario import Scenario, steps
from .rules import Game, State, arrange

GAME = Game(players=3)
TABLE = ([5, 9, 3, 1], [12, 2, 7, 4], [0, 11, 6, 2])
TOP = 10
BOTTOM_ROWS = {0: [(0, 3), (0, 4)], 1: [(1, 3), (1, 4)], 2: [(2, 3), (2, 4)]}
PASS_ALL = ("pass", "pass", "pass")


def table(known: dict[int, list[tuple[int, int]]] | None = None, **changes: Any) -> State:
    """The three-player table above; ``known`` adds what seats know beyond their bottom rows."""
    knowledge = {s: list(pairs) for s, pairs in BOTTOM_ROWS.items()}
    for seat, pairs in (known or {}).items():
        knowledge[seat] += pairs
    options = {"grids": TABLE, "top": TOP, **changes}
    return arrange(GAME, options.pop("grids"), options.pop("top"), known=knowledge, **options)


def _play_drawn(card: str, narration: str) -> tuple[tuple[str, str], ...]:
    return (("take draw pile", "Player 1 takes the top card of the draw pile. Only Player 1 sees it."),
            (card, f"It is a {card}."),
            ("play it", narration))


def _window(card: str, order: tuple[int, ...], then: str) -> tuple[tuple[str, str], ...]:
    """A slam window in which everyone passes, seat by seat (``order``: players numbered from 1)."""
    first, *others = order
    texts = [f"The {card} landed on the play pile, so a slam window opens on it (S6), Player {first} "
             f"first. Player {first} passes."]
    texts += [f"Player {seat} passes." for seat in others]
    texts[-1] = texts[-1][:-1] + f": the window closes. {then}"
    return tuple(("pass", text) for text in texts)


SCENARIOS: dict[str, Scenario] = {}


def _add(scenario: Scenario) -> None:
    SCENARIOS[scenario.name] = scenario


_add(Scenario(
    name="setting up: the deal and the peek",
    introduction="A two-player game starts. Player 2 deals four cards face down to each player, "
                 "Player 1 first, then turns one card face up to start the play pile (S2). "
                 "Each chance step below is one card off the shuffled deck.",
    start=Game(players=2).new_initial_state,
    steps=steps(
        ("Dancing Goose (5)", "Player 1's card 1 (top row)."),
        ("Silly Goose (1)", "Player 1's card 2, the other card of the top row."),
        ("Magic Goose (12)", "Card 3: the bottom row, nearest the player."),
        ("Lazy Goose (3)", "Card 4 completes Player 1's grid: two rows of two, all face down."),
        ("Spy Goose (8)", "Now Player 2's four cards: card 1."),
        ("Grey Goose (2)", "Player 2's card 2."),
        ("Hungry Goose (4)", "Player 2's card 3, in the bottom row."),
        ("Sneaky Goose (13)", "Player 2's card 4: both grids are dealt. Nobody has looked at a card yet."),
        ("Lazy Goose (3)", "The up-card starts the play pile: a Lazy Goose (3)."),
        ("done looking", "Player 1 looked once at the bottom row: a Magic Goose (12) and a Lazy "
                         "Goose (3). From now on Player 1 knows them (S3); the memory aid shows them."),
        ("done looking", "Player 2 looks at their bottom row too. Player 1 sees that they looked, "
                         "not what they saw."),
        ("pass", "The up-card opens the first slam window. Player 1 knows a Lazy Goose in their own "
                 "card 4, a match! But it is worth only 3: slamming it away would lower Player 1's "
                 "total by just 3. Player 1 passes this time."),
        ("pass", "Player 2 passes too; the window closes and Player 1's first turn begins."),
    ),
    conclusion="Player 1 may now HONK, take the draw pile or take the play pile.",
))

_add(Scenario(
    name="a turn: draw and swap, take the play pile",
    introduction="Player 1 knows its bottom row (3 and 1) but not its top row. Cards you have not "
                 "seen are worth about 6.2 on average, so a low card is worth swapping in.",
    start=table,
    steps=steps(
        ("take draw pile", "Player 1 takes the top card of the draw pile."),
        ("Grey Goose (2)", "A Grey Goose (2): much lower than an unknown card."),
        ("swap into Player 1's card 1", "Player 1 swaps it into card 1 without looking at card 1 first. "
                                        "Out comes a Dancing Goose (5), face up onto the play pile. "
                                        "Player 1 now knows card 1 is a 2."),
        ("pass", "A slam window opens on the Dancing Goose (S6), Player 1 first. Nobody knows where "
                 "another Dancing Goose lies, so Player 1 passes…"),
        ("pass", "…and so does Player 2…"),
        ("pass", "…and Player 3: the window closes. It is Player 2's turn."),
        ("take play pile", "Player 2 takes the Dancing Goose (5) from the play pile. Everyone saw it, so "
                           "everyone will know where it goes."),
        ("swap into Player 2's card 3", "From the play pile a card must be swapped in. Player 2 puts it "
                                        "where its 7 was; the 7 goes face up onto the play pile."),
        *_window("Curious Goose (7)", (2, 3, 1), "It is Player 3's turn."),
    ),
    conclusion="Player 1: 2 9 / 3 1. Player 2: 12 2 / 5 4, and every player knows that 5.",
))

_add(Scenario(
    name="slam your own card: a match",
    introduction="Player 1 knows its bottom row from the peek at the start (S2): card 3 is a Lazy "
                 "Goose (3) and card 4 a Silly Goose (1).  It has never seen its top row.",
    start=table,
    steps=steps(
        *_play_drawn("Lazy Goose (3)", "Player 1 plays the Lazy Goose. A card landed on the play pile, "
                                       "so a slam window opens (S6), Player 1 first."),
        ("slam Player 1's card 3", "Player 1 slams its own card 3, the Lazy Goose it saw at the peek: the "
                                   "same goose type as the top card. A match! It goes onto the play pile "
                                   "and Player 1 plays on with one card fewer: 3 points gone."),
        ("pass", "The slammed card landed on the play pile, so a fresh slam window opens on it (S6), "
                 "again from Player 1, who passes now."),
        ("pass", "Player 2 passes."),
        ("pass", "Player 3 passes; the window closes. A Lazy Goose has no action, so it is Player 2's "
                 "turn."),
    ),
    conclusion="Player 1's grid: 5 9 / _ 1.",
))

_add(Scenario(
    name="slam your own card: no match",
    introduction="Player 1 has never seen its card 1 and guesses.",
    start=table,
    steps=steps(
        *_play_drawn("Detective Goose (9)", "Player 1 plays the Detective Goose; a slam window opens."),
        ("slam Player 1's card 1", "Player 1 slams its card 1, hoping for a Detective Goose. It is a "
                                   "Dancing Goose (5): not a match. The card goes back face down, and "
                                   "now everyone knows it."),
        ("Lazy Goose (3)", "The penalty: Player 1 draws a card into its grid without looking at it. "
                           "It becomes card 5."),
        ("pass", "The slam window goes on round the table: Player 2 passes."),
        ("pass", "Player 3 passes: the window closes, and Player 1 may use the Detective Goose's action."),
        ("skip action", "Player 1 skips the Detective's look."),
    ),
    conclusion="Player 1's grid has five cards now: 5 9 / 3 1 / 3, and the new one is unknown to all.",
))

_add(Scenario(
    name="slam another player's card: a match",
    introduction="Player 1 spied Player 2's card 1 earlier: a Magic Goose (12). Player 1 also knows its "
                 "own card 2 is a Detective Goose (9).",
    start=lambda: table(known={0: [(1, 1), (0, 2)]}),
    steps=steps(
        *_play_drawn("Magic Goose (12)", "Player 1 plays the Magic Goose: slam window."),
        ("slam Player 2's card 1", "Player 1 slams Player 2's card 1: a Magic Goose, a match! It goes onto "
                                   "the play pile."),
        ("give Player 1's card 2 to Player 2", "Now Player 1 gives Player 2 one of its own cards, face down "
                                               "into the empty place: its known 9. Player 2 does not "
                                               "know what it got, and Player 1 gave it away: out of "
                                               "its sight, so now nobody knows it (S3)."),
        ("pass", "The slammed Magic Goose landed on the play pile: a fresh slam window opens on it "
                 "(S6), from Player 1 again."),
        ("pass", "Player 2 passes."),
        ("pass", "Player 3 passes: the window closes, and Player 1 may use the Magic Goose's action."),
        ("skip action", "Player 1 skips the Magic Goose's action."),
    ),
    conclusion="Player 1: 5 _ / 3 1 (9 points lighter). Player 2: 9 2 / 7 4 (12 out, 9 in).",
))

_add(Scenario(
    name="slam another player's card: no match",
    introduction="Player 1 plays a Spy Goose. Player 2 will guess at Player 3's card.",
    start=table,
    steps=steps(
        *_play_drawn("Spy Goose (8)", "Player 1 plays the Spy Goose: slam window, Player 1 first."),
        ("pass", "Player 1 passes."),
        ("slam Player 3's card 3", "Player 2 slams Player 3's card 3. It is a Nosy Goose (6), not a Spy "
                                   "Goose: no match. It goes back face down; everyone has seen it."),
        ("Silly Goose (1)", "Player 2 draws a penalty card into its own grid, unseen: its card 5."),
        ("pass", "After a slam the window goes round again: Player 3 passes…"),
        ("pass", "…and Player 1 passes. Player 2 has slammed once in this window, so it is not asked "
                 "again (S6); the window closes."),
        ("skip action", "Player 1 skips the Spy Goose's look."),
    ),
    conclusion="Player 2 now has five cards: 12 2 / 7 4 / 1.",
))

_add(Scenario(
    name="card action: look at your own card",
    introduction="Nosy Goose (6) and Curious Goose (7): when played from the draw pile, look at one of "
                 "your own grid cards.",
    start=table,
    steps=steps(
        *_play_drawn("Nosy Goose (6)", "A 6 is about average, so Player 1 plays it for its action."),
        *_window("Nosy Goose (6)", (1, 2, 3), "Now the Nosy Goose's action."),
        ("look at Player 1's card 1", "Player 1 looks at its card 1: a Dancing Goose (5)."),
        ("done looking", "The card goes back face down. Player 1 will remember it (S3)."),
    ),
))

_add(Scenario(
    name="card action: look at another player's card",
    introduction="Spy Goose (8) and Detective Goose (9): look at one card in another player's grid.",
    start=table,
    steps=steps(
        *_play_drawn("Spy Goose (8)", "Player 1 plays the Spy Goose."),
        *_window("Spy Goose (8)", (1, 2, 3), "Now the Spy Goose's action."),
        ("look at Player 2's card 1", "Player 1 looks at Player 2's card 1: a Magic Goose (12). Player 2 "
                                      "does not know it, but Player 1 does: the next Magic Goose on the "
                                      "play pile is a slam for Player 1."),
        ("done looking", "The card goes back face down in Player 2's grid; Player 1 will remember it "
                         "(S3). It is Player 2's turn."),
    ),
))

_add(Scenario(
    name="card action: blind swap",
    introduction="Swapping Goose (10) and Trickster Goose (11): swap one of your grid cards with one of "
                 "another player's, without looking at either.",
    start=table,
    steps=steps(
        *_play_drawn("Trickster Goose (11)", "Player 1 plays the Trickster Goose."),
        *_window("Trickster Goose (11)", (1, 2, 3), "Now the Trickster Goose's action."),
        ("choose Player 1's card 2 to swap", "Player 1 picks its unknown card 2 (a 9, though nobody "
                                             "knows)."),
        ("swap it with Player 3's card 1", "…and swaps it with Player 3's card 1, unseen. Player 1 "
                                           "got a Golden Egg Goose (0) without knowing it."),
    ),
    conclusion="Player 1: 5 0 / 3 1. Player 3: 9 11 / 6 2.",
))

_add(Scenario(
    name="card action: Magic Goose, look then swap",
    introduction="Magic Goose (12): look at any one grid card; then you may swap one of your grid cards "
                 "with one of another player's.",
    start=table,
    steps=steps(
        *_play_drawn("Magic Goose (12)", "Player 1 plays the Magic Goose."),
        *_window("Magic Goose (12)", (1, 2, 3), "Now the Magic Goose's action, in two parts: a look, "
                                                  "then a swap if Player 1 wants one."),
        ("look at Player 3's card 1", "Player 1 looks at Player 3's card 1: a Golden Egg Goose (0)!"),
        ("done looking", "The Golden Egg goes back face down; Player 1 remembers where it lies. Now "
                         "the swap."),
        ("choose Player 1's card 2 to swap", "Player 1 gives up its unknown card 2…"),
        ("swap it with Player 3's card 1", "…for the Golden Egg. Player 1 knows its card 2 is a 0 now; "
                                           "Player 3 got a card it has never seen."),
    ),
    conclusion="Player 1: 5 0 / 3 1, and Player 1 knows the 0.",
))

_add(Scenario(
    name="reshuffle: the draw pile runs out",
    introduction="Late in a round the draw pile holds a single card; the other 40 cards not in grids "
                 "lie in the play pile under its top (S8).",
    start=lambda: table(draw=["Curious Goose (7)"]),
    steps=steps(
        *_play_drawn("Curious Goose (7)", "Player 1 takes the last card of the draw pile and plays it."),
        *_window("Curious Goose (7)", (1, 2, 3), "The draw pile is empty now."),
        ("skip action", "Player 1 skips the look; Player 2's turn."),
        ("take draw pile", "Player 2 wants a card from the empty draw pile: the play pile except its top "
                           "card (the Curious Goose) is shuffled into a new draw pile of 41 cards."),
        ("Grey Goose (2)", "From the new pile Player 2 draws a Grey Goose (2)."),
        ("swap into Player 2's card 1", "It replaces Player 2's Magic Goose, which lands on the play pile."),
        *_window("Magic Goose (12)", (2, 3, 1), "It is Player 3's turn."),
    ),
    conclusion="The draw pile has 40 cards; the play pile holds the Curious Goose and the Magic Goose.",
))


def _honk(name: str, grids: tuple[list[int], ...], introduction: str, narration: str) -> None:
    known = {**BOTTOM_ROWS, 0: [(0, n) for n in range(1, 5)]}  # Player 1 knows its whole grid
    _add(Scenario(name=name, introduction=introduction,
                  start=lambda: arrange(GAME, grids, TOP, known=known),
                  steps=steps(("honk", narration))))


_honk("honk: strictly lowest", ([1, 2, 0, -1], [12, 2, 7, 4], [0, 11, 6, 2]),
      "Player 1 (to play) knows its whole grid: 1 2 / 0 -1, a total of 2.",
      "Player 1 honks. Every card is turned over: 2 against 25 and 19. Strictly lowest: 10 points "
      "off, so Player 1 scores -8 this round (S9).")
_honk("honk: tied for lowest", ([5, 2, 3, 1], [4, 3, 2, 2], [12, 11, 6, 0]),
      "Player 1 has 5 2 / 3 1 = 11; Player 2 also has 11.",
      "Player 1 honks. 11, 11 and 29: Player 1 is tied for lowest, so only 5 points off: 6.")
_honk("honk: not lowest", ([5, 9, 3, 1], [1, 2, 0, 4], [12, 11, 6, 2]),
      "Player 1 has 5 9 / 3 1 = 18, but Player 2 has only 7.",
      "Player 1 honks too early: 18 is not the lowest (Player 2 has 7), so 10 points are added: 28.")
