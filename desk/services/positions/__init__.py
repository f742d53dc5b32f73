"""Where units stand: positions per unit, bound and activation, and the battle's hex grid.

One model for the whole desk (issue 18; the map board of issue 20 draws on it):
a ``position`` row per change of a unit's place, never overwritten; a unit's
position at a bound is its latest row at or before that bound, so a new bound
starts from the last positions. See :mod:`desk.store.tables.positions`.

- :mod:`.record`: record a position (the umpire, a move under a LIM), take it back, put it back;
- :mod:`.queries`: ``position_of``, ``positions_at``, ``history``, ``hex_map_of``;
- :mod:`.grid`: the scenario's hex grid stored, and the moves a bound's close records;
- :mod:`.situation`: what an order's hexes say, pure (the order form checks with it).

Import from the module that defines a name: this package imports none of them, so the
order form's pure :mod:`.situation` does not load the position tables with the window
(issue 28).
"""
