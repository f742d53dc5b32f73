"""A throwaway PostgreSQL 15 server for the tests, from the machine's own binaries.

The server refuses to run as root, so when the tests run as root the data
directory is handed to the ``postgres`` user and ``initdb``/``pg_ctl`` run
through ``runuser -u postgres --``. The server listens on 127.0.0.1 at a free
port and keeps its socket in its own temporary directory; ``fsync=off``
because the data is thrown away at the end.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

PG_BIN = Path(os.environ.get("DESK_PG_BIN", "/usr/lib/postgresql/15/bin"))


def unavailable_reason() -> str | None:
    """Why no server can be started here, or None if it can."""
    for tool in ("initdb", "pg_ctl", "postgres"):
        if not (PG_BIN / tool).is_file():
            return f"PostgreSQL server binaries not found ({PG_BIN / tool} is missing)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root, but runuser is missing to start PostgreSQL as postgres"
    try:
        import psycopg  # noqa: F401  (the driver the desk uses)
    except ImportError:
        return "psycopg is not installed"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PgServer:
    """One running server; :meth:`create_database` gives each test its own database."""

    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="desk-pg-"))
        self.base.chmod(0o755)  # the postgres user must be able to traverse it
        self.data = self.base / "data"
        self.port = _free_port()
        self._as_root = os.geteuid() == 0
        self.data.mkdir()
        if self._as_root:
            shutil.chown(self.data, "postgres", "postgres")
            shutil.chown(self.base, "postgres", "postgres")

    def _run(self, *args: str) -> None:
        command = [str(a) for a in args]
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> PgServer:
        """initdb, then pg_ctl start and wait until it accepts connections."""
        self._run(str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        self.resume()
        return self

    def resume(self) -> None:
        """pg_ctl start on the existing data directory; returns once it accepts connections."""
        options = (f"-k {self.base} -p {self.port} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.base / "log"),
                  "-o", options, "-w", "-t", "60", "start")

    def pause(self) -> None:
        """Stop the server (fast shutdown: open sessions are ended) but keep its data, for
        :meth:`resume`: the server going away under an open campaign and coming back."""
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        """A SQLAlchemy URL for one database of this server."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, prefix: str = "desk", *, template: str | None = None) -> str:
        """CREATE DATABASE under a fresh name (a copy of ``template`` if given); its URL."""
        import psycopg

        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        copied = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                             dbname="postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"{copied}')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """DROP DATABASE of ``url``, closing any connection a test left open (WITH FORCE).

        A test's database is dropped when the test ends: its files go while the page cache
        still holds them, instead of some hundred databases' files at the end of the run.
        """
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                             dbname="postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove its directory."""
        try:
            self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
