"""Orders a player sends from their page (issue 32) become drafts for the umpire exactly
as a filled fillable sheet does: the page's form is the packet's sheet, signed with the
same binding of who may order which unit, and goes through the same import
(:func:`desk.services.printing.form_import.import_forms`). Nothing a player sends becomes
an order without the umpire: a unit whose order the umpire typed keeps it.

After the bound's deadline the page takes nothing (one sentence), unless the campaign's
late-orders setting is ``flag``: then a sending is taken as drafts that each carry a
warning (:data:`SENT_LATE`) saying when they came, which the umpire's review shows with
the draft's other findings; the umpire decides. Before the deadline the player may send
again and the drafts are replaced. Each sending is recorded (who, which units, when,
late or not) in ``player_submission`` and the campaign's journal.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from sqlmodel import Session

from desk.i18n import _
from desk.rules.base import Finding, Severity
from desk.services.common import add_journal, current_battle, get_bound
from desk.services.errors import ServiceError
from desk.services.pages.page import order_intake, player_packet
from desk.services.pages.views import Submission
from desk.services.printing.form_import import import_forms
from desk.services.printing.formfields import (
    BINDING_PREFIX,
    SIGNATURE_PREFIX,
    FilledForm,
    FormBinding,
    FormValue,
)
from desk.store.tables.players import PlayerSubmission

# The finding a draft sent from a page after the deadline carries (late-orders: flag).
SENT_LATE = "DESK_SENT_LATE"


class SubmissionRefused(ServiceError):
    """A player's orders were not taken; nothing was written."""


def _signed(keywords: str) -> tuple[FormBinding | None, str]:
    """The binding and signature a sheet's keywords carry (as a printed sheet's)."""
    words = keywords.split()
    bound_to = next((w.removeprefix(BINDING_PREFIX) for w in words
                     if w.startswith(BINDING_PREFIX)), "")
    signature = next((w.removeprefix(SIGNATURE_PREFIX) for w in words
                      if w.startswith(SIGNATURE_PREFIX)), "")
    return (FormBinding.decode(bound_to) if bound_to else None), signature


def submit_orders(*, session: Session, player_id: int, bound: int,
                  values: Mapping[int, Mapping[str, FormValue]],
                  now: datetime | None = None) -> Submission:
    """Take the orders ``values`` (unit id → field → value as the form gave it) a player
    sent for ``bound``; refused in one sentence, nothing written, after the deadline, for
    another bound than the open one, or for a unit not on the player's sheet."""
    when = (now or datetime.now(UTC)).replace(microsecond=0)
    campaign, battle = current_battle(session)
    packet = player_packet(session=session, player_id=player_id)
    sheet = packet.sheet
    if bound != sheet.bound:
        raise SubmissionRefused(_("these orders are for bound {bound}, but the open bound is "
                                  "{current}: reload the page").format(
                                      bound=bound, current=sheet.bound))
    bound_row = get_bound(session, battle.id or 0, sheet.bound)
    intake = order_intake(session, campaign, bound_row, when)
    if intake == "closed":
        raise SubmissionRefused(_("the orders for bound {bound} were due by {when}: the umpire "
                                  "takes no more from this page").format(
                                      bound=bound, when=packet.situation.deadline or "-"))
    late = None
    if intake == "late":  # taken, each draft saying so: the umpire decides
        late = Finding(SENT_LATE, Severity.WARNING, "", _(
            "sent from the player's page at {time} UTC, after the deadline ({due}): the "
            "umpire decides whether it stands").format(
                time=when.astimezone(UTC).strftime("%H:%M"), due=packet.situation.deadline))
    binding, signature = _signed(sheet.form_keywords)
    who = packet.player.name if packet.player else packet.side
    form = FilledForm(campaign_id=sheet.campaign_id, bound=sheet.bound,
                      values={u: dict(v) for u, v in values.items()},
                      campaign_key=sheet.campaign_key, binding=binding, signature=signature)
    done = import_forms(session=session, forms=[(_("{name}'s page").format(name=who), form)],
                        late=late)
    names = {b.unit_id: b.name for b in sheet.units}
    sent = sorted(values, key=lambda u: names.get(u, ""))
    session.add(PlayerSubmission(player_id=player_id, bound_id=bound_row.id or 0,
                                 unit_ids=list(sent), created_at=when))
    listed = ", ".join(names.get(u, str(u)) for u in sent) or "none"
    place = packet.side + (f" / {packet.player.command}"
                           if packet.player and packet.player.command else "")
    add_journal(session, battle_id=battle.id or 0, bound_id=bound_row.id, kind="player-orders",
                message=f"Orders from {who} ({place}) received from their page at "
                f"{when.strftime('%H:%M')} UTC" + (
                    f", after the deadline ({packet.situation.deadline}), as drafts marked "
                    "late," if late is not None else "") + f" for: {listed}")
    session.flush()
    return Submission(received_at=when, bound=done.bound,
                      drafted=tuple(i.unit for i in done.imported), kept=done.kept,
                      blank=done.blank, late=late is not None)
