"""Every ruling that a learner is pointed to exists and says what it is cited for (issue 29).

The exercises' feedback, hints, prompts, solutions and success lines, and the walkthroughs'
narrations, cite the project's rulings by id ("apply the honk's bonus (S9)").  A citation is only
useful if the ruling is there and says the thing the sentence sends the learner to read.  So:

- every id cited (``G4a``, ``B6-B9``) is a row of the game's rulings table in ``docs/<game>.md``;
- every citation is read in its sentence, and the sentence must name one of the topics listed for
  that ruling in `TOPICS` (a word of the sentence, and the words that the ruling's row must hold
  when a sentence names that topic).  A sentence that cites S9 for "tied for lowest" needs S9's
  row to say "lowest"; one that cites G4 for the *order* of the dice needs G4 to say "either order".
  A citation whose sentence names no topic of its ruling fails: either the ruling is the wrong one,
  or `TOPICS` learns the new topic (with the words that the ruling must then hold);
- an exercise's citations are also read against the rulings the course itself shows (the table,
  and the bullets under it, of the game's rules notebook), where a learner looks them up: a ruling
  the course lists must hold the same words there.

Only the text a learner reads is searched: string literals, not docstrings (module, class and
function docstrings are for developers).  In BOO (prefix O), "G1" is a gate card, not a ruling:
each game is searched for its own prefix only.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from goose_widgets.exercises.catalogue import course_exercises

from .course_text import COURSE, cells_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "goose_widgets"
PREFIX = {"game_of_the_goose": "G", "boo_to_the_goose": "B", "sneaky_goose": "S", "boo": "O"}
# The package's modules that hold text a learner reads, by game (the warm-up is about the Goose's dice).
SOURCES = {**{(PACKAGE / "games" / game / f"{module}.py"): game for game in PREFIX
              for module in ("exercises", "examples")},
           PACKAGE / "exercises" / "warmup.py": "game_of_the_goose"}

# ruling -> (a word of the citing sentence, the words the ruling must then hold: any one of them,
# as the docs and the course's shorter table say it), matched in lower case.
TOPICS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "G2": (("6+3", ("6+3",)), ("dice", ("dice",))),
    "G4": (("opening", ("opening",)), ("order", ("either order",)),
           ("first roll", ("first throw", "first roll"))),
    "G4a": (("opening", ("opening",)), ("already", ("already", "occupied")), ("taken", ("occupied",)),
            ("back to 0", ("back to square 0", "back to 0"))),
    "G5": (("63", ("63",)), ("overshoot", ("overshoot",)), ("backwards", ("backwards",))),
    "G7": (("goose", ("goose",)), ("geese", ("geese",))),
    "G8": (("bridge", ("bridge",)), ("maze", ("maze",)), ("death", ("death",)), ("jump", ("jump",)),
           ("long way back", ("58 → 0",))),
    "G9": (("tavern", ("tavern",)),),
    "G10": (("well", ("well",)), ("prison", ("prison",))),
    "G11": (("back to 0", ("the square the mover started",)), ("started", ("started",)),
            ("already there", ("stands there", "found there")), ("taken", ("stands there", "found there")),
            ("one pawn", ("another pawn", "a pawn found")),
            ("triggers nothing", ("sets off nothing", "triggers nothing"))),
    "G13": (("coin", ("coin",)), ("kitty", ("kitty",))),
    "G15": (("no winner", ("no winner",)),),
    "B2": (("deal", ("dealt",)), ("set", ("set",)), ("variation", ("variation",))),
    "B3": (("face-down", ("face down",)), ("draw", ("draws",))),
    "B4": (("observation", ("sees", "you see")),),
    "B7": (("stop", ("stop",)), ("runs out", ("no face-down card",))),
    "B8": (("stop", ("stop",)), ("fox", ("fox",))),
    "B9": (("dog", ("dog",)), ("fox", ("fox",)), ("turned", ("turned face up", "cards turned"))),
    "B11": (("refill", ("draws back up",)),),
    "S2": (("deal", ("deal",)), ("bottom row", ("bottom row",))),
    "S3": (("know", ("know",)), ("remember", ("know",))),
    "S6": (("window", ("slam window",)),),
    "S7": (("slam", ("slam",)),),
    "S8": (("reshuffle", ("shuffled",)), ("draw pile", ("draw pile",))),
    "S9": (("honk", ("honk",)), ("lowest", ("lowest",)), ("bonus", ("−10",))),
    "O2": (("chance", ("chance node",)),),
    "O3": (("turned", ("rotation",)), ("placed", ("placing",))),
    "O4": (("sight", ("line of sight",)), ("scare", ("scare",))),
    "O5": (("order", ("order",)),),
}


@dataclass(frozen=True)
class Citation:
    ruling: str  # one id; a range "B6-B9" is read as each ruling of it that the docs have
    sentence: str
    where: str  # file:line, or the exercise's name


def rulings_of(game: str) -> dict[str, str]:
    """The rulings table of ``docs/<game>.md``: id -> its "about" and its text, in lower case."""
    rows = re.findall(r"^\|\s*([A-Z]\d+[a-z]?)\s*\|(.*)\|\s*$", (ROOT / "docs" / f"{game}.md").read_text(),
                      re.MULTILINE)
    return {ruling: text.replace("`", "").lower() for ruling, text in rows}


def _is_docstring(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    parent = parents.get(id(node))
    if not isinstance(parent, ast.Expr):
        return False
    holder = parents.get(id(parent))
    body = getattr(holder, "body", None)
    return isinstance(holder, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
        and bool(body) and body[0] is parent


def texts_in(source: str) -> list[tuple[int, str]]:
    """The string literals of ``source`` that are not docstrings, an f-string's values as ``{}``."""
    tree = ast.parse(source)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    inside_fstrings = {id(value) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                       for value in node.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found.append((node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}"
                                               for v in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in inside_fstrings and not _is_docstring(node, parents):
            found.append((node.lineno, node.value))
    return found


def citations_in(text: str, game: str, where: str) -> list[Citation]:
    """The rulings ``text`` cites, each with its sentence; a range cites every ruling in it."""
    prefix, known = PREFIX[game], rulings_of(game)
    cited = re.compile(rf"\b{prefix}(\d+)([a-z]?)(?:\s*[-–]\s*{prefix}?(\d+))?\b")
    found = []
    for sentence in re.split(r"(?<=[.!?])\s+", re.sub(r"\s+", " ", text)):
        for match in cited.finditer(sentence):
            first, letter, last = match.groups()
            if last:  # B6-B9: each ruling of the range, the ones with a letter (B6a) too
                rulings = [r for r in known if int(re.sub(r"\D", "", r)) in range(int(first), int(last) + 1)]
                rulings += [f"{prefix}{last}"] if f"{prefix}{last}" not in known else []
                rulings += [f"{prefix}{first}"] if f"{prefix}{first}" not in known else []
                found.append(Citation("|".join(sorted(set(rulings))), sentence, where))
            else:
                found.append(Citation(f"{prefix}{first}{letter}", sentence, where))
    return found


def package_citations() -> list[tuple[str, Citation]]:
    return [(game, citation) for path, game in SOURCES.items()
            for line, text in texts_in(path.read_text(encoding="utf-8"))
            for citation in citations_in(text, game, f"{path.relative_to(ROOT)}:{line}")]


def miscited(citation: Citation, rulings: dict[str, str]) -> str | None:
    """Why ``citation`` sends a learner to the wrong place, or None if the ruling says it.

    ``rulings`` maps an id to the text the learner reads for it (the docs' row, or the course's)."""
    sentence = citation.sentence.lower()
    members = citation.ruling.split("|")
    missing = [r for r in members if r not in rulings]
    if missing:
        return f"{', '.join(missing)} is not a ruling"
    named = [(ruling, word, says) for ruling in members for word, says in TOPICS.get(ruling, ())
             if word in sentence]
    if not named:
        topics = "; ".join(f"{r}: {', '.join(w for w, _ in TOPICS.get(r, ())) or 'none listed'}"
                           for r in members)
        return f"the sentence names no topic of {citation.ruling.replace('|', ', ')} ({topics})"

    def holds(ruling: str, says: tuple[str, ...]) -> bool:
        return any(words in rulings[ruling] for words in says)

    if len(members) > 1:  # a range is right when one of its rulings says what the sentence names
        return None if any(holds(r, says) for r, _, says in named) else \
            f"no ruling of {', '.join(members)} says {sorted({' or '.join(says) for _, _, says in named})}"
    wrong = sorted({f"{word!r} needs {' or '.join(map(repr, says))}" for ruling, word, says in named
                    if not holds(ruling, says)})
    return f"{citation.ruling} does not say it: {'; '.join(wrong)}" if wrong else None


def course_rulings(game: str) -> dict[str, str]:
    """The rulings as the course shows them: the table rows (``| S9, S10 | ... |``, ``| B5–B7 |``)
    and bullets (``* **G4a** — ...``) of the notebooks' markdown, id -> its text in lower case."""
    prefix = PREFIX[game]
    shown: dict[str, str] = {}
    # a table row, or a bullet with the lines indented under it
    ids = rf"{prefix}\d+[a-z]?"
    row = re.compile(rf"^(?:\|\s*((?:{ids}(?:\s*[-–,]\s*)?)+)\s*\||\*\s+\*\*({ids})\*\*)"
                     r"(.*(?:\n[ \t]+\S.*)*)", re.MULTILINE)
    for notebook in sorted(COURSE.glob("0*.ipynb")):
        for cell in cells_of(notebook):
            if cell["cell_type"] != "markdown":
                continue
            for ids, bullet, text in row.findall("".join(cell["source"])):
                for ruling in _ids_in(ids or bullet, prefix):
                    shown[ruling] = shown.get(ruling, "") + text.replace("`", "").lower()
    return shown


def _ids_in(ids: str, prefix: str) -> list[str]:
    """``S9, S10`` -> both; ``B5–B7`` -> B5, B6, B7."""
    found = []
    for part in re.split(r"\s*,\s*", ids.strip()):
        ends = re.findall(rf"{prefix}(\d+)([a-z]?)", part)
        if len(ends) == 2:
            found += [f"{prefix}{n}" for n in range(int(ends[0][0]), int(ends[1][0]) + 1)]
        else:
            found += [f"{prefix}{n}{letter}" for n, letter in ends]
    return found


def exercise_citations() -> list[tuple[str, str, Citation]]:
    """(game, notebook, citation) for what each exercise shows: prompt, hints, solution, success,
    and the messages of its checker."""
    found = []
    for notebook, exercise in course_exercises():
        game = exercise.checker.__module__.split(".")[-2]
        if game not in PREFIX:  # the warm-up: the Goose's dice
            game = "game_of_the_goose"
        texts = [exercise.prompt, exercise.solution, exercise.success, *exercise.hints]
        if inspect.isfunction(exercise.checker):
            texts += [t for _, t in texts_in(textwrap.dedent(inspect.getsource(exercise.checker)))]
        found += [(game, notebook, c) for text in texts for c in citations_in(text, game, exercise.name)]
    return found


def test_the_texts_cite_rulings_at_all():
    """The search itself works: it finds the citations of every game, and those of the exercises."""
    games = {game for game, _ in package_citations()}
    assert {"game_of_the_goose", "boo_to_the_goose", "sneaky_goose"} <= games
    assert {"G4", "G11", "B9", "S9"} <= {c.ruling for _, c in package_citations()}
    assert {"S9", "G4", "B9"} <= {c.ruling for _, _, c in exercise_citations()}


@pytest.mark.parametrize("game", PREFIX)
def test_every_topic_is_in_its_ruling(game):
    """`TOPICS` cannot drift from the docs: each topic's words (one of them) are in its ruling's row."""
    rulings = rulings_of(game)
    assert rulings, f"docs/{game}.md has no rulings table"
    stale = [(ruling, says) for ruling, topics in TOPICS.items() if ruling.startswith(PREFIX[game])
             for _, says in topics if not any(words in rulings.get(ruling, "") for words in says)]
    assert not stale, f"docs/{game}.md: these rulings do not hold the words of their topics: {stale}"


def test_every_ruling_the_package_cites_exists_and_says_what_is_cited():
    wrong = [f"{c.where}: {why}\n    {c.sentence}" for game, c in package_citations()
             if (why := miscited(c, rulings_of(game)))]
    assert not wrong, "citations that send a learner to the wrong ruling:\n" + "\n".join(wrong)


@pytest.mark.parametrize("game", ["game_of_the_goose", "boo_to_the_goose", "sneaky_goose"])
def test_the_rulings_an_exercise_cites_say_it_in_the_course_too(game):
    """Where the course lists a ruling, the learner reads it there: the cited words must be there.

    (BOO's notebook 07 shows no table of its rulings; its exercises point to docs/boo.md.)"""
    shown = course_rulings(game)
    assert shown, f"no notebook of the course lists the rulings of {game}"
    wrong = sorted({f"{notebook} {c.where!r}: {why}\n    {c.sentence}"
                    for g, notebook, c in exercise_citations() if g == game
                    if (why := miscited(c, shown))})
    assert not wrong, "the course's rulings do not say what the exercises cite:\n" + "\n".join(wrong)


# --- the checker's own behaviour ------------------------------------------------------------------
SNEAKY = {"S6": "slam windows | every time a card lands on the play pile, a slam window opens.",
          "S9": "honk | only at the start of your own turn. the honker gets −10 if strictly lowest."}


@pytest.mark.parametrize("sentence, ruling, why", [
    ("The honk's bonus (S9): strictly lowest −10, tied −5.", "S9", None),
    ("A tie is lowest (S9).", "S9", None),
    ("A tie for lowest scores −5 (S6).", "S6", "names no topic of S6"),
    ("A tie for lowest scores −5 (S12).", "S12", "S12 is not a ruling"),
])
def test_a_citation_is_read_against_its_ruling(sentence, ruling, why):
    found = miscited(Citation(ruling, sentence, "test"), SNEAKY)
    assert (found is None) if why is None else (why in (found or ""))


def test_a_ruling_that_does_not_hold_the_cited_words_is_caught():
    """05's table said S9 is only when to honk: a hint citing S9 for a tie for lowest is caught."""
    timing_only = {"S9": "honk only at the start of your own turn; with an empty grid you must honk."}
    hint = Citation("S9", "10 points off is only for the strictly lowest sum (S9).", "test")
    why = miscited(hint, timing_only)
    assert why is not None and "'lowest' needs 'lowest'" in why


def test_citations_are_found_in_their_sentences_and_ranges_read_as_each_ruling():
    text = "A first sentence (S2).  Then the window opens (S6), and a slam (S7).  Range: B6-B9."
    assert [(c.ruling, c.sentence) for c in citations_in(text, "sneaky_goose", "t")] == [
        ("S2", "A first sentence (S2)."), ("S6", "Then the window opens (S6), and a slam (S7)."),
        ("S7", "Then the window opens (S6), and a slam (S7).")]
    catch_round = citations_in("the catch round (B6-B9)", "boo_to_the_goose", "t")
    assert [c.ruling for c in catch_round] == ["B6|B7|B8|B9"]
    assert [c.ruling for c in citations_in("place K3 on G1 (O4)", "boo", "t")] == ["O4"]  # G1: a gate card
    assert _ids_in("B5–B7", "B") == ["B5", "B6", "B7"] and _ids_in("S9, S10", "S") == ["S9", "S10"]


def test_docstrings_are_not_searched():
    source = '"""Module (S9)."""\ndef f():\n    """Function (S9)."""\n    return "feedback (S9)"\n'
    assert [text for _, text in texts_in(source)] == ["feedback (S9)"]
