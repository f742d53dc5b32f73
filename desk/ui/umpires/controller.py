"""Campaign ▸ Claims (issue 33): claim the chosen unit's command or side, or the LIM cup;
release a claim; the chief takes one over with a reason.

Every step goes through the window's one door with the services of
:mod:`desk.services.umpires.claims`, as ``Change.ORDER``: a claim changes which units
this desk and the others may write, so the order form reads its editability again. A
refusal (another umpire's claim, a sector umpire taking over, no reason given) is one
sentence in the dialog, not a message box: the umpire reads it where he acted, and
nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from desk.rules.records import UnitInfo
from desk.services.errors import ServiceError
from desk.store import StoreError
from desk.ui.changes import Change
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.palette import DeskPalette

if TYPE_CHECKING:  # imported where first used: the window's first paint needs none of it
    from sqlmodel import Session

    from desk.services.umpires.views import ClaimView
    from desk.ui.umpires.dialog import ClaimRow, ClaimsDialog


@dataclass(frozen=True)
class Named:
    """What names a target to the services: a side, a command (the side narrowing), or the
    LIM cup."""

    side: str | None = None
    command: str | None = None
    lim: bool = False


class ClaimsController(Controller):
    """The Claims dialog and the claims it makes, releases and takes over."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 palette: DeskPalette, chosen_unit: Callable[[], UnitInfo | None]) -> None:
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.palette = palette
        self.chosen_unit = chosen_unit
        self.dialog: ClaimsDialog | None = None
        ops.campaign_changed.connect(self._changed)

    # --- the dialog ---------------------------------------------------------------------
    def show_claims(self) -> ClaimsDialog:
        """Campaign ▸ Claims: the dialog, with the claims read now, the focus in the table."""
        from desk.ui.umpires.dialog import ClaimsDialog

        if self.dialog is None:
            dialog = ClaimsDialog(campaign=self.ops.context.campaign, palette=self.palette,
                                  parent=self.parent)
            dialog.command_button.clicked.connect(lambda: self.claim("command"))
            dialog.side_button.clicked.connect(lambda: self.claim("side"))
            dialog.lim_button.clicked.connect(lambda: self.claim("lim"))
            dialog.release_button.clicked.connect(self.release)
            dialog.take_over_button.clicked.connect(self.take_over)
            dialog.reason_edit.returnPressed.connect(self.take_over)
            dialog.activated.connect(self.refresh)
            self.dialog = dialog
        self.dialog.show_refusal("")
        self.refresh()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        self.dialog.table.setFocus()
        return self.dialog

    def _changed(self, change: Change) -> None:
        if change in (Change.ORDER, Change.BOUND, Change.RELOAD) and self.dialog is not None \
                and self.dialog.isVisible():
            self.refresh()  # a close ends every claim; another desk's claim comes as a reload

    def refresh(self) -> None:
        """Read the claims and the roster again; offer what this desk may do now."""
        from desk.services.umpires.claims import claims
        from desk.services.umpires.roster import umpires
        from desk.services.umpires.views import since_text
        from desk.ui.umpires.dialog import ClaimRow, Offer

        if self.dialog is None:
            return
        battle_id = self.ops.battle_id

        def read(s: Session) -> tuple[tuple[ClaimView, ...], bool]:
            return claims(session=s, battle_id=battle_id), bool(umpires(session=s))

        try:
            held, named = self.ops.read(read)
        except (ServiceError, StoreError) as exc:
            self.dialog.show_refusal(self._sentence(exc))
            return
        me = self.ops.store.identity
        unit = self.chosen_unit()
        offer = Offer(me=me.name, chief=me.chief, named=named,
                      writable=not self.ops.read_only and self.ops.context.bound_open,
                      command=unit.command if unit is not None else None,
                      side=unit.side if unit is not None else None,
                      lim=self.ops.system.has_lim_pool)
        self.dialog.show_claims([ClaimRow(target=c.target, label=c.label, umpire=c.umpire,
                                          since=since_text(c.since), reason=c.reason)
                                 for c in held], offer)

    # --- the steps ----------------------------------------------------------------------
    def claim(self, what: str) -> None:
        """Claim the chosen unit's ``command`` or ``side``, or the ``lim`` cup."""
        from desk.services.umpires.claims import claim

        unit = self.chosen_unit()
        if what == "lim":
            named = Named(lim=True)
        elif unit is None:
            return
        elif what == "side":
            named = Named(side=unit.side)
        else:  # the side narrows the search: two sides may have a "1st Division"
            named = Named(command=unit.command, side=unit.side)
        battle_id = self.ops.battle_id
        done = self._step(lambda s: claim(session=s, battle_id=battle_id, side=named.side,
                                   command=named.command, lim=named.lim))
        if done is not None and self.dialog is not None:
            self.dialog.choose(done.target)

    def release(self) -> None:
        """Release the chosen claim (its holder's own, or the chief's for anyone's)."""
        from desk.services.umpires.claims import release

        row = self.dialog.chosen() if self.dialog is not None else None
        if row is None:
            return
        named = self._named(row)
        battle_id = self.ops.battle_id
        self._step(lambda s: release(session=s, battle_id=battle_id, side=named.side,
                                   command=named.command, lim=named.lim))

    def take_over(self) -> None:
        """The chief takes the chosen claim over, with the reason typed in the dialog."""
        from desk.services.umpires.claims import take_over

        if self.dialog is None or not self.dialog.take_over_button.isEnabled():
            return
        row = self.dialog.chosen()
        if row is None:
            return
        reason = self.dialog.reason_edit.text()
        named = self._named(row)
        battle_id = self.ops.battle_id
        done = self._step(lambda s: take_over(session=s, battle_id=battle_id, reason=reason,
                                              side=named.side,
                                   command=named.command, lim=named.lim))
        if done is not None and self.dialog is not None:
            self.dialog.reason_edit.clear()
            self.dialog.choose(done.target)

    def _step(self, work: Callable[[Session], ClaimView]) -> ClaimView | None:
        """One step through the door; a refusal is the dialog's one sentence."""
        if self.dialog is not None:
            self.dialog.show_refusal("")
        try:
            return self.ops.write(work, Change.ORDER)
        except (ServiceError, StoreError) as exc:
            if self.dialog is not None:
                self.dialog.show_refusal(self._sentence(exc))
            self.refresh()  # what refused it (another's claim) is listed now
            return None

    def _named(self, row: ClaimRow) -> Named:
        """What names a listed claim to the services: its command by its whole path, so
        a name two commands share still finds the one claimed."""
        from desk.services.oob.names import campaign_names, join_path
        from desk.services.umpires.targets import LIM

        kind, _sep, number = row.target.partition(":")
        if row.target == LIM:
            return Named(lim=True)
        if kind == "side" or not number.isdigit():
            return Named(side=row.label)
        campaign_id = self.ops.context.campaign_id
        paths = self.ops.read(lambda s: campaign_names(s, campaign_id).paths)
        path = paths.get(int(number))
        return Named(command=join_path(path) if path else row.label)

    @staticmethod
    def _sentence(exc: Exception) -> str:
        """A service's refusal as one sentence: capital first, full stop last."""
        text = str(exc).strip()
        text = text[:1].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."

