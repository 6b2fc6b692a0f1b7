"""The Game of the Goose's exact chances, a room of its own.

A learner meets them through `..analysis` (``exact_win_probabilities``, ``exact_table``,
``length_curve``); this folder is how they are computed and proved:

- `turn_pieces`: one turn of one player, learned from the engine's own chance outcomes;
- `compact_chain`: the whole table's Markov chain over compact position codes, built from those pieces;
- `chain_proof`: checks that the compact chain steps exactly as the engine does;
- `lifting`: exact `Fraction` answers (floating-point solve, then lifted and verified);
- `bounded_chances`: floats with a proven error bound, where exact fractions are too large;
- `seat_chances`: each seat's chances for a table of 1 to 4 players, from the above;
- `results` and ``results.json``: the stored table, with the call that regenerates it.
"""
