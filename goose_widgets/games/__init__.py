"""The four games.  Each package ``games/<name>/`` follows one layout:

- ``rules.py`` (or a package ``rules/`` of small modules that re-exports every name): ``Game``
  (frozen dataclass + `GameBase`, fields are the parameters, ``players`` first, ``name`` a
  ClassVar) and ``State`` (frozen dataclass + `StateBase`) implementing
  ``current_player``, ``_legal_actions``, ``_chance_outcomes``, ``_next`` (returns the next state, or
  its values as a changed copy of ``self.__dict__``, and the move-log lines), ``observation``,
  ``returns``, ``scores``; optionally, for playouts,
  ``_sample_chance(rng)`` (the outcome and draws the engine's own sampling would give, without the
  outcome list) and ``_legal_view()`` (the legal list read item by item, with ``served`` the last
  item read, or None), for bots with ``takes_any_sequence``.  Actions and outcomes are small
  frozen values whose ``str`` is unique at each node (saves and clicks use it).  Headless.
- ``bots.py``: the bots, objects with ``choose(observation, legal_actions, rng)`` (an ``expert.py``
  beside it where the game has an expert); ``registry.py``: ``BOTS = {"random": ..., ...}``, their
  factories by name (a module of its own, so that no bot module imports the list that names it).
  Headless; bots see observations only.
- ``widget.py``: ``render(observation, legal_actions, **options) -> str`` (pure SVG; clickable
  elements carry ``data-action="<str(action)>"``, view-state clicks ``data-action="ui:key=value"``,
  and are made with `ui.svg.control`, which gives them a role, ``tabindex`` and an ``aria-label`` in
  words; the root is made with ``svg_root(..., label=...)``, the game and whose turn it is),
  ``describe(observation, names) -> list[str]`` (the position in words, for the table's text mode),
  and optionally ``OPTIONS`` (checkbox name -> label), ``HIDDEN_INFORMATION``, ``seat_names(game)``,
  ``describe_turn(observation, names)`` (the status line, from the viewer's observation),
  ``buttons(observation, legal, **options)``,
  ``auto_action(observation, legal, **options)`` (a routine move the table makes for a human, or
  None), ``UNDO = False`` (no undo: where taking a move back would leave hidden cards seen),
  ``HEADLINE = True`` (the board heads itself with whose turn it is or who won: the table shows no
  status line of its own, which would repeat it), ``RESULT_ON_BOARD = True`` (the board says who
  won: the table's status line goes once the game is over), ``MOMENTARY_VIEW`` (view-state keys
  that look back at a moment, like BOO's ``replay``: a fresh view of the board, a page reloaded,
  drops them).
  An ``OPTIONS`` value is a label or ``(label, default)``.
- ``examples.py``: ``SCENARIOS = {name: Scenario}`` (the rulebook's examples, walkthroughs).
- ``analysis.py``: exact and simulated probability, from the engine.  Headless.
- ``exercises.py``: `Exercise` objects whose checkers call the engine.
"""
