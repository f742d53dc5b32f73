"""The one change notice the window's views listen to: what kind of change the campaign had.

:class:`~desk.ui.operations.Operations` emits ``campaign_changed(Change)`` once
per use case; each view redraws what that kind of change can touch. It is a
``StrEnum`` so a notice prints as its word in logs and test messages.
"""

from __future__ import annotations

from enum import StrEnum


class Change(StrEnum):
    """What changed in the campaign (or in what the window shows)."""

    ORDER = "order"  # an order written, amended, cancelled, or put back by undo
    EVENT = "event"  # an in-bound event recorded or struck out
    LIM = "lim"  # a step of the Battles of Waterloo LIM pool
    PHASE = "phase"  # the phase of the turn the umpire is in (no database change)
    BOUND = "bound"  # a bound closed or reopened: the undo stack was cleared
    OOB = "oob"  # units or commands added
    RELOAD = "reload"  # everything read again (another umpire's change)
    SHOWN = "shown"  # the window shows another bound (no database change)
    PLAYERS = "players"  # a player's link to their page issued, reissued or revoked
    NOTE = "note"  # a secret note kept (issue 33): only the unit panel shows it
