"""Fixtures of the real-browser tests: one JupyterLab on a copy of the course (`lab_root`, `lab_url`),
one headless Chromium (`browser`).

JupyterLab is session-scoped; Chromium is module-scoped, because Playwright's sync API leaves its
event loop set as the running loop while it is open, and the tables of later (non-browser) tests
would then pace their bots through it instead of replying at once.  Both start only when a test
asks for them by name.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS, COURSE, NOTEBOOKS, free_port, stop, wait_until_up


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory):
    """The folder JupyterLab serves: a copy of the course (JupyterLab autosaves over what it opens).

    A test may write its own notebooks here before opening them."""
    root = tmp_path_factory.mktemp("course")
    for name in NOTEBOOKS:
        shutil.copy(COURSE / name, root / name)
    return root


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory, lab_root):
    root = lab_root
    state = tmp_path_factory.mktemp("jupyter_state")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(state / "config"), JUPYTER_DATA_DIR=str(state / "data"),
               JUPYTER_RUNTIME_DIR=str(state / "runtime"), IPYTHONDIR=str(state / "ipython"),
               MPLCONFIGDIR=str(state / "mpl"), JUPYTER_PLATFORM_DIRS="1", MPLBACKEND="module://matplotlib_inline.backend_inline")
    settings = state / "config" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false, "doNotDisturbMode": true}')
    port = free_port()
    log = open(state / "server.log", "wb")
    proc = subprocess.Popen([
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=", "--allow-root",
        f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ], cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url + "/api/status", proc, state / "server.log", "JupyterLab")
        yield url
    finally:
        stop(proc)
        log.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    xdg = tmp_path_factory.mktemp("xdg")
    env = dict(os.environ, XDG_CONFIG_HOME=str(xdg / "config"), XDG_CACHE_HOME=str(xdg / "cache"))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env)
        yield b
        b.close()
