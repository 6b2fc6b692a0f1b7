"""The build step that puts the course inside the wheel (the metadata is in pyproject.toml).

A learner who runs ``pip install "goose-widgets[course]"`` gets no repository, so the wheel carries
the course notebooks, the rules pages and the classroom app's notebook under
``goose_widgets/_data/`` (`goose_widgets.resources` finds them there).  They are copied from the
checkout's ``course/``, ``docs/`` and ``app/`` folders while the wheel is built, so the repository
keeps one copy of each file.  An editable install (``pip install -e .``) copies nothing: there the
package finds the checkout's folders beside it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# folder -> the files of it that an installed course needs
DATA = {"course": "*.ipynb", "docs": "*.md", "app": "*.ipynb"}


class BuildPyWithCourse(build_py):
    """``build_py`` that also copies the course's folders into ``goose_widgets/_data``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "goose_widgets" / "_data"
        shutil.rmtree(target, ignore_errors=True)  # a notebook renamed since the last build must go
        for folder, pattern in DATA.items():
            files = sorted((ROOT / folder).glob(pattern))
            if not files:
                raise RuntimeError(f"nothing matches {folder}/{pattern}: build from a checkout or an sdist")
            (target / folder).mkdir(parents=True, exist_ok=True)
            for source in files:
                shutil.copyfile(source, target / folder / source.name)


setup(cmdclass={"build_py": BuildPyWithCourse})
