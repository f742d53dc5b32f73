"""The campaign's Movement & Command table (Battles of Waterloo), from its cached system.

Reading and checking the table's data file costs about 5 ms; the LIM cup's panel asked
for it at every refresh (the cup, its moves, the units still to move: 380 reads in one
soak evening, a tenth of its time). The rules system built for the campaign's house
rules is cached (desk.services.common.rules_from) and holds the table it checks with.
"""

from __future__ import annotations

from collections.abc import Mapping

from desk.rules.battles_of_waterloo import BattlesOfWaterloo
from desk.rules.battles_of_waterloo.data import SYSTEM_ID, MovementTable
from desk.services.common import rules_from
from desk.services.errors import LimError


def movement_table(house_rules: Mapping[str, object]) -> MovementTable:
    """The table with ``house_rules`` (a campaign's) applied, the very one its checks use."""
    system = rules_from(SYSTEM_ID, house_rules)
    if not isinstance(system, BattlesOfWaterloo):  # a registry that maps the id elsewhere
        raise LimError(f"{system.name} has no Movement & Command table")
    return system.table
