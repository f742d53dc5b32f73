"""File > New campaign: a name, a rules system, and the demo scenario or an empty order of battle.

:class:`NewCampaignDialog` asks; :func:`make_campaign_file` writes the new
campaign file through the services' scenario import. An empty campaign has
the rules system's two sides (named as in its demo scenario), its bound
length and start time, and no units: the order of battle is typed or
imported later.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from desk.rules import SYSTEM_IDS, SYSTEM_NAMES
from desk.ui.widgets import FittingCombo


@dataclass(frozen=True)
class NewCampaign:
    """What the umpire chose for a new campaign."""

    name: str
    rules_system: str
    empty: bool  # False: the rules system's demo scenario


class NewCampaignDialog(QDialog):
    """Name, rules system, and scenario or empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New campaign"))
        self.name_edit = QLineEdit(placeholderText=self.tr("e.g. Ligny, June 1815"))
        self.system_box = FittingCombo()
        for system in SYSTEM_IDS:
            self.system_box.addItem(SYSTEM_NAMES[system], system)
        self.start_box = FittingCombo()
        self.start_box.addItem(self.tr("The rules system's demo scenario"), False)
        self.start_box.addItem(self.tr("Empty: sides only, no units yet"), True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("&Rules system:"), self.system_box)
        form.addRow(self.tr("&Start from:"), self.start_box)
        form.addRow(self.buttons)

    def choice(self) -> NewCampaign:
        """The answers as entered (an empty name becomes the system's name)."""
        system = str(self.system_box.currentData())
        name = self.name_edit.text().strip() or self.tr("New {system} campaign").format(
            system=SYSTEM_NAMES[system])
        return NewCampaign(name=name, rules_system=system, empty=bool(self.start_box.currentData()))


def empty_scenario(*, name: str, rules_system: str) -> dict[str, object]:
    """An order of battle with the system's sides and no units (docs/oob-format.md)."""
    from desk.services.campaign.scenarios import load_scenario

    demo = load_scenario(rules_system=rules_system)
    battle = {k: v for k, v in demo["battle"].items() if k != "lims"}
    return {"format": demo["format"], "version": demo["version"],
            "campaign": {"name": name, "rules_system": rules_system, "house_rules": {}},
            "battle": {**battle, "name": name},
            "sides": [{"name": side["name"], "leaders": [], "commands": []}
                      for side in demo["sides"]],
            "terrain": []}


def make_campaign_file(*, path: Path, choice: NewCampaign) -> None:
    """Write the new campaign file (a file that exists is refused; a failed one is removed)."""
    if not choice.empty:
        from desk.services.campaign.scenarios import create_demo_campaign

        create_demo_campaign(target=path, rules_system=choice.rules_system)
        return
    from desk.services.oob.importer import create_campaign_file

    create_campaign_file(path=path, data=empty_scenario(name=choice.name,
                                                        rules_system=choice.rules_system))
