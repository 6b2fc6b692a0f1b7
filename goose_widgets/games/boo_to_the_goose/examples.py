"""The rulebook's worked example (Matt, Emma and Tom) as walkthrough scenarios.

Matt is seat 0 ("Player 1" to the engine), Emma seat 1, Tom seat 2; show them with
``seat_names=SEAT_NAMES``.  The start is a real opening: the deal is made of scripted chance
outcomes (`OPENING_DEAL`), chosen so that the hands hold what the story needs.  The narration is
the rulebook's own text.  Both scenarios are also pytest cases that assert every pile.

Rulings shown: B3 (face-down plays and draws), B5-B8 (the catch round and stopping), B9 (the
dog), B11 (refilling after the round).
"""

from __future__ import annotations

from ...engine.scenario import Scenario, Step, steps
from .rules import Game, State

SEAT_NAMES = ("Matt", "Emma", "Tom")
MATT, EMMA, TOM = range(3)

OPENING_DEAL = (
    ["Player 1 is dealt a goose"] * 3 + ["Player 1 is dealt a dog", "Player 1 is dealt a fox"]
    + ["Player 2 is dealt a goose"] * 4 + ["Player 2 is dealt a dog"]
    + ["Player 3 is dealt a goose"] * 3 + ["Player 3 is dealt a dog"] * 2
)
"""Matt holds 3 geese, a dog and a fox; Emma 4 geese and a dog; Tom 3 geese and 2 dogs."""


def opening() -> State:
    """Three players, hands dealt by `OPENING_DEAL`, Matt to start."""
    state = Game(players=3).new_initial_state()
    for outcome in OPENING_DEAL:
        state = state.apply_str(outcome)
    return state


def _three_rounds() -> tuple[Step, ...]:
    lay = {  # what each player lays in each of the three rounds (the story only says "a card")
        1: ("goose", "goose", "goose"),
        2: ("dog", "goose", "dog"),
        3: ("goose", "dog", "goose"),
    }
    narration = {
        (1, MATT): "Matt starts, puts a card down, face-down, in front of himself and draws a new "
                   "one from his draw pile.",
        (1, EMMA): "Then it is Emma's turn and she does the same thing,",
        (1, TOM): "and so does Tom.",
        (2, MATT): "It carries on like this for three rounds,",
    }
    names, own = ("Matt", "Emma", "Tom"), ("his", "her", "his")
    moves: list[tuple[str, str]] = []
    for round_number, cards in lay.items():
        for seat, card in enumerate(cards):
            # Where the rulebook says nothing, say what changed (we see only Matt's cards).
            what = f"{own[seat]} {card}" if seat == MATT else "a card"
            laid = f"{names[seat]} lays {what} face down in front of {'her' if seat == EMMA else 'him'}self"
            moves.append((f"play {card}", narration.get((round_number, seat), f"{laid} (round {round_number} "
                                                                             "of the story).")))
            drawn = ("a goose: we watch over his shoulder, so we see it" if seat == MATT
                     else "a card we cannot see")
            moves.append((f"Player {seat + 1} draws a goose", f"{names[seat]} draws {drawn}, from "
                                                             f"{own[seat]} draw pile: five cards in "
                                                             "hand again."))
    return steps(*moves)


CATCH_BEGINS = steps(
    ("play fox", "until Matt puts down a fox, face-up, from his hand. This starts a "
                 '"Catch the geese!" round.'),
    ("flip Player 2's card 1", "He turns over a face-down card in front of Emma, who is sitting on "
                               "his left. The card shows a goose."),
    ("flip Player 3's card 1", "He decides to continue the round and also turns over a face-down "
                               "card in front of Tom. This card also shows a goose."),
)

REFILL = Step("Player 1 draws a goose",
              'As soon as you have finished the "Catch the geese!" round, regardless of whether this '
              "is voluntary or because of a dog, you replenish your hand of cards so that you have 5 "
              "again. Then it's the next person's turn, going clockwise.")

RULEBOOK_EXAMPLE = Scenario(
    name="rulebook example",
    introduction="Example of a Game with Three Players (from the rulebook). Matt, Emma and Tom have "
                 "each drawn 5 cards; we watch over Matt's shoulder, so we see his face-down cards "
                 "but not the others'.",
    start=opening,
    steps=_three_rounds() + CATCH_BEGINS + (
        Step("flip Player 2's card 1", "Matt is prepared to take risks and continues the round by "
                                       "turning over another card in front of Emma. He is in luck – "
                                       "it is another goose."),
        Step("stop", "He decides to end the round voluntarily, takes the three revealed geese cards "
                     "and his fox card and puts them on his face-up win pile."),
        REFILL,
    ),
    viewer=MATT,
    conclusion="Matt's win pile: 3 geese and his fox. All other cards still lying face-down on the "
               "table are left as they are.",
)

RULEBOOK_EXAMPLE_CONTINUED = Scenario(
    name="rulebook example continued",
    introduction="Example Continued (from the rulebook): the same game, but this time Matt's "
                 "third flip, at Emma, is a dog.",
    start=opening,
    steps=_three_rounds() + CATCH_BEGINS + (
        Step("flip Player 2's card 2", "Suppose that, instead of the second goose, Matt turns over a "
                                       "dog in front of Emma. Then he has had bad luck. His turn "
                                       "ends straight away. In this case Emma and Tom can put the "
                                       "cards lying face-up in front of them (for Emma 1 goose and "
                                       "1 dog, for Tom 1 goose) on their win pile. Emma receives "
                                       "the fox card from Matt - because Matt turned over the dog "
                                       "from her cards - and puts it on her win pile. All the other "
                                       "cards still lying face-down on the table stay as they are!"),
        REFILL,
    ),
    viewer=MATT,
    conclusion="Matt banks nothing; Emma banks her goose, the dog and Matt's fox; Tom banks his goose.",
)

SCENARIOS = {s.name: s for s in (RULEBOOK_EXAMPLE, RULEBOOK_EXAMPLE_CONTINUED)}
