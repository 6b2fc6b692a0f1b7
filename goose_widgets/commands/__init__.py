"""The ``goose-widgets`` console commands: `cli` dispatches, one module per command that is only a
command (``course``, ``app``); the teaching and server commands live beside what they run."""
