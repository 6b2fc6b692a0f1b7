"""``python -m goose_widgets``: the same as the ``goose-widgets`` command."""

from goose_widgets.cli import main

raise SystemExit(main())
