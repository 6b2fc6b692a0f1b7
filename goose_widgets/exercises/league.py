"""A capstone's bot league, from the learner's side: ``league.submit(my_bot)`` sends the bot to the
class this course folder joined (`class_link`), where it plays every other learner's bot and the
built-in bots; ``league.standings()`` shows the leaderboard.

The bot travels as its pickle (`sent_answers`); the server runs it only in a sandbox without the
package's bots, as the capstone's check does.  A resubmission replaces the learner's bot, and its
rating starts again.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

__all__ = ["League", "LeagueNote", "Standings"]


@dataclass(frozen=True)
class LeagueNote:
    """What happened, in a sentence (shown as the cell's output)."""

    text: str

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Standings:
    """A league's leaderboard as its server gave it."""

    title: str
    rows: tuple[dict[str, Any], ...]
    games: int
    open_duels: int

    def __repr__(self) -> str:
        lines = [f"The {self.title} league of your class: {self.games} games played, "
                 f"{self.open_duels} duel(s) still open."]
        for place, row in enumerate(self.rows, 1):
            rating = "not rated yet" if row["rating"] is None else (
                f"{row['rating']}" + (f" ({row['low']}–{row['high']})" if row["low"] is not None else ""))
            mark = f"  [{row['mark']}]" if row["mark"] else ""
            lines.append(f"{place:>2}. {row['label']:<24} {rating:<18} {row['games']:>4} games{mark}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        body = "".join(
            f"<tr><td>{place}</td><th scope='row'>{e(row['label'])}</th><td>{_blank(row['rating'])}</td>"
            f"<td>{_interval(row)}</td><td>{row['games']}</td><td>{e(row['mark'])}</td></tr>"
            for place, row in enumerate(self.rows, 1))
        return (f"<table><caption>The {e(self.title)} league of your class ({self.games} games)</caption>"
                "<thead><tr><th scope='col'>place</th><th scope='col'>bot</th><th scope='col'>rating</th>"
                "<th scope='col'>95% interval</th><th scope='col'>games</th><th scope='col'>note</th></tr>"
                f"</thead><tbody>{body}</tbody></table>")


def _blank(value: Any) -> str:
    return "" if value is None else str(value)


def _interval(row: dict[str, Any]) -> str:
    return "" if row["low"] is None else f"{row['low']}–{row['high']}"


@dataclass(frozen=True)
class League:
    """The league of one capstone's game (``game``: "boo", "boo_to_the_goose", "sneaky_goose")."""

    game: str

    def submit(self, my_bot: Any) -> LeagueNote:
        """Send ``my_bot(observation, legal_actions)`` to your class's league (it replaces the bot you
        sent before)."""
        from .class_link import class_link
        from .core import is_placeholder
        from .sent_answers import answer_payload
        from .server_client import ServerError, request_json

        link = class_link()
        if link is None:
            return LeagueNote("This course folder has not joined a class, so there is no league to send your "
                              "bot to: run join_class(url, code, name) in notebook 00 first (your teacher "
                              "gives the address and the code).")
        if is_placeholder(my_bot) or not callable(my_bot):
            return LeagueNote("Write your bot first: a function my_bot(observation, legal_actions) that "
                              "returns one of legal_actions.")
        try:
            bot = answer_payload(my_bot)
        except Exception as err:  # noqa: BLE001 - a bot that cannot be pickled: say why
            return LeagueNote(f"Your bot cannot be sent ({type(err).__name__}: {str(err)[:200]}).")
        try:
            done = request_json(f"{link.url}/api/classes/{link.code}/league",
                                {"learner": link.learner, "key": link.key, "game": self.game, "bot": bot})
        except ServerError as err:
            return LeagueNote(f"Your bot was not submitted: {err}")
        return LeagueNote("Submitted: " + str(done["message"]))

    def standings(self) -> Standings | LeagueNote:
        """The leaderboard of your class's league now."""
        from .class_link import class_link
        from .server_client import ServerError, request_json

        link = class_link()
        if link is None:
            return LeagueNote("This course folder has not joined a class: run join_class(url, code, name) in "
                              "notebook 00 first.")
        try:
            found = request_json(f"{link.url}/api/classes/{link.code}/league/standings",
                                 {"learner": link.learner, "key": link.key, "game": self.game})
        except ServerError as err:
            return LeagueNote(f"The league could not be read: {err}")
        return Standings(str(found["title"]), tuple(found["rows"]), int(found["games"]),
                         int(found["open_duels"]))
