"""Start the window from the command line: display check, campaign, composition root.

Everything here runs before or around ``QApplication``: a missing display is
reported in one line (Qt would otherwise abort), a campaign another desk holds
is offered read-only, and a campaign that cannot be opened gets one dialog.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DEFAULT_CAMPAIGN = "plancenoit-1815.desk"


def display_problem() -> str | None:
    """Why no window can be shown here, or None when a display looks available."""
    if sys.platform in ("win32", "darwin"):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return None  # offscreen, minimal, vnc, eglfs: Qt needs no display server
    if os.environ.get("WAYLAND_DISPLAY"):
        return None
    display = os.environ.get("DISPLAY", "")
    if not display:
        return ("no display found (DISPLAY and WAYLAND_DISPLAY are not set): start the desk "
                "from a desktop session; the command-line tools (desk --help) work without one")
    if display.startswith(":"):
        number = display[1:].split(".")[0]
        if number.isdigit() and not Path(f"/tmp/.X11-unix/X{number}").exists():
            return f"cannot open the display {display}: no X server is listening there"
    return None


def default_campaign_path() -> Path:
    """The default campaign, in the user's data directory."""
    from desk.resources import user_data_dir

    return user_data_dir() / "campaigns" / DEFAULT_CAMPAIGN


def launch_window(*, campaign: str | None, read_only: bool, language: str | None = None) -> int:
    """Open the desk on ``campaign`` (or the default one, made on first start); ``language``
    (``desk --language fr``) holds for this run, over the Edit ▸ Language setting."""
    problem = display_problem()
    if problem:
        print(f"desk: {problem}", file=sys.stderr)
        return 2
    target: str
    if campaign is None:
        path = default_campaign_path()
        if not path.exists():
            from desk.services.campaign.scenarios import create_demo_campaign

            path.parent.mkdir(parents=True, exist_ok=True)
            create_demo_campaign(path=path, rules_system="belle-alliance")
            print(f"desk: made the default campaign {path} from the Plancenoit demo",
                  file=sys.stderr)
        target = str(path)
    else:
        target = campaign
        if "://" not in campaign and not Path(campaign).exists():
            print(f"desk: {campaign} does not exist (make one with 'desk demo {campaign}')",
                  file=sys.stderr)
            return 1
    from desk.ui.app import run_app

    return run_app(target=target, read_only=read_only, language=language)
