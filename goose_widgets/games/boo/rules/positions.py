"""BOO positions built directly (walkthroughs, exercises, tests): `position` lays out the gate,
placed cards, flipped cards, hands and tops, and checks that they make a position of the rules
(O3: cards on empty squares; O1, O2: each card in one place, of its own deck).
"""

from __future__ import annotations

from collections.abc import Iterable

from ....engine import check_int
from .cards import Place, make_placed, parse_place
from .geometry import MAX_REACH
from .state import Game, State
from .tokens import COLOURS


def position(game: Game | None = None, *, placed: Iterable[Place | str] = (), flipped: Iterable[str] = (),
             hands: tuple[str | None, str | None] = (None, None),
             tops: tuple[str | None, str | None] = (None, None), to_move: int = 0) -> State:
    """A position built directly: the gate, the cards ``placed`` (Place actions or their text) on
    any empty squares, the cards named in ``flipped`` turned over, and the given hands and tops.

    The unseen decks hold every other card.  Such a state cannot be saved (it has no history).
    """
    game = game or Game()
    check_int("to_move", to_move, 0, 1)
    if len(hands) != 2 or len(tops) != 2:
        raise ValueError(f"hands and tops need one entry per seat (2), not {hands!r} and {tops!r}.")
    graveyard = game.gate()
    used = [c.name for c in graveyard.cards]
    for item in placed:
        place = parse_place(item) if isinstance(item, str) else item
        spec = game.edition.by_name.get(place.card)
        if spec is None or spec.deck == "gate":
            raise ValueError(f"{place.card} is not a card of either deck.")
        if not (abs(place.row) <= MAX_REACH - 2 and abs(place.col) <= MAX_REACH - 2):
            raise ValueError(f"{place}: rows and columns lie within -{MAX_REACH - 2}..{MAX_REACH - 2}.")
        card = make_placed(spec, place.row, place.col, place.rotation, place.side)
        if set(card.squares) & set(graveyard.tokens):
            raise ValueError(f"{place} covers another card.")
        graveyard = graveyard.with_card(card)
        used.append(card.name)
    names = [c.name for c in graveyard.cards]
    unknown = set(flipped) - set(names)
    if unknown:
        raise ValueError(f"cannot flip cards not in the graveyard: {sorted(unknown)}.")
    graveyard = graveyard.with_flips(names.index(n) for n in flipped)
    used += [c for c in (*hands, *tops) if c is not None]
    if len(set(used)) != len(used):
        raise ValueError("each card can be in only one place.")
    for seat in (0, 1):
        for name in (hands[seat], tops[seat]):
            if name is not None and name not in game.edition.deck(seat):
                raise ValueError(f"{name} is not in {COLOURS[seat]}'s deck.")
    black, white = (tuple(sorted(set(game.edition.deck(s)) - set(used))) for s in (0, 1))
    placements = len(graveyard.cards) - len(game.edition.gate)
    if placements < game.total_placements and hands[to_move] is None:
        raise ValueError(f"{COLOURS[to_move]} is to move and needs a card in hand.")
    return State(game=game, graveyard=graveyard, unseen=(black, white), to_move=to_move,
                 hands=(hands[0], hands[1]), tops=(tops[0], tops[1]), placements=placements, constructed=True)
