"""The board's "Belief of" choice: one headquarters' belief drawn over the truth (issue 31).

With the campaign's courier setting ``information_travels`` on, the board offers the
headquarters whose belief can be wrong (:func:`~desk.services.knowledge.ghosts
.belief_choices`); chosen, their belief of the shown bound is drawn as ghosts over the
truth (:mod:`desk.ui.board.ghosts`) and the line beside the choice counts what it gets
wrong ("VI Corps: 3 units believed elsewhere, 1 no news"), the units with no news named
in its tooltip. The setting off, the choice and the line are hidden.

It is read with the board, in the board's one read (:meth:`BeliefChoice.read` inside
:meth:`~desk.ui.board.controller.BoardController.refresh`: the bound shown, a change
notice), and again on its own when the umpire chooses another headquarters or a unit is
moved on the board. It only shows: nothing here writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt

from desk.ui.board.ghosts import GhostLayer
from desk.ui.board.panel import BoardPanel
from desk.ui.controller import Controller
from desk.ui.dialogs import Dialogs
from desk.ui.operations import Operations
from desk.ui.palette import DeskPalette
from desk.ui.plural import Counted

if TYPE_CHECKING:  # the board's services load when it is first shown
    from PySide6.QtWidgets import QWidget
    from sqlmodel import Session

    from desk.services.knowledge.ghosts import BeliefOverTruth, HeadquartersChoice

    BeliefRead = tuple[tuple[HeadquartersChoice, ...], BeliefOverTruth | None]

translate = QCoreApplication.translate
NAMED = 3  # units with no news named in the line; the tooltip names them all


class BeliefChoice(Controller):
    """Which headquarters' belief the board draws, and the drawing (see the module text)."""

    def __init__(self, *, ops: Operations, dialogs: Dialogs, parent: QWidget,
                 panel: BoardPanel, palette: DeskPalette,
                 bound: Callable[[], int | None]) -> None:
        """``bound``: the bound the board shows (None: the open bound)."""
        super().__init__(ops=ops, dialogs=dialogs, parent=parent)
        self.panel = panel
        self.bound = bound
        self.layer = GhostLayer(panel.scene, palette)
        self.command_id: int | None = None  # the headquarters chosen (None: no belief shown)
        self.choices: tuple[HeadquartersChoice, ...] = ()
        self.belief: BeliefOverTruth | None = None
        panel.belief_box.currentIndexChanged.connect(self._chosen)

    def read(self, session: Session, bound: int | None) -> BeliefRead:
        """The headquarters that can be chosen and, one chosen, its belief at ``bound``:
        read in the caller's session (the board's refresh reads it with the board)."""
        from desk.services.knowledge.ghosts import belief_choices, belief_over_truth

        battle_id = self.ops.battle_id
        choices = belief_choices(session=session, battle_id=battle_id)
        chosen = self.command_id
        if chosen is None or all(c.command_id != chosen for c in choices):
            return choices, None
        return choices, belief_over_truth(session=session, battle_id=battle_id,
                                          command_id=chosen, bound=bound)

    def reread(self) -> None:
        """Read the belief again on its own (another headquarters chosen, a unit moved)."""
        bound = self.bound()
        found = self.guard(lambda: self.ops.read(lambda s: self.read(s, bound)))
        self.show(found)

    def follow_move(self) -> None:
        """A unit was moved on the board (which is not read again for it): the belief drawn,
        if any, is drawn against where the unit stands now."""
        if self.command_id is not None:
            self.reread()

    def show(self, found: BeliefRead | None) -> None:
        """Show what was read (None: nothing to show, no map or a refusal): the choices,
        hidden when there are none, and the chosen belief's ghosts and line."""
        choices, belief = found if found is not None else ((), None)
        panel = self.panel
        if choices != self.choices:
            self._fill(choices)
        if self.command_id is not None and belief is None:
            self._choose_none()  # the headquarters can no longer be shown (setting off)
        self.belief = belief
        self.layer.show(belief)
        for widget in (panel.belief_label, panel.belief_box):
            widget.setVisible(bool(choices))
        panel.belief_line.setVisible(belief is not None)
        panel.belief_line.setText(self.status(belief) if belief is not None else "")
        panel.belief_line.setToolTip(self._no_news(belief) if belief is not None else "")

    def status(self, belief: BeliefOverTruth) -> str:
        """The line beside the choice: how many units are believed elsewhere, how many have
        no news (issue 31's "VI Corps: 3 units believed elsewhere, 1 no news"), the first
        of those named (all of them in the tooltip)."""
        counted = Counted()
        text = translate("BoardBelief", "{command} at bound {bound}: {elsewhere}, {none}").format(
            command=belief.command, bound=belief.bound,
            elsewhere=counted.believed_elsewhere(len(belief.ghosts)),
            none=counted.without_news(len(belief.no_news)))
        if belief.placeless:
            text += translate("BoardBelief", ", {n} reported off the map").format(
                n=len(belief.placeless))
        if belief.no_news:
            named = [u.unit for u in belief.no_news[:NAMED]]
            text += translate("BoardBelief", " (no news: {units})").format(
                units=", ".join(named + (["…"] if len(belief.no_news) > NAMED else [])))
        return text + "."

    @staticmethod
    def _no_news(belief: BeliefOverTruth) -> str:
        if not belief.no_news:
            return translate("BoardBelief", "Every unit under {command} has reported.").format(
                command=belief.command)
        return translate("BoardBelief", "No news of: {units}").format(
            units=", ".join(u.unit for u in belief.no_news))

    def _fill(self, choices: tuple[HeadquartersChoice, ...]) -> None:
        box = self.panel.belief_box
        box.blockSignals(True)  # filling is no choice
        try:
            box.clear()
            box.addItem(translate("BoardBelief", "No belief shown"), 0)
            for choice in choices:
                box.addItem(choice.command, choice.command_id)
                box.setItemData(box.count() - 1, translate(
                    "BoardBelief", "{command} ({side})").format(command=choice.command,
                                                                side=choice.side),
                                Qt.ItemDataRole.ToolTipRole)
            index = box.findData(self.command_id) if self.command_id is not None else 0
            box.setCurrentIndex(max(0, index))
            if index < 0:
                self.command_id = None
        finally:
            box.blockSignals(False)
        self.choices = choices

    def _choose_none(self) -> None:
        self.command_id = None
        box = self.panel.belief_box
        box.blockSignals(True)
        box.setCurrentIndex(0)
        box.blockSignals(False)

    def _chosen(self, index: int) -> None:
        data = self.panel.belief_box.itemData(index)
        self.command_id = data if isinstance(data, int) and data else None
        self.reread()
