"""A test window's optional parts, asserted to be there: the test built the window of a
system that has them (the LIM panel: Battles of Waterloo), so None would be its failure."""

from __future__ import annotations

from desk.ui.lim.panel import LimPanel
from desk.ui.main_window import MainWindow


def lim_panel(window: MainWindow) -> LimPanel:
    """The window's LIM panel (a Battles of Waterloo campaign)."""
    assert window.lim_panel is not None, "this window has no LIM panel"
    return window.lim_panel
