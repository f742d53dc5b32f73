"""One evening at the umpire's table, played through the real ``desk`` command and the public
services as separate steps: what the scenarios of this folder share.

:class:`Evening` holds one campaign file in the test's folder. :meth:`Evening.desk` runs the
``desk`` command in process (``desk.cli.main``, the console script's own entry) and returns
what the umpire reads on the terminal; :meth:`Evening.call` runs one service in its own
transaction, as the window does; :meth:`Evening.script` first reads the version that guards a
write, as a script does. The PDF helpers read a sheet or a packet as a player sees it (its
text, its fields) and fill a fillable sheet with pypdf as a player's PDF reader would.
"""

from __future__ import annotations

import io
import json
import struct
import zlib
from collections.abc import Callable, Mapping
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader, PdfWriter

from desk.cli import main
from desk.services import versions
from desk.services.common import current_battle
from desk.services.errors import ServiceError
from desk.services.queries import order_table
from desk.store import open_campaign


@dataclass(frozen=True)
class Said:
    """What one ``desk`` command printed, and its exit code."""

    code: int
    out: str
    err: str


class Evening:
    """A campaign file being played, step after step, from ``desk demo`` on."""

    def __init__(self, folder: Path, rules: str, *, oob: Mapping[str, Any] | None = None) -> None:
        """``desk demo --rules RULES``, or with ``oob`` that order of battle through
        ``desk import-oob`` (a JSON file in the folder, as an organiser writes one)."""
        self.folder = folder
        self.path = folder / f"{rules}.desk"
        # What each step showed, by the step's name: the tests of a scenario read it back.
        self.said: dict[str, Said] = {}
        if oob is None:
            self.record("demo", "demo", "--rules", rules, str(self.path), campaign=False)
            assert self.said["demo"].code == 0, self.said["demo"].err
            return
        source = folder / "oob.json"
        source.write_text(json.dumps(oob, ensure_ascii=False), encoding="utf-8")
        self.record("import-oob", "import-oob", str(source), str(self.path), campaign=False)
        assert self.said["import-oob"].code == 0, self.said["import-oob"].err

    # --- the command line -------------------------------------------------------------------
    def desk(self, *args: str) -> Said:
        """Run ``desk ARGS`` in process (the caller places the campaign file)."""
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(args))
        return Said(code, out.getvalue(), err.getvalue())

    def record(self, step: str, command: str, *args: str, campaign: bool = True) -> Said:
        """``desk COMMAND CAMPAIGN ARGS`` as the step called ``step``, kept in :attr:`said`
        whatever it answered (a scenario's tests assert on it, one step each)."""
        said = self.desk(command, *((str(self.path),) if campaign else ()), *args)
        self.said[step] = said
        return said

    def attempt(self, step: str, write: Callable[[], Any]) -> Any:
        """A service step kept in :attr:`said`: its result's text, or its refusal's sentence."""
        try:
            result = write()
        except ServiceError as exc:
            self.said[step] = Said(1, "", str(exc))
            return None
        self.said[step] = Said(0, str(result), "")
        return result

    def ok(self, command: str, *args: str) -> str:
        """``desk COMMAND CAMPAIGN ARGS``: must succeed; its standard output."""
        said = self.desk(command, str(self.path), *args)
        assert said.code == 0, said.err
        assert "Traceback" not in said.err
        return said.out

    def refused(self, command: str, *args: str) -> str:
        """``desk COMMAND CAMPAIGN ARGS``: must be refused in one line; that line."""
        said = self.desk(command, str(self.path), *args)
        assert said.code != 0 and "Traceback" not in said.err
        (line,) = said.err.strip().splitlines()
        return line

    # --- the services -----------------------------------------------------------------------
    def call(self, fn: Callable[..., Any], **kwargs: Any) -> Any:
        """One service in its own transaction on the campaign file."""
        with open_campaign(self.path) as store, store.session() as session:
            return fn(session=session, **kwargs)

    @property
    def battle_id(self) -> int:
        with open_campaign(self.path) as store, store.session() as session:
            _campaign, battle = current_battle(session)
            return battle.id or 0

    def units(self) -> dict[str, int]:
        """Every unit's id by its name (as the order table labels it)."""
        rows = self.call(order_table, battle_id=self.battle_id)
        return {row.unit: row.unit_id for row in rows}

    def write_order(self, unit: str, fields: Mapping[str, Any], verbatim: str = "") -> Any:
        """The umpire types a unit's order (read its version, then write), as a script does."""
        from desk.services.orders.write import write_order

        battle_id, unit_id = self.battle_id, self.units()[unit]
        seen = self.call(versions.order_version, battle_id=battle_id, unit_id=unit_id)
        return self.call(write_order, battle_id=battle_id, unit_id=unit_id, fields=fields,
                         verbatim=verbatim, seen_version=seen)


    def save_drafts(self, *, reason: str = "") -> tuple[str, ...]:
        """The umpire reads each draft (an imported sheet's order, a delivered dispatch) and
        saves it as it stands, as the window's Save does; the units saved. A draft refused as
        it stands (one the couriers held back over the limit, say) is saved with ``reason``
        when one is given, as the umpire overrules in the window; else it stays a draft."""
        from desk.services.orders.write import amend_order, get_order

        saved = []
        for row in self.call(order_table, battle_id=self.battle_id):
            if row.status != "draft" or row.order_id is None:
                continue
            view = self.call(get_order, order_id=row.order_id)
            try:
                self.call(amend_order, order_id=row.order_id, fields=view.fields,
                          verbatim=view.verbatim, seen_version=view.version)
            except ServiceError:  # refused as it stands
                if not reason:
                    continue  # it stays a draft for the close
                self.call(amend_order, order_id=row.order_id, fields=view.fields,
                          verbatim=view.verbatim, override_reason=reason,
                          seen_version=view.version)
            saved.append(row.unit)
        return tuple(saved)


def lines_with(text: str, *words: str) -> list[str]:
    """The lines of ``text`` holding every one of ``words``."""
    return [line for line in text.splitlines() if all(w in line for w in words)]


# --- PDFs as a player sees them -----------------------------------------------------------
def pdf_text(path: Path) -> str:
    """Every page's text, as a player reads the PDF."""
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def pdf_fields(path: Path) -> dict[str, str]:
    """The fillable fields' names and values."""
    fields = PdfReader(path).get_fields() or {}
    return {name: str(field.get("/V", "")) for name, field in fields.items()}


def fill(blank: Path, filled: Path, values: Mapping[str, str]) -> Path:
    """Fill a fillable sheet's fields as a player's PDF reader does; the filled file."""
    writer = PdfWriter(clone_from=blank)
    for page in writer.pages:
        writer.update_page_form_field_values(page, dict(values), auto_regenerate=False)
    with filled.open("wb") as out:
        writer.write(out)
    return filled


def png(path: Path, width: int, height: int) -> Path:
    """A plain green PNG map of ``width`` x ``height`` pixels, written with zlib and struct."""
    row = b"\x00" + b"\x50\x90\x50" * width
    raw = zlib.compress(row * height, 9)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw)
                     + chunk(b"IEND", b""))
    return path
