"""Each rules system's demo campaign made once per test process, copied for each test.

Making a demo (scenario, map, deployment on it) takes seconds; a module or test that
only needs "a demo to change" gets a consistent copy of the one made first. Tests about
making demos, or that need two campaign files with different secrets, still call
``create_demo_campaign`` themselves.
"""

from __future__ import annotations

from pathlib import Path

from desk.services.campaign.scenarios import create_demo_campaign
from desk.store import backup_sqlite


class DemoCache:
    """Pristine demos in ``folder``, made on first request."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._made: dict[str, Path] = {}

    def pristine(self, system: str) -> Path:
        """The untouched demo of ``system`` (never to be changed by a test)."""
        if system not in self._made:
            path = self._folder / f"{system}.desk"
            create_demo_campaign(target=path, rules_system=system)
            self._made[system] = path
        return self._made[system]

    def copy(self, *, system: str, dest: Path) -> Path:
        """A private copy of the demo of ``system`` at ``dest``."""
        return backup_sqlite(store_or_path=self.pristine(system), dest=dest)
