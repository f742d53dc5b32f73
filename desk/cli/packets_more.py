"""The rest of the packet subcommands (``packets``, ``players``, ``deadline``,
``reminders``, ``turn-in``), kept apart so each module stays short."""

from __future__ import annotations

from typing import Any


def register_more(subparsers: Any) -> None:
    """Add the packet, player and turn-in subcommands."""
