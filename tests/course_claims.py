"""The comparisons a notebook's prose makes, read against the numbers they compare (issue 29).

A sentence that says one thing is *more*, *less*, *above*, *below* or *beats* another is a claim
about two numbers, and a re-run or an edit can leave it saying the opposite of the table above it.
The checker reads four kinds of claim, each by a fixed rule, and never guesses beyond them:

1. **A stated pair**: a direction word and, after it in the same clause, ``x vs y`` (or
   ``versus``, ``against``): "the newest card is a dog less often than the row (0.142 vs 0.209)".
   The first number belongs to the sentence's subject, the second to what it is compared with.
2. **A bound**: a number or an interval, then a bound word and a number: "at most 0.18, below the
   opening 4/19", "(interval 0.420-0.622, above one third)".  An interval is above a number when
   all of it is (its low end), below when all of it is (its high end).
3. **A round-robin verdict**: "counting beats random", "always fox loses badly to random", "the
   expert wins everywhere", "below its share against every rival", where the bots are names in the
   round-robin tables the notebook prints.  "A beats B" needs the verdict *above* in A's row
   against B, "loses to" *below*; "everywhere"/"against every rival" needs it in every row of A.
   The sentence (or failing that its paragraph or bullet) may name the number of players ("at two
   players"); otherwise every table with that row must agree.
4. **The cell above**: a sentence with a direction word and no number of its own, in the markdown
   cell right under a code cell that printed exactly two numbers, compares those two: the side of
   the sentence before the word is matched to a number by the label printed with it ("naive
   counting: 4/19"), and only a match that leaves no doubt is read.

What this cannot read it leaves alone: a comparison whose numbers are not in the sentence, not in
a table of verdicts and not printed right above it (then write the numbers into the sentence, as in
kind 1).  Code spans, formulas, quotations and words in quotes ("beats" is not transitive) are not
claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from .course_text import cells_of, output_texts

# What is not a report (code spans, formulas, the rulebook's quoted words, quotations) and words
# that are only mentioned ("beats" is not transitive).
NOT_CLAIMS = re.compile(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\*\"[^\"]*\"\*|^>.*$|\"[^\"\n]*\"|“[^”]*”",
                        re.DOTALL | re.MULTILINE)
_DECIMAL = r"\d*\.\d+%?|\d+%"
_NUMBER = rf"\d+/\d+(?:\s*≈\s*(?:{_DECIMAL}))?|{_DECIMAL}"
WORDS = {"one half": Fraction(1, 2), "a half": Fraction(1, 2), "half": Fraction(1, 2),
         "one third": Fraction(1, 3), "a third": Fraction(1, 3), "two thirds": Fraction(2, 3),
         "one quarter": Fraction(1, 4), "a quarter": Fraction(1, 4)}
# A number as prose and outputs write it: 0.179, 18%, 4/19, "635/3542 ≈ 0.179" (one number), an
# interval 0.420-0.622, or a word ("one third").  Whole numbers are counts and rule facts, not
# measured values: they are not read.
VALUE = re.compile(rf"(?<![\w.\-/])(?:(?P<low>{_DECIMAL})\s*[-–]\s*(?P<high>{_DECIMAL})|(?P<number>{_NUMBER})"
                   rf"|(?P<word>{'|'.join(sorted(WORDS, key=len, reverse=True))}))(?![\w/]|\.\d)",
                   re.IGNORECASE)
GREATER, LESSER = ">", "<"
# Direction words: the first side is greater (or less) than the second.
DIRECTION = re.compile(r"\b(?:(?P<greater>more often|(?:more|larger|higher|greater|bigger|likelier)"
                       r"(?:\s+[\w-]+){0,3}?\s+than|larger|higher|greater|bigger|likelier|above|exceeds?)"
                       r"|(?P<lesser>less often|(?:less|fewer|smaller|lower)(?:\s+[\w-]+){0,3}?\s+than"
                       r"|smaller|lower|below))\b", re.IGNORECASE)
BOUND = re.compile(r"\b(?:(?P<greater>above|(?:more|larger|higher|greater) than)"
                   r"|(?P<lesser>below|(?:less|fewer|smaller|lower) than))\b", re.IGNORECASE)
PAIR = re.compile(rf"(?P<x>{_NUMBER})\s+(?:vs\.?|versus|against)\s+(?P<y>{_NUMBER})")
CLAUSES = re.compile(r"\s*(?:;|:\s|\s—\s|\s–\s)\s*")
BEATS = re.compile(r"\b(?:(?P<beats>beats|beat)|(?P<loses>loses|lose|lost)(?:\s+\w+)?\s+to)\b", re.IGNORECASE)
EVERY = re.compile(r"\b(?:wins everywhere|(?:beats|against) every(?: other)? (?:rival|bot|opponent)s?)\b",
                   re.IGNORECASE)
NEGATION = re.compile(r"\b(?:not|never|no|hardly|nor)\b", re.IGNORECASE)
STOP = re.compile(r"\b(?:but|yet|while|which|who|because|although|whereas)\b|[;:(]", re.IGNORECASE)
PLAYERS = re.compile(r"\b(two|three|four|five|six|2|3|4|5|6)\b"
                     r"(?=(?:\s+(?:and|or)\s+(?:at\s+)?\w+)?\s+players\b)",
                     re.IGNORECASE)
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# Words that tell nothing about which side a printed label belongs to.
STOPWORDS = {"than", "this", "that", "with", "from", "what", "says", "more", "less", "often", "even",
             "only", "each", "every", "their", "there", "they", "them", "when", "does", "have", "into",
             "about", "after", "before", "which", "while", "chance", "number"}


@dataclass(frozen=True)
class Claim:
    """One comparison the prose makes, what it was read against, and whether the numbers agree."""

    notebook: str
    cell: int
    sentence: str
    reading: str  # the comparison as read: "635/3542 ≈ 0.179 > 4/19 ≈ 0.211 (the cell above)"
    holds: bool

    def __str__(self) -> str:
        verdict = "holds" if self.holds else "CONTRADICTED"
        return f"{self.notebook} c{self.cell}: {verdict}: {self.reading}\n    {self.sentence}"


@dataclass(frozen=True)
class Row:
    players: int
    bot: str
    against: str
    rate: float
    verdict: str  # above, below, not clear


# --- numbers ---------------------------------------------------------------------------------------
def number(text: str) -> Fraction:
    """The value of one number as written: the exact fraction of "p/q ≈ d", a percentage /100."""
    text = text.strip().lower()
    if text in WORDS:
        return WORDS[text]
    text = text.split("≈")[0].strip()
    if text.endswith("%"):
        return Fraction(text[:-1]) / 100
    return Fraction(text)


@dataclass(frozen=True)
class Value:
    low: Fraction
    high: Fraction  # == low unless an interval
    text: str
    start: int
    end: int


def values_in(text: str) -> list[Value]:
    found = []
    for m in VALUE.finditer(text):
        if m.group("low"):
            low, high = number(m.group("low")), number(m.group("high"))
        else:
            low = high = number(m.group("number") or m.group("word"))
        found.append(Value(low, high, m.group(0), m.start(), m.end()))
    return found


def compares(first: Value, direction: str, second: Value) -> bool:
    """Whether ``first direction second`` holds; an interval must lie wholly on its side."""
    return first.low > second.high if direction == GREATER else first.high < second.low


def _direction(match: re.Match[str]) -> str:
    return GREATER if match.group("greater") else LESSER


# --- text ------------------------------------------------------------------------------------------
def blocks(markdown: str) -> list[str]:
    """The paragraphs and bullets of a markdown text, each on one line, without what is no claim."""
    text = NOT_CLAIMS.sub(" ", markdown)
    parts = re.split(r"\n\s*\n|\n(?=\s*(?:[-*]|\d+\.)\s)|\n(?=#)", text)
    return [re.sub(r"\s+", " ", p).strip() for p in parts if p.strip()]


def sentences(block: str) -> list[str]:
    """The sentences of a block, emphasis taken off (a sentence may start with a bold name)."""
    return [s.replace("*", "") for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(\-*])", block) if s]


def clauses(sentence: str) -> list[str]:
    return [c for c in CLAUSES.split(sentence) if c]


# --- kinds 1 and 2: the numbers are in the sentence ------------------------------------------------
def stated_claims(sentence: str) -> list[tuple[str, bool]]:
    """(reading, holds) for each stated pair and each bound of ``sentence``."""
    found = []
    for clause in clauses(sentence):
        for pair in PAIR.finditer(clause):
            cues = [m for m in DIRECTION.finditer(clause[:pair.start()])]
            if cues:
                direction = _direction(cues[-1])
                x, y = values_in(pair.group("x"))[0], values_in(pair.group("y"))[0]
                found.append((f"{x.text} {direction} {y.text} ('{cues[-1].group(0)}')",
                              compares(x, direction, y)))
        values = values_in(clause)
        for bound in BOUND.finditer(clause):
            # the bound's number follows it within three words ("below the opening 4/19")
            after = [v for v in values if v.start >= bound.end()][:1]
            before = [v for v in values if v.end <= bound.start()]
            if not after or not before or len(clause[bound.end():after[0].start].split()) > 3 \
                    or PAIR.search(clause[before[-1].start:after[0].end]):
                continue
            between = clause[before[-1].end:bound.start()]
            if BOUND.search(between) or DIRECTION.search(between):
                continue
            direction = _direction(bound)
            found.append((f"{before[-1].text} {direction} {after[0].text} ('{bound.group(0)}')",
                          compares(before[-1], direction, after[0])))
    return found


# --- kind 3: the round-robin tables ----------------------------------------------------------------
TABLE = re.compile(r"^\S+, (\d+) players: .*fair share [\d.]+$")
ROW = re.compile(r"^(?P<bot>\S+(?: \S+)*)\s{2,}(?:\d+ × )?(?P<against>\S+(?: \S+)*)\s{2,}[\d.]+\s+\d+\s+\d+"
                 r"\s+(?P<rate>[\d.]+)\s+[\d.]+-[\d.]+\s+(?P<verdict>above|below|not clear)\s*$")


def round_robin_rows(output: str) -> list[Row]:
    rows, players = [], 0
    for line in output.splitlines():
        if header := TABLE.match(line.strip()):
            players = int(header.group(1))
        elif players and (row := ROW.match(line.rstrip())):
            rows.append(Row(players, row["bot"], row["against"], float(row["rate"]), row["verdict"]))
    return rows


def _players(text: str) -> set[int]:
    return {COUNTS.get(word.lower()) or int(word) for word in PLAYERS.findall(text)}


PREPOSITION = re.compile(r"\b(?:against|to|of|with|over|than|by|from|vs|versus|for|at)"
                         r"\s+(?:the\s+|two\s+|2 × )?$",
                         re.IGNORECASE)


def _subjects(clause: str, bot: re.Pattern[str]) -> list[re.Match[str]]:
    """The bot names of ``clause`` that can be a subject: not after a preposition ("against the
    greedy bot", "at random")."""
    return [m for m in bot.finditer(clause) if not PREPOSITION.search(clause[:m.start()])]


def verdict_claims(sentence: str, block: str, rows: list[Row]) -> list[tuple[str, bool]]:
    """(reading, holds) for each "A beats B", "A loses to B" and "A wins everywhere" of ``sentence``.

    The subject of a clause's first verdict word is the first bot named in the clause (not after a
    preposition); a later one has the same subject ("A beats B and loses to C"), or, after "which",
    the bot just named ("A beats B, which beats C")."""
    names = sorted({r.bot for r in rows} | {r.against for r in rows}, key=len, reverse=True)
    if not names:
        return []
    bot = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.IGNORECASE)
    every_count = re.search(r"\b(?:both|every|all) player counts\b", sentence, re.IGNORECASE)
    counts = set() if every_count else (_players(sentence) or _players(block))
    found = []
    for clause in clauses(sentence.replace("look-ahead", "lookahead")):
        cues = sorted(list(BEATS.finditer(clause)) + list(EVERY.finditer(clause)), key=lambda m: m.start())
        subject: str | None = None
        last_object: re.Match[str] | None = None
        for cue in cues:
            relative = last_object is not None and \
                re.match(r"\W*(?:which|who)\b", clause[last_object.end():cue.start()])
            if relative and last_object is not None:
                subject = last_object.group(0).lower()
            elif subject is None:
                candidates = [m for m in _subjects(clause, bot) if m.end() <= cue.start()]
                subject = candidates[0].group(0).lower() if candidates else None
            # "does not beat", "never beats", "hardly ever beats": a negation is not read
            if subject is None or NEGATION.search(" ".join(clause[:cue.start()].split()[-3:])):
                continue
            if cue.re is EVERY:
                verdict = "below" if re.search(r"\bbelow\b", clause[:cue.start()], re.IGNORECASE) else "above"
                mine = [r for r in rows if r.bot == subject and (not counts or r.players in counts)]
                wrong = [f"{r.against} at {r.players} ({r.verdict})" for r in mine if r.verdict != verdict]
                reading = f"every row of {subject}{_at(counts)} {verdict}"
                found.append((reading + (f"; not against {', '.join(wrong)}" if wrong else ""),
                              bool(mine) and not wrong))
                continue
            rest = clause[cue.end():]
            ends = [m.start() for m in (STOP.search(rest), BEATS.search(rest), EVERY.search(rest)) if m]
            verdict = "above" if cue.group("beats") else "below"
            for rival in bot.finditer(rest[:min(ends)] if ends else rest):
                against = rival.group(0).lower()
                last_object = re.compile(re.escape(rival.group(0))).search(clause, cue.end() + rival.start())
                mine = [r for r in rows if r.bot == subject and r.against == against
                        and (not counts or r.players in counts)]
                seen = ", ".join(f"{r.verdict} at {r.players} ({r.rate:.3f})" for r in mine) or "no such row"
                found.append((f"{subject} {cue.group(0)} {against}{_at(counts)}: needs {verdict}; {seen}",
                              bool(mine) and all(r.verdict == verdict for r in mine)))
    return found


def _at(counts: set[int]) -> str:
    return f" at {' and '.join(map(str, sorted(counts)))} players" if counts else ""


# --- kind 4: the two numbers printed right above ---------------------------------------------------
def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in STOPWORDS}


Labelled = tuple[tuple[Value, str], tuple[Value, str]]  # two printed numbers, each with its label


def printed_pair(output: str) -> Labelled | None:
    """The two numbers an output printed, each with its label (the text before it on its line), or
    None unless it printed exactly two."""
    values = values_in(output)
    if len(values) != 2:
        return None
    labelled = []
    for i, value in enumerate(values):
        start = max(output.rfind("\n", 0, value.start) + 1, values[i - 1].end if i else 0)
        labelled.append((value, output[start:value.start]))
    return labelled[0], labelled[1]


def cell_above_claims(sentence: str, pair: Labelled) -> list[tuple[str, bool]]:
    if values_in(sentence):
        return []
    found = []
    (first, first_label), (second, second_label) = pair
    for cue in DIRECTION.finditer(sentence):
        if cue.group(0).lower() in ("above", "below"):  # "the table above": a place, not a comparison
            continue
        subject, other = _words(sentence[:cue.start()]), _words(sentence[cue.end():])
        one, two = _words(first_label), _words(second_label)
        in_order = bool(subject & one or other & two) and not (subject & two or other & one)
        reversed_ = bool(subject & two or other & one) and not (subject & one or other & two)
        if in_order == reversed_:  # no label, or both: the sentence does not say which is which
            continue
        left, right = (first, second) if in_order else (second, first)
        direction = _direction(cue)
        found.append((f"{left.text} {direction} {right.text} (printed by the cell above; '{cue.group(0)}')",
                      compares(left, direction, right)))
    return found


# --- a notebook ------------------------------------------------------------------------------------
def _cell_text(cell: dict[str, Any]) -> str:
    return "\n".join(t for t in output_texts(cell) if not t.lstrip().startswith("<"))


def claims(notebook: Path | str, cells: list[dict[str, Any]] | None = None) -> list[Claim]:
    """Every comparison of ``notebook``'s markdown (and of its printed outputs) that the checker
    can read, with whether its numbers agree."""
    name = Path(notebook).name
    cells = cells_of(Path(notebook)) if cells is None else cells
    rows: list[Row] = []  # the round-robin tables printed so far: a sentence speaks of those above it
    found = []
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code":  # printed words: a stated pair or a bound, as in prose
            rows += round_robin_rows(_cell_text(cell))
            for line in _cell_text(cell).splitlines():
                found += [Claim(name, index, line.strip(), reading, holds)
                          for reading, holds in stated_claims(line)]
            continue
        if cell["cell_type"] != "markdown":
            continue
        above = cells[index - 1] if index else None
        pair = printed_pair(_cell_text(above)) if above and above["cell_type"] == "code" else None
        for block in blocks("".join(cell["source"])):
            for sentence in sentences(block):
                readings = stated_claims(sentence) + verdict_claims(sentence, block, rows)
                readings += cell_above_claims(sentence, pair) if pair else []
                found += [Claim(name, index, sentence, reading, holds) for reading, holds in readings]
    return found


def unread(notebook: Path | str) -> list[tuple[int, str]]:
    """(cell, sentence) for each sentence with a direction or verdict word that the checker could
    not read: a comparison to write its numbers into, if it is one."""
    name = Path(notebook).name
    cells = cells_of(Path(notebook))
    read = {(c.cell, c.sentence) for c in claims(notebook, cells)}
    cue = re.compile(rf"{DIRECTION.pattern}|{BEATS.pattern}|{EVERY.pattern}|\bmost clearly\b", re.IGNORECASE)
    return [(index, sentence) for index, cell in enumerate(cells) if cell["cell_type"] == "markdown"
            for block in blocks("".join(cell["source"])) for sentence in sentences(block)
            if cue.search(re.sub(r"\b(?:above|below)\b", "", sentence)) and (index, sentence) not in read
            and name]


if __name__ == "__main__":  # python -m tests.course_claims [NOTEBOOK...]: what is read, and what is not
    import sys

    from .course_text import COURSE

    for path in [Path(a) for a in sys.argv[1:]] or sorted(COURSE.glob("0*.ipynb")):
        for claim in claims(path):
            print(claim)
        for index, sentence in unread(path):
            print(f"{path.name} c{index}: not read\n    {sentence}")
