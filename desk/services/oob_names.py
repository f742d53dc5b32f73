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
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.store.models import Command, Side, Unit

PATH_SEPARATOR = " / "
# A slash that separates parts: white space (or an end of the text) on both sides.
_SEPARATOR = re.compile(r"(?:(?<=\s)|^)/(?=\s|$)")
T = TypeVar("T")


class NameLookupError(ValueError):
    """A name or path that names nothing, or more than one thing; the message says which."""


def has_separator(name: str) -> bool:
    """Whether a name holds a " / " separator (and so could not be told from a path)."""
    return bool(_SEPARATOR.search(name))


def split_path(text: str) -> tuple[str, ...]:
    """The parts of a " / " path; ValueError naming the path when a part is empty."""
    parts = tuple(part.strip() for part in _SEPARATOR.split(text))
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
    found = [(path, item) for path, item in candidates.items()
             if len(path) >= len(parts) and path[len(path) - len(parts):] == parts]
    if len(found) == 1:
        return found[0][1]
    if not found:
        raise NameLookupError(f"there is no {what} {text!r}")
    listed = "; ".join(join_path(path) for path, _ in found[:6])
    more = f" and {len(found) - 6} more" if len(found) > 6 else ""
    raise NameLookupError(f"{len(found)} {what}s are named {text!r} ({listed}{more}): "
                     "give its path, joined by ' / '")


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


def labels(items: Iterable[tuple[int, int, str, tuple[str, ...]]]) -> dict[int, str]:
    """Display labels from (id, side id, name, command path) rows.

    A name no other of its side shares is its own label; shared ones get their
    command's name in brackets, or the whole command path when that is shared too.
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
        lasts = [path[-1] if path else "" for _, path in group]
        for item_id, path in group:
            last = path[-1] if path else ""
            where = last if lasts.count(last) == 1 else join_path(path)
            shown[item_id] = f"{name} ({where})" if where else name
    return shown


def campaign_names(session: Session, campaign_id: int
                   ) -> tuple[dict[int, str], dict[int, tuple[str, ...]]]:
    """Display labels of every unit of a campaign, and every command's path (two queries)."""
    side_ids = [sid for (sid,) in session.execute(
        sql_select(col(Side.id)).where(col(Side.campaign_id) == campaign_id)).all()]
    commands = session.execute(sql_select(col(Command.id), col(Command.parent_id),
                                          col(Command.name))
                               .where(col(Command.side_id).in_(side_ids))).all()
    paths = command_paths((cid, parent, name) for cid, parent, name in commands)
    units = session.execute(sql_select(col(Unit.id), col(Unit.side_id), col(Unit.name),
                                       col(Unit.command_id))
                            .where(col(Unit.side_id).in_(side_ids))).all()
    return labels((uid, sid, name, paths.get(cid, ())) for uid, sid, name, cid in units), paths
