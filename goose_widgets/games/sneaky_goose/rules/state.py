"""Sneaky Goose's game and states: `Game` (players, rounds and the deck table) and `State`, a
position with its legal actions, chance outcomes and one handler per phase.

Rulings: S1 (2 to 6 players, rounds, the dealer), S2 (the deal and the peek), S4 and S5 (a turn),
S6 (slam windows open and close), S7 (slam outcomes), S8 (the draw pile refilled from the play pile),
S9 and S10 (HONK, scoring a round), S11 (`scores` and `returns`), S12 (`observation`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cached_property
from random import Random
from typing import Any, ClassVar

from ....engine import CHANCE, TERMINAL, GameBase, StateBase, check_int, from_fields
from ....engine.core import Events
from ..deck import BLIND_SWAP, DECK, LOOK_OTHER, LOOK_OWN, MAGIC, NO_ACTION, CardType
from .actions import (
    ACTION,
    BOTTOM_ROW,
    CHOOSE,
    DEAL,
    DO_ACTION,
    DONE,
    DRAW,
    END_TURN,
    GIVE,
    GRID_SIZE,
    HOLD,
    HONK,
    LOOK,
    OVER,
    PASS,
    PEEK,
    PENALTY,
    PLAY,
    ROUND_OVER,
    SKIP,
    START_TURN,
    SWAP_NEXT,
    TAKE_DRAW,
    TAKE_PLAY,
    TARGET,
    TURN,
    WINDOW,
    Action,
    Card,
    Grid,
    RoundResult,
    _action,
    _present,
    round_result,
    seat_name,
)
from .deck_tables import _deck_table, _deck_tables, _DeckTables, card_kind, sample_draw
from .knowledge import CardView, Observation, _away, _learn, _minus, _plus, _put, _set, _Views
from .slam_windows import _after, _from, _places, _slams


@dataclass(frozen=True)
class Game(GameBase):
    """Sneaky Goose for ``players`` (2-6) over ``rounds`` rounds with the deck table ``deck``."""

    name: ClassVar[str] = "sneaky_goose"
    players: int = 2
    rounds: int = 5
    deck: tuple[CardType, ...] = DECK

    def __post_init__(self) -> None:
        check_int("players", self.players, 2, 6)
        check_int("rounds", self.rounds, 1, 50)
        object.__setattr__(self, "deck", _deck_table(self.deck))
        needed = GRID_SIZE * self.players + 2
        if self.size < needed:
            raise ValueError(f"a deck for {self.players} players needs at least {needed} cards "
                             f"(4 each, the up-card and one to draw); this one has {self.size}.")

    def __repr__(self) -> str:  # the 15-row deck table would drown every message that names a game
        deck = "" if self.deck == DECK else f", deck=<{len(self.deck)} card types, {self.size} cards>"
        return f"Game(players={self.players}, rounds={self.rounds}{deck})"

    def new_initial_state(self) -> State:
        return State(game=self, dealer=self.players - 1, grids=((),) * self.players,
                     draw=self.full_counts, discard=self.no_cards, totals=(0,) * self.players)

    # Derived facts of the deck table (cached; dataclass equality and hashing ignore them).
    @cached_property
    def size(self) -> int:
        return sum(t.copies for t in self.deck)

    @cached_property
    def full_counts(self) -> tuple[int, ...]:
        return tuple(t.copies for t in self.deck)

    @cached_property
    def no_cards(self) -> tuple[int, ...]:
        return (0,) * len(self.deck)

    @cached_property
    def values(self) -> tuple[int, ...]:
        return tuple(t.value for t in self.deck)

    @cached_property
    def outcomes(self) -> tuple[Card, ...]:
        return self._tables.outcomes

    @cached_property
    def all_seats(self) -> int:
        return (1 << self.players) - 1

    @cached_property
    def _tables(self) -> _DeckTables:
        return _deck_tables(self.deck)

    @cached_property
    def _views(self) -> _Views:
        return self._tables.views

    @cached_property
    def _hidden_views(self) -> list[CardView]:
        """Mask of the seats that know a card -> the view of a seat that does not."""
        return [self._views[-1, mask] for mask in range(1 << self.players)]

    def __getstate__(self) -> dict[str, Any]:
        # a pickle (a game sent to or from a worker process, a final state coming back) carries
        # the parameters only: the derived tables are found again, or made, where it is loaded
        return {f.name: self.__dict__[f.name] for f in fields(self)}

    def draw_outcomes(self, counts: tuple[int, ...]) -> list[tuple[Card, Fraction]]:
        """The next card of a pile holding ``counts`` of each kind, with exact probabilities."""
        return list(self._draw_outcomes(counts))

    def _draw_outcomes(self, counts: tuple[int, ...]) -> list[tuple[Card, Fraction]]:
        """`draw_outcomes` itself, the list the deck tables keep (`_DeckTables.draw_outcomes`)."""
        return self._tables.draw_outcomes(counts)

    def kind(self, card: Any) -> int:
        """The deck row of ``card``: a row index, a `CardType`, a label ("Magic Goose (12)"), a name
        of a one-value goose type ("Magic Goose") or a value that only one type has (12)."""
        return card_kind(self.deck, card)


@dataclass(frozen=True)
class State(StateBase):
    """A position of Sneaky Goose (immutable; the phases are listed in `actions`)."""

    game: Game
    phase: str = DEAL
    round: int = 0
    dealer: int = 0
    turn: int = 0
    turn_number: int = 0
    grids: tuple[Grid, ...] = ()
    draw: tuple[int, ...] = ()      # the draw pile, as counts per deck row
    discard: tuple[int, ...] = ()   # the play pile below its top, as counts per deck row
    top: int | None = None
    held: int | None = None
    held_from: str = ""
    action_card: int | None = None
    chosen: int | None = None
    looking: tuple[tuple[int, int], ...] = ()
    queue: tuple[int, ...] = ()     # PEEK / WINDOW / ROUND_OVER: the seats still to act, in order
    slammed: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()   # GIVE: (slammer, receiver, place); PENALTY: (drawer,)
    then: str = ""
    landings: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()

    # --- the contract ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == WINDOW:  # the most frequent decision
            return self.queue[0]
        if phase in (DEAL, DRAW, PENALTY):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase in (PEEK, ROUND_OVER):
            return self.queue[0]
        if phase == GIVE:
            return self.pending[0]
        return self.turn

    def _chance_outcomes(self) -> list[tuple[Card, Fraction]]:
        return self.game._draw_outcomes(self.draw)

    def _sample_chance(self, rng: Random) -> Card:
        """The card the engine's sampling of `_chance_outcomes` would draw with ``rng`` (the same
        draws, the same card), without building the outcome list (engine `playout`): `sample_draw`."""
        return sample_draw(self.draw, self.game.outcomes, rng)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == WINDOW:
            return _slams(self.grids).copy()
        me = self.current_player
        if phase in (PEEK, LOOK):
            return [DONE]
        if phase == TURN:
            if not self.cards(me):
                return [HONK]  # S10
            return [HONK] + ([TAKE_DRAW] if sum(self.draw) or sum(self.discard) else []) \
                + ([TAKE_PLAY] if self.top is not None else [])
        if phase == HOLD:
            swaps = [_action("swap into", s, i) for s, i in self.cards(me)]
            return ([PLAY] if self.held_from == "draw pile" else []) + swaps
        if phase == GIVE:
            return [_action("give", s, i, self.pending[1]) for s, i in self.cards(me)]
        if phase == ACTION:
            effect = self.game.deck[_present(self.action_card, "action card")].action
            targets = self.cards(me) if effect == LOOK_OWN else \
                self.others_cards(me) if effect == LOOK_OTHER else self.cards()
            return [_action("look", s, i) for s, i in targets] + [SKIP]
        if phase == CHOOSE:
            mine = self.cards(me) if self.others_cards(me) else []
            return [_action("choose", s, i) for s, i in mine] + [SKIP]
        if phase == TARGET:
            return [_action("swap with", s, i) for s, i in self.others_cards(me)]
        if phase == ROUND_OVER:
            return [Action("start round", to=self.round + 2)]
        return []

    def _next(self, action: Any) -> tuple[State, list[str]]:
        # each phase has one handler below, named after it: "slam window" -> _on_slam_window
        return _HANDLERS[self.phase](self, action)

    def returns(self) -> list[int]:
        if self.phase != OVER:
            return [0] * self.game.players
        best = min(self.totals)
        return [1 if t == best else 0 for t in self.totals]

    def scores(self) -> list[int]:
        return list(self.totals)

    def observation(self, seat: int) -> Observation:
        game = self.game
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be from 0 to {game.players - 1}, not {seat!r}.")
        deck, views, hidden = game.deck, game._views, game._hidden_views
        bit = 1 << seat
        revealed = self.phase in (ROUND_OVER, OVER)
        grids = tuple([
            tuple([None if slot is None else views[slot] if revealed or slot[1] & bit else hidden[slot[1]]
                   for slot in grid])
            for grid in self.grids])
        play = list(self.discard)
        if self.top is not None:
            play[self.top] += 1
        see_held = self.held_from == "play pile" or seat == self.turn
        return from_fields(Observation, {
            "seat": seat, "players": game.players, "rounds": game.rounds, "round": self.round + 1,
            "dealer": self.dealer, "phase": self.phase, "turn": self.turn, "actor": self.current_player,
            "turn_number": self.turn_number, "landings": self.landings, "grids": grids, "deck": deck,
            "draw_size": sum(self.draw), "play_counts": tuple(play),
            "top": None if self.top is None else deck[self.top],
            "held": None if self.held is None or not see_held else deck[self.held],
            "held_from": self.held_from,
            "action_card": None if self.action_card is None else deck[self.action_card],
            "chosen": self.chosen, "looking": self.looking, "queue": self.queue, "slammed": self.slammed,
            "receiver": self.pending[1] if self.phase == GIVE else None,
            "totals": self.totals, "results": self.results,
            "gift_place": self.pending[2] if self.phase == GIVE else None})

    # --- questions about the position ---------------------------------------------------------
    def cards(self, seat: int | None = None) -> list[tuple[int, int]]:
        """``(seat, place)`` of every grid card (of one seat, or of everyone)."""
        seats = range(self.game.players) if seat is None else (seat,)
        return [(s, i) for s in seats for i in _places(self.grids[s])]

    def others_cards(self, seat: int) -> list[tuple[int, int]]:
        return [(s, i) for s, i in self.cards() if s != seat]

    def grid_values(self, seat: int) -> list[int | None]:
        """The values in a seat's grid (None for an empty place): the whole truth, for tests."""
        return [None if slot is None else self.game.values[slot[0]] for slot in self.grids[seat]]

    def grid_sum(self, seat: int) -> int:
        return sum(v for v in self.grid_values(seat) if v is not None)

    def knows(self, seat: int, owner: int, place: int) -> bool:
        """Does ``seat`` know the card at ``owner``'s ``place`` (S3)?"""
        slot = self.grids[owner][place]
        return slot is not None and bool(slot[1] >> seat & 1)

    def card_counts(self) -> tuple[int, ...]:
        """How many cards of each deck row are anywhere (grids, piles, hand): always the full deck."""
        counts = [a + b for a, b in zip(self.draw, self.discard)]
        for grid in self.grids:
            for slot in grid:
                if slot is not None:
                    counts[slot[0]] += 1
        for card in (self.top, self.held):
            if card is not None:
                counts[card] += 1
        return tuple(counts)

    def _with(self, changes: dict[str, Any]) -> State:
        """This state with the fields in ``changes`` (each a field of `State`): `_replace` without
        its per-call checks, for the steps of a playout (one a step)."""
        values = self.__dict__.copy()
        values.update(changes)
        return from_fields(State, values)

    # --- phase handlers: each returns (next state, move-log lines) ------------------------------
    # Speed (issue 12): a handler gathers the fields that change in ``changes`` and makes the next
    # state with a single copy (the shared steps below add to ``changes``); the lines of the
    # frequent steps (slams, penalty cards) are written only when the move log is read.
    def _on_deal(self, card: Card) -> tuple[State, list[str]]:
        game, grids = self.game, self.grids
        dealt = sum(map(len, grids))
        draw = _minus(self.draw, card.kind)
        if dealt < GRID_SIZE * game.players:
            seat = (self.dealer + 1 + dealt // GRID_SIZE) % game.players
            lines = [f"{seat_name(self.dealer)} deals four cards face down to each player."] \
                if dealt == 0 else []
            grids = _set(grids, seat, grids[seat] + ((card.kind, 0),))
            return self._with({"grids": grids, "draw": draw}), lines
        first = (self.dealer + 1) % game.players
        state = self._start_peek(_from(first, game.players), {"draw": draw, "top": card.kind, "turn": first})
        return state, [f"The up-card starts the play pile: {card.label}."]

    def _start_peek(self, queue: tuple[int, ...], changes: dict[str, Any]) -> State:
        seat = queue[0]
        grids = self.grids
        for place in BOTTOM_ROW:
            grids = _learn(grids, seat, place, 1 << seat)
        changes.update(phase=PEEK, grids=grids, queue=queue, looking=tuple([(seat, p) for p in BOTTOM_ROW]))
        return self._with(changes)

    def _on_peek(self, _action: Action) -> tuple[State, list[str]]:
        seat = self.queue[0]
        line = f"{seat_name(seat)} looks once at their bottom row (cards 3 and 4)."
        rest = self.queue[1:]
        if rest:
            return self._start_peek(rest, {}), [line]
        return self._open_window(START_TURN, {"looking": ()}), \
            [line, "The first slam window opens on the up-card."]

    def _on_turn_start(self, action: Action) -> tuple[State, Events]:
        me = seat_name(self.turn)
        if action == HONK:
            return self._honk()
        if action == TAKE_PLAY:
            label = self.game.deck[_present(self.top, "play pile top")].label
            return self._with({"phase": HOLD, "held": self.top, "held_from": "play pile",
                               "top": None}), [f"{me} takes {label} from the play pile."]
        changes: dict[str, Any] = {"phase": DRAW}
        lines = self._refill_draw_pile(changes)
        return self._with(changes), \
            lines + [f"{me} takes the top card of the draw pile and looks at it."]

    def _on_draw(self, card: Card) -> tuple[State, list[str]]:
        return self._with({"phase": HOLD, "held": card.kind, "held_from": "draw pile",
                           "draw": _minus(self.draw, card.kind)}), []

    def _on_holding(self, action: Action) -> tuple[State, list[str]]:
        game, me, card = self.game, seat_name(self.turn), _present(self.held, "held card")
        label = game.deck[card].label
        changes: dict[str, Any] = {"held": None, "held_from": ""}
        if action == PLAY:
            effect = game.deck[card].action
            line = f"{me} plays {label}" + ("." if effect == NO_ACTION else f" (action: {effect}).")
            self._land(card, changes)
            changes["action_card"] = None if effect == NO_ACTION else card
            return self._open_window(END_TURN if effect == NO_ACTION else DO_ACTION, changes), [line]
        place = action.slot
        old = _present(self.grids[self.turn][place], "card to swap out")[0]
        knowers = game.all_seats if self.held_from == "play pile" else 1 << self.turn  # S3, S5
        what = label if self.held_from == "play pile" else "the drawn card"
        changes["grids"] = _set(self.grids, self.turn, _put(self.grids[self.turn], place, (card, knowers)))
        self._land(old, changes)
        return self._open_window(END_TURN, changes), [
            f"{me} swaps {what} into their card {place + 1}; out comes {game.deck[old].label}, "
            "face up onto the play pile."]

    def _on_slam_window(self, action: Action) -> tuple[State, Events]:
        queue = self.queue
        if action.verb == PASS.verb:  # a window offers only PASS and slams
            return self._continue_window({"queue": queue[1:]}), []
        game, seat, slammed = self.game, queue[0], self.slammed
        owner, place = action.seat, action.slot
        deck, grids = game.deck, self.grids
        card = _present(grids[owner][place], "slammed card")[0]
        changes: dict[str, Any] = {"queue": _after(seat, game.players, slammed),
                                   "slammed": slammed + (seat,)}
        if deck[card].name != deck[_present(self.top, "play pile top")].name:  # S7: no match
            changes["grids"] = _learn(grids, owner, place, game.all_seats)
            cards_left = sum(self.draw)
            refill = [] if cards_left else self._refill_draw_pile(changes)  # lines only if refilled
            if not (cards_left or refill):
                last = "There is no card left for {me} to draw."
                state = self._continue_window(changes)
            else:
                last = "{me} draws a penalty card into their grid, unseen."
                changes["phase"], changes["pending"] = PENALTY, (seat,)
                state = self._with(changes)
            return state, lambda: [
                _slam_line(game, seat, owner, place, card) + ", not a match! It goes back face down "
                "(everyone has seen it).", *refill, last.format(me=seat_name(seat))]
        changes["grids"] = grids = _set(grids, owner, _put(grids[owner], place, None))
        self._land(card, changes)
        me, label = seat_name(seat), deck[card].label
        line = _slam_line(game, seat, owner, place, card) + ", a match! It goes onto the play pile"
        again = f"A new slam window opens on {label}."
        if owner == seat:
            return self._reopen_window(changes), [line + f"; {me} plays on with one card fewer.", again]
        if not _places(grids[seat]):
            return self._reopen_window(changes), [line + f"; {me} has no card to give.", again]
        changes.update(phase=GIVE, pending=(seat, owner, place))
        return self._with(changes), [line + f"; {me} now gives {seat_name(owner)} one of their cards."]

    def _on_give(self, action: Action) -> tuple[State, list[str]]:
        giver, receiver, place = self.pending
        given = _present(self.grids[giver][action.slot], "card to give")
        slot = _away(given, giver, self.game.all_seats)  # S3, S7a: given away
        grids = _set(self.grids, giver, _put(self.grids[giver], action.slot, None))
        grids = _set(grids, receiver, _put(grids[receiver], place, slot))
        return self._reopen_window({"grids": grids, "pending": ()}), [
            f"{seat_name(giver)} gives their card {action.slot + 1} face down to {seat_name(receiver)} "
            f"(into the empty place, card {place + 1}).",
            f"A new slam window opens on {self.game.deck[_present(self.top, 'play pile top')].label}."]

    def _on_penalty_draw(self, card: Card) -> tuple[State, Events]:
        seat = self.pending[0]
        grid = self.grids[seat]
        place = grid.index(None) if None in grid else len(grid)
        state = self._continue_window({"grids": _set(self.grids, seat, _put(grid, place, (card.kind, 0))),
                                       "draw": _minus(self.draw, card.kind), "pending": ()})
        return state, lambda: [f"The penalty card becomes {seat_name(seat)}'s card {place + 1}."]

    def _on_action(self, action: Action) -> tuple[State, list[str]]:
        if action == SKIP:
            return self._end_turn({}), [f"{seat_name(self.turn)} skips the action."]
        grids = _learn(self.grids, action.seat, action.slot, 1 << self.turn)
        effect = self.game.deck[_present(self.action_card, "action card")].action
        whose = "their own" if action.seat == self.turn else f"{seat_name(action.seat)}'s"
        return self._replace(
            phase=LOOK, grids=grids, looking=((action.seat, action.slot),),
            then=SWAP_NEXT if effect == MAGIC else END_TURN), \
            [f"{seat_name(self.turn)} looks at {whose} card {action.slot + 1}."]

    def _on_looking(self, _action: Action) -> tuple[State, list[str]]:
        if self.then == SWAP_NEXT:
            return self._replace(looking=(), phase=CHOOSE), []
        return self._end_turn({"looking": ()}), []

    def _on_choose(self, action: Action) -> tuple[State, list[str]]:
        if action == SKIP:
            return self._end_turn({}), [f"{seat_name(self.turn)} does not swap."]
        return self._replace(phase=TARGET, chosen=action.slot), \
            [f"{seat_name(self.turn)} picks their card {action.slot + 1} for a blind swap."]

    def _on_target(self, action: Action) -> tuple[State, list[str]]:
        everyone, chosen = self.game.all_seats, _present(self.chosen, "chosen card")
        mine = _present(self.grids[self.turn][chosen], "chosen card")
        theirs = _present(self.grids[action.seat][action.slot], "target card")
        mine = _away(mine, self.turn, everyone)  # S3, S7a: swapped away
        theirs = _away(theirs, action.seat, everyone)
        grids = _set(self.grids, self.turn, _put(self.grids[self.turn], chosen, theirs))
        grids = _set(grids, action.seat, _put(grids[action.seat], action.slot, mine))
        line = (f"{seat_name(self.turn)} swaps their card {chosen + 1} with "
                f"{seat_name(action.seat)}'s card {action.slot + 1}, face down")
        if theirs[1] >> self.turn & 1:  # e.g. the card the Magic Goose's look just showed
            line += f"; {seat_name(self.turn)} has seen the card they take."
        else:
            line += "; neither card is shown."
        return self._end_turn({"grids": grids, "chosen": None}), [line]

    def _on_round_over(self, _action: Action) -> tuple[State, list[str]]:
        if self.queue[1:]:
            return self._with({"queue": self.queue[1:]}), []
        game = self.game
        state = State(game=game, round=self.round + 1, dealer=(self.dealer + 1) % game.players,
                      grids=((),) * game.players, draw=game.full_counts, discard=game.no_cards,
                      totals=self.totals, results=self.results)
        return state, [f"Round {self.round + 2} of {game.rounds}: {seat_name(state.dealer)} deals."]

    # --- steps shared by several phases: each adds its fields to ``changes`` --------------------
    def _land(self, card: int, changes: dict[str, Any]) -> None:
        """``card`` lands face up on the play pile (the old top joins the cards below it)."""
        top, discard = changes.get("top", self.top), changes.get("discard", self.discard)
        changes["top"] = card
        changes["discard"] = discard if top is None else _plus(discard, top)

    def _open_window(self, then: str, changes: dict[str, Any]) -> State:
        changes.update(phase=WINDOW, queue=_from(changes.get("turn", self.turn), self.game.players),
                       slammed=(), then=then, landings=self.landings + 1)
        return self._with(changes)

    def _reopen_window(self, changes: dict[str, Any]) -> State:
        """S6: a matching slam lands a card, so a fresh window opens on it (everyone may slam again,
        from the player whose turn it is); the turn goes on as the first window said."""
        return self._open_window(self.then, changes)

    def _continue_window(self, changes: dict[str, Any]) -> State:
        if changes.get("queue", self.queue):
            changes["phase"] = WINDOW
            return self._with(changes)
        changes["slammed"] = ()
        if self.then == START_TURN:
            return self._start_turn(changes)
        if self.then == DO_ACTION:
            effect = self.game.deck[_present(self.action_card, "action card")].action
            changes.update(phase=CHOOSE if effect == BLIND_SWAP else ACTION, then="")
            return self._with(changes)
        return self._end_turn(changes)

    def _start_turn(self, changes: dict[str, Any]) -> State:
        changes.update(phase=TURN, turn_number=self.turn_number + 1, action_card=None, chosen=None,
                       then="")
        return self._with(changes)

    def _end_turn(self, changes: dict[str, Any]) -> State:
        changes["turn"] = (self.turn + 1) % self.game.players
        return self._start_turn(changes)

    def _refill_draw_pile(self, changes: dict[str, Any]) -> list[str]:
        """S8: an empty draw pile takes the play pile except its top card."""
        draw, discard = changes.get("draw", self.draw), changes.get("discard", self.discard)
        if sum(draw) or not sum(discard):
            return []
        changes["draw"], changes["discard"] = discard, self.game.no_cards
        return [f"The draw pile is empty: the play pile except its top card is shuffled into a "
                f"new draw pile ({sum(discard)} card{'' if sum(discard) == 1 else 's'})."]

    def _honk(self) -> tuple[State, Events]:
        game, honker = self.game, self.turn
        sums = tuple(self.grid_sum(s) for s in range(game.players))
        result = round_result(self.round + 1, honker, sums)
        outcome, bonus = result.outcome, result.bonus
        totals = tuple(t + v for t, v in zip(self.totals, result.scores))
        last = self.round + 1 >= game.rounds
        state = self._replace(
            phase=OVER if last else ROUND_OVER, totals=totals, results=self.results + (result,),
            queue=() if last else _from(honker, game.players))

        def lines() -> list[str]:
            told = [f"{seat_name(honker)} honks! Round {result.round} ends; every card is turned over.",
                    "Grid sums: " + ", ".join(f"{seat_name(s)} {v}" for s, v in enumerate(sums)) + ".",
                    f"{seat_name(honker)} is {outcome}: {bonus:+d} points."]
            if last:
                best = min(totals)
                winners = [seat_name(s) for s, t in enumerate(totals) if t == best]
                told.append(f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                            f"with {best} points.")
            return told
        return state, lines


_HANDLERS = {phase: getattr(State, "_on_" + phase.replace(" ", "_"))
             for phase in (DEAL, PEEK, TURN, DRAW, HOLD, WINDOW, GIVE, PENALTY, ACTION, LOOK, CHOOSE,
                           TARGET, ROUND_OVER)}


def _slam_line(game: Game, seat: int, owner: int, place: int, card: int) -> str:
    whose = "their own" if owner == seat else f"{seat_name(owner)}'s"
    return f"{seat_name(seat)} slams {whose} card {place + 1}: {game.deck[card].label}"
