"""Playing games out: sampling chance, seeded playouts and `simulate` over many games.

Everything here goes through the public state verbs (and `StateBase._advance` for an action just
taken from the legal ones), so it works for every game.  Fairness (issue 10): chance and each seat's
bot draw from separate generators derived from the seed (`split_rngs`), so a bot can neither
foresee the dice or cards nor change them by drawing numbers of its own.  Speed (issue 12): chance
nodes sample from prepared distributions, observations are built only for bots that read them, and
`simulate` can spread games over processes or any `concurrent.futures.Executor`.

Bots (issue 18): a bot object with ``choose`` runs here, in the referee; a plain function given as
a bot (``my_bot(observation, legal_actions)``) runs in a sandbox of its own (`sandbox.SandboxedBot`),
in `simulate` as at a table or in a capstone.  For workers and executors the bots are pickled
once, before any worker starts (cloudpickle, so a bot class defined in a notebook travels by
value, under any start method): a bot that cannot be pickled is a `TypeError` at once.  Each chunk
of games is played by its own copies of the bots, so threads never share one.
"""

from __future__ import annotations

import json
import math
import os
import pickle
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import legal_object
from .bots import Bot, RandomBot
from .chance import chance_distribution
from .core import CHANCE, TERMINAL
from .registry import load_game

if TYPE_CHECKING:  # concurrent.futures.process costs a tenth of a second: imported when used
    from concurrent.futures import Executor

Seed = int | str | random.Random | None
"""What seeds a game: a number or text (reproducible), a generator to draw from, or None."""


class _SeededOnFirstDraw(random.Random):
    """A generator that is ``random.Random(text)`` but is seeded only when first used.

    Seeding from text hashes it with SHA-512 and costs about 15 µs, a tenth of a random game of
    the Goose, whose bots never draw (every move is forced).  On first use the object becomes a
    plain `random.Random` seeded from the text, so every draw after that is at full speed and
    gives exactly the numbers ``random.Random(text)`` would.
    """

    def __init__(self, text: str) -> None:  # deliberately not seeding (see the class docstring)
        self._text = text
        self.gauss_next = None

    # Each method seeds first, then calls the plain generator's method directly: a caller may hold
    # a bound method of this class (``gauss`` keeps ``self.random``) after the object has changed.
    def random(self) -> float:
        _seed_now(self)
        return random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        _seed_now(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> Any:
        _seed_now(self)
        return random.Random.getstate(self)

    def setstate(self, state: Any) -> None:
        _seed_now(self)
        random.Random.setstate(self, state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        _seed_now(self)
        random.Random.seed(self, *args, **kwargs)

    def __reduce__(self) -> Any:  # pickle and copy see a plain, seeded generator
        _seed_now(self)
        return random.Random.__reduce__(self)


def _seed_now(rng: random.Random) -> None:
    text = rng.__dict__.pop("_text", None)
    if text is not None:
        rng.__class__ = random.Random
        random.Random.seed(rng, text)


def split_rngs(seed: Seed, players: int, *, lazy: bool = False
               ) -> tuple[random.Random, list[random.Random]]:
    """Separate generators for chance and for each seat's bot, all derived from ``seed``.

    Chance gets one generator, seat ``i``'s bot another: what a bot draws never changes the dice
    or cards, and no bot can copy its generator to foresee them.  The same ``seed`` (a number or
    text) always gives the same generators.  Given a `random.Random`, chance draws from it and the
    bots' generators are seeded from it first; given None, all are seeded from the system.
    Tables, playouts and `simulate` use this; so can any other game loop::

        chance_rng, bot_rngs = split_rngs(seed, game.players)

    With ``lazy`` (playouts), the bots' generators from a number or text seed are seeded only
    when a bot first draws from one: the same numbers, without the cost for bots that never draw.
    """
    if seed is None:
        return random.Random(), [random.Random() for _ in range(players)]
    if isinstance(seed, random.Random):
        return seed, [random.Random(seed.getrandbits(128)) for _ in range(players)]
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a seed is a whole number, a text, a random.Random or None, not {seed!r}.")
    # text seeds are hashed with SHA-512 by `random`, so they are the same in every process
    make = _SeededOnFirstDraw if lazy else random.Random
    return (random.Random(f"chance/{seed}"), [make(f"bot {seat}/{seed}") for seat in range(players)])


def sample_outcome(state: Any, rng: random.Random) -> Any:
    """Pick a chance outcome with its exact probability."""
    outcomes = state.chance_outcomes()
    threshold = Fraction(rng.random())
    total = Fraction(0)
    for outcome, probability in outcomes:
        total += probability
        if threshold < total:
            return outcome
    return outcomes[-1][0]


def sample_outcome_fast(state: Any, rng: random.Random) -> Any:
    """Like `sample_outcome` but with float weights, prepared once per distribution: for hot loops."""
    if not state.is_chance_node():
        raise ValueError("sample_outcome_fast needs a chance node.")
    return chance_distribution(state._chance_outcomes()).sample(rng)


def _wants_observation(bot: Any) -> bool:
    # bots that ignore their observation say so (RandomBot); building it can cost more than the move
    return bool(getattr(bot, "needs_observation", True))


def _asks_forced(bot: Any) -> bool:
    # bots that would answer a forced move with it, drawing nothing, say so (RandomBot): every
    # Goose turn is one, and asking costs a sizeable share of a random game
    return bool(getattr(bot, "needs_forced_moves", True))


def _decide(state: Any, player: int, bot: Any, rng: random.Random, observe: bool,
            legal: list[Any]) -> Any:
    """Ask ``bot`` for seat ``player``'s move among ``legal`` (the state's ``_legal_actions()``)
    and return the state after it (the legal object)."""
    if len(legal) == 1:  # a forced move: a one-item list is cheaper than a copy
        only = legal[0]
        choice = bot.choose(state.observation(player) if observe else None, [only], rng)
        if choice is only:
            return state._advance(only)
    else:  # a copy of the list: the bot may change it
        choice = bot.choose(state.observation(player) if observe else None, list(legal), rng)
    for candidate in legal:  # the usual answer, the legal object itself (saves a call a step)
        if candidate is choice:
            return state._advance(candidate)
    return _advance_checked(state, player, choice, legal)


def _advance_checked(state: Any, player: int, choice: Any, legal: Sequence[Any]) -> Any:
    """The state after a bot's answer that is not known to be a legal object: the legal object
    it equals, or `IllegalActionError`."""
    return state._advance(legal_object(choice, legal, f"is not allowed for seat {player} now",
                                       "allowed"))


def _decide_from_view(state: Any, player: int, bot: Any, rng: random.Random, observe: bool,
                      view: Any) -> Any:
    """`_decide` for a bot that reads its legal actions only by ``len()`` and ``[index]``
    (``takes_any_sequence``), handed the game's ``_legal_view()``: the legal list read item by
    item, whose ``served`` is the last legal object it handed out.  A random playout of BOO then
    builds one placement a turn instead of hundreds, and the same seeded game is played."""
    choice = bot.choose(state.observation(player) if observe else None, view, rng)
    if choice is view.served:
        return state._advance(choice)
    return _advance_checked(state, player, choice, state._legal_actions())


def step(state: Any, bots: Sequence[Bot], rng: random.Random,
         bot_rngs: Sequence[random.Random] | None = None) -> Any:
    """Advance one step: chance samples from ``rng``, a seat asks its bot (which sees only its
    observation and draws from ``bot_rngs[seat]``, see `split_rngs`).

    Without ``bot_rngs`` the bot gets a generator seeded from ``rng`` for this one move: it still
    cannot foresee chance, but a loop of many steps should pass ``bot_rngs``.
    """
    player = state.current_player
    if player == TERMINAL:
        return state
    if player == CHANCE:
        return state._advance(chance_distribution(state._chance_outcomes()).sample(rng))
    bot = bots[player]
    bot_rng = bot_rngs[player] if bot_rngs is not None else random.Random(rng.getrandbits(128))
    return _decide(state, player, bot, bot_rng, _wants_observation(bot), state._legal_actions())


_MAX_STEPS = 100_000
"""Steps after which a playout gives up (no game here comes near it)."""


def playout(state: Any, bots: Sequence[Bot] | None = None, rng: Seed = None,
            max_steps: int = _MAX_STEPS) -> Any:
    """Play to the end (every seat random unless ``bots`` are given); returns the final state.

    ``rng`` seeds chance and the bots separately (`split_rngs`).
    """
    return _playout(state, bots, rng, max_steps)[0]


def _playout(state: Any, bots: Sequence[Bot] | None, rng: Seed, max_steps: int) -> tuple[Any, int]:
    """`playout`, and the number of steps it took (`simulate` records it without walking the
    history back: for a random game of the Goose that walk cost a twentieth of the game)."""
    players = state.game.players
    if bots is None:
        bots = [RandomBot()] * players
    chance_rng, bot_rngs = split_rngs(rng, players, lazy=True)
    observe = [_wants_observation(bot) for bot in bots]
    ask_forced = [_asks_forced(bot) for bot in bots]
    # a game may hand a bot that reads only len() and [index] its legal actions one by one (BOO's
    # hundreds of placements): ``state._legal_view()`` is then that sequence, or None to give a list
    legal_view = getattr(type(state), "_legal_view", None)
    viewing = [legal_view is not None and getattr(bot, "takes_any_sequence", False) for bot in bots]
    source: Any = None  # the last chance node's outcome list and its prepared form: games that
    prepared: Any = None  # hand back one list object for a recurring distribution skip a look-up
    # a game whose distributions rarely recur (the next card of a pile) may sample without building
    # them: ``state._sample_chance(rng)`` returns the very outcome, with the very draws from ``rng``,
    # that ``chance_distribution(state._chance_outcomes()).sample(rng)`` would
    sample = getattr(type(state), "_sample_chance", None)
    for steps in range(max_steps):
        player = state.current_player
        if player >= 0:
            if viewing[player]:
                view = legal_view(state)  # type: ignore[misc]
                if view is not None:
                    state = _decide_from_view(state, player, bots[player], bot_rngs[player],
                                              observe[player], view)
                    continue
            legal = state._legal_actions()
            if len(legal) == 1 and not ask_forced[player]:  # made unasked (every Goose turn)
                state = state._advance(legal[0])
                continue
            state = _decide(state, player, bots[player], bot_rngs[player], observe[player], legal)
        elif player == CHANCE:
            if sample is not None:
                state = state._advance(sample(state, chance_rng))
                continue
            outcomes = state._chance_outcomes()
            if outcomes is not source:
                source, prepared = outcomes, chance_distribution(outcomes)
            state = state._advance(prepared.sample(chance_rng))
        else:
            return state, steps
    if state.is_terminal():
        return state, max_steps
    raise RuntimeError(f"the game did not end within {max_steps} steps.")


class Decision(NamedTuple):
    """One bot decision in a played game (see `decisions`)."""

    state: Any          # the state before the move
    seat: int
    observation: Any    # what the bot saw
    action: Any         # what it chose
    seconds: float      # how long its ``choose`` took


def decisions(state: Any, bots: Sequence[Bot], rng: Seed = None,
              max_steps: int = 100_000) -> Iterator[Decision]:
    """Play to the end (chance sampled), yielding every decision before it is applied.

    For studies of what bots see and do (calibration, timing) without writing the game loop again.
    Seeded like `playout`: the same ``rng`` plays the same game.
    """
    chance_rng, bot_rngs = split_rngs(rng, state.game.players)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state = state._advance(chance_distribution(state._chance_outcomes()).sample(chance_rng))
            continue
        seat = state.current_player
        observation, legal = state.observation(seat), state.legal_actions()
        started = time.perf_counter()
        action = bots[seat].choose(observation, list(legal), bot_rngs[seat])
        seconds = time.perf_counter() - started
        yield Decision(state, seat, observation, action, seconds)
        state = state.apply(action)
    raise RuntimeError(f"the game did not end within {max_steps} steps.")


@dataclass
class GameRecord:
    """What one simulated game produced."""

    returns: list[int]
    scores: list[int]
    steps: int


@dataclass
class SimulationResult:
    """Results of many games, ready for a table or a plot.

    Counted by seat or by bot (issue 31): without ``rotate_seats`` each bot keeps its seat, so
    row ``i`` is seat ``i`` *and* bot ``i``, and a seat's advantage shows as its bot's;
    ``rotated`` results undo the rotation and count by bot.  `counted_by` says which, and
    `warning` says when the rows are alike bots in unrotated seats: what differs between them is
    then the seats, not the bots.  A game's win is split among those tied on top (`win_shares`).
    """

    players: int
    bot_names: list[str]
    records: list[GameRecord] = field(default_factory=list)
    rotated: bool = False

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def counted_by(self) -> str:
        """``"bot"`` when seats were rotated (row ``i`` is bot ``i`` wherever it sat), else
        ``"seat"`` (row ``i`` is seat ``i``, which bot ``i`` kept)."""
        return "bot" if self.rotated else "seat"

    @property
    def warning(self) -> str:
        """A caution for the reader, or "": alike bots (by name) compared in unrotated seats."""
        if self.rotated or len(set(self.bot_names)) == len(self.bot_names):
            return ""
        return ("the bots are alike and seats were not rotated: the rows differ by seat, not by bot "
                "(rotate_seats=True counts by bot)")

    def win_counts(self) -> list[int]:
        """Games each row won or shared on top (a tied game counts for each of its winners)."""
        return [sum(r.returns[i] for r in self.records) for i in range(self.players)]

    def win_shares(self) -> list[float]:
        """Each row's wins with ties split: 1 for a game won alone, ``1/k`` for a top shared by
        ``k``; the rows add up to the games that someone won."""
        shares = [0.0] * self.players
        for record in self.records:
            top = sum(1 for r in record.returns if r > 0)
            for i, r in enumerate(record.returns):
                if r > 0:
                    shares[i] += 1 / top
        return shares

    def shared_counts(self) -> list[int]:
        """Games whose top score each row shared with another."""
        return [sum(1 for r in self.records if r.returns[i] > 0 and sum(x > 0 for x in r.returns) > 1)
                for i in range(self.players)]

    def no_winner(self) -> int:
        return sum(1 for r in self.records if not any(r.returns))

    def win_rates(self, z: float = 1.96) -> list[tuple[float, float, float]]:
        """``(rate, low, high)`` per row: the share of games each won (a tied win split, so the
        fair share is exactly ``1 / players``), with a Wilson interval."""
        return [wilson(wins, self.games, z) for wins in self.win_shares()]

    def mean_scores(self) -> list[float]:
        return [sum(r.scores[i] for r in self.records) / max(1, self.games)
                for i in range(self.players)]

    def mean_with_ci(self, values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
        return mean_ci(values, z)

    @property
    def _row_key(self) -> str:
        return "bot number" if self.rotated else "seat"

    def table(self, digits: int = 3) -> list[dict[str, Any]]:
        """One row per seat (or per bot, `counted_by`: then its key is "bot number"): bot, wins
        (ties split), shared tops, win rate and its 95% interval, mean score."""
        rows = []
        for seat, ((rate, low, high), wins, shared, score) in enumerate(
                zip(self.win_rates(), self.win_shares(), self.shared_counts(), self.mean_scores())):
            rows.append({self._row_key: seat, "bot": self.bot_names[seat],
                         "wins": int(wins) if wins == int(wins) else round(wins, digits),
                         "shared": shared, "win rate": round(rate, digits), "95% low": round(low, digits),
                         "95% high": round(high, digits), "mean score": round(score, digits)})
        return rows

    def __str__(self) -> str:
        way = ("counted by bot (seats rotated)" if self.rotated
               else "counted by seat (each bot kept its seat)")
        lines = [f"{self.games} games, {way}; a tied win split; fair share {1 / self.players:.3f}"]
        if self.warning:
            lines.append(f"note: {self.warning}")
        for row in self.table():
            lines.append(f"{self._row_key} {row[self._row_key] + 1} ({row['bot']}): "
                         f"{row['wins']:g} wins, win rate {row['win rate']:.3f} "
                         f"({row['95% low']:.3f}-{row['95% high']:.3f}), mean score {row['mean score']:g}")
        return "\n".join(lines)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate and Wilson score interval of ``successes`` out of ``trials`` (a share of the
    games may be fractional: a tied win split)."""
    if trials == 0:
        return (0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and normal-approximation confidence interval of ``values``."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def simulate(game: Any, games: int, bots: Sequence[Bot] | None = None, seed: int | str = 0,
             progress: bool = True, rotate_seats: bool = False,
             on_game: Callable[[Any], None] | None = None, workers: int | None = None,
             executor: Executor | None = None, chunk_size: int | None = None) -> SimulationResult:
    """Play ``games`` seeded games and collect their results.

    ``bots`` gives one bot per seat (default: random everywhere).  With ``rotate_seats`` each game
    shifts the bots one seat, so seat advantages cancel out and results are reported per bot list
    position (the result's ``counted_by`` is "bot"); without it, by seat, and the result warns
    when alike bots are compared so (`SimulationResult.warning`).  ``progress`` shows one tqdm
    bar (in a notebook, a widget bar).  ``on_game`` receives each final state, for statistics
    beyond the returns.

    Game ``i`` is seeded from ``seed`` and ``i`` alone, so the results are the same however the
    games are spread: ``workers=N`` plays them in N processes, and ``executor`` takes any
    `concurrent.futures.Executor` (e.g. ``distributed.Client(...).get_executor()`` for a Dask
    cluster).  Games go out in chunks of ``chunk_size`` (default: four chunks per worker), each
    played by its own copies of the bots, so bots must be picklable (checked before any worker
    starts) and should not learn across games.  A plain function given as a bot runs sandboxed
    (see the module docstring).
    """
    players = game.players
    bots = list(bots) if bots is not None else [RandomBot() for _ in range(players)]
    if len(bots) != players:
        raise ValueError(f"simulate needs one bot per seat ({players}), got {len(bots)}.")
    from ..sandbox import SandboxedBot, is_function_bot

    bots = [SandboxedBot(b, f"seat {i + 1}") if is_function_bot(b) else b for i, b in enumerate(bots)]
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"seed must be a whole number or a text, not {seed!r}.")
    for label, value, low in (("games", games, 0), ("workers", workers, 1), ("chunk_size", chunk_size, 1)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < low):
            raise ValueError(f"{label} must be a whole number, {low} or more, not {value!r}.")
    result = SimulationResult(players, [getattr(b, "name", type(b).__name__) for b in bots],
                              rotated=rotate_seats)
    bar: Any = None
    if progress:
        from tqdm.auto import tqdm  # tqdm is headless; its notebook bar is only used in a kernel
        bar = tqdm(total=games, desc=f"{getattr(game, 'name', 'game')}", leave=False)
    if executor is None:
        workers = effective_workers(workers)
    spread = not (executor is None and (workers is None or workers == 1))
    payload = _pickled_bots(bots) if spread else b""
    try:
        if not spread:
            for index in range(games):
                record, final = _play_one(game, bots, seed, index, rotate_seats)
                result.records.append(record)
                if on_game is not None:
                    on_game(final)
                if bar is not None:
                    bar.update(1)
        else:
            for records, finals in _play_spread(game, payload, seed, games, rotate_seats,
                                                on_game is not None, workers, executor,
                                                chunk_size, bar):
                result.records.extend(records)
                if on_game is not None:
                    for final in finals:
                        on_game(final)
    finally:
        if bar is not None:
            bar.close()
        for bot in bots:
            if isinstance(bot, SandboxedBot):
                bot.close()
    return result


def _pickled_bots(bots: Sequence[Any]) -> bytes:
    """The bots as one pickle for the workers (cloudpickle: classes of a notebook by value).

    Each bot is tried alone first, so that the error names the one that cannot travel."""
    import cloudpickle

    for position, bot in enumerate(bots):
        try:
            cloudpickle.dumps(bot)
        except Exception as err:  # noqa: BLE001 - pickling raises many kinds of errors
            name = getattr(bot, "name", type(bot).__name__)
            raise TypeError(
                f"bot {position + 1} ({name!s}, {type(bot).__name__}) cannot be sent to simulate's "
                f"workers: {type(err).__name__}: {err}.  Keep what cannot be pickled (an open file, a "
                "lock, a generator, a widget) out of its attributes, or run simulate without workers "
                "and executor.") from None
    return bytes(cloudpickle.dumps(list(bots)))


def _play_one(game: Any, bots: Sequence[Bot], seed: int | str, index: int, rotate_seats: bool
              ) -> tuple[GameRecord, Any]:
    """Game ``index`` of a simulation: its record and final state."""
    players = game.players
    shift = index % players if rotate_seats else 0
    seated = list(bots[-shift:]) + list(bots[:-shift]) if shift else bots
    start = game.new_initial_state()
    final, steps = _playout(start, seated, f"{seed}/{index}", _MAX_STEPS)
    returns, scores = final.returns(), final.scores()
    if shift:  # report by bot, not by seat
        returns = returns[shift:] + returns[:shift]
        scores = scores[shift:] + scores[:shift]
    return GameRecord(list(returns), list(scores), start.history_length + steps), final


_worker_games: dict[str, Any] = {}


def _game_spec(game: Any) -> Any:
    """What a worker needs to rebuild ``game``: its name and parameters as JSON when they rebuild
    it (a game's caches, which grow as it is played, are then never pickled), else the game."""
    try:
        spec = json.dumps([game.name, game.params()], sort_keys=True)
        return spec if load_game(game.name, **game.params()) == game else game
    except Exception:  # noqa: BLE001 - a game outside the registry travels as itself
        return game


def _game_from_spec(spec: Any) -> Any:
    if not isinstance(spec, str):
        return spec
    game = _worker_games.get(spec)
    if game is None:  # one game per worker process, so its caches warm up across chunks
        name, params = json.loads(spec)
        game = _worker_games[spec] = load_game(name, **params)
    return game


def _play_chunk(spec: Any, payload: bytes, seed: int | str, start: int, stop: int,
                rotate_seats: bool, keep_finals: bool) -> tuple[list[GameRecord], list[Any]]:
    """Games ``start`` to ``stop - 1`` in a worker (a module-level function, so it pickles), by
    copies of the bots of this chunk's own (a thread executor never shares one between threads)."""
    game = _game_from_spec(spec)
    bots = pickle.loads(payload)  # noqa: S301 - our own pickle of the bots, made by `simulate`
    records, finals = [], []
    try:
        for index in range(start, stop):
            record, final = _play_one(game, bots, seed, index, rotate_seats)
            records.append(record)
            if keep_finals:
                finals.append(final)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()
    return records, finals


def _watch_parent(parent: int) -> None:
    """A pool worker's start: it ends when the process that started it dies (the kernel killed
    while games are played leaves no worker behind)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True, name="goose-widgets-parent-watch").start()


def effective_workers(workers: int | None) -> int | None:
    """``workers``, or None (play in this process) inside a learner's sandbox, which may start no
    process (``GOOSE_WIDGETS_IN_SANDBOX``): a notebook that asks for workers runs as it would with
    them, since the results are the same however the games are spread."""
    return None if os.environ.get("GOOSE_WIDGETS_IN_SANDBOX") else workers


def process_pool(workers: int | None) -> Executor:
    """A process pool whose workers die with this process (spawned when ``GOOSE_WIDGETS_FORK=off``):
    what ``simulate(..., workers=N)`` uses, for studies that run several simulations on one pool."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from ..sandbox import fork_available

    context = multiprocessing.get_context(None if fork_available() else "spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_watch_parent,
                               initargs=(os.getpid(),))


def _play_spread(game: Any, payload: bytes, seed: int | str, games: int, rotate_seats: bool,
                 keep_finals: bool, workers: int | None, executor: Executor | None,
                 chunk_size: int | None, bar: Any) -> Iterator[tuple[list[GameRecord], list[Any]]]:
    """Chunks of games played by ``executor`` (or a pool of ``workers`` processes), in order."""
    from concurrent.futures import Future, as_completed

    if chunk_size is None:
        spread = workers or 4  # an executor does not say how many workers it has
        chunk_size = max(1, min(2000, math.ceil(games / (4 * spread))))
    own = executor is None
    pool: Executor = process_pool(workers) if executor is None else executor
    futures: dict[Future[Any], int] = {}
    spec = _game_spec(game)
    try:
        for number, start in enumerate(range(0, games, chunk_size)):
            stop = min(games, start + chunk_size)
            futures[pool.submit(_play_chunk, spec, payload, seed, start, stop, rotate_seats,
                                keep_finals)] = number
        done: dict[int, tuple[list[GameRecord], list[Any]]] = {}
        following = 0
        for future in as_completed(futures):
            chunk = future.result()
            done[futures[future]] = chunk
            if bar is not None:
                bar.update(len(chunk[0]))
            while following in done:  # hand chunks back in game order
                yield done.pop(following)
                following += 1
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
