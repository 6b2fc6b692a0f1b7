"""The bot capstones as a hostile learner would try them (issues 18 and 19 §7).

The referee runs the games here; the learner's bot runs in its sandbox and sees only its seat's
observation and legal actions.  So a bot that scans its frames and ``gc.get_objects()`` finds no
game state and no chance generator, a bot that guesses the next card of the draw pile does no
better than the base rate (while the same bot run in the referee's process reads the pile: the
control), forging the statistics or the answer pipe never gives a tick, hostile bots are stopped
within their limit plus 2 s with no process left, and neither a first-legal-action bot nor a random
bot ever passes a capstone.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import random
import time

import pytest

from goose_widgets import load_game, play
from goose_widgets.engine import RandomBot, playout, simulate
from goose_widgets.exercises.bots import play_tournament
from goose_widgets.games.boo.exercises import write_a_bot as boo_capstone
from goose_widgets.games.boo_to_the_goose import registry as boo_to_the_goose_registry
from goose_widgets.games.boo_to_the_goose.exercises import write_a_bot as boo_to_the_goose_capstone
from goose_widgets.games.sneaky_goose.exercises import write_a_bot as sneaky_goose_capstone
from goose_widgets.games.sneaky_goose.registry import BOTS as SNEAKY_BOTS
from goose_widgets.sandbox import BotError, status
from tests.engine.hostile import (
    answer_pipes,
    endless_with_bare_except,
    fork_bomb_of_two,
    half_a_message,
    read_report,
    report,
)
from tests.engine.processes import watch

CAPSTONES = {"boo_to_the_goose": boo_to_the_goose_capstone, "sneaky_goose": sneaky_goose_capstone,
             "boo": boo_capstone}


def first_legal(observation, legal_actions):
    return legal_actions[0]


def random_choice(observation, legal_actions):
    import random

    return random.choice(legal_actions)


def short(capstone, seed=1, cap=40, compare=2, expert=2):
    """The capstone with fewer games (at most ``cap`` a bar, ``compare`` a comparison, ``expert``
    against the expert), seeded."""
    return dataclasses.replace(capstone, seed=seed, cap=cap, expert_games=expert,
                               compare=tuple((name, compare) for name, _ in capstone.compare))


# --- what a bot can find ------------------------------------------------------------------------

def make_scanner(moves=12):
    """A bot that looks for the game and chance everywhere it can at each move; at its
    ``moves``-th move it reports what it found (`report`: the biggest counts and every name)."""
    found = {"moves": 0, "states": 0, "generators": 0, "frames": []}

    def scanner(observation, legal_actions):
        import gc
        import random
        import sys

        from goose_widgets.engine.core import StateBase

        states = sum(isinstance(thing, StateBase) for thing in gc.get_objects())
        # a seeded generator other than the module's own; `secrets` keeps a SystemRandom, which
        # reads the operating system's entropy and holds no state to predict
        generators = sum(thing is not random._inst for thing in gc.get_objects()
                         if isinstance(thing, random.Random) and not isinstance(thing, random.SystemRandom))
        frame = sys._getframe()
        while frame is not None:
            found["frames"] += [name for name in ("state", "chance_rng", "rng", "table", "checker")
                                if name in frame.f_locals]
            frame = frame.f_back
        found["moves"] += 1
        found["states"] = max(found["states"], states)
        found["generators"] = max(found["generators"], generators)
        if found["moves"] >= moves:
            report(found)
        return legal_actions[-1]

    return scanner


def test_a_bot_that_scans_frames_and_gc_finds_no_game_state_and_no_chance_generator(monkeypatch):
    with watch(monkeypatch):
        report = short(boo_to_the_goose_capstone).check(make_scanner(25))
    found = read_report(report.message)
    assert found == {"moves": 25, "states": 0, "generators": 0, "frames": []}, found


def test_a_bot_at_a_table_and_in_simulate_finds_nothing_either(monkeypatch):
    said = []
    with watch(monkeypatch):
        with pytest.raises(RuntimeError) as at_table:
            play("boo_to_the_goose", players=[make_scanner(10), "random"], seed=3, bot_delay=0)
        with pytest.raises(BotError) as in_simulate:
            simulate(load_game("boo_to_the_goose", players=2), 6, [make_scanner(10), RandomBot()],
                     seed=1, progress=False)
        said = [str(at_table.value), str(in_simulate.value)]
        del at_table, in_simulate  # their tracebacks hold the table, whose bot holds its sandbox
        gc.collect()  # the table's widgets hold it in cycles: the collector ends its bot's sandbox
    for text in said:
        found = read_report(text)
        assert found == {"moves": 10, "states": 0, "generators": 0, "frames": []}, found


def make_guesser(draws=None, attack_frames=True, report_after=1000):
    """A Sneaky Goose bot that, before each draw from the pile, guesses the card: from the chance
    generator and the state when it can find them on the stack (the attack of issue 18), else the
    row with the most unseen copies.  For every draw it keeps ``(hit, probability, source)``: in
    ``draws`` when it is given (a bot run in this process), else in its sandbox, and after
    ``report_after`` draws it reports their sums (`report`)."""
    memory = {"draws": []}

    def guesser(observation, legal_actions):
        import random
        import sys

        from goose_widgets.engine.chance import chance_distribution
        from goose_widgets.games.sneaky_goose.bots import unseen_counts

        names = [str(a) for a in legal_actions]
        if observation.phase == "holding" and "guess" in memory and observation.held is not None:
            guess, p, source = memory.pop("guess")
            kept = draws if draws is not None else memory["draws"]
            kept.append((int(observation.held == guess), p, source))
            if draws is None and len(kept) >= report_after:
                report({"draws": len(kept), "hits": sum(h for h, _, _ in kept),
                        "expected": sum(p for _, p, _ in kept),
                        "variance": sum(p * (1 - p) for _, p, _ in kept),
                        "sources": sorted({s for _, _, s in kept})})
        if observation.phase != "turn start" or "take draw pile" not in names:
            return legal_actions[0] if "pass" not in names else "pass"
        counts = unseen_counts(observation)
        best = max(range(len(counts)), key=counts.__getitem__)
        guess, p, source = observation.deck[best], counts[best] / sum(counts), "base"
        frame = sys._getframe() if attack_frames else None
        while frame is not None:
            found = frame.f_locals
            if "chance_rng" in found and "state" in found:
                rng = random.Random()
                rng.setstate(found["chance_rng"].getstate())
                state = found["state"]
                take = next(a for a in state._legal_actions() if str(a) == "take draw pile")
                state = state._advance(take)
                while state.is_chance_node():
                    sample = getattr(type(state), "_sample_chance", None)
                    state = state._advance(sample(state, rng) if sample else
                                           chance_distribution(state._chance_outcomes()).sample(rng))
                guess, p, source = state.observation(observation.seat).held, p, "stack"
                break
            frame = frame.f_back
        memory["guess"] = (guess, p, source)
        return "take draw pile"

    return guesser


class InTheReferee:
    """The control: the same function as a trusted bot object, run in the referee's process."""

    name = "in the referee"

    def __init__(self, function):
        self.function = function

    def choose(self, observation, legal_actions, rng):
        answer = self.function(observation, list(legal_actions))
        return next(a for a in legal_actions if a == answer or str(a) == answer)


def test_a_bot_that_guesses_the_next_draw_does_no_better_than_the_base_rate(monkeypatch):
    game, opponent = {"players": 2, "rounds": 1}, [("memory", SNEAKY_BOTS["memory"], 400)]
    with watch(monkeypatch), pytest.raises(BotError) as raised:
        play_tournament("sneaky_goose", game, make_guesser(), opponent, ("P1", "P2"), seed=5)
    found = read_report(str(raised.value))
    expected, spread = found["expected"], math.sqrt(found["variance"])
    print(f"sandboxed: {found['hits']} right of {found['draws']} draws; the base rate expects "
          f"{expected:.0f} ± {spread:.0f}")
    assert found["draws"] >= 1000 and found["sources"] == ["base"]
    assert found["hits"] <= expected + 3 * spread

    control: list = []  # the same attack where the game is: it reads the pile
    rng, referee = random.Random(5), InTheReferee(make_guesser(control))
    for index in range(20):
        bots = [SNEAKY_BOTS["memory"](), SNEAKY_BOTS["memory"]()]
        bots[index % 2] = referee
        playout(load_game("sneaky_goose", **game).new_initial_state(), bots, rng)
    hits = [hit for hit, _, _ in control]
    print(f"in the referee (control): {sum(hits)} right of {len(hits)} draws")
    assert {source for _, _, source in control} == {"stack"} and sum(hits) == len(hits) > 100


# --- forging the verdict ------------------------------------------------------------------------

FORGED: list[bool] = []


def forger(observation, legal_actions):
    """Plays the first legal action, and forges everything it can reach (at its first move)."""
    if FORGED:
        return legal_actions[0]
    FORGED.append(True)
    import json

    import goose_widgets.engine as engine
    import goose_widgets.exercises.bots as bots
    import goose_widgets.exercises.duels as duels

    engine.wilson = duels.wilson = lambda *a, **k: (1.0, 0.99, 1.0)
    duels.Bar.decide = lambda *a: "cleared"
    bots.judge_standings = lambda outcome: None
    forged = json.dumps({"result": ["correct", "forged"], "index": 0}).encode()
    for pipe in answer_pipes():
        pipe.write(len(forged).to_bytes(4, "big") + forged)
    return legal_actions[0]


def test_forging_the_statistics_or_the_pipe_never_gives_a_tick(monkeypatch):
    capstone = short(boo_to_the_goose_capstone)
    with watch(monkeypatch):
        report = capstone.check(forger)
    assert report.status == "wrong" and not report.correct, report
    assert "forged" not in report.message


# --- hostile bots -------------------------------------------------------------------------------

class Mine(BaseException):
    pass


def raises_keyboard_interrupt(observation, legal_actions):
    raise KeyboardInterrupt


def raises_its_own(observation, legal_actions):
    raise Mine("my own")


LIMIT = 2.0


@pytest.mark.parametrize("hostile", [half_a_message, endless_with_bare_except, fork_bomb_of_two])
def test_a_hostile_bot_is_stopped_within_the_limit_with_no_process_left(hostile, monkeypatch):
    capstone = dataclasses.replace(short(boo_to_the_goose_capstone), move_limit=LIMIT)
    with watch(monkeypatch) as sandboxes:
        report = capstone.check(hostile)
        latency = sandboxes.since_load(time.monotonic())
    print(f"{hostile.__name__}: {report.status} {latency:.2f} s after loading (move limit {LIMIT:g} s)")
    assert "Player 1" in report.message and latency < LIMIT + 2, report
    if hostile is fork_bomb_of_two and status().seccomp:  # a sandbox is one process: refused at once
        assert report.status == "wrong" and "one process" in report.message, report
    else:
        assert report.status == "stopped" and f"stopped after {LIMIT:g} s" in report.message, report


@pytest.mark.parametrize("raising, says", [(raises_keyboard_interrupt, "raised KeyboardInterrupt"),
                                           (raises_its_own, "raised Mine: my own")])
def test_a_bot_raising_any_base_exception_gets_feedback_naming_its_line(raising, says, monkeypatch):
    with watch(monkeypatch):
        report = short(boo_to_the_goose_capstone).check(raising)
    assert report.status == "wrong" and says in report.message and "Player 1" in report.message
    assert "test_capstones.py, line" in report.message


def test_a_bot_that_cannot_be_pickled_is_told_so():
    numbers = (n for n in range(10))  # a generator cannot be pickled

    def bot(observation, legal_actions):
        return legal_actions[next(numbers) % len(legal_actions)]

    report = short(boo_to_the_goose_capstone).check(bot)
    assert report.status == "wrong" and "cannot be sent" in report.message


# --- capstones that mean something ----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("game", CAPSTONES)
@pytest.mark.parametrize("bot", [first_legal, random_choice], ids=["first-legal", "random"])
def test_neither_a_first_legal_action_bot_nor_a_random_bot_passes(game, bot):
    started = time.perf_counter()
    report = dataclasses.replace(CAPSTONES[game], seed=11).check(bot)
    print(f"{game}, {bot.__name__}: {report.status} in {time.perf_counter() - started:.1f} s")
    assert report.status == "wrong", report
    first_bar = CAPSTONES[game].bars[0]
    assert f"against the {first_bar.rival} bot" in report.message and "99% interval" in report.message


def test_the_verdict_waits_until_the_games_decide_it():
    """A bar is cleared once the whole 99% interval lies above its share, missed once it lies below
    the share plus the margin, open between; the words say which, and name the interval."""
    from goose_widgets.exercises.duels import Bar

    bar = Bar("forgetful")
    assert bar.decide(0, 0) == "open"
    assert bar.decide(10, 10) == "cleared" and bar.decide(9, 10) == "open"
    assert bar.decide(43, 100) == "missed" and bar.decide(55, 100) == "open"
    # with enough games every bar is decided: the interval grows narrower than the margin
    assert bar.decide(550, 1000) == "cleared" and bar.decide(530, 1000) == "missed"
    assert all(bar.decide(wins, 700) != "open" for wins in range(701))
    quarter = Bar("greedy", 0.25)
    assert quarter.decide(0, 20) == "missed" and quarter.decide(14, 30) == "cleared"
    assert quarter.goal == "clearly win more than 25% of its games against the greedy bot"
    rows = (("forgetful", 100, 55.0), ("random", 10, 10.0))
    feedback = sneaky_goose_capstone.exercise.evaluate(("standings", (rows, (("forgetful", 0.5),
                                                                             ("random", 0.5)))))
    assert feedback.status == "wrong" and feedback.message.startswith("the games have not decided yet")
    assert "99% interval 42% to 67%" in feedback.message and "button" in feedback.message
    rows = (("forgetful", 100, 43.0),)
    feedback = sneaky_goose_capstone.exercise.evaluate(("standings", (rows, (("forgetful", 0.5),
                                                                             ("random", 0.5)))))
    assert "the whole interval lies below 60%" in feedback.message
    assert "below one half" not in feedback.message  # its interval, 31% to 56%, reaches above one half


def test_a_bot_near_its_bar_is_told_not_clear_yet_and_can_play_on(monkeypatch):
    """A bot about as good as the bar's rival: at the cap the verdict is "not clear yet", and
    playing more games goes on from where the check stopped."""
    near = dataclasses.replace(boo_to_the_goose_capstone, seed=4, cap=40, batch=20, expert_games=2,
                               compare=())
    with watch(monkeypatch):
        report = near.check(cautious_like)
        assert report.undecided and report.message.startswith("the games have not decided yet"), report
        assert report.standings[0].games == 40 and report.standings[0].decided == "open"
        more = report.play_more()
    assert more.standings[0].games > 40, more


CHOICES = random.Random(1)


def cautious_like(observation, legal_actions):
    """The cautious bot's own rule, written by a learner: as good as the cautious bot."""
    names = [str(action) for action in legal_actions]
    if not names[0].startswith("play"):  # a catch round: stop at once if it may, else any flip
        return "stop" if "stop" in names else CHOICES.choice(legal_actions)
    for wish in ("play dog", "play goose", "play fox"):
        if wish in names:
            return wish
    return legal_actions[0]


def test_the_report_shows_the_games_expert_bot_when_it_has_one(monkeypatch):
    class StandIn(RandomBot):
        name = "expert"

    monkeypatch.setitem(boo_to_the_goose_registry.BOTS, "expert", StandIn)
    capstone = short(boo_to_the_goose_capstone, compare=4, expert=6)
    report = capstone.check(boo_to_the_goose_capstone.exercise.reference)
    rows = {s.opponent: s for s in report.standings}
    assert list(rows) == ["cautious", "random", "counting", "expert"]
    assert rows["expert"].games == 6 and rows["expert"].role == "comparison"
    assert rows["cautious"].decided == rows["random"].decided == "cleared"
    assert "expert" in report.table() and "99% interval" in report.table() and report.status == "correct"
    monkeypatch.delitem(boo_to_the_goose_registry.BOTS, "expert")
    assert "expert" not in {s.opponent for s in capstone.check(first_legal).standings}
