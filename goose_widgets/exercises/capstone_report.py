"""What a capstone check shows: the verdict, the table of its games, a plot, and, when the verdict
is not clear yet, a button that plays more games (`TournamentReport`).

Every interval of the table is the one the verdict reads: the 99% interval of the bot's share of
the games (`duels.CLEAR_Z`).  Mean scores carry a 95% interval; they inform, they decide nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..extras import require
from .core import Feedback
from .duels import Standing

__all__ = ["TournamentReport"]


@dataclass(frozen=True)
class TournamentReport:
    """The result of a capstone check: the verdict, the table and (in a notebook) a plot.

    ``more`` plays on where the verdict is not clear yet (`play_more`); None when it is clear."""

    feedback: Feedback
    standings: tuple[Standing, ...]
    title: str
    lower_score_wins: bool = False
    more: Callable[[], TournamentReport] | None = field(default=None, compare=False, repr=False)

    @property
    def correct(self) -> bool:
        return self.feedback.correct

    @property
    def status(self) -> str | None:
        return self.feedback.status

    @property
    def message(self) -> str:
        return self.feedback.message

    @property
    def undecided(self) -> bool:
        """Whether a bar is still open: more games would tell."""
        return self.more is not None

    def play_more(self) -> TournamentReport:
        """Play on against every rival whose bar is still open (as many games again as were
        allowed), from where the check stopped; the new report."""
        if self.more is None:
            raise ValueError("the verdict is clear: there is nothing more to play.")
        return self.more()

    def table(self) -> str:
        """The standings as a plain-text table."""
        rows = [s.row() for s in self.standings]
        headers = list(rows[0])
        cells = [[str(r[h]) for h in headers] for r in rows]
        widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
        lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)),
                 "  ".join("-" * w for w in widths)]
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in cells]
        return "\n".join(lines)

    def markdown_table(self) -> str:
        rows = [s.row() for s in self.standings]
        headers = list(rows[0])
        lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        lines += ["| " + " | ".join(str(r[h]) for h in headers) + " |" for r in rows]
        return "\n".join(lines)

    def figure(self) -> Any:
        """A matplotlib figure: the share of games won (99% intervals) and mean scores (95%)."""
        plt = _pyplot()
        names = [s.opponent for s in self.standings]
        fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.2))
        rates = [s.win_rate for s in self.standings]
        left.bar(names, rates, color="#0072B2",
                 yerr=[[s.win_rate - s.win_low for s in self.standings],
                       [s.win_high - s.win_rate for s in self.standings]], capsize=5)
        left.axhline(0.5, color="grey", linestyle="--", label="even")
        left.set(ylim=(0, 1.05), ylabel="share of games won (99% interval)", xlabel="against",
                 title="How often your bot wins")
        left.legend(loc="upper right", fontsize=9)
        xs = range(len(names))
        right.errorbar([x - 0.12 for x in xs], [s.score for s in self.standings],
                       yerr=[[s.score - s.score_low for s in self.standings],
                             [s.score_high - s.score for s in self.standings]],
                       fmt="o", capsize=5, color="#D55E00", label="your bot")
        right.plot([x + 0.12 for x in xs], [s.opponent_score for s in self.standings], "s",
                   color="#999999", label="the other bot")
        right.set_xticks(list(xs), names)
        better = "lower is better" if self.lower_score_wins else "higher is better"
        right.set(ylabel="mean score (95% interval)", xlabel="against", title=f"Mean score ({better})")
        right.legend(fontsize=9)
        fig.suptitle(self.title)
        fig.tight_layout()
        return fig

    def _ipython_display_(self) -> None:
        from IPython.display import Markdown, display

        display(Markdown(self.feedback._repr_markdown_() + "\n\n" + self.markdown_table()))
        try:
            plt = _pyplot()
        except ImportError as err:
            display(Markdown(f"*{err}*"))
        else:
            fig = self.figure()
            display(fig)
            plt.close(fig)
        if self.more is not None:
            display(_more_button(self))

    def __str__(self) -> str:
        return f"{self.feedback}\n\n{self.title}\n{self.table()}"

    def __repr__(self) -> str:
        return str(self)


def _more_button(report: TournamentReport) -> Any:
    """A "Play more games" button that shows the next report below it (its failure, too)."""
    try:
        import ipywidgets
    except ImportError:
        from IPython.display import Markdown

        return Markdown("*Not clear yet: `report.play_more()` plays more games.*")
    button = ipywidgets.Button(description="Play more games", button_style="info",
                               tooltip="Play on against the rivals whose bar is not decided yet")
    output = ipywidgets.Output()

    def play(_button: Any) -> None:
        button.disabled = True
        with output:
            try:
                from IPython.display import display

                display(report.play_more())
            except Exception as err:  # noqa: BLE001 - shown, never swallowed by the widget library
                print(f"Playing more games failed: {type(err).__name__}: {err}")
                raise

    button.on_click(play)
    return ipywidgets.VBox([button, output])


def _pyplot() -> Any:
    """matplotlib's pyplot, imported only when a plot is drawn (it comes with the course extra)."""
    return require("matplotlib.pyplot", "course", "the capstone's plot (the table above has every figure)")
