"""A command module whose dependency is not installed (for test_cli)."""

import a_package_that_is_not_installed_xyz  # noqa: F401


def main(argv: list[str]) -> int:
    return 0
