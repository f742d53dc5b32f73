"""The refusal every write of recorded play asks for: claimed by another umpire.

A unit is covered by a claim on its command, on any command above it (a claim on a
corps covers its divisions' units) or on its side; the LIM cup by the claim ``lim``.
The writing umpire is the session's (:func:`desk.store.who.identity_of`); the chief is
refused like anyone else until he takes the claim over (:func:`.claims.take_over`).

Cheap by design, since it runs before every order, event and LIM step: one query on the
battle's claims by others (an index on ``battle_id``), and nothing more when there are
none, which is every battle whose umpires claim nothing. Only then are the unit's
command and its parents read, through the session's identity map.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from desk.i18n import _
from desk.services.errors import ClaimedError
from desk.services.umpires.targets import LIM, command_key, label_of, side_key
from desk.services.umpires.views import ClaimView
from desk.store.tables.oob import Command, Unit
from desk.store.tables.umpires import Claim
from desk.store.who import umpire_of


def others_claims(session: Session, battle_id: int) -> dict[str, tuple[str, datetime]]:
    """The battle's claims held by umpires other than the session's: key → (who, since)."""
    rows = session.execute(sql_select(col(Claim.target), col(Claim.umpire), col(Claim.since))
                           .where(col(Claim.battle_id) == battle_id,
                                  col(Claim.umpire) != umpire_of(session))).all()
    return {str(target): (str(who), since) for target, who, since in rows}


def unit_keys(session: Session, unit_id: int) -> list[str]:
    """The keys whose claim covers a unit, nearest first: its command, the commands above
    it, its side ([] for a unit that does not exist: its write fails on its own)."""
    unit = session.get(Unit, unit_id)
    if unit is None:
        return []
    keys: list[str] = []
    seen: set[int] = set()
    command_id: int | None = unit.command_id
    while command_id is not None and command_id not in seen:  # a cycle cannot loop forever
        seen.add(command_id)
        keys.append(command_key(command_id))
        command = session.get(Command, command_id)
        command_id = command.parent_id if command is not None else None
    keys.append(side_key(unit.side_id))
    return keys


def _view(session: Session, battle_id: int, key: str,
          held: tuple[str, datetime]) -> ClaimView:
    return ClaimView(battle_id=battle_id, target=key, label=label_of(session, key),
                     umpire=held[0], since=held[1])


def claim_on_unit(session: Session, *, battle_id: int, unit_id: int) -> ClaimView | None:
    """Another umpire's claim covering ``unit_id`` (the nearest), or None."""
    others = others_claims(session, battle_id)
    if not others:
        return None
    for key in unit_keys(session, unit_id):
        if key in others:
            return _view(session, battle_id, key, others[key])
    return None


def claims_on_units(session: Session, *, battle_id: int,
                    unit_ids: Iterable[int]) -> dict[int, ClaimView]:
    """:func:`claim_on_unit` for many units with one query on the claims."""
    others = others_claims(session, battle_id)
    if not others:
        return {}
    found: dict[int, ClaimView] = {}
    for unit_id in unit_ids:
        key = next((k for k in unit_keys(session, unit_id) if k in others), None)
        if key is not None:
            found[unit_id] = _view(session, battle_id, key, others[key])
    return found


def refusal(held: ClaimView, *, what: str = "") -> str:
    """The one sentence of a refused write: what (a unit; "" when the claim names it), whose
    claim since when, nothing changed."""
    sentence = _("{claim}; nothing was changed (the chief umpire may take the claim "
                 "over)").format(claim=held.sentence)
    return f"{what}: {sentence}" if what else sentence


def refuse_if_claimed(*, session: Session, battle_id: int, unit_id: int | None = None,
                      lim: bool = False) -> None:
    """Raise :class:`ClaimedError` when another umpire's claim covers ``unit_id`` (its
    command, a command above it, its side) or, with ``lim``, the battle's LIM cup."""
    others = others_claims(session, battle_id)
    if not others:
        return
    if lim and LIM in others:
        held = _view(session, battle_id, LIM, others[LIM])
        raise ClaimedError(refusal(held))
    if unit_id is not None:
        key = next((k for k in unit_keys(session, unit_id) if k in others), None)
        if key is not None:
            unit = session.get(Unit, unit_id)
            raise ClaimedError(refusal(_view(session, battle_id, key, others[key]),
                                       what=unit.name if unit else str(unit_id)))
