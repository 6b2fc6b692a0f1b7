"""Sneaky Goose bots.  Each sees only its own `Observation` (never the state).

- ``random``: the engine's `RandomBot` (uniform over the legal actions: it honks a third of the
  time and slams nearly every window, mostly without a match).
- ``memory``: `MemoryBot` remembers every card it has seen (the observation holds exactly that).
  It keeps low cards and swaps out high ones, looks at unknown cards with peeks, slams the matches it
  knows, and honks when its known cards plus the expected value of its unknown cards make it likely
  to be lowest.
- ``forgetful``: `ForgetfulBot`, the same player with a leaky memory: at the start of each of its
  turns it forgets each remembered card with probability ``forget``.  With ``forget=0`` it plays
  exactly like the memory bot; with ``forget=1`` it remembers a card only until its next turn.
- ``expert``: `expert.ExpertBot`, determinized Monte Carlo: it deals the cards it has not seen
  consistently with its observation and plays each choice to the end of the round with memory
  bots.  The simple ``draw and play`` policy is in `policies`.

Cards a bot does not know are valued at the mean of the cards it has not seen (`unseen_counts`);
an opponent's card that only its owner knows is valued at ``kept`` (players keep low cards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...engine import RandomBot, from_fields
from .analysis import unseen_counts, unseen_mean
from .deck import LOOK_OTHER, MAGIC
from .rules import (
    HONK,
    PASS,
    PLAY,
    SKIP,
    TAKE_DRAW,
    TAKE_PLAY,
    Action,
    CardView,
    Observation,
    _present,
)

__all__ = ["MemoryBot", "ForgetfulBot", "RandomBot", "unseen_counts", "unseen_mean"]


class MemoryBot:
    """Remembers what it has seen and plays the values (see the module docstring).

    ``honk_at``: honk when the estimated own total is at most this (and below every opponent's
    estimate); ``patience``: after that many own turns in a round the bar rises by one per turn and
    the opponents' estimates no longer matter, so a round always ends; ``kept``: the value guessed
    for an opponent's card that only its owner knows.  The default ``honk_at`` comes from
    `studies.honk_study` (500 one-round games against memory bots, 2 and 3 players: thresholds 2 to
    6 did best, within each other's 95% intervals; 8 and more did worse).
    """

    name = "memory"

    def __init__(self, honk_at: float = 5.0, patience: int = 8, kept: float = 3.0) -> None:
        self.honk_at = honk_at
        self.patience = patience
        self.kept = kept

    def __repr__(self) -> str:
        return f"{type(self).__name__}(honk_at={self.honk_at})"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        return _Plan(observation, self).decide(legal)


class ForgetfulBot(MemoryBot):
    """A memory bot that forgets: each remembered card is lost with probability ``forget`` at the
    start of each of its turns (a card it learns anew is remembered again)."""

    name = "forgetful"

    def __init__(self, forget: float = 0.5, **memory_options: Any) -> None:
        if isinstance(forget, bool) or not isinstance(forget, (int, float)) or not 0 <= forget <= 1:
            raise ValueError(f"forget must be a probability from 0 to 1, not {forget!r}.")
        super().__init__(**memory_options)
        self.forget = float(forget)
        self.name = f"forgetful {self.forget:g}"
        self._reset((0, 0, 0))

    def __repr__(self) -> str:
        return f"ForgetfulBot(forget={self.forget:g})"

    def _reset(self, clock: tuple[int, int, int]) -> None:
        self._clock = clock
        self._seen: dict[tuple[int, int], Any] = {}     # the card last seen known at each place
        self._memory: dict[tuple[int, int], Any] = {}   # what it still remembers
        self._forgot_on = -1

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        clock = (observation.round, observation.turn_number, observation.landings)
        if clock < self._clock:  # a new game (or a replay from the start)
            self._reset(clock)
        self._clock = clock
        if observation.phase == "turn start" and observation.actor == observation.seat \
                and self._forgot_on != observation.turn_number:
            self._forgot_on = observation.turn_number
            if self.forget:  # (no random draws at 0, so that it replays exactly like MemoryBot)
                self._memory = {k: v for k, v in self._memory.items() if rng.random() >= self.forget}
        known = {}
        for seat, grid in enumerate(observation.grids):
            for place, view in enumerate(grid):
                if view is not None and view.card is not None:
                    known[seat, place] = view.card
        for key, card in known.items():
            if self._seen.get(key) != card:  # a new sighting
                self._memory[key] = card
        self._seen = known
        self._memory = {k: v for k, v in self._memory.items() if known.get(k) == v}
        if not observation.revealed:  # a card it knows but forgot is shown as unknown
            memory = self._memory
            grids = tuple([tuple([view if view is None or view.card is None or (s, i) in memory
                                  else _unknown(view.known_by) for i, view in enumerate(grid)])
                           for s, grid in enumerate(observation.grids)])
            observation = from_fields(Observation, {**observation.__dict__, "grids": grids})
        return super().choose(observation, legal_actions, rng)


@lru_cache(maxsize=256)
def _unknown(known_by: tuple[int, ...]) -> CardView:
    return CardView(None, known_by)


class _Plan:
    """One decision of a memory bot: its estimates of every card, then the choice for the phase."""

    def __init__(self, observation: Observation, bot: MemoryBot) -> None:
        self.obs = observation
        self.bot = bot
        self.me = observation.seat
        self._mean: float | None = None

    @property
    def mean(self) -> float:
        """The value of a card this bot does not know (worked out only when a decision needs it:
        most slam windows do not)."""
        if self._mean is None:
            self._mean = unseen_mean(self.obs)
        return self._mean

    def view(self, seat: int, place: int) -> CardView:
        """The card at a place that holds one (the places come from `places` or a legal action)."""
        view = self.obs.grids[seat][place]
        return view if view is not None else _present(view, "card at that place")

    def estimate(self, seat: int, place: int) -> float:
        view = self.obs.grids[seat][place]
        if view is None:
            view = self.view(seat, place)  # (raises: no card there)
        if view.card is not None:
            return view.card.value
        if seat != self.me and seat in view.known_by:
            return min(self.bot.kept, self.mean)
        return self.mean

    def places(self, seat: int) -> list[int]:
        return [i for i, v in enumerate(self.obs.grids[seat]) if v is not None]

    def total(self, seat: int) -> float:
        return sum(self.estimate(seat, i) for i in self.places(seat))

    def worst(self) -> tuple[int, float]:
        """My card with the highest estimate (an unknown one first when they tie)."""
        places = self.places(self.me)
        best = max(places, key=lambda i: (self.estimate(self.me, i),
                                          self.view(self.me, i).card is None))
        return best, self.estimate(self.me, best)

    def decide(self, legal: list[Action]) -> Action:
        phase = self.obs.phase
        if phase == "turn start":
            return self.start_of_turn(legal)
        if phase == "holding":
            return self.holding(legal)
        if phase == "slam window":
            return self.slam(legal)
        if phase == "give":
            place, _ = self.worst()
            return next(a for a in legal if a.slot == place)
        if phase == "action":
            return self.look(legal)
        if phase == "choose":
            return self.choose_swap(legal)
        if phase == "target":
            return min(legal, key=lambda a: self.estimate(a.seat, a.slot))
        return legal[0]

    # --- the phases ---------------------------------------------------------------------------
    def start_of_turn(self, legal: list[Action]) -> Action:
        mine = self.total(self.me)
        others = [self.total(s) for s in range(self.obs.players) if s != self.me]
        own_turns = self.obs.turn_number // self.obs.players
        late = own_turns > self.bot.patience  # then the bar rises and others no longer hold it back
        bar = self.bot.honk_at + max(0, own_turns - self.bot.patience)
        if HONK in legal and mine <= bar and (late or mine < min(others)):
            return HONK
        _, worst = self.worst()
        if TAKE_PLAY in legal and (TAKE_DRAW not in legal or worst - _present(
                self.obs.top, "play pile top").value > self.draw_gain(worst)):
            return TAKE_PLAY
        return TAKE_DRAW if TAKE_DRAW in legal else HONK

    def draw_gain(self, worst: float) -> float:
        """Expected improvement from a draw: swap it in when it beats the worst card."""
        counts = unseen_counts(self.obs)
        total = sum(counts) or 1
        return sum(n * max(0.0, worst - t.value) for n, t in zip(counts, self.obs.deck)) / total

    def holding(self, legal: list[Action]) -> Action:
        place, worst = self.worst()
        if PLAY in legal and _present(self.obs.held, "held card").value >= worst:
            return PLAY
        return next(a for a in legal if a.verb == "swap into" and a.slot == place)

    def slam(self, legal: list[Action]) -> Action:
        top = _present(self.obs.top, "play pile top").name
        if not any([view is not None and view.card is not None and view.card.name == top
                    for grid in self.obs.grids for view in grid]):
            return PASS  # it knows no matching card (most windows): nothing to weigh
        best, gain = PASS, 0.0
        worst: float | None = None  # worked out at the first known match on another's card
        for action in legal:
            if action.verb != "slam":
                continue
            view = self.view(action.seat, action.slot)
            if view.card is None or view.card.name != top:
                continue
            if action.seat != self.me and worst is None:
                worst = self.worst()[1] if self.places(self.me) else 0.0
            value = view.card.value if action.seat == self.me else _present(worst, "worst card") + 0.5
            if value > gain:
                best, gain = action, value
        return best

    def look(self, legal: list[Action]) -> Action:
        """Look at a card it does not know: its own (Nosy, Curious), the most dangerous opponent's
        (Spy, Detective), or for the Magic Goose an opponent's likely-low card to swap in."""
        effect = _present(self.obs.action_card, "action card").action
        looks = [a for a in legal if a.verb == "look" and self.view(a.seat, a.slot).card is None]
        own = [a for a in looks if a.seat == self.me]
        others = [a for a in looks if a.seat != self.me]
        if effect == LOOK_OTHER and others:
            return min(others, key=lambda a: (self.total(a.seat), a.seat, a.slot))
        # (no look at its own cards when its grid is empty: it has no worst card then)
        if effect == MAGIC and others and (not own or self.worst()[1] > self.mean):
            return min(others, key=lambda a: (self.estimate(a.seat, a.slot), a.seat, a.slot))
        return own[0] if own else SKIP

    def choose_swap(self, legal: list[Action]) -> Action:
        place, worst = self.worst()
        theirs = min((self.estimate(s, i) for s in range(self.obs.players) if s != self.me
                      for i in self.places(s)), default=worst)
        if worst - theirs >= 2:
            return next((a for a in legal if a.verb == "choose" and a.slot == place), SKIP)
        return SKIP
