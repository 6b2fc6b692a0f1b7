"""Exact probability over the engine's own chance outcomes.

Nothing here knows a rule: it walks ``chance_outcomes()`` and ``apply``.  Decision nodes are
resolved by a ``policy(state) -> action``; a node with a single legal action needs none.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache
from typing import Any

Policy = Callable[[Any], Any]


def forced(state: Any, policy: Policy | None = None) -> Any:
    """The action taken at a decision node: the only legal one, or the policy's choice."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if policy is None:
        raise ValueError(
            f"seat {state.current_player} has a choice ({', '.join(map(str, actions))}); "
            "pass a policy to decide it.")
    return policy(state)


def transitions(state: Any, policy: Policy | None = None) -> list[tuple[Any, Fraction]]:
    """The next states with their probabilities (one state with probability 1 at a decision)."""
    if state.is_chance_node():
        return [(state.apply(o), p) for o, p in state.chance_outcomes()]
    return [(state.apply(forced(state, policy)), Fraction(1))]


def expectation(state: Any, value: Callable[[Any], Any], policy: Policy | None = None,
                stop: Callable[[Any], bool] | None = None) -> Fraction:
    """Exact expected ``value(final)`` where ``final`` is terminal or satisfies ``stop``.

    The game tree below ``state`` must be finite (use `markov_chain` for games that can loop).
    """
    @cache
    def solve(s: Any) -> Fraction:
        if s.is_terminal() or (stop is not None and stop(s)):
            return Fraction(value(s))
        return sum((p * solve(n) for n, p in transitions(s, policy)), Fraction(0))

    return solve(state)


def distribution(state: Any, value: Callable[[Any], Hashable], policy: Policy | None = None,
                 stop: Callable[[Any], bool] | None = None) -> dict[Any, Fraction]:
    """Exact distribution of ``value(final)`` (same conditions as `expectation`)."""
    frontier: dict[Any, Fraction] = {state: Fraction(1)}
    result: dict[Any, Fraction] = defaultdict(Fraction)
    while frontier:
        following: dict[Any, Fraction] = defaultdict(Fraction)
        for s, p in frontier.items():
            if s.is_terminal() or (stop is not None and stop(s)):
                result[value(s)] += p
                continue
            for n, q in transitions(s, policy):
                following[n] += p * q
        frontier = following
    return dict(sorted(result.items(), key=lambda kv: repr(kv[0])))


def markov_chain(state: Any, policy: Policy | None = None,
                 absorbing: Callable[[Any], bool] | None = None,
                 key: Callable[[Any], Hashable] = lambda s: s,
                 ) -> tuple[list[Any], dict[int, list[tuple[int, Fraction]]]]:
    """The reachable states from ``state`` as a Markov chain.

    Returns ``(states, edges)`` where ``edges[i]`` lists ``(j, probability)``; terminal states and
    those where ``absorbing`` holds have no edges.  ``key`` merges states that are equivalent for the
    question asked (the default merges equal positions).
    """
    index: dict[Hashable, int] = {key(state): 0}
    states = [state]
    edges: dict[int, list[tuple[int, Fraction]]] = {}
    todo = [0]
    while todo:
        i = todo.pop()
        s = states[i]
        if s.is_terminal() or (absorbing is not None and absorbing(s)):
            continue
        merged: dict[int, Fraction] = defaultdict(Fraction)
        for n, p in transitions(s, policy):
            k = key(n)
            if k not in index:
                index[k] = len(states)
                states.append(n)
                todo.append(index[k])
            merged[index[k]] += p
        edges[i] = sorted(merged.items())
    return states, edges


def solve_linear(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Solve ``matrix @ x = rhs`` exactly (Gauss-Jordan over Fractions, sparse-friendly)."""
    n = len(matrix)
    rows = [{j: v for j, v in enumerate(r) if v} for r in matrix]
    b = list(rhs)
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r].get(col)), None)
        if pivot is None:
            raise ValueError("the linear system is singular.")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        b[col], b[pivot] = b[pivot], b[col]
        inv = 1 / rows[col][col]
        rows[col] = {j: v * inv for j, v in rows[col].items()}
        b[col] *= inv
        for r in range(n):
            if r != col and rows[r].get(col):
                factor = rows[r][col]
                for j, v in rows[col].items():
                    new = rows[r].get(j, 0) - factor * v
                    if new:
                        rows[r][j] = new
                    else:
                        rows[r].pop(j, None)
                b[r] -= factor * b[col]
    return b
