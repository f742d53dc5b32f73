"""Put the desk into the user's desktop menu, and take it out again.

``install_desktop_entry`` copies the desktop entry, the icon (SVG and every PNG
size), the AppStream metadata and the campaign-file MIME type from
``packaging/`` and ``resources/icons/`` into the user's XDG data directory
(``$XDG_DATA_HOME``, by default ``~/.local/share``), following the freedesktop
layout::

    applications/io.github.umpiresdesk.Desk.desktop
    icons/hicolor/scalable/apps/io.github.umpiresdesk.Desk.svg
    icons/hicolor/48x48/apps/io.github.umpiresdesk.Desk.png   (and 64 ... 512)
    metainfo/io.github.umpiresdesk.Desk.metainfo.xml
    mime/packages/io.github.umpiresdesk.Desk.xml

The entry's ``Exec`` is rewritten to the absolute command that started this
desk (the bundle's executable, or the installed ``desk`` script), because a
menu does not see the PATH of the shell the user installed from.

Pure Python, no Qt: it runs from the command line of a bundle or a pip install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from desk import resources
from desk.resources import icons_dir

APP_ID = "io.github.umpiresdesk.Desk"
CAMPAIGN_MIME_TYPE = "application/x-umpires-desk-campaign"
ICON_SIZES = (48, 64, 128, 256, 512)

# The cache refreshers a desktop reads; each is optional (a minimal system may
# lack them, and the menu then picks the files up at the next login).
_REFRESHERS = (
    ("update-desktop-database", "applications"),
    ("update-mime-database", "mime"),
    ("gtk-update-icon-cache", "icons/hicolor"),
)


class DesktopEntryError(OSError):
    """The desktop entry could not be installed; the message says why in one sentence."""


def xdg_data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute."""
    value = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative value is invalid and must be ignored.
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def packaging_dir() -> Path:
    """Where the desktop entry, metainfo and MIME files are shipped.

    ``packaging/`` sits beside ``resources/`` in a checkout, and travels as
    ``desk/_data/packaging`` in the wheel and the bundle; desk.resources knows.
    """
    return resources.packaging_dir()


def launch_command() -> list[str]:
    """The command that starts this desk, as absolute as can be found."""
    if getattr(sys, "frozen", False):  # the PyInstaller bundle: its own executable
        return [str(Path(sys.executable).resolve())]
    started_as = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started_as is not None and started_as.name == "desk" and started_as.is_file():
        return [str(started_as.absolute())]  # the console script of this very install
    script = shutil.which("desk")
    if script:
        return [str(Path(script).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "desk"]


def quote_exec_argument(argument: str) -> str:
    """Quote one argument for a desktop entry's ``Exec`` key (Desktop Entry spec, "Exec")."""
    escaped = argument.replace("%", "%%")
    reserved = set(' \t\n"\'\\><~|&;$*?#()`')
    if not any(char in reserved for char in escaped):
        return escaped
    for char in ("\\", '"', "`", "$"):
        escaped = escaped.replace(char, "\\" + char)
    # The key is itself an escaped string, so each backslash is written twice.
    return '"' + escaped.replace("\\", "\\\\") + '"'


def _sources() -> dict[str, Path]:
    """Relative target path under the data home -> the shipped file it copies."""
    shipped = packaging_dir()
    icons = icons_dir()
    sources = {
        f"applications/{APP_ID}.desktop": shipped / f"{APP_ID}.desktop",
        f"metainfo/{APP_ID}.metainfo.xml": shipped / f"{APP_ID}.metainfo.xml",
        f"mime/packages/{APP_ID}.xml": shipped / f"{APP_ID}.mime.xml",
        f"icons/hicolor/scalable/apps/{APP_ID}.svg": icons / "desk.svg",
    }
    for size in ICON_SIZES:
        sources[f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png"] = icons / f"desk-{size}.png"
    return sources


def _desktop_entry_text(source: Path, command: Sequence[str]) -> str:
    exec_value = " ".join(quote_exec_argument(part) for part in command) + " %f"
    lines = source.read_text(encoding="utf-8").splitlines()
    rewritten = [f"Exec={exec_value}" if line.startswith("Exec=") else line for line in lines]
    return "\n".join(rewritten) + "\n"


def _refresh_caches(data_home: Path) -> None:
    for tool, folder in _REFRESHERS:
        path = data_home / folder
        executable = shutil.which(tool)
        if executable is None or not path.is_dir():
            continue
        args = [executable, "-q", "-t", str(path)] if "icon" in tool else [executable, str(path)]
        # A failing refresher only delays the menu update: never fail the install for it.
        subprocess.run(args, check=False, capture_output=True, timeout=60)


def install_desktop_entry(
    *, data_home: Path | None = None, command: Sequence[str] | None = None,
    refresh: bool = True,
) -> list[Path]:
    """Install the desk's menu entry, icons, metainfo and MIME type; return the files written.

    ``data_home`` defaults to :func:`xdg_data_home`; ``command`` to
    :func:`launch_command`. Installing again overwrites the earlier files.
    """
    home = data_home if data_home is not None else xdg_data_home()
    sources = _sources()
    missing = [str(path) for path in sources.values() if not path.is_file()]
    if missing:
        raise DesktopEntryError(f"this desk was shipped without its desktop files: {missing[0]}")
    written: list[Path] = []
    try:
        for relative, source in sources.items():
            target = home / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.suffix == ".desktop":
                text = _desktop_entry_text(source, command or launch_command())
                target.write_text(text, encoding="utf-8")
            else:
                shutil.copyfile(source, target)
            written.append(target)
    except OSError as exc:
        raise DesktopEntryError(f"could not write the desktop entry under {home}: {exc}") from exc
    if refresh:
        _refresh_caches(home)
    return written


def uninstall_desktop_entry(*, data_home: Path | None = None, refresh: bool = True) -> list[Path]:
    """Remove what :func:`install_desktop_entry` placed; return the files removed.

    Files that are already gone are skipped, so running it twice is harmless.
    """
    home = data_home if data_home is not None else xdg_data_home()
    removed: list[Path] = []
    for relative in _sources():
        target = home / relative
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise DesktopEntryError(f"could not remove {target}: {exc}") from exc
        removed.append(target)
    if refresh and removed:
        _refresh_caches(home)
    return removed
