"""The desk's settings, each declared once with its type, default and label.

Call sites never write ``QSettings().value("key", default)``: they read and
write through :class:`Settings` with one of the declarations below, so a key,
its type and its default live in one place (the Picard way). Upgrades of old
settings run once, as numbered functions, like database migrations.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from PySide6.QtCore import QByteArray, QSettings

from desk.rules import SYSTEM_NAMES

T = TypeVar("T")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One setting: its key in the store, its Python type, its default and its label."""

    key: str
    kind: type
    default: T
    label: str


WINDOW_GEOMETRY: Setting[bytes] = Setting("window/geometry", bytes, b"", "Window position and size")
WINDOW_STATE: Setting[bytes] = Setting("window/state", bytes, b"", "Docks and toolbars")
MAIN_SPLITTER: Setting[bytes] = Setting(
    "window/main_splitter", bytes, b"", "Widths of the order of battle, table and form")
LEFT_SPLITTER: Setting[bytes] = Setting(
    "window/left_splitter", bytes, b"", "Heights of the order of battle and the LIM pool")
RIGHT_SPLITTER: Setting[bytes] = Setting(
    "window/right_splitter", bytes, b"", "Heights of the form, its findings and the unit panel")
LAST_CAMPAIGN: Setting[str] = Setting("campaign/last", str, "", "Campaign opened last")
RECENT_CAMPAIGNS: Setting[list[str]] = Setting("campaign/recent", list, [], "Recent campaigns")
RECENT_LIMIT: Setting[int] = Setting("campaign/recent_limit", int, 8, "Recent campaigns kept")
PAPER_SIZE: Setting[str] = Setting("print/paper", str, "a4", "Paper size of printed sheets")
OPEN_PDF_AFTER_PRINT: Setting[bool] = Setting(
    "print/open_after", bool, True, "Open a printed PDF in the system viewer"
)
COLOUR_SCHEME: Setting[str] = Setting(
    "view/colour_scheme", str, "system", "Colour scheme: system, light or dark")
LANGUAGE: Setting[str] = Setting(
    "ui/language", str, "system", "Language of the window (system, en, fr), from the next start")
LAST_FOLDER: Setting[str] = Setting("files/last_folder", str, "",
                                   "Folder the file dialogs open in (the last one used)")


def umpire_at(target: str) -> Setting[str]:
    """The umpire chosen at a campaign's last open (issue 33): offered again at the next,
    one key per campaign (its path or URL, hashed: a key holds no slashes or passwords)."""
    digest = hashlib.sha256(target.encode()).hexdigest()[:16]
    return Setting(f"campaign/umpire/{digest}", str, "", "The umpire at this campaign's desk")


def hidden_panels(system: str) -> Setting[list[str]]:
    """The window's side panels hidden in a rules system's games ("oob", "form", "lim"):
    one key per system, as a Battles of Waterloo evening wants another room than a Belle
    Alliance one (issue 30)."""
    return Setting(f"view/hidden_panels/{system}", list, [],
                   f"Side panels hidden in {SYSTEM_NAMES.get(system, system)} games")


ALL_SETTINGS: tuple[Setting[Any], ...] = (
    WINDOW_GEOMETRY, WINDOW_STATE, MAIN_SPLITTER, LEFT_SPLITTER, RIGHT_SPLITTER,
    LAST_CAMPAIGN, RECENT_CAMPAIGNS, RECENT_LIMIT, PAPER_SIZE, OPEN_PDF_AFTER_PRINT,
    COLOUR_SCHEME, LANGUAGE, LAST_FOLDER, *(hidden_panels(system) for system in SYSTEM_NAMES),
)

SETTINGS_VERSION_KEY = "settings/version"


def _upgrade_1_recent_as_list(store: QSettings) -> None:
    # Before version 1 the recent campaigns were one string joined with ";".
    value = store.value(RECENT_CAMPAIGNS.key)
    if isinstance(value, str):
        store.setValue(RECENT_CAMPAIGNS.key, [v for v in value.split(";") if v])


UPGRADES: tuple[Callable[[QSettings], None], ...] = (_upgrade_1_recent_as_list,)


class Settings:
    """Typed access to the desk's QSettings, with the declared defaults."""

    def __init__(self, store: QSettings) -> None:
        self._store = store
        self._upgrade()

    def _upgrade(self) -> None:
        version = int(cast(Any, self._store.value(SETTINGS_VERSION_KEY, 0)) or 0)
        for number, upgrade in enumerate(UPGRADES, start=1):
            if version < number:
                upgrade(self._store)
        self._store.setValue(SETTINGS_VERSION_KEY, len(UPGRADES))

    def get(self, setting: Setting[T]) -> T:
        """The stored value, or the default when absent or of the wrong type."""
        raw = self._store.value(setting.key)
        if raw is None:
            return setting.default
        try:
            if setting.kind is bytes:
                return cast(T, bytes(raw.data() if isinstance(raw, QByteArray) else raw))
            if setting.kind is bool:
                return cast(T, raw if isinstance(raw, bool) else str(raw).lower() == "true")
            if setting.kind is list:
                return cast(T, [str(v) for v in (raw if isinstance(raw, list) else [raw])])
            return cast(T, setting.kind(raw))
        except (TypeError, ValueError):
            return setting.default

    def set(self, setting: Setting[T], value: T) -> None:
        """Store a value of the declared type."""
        if setting.kind is bytes:
            self._store.setValue(setting.key, QByteArray(cast(bytes, value)))
        else:
            self._store.setValue(setting.key, value)

    def remember_campaign(self, target: str) -> None:
        """Put a campaign first in the recent list and make it the last one opened."""
        recent = [t for t in self.get(RECENT_CAMPAIGNS) if t != target]
        self.set(RECENT_CAMPAIGNS, [target, *recent][: self.get(RECENT_LIMIT)])
        self.set(LAST_CAMPAIGN, target)

    def sync(self) -> None:
        """Write to disk now."""
        self._store.sync()
