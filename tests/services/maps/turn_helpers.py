"""Helpers for the whole-turn tests on an imported map: a real campaign file from a demo
scenario's data (without the demo's own map), an image made here, units by name,
orders through the orders service, and each side's view and its PDF's text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from sqlmodel import Session, col, select

from desk.rules.findings import Finding
from desk.services.campaign.scenarios import load_scenario
from desk.services.dto import OrderView
from desk.services.maps.images import png_bytes
from desk.services.maps.placing import place_unit
from desk.services.maps.view import map_view_model
from desk.services.maps.viewmodel import MapViewModel
from desk.services.oob.importer import create_campaign_file
from desk.services.orders.write import write_order
from desk.services.positions.record import position_version
from desk.sheets.map_sheet import MapSheet
from desk.store.tables.bounds import UnitState
from desk.store.tables.oob import Leader, Side, Unit


def new_campaign(tmp_path: Path, rules_system: str) -> Path:
    """A campaign file made from the demo scenario's data, with no map yet."""
    path = tmp_path / f"{rules_system}.desk"
    create_campaign_file(path=path, data=load_scenario(rules_system=rules_system))
    return path


def field_png(width: int, height: int) -> bytes:
    """A plain field of ``width`` × ``height`` pixels with a darker band every 100 pixels,
    so the image is not one colour (a real PNG, made by the desk's own writer)."""
    rows = []
    for y in range(height):
        shade = 90 if y % 100 < 4 else 150
        rows.append(bytes([60, shade, 60]) * width)
    return png_bytes(width, height, b"".join(rows))


@dataclass(frozen=True)
class Roster:
    """The campaign's units by name, with their side."""

    ids: dict[str, int]
    side_of: dict[str, str]
    side_ids: dict[str, int]
    leaders: dict[str, str]  # a leader's name → his side

    def names(self, side: str) -> set[str]:
        """Every unit name of ``side``."""
        return {n for n, s in self.side_of.items() if s == side}


def roster(session: Session) -> Roster:
    """The campaign's units, read once."""
    sides = {s.id or 0: s.name for s in session.exec(select(Side))}
    units = session.exec(select(Unit).order_by(col(Unit.id))).all()
    return Roster(ids={u.name: u.id or 0 for u in units},
                  side_of={u.name: sides[u.side_id] for u in units},
                  side_ids={name: sid for sid, name in sides.items()},
                  leaders={lead.name: sides[lead.side_id]
                           for lead in session.exec(select(Leader))})


def place(session: Session, battle_id: int, unit_id: int, x: float, y: float) -> str:
    """Put the unit at pixel (x, y) as a drag on the board does; the hex it lands in."""
    view, _version = place_unit(session=session, battle_id=battle_id, unit_id=unit_id, x=x,
                                y=y, seen_version=position_version(
                                    session=session, battle_id=battle_id, unit_id=unit_id))
    return view.hex


def place_leaders(session: Session, battle_id: int, zones: dict[str, list[float]]) -> int:
    """Every leader beside his command's units, as the demo deploys them; how many."""
    from desk.services.maps.leaders import deploy_leaders

    return deploy_leaders(session=session, battle_id=battle_id, zones=zones)


def set_state(session: Session, unit_id: int, **values: str) -> None:
    """Correct the unit's state row of the open bound (formation, disorder), as the umpire."""
    row = session.exec(select(UnitState).where(UnitState.unit_id == unit_id)
                       .order_by(col(UnitState.id).desc())).first()
    assert row is not None
    for key, value in values.items():
        setattr(row, key, value)
    session.add(row)


def order(session: Session, battle_id: int, unit_id: int, fields: Mapping[str, object],
          **kwargs: Any) -> OrderView:
    """Write the unit's first order of the bound through the orders service; its view."""
    return write_order(session=session, battle_id=battle_id, unit_id=unit_id, fields=fields,
                       seen_version=None, **kwargs)


def said(findings: Iterable[Finding]) -> list[str]:
    """Findings as "clause message" lines."""
    return [f"{f.clause} {f.message}" for f in findings]


def pdf_text(model: MapViewModel) -> str:
    """The side's view rendered to PDF, read back with pypdf, whitespace folded."""
    pdf = MapSheet().render(model)
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    return " ".join(text.split())


def check_side_view(session: Session, units: Roster, *, side: str, enemy: str,
                    seen: set[str], bound: int) -> MapViewModel:
    """Side ``side``'s view at ``bound``: every own unit and leader, of ``enemy``'s only the
    units ``seen``, in the view model and in the PDF's text (0 names of the unseen)."""
    model = map_view_model(session=session, side=side, bound=bound)
    names = {m.name for m in model.markers}
    unseen = units.names(enemy) - seen
    assert units.names(side) <= names, units.names(side) - names
    assert not unseen & names, unseen & names
    assert {m.name for m in model.markers if m.side == enemy and not m.leader} == seen
    own_leaders = {n for n, s in units.leaders.items() if s == side}
    enemy_leaders = {n for n, s in units.leaders.items() if s == enemy}
    assert own_leaders <= {m.name for m in model.markers if m.leader}  # every leader placed
    assert not enemy_leaders & names  # no enemy leader was marked seen
    unseen |= enemy_leaders
    text = pdf_text(model)
    assert not [n for n in unseen if " ".join(n.split()) in text]
    assert all(" ".join(n.split()) in text for n in seen), (seen, text[:400])
    return model
