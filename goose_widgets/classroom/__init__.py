"""The classroom app (`app`, served by Voilà with ``goose-widgets app``) and its "play with
classmates" panel (`classmates`), which joins a table of the table server (`goose_widgets.server`)."""
