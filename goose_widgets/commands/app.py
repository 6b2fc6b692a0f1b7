"""``goose-widgets app [--idle-minutes=N] [Voila arguments]``: serve the classroom app with Voila.

Every browser tab that opens the app gets a kernel of its own (about 60 MB).  So that a lesson's
closed tabs do not pile up, a kernel that has had no activity for ``--idle-minutes`` (default 20)
and has no tab connected to it is shut down ("culled"); the server checks every minute.  A tab that
is still open keeps its kernel however long it idles.  A reload does not lose the game: the app saves
each tab's game on the server, in ``--saves=FOLDER`` (default: ``goose-widgets-app`` in the
system's temporary folder), and the reloaded tab picks it up again (see `classroom_app`).
Other arguments go to Voila, e.g. ``--Voila.ip=0.0.0.0 --port=8866 --no-browser``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

from ..resources import app_path
from .cli import run_server

IDLE_MINUTES = 20.0
CULL_INTERVAL = 60  # seconds between the server's checks for idle kernels
SAVES_VARIABLE = "GOOSE_WIDGETS_APP_SAVES"
NOTEBOOK = "goose_widgets_app.ipynb"
USAGE = f"""usage: goose-widgets app [--idle-minutes=N] [--saves=FOLDER] [Voila arguments]

Serve the classroom app (pick a game and the seats, then play) with Voila.
  --idle-minutes=N  shut down a closed tab's kernel after N minutes without activity (default
                    {IDLE_MINUTES:g}); an open tab keeps its kernel
  --saves=FOLDER    where each tab's game is kept so that a reload brings it back (default: a
                    goose-widgets-app folder in the system's temporary folder)
Other arguments go to Voila, e.g. --Voila.ip=0.0.0.0 --port=8866 --no-browser.
"""


def default_saves() -> Path:
    return Path(tempfile.gettempdir()) / "goose-widgets-app"


def voila_command(args: list[str]) -> tuple[list[str], dict[str, str]]:
    """The Voila command line and environment for ``goose-widgets app args``."""
    idle, saves, extra = IDLE_MINUTES, default_saves(), []
    for arg in args:
        name, equals, value = arg.partition("=")
        if name == "--idle-minutes" and equals:
            try:
                idle = float(value)
            except ValueError:
                raise SystemExit(f"--idle-minutes must be a number of minutes, not {value!r}") from None
            if not idle > 0:
                raise SystemExit(f"--idle-minutes must be more than 0, not {value!r}")
        elif name == "--saves" and equals:
            saves = Path(value)
        else:
            extra.append(arg)
    # the light theme unless the teacher chose one (Voila refuses two --theme options)
    theme = [] if any(arg.split("=", 1)[0] in ("--theme", "--VoilaConfiguration.theme") for arg in extra) \
        else ["--theme=light"]
    command = [sys.executable, "-m", "voila", str(app_path() / NOTEBOOK), *theme,
               f"--MappingKernelManager.cull_idle_timeout={round(idle * 60)}",
               f"--MappingKernelManager.cull_interval={min(CULL_INTERVAL, max(1, round(idle * 30)))}",
               *extra]
    return command, dict(os.environ, **{SAVES_VARIABLE: str(saves.resolve())})


def main(args: list[str]) -> int:
    if any(a in ("-h", "--help") for a in args):
        print(USAGE)
        return 0
    if importlib.util.find_spec("voila") is None:
        print('the classroom app needs Voila, which is not installed: pip install "goose-widgets[app]"',
              file=sys.stderr)
        return 1
    command, env = voila_command(args)
    return run_server(command, env=env)
