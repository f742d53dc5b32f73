"""Start the window from the command line: display check, campaign, composition root.

Everything here runs before or around ``QApplication``: a missing display is
reported in one line (Qt would otherwise abort), a campaign another desk holds
is offered read-only, and a campaign that cannot be opened gets one dialog.
"""

from __future__ import annotations

import gc
import importlib
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
    hold_collector()
    target: str
    if campaign is None:
        path = default_campaign_path()
        if not path.exists():
            from desk.services.campaign.scenarios import create_demo_campaign

            path.parent.mkdir(parents=True, exist_ok=True)
            create_demo_campaign(target=path, rules_system="belle-alliance")
            print(f"desk: made the default campaign {path} from the Plancenoit demo",
                  file=sys.stderr)
        target = str(path)
    else:
        target = campaign
        if "://" not in campaign and not Path(campaign).exists():
            print(f"desk: {campaign} does not exist (make one with 'desk demo {campaign}')",
                  file=sys.stderr)
            return 1
    load_before_qt(target)
    load_qt()
    from desk.ui.app import run_app

    return run_app(target=target, read_only=read_only, language=language)


# What the window's first screen reads, none of it Qt: the store with SQLite's dialect, the
# first screen's services and the rules' common modules (a system's own come with the
# campaign). tests/ui/test_launch_order.py imports each before Qt, as the desk does.
_BEFORE_QT = (
    "desk.store", "sqlalchemy.dialects.sqlite", "desk.store.tables.umpires",
    "desk.services.screens.startup", "desk.services.queries", "desk.services.bounds.events",
    "desk.services.positions.situation", "desk.services.orders.text",
    "desk.services.maps.images", "desk.services.umpires.guard",
    "desk.services.campaign.identity", "desk.services.journal_text",
    "desk.services.screens.scenario_names", "desk.rules.ruleset", "desk.rules.hexgrid",
    "desk.rules.words", "desk.rules.clauses", "desk.rules.condition", "tomllib",
    "desk.store.file_changes",
)


def hold_collector() -> None:
    """Hold Python's cyclic collector off for the start-up; run_app lets it go once the
    window is open (issue 28).

    A start-up makes what lives as long as the desk: modules, classes, mappers, widgets.
    The collector's walks over them while they are made find nothing to free and cost a
    start-up some 35 ms (by its counts of new objects, it walks them dozens of times).
    The window's build then puts them all out of its sight (``gc.freeze``, desk.ui.app).
    """
    gc.disable()


def load_before_qt(target: str | None = None) -> None:
    """Import the campaign store and the first screen's services before Qt (issue 28).

    Once PySide6 is imported, its import hook (shibokensupport's ``feature_imported``)
    reads the source of every module imported after it (``inspect.getsource``) to see
    whether it uses PySide's ``__feature__`` switches. None of these modules touches Qt,
    and the store's some 300 (SQLAlchemy, pydantic, SQLModel, the tables) cost a start-up
    about 80 ms of that reading when they came after it. ``target``: the campaign to be
    opened; a file's rules system is loaded now too (read with sqlite3, nothing opened)."""
    for name in _BEFORE_QT:
        importlib.import_module(name)
    if target is not None and "://" not in target:  # a file: its rules system's modules too
        from desk.rules import SYSTEM_PACKAGES
        from desk.store.probe import rules_systems_in

        for system in rules_systems_in(Path(target).expanduser()):
            if system in SYSTEM_PACKAGES:
                importlib.import_module(SYSTEM_PACKAGES[system])



def load_qt() -> None:
    """Import Qt, and spare its import hook the reading of every module's source (issue 28).

    PySide6's import hook (shibokensupport's ``feature_imported``) notes, for each module it
    sees imported, whether the module may switch PySide's ``__feature__`` options: the first
    time, it reads the module's whole source (``inspect.getsource``) and looks for "PySide6";
    after that it finds the answer in ``__feature__.pyside_feature_dict``. The desk uses no
    such option, so the answers are given here, as the hook would find them: 0 (uses PySide,
    no option) for desk.ui's modules, which all import Qt, and -1 (not PySide's) for the
    modules already loaded, which none do. A PySide without that dict is left to read
    (tests/ui/test_launch_order.py fails on it, so that the loss is seen).
    """
    import PySide6.QtCore  # noqa: F401  (installs the hook and ``__feature__``)

    answers = getattr(sys.modules.get("__feature__"), "pyside_feature_dict", None)
    if not isinstance(answers, dict):
        return
    ui = Path(__file__).parent
    for folder, _, files in os.walk(ui):
        package = ".".join(("desk", "ui", *Path(folder).relative_to(ui).parts))
        for file in files:
            if file.endswith(".py"):
                answers.setdefault(package if file == "__init__.py"
                                   else f"{package}.{file[:-3]}", 0)
    for name in list(sys.modules):
        answers.setdefault(name, -1)
