"""A table of the classroom server: one game, its seats (learners and bots), and the referee.

A `Room` holds the state, which never leaves the server.  It resolves chance, lets the bots move
(each sees only its observation and draws from its own generator: `engine.split_rngs`), makes the
automatic moves a learner's options ask for (an idle pass), and checks a learner's action text like
any move: `state.apply_str`, whose `IllegalActionError` becomes a refusal that changes nothing.
Each seat's view is built by `ui.seat_view`, as the notebook table builds it, from that seat's
observation; a spectator's from the public observation (`public`).

The room knows nothing of the network or of the database: `app` sends its views and `store` saves
it (``spec()`` and the engine's save, ``state.to_json()``).
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import IllegalActionError, game_module, load_game, sample_outcome, split_rngs
from ..engine.registry import player_counts
from ..ui.seat_view import (
    HUMAN,
    GameView,
    automatic_action,
    board_svg,
    button_actions,
    game_view,
    log_lines,
    status_text,
)
from ..ui.view import PREFIX, ViewSettings
from ..ui.words import merged, own_news, seat_words
from .public import public_observation

LOG_SENT = 80  # the newest move-log lines in a view
MAX_ACTION = 200  # characters: no action text is this long
MAX_NAME = 24
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud and typed easily
# 31**9 codes (44.6 bits): at a guesser's 120 tries a minute, finding one of 500 tables takes
# about 800 years.  Shown in threes (K7Q-XPM-4RT) to read aloud; dashes and spaces are ignored.
CODE_LENGTH = 9
CACHED_VIEWS = 32  # views of one version kept (a seat's, with its options; spectators')


class Refused(ValueError):
    """A request a room refuses (it changes nothing); ``reason`` is a short word for programs."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass
class Seat:
    """One seat: ``kind`` is "human" or a bot's name; a human seat's ``key`` is its secret.

    ``claimed`` (taken): the key has been given out, by a claim or by its link (the first hello
    with it), and no one else can claim the seat; only the teacher frees it (`Room.free`)."""

    kind: str
    name: str
    key: str = ""
    claimed: bool = False

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def new_code(taken: set[str] | Any = frozenset(), first: str = CODE_ALPHABET) -> str:
    """A table code nobody uses yet (9 letters and digits: 26 million million codes), beginning
    with one of the characters ``first`` (several servers behind one proxy share the codes out by
    their first character: docs/server.md)."""
    while True:
        code = secrets.choice(first) + "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH - 1))
        if code not in taken:
            return code


def code_letters(text: str) -> str:
    """The first characters a server's codes may begin with (``--code-letters``), checked: at least
    two of the code alphabet, so that a code keeps more than 40 bits."""
    letters = "".join(sorted(set(text.upper()), key=CODE_ALPHABET.find))
    if len(letters) < 2 or any(ch not in CODE_ALPHABET for ch in letters):
        raise ValueError(f"the first characters of the codes are at least two of {CODE_ALPHABET}, "
                         f"not {text!r}.")
    return letters


def normal_code(text: Any) -> str:
    """A code as typed (any case, spaces and dashes ignored), or "" if it cannot be one."""
    if not isinstance(text, str) or len(text) > 20:
        return ""
    code = "".join(ch for ch in text.upper() if ch not in " -")
    return code if len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code) else ""


def shown_code(code: str) -> str:
    """A code as said and shown: in threes, "K7Q-XPM-4RT"."""
    return "-".join(code[i:i + 3] for i in range(0, len(code), 3))


def bots_of(game_name: str) -> dict[str, Any]:
    return dict(__import__(f"goose_widgets.games.{game_name}.registry", fromlist=["BOTS"]).BOTS)


def game_parameters(game_name: str) -> list[dict[str, Any]]:
    """The parameters a teacher can set on a table: those of the engine's ``Game`` with a plain
    default (true/false, a number, or none); another deck or edition stays the default."""
    cls = game_module(game_name).Game
    found = []
    for f in dataclasses.fields(cls):
        if not f.init or f.name == "players" or f.default is dataclasses.MISSING:
            continue
        if isinstance(f.default, bool):
            kind = "bool"
        elif isinstance(f.default, int) or f.default is None:
            kind = "int"
        else:
            continue
        found.append({"name": f.name, "kind": kind, "default": f.default})
    return found


class Room:
    """One table: its game, seats and state, the referee's loop, and each seat's view."""

    def __init__(self, code: str, game_name: str, params: dict[str, Any], seats: Sequence[Seat],
                 seed: str, history: Sequence[str] = ()) -> None:
        self.code = code
        self.game_name = game_name
        self.params = dict(params)
        self.game = load_game(game_name, **self.params)
        self.view: GameView = game_view(game_name)
        self.seats = list(seats)
        self.names = [seat.name for seat in self.seats]
        self.players = [seat.kind for seat in self.seats]
        bots = bots_of(game_name)
        self.bots = [None if seat.human else bots[seat.kind]() for seat in self.seats]
        self.seed = seed
        self.state = self.game.new_initial_state()
        self.log: list[str] = []  # the engine's lines ("Player 2 ..."): names are put in per viewer
        # what only one seat may read (its own draw), each after the first k lines of the log
        self.own: list[list[tuple[int, str]]] = [[] for _ in self.seats]
        for text in history:  # a stored game: replayed through the rules, the log with it
            self._push(self.state.apply_str(text))
        state = self.state
        # Chance and each bot draw from generators of their own, seeded from the table's secret seed
        # and the number of steps so far (so a table resumed after a restart draws afresh).
        self.rng, self.bot_rngs = split_rngs(f"{seed}/{state.history_length}", len(self.seats))
        # Each seat's options (the game's checkboxes and the board's view settings): one seat's
        # choice changes only its own view, and its own automatic moves.
        self.options = [self.view.option_defaults() for _ in self.seats]
        self.settings = [ViewSettings(values) for values in self.options]
        # Each viewer's view is drawn once per version, however many tabs (or hellos) ask for it;
        # each viewer's log lines are put in its words once, as they come.
        self._views: dict[tuple[int | None, str], str] = {}
        self._views_version = -1
        # viewer -> (the log read, its lines read, the seat's own lines read, how many, the words)
        self._logs: dict[int | None, tuple[Any, int, Any, int, list[str]]] = {}

    # --- making and storing -------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, game_name: Any, players: Any, names: Any = None,
               params: Any = None) -> Room:
        """A new table; every argument comes from the teacher's page and is checked here."""
        try:
            game_module(game_name)
        except ValueError as err:
            raise Refused("bad_request", str(err)) from None
        if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
            raise Refused("bad_request", "players must be a list of seats, each 'human' or a bot's name.")
        bots = bots_of(game_name)
        for index, kind in enumerate(players):
            if kind != HUMAN and kind not in bots:
                raise Refused("bad_request", f"seat {index + 1}: {kind!r:.40} is not 'human' nor one of "
                              f"this game's bots: {', '.join(sorted(bots))}.")
        params = {} if params is None else params
        if not isinstance(params, dict) or "players" in params:
            raise Refused("bad_request", "params must be an object of the game's parameters "
                                         "(the number of players is the number of seats).")
        if any(not isinstance(v, bool | int | str) or (isinstance(v, str) and len(v) > 40)
               for v in params.values()):
            raise Refused("bad_request", "a parameter's value must be a number, true/false or a short text.")
        try:
            game = load_game(game_name, players=len(players), **params)
        except (ValueError, TypeError) as err:
            raise Refused("bad_request", str(err)) from None
        default = cls._default_names(game_name, game)
        names = default if names is None else names
        if not isinstance(names, list) or len(names) != len(players) \
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names):
            raise Refused("bad_request", f"names must be a list of {len(players)} names of 1 to "
                                         f"{MAX_NAME} characters, one per seat.")
        names = [n.strip() for n in names]
        if len(set(names)) != len(names):
            raise Refused("bad_request", "each seat needs a name of its own.")
        seats = [Seat(kind, name, secrets.token_urlsafe(18) if kind == HUMAN else "")
                 for kind, name in zip(players, names)]
        room = cls(code, game_name, {**game.params()}, seats, secrets.token_hex(16))
        room.settle()
        return room

    @staticmethod
    def _default_names(game_name: str, game: Any) -> list[str]:
        view = game_view(game_name)
        return view.seat_names(game) if view.seat_names else [f"Player {i + 1}" for i in range(game.players)]

    def spec(self) -> dict[str, Any]:
        """What `store` keeps beside the save: the game, the seats (keys included) and the seed."""
        return {"game": self.game_name, "params": self.params, "seed": self.seed,
                "seats": [{"kind": s.kind, "name": s.name, "key": s.key, "claimed": s.claimed}
                          for s in self.seats]}

    @classmethod
    def from_spec(cls, code: str, spec: dict[str, Any], history: Sequence[str]) -> Room:
        seats = [Seat(**seat) for seat in spec["seats"]]
        return cls(code, spec["game"], spec["params"], seats, spec["seed"], history)

    @property
    def version(self) -> int:
        """The number of steps (moves and chance outcomes) so far: a view's version."""
        return int(self.state.history_length)

    @property
    def over(self) -> bool:
        return bool(self.state.is_terminal())

    # --- the referee ----------------------------------------------------------------------------
    def _push(self, state: Any) -> None:
        before, self.state = self.state, state
        self.log.extend(state.events)
        if self.view.own_news is not None:
            for seat, spec in enumerate(self.seats):
                if spec.human:
                    self.own[seat] += [(len(self.log), line)
                                       for line in own_news(self.view, before, state, seat, self.names)]

    def play(self, seat: int, action_text: Any, version: Any) -> None:
        """Seat ``seat`` plays the action whose text is ``action_text``, seen at ``version``.

        Refused (nothing changes) when the game is over, it is not this seat's turn, the view it
        was chosen in is no longer the latest, or the rules do not allow it here."""
        if not isinstance(action_text, str) or len(action_text) > MAX_ACTION:
            raise Refused("malformed", "an action is the text of a move (at most "
                                       f"{MAX_ACTION} characters).")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused("malformed", "an action needs 'version', the version of the view it was "
                                       "chosen in (a whole number).")
        if version != self.version:
            raise Refused("stale", "the table has moved on since that view: look again and choose "
                                   "from the board as it is now.")
        if self.over:
            raise Refused("over", "the game is over.")
        turn = self.state.current_player
        if turn != seat:
            who = self.names[turn] if 0 <= turn < len(self.names) else "nobody"
            raise Refused("not_your_turn", f"it is not your turn: {who} is to play.")
        try:
            state = self.state.apply_str(action_text)
        except IllegalActionError as err:
            raise Refused("illegal", str(err)) from None
        self._push(state)
        self.settle()

    def settle(self) -> None:
        """Resolve chance and the automatic moves of learners until a learner or a bot must decide,
        or the game is over."""
        while True:
            state = self.state
            if state.is_chance_node():
                self._push(state.apply(sample_outcome(state, self.rng)))
                continue
            if state.is_terminal() or not self.seats[state.current_player].human:
                return
            automatic = automatic_action(self.view.auto_action, state, self.options[state.current_player])
            if automatic is None:
                return
            self._push(state.apply(automatic))

    def bot_to_move(self) -> bool:
        state = self.state
        return not state.is_terminal() and not state.is_chance_node() \
            and not self.seats[state.current_player].human

    def bot_move(self) -> None:
        """The bot whose turn it is moves (from its observation, with its own generator)."""
        self.apply_bot(self.version, self.bot_decision()())

    def bot_decision(self) -> Callable[[], Any]:
        """The bot's choice here, as a call that reads no state (a server may make it in a thread):
        the bot's observation, the legal actions and the bot's own generator are bound now."""
        state = self.state
        seat = state.current_player
        bot, observation, legal, rng = self.bots[seat], state.observation(seat), state.legal_actions(), \
            self.bot_rngs[seat]
        return lambda: bot.choose(observation, legal, rng)

    def apply_bot(self, version: int, action: Any) -> None:
        """Apply the bot's ``action`` chosen at ``version`` (the table cannot have moved meanwhile:
        only the bot whose turn it is may move)."""
        state = self.state
        seat = state.current_player
        legal = state.legal_actions()
        if version != self.version or action not in legal:
            raise RuntimeError(f"{self.names[seat]}'s bot ({self.seats[seat].kind}) chose {action!s}, "
                               "which is not a legal move here.")
        self._push(state.apply(action))
        self.settle()

    # --- seats ----------------------------------------------------------------------------------
    def seat_of(self, seat: Any, key: Any) -> int:
        """The seat number ``seat`` if ``key`` is its secret; else `Refused`."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats) \
                or not self.seats[seat].human:
            raise Refused("forbidden", "there is no learner's seat with that number at this table.")
        if not isinstance(key, str) \
                or not secrets.compare_digest(key.encode(), self.seats[seat].key.encode()):
            raise Refused("forbidden", f"that is not the key of {self.seats[seat].name}'s seat: use "
                                       "your own join link, or ask your teacher for it.")
        return seat

    def claim(self, seat: Any) -> str:
        """Give a learner a free seat: a new key, so that no one else holds it (a link to the seat
        made before, never opened, stops working: the teacher's page has the new one)."""
        self._learner_seat(seat)
        if self.seats[seat].claimed:
            raise Refused("taken", f"{self.seats[seat].name}'s seat is taken; choose another, or ask "
                                   "your teacher for your link if it is yours.")
        return self._new_key(seat, taken=True)

    def take(self, seat: int) -> bool:
        """Seat ``seat``'s key has been used (its link opened): no one can claim it now.  True if
        that is news (the table is then stored)."""
        if self.seats[seat].claimed:
            return False
        self.seats[seat].claimed = True
        return True

    def free(self, seat: Any) -> str:
        """The teacher frees a seat: a new key nobody has (the old one stops working), and anyone
        with the code may claim it."""
        self._learner_seat(seat)
        return self._new_key(seat, taken=False)

    def new_key(self, seat: Any) -> str:
        """The teacher gives a seat a new key (the old one stops working); the seat stays taken,
        kept for whoever the teacher gives the new link."""
        self._learner_seat(seat)
        return self._new_key(seat, taken=True)

    def _new_key(self, seat: int, taken: bool) -> str:
        self.seats[seat].key = secrets.token_urlsafe(18)
        self.seats[seat].claimed = taken
        return self.seats[seat].key

    def _learner_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats) \
                or not self.seats[seat].human:
            raise Refused("bad_request", "there is no learner's seat with that number at this table.")

    def set_option(self, seat: int | None, values: dict[str, Any], name: Any, value: Any) -> None:
        """Turn one of the game's options on or off for one seat (``values`` are its options);
        a spectator has none (the coach and the memory aid are a player's)."""
        if seat is None:
            raise Refused("watching", "you are watching this table: the options are the players'.")
        if not isinstance(name, str) or name not in self.view.options or not isinstance(value, bool):
            raise Refused("malformed", "an option is one of this game's options "
                          f"({', '.join(sorted(self.view.options)) or 'none'}) and true or false.")
        values[name] = value
        self.settle()  # an option may make a move automatic now (an idle pass)

    def view_setting(self, settings: ViewSettings, seat: int | None, text: str) -> None:
        """A ``ui:key=value`` click: a view setting the board offers (for one viewer only)."""
        observation = self.observation(seat)
        legal = self.legal(seat)

        def draw() -> str:
            return board_svg(self.view.render, observation, legal, self.names, settings.values)

        try:
            settings.click(text, draw(), draw)
        except (ValueError, TypeError, KeyError) as err:
            raise Refused("illegal", str(err)) from None

    # --- views ----------------------------------------------------------------------------------
    def observation(self, seat: int | None) -> Any:
        return public_observation(self.state) if seat is None else self.state.observation(seat)

    def legal(self, seat: int | None) -> list[Any]:
        state = self.state
        if seat is None or state.current_player != seat or not self.seats[seat].human:
            return []
        return list(state.legal_actions())

    def view_text(self, seat: int | None, options: dict[str, Any] | None = None) -> str:
        """`seat_view` as the JSON text sent, drawn once per version for each viewer and options."""
        if self._views_version != self.version:
            self._views.clear()
            self._views_version = self.version
        values = self.options[seat] if options is None and seat is not None else (options or {})
        key = (seat, json.dumps(values, sort_keys=True))
        text = self._views.get(key)
        if text is None:
            text = json.dumps(self.seat_view(seat, values))
            if len(self._views) < CACHED_VIEWS:
                self._views[key] = text
        return text

    def seat_view(self, seat: int | None, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """The message a viewer receives: seat ``seat``'s view (None: a spectator's, the public view),
        drawn with ``options`` (the seat's own by default).  Never the state."""
        values = self.options[seat] if options is None and seat is not None else (options or {})
        observation = self.observation(seat)
        legal = self.legal(seat)
        svg = board_svg(self.view.render, observation, legal, self.names, values)
        state = self.state
        buttons = button_actions(self.view.buttons, observation, legal, svg, values) if legal else []
        whole = self._log_for(seat)  # in this viewer's words, with what only this seat may read
        log = whole[-LOG_SENT:]
        status = status_text(state, seat, observation, self.names, self.players, self.view.describe_turn)
        words = seat_words(self.view, observation, legal, self.names, svg, seat=seat, status=status,
                           log=log, log_start=len(whole) - len(log))
        return {
            "type": "view", "table": self.code, "game": self.game_name, "version": self.version,
            "seat": seat, "names": self.names, "players": self.players,
            "svg": svg, "status": status,
            "show_status": self.view.status_line and not (self.view.result_on_board and self.over),
            "legal": [str(a) for a in legal], "buttons": [str(a) for a in buttons],
            "options": [] if seat is None else [
                {"name": name, "label": spec[0] if isinstance(spec, tuple) else spec,
                 "value": bool(values.get(name, False))} for name, spec in self.view.options.items()],
            "log": log,
            "words": words,  # for the keyboard, the screen reader and typed commands (board.js)
            "over": self.over,
        }

    def _log_for(self, seat: int | None) -> list[str]:
        """The move log in this viewer's words: the public lines and (a seat's) what only that seat
        may read, with the table's names and the viewer's own marked "(you)" ("Ada turns over your
        card 2", not "Ben (you)'s card 2").  Only the lines added since the last call are merged and
        put in words (the log and a seat's own lines only grow, each own line after every public
        line before it); a log that is not the one seen before (a test may show the room another)
        is read again from its start."""
        public = self.log
        own: list[tuple[int, str]] = [] if seat is None else self.own[seat]
        seen_log, seen_public, seen_own_list, seen_own, lines = self._logs.get(seat, (None, 0, None, 0, []))
        if seen_log is not public or seen_own_list is not own or seen_public > len(public) \
                or seen_own > len(own) or any(k < seen_public for k, _ in own[seen_own:]):
            seen_public, seen_own, lines = 0, 0, []
        if seen_public < len(public) or seen_own < len(own):
            raw = merged(public[seen_public:], [(k - seen_public, line) for k, line in own[seen_own:]])
            names = [f"{n} (you)" if i == seat else n for i, n in enumerate(self.names)]
            new = log_lines(raw, names, self.view)
            if seat is not None:
                new = [line.replace(f"{names[seat]}'s", "your") for line in new]
            lines = lines + new
        self._logs[seat] = (public, len(public), own, len(own), lines)
        return lines

    def summary(self) -> dict[str, Any]:
        """What the join page shows before a learner sits down: public facts only."""
        return {"table": self.code, "shown": shown_code(self.code), "game": self.game_name, "over": self.over,
                "version": self.version,
                "seats": [{"seat": i, "name": s.name, "kind": s.kind, "claimed": s.claimed}
                          for i, s in enumerate(self.seats)],
                "status": status_text(self.state, None, self.observation(None), self.names,
                                      self.players, self.view.describe_turn)}


def is_view_setting(text: Any) -> bool:
    return isinstance(text, str) and text.startswith(PREFIX)


__all__ = ["Room", "Seat", "Refused", "new_code", "normal_code", "shown_code", "player_counts",
           "is_view_setting"]
