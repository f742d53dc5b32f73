"""What importing the store costs at every start-up (issue 28)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_the_store_imports_no_postgresql_dialect_until_a_server_is_opened() -> None:
    """The window's start-up on a campaign file needs SQLite's dialect only: SQLAlchemy's
    PostgreSQL dialect (with its drivers) loads when a server campaign is opened."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root),
                                                      os.environ.get("PYTHONPATH", "")])}
    code = ("import sys, desk.store, desk.store.tables, desk.services.screens.startup\n"
            "print(sorted(m for m in sys.modules if m.startswith('sqlalchemy.dialects.post')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=True, timeout=120)
    assert done.stdout.strip() == "[]"
