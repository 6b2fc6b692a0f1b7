"""The expert bot of Sneaky Goose: determinized Monte Carlo to the end of the round.

At each decision that shapes the round (honk or take a card, play the drawn card or swap it in,
slam a card it knows to match, which card to give) the expert deals the cards it has not seen at
random, consistently with its observation (`determinize`: S3, S12), plays each candidate in that
imagined position with the engine, and plays the round out with memory bots
(`engine.search.determinized_values`).  The candidate with the best mean value is its move.

The value of a round's end is the expert's lead in the running totals over the best other player
(lower totals win, S11); in the last round it is the share of the win, plus a little for each
point of lead, so that close calls lean to the bigger margin.  Slams of cards it does not know are
never tried (a miss reveals the card and costs a penalty card, S7); the rare choices after a played
action card (which card to look at, a blind swap) are the memory bot's.  ``deals`` is the sampling
budget: imagined positions per decision (the time per decision grows with it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine import check_int
from ...engine.search import determinized_values, play_until
from .bots import MemoryBot
from .determinize import determinize
from .rules import GIVE, HOLD, OVER, PASS, ROUND_OVER, TURN, WINDOW, Action, Observation, State

_MOST_DEALS = 10_000  # a sanity bound: a thousand deals already take seconds a decision
_MARGIN = 0.02
"""What one point of lead is worth beside a win in the last round."""


def round_value(state: State, seat: int) -> float:
    """What the end of a round (or of the game) is worth to ``seat``: its lead in the running
    totals over the best other player; at the end of the game, its share of the win plus
    `_MARGIN` per point of lead."""
    totals = state.totals
    lead = min(t for other, t in enumerate(totals) if other != seat) - totals[seat]
    if state.phase != OVER:
        return float(lead)
    best = min(totals)
    share = 1 / totals.count(best) if totals[seat] == best else 0.0
    return share + _MARGIN * lead


def _round_over(state: State) -> bool:
    return state.phase == ROUND_OVER


class ExpertBot:
    """Determinized Monte Carlo over the round's decisions (see the module docstring)."""

    name = "expert"

    def __init__(self, deals: int = 8) -> None:
        check_int("deals", deals, 1, _MOST_DEALS)
        self.deals = deals
        self._policy = MemoryBot()

    def __repr__(self) -> str:
        return f"ExpertBot(deals={self.deals})"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        candidates = self._candidates(observation, legal)
        if candidates is None:
            return self._policy.choose(observation, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        seat = observation.seat
        bots = [self._policy] * observation.players

        def finish(state: State, rng: random.Random) -> float:
            return round_value(play_until(state, bots, rng, _round_over), seat)

        values = determinized_values(observation, candidates, determinize, finish, self.deals, rng)
        return candidates[max(range(len(candidates)), key=values.__getitem__)]

    @staticmethod
    def _candidates(observation: Observation, legal: list[Action]) -> list[Action] | None:
        """The moves worth a look-ahead, or None to leave the choice to the memory bot."""
        phase = observation.phase
        if phase in (TURN, HOLD, GIVE):
            return legal
        if phase == WINDOW:  # pass, or slam a card it knows to match the top of the play pile
            top = observation.top.name if observation.top is not None else None
            known = [a for a in legal if a.verb == "slam" and _known_name(observation, a) == top]
            return [PASS, *known]
        return None


def _known_name(observation: Observation, action: Action) -> str | None:
    view = observation.grids[action.seat][action.slot]
    return None if view is None or view.card is None else view.card.name
