"""The boo_to_the_goose game: rules, bots, widget, examples, analysis and exercises."""
