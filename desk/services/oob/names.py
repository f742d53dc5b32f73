"""Names in an order of battle: " / " paths, and telling apart units of the same name.

Real orders of battle reuse names under different commands ("Md Foot Bty" in
three Prussian brigades, an "Avantgarde" in each corps), so a unit's name need
only be unique within its command and a command's within its parent. Wherever a
unit or a command is named by text, its path from the top command down, joined
by " / " ("I Korps / 3. Brigade / Md Foot Bty"), or any end of that path long
enough to be unique, names it; an ambiguous bare name is refused with the
candidates. Wherever one is shown, a name shared with another of its side gets
its command in brackets ("Md Foot Bty (3. Brigade)"), or its whole command path
when the command's name is shared too.

A bare "/" belongs to names ("1/15. Brigade", "2/5e Ligne"): only a slash with
white space on both sides (or at an end) separates parts.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.services.errors import ImportRefused
from desk.store.tables.oob import Command, Side, Unit

if TYPE_CHECKING:
    from desk.services.oob.parse import CommandSpec, SideSpec, UnitSpec

PATH_SEPARATOR = " / "
# A slash that separates parts: white space (or an end of the text) on both sides.
_SEPARATOR = re.compile(r"(?:(?<=\s)|^)/(?=\s|$)")
T = TypeVar("T")


class NameLookupError(ValueError):
    """A name or path that names nothing, or more than one thing; the message says which.

    ``candidates`` holds the full paths of the things it may name (empty: none)."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


def has_separator(name: str) -> bool:
    """Whether a name holds a " / " separator (and so could not be told from a path)."""
    return bool(_SEPARATOR.search(name))


def path_parts(text: str) -> tuple[str, ...]:
    """The parts of a " / " path as written, stripped; an empty part stays ""."""
    return tuple(part.strip() for part in _SEPARATOR.split(text))


def split_path(text: str) -> tuple[str, ...]:
    """The parts of a " / " path; ValueError naming the path when a part is empty."""
    parts = path_parts(text)
    if any(not part for part in parts):
        raise NameLookupError(f"the path {text!r} has an empty part (parts are joined by ' / ')")
    return parts


def join_path(parts: Iterable[str]) -> str:
    """The parts joined by " / "."""
    return PATH_SEPARATOR.join(parts)


def resolve(text: str, candidates: Mapping[tuple[str, ...], T], *, what: str = "unit") -> T:
    """The candidate whose full path ends with ``text`` (a name or a " / " path).

    ``candidates`` maps each full path (top command first, the name last) to
    its item. Raises :class:`NameLookupError` when nothing or several match.
    """
    parts = split_path(text)
    if parts in candidates:  # a whole path names its own item, even if it ends another
        return candidates[parts]
    found = [(path, item) for path, item in candidates.items()
             if len(path) >= len(parts) and path[len(path) - len(parts):] == parts]
    if len(found) == 1:
        return found[0][1]
    if not found:
        raise NameLookupError(f"there is no {what} {text!r}")
    listed = "; ".join(join_path(path) for path, _ in found[:6])
    more = f" and {len(found) - 6} more" if len(found) > 6 else ""
    raise NameLookupError(f"{len(found)} {what}s are named {text!r} ({listed}{more}): "
                          "give its path, joined by ' / '",
                          tuple(join_path(path) for path, _ in found))


def command_paths(commands: Iterable[tuple[int, int | None, str]]) -> dict[int, tuple[str, ...]]:
    """Each command's path from its top command, from (id, parent id, name) rows."""
    rows = {cid: (parent, name) for cid, parent, name in commands}
    paths: dict[int, tuple[str, ...]] = {}

    def path_of(cid: int) -> tuple[str, ...]:
        if cid not in paths:
            parent, name = rows[cid]
            seen: tuple[str, ...] = ()
            if parent is not None and parent in rows and parent != cid:
                paths[cid] = (name,)  # a guard against a cycle while the parent is walked
                seen = path_of(parent)
            paths[cid] = (*seen, name)
        return paths[cid]

    for cid in rows:
        path_of(cid)
    return paths


def shortest_reference(path: tuple[str, ...], others: Sequence[tuple[str, ...]]) -> str:
    """The bare name when no other path ends with it, else the whole path (stable)."""
    name = path[-1]
    if sum(1 for other in others if other[-1] == name) <= 1:
        return name
    return join_path(path)


def shortest_suffixes(paths: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """For each path, its shortest end that no other of these paths shares."""
    found = []
    for path in paths:
        size = 1
        while size < len(path) and sum(
                1 for other in paths if other[-size:] == path[-size:]) > 1:
            size += 1
        found.append(path[-size:])
    return found


def labels(items: Iterable[tuple[int, int, str, tuple[str, ...]]]) -> dict[int, str]:
    """Display labels from (id, side id, name, command path) rows.

    A name no other of its side shares is its own label; shared ones get, in
    brackets, the shortest end of their command path that tells them apart
    ("Md Foot Bty (3. Brigade)", "Md Foot Bty (I Korps / 1. Brigade)").
    """
    rows = list(items)
    by_name: dict[tuple[int, str], list[tuple[int, tuple[str, ...]]]] = defaultdict(list)
    for item_id, side_id, name, path in rows:
        by_name[(side_id, name)].append((item_id, path))
    shown: dict[int, str] = {}
    for (_, name), group in by_name.items():
        if len(group) == 1:
            shown[group[0][0]] = name
            continue
        ends = shortest_suffixes([path for _, path in group])
        for (item_id, path), end in zip(group, ends, strict=True):
            shown[item_id] = f"{name} ({join_path(end)})" if path else name
    return shown


def unit_labels(session: Session, rows: Sequence[tuple[int, int, str, int]]) -> dict[int, str]:
    """Labels of units given as (id, side id, name, command id); ids whose label is their
    bare name may be missing. The commands are read only when a side repeats a name,
    so the order table of a campaign without repeats costs no query more."""
    counts = Counter((side_id, name) for _, side_id, name, _ in rows)
    if all(n == 1 for n in counts.values()):
        return {}
    side_ids = sorted({side_id for _, side_id, _, _ in rows})
    commands = session.execute(sql_select(col(Command.id), col(Command.parent_id),
                                          col(Command.name))
                               .where(col(Command.side_id).in_(side_ids))).all()
    paths = command_paths((cid, parent, name) for cid, parent, name in commands)
    return labels((uid, sid, name, paths.get(cid, ())) for uid, sid, name, cid in rows)


@dataclass(frozen=True)
class CampaignNames:
    """How a campaign's units and commands are shown and found by text."""

    units: dict[int, str]  # unit id → label ("Md Foot Bty (3. Brigade)" when shared)
    commands: dict[int, str]  # command id → its name, or its path when its side repeats it
    paths: dict[int, tuple[str, ...]]  # command id → path from the top command
    command_sides: dict[int, int]  # command id → side id

    def unit(self, unit_id: int, default: str = "") -> str:
        """A unit's label."""
        return self.units.get(unit_id, default)

    def command(self, command_id: int, default: str = "") -> str:
        """A command's label."""
        return self.commands.get(command_id, default)


def campaign_names(session: Session, campaign_id: int, *,
                   side_id: int | None = None) -> CampaignNames:
    """Labels of every unit and command of a campaign, and the commands' paths;
    ``side_id``: of that side's only (a label tells apart names within a side, so a side's
    labels are the same read alone)."""
    query = sql_select(col(Side.id)).where(col(Side.campaign_id) == campaign_id)
    if side_id is not None:
        query = query.where(col(Side.id) == side_id)
    side_ids = [sid for (sid,) in session.execute(query).all()]
    commands = session.execute(sql_select(col(Command.id), col(Command.parent_id),
                                          col(Command.name), col(Command.side_id))
                               .where(col(Command.side_id).in_(side_ids))).all()
    paths = command_paths((cid, parent, name) for cid, parent, name, _ in commands)
    units = session.execute(sql_select(col(Unit.id), col(Unit.side_id), col(Unit.name),
                                       col(Unit.command_id))
                            .where(col(Unit.side_id).in_(side_ids))).all()
    sides = {cid: sid for cid, _, _, sid in commands}
    # A command's label is the shortest end of its path its side has once: "1. Brigade",
    # or "Hauptarmee / 1. Division / 1. Brigade" where several divisions have one.
    by_side: dict[int, list[int]] = defaultdict(list)
    for cid, sid in sides.items():
        by_side[sid].append(cid)
    shown: dict[int, str] = {}
    for ids in by_side.values():
        ends = shortest_suffixes([paths[cid] for cid in ids])
        shown.update((cid, join_path(end)) for cid, end in zip(ids, ends, strict=True))
    return CampaignNames(
        units=labels((uid, sid, name, paths.get(cid, ())) for uid, sid, name, cid in units),
        commands=shown, paths=paths, command_sides=sides)


def _unique(names: list[tuple[str, str]], what: str, within: str) -> None:
    """Refuse the second of two (name, place) pairs with the same name."""
    seen: dict[str, str] = {}
    for name, place in names:
        if name in seen:
            raise ImportRefused(place=place, reason=f"{what} name {name!r} is already used "
                                f"{within} at {seen[name]}")
        seen[name] = place


def check_oob_names(sides: Sequence[SideSpec], *, one_command_name: bool) -> None:
    """A unit's name is unique within its command, a command's within its parent
    (campaign-wide in Battles of Waterloo, whose LIM chits are named after commands);
    soutien and mother unit are resolved by name or " / " path within the side."""
    def walk(commands: Sequence[CommandSpec], path: tuple[str, ...]) -> None:
        _unique([(c.name, c.place) for c in commands], "command", "under the same parent")
        for command in commands:
            here = (*path, command.name)
            _unique([(u.name, u.place) for u in command.units], "unit", "in the same command")
            for unit in command.units:
                unit.path = here
            walk(command.commands, here)

    for side in sides:
        walk(side.commands, ())
    if one_command_name:
        _unique([(c.name, c.place) for side in sides for c in _commands(side.commands)],
                "command", "in this Battles of Waterloo campaign (its LIMs are named after "
                "commands)")
    for side in sides:
        units = [u for c in _commands(side.commands) for u in c.units]
        candidates: dict[tuple[str, ...], UnitSpec] = {(*u.path, u.name): u for u in units}
        for unit in units:
            for key, ref in (("soutien", unit.soutien), ("mother_unit", unit.mother_unit)):
                if ref is None:
                    continue
                try:
                    target = resolve(ref, candidates, what=f"{side.name} unit")
                except NameLookupError as exc:
                    raise ImportRefused(place=unit.place, reason=f"its {key}: {exc}") from None
                if target is unit:
                    raise ImportRefused(place=unit.place, reason=f"its {key} {ref!r} is not "
                                        "another unit of its side")
                if key == "soutien":
                    unit.soutien_of = target
                else:
                    unit.mother_of = target



def _commands(commands: Sequence[CommandSpec]) -> list[CommandSpec]:
    """Every command under these, depth first in file order."""
    found: list[CommandSpec] = []
    for command in commands:
        found.append(command)
        found.extend(_commands(command.commands))
    return found
