"""``python -m goose_widgets``: the same as the ``goose-widgets`` command."""

from goose_widgets.commands.cli import main

raise SystemExit(main())
