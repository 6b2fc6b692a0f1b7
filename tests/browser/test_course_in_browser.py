"""The real-browser test: JupyterLab in headless Chromium runs every course notebook.

For each notebook it runs all cells, finds no error output and no "Error displaying widget", clicks
a clickable element of the first game board that has one (see `CLICKS`) and checks that the board
changed (so the click reached Python and the new SVG came back), then saves a screenshot to
``screenshots/<notebook>.png`` (or the folder in ``$GOOSE_WIDGETS_SCREENSHOTS``), and
``<notebook>_plot.png`` at the notebook's first plot.

Needs Debian's chromium at /usr/bin/chromium (``apt-get install chromium``); elsewhere it skips
with that advice, except in CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course"
NOTEBOOKS = sorted(p.name for p in COURSE.glob("*.ipynb"))
SCREENSHOTS = Path(os.environ.get("GOOSE_WIDGETS_SCREENSHOTS", ROOT / "screenshots"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
# Which element to click in each notebook (CSS, inside a `.gw-board`); by default the first
# `[data-action]` of the first board that has one.  Notebooks without a board only run.
CLICKS: dict[str, str] = {
    "01_game_of_the_goose.ipynb": "[data-action='roll']",
    "03_boo_to_the_goose.ipynb": "[data-action^='play']",
    "05_sneaky_goose.ipynb": "[data-action^='take'], [data-action^='swap into']",  # a pile, then cards
    "07_boo.ipynb": "[data-action^='place']",
}

pytestmark = pytest.mark.browser

if not Path(CHROMIUM).exists():
    if os.environ.get("CI"):
        raise RuntimeError(f"CI needs Chromium at {CHROMIUM}: apt-get install -y chromium")
    pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package with "
                "`sudo apt-get install -y chromium` to run the browser test", allow_module_level=True)

playwright_api = pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    for name in NOTEBOOKS:  # a copy: JupyterLab autosaves over what it opens
        shutil.copy(COURSE / name, root / name)
    state = tmp_path_factory.mktemp("jupyter_state")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(state / "config"), JUPYTER_DATA_DIR=str(state / "data"),
               JUPYTER_RUNTIME_DIR=str(state / "runtime"), IPYTHONDIR=str(state / "ipython"),
               MPLCONFIGDIR=str(state / "mpl"), JUPYTER_PLATFORM_DIRS="1", MPLBACKEND="module://matplotlib_inline.backend_inline")
    settings = state / "config" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false, "doNotDisturbMode": true}')
    port = _free_port()
    log = open(state / "server.log", "wb")
    proc = subprocess.Popen([
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=", "--allow-root",
        f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ], cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(url + "/api/status", timeout=2)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    server_log = (state / "server.log").read_text()
                    raise RuntimeError("JupyterLab did not start:\n" + server_log) from None
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    xdg = tmp_path_factory.mktemp("xdg")
    env = dict(os.environ, XDG_CONFIG_HOME=str(xdg / "config"), XDG_CACHE_HOME=str(xdg / "cache"))
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env)
        yield b
        b.close()


KERNEL_READY = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const sc = panel && panel.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  return !!k && sc.isReady && k.connectionStatus === 'connected' && k.status === 'idle';
}"""

RUN_ALL = """() => Promise.race([
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(ok => 'done:' + ok),
  new Promise(res => setTimeout(() => res('timeout'), 600000)),
])"""

ERROR_OUTPUTS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const nb = panel.context.model.toJSON();
  const errors = [];
  for (const cell of nb.cells) {
    for (const out of (cell.outputs || [])) {
      if (out.output_type === 'error') errors.push(out.ename + ': ' + out.evalue);
    }
  }
  return errors;
}"""


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_and_board_answers_clicks(notebook, lab_url, browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        # ?reset: JupyterLab would otherwise restore the previous test's notebook in a hidden tab,
        # whose boards the selectors below would find first (and could not click).
        page.goto(f"{lab_url}/lab/tree/{notebook}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        assert page.evaluate(RUN_ALL) == "done:true", f"{notebook}: run-all did not finish"
        assert page.locator(".jp-Dialog").count() == 0
        errors = page.evaluate(ERROR_OUTPUTS)
        assert not errors, f"{notebook} has error outputs: {errors}"
        page.wait_for_timeout(500)
        assert page.locator("text=Error displaying widget").count() == 0
        assert page.locator(".gw-error").count() == 0, page.locator(".gw-error").first.inner_text()

        selector = CLICKS.get(notebook)
        boards = page.locator(".gw-board")
        if selector or boards.count():
            target_selector = f".gw-board {selector or '[data-action]'}"
            target = page.locator(target_selector).first
            if selector:
                target.wait_for(timeout=60_000)
            if target.count():
                board = page.locator(".gw-board", has=page.locator(selector or "[data-action]")).first
                before = board.inner_html()
                target.scroll_into_view_if_needed()
                target.click()
                page.wait_for_function(
                    "([el, before]) => el.innerHTML !== before",
                    arg=[board.element_handle(), before], timeout=30_000)
                assert page.locator(".gw-error").count() == 0, page.locator(".gw-error").first.inner_text()
        page.screenshot(path=str(SCREENSHOTS / (Path(notebook).stem + ".png")), full_page=True)
        plots = page.locator(".jp-RenderedImage img")
        if plots.count():  # a second picture where the notebook draws its first plot
            plots.first.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENSHOTS / (Path(notebook).stem + "_plot.png")))
        assert not page_errors, page_errors
    finally:
        page.close()

