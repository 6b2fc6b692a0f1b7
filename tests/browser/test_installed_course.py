"""In a real browser: the course as a learner gets it from the wheel, ``goose-widgets course``.

The test builds the wheel from this checkout, installs it with its course extra into a new virtual
environment, runs ``goose-widgets course --no-browser`` there from an empty folder, and Chromium
opens ``00_start_here.ipynb`` from the folder the command made, runs it and rolls the dice.

To stay quick it does not download the course extra's 430 MB again: the new environment sees the
test environment's site-packages through a ``.pth`` line, and JupyterLab its assets and widget
extensions through ``JUPYTERLAB_DIR`` and ``JUPYTER_PATH``.  That still proves the wheel complete:

- ``pip install --no-index "<wheel>[course]"`` must find every declared dependency already there, so
  the wheel's requirements are real and satisfied, and nothing is fetched;
- goose_widgets itself comes only from the wheel: the test environment's copy is an editable install
  whose path hook only its own site directory runs (a ``.pth`` line does not), the checkout is not on
  the path, and the test asserts where the package, the notebooks and the command were found;
- the course folder is made by the installed command from the notebooks inside the wheel, and the
  notebook's kernel (JupyterLab's default, the new environment's Python) imports the wheel's package.

Screenshot: ``installed_course_00.png`` (in ``screenshots/`` or ``$GOOSE_WIDGETS_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.browser.lab import (
    ERROR_OUTPUTS,
    KERNEL_READY,
    ROOT,
    RUN_ALL,
    SCREENSHOTS,
    VIEWPORT,
    free_port,
    require_chromium,
    stop,
    wait_until_up,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
require_chromium()


def _python(env_dir: Path) -> Path:
    return env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the new environment, its environment variables): the wheel installed with its course extra."""
    work = tmp_path_factory.mktemp("installed")
    build = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir",
                            str(work / "dist"), str(ROOT)], capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    wheel = next((work / "dist").glob("goose_widgets-*.whl"))
    env_dir = work / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = _python(env_dir)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "test_environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    share = Path(sys.prefix) / "share" / "jupyter"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    state = work / "jupyter_state"
    env.update(JUPYTERLAB_DIR=str(share / "lab"), JUPYTER_PATH=str(share),
               JUPYTER_CONFIG_DIR=str(state / "config"), JUPYTER_DATA_DIR=str(state / "data"),
               JUPYTER_RUNTIME_DIR=str(state / "runtime"), IPYTHONDIR=str(state / "ipython"),
               MPLCONFIGDIR=str(state / "mpl"), JUPYTER_PLATFORM_DIRS="1",
               PATH=os.pathsep.join([str(python.parent), env.get("PATH", "")]))
    settings = state / "config" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false, "doNotDisturbMode": true}')
    pip = subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--quiet", f"{wheel}[course]"],
                         capture_output=True, text=True, env=env, cwd=work)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    return env_dir, env


def test_the_installed_package_is_the_wheels(installed, tmp_path):
    env_dir, env = installed
    code = ("import goose_widgets, goose_widgets.resources as r; print(goose_widgets.__file__); "
            "print(r.course_path()); print(r.docs_path()); print(r.app_path())")
    out = subprocess.run([str(_python(env_dir)), "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path, check=True).stdout.split("\n")
    package = Path(out[0]).parent
    assert package.is_relative_to(env_dir), f"goose_widgets came from {package}, not the wheel"
    for found, name in zip(out[1:4], ("course", "docs", "app")):
        assert Path(found) == package / "_data" / name
    assert sorted(p.name for p in (package / "_data" / "course").glob("*.ipynb")) == \
        sorted(p.name for p in (ROOT / "course").glob("*.ipynb"))
    assert (package / "classroom" / "app.py").is_file() and (package / "_data" / "docs" / "boo.md").is_file()


def test_goose_widgets_course_opens_the_course_and_the_dice_roll(installed, tmp_path, browser):
    env_dir, env = installed
    command = env_dir / ("Scripts/goose-widgets.exe" if os.name == "nt" else "bin/goose-widgets")
    assert command.exists(), "the wheel installs no goose-widgets command"
    port = free_port()
    log_path = tmp_path / "lab.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([str(command), "course", "--no-browser", f"--port={port}",
                                 "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
                                 "--LabApp.news_url=None", "--LabApp.expose_app_in_browser=True",
                                 "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
                                cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    page = browser.new_page(viewport=VIEWPORT)
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        wait_until_up(url + "/api/status", proc, log_path, "goose-widgets course")
        copied = tmp_path / "goose-course" / "course" / "00_start_here.ipynb"
        assert copied.is_file(), "goose-widgets course made no course folder"
        assert "added course/00_start_here.ipynb" in log_path.read_text()
        page.goto(f"{url}/lab/tree/course/00_start_here.ipynb?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function(KERNEL_READY, timeout=90_000)
        assert page.evaluate(RUN_ALL) == "done:true", "run-all did not finish"
        assert not page.evaluate(ERROR_OUTPUTS)
        dice = page.locator(".gw-board [data-action='roll']").first
        dice.wait_for(timeout=60_000)
        board = page.locator(".gw-board", has=page.locator("[data-action='roll']")).first
        before = board.inner_html()
        dice.scroll_into_view_if_needed()
        dice.click()
        page.wait_for_function("([el, before]) => el.innerHTML !== before",
                               arg=[board.element_handle(), before], timeout=30_000)
        assert "rolled" in board.inner_html()
        assert page.locator("text=Error displaying widget").count() == 0
        assert page.locator(".gw-error").count() == 0
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "installed_course_00.png"), full_page=False)
        assert not page_errors, page_errors
    finally:
        page.close()
        stop(proc)  # goose-widgets stops the JupyterLab it started
        assert_stopped(proc.pid)


def assert_stopped(pid: int) -> None:
    """No process that ``pid`` started is left running (JupyterLab or its kernel)."""
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    assert not children, f"goose-widgets left {children} running"
