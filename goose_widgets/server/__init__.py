"""The classroom table server: a class plays together, each learner at their own screen.

``goose-widgets serve`` starts it (`cli`); `app` is the Starlette app and its routes, `hub` the
connections and what each message does, `gate` who may come in and how often (limits per address
and per table, the Origin check), `rooms` the tables and their referee, `public` what a spectator
may see, `store` the SQLite file (`dbfile`: its checks and repair), `guard` the checks on every
message, and `remote` the notebook's side (`goose_widgets.join`).

Nothing is imported here: ``import goose_widgets`` never imports the server or its libraries
(Starlette, uvicorn, websockets: the ``server`` extra).
"""

DEFAULT_PORT = 8765  # where `goose-widgets serve` listens unless told otherwise (the app's default too)
