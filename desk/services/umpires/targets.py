"""What an umpire may claim in a battle, from the names typed to the ``claim`` table's keys.

A claim's target is kept as a key: ``side:<id>``, ``command:<id>`` or ``lim`` (the
battle's LIM cup), so renaming nothing and reading fast. An umpire names a side ("French",
case and accents forgiven), a command ("VI Corps", or its path "Hohenlohe Korps / 1.
Division" where the name repeats; ``side`` narrows the search to one side), or the cup.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from desk.i18n import _
from desk.services.common import current_battle, get_battle
from desk.services.errors import NotFound, ServiceError
from desk.services.names import loose, loosely_named
from desk.services.oob.names import NameLookupError, campaign_names, resolve
from desk.store.tables.oob import Command, Side

LIM = "lim"  # the key of the battle's LIM cup


@dataclass(frozen=True)
class Target:
    """A claimable thing: its key in the ``claim`` table and the name umpires read."""

    key: str
    label: str


def side_key(side_id: int) -> str:
    """The key of a side."""
    return f"side:{side_id}"


def command_key(command_id: int) -> str:
    """The key of a command."""
    return f"command:{command_id}"


def _side(session: Session, campaign_id: int, name: str) -> Side:
    sides = list(session.exec(select(Side).where(Side.campaign_id == campaign_id)
                              .order_by(col(Side.id))))
    found = loosely_named(name, [s.name for s in sides])
    if len(found) != 1:
        raise NotFound(_("there is no side {side!r} (the sides are {sides})").format(
            side=name, sides=", ".join(s.name for s in sides)))
    return next(s for s in sides if s.name == found[0])


def target_named(session: Session, *, battle_id: int, side: str | None = None,
                 command: str | None = None, lim: bool = False) -> Target:
    """The target an umpire named: exactly one of a side, a command (``side`` then only
    narrows the search) or the LIM cup; NotFound naming what the campaign has."""
    if lim and (side or command):
        raise ServiceError(_("claim the LIM cup, a side or a command: one of them"))
    if lim:
        return Target(key=LIM, label=_("the LIM cup"))
    if not side and not command:
        raise ServiceError(_("say what to claim: a side, a command or the LIM cup"))
    battle = get_battle(session, battle_id)
    side_row = _side(session, battle.campaign_id, side) if side else None
    if not command:
        assert side_row is not None
        return Target(key=side_key(side_row.id or 0), label=side_row.name)
    command_id = command_named(session=session, name=command, campaign_id=battle.campaign_id,
                               side_id=side_row.id if side_row else None)
    names = campaign_names(session, battle.campaign_id)
    return Target(key=command_key(command_id), label=names.command(command_id, command))


def command_named(*, session: Session, name: str, campaign_id: int | None = None,
                  side_id: int | None = None) -> int:
    """The id of the command ``name`` names, in the campaign (the current battle's when
    None), on one side when ``side_id`` is given: its name, or a " / " path where the name
    repeats, which may begin with its side (the same "1. Brigade" on both sides is told by
    its side); case and accents forgiven as typed in a hurry ("vi corps"). NotFound lists
    the commands a repeated name could be, or the campaign's commands."""
    if campaign_id is None:
        campaign, _battle = current_battle(session)
        campaign_id = campaign.id or 0
    names = campaign_names(session, campaign_id, side_id=side_id)
    sides = dict(session.exec(select(Side.id, Side.name).where(
        Side.campaign_id == campaign_id)).all())
    paths = {(sides.get(names.command_sides[cid], ""), *path): cid
             for cid, path in names.paths.items()}
    try:
        return resolve(name, paths, what="command")
    except NameLookupError as exc:
        if exc.candidates:  # several commands of that name: the sentence lists their paths
            raise NotFound(str(exc)) from None
    try:
        return resolve(loose(name), {tuple(loose(p) for p in path): cid
                                     for path, cid in paths.items()}, what="command")
    except NameLookupError:
        listed = ", ".join(sorted(set(names.commands.values())))
        raise NotFound(_("this campaign has no command named {name} (it has: {listed})").format(
            name=repr(name), listed=listed)) from None


def label_of(session: Session, key: str) -> str:
    """The name umpires read for a stored key ("VI Corps"; the key itself when its side or
    command is gone)."""
    kind, _sep, number = key.partition(":")
    if key == LIM:
        return _("the LIM cup")
    if not number.isdigit():
        return key
    model = Side if kind == "side" else Command
    name = session.execute(sql_select(col(model.name)).where(col(model.id) == int(number))
                           ).scalar_one_or_none()
    return str(name) if name is not None else key
