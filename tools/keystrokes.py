"""Count the keystrokes of issue 30's bound in the real desk under X: ten orders, five casualties.

Run under an X server (``Xvfb :99 -screen 0 1366x768x24 &``) with xdotool and ImageMagick::

    DISPLAY=:99 python3 tools/keystrokes.py --flow new --out /tmp/shots
    DISPLAY=:99 python3 tools/keystrokes.py --flow old --source OLD_CHECKOUT --out /tmp/old

It writes a Belle Alliance demo campaign, starts the desk on it (``--source``: from another
checkout, e.g. the commit before issue 30), plays the flow with xdotool, counting one per key
or chord and one per character typed, takes screenshots, quits the desk and prints the counts.
The ``old`` flow is what the same orders took before the words set the fields, the names were
picked and the casualties had a grid: fields set by hand, names spelt whole, one event dialog
per unit. Both flows type the same order texts (192 characters); docs/keystrokes.md has the
figures. The desk runs without a window manager, so after a dialog closes the window is given
the X focus again (not a keystroke: a person's window manager does it).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


class Keyboard:
    """xdotool on the display, counting keystrokes."""

    def __init__(self, shots: Path) -> None:
        self.count = 0
        self.shots = shots

    def _x(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], check=True, capture_output=True,
                              text=True).stdout

    def focus(self) -> None:
        """Give the desk's window the X focus (not counted)."""
        found = self._x("search", "--onlyvisible", "--name", "Umpire").split()
        if found:
            self._x("windowfocus", "--sync", found[-1])

    def key(self, *chords: str, pause: float = 0.3) -> None:
        """Press each chord ("ctrl+Return", "Tab"): one keystroke each."""
        for chord in chords:
            self._x("key", "--clearmodifiers", chord)
            self.count += 1
            time.sleep(pause)

    def type(self, text: str, pause: float = 0.3) -> None:
        """Type ``text``: one keystroke per character."""
        self._x("type", "--delay", "30", text)
        self.count += len(text)
        time.sleep(pause)

    def shot(self, name: str) -> None:
        """A screenshot of the whole screen into the output folder."""
        subprocess.run(["import", "-window", "root", str(self.shots / f"{name}.png")],
                       check=True)


TEXTS = ("Follow the corps", "Hold the farm", "Cross the Lasne bridge in column of march",
         "Advance to Plancenoit", "Stay in reserve", "Form square", "Fire on the Prussians",
         "Attack the village", "Form line and fire", "Charge the battery")
CASUALTIES = (("1/5e ligne", "3"), ("2/5e ligne", "2"), ("1/11e", "1"), ("2/11e", "2"),
              ("tirailleurs of the 5e", "1"))


def new_orders(k: Keyboard) -> None:
    """The words set the fields; the bridge and the place are picked from their lists."""
    k.key("ctrl+j")
    for n, text in enumerate(TEXTS[:9]):
        k.type(text)
        if n == 2:
            k.key(*["Tab"] * 6)
            k.type("lasne")
            k.key("Down", "Down", "Return")
        if n == 3:
            k.key("Tab", "Tab")
            k.type("planc")
            k.key("Down", "Return")
        k.key("ctrl+Return", pause=0.6)
    k.key("ctrl+f")
    k.type("4e chass")
    k.key("Return")
    k.type(TEXTS[9])
    k.shot("orders-charge")
    k.key("ctrl+Return", pause=0.6)


def new_casualties(k: Keyboard) -> None:
    """The casualties grid of Brigade Bellair: the figures typed down the column."""
    k.key("ctrl+f")
    k.type("bellair")
    k.key("Return")
    k.key("ctrl+shift+x", pause=0.8)
    for _unit, figure in CASUALTIES:
        k.type(figure)
        k.key("Return")
    k.shot("casualties-grid")
    k.key("ctrl+Return", pause=0.8)
    k.focus()
    k.key("ctrl+f", "BackSpace", "Return")


def old_orders(k: Keyboard) -> None:
    """Each field set by hand after the words; the bridge and the place spelt whole."""
    tab = "Tab"
    by_hand: dict[int, Callable[[], None]] = {
        1: lambda: (k.key(tab), k.type("h")),  # rate: halt
        2: lambda: (k.key(*[tab] * 5), k.type("column of m"), k.key(*[tab] * 5),
                    k.type("Lasne bridge")),
        3: lambda: (k.key(tab, tab), k.type("Plancenoit")),
        4: lambda: (k.key(tab), k.type("h")),
        5: lambda: (k.key(*[tab] * 5), k.type("sq")),
        6: lambda: k.key(*[tab] * 6, "space"),
        7: lambda: k.key(*[tab] * 7, "space"),
        8: lambda: (k.key(*[tab] * 5), k.type("li"), k.key(tab, "space")),
    }
    k.key("ctrl+j")
    for n, text in enumerate(TEXTS[:9]):
        k.type(text)
        if n in by_hand:
            by_hand[n]()
        k.key("ctrl+Return", pause=0.6)
    k.key("ctrl+f")
    k.type("4e chass")
    k.key("Return")
    k.type(TEXTS[9])
    k.key("Tab")
    k.type("c")
    k.shot("orders-charge")
    k.key("ctrl+Return", pause=0.6)


def old_casualties(k: Keyboard) -> None:
    """One event dialog per unit; the event kind chosen once in the unit panel."""
    for n, (unit, figure) in enumerate(CASUALTIES):
        k.key("ctrl+f")
        k.type(unit)
        k.key("Return")
        if n == 0:  # Tab from the order text to the unit panel's event list
            k.key(*["Tab"] * 17)
            k.type("cas")
        k.key("ctrl+e", pause=0.9)
        k.type(figure)
        k.key("Return", pause=0.6)
        k.focus()
    k.shot("casualties-after")
    k.key("ctrl+f", "BackSpace", "Return")


def main(argv: list[str] | None = None) -> int:
    """Play one flow and print its keystrokes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flow", choices=("new", "old"), required=True)
    parser.add_argument("--source", type=Path, help="a checkout of the desk to run instead")
    parser.add_argument("--out", type=Path, default=Path("keystrokes"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ}
    if args.source:
        env["PYTHONPATH"] = str(args.source.resolve())
    with tempfile.TemporaryDirectory() as tmp:
        env["DESK_DATA_DIR"] = f"{tmp}/data"
        campaign = f"{tmp}/c.desk"
        subprocess.run([sys.executable, "-m", "desk", "demo", campaign], check=True, env=env,
                       capture_output=True)
        desk = subprocess.Popen([sys.executable, "-m", "desk", campaign], env=env)
        try:
            time.sleep(8)
            k = Keyboard(args.out)
            k.focus()
            (new_orders if args.flow == "new" else old_orders)(k)
            orders = k.count
            (new_casualties if args.flow == "new" else old_casualties)(k)
            k.shot("end")
            print(f"{args.flow}: orders {orders} keystrokes "
                  f"({sum(map(len, TEXTS)) + len('4e chass')} of them typed text), "
                  f"casualties {k.count - orders}, total {k.count}")
        finally:
            desk.terminate()
            desk.wait(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
