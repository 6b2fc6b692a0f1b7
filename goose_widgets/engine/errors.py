"""The two errors of the engine contract (re-exported by `engine.core` and `goose_widgets.engine`)."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the state it was applied to is unchanged."""


class InvalidSaveError(ValueError):
    """A save file that is malformed, belongs to another game, or replays an illegal move."""
