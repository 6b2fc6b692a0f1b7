"""The expert bot of Sneaky Goose: determinized Monte Carlo to the end of the round.

At each decision that shapes the round (honk or take a card, play the drawn card or swap it in,
slam a card it knows to match, which card to give) the expert deals the cards it has not seen,
consistently with its observation (`determinize`: S3, S12), plays each candidate in that imagined
position with the engine, and plays the round out with memory bots
(`engine.search.determinized_values`).

- The deal guesses that players keep the low cards they know: a card that only its owner knows is
  dealt low more often, the more so the longer the round has run (``kept_bias``, measured on
  memory bots).
- The memory bot's own choice is the default; another candidate replaces it only when it beats
  it by more than ``z`` standard errors over the same deals (`engine.search.best_candidate`): a
  look-ahead with a dozen deals is noisy, and luck alone must not overrule a sound move.
- In the look-ahead the others are memory bots, and the expert itself is a memory bot that honks
  sooner (``honk_at``): played as a plain memory bot, its own future would look worse than it is,
  and an early honk would look better than it is.
- The value of a round's end is its lead in the running totals over the best other player (lower
  totals win, S11); at the end of the game, its share of the win plus a little for each point of
  lead.

Slams of cards it does not know are never tried (a miss reveals the card and costs a penalty card,
S7); the rare choices after a played action card (which card to look at, a blind swap) are the
memory bot's.  ``deals`` is the sampling budget: imagined positions per decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine import check_int
from ...engine.search import best_candidate, determinized_values, play_until
from .bots import MemoryBot
from .determinize import determinize
from .rules import GIVE, HOLD, OVER, PASS, ROUND_OVER, TURN, WINDOW, Action, Observation, State

_MOST_DEALS = 10_000  # a sanity bound: a thousand deals already take seconds a decision
# Players keep the low cards they know: a card only its owner knows averaged 6.0 at the start of
# a round of memory bots, 4.2 after one turn each, 3.0 after two and 2.5 later (200 games).  The
# deal weights such a card by exp(-bias * value), the bias growing by 0.1 a turn to 0.25, which
# gives those means (`determinize`'s ``kept_bias``).
_KEPT_BIAS_A_TURN = 0.1
_KEPT_BIAS_MOST = 0.25
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
    """Determinized Monte Carlo over the round's decisions (see the module docstring).

    ``deals``: imagined positions per decision; ``z``: how clearly a candidate must beat the
    memory bot's choice; ``honk_at``: the honk threshold of the memory bot that plays the expert
    itself in the look-ahead."""

    name = "expert"

    def __init__(self, deals: int = 12, z: float = 1.5, honk_at: float = 10.0) -> None:
        check_int("deals", deals, 1, _MOST_DEALS)
        self.deals = deals
        self.z = z
        self._policy = MemoryBot()
        self._self = MemoryBot(honk_at=honk_at)  # itself in the look-ahead

    def __repr__(self) -> str:
        return f"ExpertBot(deals={self.deals}, z={self.z}, honk_at={self._self.honk_at})"

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
        bots = [self._self if player == seat else self._policy for player in range(observation.players)]

        def finish(state: State, rng: random.Random) -> float:
            return round_value(play_until(state, bots, rng, _round_over), seat)

        bias = min(_KEPT_BIAS_MOST, _KEPT_BIAS_A_TURN * (observation.turn_number // observation.players))

        def deal(observation: Observation, rng: random.Random) -> State:
            return determinize(observation, rng, bias)

        default = self._policy.choose(observation, legal, rng)
        if default not in candidates:
            candidates.append(default)
        values = determinized_values(observation, candidates, deal, finish, self.deals, rng)
        return candidates[best_candidate(values, candidates.index(default), self.z)]

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
