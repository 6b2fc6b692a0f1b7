"""The boo game: rules, bots, widget, examples, analysis and exercises."""
