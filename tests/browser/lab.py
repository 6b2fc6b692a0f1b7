"""What every real-browser test shares: paths, the Chromium command line, JupyterLab probes.

The fixtures that start JupyterLab and Chromium (`lab_url`, `browser`) are in ``conftest.py`` beside
this file, so every browser test module shares one JupyterLab and one Chromium per test session.
A module uses them by name and calls `require_chromium()` at import, which skips it without Chromium
(except in CI, where a missing browser is a failure).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course"
NOTEBOOKS = sorted(p.name for p in COURSE.glob("*.ipynb"))
# The notebooks whose games and walkthroughs test_tables_in_browser plays through (it runs them too).
PLAYED = ("00_start_here.ipynb", "01_game_of_the_goose.ipynb", "03_boo_to_the_goose.ipynb",
          "05_sneaky_goose.ipynb", "07_boo.ipynb")
SCREENSHOTS = Path(os.environ.get("GOOSE_WIDGETS_SCREENSHOTS", ROOT / "screenshots"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# A 1366 px wide laptop screen, the size a learner's JupyterLab is checked at (issue 9).
VIEWPORT = {"width": 1366, "height": 900}
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]


def require_chromium() -> None:
    """Skip the calling module without Chromium (fail in CI, where it must run)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            raise RuntimeError(f"CI needs Chromium at {CHROMIUM}: apt-get install -y chromium")
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package with "
                    "`sudo apt-get install -y chromium` to run the browser test", allow_module_level=True)
    pytest.importorskip("playwright.sync_api")


def wait_until_up(probe: str, proc: subprocess.Popen, log: Path, what: str, seconds: float = 90) -> None:
    """Poll ``probe`` until the server answers (any HTTP status); fail with its log if it dies or
    does not answer within ``seconds``."""
    deadline = time.time() + seconds
    while True:
        try:
            urllib.request.urlopen(probe, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError(f"{what} did not start:\n" + log.read_text()) from None
            time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    """Stop a server started by a fixture, killing it if it does not stop within 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
