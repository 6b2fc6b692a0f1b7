"""Exact probability over the engine's own chance outcomes.

Nothing here knows a rule: it walks ``chance_outcomes()`` and ``apply``.  Decision nodes are
resolved by a ``policy(state) -> action``; a node with a single legal action needs none.
"""

from __future__ import annotations

import math
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
    if state.is_chance_node():  # the outcomes come from the state itself: no look-up needed
        return [(state._advance(o), p) for o, p in state._chance_outcomes()]
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
    states, edges = cost_chain(state, None, policy, absorbing, key)
    return states, {i: [(j, p) for j, p, _ in out] for i, out in edges.items()}


def cost_chain(state: Any, cost: Callable[[Any, Any], int | Fraction] | None,
               policy: Policy | None = None, absorbing: Callable[[Any], bool] | None = None,
               key: Callable[[Any], Hashable] = lambda s: s,
               ) -> tuple[list[Any], dict[int, list[tuple[int, Fraction, Any]]]]:
    """Like `markov_chain`, with a cost on every edge: ``edges[i]`` lists ``(j, probability, cost)``.

    ``cost(s, n)`` is computed on the real successor ``n`` of the representative ``s`` before
    ``key`` merges ``n`` with its equals, so a clock that ``key`` drops (a round counter) can still
    be counted: ``cost=lambda s, n: n.round - s.round``.  ``None`` means cost 0 everywhere.
    """
    index: dict[Hashable, int] = {key(state): 0}
    states = [state]
    edges: dict[int, list[tuple[int, Fraction, Any]]] = {}
    todo = [0]
    while todo:
        i = todo.pop()
        s = states[i]
        if s.is_terminal() or (absorbing is not None and absorbing(s)):
            continue
        merged: dict[tuple[int, Any], Fraction] = defaultdict(Fraction)
        for n, p in transitions(s, policy):
            k = key(n)
            if k not in index:
                index[k] = len(states)
                states.append(n)
                todo.append(index[k])
            merged[index[k], 0 if cost is None else cost(s, n)] += p
        edges[i] = [(j, p, c) for (j, c), p in sorted(merged.items())]
    return states, edges


def absorbing_values(states: list[Any], edges: dict[int, list[tuple]],
                     value: Callable[[Any], int | Fraction] = lambda s: 0) -> list[Fraction]:
    """Exact ``E[value(where the chain is absorbed) + the costs paid on the way]`` from every state.

    ``states, edges`` come from `markov_chain` (no costs) or `cost_chain`.  With ``value`` an
    indicator this is the probability of ending there; with costs and ``value`` 0 it is the expected
    total cost (e.g. rounds).  Absorption must be certain from every state that can reach a cost,
    else the system is singular (an error says so).

    States with one certain successor are folded into it first, and the rest is solved in integers
    (fraction-free Gaussian elimination), much faster than Fractions on chains of dice games.
    """
    fold = _folder(edges)
    unknown = [i for i in edges if fold(i)[0] == i]
    column = {i: k for k, i in enumerate(unknown)}
    matrix = [[Fraction(0)] * len(unknown) for _ in unknown]
    rhs = [Fraction(0)] * len(unknown)
    for i in unknown:
        row = column[i]
        matrix[row][row] += 1
        for j, p, c in _folded_edges(edges, i, fold):
            rhs[row] += p * c
            if j in column:
                matrix[row][column[j]] -= p
            else:
                rhs[row] += p * Fraction(value(states[j]))
    try:
        solved = _solve_integer(matrix, rhs)
    except ValueError:
        raise ValueError("some states are never absorbed (the chain can loop for ever from them), so "
                         "their values are undefined.") from None
    values = []
    for i, s in enumerate(states):
        target, extra = fold(i)
        values.append(extra + (solved[column[target]] if target in column else Fraction(value(s))))
    return values


def absorption_times(states: list[Any], edges: dict[int, list[tuple]], horizon: int,
                     start: int = 0) -> dict[int, Fraction]:
    """Exact ``P(absorbed with total cost t)`` for t = 0..horizon, starting from ``states[start]``.

    Costs (from `cost_chain`) must be whole numbers >= 0, and every edge between states that are
    not absorbing must cost at least 1 once certain steps are folded (a clock that ticks on each
    move, like rounds).  What is not absorbed by ``horizon`` is ``1 - sum(result.values())``.

    Masses are kept as integers over ``scale ** t`` (``scale`` the common denominator of the edge
    probabilities): exact, and far faster than Fractions whose denominators grow every round.
    """
    fold = _folder(edges)
    start, offset = fold(start)
    graph = {i: _folded_edges(edges, i, fold) for i in edges if fold(i)[0] == i}
    scale = math.lcm(*(p.denominator for out in graph.values() for _, p, _ in out))
    steps = {i: [(j, int(p * scale), int(c)) for j, p, c in out] for i, out in graph.items()}
    if any(c < 1 and j in graph for out in steps.values() for j, _, c in out):
        raise ValueError("absorption_times needs a cost of at least 1 on every edge between "
                         "non-absorbing states (a clock), after folding certain steps.")
    result: dict[int, Fraction] = {t: Fraction(0) for t in range(horizon + 1)}
    buckets: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    if start not in graph:
        if offset <= horizon:
            result[int(offset)] = Fraction(1)
        return result
    buckets[int(offset)][start] = 1
    for t in range(int(offset), horizon + 1):
        absorbed = 0  # numerator over scale ** (t + 1)
        for i, mass in buckets.pop(t, {}).items():
            for j, weight, c in steps[i]:
                if j not in graph:
                    if t + c <= horizon:
                        if c == 0:
                            absorbed += mass * weight
                        else:
                            result[t + c] += Fraction(mass * weight, scale ** (t + 1))
                elif t + c <= horizon:
                    buckets[t + c][j] += mass * weight * scale ** (c - 1)
        result[t] += Fraction(absorbed, scale ** (t + 1))
    return result


def _folder(edges: dict[int, list[tuple]]) -> Callable[[int], tuple[int, Fraction]]:
    """``fold(i)``: follow certain (probability 1) edges from ``i``: (where they end, their cost)."""
    def fold(j: int) -> tuple[int, Fraction]:
        total, seen = Fraction(0), set()
        while j in edges and len(edges[j]) == 1 and edges[j][0][1] == 1 and j not in seen:
            seen.add(j)
            target, _, *c = edges[j][0]
            total += c[0] if c else 0
            j = target
        return j, total
    return fold


def _folded_edges(edges: dict[int, list[tuple]], i: int,
                  fold: Callable[[int], tuple[int, Fraction]]) -> list[tuple[int, Fraction, Fraction]]:
    """The edges of ``i`` as ``(j, p, cost)`` with certain steps after them folded in."""
    out = []
    for j, p, *c in edges[i]:
        target, extra = fold(j)
        out.append((target, p, (c[0] if c else 0) + extra))
    return out


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


def _solve_integer(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Solve ``matrix @ x = rhs`` exactly by fraction-free (Bareiss) elimination in integers."""
    n = len(matrix)
    rows = []
    for row, b in zip(matrix, rhs):
        scale = math.lcm(*(Fraction(v).denominator for v in (*row, b)))
        rows.append([int(Fraction(v) * scale) for v in (*row, b)])
    previous = 1
    for k in range(n):
        pivot = next((r for r in range(k, n) if rows[r][k]), None)
        if pivot is None:
            raise ValueError("the linear system is singular.")
        rows[k], rows[pivot] = rows[pivot], rows[k]
        top = rows[k]
        akk = top[k]
        for r in range(k + 1, n):
            below = rows[r]
            ark = below[k]
            if ark == 0 and akk == previous:  # the update would leave this row as it is
                continue
            for j in range(k + 1, n + 1):  # exact divisions: Bareiss keeps every entry integer
                below[j] = (below[j] * akk - ark * top[j]) // previous
            below[k] = 0
        previous = akk
    x = [Fraction(0)] * n
    for i in range(n - 1, -1, -1):
        solved = rows[i]
        total = Fraction(solved[n]) - sum((solved[j] * x[j] for j in range(i + 1, n) if solved[j]),
                                          Fraction(0))
        x[i] = total / solved[i]
    return x
