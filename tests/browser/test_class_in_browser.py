"""A live class in Chromium (issue 34): a teacher's dashboard and three learners' JupyterLab sessions,
each in a browser context of its own.

Each learner has a course folder of their own (on one JupyterLab, as on a JupyterHub), joins the
class from a notebook cell, and runs their notebook: Ada answers right, Bo wrong three times, Cy
rounded, then takes a hint and the solution; each submits a bot to the Boo to the Goose league.  The
dashboard shows each learner's events within 2 s of their notebook finishing, the alert for Bo, who
is stuck, and a leaderboard with ratings; one league game replays step by step.  axe-core finds
nothing on the dashboard or the replay.  Screenshots (1366×900): ``class_learner_confirmed.png``
(a learner's checks, confirmed by the class), ``class_dashboard.png``, ``class_leaderboard.png``
and ``class_replay.png``.
"""

from __future__ import annotations

import time

import nbformat
import pytest

from tests.browser.keyboard import axe_problems
from tests.browser.lab import ERROR_OUTPUTS, KERNEL_READY, RUN_ALL, SCREENSHOTS, VIEWPORT, require_chromium
from tests.server.helpers import TOKEN, ServerProcess

require_chromium()
pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "02_goose_probability.ipynb"  # a course notebook's name: the folder is a course folder
ANSWERS = {
    "Ada": ["answer = analysis_answer"],
    "Bo": ["answer = Fraction(1, 2)", "answer = Fraction(1, 3)", "answer = Fraction(1, 4)"],
    "Cy": ["answer = float(analysis_answer)", "exercise.hint()", "exercise.show_solution()"],
}
BOTS = {
    "Ada": "return [a for a in legal_actions if str(a) != 'stop'][-1] if observation.in_round "
           "else legal_actions[0]",
    "Bo": "return legal_actions[0]",
    "Cy": "return legal_actions[-1]",
}


def learner_notebook(url: str, name: str) -> nbformat.NotebookNode:
    """A learner's notebook: join the class, answer the exercise their way, submit a bot."""
    cells = [
        # each learner works in a folder of their own, as on their own account
        "import os\nos.environ['GOOSE_WIDGETS_PROGRESS'] = os.getcwd()",
        f"from goose_widgets.exercises import join_class\njoin_class({url!r}, name={name!r})",
        "from fractions import Fraction\n"
        "from goose_widgets.games.game_of_the_goose.exercises import beyond_the_well as exercise\n"
        "analysis_answer = exercise.reference",
    ]
    for answer in ANSWERS[name]:
        cells.append(answer if "exercise." in answer else f"{answer}\nexercise.check(answer)")
    cells.append("from goose_widgets.games.boo_to_the_goose.exercises import league\n\n"
                 f"def my_bot(observation, legal_actions):\n    {BOTS[name]}\n\nleague.submit(my_bot)")
    kernel = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells], metadata=kernel)


def test_a_live_class_from_three_learners_to_the_teachers_dashboard(lab_root, lab_url, browser, tmp_path):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    server = ServerProcess(tmp_path / "class.sqlite3", tmp_path / "server.log").start()
    contexts = []
    try:
        from goose_widgets.exercises.server_client import request_json

        code = request_json(f"{server.url}/api/classes", {"name": "5B"}, token=TOKEN)["code"]
        teacher = browser.new_context(viewport=VIEWPORT)
        contexts.append(teacher)
        dashboard = teacher.new_page()
        page_errors: list[str] = []
        dashboard.on("pageerror", lambda e: page_errors.append(str(e)))
        dashboard.goto(f"{server.url}/class/{code}#token={TOKEN}")
        dashboard.get_by_text("0 learners, 0 events").wait_for(timeout=20_000)

        for name in ANSWERS:
            folder = lab_root / f"class-{name.lower()}"
            folder.mkdir(exist_ok=True)
            nbformat.write(learner_notebook(f"{server.url}/class/{code}", name), str(folder / NOTEBOOK))
            context = browser.new_context(viewport=VIEWPORT)
            contexts.append(context)
            page = context.new_page()
            page.goto(f"{lab_url}/lab/tree/class-{name.lower()}/{NOTEBOOK}?reset")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
            page.wait_for_function(KERNEL_READY, timeout=90_000)
            assert page.evaluate(RUN_ALL) == "done:true", f"{name}'s notebook did not finish"
            finished = time.monotonic()
            assert not page.evaluate(ERROR_OUTPUTS), f"{name}'s notebook raised"
            outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
            text = "\n".join(outputs)
            assert f"You are in the class '5B' as '{name}'" in text, text[:500]
            assert "Submitted: your bot is in the Boo to the Goose league" in text, text[-800:]
            if name == "Ada":
                assert "✔ (confirmed by your class)" in text
                page.screenshot(path=str(SCREENSHOTS / "class_learner_confirmed.png"))
            if name == "Cy":
                assert "Right, but rounded" in text and "confirmed by your class" in text
            # the dashboard shows this learner's events within 2 s of their notebook finishing
            dashboard.locator("table.grid th[scope=row]", has_text=name).wait_for(timeout=2_000)
            row = dashboard.locator("table.grid tr", has=dashboard.locator("th[scope=row]", has_text=name))
            sign = {"Ada": "✔1", "Bo": "✘3", "Cy": "≈1 h1 S"}[name]
            left = max(0.1, 2 - (time.monotonic() - finished))
            try:
                row.locator("td.cell", has_text=sign).wait_for(timeout=left * 1000)
            except Exception:  # noqa: BLE001 - say what the dashboard showed instead
                raise AssertionError(f"{name}'s row did not show {sign!r} within 2 s: "
                                     f"{row.inner_text()!r}") from None

        alerts = dashboard.locator("#alerts")
        alerts.get_by_text("Bo: 3 wrong answers in a row").wait_for(timeout=2_000)
        assert "Ada" not in alerts.inner_text()
        stats = dashboard.locator("table.stats").first.inner_text()
        assert "Fraction(1, 2)" in stats
        dashboard.screenshot(path=str(SCREENSHOTS / "class_dashboard.png"), full_page=True)
        assert not axe_problems(dashboard, ["main"], "the class dashboard")

        # the league: each learner's bot rated, with its interval
        board = dashboard.locator("table.league")
        board.wait_for(timeout=60_000)
        dashboard.wait_for_function("""() => [...document.querySelectorAll('table.league tr')]
            .filter(tr => tr.querySelector('th') && tr.querySelector('th').textContent.includes("'s bot")
                          && tr.querySelectorAll('td')[1].textContent.trim() !== '–').length === 3""",
                                    timeout=120_000)
        text = board.inner_text()
        for name in ANSWERS:
            assert f"{name}'s bot" in text
        assert "expert (built-in)" in text
        dashboard.locator("#leagues").scroll_into_view_if_needed()
        dashboard.screenshot(path=str(SCREENSHOTS / "class_leaderboard.png"), full_page=True)

        # one game, step by step
        dashboard.locator("ul.recent a").first.click()
        replay = dashboard
        replay.locator("#where").wait_for(timeout=20_000)
        replay.get_by_text("Step 0 of").wait_for(timeout=10_000)
        for _ in range(6):
            replay.get_by_role("button", name="Next step").click()
        replay.get_by_text("Step 6 of").wait_for(timeout=10_000)
        assert replay.locator("#boards svg").count() == 2
        replay.keyboard.press("End")
        replay.get_by_text("(the end)").wait_for(timeout=10_000)
        steps = int(replay.locator("#where").inner_text().split(" of ")[1].split()[0])
        for _ in range(steps // 2):  # back to the middle of the game, with the keyboard
            replay.keyboard.press("ArrowLeft")
        replay.get_by_text(f"Step {steps - steps // 2} of {steps}").wait_for(timeout=20_000)
        replay.screenshot(path=str(SCREENSHOTS / "class_replay.png"), full_page=True)
        assert not axe_problems(replay, ["main"], "a league game's replay")
        assert not page_errors, page_errors
    finally:
        for context in contexts:
            context.close()
        server.stop()
