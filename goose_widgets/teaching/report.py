"""``goose-widgets report PATH...``: the class table from learners' progress files.

Each PATH is a progress file (`goose_widgets.exercises.progress`) or a folder searched for them
(every ``*.jsonl`` file below it that is one).  One row per learner file, one column per exercise
(in course order) with the learner's best result: correct, rounded, wrong, stopped or unanswered;
then how many hints the learner used and for how many exercises they were shown the solution.

The learner's name is the file's name when the teacher renamed it (``alice.jsonl``), else the name
the file records (``goose-widgets course --learner``, the JupyterHub user or the account), else
the name of the folder holding it.  Every readable event counts: a damaged line is skipped and
listed, never the file; an event of an exercise the course does not have is flagged, not merged
into the table.  Files that are no progress file are named on standard error and left out;
nothing is changed on disk.

These figures are **self-reported**: the learners' own kernels wrote them, and a learner can write
anything into their file.  Grades to rely on come from ``goose-widgets grade``; ``--grades
grades.csv`` (its output) puts each learner's graded points beside their row.

The CSV goes to standard output; ``--html FILE`` also writes the same as a page, with a bar per
exercise (a table with headers, each result shown by its sign and word as well as its colour).
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..exercises.catalogue import course_exercises
from ..exercises.progress import (
    FILE_NAME,
    RESULTS,
    ExerciseSummary,
    UnreadableProgress,
    read_progress,
    summarize,
)

__all__ = ["ClassReport", "Learner", "collect", "csv_text", "html_page", "main"]

# Signs that common fonts have (a page is read where no emoji font is installed).
SIGNS = {"correct": "✔", "rounded": "≈", "wrong": "✘", "stopped": "⊘", "unanswered": "·"}


@dataclass(frozen=True)
class Learner:
    name: str
    file: str
    summaries: dict[str, ExerciseSummary]
    last_active: str

    def best(self, exercise: str) -> str:
        summary = self.summaries.get(exercise)
        return summary.best if summary else "unanswered"

    @property
    def hints(self) -> int:
        return sum(len(s.hints) for s in self.summaries.values())

    @property
    def solutions(self) -> int:
        return sum(s.solution for s in self.summaries.values())


@dataclass(frozen=True)
class ClassReport:
    exercises: tuple[tuple[str, str], ...]   # (notebook, exercise name), in course order
    learners: tuple[Learner, ...]
    skipped: tuple[tuple[str, str], ...]     # (file, why it was left out)
    lines: tuple[tuple[str, int, str], ...] = ()  # (file, line, why it was skipped or flagged)
    graded: dict[str, str] = field(default_factory=dict)  # learner -> "points of out of", from grade

    def heading(self, notebook: str, exercise: str) -> str:
        return f"{notebook[:2]} {exercise}" if notebook[:2].isdigit() else exercise

    def counts(self, exercise: str) -> dict[str, int]:
        found = dict.fromkeys(RESULTS, 0)
        for learner in self.learners:
            found[learner.best(exercise)] += 1
        return found


def progress_files(paths: Iterable[Path]) -> list[Path]:
    """The files to read: each file given, and every ``*.jsonl`` below each folder given."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.jsonl") if p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            raise SystemExit(f"goose-widgets report: {path} is neither a progress file nor a folder.")
    return list(dict.fromkeys(found))


def collect(paths: Sequence[str | Path], grades: Path | None = None) -> ClassReport:
    """Read every learner file under ``paths`` into a class report (``grades``: the CSV of
    ``goose-widgets grade``, whose points go beside each learner)."""
    learners, skipped, lines = [], [], []
    exercises = [(notebook, exercise.name) for notebook, exercise in course_exercises()]
    known = {name for _, name in exercises}
    for path in progress_files(Path(p) for p in paths):
        try:
            found = read_progress(path)
        except (UnreadableProgress, OSError) as err:
            skipped.append((str(path), str(err)))
            continue
        lines += [(str(path), number, why) for number, why in found.skipped]
        events = []
        for number, event in enumerate(found.events, 1):
            if event["exercise"] in known:
                events.append(event)
            else:  # not this course's: said, not merged
                lines.append((str(path), number, f"an event of an exercise this course does not have: "
                                                 f"{event['exercise'][:60]!r} (event {number})"))
        name = (path.stem if path.name != FILE_NAME else "") or found.learner or path.parent.name
        times = [event["time"] for event in found.events]
        learners.append(Learner(name, str(path), summarize(events), max(times, default="")))
    learners.sort(key=lambda learner: (learner.name.lower(), learner.file))
    return ClassReport(tuple(exercises), tuple(learners), tuple(skipped), tuple(lines),
                       _graded(grades) if grades is not None else {})


def _graded(path: Path) -> dict[str, str]:
    """Each learner's "points of out of" from the CSV of ``goose-widgets grade``."""
    rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    return {row["learner"]: f"{row['points']} of {row['out of']}" for row in rows if row.get("learner")}


# --- CSV ---------------------------------------------------------------------------------------

def _header(report: ClassReport) -> list[str]:
    graded = ["graded points"] if report.graded else []
    return (["learner", "file", "correct"] + [report.heading(*pair) for pair in report.exercises]
            + ["hints used", "solutions shown", "last active"] + graded)


def _row(report: ClassReport, learner: Learner) -> list[str]:
    results = [learner.best(name) for _, name in report.exercises]
    graded = [report.graded.get(learner.name, "not graded")] if report.graded else []
    return ([learner.name, learner.file, str(results.count("correct"))] + results
            + [str(learner.hints), str(learner.solutions), learner.last_active] + graded)


def csv_text(report: ClassReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_header(report))
    writer.writerows(_row(report, learner) for learner in report.learners)
    return out.getvalue()


# --- HTML --------------------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; font-size: 15px; color: #1a1a1a; margin: 24px; }
h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 28px; }
table { border-collapse: collapse; margin: 8px 0; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #bbb; padding: 4px 8px; text-align: left; font-size: 14px; }
thead th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody th[scope="row"] { min-width: 12em; }
.bar { display: flex; width: 220px; height: 22px; border: 1px solid #555; background: #fff; }
.seg { display: block; overflow: hidden; white-space: nowrap; font-size: 12px; line-height: 22px;
       text-align: center; }
.correct { background: #1b7837; color: #fff; }
.rounded { background: #fee08b; color: #1a1a1a; }
.wrong { background: repeating-linear-gradient(135deg, #b2182b 0 5px, #8f1322 5px 10px); color: #fff; }
.stopped { background: #762a83; color: #fff; }
.unanswered { background: #f2f2f2; color: #1a1a1a; }
td.correct, td.rounded, td.wrong, td.stopped, td.unanswered { white-space: nowrap; }
td.correct { background: #d9f0d3; color: #1a1a1a; } td.rounded { background: #fff3c4; color: #1a1a1a; }
td.wrong { background: #fddbc7; color: #1a1a1a; } td.stopped { background: #eadcf0; color: #1a1a1a; }
td.unanswered { background: #fff; color: #555; }
.scroll { overflow-x: auto; max-width: 100%; }
.legend span.key { display: inline-block; padding: 0 8px; margin-right: 8px; border: 1px solid #555; }
"""


def _bar(counts: dict[str, int], total: int) -> str:
    label = ", ".join(f"{counts[r]} {r}" for r in RESULTS if counts[r]) or "no learners"
    segments = "".join(
        f'<span class="seg {r}" style="width:{100 * counts[r] / total:.2f}%">{SIGNS[r]} {counts[r]}</span>'
        for r in RESULTS if counts[r])
    return f'<div class="bar" role="img" aria-label="{html.escape(label)}">{segments}</div>'


def html_page(report: ClassReport, title: str = "Class report") -> str:
    e = html.escape
    total = max(1, len(report.learners))
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    heads = "".join(f'<th scope="col">{SIGNS[r]} {r}</th>' for r in RESULTS)
    rows = []
    for notebook, name in report.exercises:
        counts = report.counts(name)
        summaries = [learner.summaries.get(name) for learner in report.learners]
        hints = sum(bool(s and s.hints) for s in summaries)
        seen = sum(bool(s and s.solution) for s in summaries)
        cells = "".join(f'<td class="num">{counts[r]}</td>' for r in RESULTS)
        rows.append(f'<tr><td>{e(notebook)}</td><th scope="row">{e(name)}</th><td>{_bar(counts, total)}</td>'
                    f'{cells}<td class="num">{hints}</td><td class="num">{seen}</td></tr>')
    exercises = (f'<table><caption>Best result per exercise, {len(report.learners)} learners</caption>'
                 f'<thead><tr><th scope="col">notebook</th><th scope="col">exercise</th>'
                 f'<th scope="col">results</th>{heads}<th scope="col">learners who used hints</th>'
                 f'<th scope="col">learners shown the solution</th></tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>')
    header = _header(report)
    head = "".join(f'<th scope="col">{e(h)}</th>' for h in header[1:])
    body = []
    for learner in report.learners:
        values = _row(report, learner)
        row_cells = [f"<td>{e(values[1])}</td>", f'<td class="num">{e(values[2])}</td>']
        for _, name in report.exercises:
            result = learner.best(name)
            row_cells.append(f'<td class="{result}">{SIGNS[result]} {result}</td>')
        extra = 1 if report.graded else 0
        numbers = values[len(values) - 3 - extra:len(values) - 1 - extra]
        row_cells += [f'<td class="num">{e(v)}</td>' for v in numbers]
        row_cells += [f"<td>{e(v)}</td>" for v in values[len(values) - 1 - extra:]]
        body.append(f'<tr><th scope="row">{e(learner.name)}</th>{"".join(row_cells)}</tr>')
    learners = (f'<div class="scroll" tabindex="0" role="region" aria-label="the learners\' table">'
                f'<table><caption>Each learner\'s best result per exercise</caption><thead><tr>'
                f'<th scope="col">{e(header[0])}</th>{head}</tr></thead><tbody>{"".join(body)}</tbody>'
                f'</table></div>')
    legend = " ".join(f'<span class="key {r}">{SIGNS[r]} {r}</span>' for r in RESULTS)
    skipped = ("" if not report.skipped else "<h2>Files left out</h2><ul>" + "".join(
        f"<li>{e(path)}: {e(why)}</li>" for path, why in report.skipped) + "</ul>")
    if report.lines:
        skipped += ("<h2>Lines skipped or flagged</h2><p>Every other event of these files counts.</p><ul>"
                    + "".join(f"<li>{e(path)}, line {number}: {e(why)}</li>"
                              for path, number, why in report.lines) + "</ul>")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<style>{_STYLE}</style></head><body><main><h1>{e(title)}</h1>"
            f"<p>{len(report.learners)} learners, {len(report.exercises)} exercises; made {made}.  "
            f"Each learner's best result counts: correct, then rounded (right but not exact), wrong, "
            f"stopped (their code ran past the time limit), unanswered.</p>"
            f"<p><strong>Self-reported:</strong> the learners' own kernels wrote these files, and a "
            f"learner can write anything into theirs.  Grades to rely on come from "
            f"<code>goose-widgets grade</code>"
            + (", whose points are in the last column." if report.graded else ".") + "</p>"
            f'<p class="legend">{legend}</p>'
            f"<h2>Exercises</h2>{exercises}<h2>Learners</h2>{learners}{skipped}</main></body></html>\n")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="goose-widgets report",
        description="Print the class table (CSV) from learners' progress files: one row per file, one "
                    "column per exercise with its best result, plus the hints and solutions used.")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="a progress file, or a folder holding them (searched below)")
    parser.add_argument("--html", type=Path, metavar="FILE", help="also write the report as a page")
    parser.add_argument("--grades", type=Path, metavar="CSV",
                        help="the CSV of goose-widgets grade: each learner's graded points beside the row")
    args = parser.parse_args(argv)
    report = collect(args.paths, args.grades)
    for path, why in report.skipped:
        print(f"goose-widgets report: left out {path}: {why}", file=sys.stderr)
    for path, number, why in report.lines:
        print(f"goose-widgets report: {path}, line {number}: {why}", file=sys.stderr)
    if not report.learners:
        print("goose-widgets report: no progress files found in " + ", ".join(map(str, args.paths)),
              file=sys.stderr)
        return 1
    sys.stdout.write(csv_text(report))
    if args.html:
        args.html.write_text(html_page(report), encoding="utf-8")
        print(f"goose-widgets report: wrote {args.html}", file=sys.stderr)
    return 0
