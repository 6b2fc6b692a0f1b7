"""The game_of_the_goose game: rules, bots, widget, examples, analysis and exercises."""
