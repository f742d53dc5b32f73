"""The one place that knows where ``resources/`` and ``db/`` live.

In a checkout they sit beside the ``desk`` package; in an installed wheel (and in
the PyInstaller bundle) they travel inside it as ``desk/_data``. Nothing else in
the desk builds a path to a data file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _data_root() -> Path:
    # A checkout first, so a developer's edits to resources/ are seen at once.
    checkout = _PACKAGE_DIR.parent
    if (checkout / "resources" / "rulesets").is_dir() and (checkout / "db").is_dir():
        return checkout
    installed = _PACKAGE_DIR / "_data"
    if (installed / "resources").is_dir():
        return installed
    frozen = Path(getattr(sys, "_MEIPASS", "")) / "desk" / "_data"
    if (frozen / "resources").is_dir():
        return frozen
    raise FileNotFoundError(
        f"the desk's data files are missing (looked in {checkout} and {installed})"
    )


def resources_dir() -> Path:
    """The folder holding rulesets/, scenarios/, fonts/, icons/ and web/."""
    return _data_root() / "resources"


def ruleset_path(system_id: str) -> Path:
    """The TOML data file of one rules system, e.g. ``belle-alliance``."""
    return resources_dir() / "rulesets" / f"{system_id}.toml"


def rules_text_path() -> Path:
    """The clause-numbered rules reference shipped with the desk."""
    return resources_dir() / "rulesets" / "RULES.md"


def scenario_path(name: str) -> Path:
    """A demo scenario's data file by its file name."""
    return resources_dir() / "scenarios" / name


def fonts_dir() -> Path:
    """Bundled TTF fonts for the PDF sheets."""
    return resources_dir() / "fonts"


def web_dir() -> Path:
    """The players' pages' templates/ and static/ (issue 32)."""
    return resources_dir() / "web"


def icons_dir() -> Path:
    """The application icon in its sizes."""
    return resources_dir() / "icons"


def packaging_dir() -> Path:
    """The desktop entry, AppStream metadata and MIME type (for install-desktop-entry)."""
    return _data_root() / "packaging"


def migrations_dir() -> Path:
    """The Alembic environment (env.py and versions/)."""
    return _data_root() / "db"


def user_data_dir() -> Path:
    """Where the default campaign and the backups live (XDG data home on Linux)."""
    override = os.environ.get("DESK_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "umpires-desk"


def translations_dir() -> Path:
    """The window's compiled translations (desk_fr.qm) and their sources (desk_fr.ts)."""
    return resources_dir() / "i18n"
