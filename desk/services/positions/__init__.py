"""Where units stand: positions per unit, bound and activation, and the battle's hex grid.

One model for the whole desk (issue 18; the map board of issue 20 draws on it):
a ``position`` row per change of a unit's place, never overwritten; a unit's
position at a bound is its latest row at or before that bound, so a new bound
starts from the last positions. See :mod:`desk.store.tables.positions`.

- :mod:`.record`: record a position (the umpire, a move under a LIM), take it back, put it back;
- :mod:`.queries`: ``position_of``, ``positions_at``, ``history``, ``hex_map_of``;
- :mod:`.grid`: the scenario's hex grid stored, and the moves a bound's close records.
"""

from desk.services.positions.queries import hex_map_of, history, position_of, positions_at
from desk.services.positions.record import (
    position_version,
    record_position,
    remove_position,
    restore_position,
)
from desk.services.positions.views import PositionView

__all__ = ["PositionView", "hex_map_of", "history", "position_of", "position_version",
           "positions_at", "record_position", "remove_position", "restore_position"]
