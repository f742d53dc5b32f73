"""Units in and out as CSV: side, command path, name, arm, type, strength, formation.

The command path names the command from the top down, joined by " / "
("VI Corps / 19e Division / 1re Brigade"); missing sides and commands are made,
each at the level its name says (army, corps, division, brigade, in English,
French or German) when that is below its parent's, else one below its parent;
at the top, a corps.
Import is atomic: every row is checked before anything is written, and one bad
row refuses the whole file with its line number and reason. A path with an empty
part, as other tools write a command with no name (" / 2nd Div": a corps without
a name), is read without that part (2nd Div directly under its side), and the
report warns naming the lines; a path of empty parts only names no command and
is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import (
    add_journal,
    campaign_units,
    get_battle,
    get_campaign,
    open_bound,
    rules_of,
    split_state,
)
from desk.services.dto import ImportReport
from desk.services.errors import ImportRefused
from desk.services.oob.csv_cells import escape_cell, read_rows, whole_number, write_rows
from desk.services.oob.importer import vet_unit
from desk.services.oob.names import (
    campaign_names,
    has_separator,
    join_path,
    path_parts,
)
from desk.services.oob.parse import LEVELS, UnitSpec
from desk.services.queries import unit_states
from desk.store.tables.bounds import UnitState
from desk.store.tables.oob import Command, Side, Unit

COLUMNS = ("side", "command", "name", "arm", "type", "strength", "formation")
PATH_SEPARATOR = " / "
# Words in a command's name that give its level ("Armée du Nord", "II. Armeekorps"),
# the smallest first: an "Armeekorps" is a corps, a division "de l'Armée" a division.
_LEVEL_WORDS = (("brigade", ("brigade",)), ("division", ("division",)),
                ("corps", ("corps", "korps")), ("army", ("army", "armée", "armee")))


def command_level(name: str, parent: str | None) -> str:
    """The level of a command made by an import: from its name when that is below its
    parent ("Gardes du Corps" under a division is no corps), else one below the parent."""
    below = LEVELS.index(parent) + 1 if parent in LEVELS else 0
    words = name.casefold().replace(".", " ").split()
    for level, stems in _LEVEL_WORDS:
        if LEVELS.index(level) >= below and any(
                word.startswith(stem) or word.endswith(stem) for word in words
                for stem in stems):
            return level
    if parent is None:
        return "corps"
    return LEVELS[min(below, len(LEVELS) - 1)]


def _path_parts(text: str, *, place: str) -> tuple[tuple[str, ...], bool]:
    """The named parts of a command path, and whether some part was empty."""
    parts = path_parts(text)
    named = tuple(part for part in parts if part)
    if not named:
        raise ImportRefused(place=place, reason=f"the command path {text!r} names no command "
                            "(its parts, joined by ' / ', are all empty)")
    return named, len(named) < len(parts)


def _empty_part_warnings(found: dict[tuple[str, str, tuple[str, ...]], list[int]],
                         ) -> tuple[str, ...]:
    """One warning per path read without its empty parts, naming its lines."""
    warnings = []
    for (side, text, parts), lines in found.items():
        where = (_("line {line}").format(line=lines[0]) if len(lines) == 1 else
                 _("lines {lines}").format(lines=", ".join(map(str, lines))))
        warnings.append(_("{where}: the command path {path!r} has an empty part (a command "
                          "with no name): imported as {imported} under the {side}").format(
                              where=where, path=text, imported=join_path(parts), side=side))
    return tuple(warnings)


def _rows(text: str) -> list[tuple[int, dict[str, str]]]:
    return read_rows(text, COLUMNS)  # cells unescaped, csv.Error refused with its line


def import_units_csv(*, session: Session, battle_id: int, text: str) -> ImportReport:
    """Add the file's units to the campaign, with their state in the open bound."""
    battle = get_battle(session, battle_id)
    campaign = get_campaign(session, battle.campaign_id)
    system = rules_of(campaign)
    bound = open_bound(session, battle)
    # A unit's name need only be unique within its command: (side, command path, name).
    command_paths = campaign_names(session, campaign.id or 0).paths
    taken = {(side, command_paths.get(u.command_id, ()), u.name)
             for u, side, _command in campaign_units(session, campaign.id or 0)}
    # Where a command's LIM bears its name (Battles of Waterloo): one name, one command.
    owners = (_command_owners(session, campaign.id or 0, command_paths)
              if rules_of(campaign).commands_named_once else None)
    checked: list[tuple[dict[str, str], tuple[str, ...], UnitSpec, dict[str, object]]] = []
    emptied: dict[tuple[str, str, tuple[str, ...]], list[int]] = {}
    for line, row in _rows(text):
        place = f"line {line}"
        for key in ("side", "command", "name", "arm", "type"):
            if not row.get(key):
                raise ImportRefused(place=place, reason=f"'{key}' is empty")
        path, had_empty = _path_parts(row["command"], place=place)
        if had_empty:
            emptied.setdefault((row["side"], row["command"], path), []).append(line)
        if owners is not None:
            _claim_command_names(owners, side=row["side"], path=path, place=place)
        if has_separator(row["name"]):
            raise ImportRefused(place=place, reason=f"the name {row['name']!r} holds ' / ', "
                                "which joins the parts of a path")
        if (row["side"], path, row["name"]) in taken:
            raise ImportRefused(place=place, reason=f"there is already a unit {row['name']!r} "
                                f"in {join_path(path)}")
        strength = whole_number(row.get("strength", ""), place=place, field="strength")
        spec = UnitSpec(place=place, name=row["name"], arm=row["arm"], unit_type=row["type"],
                        strength=strength, strength_unit="figures", formation=row["formation"]
                        or None, disorder=None, imperial_guard=False, soutien=None,
                        mother_unit=None, attrs={})
        state = vet_unit(system, spec, side=row["side"], command=path[-1])
        checked.append((row, path, spec, state))
        taken.add((row["side"], path, row["name"]))

    sides = {s.name: s for s in session.exec(select(Side).where(
        Side.campaign_id == campaign.id))}
    commands = list(session.exec(select(Command).where(col(Command.side_id).in_(
        [s.id for s in sides.values()]))))
    by_path: dict[tuple[int, str], Command] = {_path(c, commands): c for c in commands}
    made_sides = made_commands = 0
    for row, parts, spec, state in checked:
        side = sides.get(row["side"])
        if side is None:
            side = sides[row["side"]] = Side(campaign_id=campaign.id or 0, name=row["side"])
            session.add(side)
            session.flush()
            made_sides += 1
        parent: Command | None = None
        for depth in range(1, len(parts) + 1):
            at = (side.id or 0, PATH_SEPARATOR.join(parts[:depth]))
            if at not in by_path:
                name = parts[depth - 1]
                by_path[at] = Command(side_id=side.id or 0, name=name,
                                       parent_id=parent.id if parent else None,
                                       level=command_level(name, parent.level if parent
                                                           else None))
                session.add(by_path[at])
                session.flush()
                made_commands += 1
            parent = by_path[at]
        assert parent is not None  # a path has at least one part
        unit = Unit(side_id=side.id or 0, command_id=parent.id or 0, name=spec.name,
                    arm=spec.arm, unit_type=spec.unit_type, strength=spec.strength)
        session.add(unit)
        session.flush()
        formation, disorder, strength, data = split_state(state)
        session.add(UnitState(bound_id=bound.id or 0, unit_id=unit.id or 0, formation=formation,
                              disorder=disorder, strength=strength, data=data))
    add_journal(session, battle_id=battle_id, bound_id=bound.id, kind="import",
                message=f"{len(checked)} units imported from CSV.")
    session.flush()
    return ImportReport(sides=made_sides, commands=made_commands, units=len(checked),
                        warnings=_empty_part_warnings(emptied))


def _command_owners(session: Session, campaign_id: int,
                    paths: dict[int, tuple[str, ...]]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each command name of the campaign → (its side, its path)."""
    rows = session.exec(select(Command.id, Side.name).join(Side, col(Side.id) == Command.side_id)
                        .where(Side.campaign_id == campaign_id)).all()
    return {paths[cid][-1]: (side, paths[cid]) for cid, side in rows if cid in paths}


def _claim_command_names(owners: dict[str, tuple[str, tuple[str, ...]]], *, side: str,
                         path: tuple[str, ...], place: str) -> None:
    for depth in range(1, len(path) + 1):
        prefix = path[:depth]
        owner = owners.setdefault(prefix[-1], (side, prefix))
        if owner != (side, prefix):
            raise ImportRefused(place=place, reason=f"the {owner[0]} already have a command "
                                f"{prefix[-1]!r} ({join_path(owner[1])}): Battles of Waterloo "
                                "names each LIM after its command, so command names may not "
                                "repeat")


def _path(command: Command, commands: Sequence[Command]) -> tuple[int, str]:
    """(side id, "top / … / command") of a command."""
    by_id = {c.id: c for c in commands}
    names = [command.name]
    current = command
    while current.parent_id is not None and current.parent_id in by_id:
        current = by_id[current.parent_id]
        names.append(current.name)
    return command.side_id, PATH_SEPARATOR.join(reversed(names))


def export_units_csv(*, session: Session, battle_id: int) -> str:
    """Every unit as a CSV row, formation as in the battle's current bound."""
    battle = get_battle(session, battle_id)
    states = unit_states(session=session, battle_id=battle_id)
    sides = {s.id: s.name for s in session.exec(select(Side).where(
        Side.campaign_id == battle.campaign_id))}
    commands = list(session.exec(select(Command).where(col(Command.side_id).in_(list(sides)))))
    paths = {c.id: _path(c, commands)[1] for c in commands}
    rows: list[list[object]] = [list(COLUMNS)]
    for unit, side, _command in campaign_units(session, battle.campaign_id):
        state = states.get(unit.id or 0)
        text = [side, paths.get(unit.command_id, ""), unit.name, unit.arm, unit.unit_type]
        rows.append([*map(escape_cell, text), unit.strength,  # no formula in a spreadsheet
                     escape_cell(state.formation if state else "")])
    return write_rows(rows)
