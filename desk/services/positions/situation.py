"""What an order's hexes say about the unit's surroundings: pure, for the form and the services.

The order form checks as the umpire types, without the database; the write
checks again in its transaction. Both call :func:`hex_situation` with the
battle's :class:`~desk.rules.hexgrid.HexMap` and the unit's recorded hex, so
they can never disagree. It turns the order's hex fields into the rules'
situation keys:

- ``from_hex`` (else the recorded hex) → ``hex``, ``terrain``, ``road``;
- ``to_hex`` → ``destination_hex``, ``destination_terrain``, ``destination_road``;
- ``path_hexes`` (else the shortest way between the two) → ``hexes``;
- when both hexes have a road and no count is typed, the way along the road
  (:meth:`~desk.rules.hexgrid.HexMap.road_route`) → ``road_route`` (empty when no
  road joins them), ``road_hexes`` (the road hexes entered, LB-9) and its working
  under ``measured`` (``"4 road hexes 2314 → 2318 along the road (scenario's hex
  data)"``). A typed count wins and nothing is measured.

Without a hex the unit stands in, no terrain is given, and the rules ask for
it rather than guess. A hex number the map does not have is refused in one
sentence that names its field.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from desk.i18n import ngettext
from desk.rules.base import Finding, Severity, SituationRecord
from desk.rules.coerce import as_mapping
from desk.rules.hexgrid import FROM_HEX, PATH_HEXES, TO_HEX, Hex, HexError, HexMap

# Final: each is a key of the SituationRecord, so mypy checks what is written under it.
ROAD_HEXES: Final = "road_hexes"  # the situation key (and its "measured" working's key)
ROAD_ROUTE: Final = "road_route"
MEASURED: Final = "measured"
# The distances measured from the positions on a calibrated map (desk.services.maps.distances;
# the SituationRecord's and its PassSituation's keys), here where the order form reads them.
NEAREST_KEY: Final = "nearest_closed_opponent_cm"
SOUTIEN_KEY: Final = "soutien_distance_cm"

# The form's labels of the hex fields, for the refusals (the rules' FieldSpecs say the same).
LABELS = {FROM_HEX: "Hex now", TO_HEX: "Destination hex", PATH_HEXES: "Hexes on the way"}


@dataclass(frozen=True)
class HexSituation:
    """The situation keys the order's hexes give, and what was refused (one sentence each)."""

    situation: SituationRecord = field(default_factory=lambda: SituationRecord())
    refusals: tuple[str, ...] = ()


def _text(fields: Mapping[str, object], key: str) -> str:
    value = fields.get(key)
    return str(value).strip() if isinstance(value, str | int) and not isinstance(
        value, bool) else ""


def _path(fields: Mapping[str, object]) -> tuple[int | None, str | None]:
    value = fields.get(PATH_HEXES)
    if value is None or value == "":
        return None, None
    try:
        count = float(str(value).replace(",", "."))
    except ValueError:
        count = -1.0
    # "nan" and "inf" are floats too, and what a player can write: refused, not converted.
    if not math.isfinite(count) or count < 0 or count > 999 or count != int(count):
        return None, (f"{LABELS[PATH_HEXES]}: {value!r} is not a whole number of hexes "
                      "(0 to 999).")
    return int(count), None


def hex_situation(hexmap: HexMap | None, *, recorded: str,
                  fields: Mapping[str, object]) -> HexSituation:
    """The situation the order's hexes give on ``hexmap`` (see the module text)."""
    given = _text(fields, FROM_HEX)
    to_text = _text(fields, TO_HEX)
    count, path_refusal = _path(fields)
    refusals: list[str] = [path_refusal] if path_refusal else []
    situation: SituationRecord = {}
    if count is not None:
        situation["hexes"] = count
    if hexmap is None:
        return HexSituation(situation, tuple(refusals))
    grid = hexmap.grid
    here: Hex | None = None
    there: Hex | None = None
    for key, text in ((FROM_HEX, given or recorded), (TO_HEX, to_text)):
        if not text:
            continue
        try:
            found = grid.parse(text, what=LABELS[key])
        except HexError as exc:
            if key == TO_HEX or given:  # a recorded hex off a changed grid: ask again
                refusals.append(str(exc))
            continue
        number = grid.format(found)
        if key == FROM_HEX:
            here = found
            situation.update({"hex": number, "terrain": hexmap.terrain_of(number),
                              "road": hexmap.has_road(number)})
        else:
            there = found
            situation.update({"destination_hex": number,
                              "destination_terrain": hexmap.terrain_of(number),
                              "destination_road": hexmap.has_road(number)})
    if count is None and here is not None and there is not None:
        situation["hexes"] = grid.distance(here, there)
        situation.update(road_situation(hexmap, grid.format(here), grid.format(there)))
    return HexSituation(situation, tuple(refusals))


def road_situation(hexmap: HexMap, start: str, end: str) -> SituationRecord:
    """The way along the road from ``start`` to ``end`` as situation keys (see the module
    text); nothing when either hex has no road or they are the same hex."""
    if start == end or not (hexmap.has_road(start) and hexmap.has_road(end)):
        return {}
    route = hexmap.road_route(start, end)
    if route is None:
        return {ROAD_ROUTE: []}
    entered = len(route) - 1
    working = ngettext("{n} road hex {start} → {end} along the road (scenario's hex data)",
                       "{n} road hexes {start} → {end} along the road (scenario's hex data)",
                       entered).format(n=entered, start=start, end=end)
    return {ROAD_ROUTE: list(route), ROAD_HEXES: entered, MEASURED: {ROAD_HEXES: working}}


def merged(first: SituationRecord, then: SituationRecord) -> SituationRecord:
    """``first`` updated by ``then``, their measured workings kept side by side (``then``'s
    win for the same key); a road count in ``then`` drops the measured road working."""
    result: SituationRecord = {**first, **then}
    working = {**workings(first), **workings(then)}
    if ROAD_HEXES in then and ROAD_HEXES not in as_mapping(then.get(MEASURED)):
        working.pop(ROAD_HEXES, None)  # the umpire's own count: not measured
    if working:
        result[MEASURED] = working
    else:
        result.pop(MEASURED, None)
    return result


HEX_REFUSED = "DESK_HEX_REFUSED"  # a hex number the battle's map does not have


def hex_findings(found: HexSituation) -> tuple[Finding, ...]:
    """The refusals as the live form shows them: saving is refused until they are corrected
    (a warning, as no reason overrules a hex the map does not have)."""
    return tuple(Finding(HEX_REFUSED, Severity.WARNING, "",
                         f"{message[:-1]}: correct it, or the order cannot be saved.")
                 for message in found.refusals)


def keep_road_working(situation: SituationRecord, hexes: SituationRecord, *,
                      typed: Mapping[str, object]) -> SituationRecord:
    """``situation`` with the road working measured from the hexes (``hexes``), unless the
    caller's ``typed`` situation gives a road count of its own (then nothing says measured;
    the window passes the form's situation back, with the measured count in it)."""
    working = workings(hexes).get(ROAD_HEXES)
    if working and typed.get(ROAD_HEXES, hexes.get(ROAD_HEXES)) == hexes.get(ROAD_HEXES):
        situation[MEASURED] = {**workings(situation), ROAD_HEXES: working}
    return situation


def workings(situation: Mapping[str, object]) -> dict[str, str]:
    """The working of each measured value of ``situation``, by its key (as text: a typed
    situation may hold anything there)."""
    return {str(k): str(v) for k, v in as_mapping(situation.get(MEASURED)).items()}
