"""The sneaky_goose game: rules, bots, widget, examples, analysis and exercises."""
