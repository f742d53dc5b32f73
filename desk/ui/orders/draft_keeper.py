"""Unsaved orders kept per unit, on disk as they are typed, and offered back after a crash.

The keeper listens to the order form. Each edit the umpire makes to a unit's
order in the open bound becomes that unit's draft (in memory and, at once, in
the campaign's draft file, :mod:`desk.ui.orders.drafts`); going back to the unit
shows the draft, marked as unsaved, not the saved order. Typing back to what
was saved, saving the order, cancelling it or discarding the draft drops it.
At start the window asks :meth:`DraftKeeper.offer` to offer the drafts of the
open bound back ("Restore 3 unsaved orders?").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from desk.ui.orders.drafts import CampaignKey, Draft, DraftStore, fitting
from desk.ui.orders.form import OrderForm

if TYPE_CHECKING:
    from desk.store import CampaignStore
    from desk.ui.dialogs import Dialogs
    from desk.ui.operations import Operations


def open_drafts(*, ops: Operations, store: CampaignStore, folder: Path) -> DraftStore | None:
    """The draft file of the campaign open in ``store`` (None when it is read-only)."""
    from desk.services.campaign.identity import campaign_identity

    if ops.read_only:
        return None  # another desk may hold the campaign, and its drafts
    path = getattr(store, "path", None)
    location = str(Path(path).resolve()) if path else \
        store.url.render_as_string(hide_password=True)
    identity = ops.read(lambda s: campaign_identity(session=s, campaign_id=ops.context.campaign_id))
    key = CampaignKey(location=location, campaign_id=identity.campaign_id,
                      created=identity.created)
    return DraftStore(folder=folder, key=key)


class DraftKeeper(QObject):
    """Keeps the form's unsaved orders per unit (see the module text)."""

    marks_changed = Signal(object)  # frozenset[int]: the units with an unsaved draft

    def __init__(self, *, form: OrderForm, ops: Operations, store: DraftStore | None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.form = form
        self.ops = ops
        self.store = store
        self._drafts: dict[int, Draft] = {}
        form.edited.connect(self._edited)
        form.loaded.connect(self._loaded)
        form.discard_draft_requested.connect(self.discard_shown)
        ops.campaign_changed.connect(self._emit_marks)  # a bound closed or reopened

    def _emit_marks(self, *_: object) -> None:
        # Only the open bound's drafts are marked: a bound closed with drafts still
        # unsaved keeps them (reopening it shows them again), unmarked meanwhile.
        ctx = self.ops.context
        self.marks_changed.emit(frozenset(
            d.unit_id for d in self._drafts.values()
            if d.bound == ctx.current_bound and d.battle_id == ctx.battle_id))

    def drafts(self) -> dict[int, Draft]:
        """The unsaved drafts by unit id."""
        return dict(self._drafts)

    def unsaved_names(self) -> list[str]:
        """The names of the units with an unsaved draft in the open bound."""
        ctx = self.ops.context
        return [d.unit_name for d in self._drafts.values()
                if d.bound == ctx.current_bound and d.battle_id == ctx.battle_id]

    def _edited(self) -> None:
        context = self.form.context
        if context is None or not context.editable or self.store is None:
            return
        unit = context.unit
        if self.form.matches_saved():  # typed back to what was saved: nothing to keep
            self.forget(unit.id)
            return
        verbatim, fields = self.form.draft_values()
        draft = Draft(battle_id=self.ops.context.battle_id, bound=context.bound,
                      unit_id=unit.id, unit_name=unit.name, verbatim=verbatim, fields=fields,
                      saved_at=f"{datetime.now():%Y-%m-%d %H:%M:%S}")
        marked = unit.id in self._drafts
        self._drafts[unit.id] = draft
        self.store.write(self._drafts.values())  # every keystroke: see the cost in the report
        self.form.show_draft_note(draft.saved_at)
        if not marked:
            self._emit_marks()

    def _loaded(self) -> None:
        context = self.form.context
        draft = self._drafts.get(context.unit.id) if context else None
        if context is None or draft is None or not context.editable:
            return
        if draft.bound == context.bound and draft.battle_id == self.ops.context.battle_id:
            self.form.show_draft(draft.verbatim, draft.fields, saved_at=draft.saved_at)

    def forget(self, unit_id: int) -> None:
        """Drop a unit's draft (its order was saved or cancelled, or it matches the saved)."""
        if self._drafts.pop(unit_id, None) is None:
            return
        if self.store is not None:
            self.store.write(self._drafts.values())
        if self.form.unit_id == unit_id:
            self.form.show_draft_note(None)
        self._emit_marks()

    def discard_shown(self) -> None:
        """The umpire throws the shown draft away: the saved order comes back."""
        unit_id = self.form.unit_id
        if unit_id is None or unit_id not in self._drafts:
            return
        self.forget(unit_id)
        self.form.load(self.form.context)

    def offer(self, *, units: Mapping[int, str], dialogs: Dialogs) -> list[int]:
        """Offer the open bound's drafts from disk back; the unit ids restored, in order.

        ``units``: unit id → name in the open bound. Drafts that do not fit (other
        battle, other bound, a unit gone or renamed) are dropped with a log line.
        """
        ctx = self.ops.context
        if self.store is None or not ctx.bound_open:
            return []
        found = fitting(self.store.load(), battle_id=ctx.battle_id, bound=ctx.current_bound,
                        units=units, where=self.store.path)
        found = [d for d in found if d.unit_id not in self._drafts]
        restored: list[int] = []
        if found and dialogs.restore_drafts([d.unit_name for d in found]):
            for draft in found:
                self._drafts[draft.unit_id] = draft
                restored.append(draft.unit_id)
        self.store.write(self._drafts.values())  # what was dropped or refused goes
        self._emit_marks()
        if self.form.unit_id in self._drafts:
            self.form.load(self.form.context)
        return restored
