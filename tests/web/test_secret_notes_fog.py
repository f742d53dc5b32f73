"""Fog of war for secret notes (issue 33): notes with words of their own, by an umpire
with a name of their own, on a unit, a command and the bound, reach nothing the desk prints
or serves — every order sheet (blank, filled, fillable, the umpire's copy), the chart, the
bound report (open, and closed with its record), the packets and their mails, the losses
report, the debrief, the maps, the exports and every player's page — while the service and
``desk notes list`` still show them to their author and the chief, and to no other umpire.

The bound report and the unit's history name who entered each order (issue 33's "who"), so
the notes' author here writes nothing but notes: a name found anywhere is a leak.
"""

from __future__ import annotations

import email
import html
import os
from email.policy import default
from io import BytesIO
from pathlib import Path

from cli_run import desk
from note_helpers import name_umpires
from pages_campaign import SECRET_REASON, PagesCampaign
from pypdf import PdfReader
from starlette.testclient import TestClient

from desk.services.umpires.notes import add_note, note_target, secret_notes
from desk.services.umpires.targets import command_named
from desk.store import open_campaign
from desk.web.app import build_app

AUTHOR = "Zebulon"  # the notes' author: a name no sheet, page or unit of the demo has
SECRETS = ("QXJUNIT the Young Guard's second battalion is at half strength",
           "QXJCOMMAND Bülow will not march before seven",
           "QXJBOUND the thunderstorm breaks at the end of this bound")
MARK = "QXJ"  # in every note's text: any of them printed shows it


def _pdf_words(data: bytes) -> str:
    """A PDF's text, page after page, and its form fields' names and values (what a
    player's viewer shows of a fillable sheet)."""
    reader = PdfReader(BytesIO(data))
    fields = reader.get_fields() or {}
    values = [f"{name}={field.get('/V', '')}" for name, field in fields.items()]
    return "\n".join([*(page.extract_text() for page in reader.pages), *values])


def _folder_words(folder: Path) -> str:
    """Every file a command writes, read as its reader reads it: PDFs' text, mails' bodies
    and attachments, and any other file's text."""
    out = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        if path.suffix == ".pdf":
            out.append(_pdf_words(path.read_bytes()))
        elif path.suffix == ".eml":
            message = email.message_from_bytes(path.read_bytes(), policy=default)
            out.append(str(message["Subject"]))
            for part in message.walk():
                if part.get_content_type() == "text/plain":
                    out.append(part.get_content())
                elif part.get_content_type() == "application/pdf":
                    data = part.get_payload(decode=True)
                    assert isinstance(data, bytes)
                    out.append(_pdf_words(data))
        elif path.suffix != ".png":
            out.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(out)


def _as(umpire: str) -> dict[str, str]:
    return {**os.environ, "DESK_UMPIRE": umpire}


def _everything_printed(where: str, out: Path, *, bound: int, sides: tuple[str, ...]) -> str:
    """Every PDF, folder and line the command line makes of the campaign at ``bound``."""
    said: list[str] = []
    out.mkdir()

    def run(*args: str) -> None:
        done = desk(*args, env=_as("Marie"))
        assert done.returncode == 0, (args, done.stderr)
        said.append(done.stdout)

    for side in sides:
        for mode in ("--blank", "--filled", "--umpire"):
            run("sheets", where, "--side", side, "--bound", str(bound), mode,
                "-o", str(out / f"{side}{mode}.pdf"))
        run("sheets", where, "--side", side, "--fillable", "-o", str(out / f"{side}-fill.pdf"))
        run("map", where, "--side", side, "-o", str(out / f"{side}-map.pdf"))
    run("sheets", where, "--side", "French", "--command", "VI Corps", "--filled",
        "-o", str(out / "vi-corps.pdf"))
    run("chart", "belle-alliance", "--campaign", where, "-o", str(out / "chart.pdf"))
    run("report", where, "--bound", str(bound), "-o", str(out / "report.pdf"))
    run("packets", where, "-o", str(out / "packets"), "--from", "umpire@example.org")
    run("losses", where, "-o", str(out / "losses.pdf"))
    run("debrief", where, "--bound", str(bound), "-o", str(out / "debrief.pdf"))
    run("map", where, "-o", str(out / "umpires-map.pdf"))
    run("export-oob", where, "-o", str(out / "oob.json"))
    run("export-units", where, "-o", str(out / "units.csv"))
    run("info", where)
    return "\n".join([*said, _folder_words(out)])


def _pages(path: Path, pages: PagesCampaign) -> str:
    """Every player's page and map, as their browser receives them."""
    with TestClient(build_app(path), follow_redirects=False) as client:
        read = []
        for token in pages.tokens.values():
            for response in (client.get(f"/p/{token}"), client.get(f"/p/{token}/map.png")):
                assert response.status_code == 200
                head = "\n".join(f"{k}: {v}" for k, v in response.headers.items())
                body = "" if "image/" in response.headers["content-type"] else response.text
                read.append(html.unescape(f"{head}\n{body}"))
    return "\n".join(read)


def _leaks(text: str) -> list[str]:
    return [word for word in (MARK, AUTHOR, *SECRETS) if word in text]


def test_secret_notes_reach_no_sheet_packet_report_or_page(pages: PagesCampaign,
                                                           tmp_path: Path) -> None:
    path, where = pages.path, str(pages.path)
    name_umpires(path, {"Marie": "chief", AUTHOR: "sector", "Lou": "sector"})
    unit = next(iter(pages.units["French"].values()))
    with open_campaign(path, umpire=AUTHOR) as store, store.session() as session:
        add_note(session=session, unit_id=unit, text=SECRETS[0])
        add_note(session=session, command_id=command_named(session=session, name="IV Corps"),
                 text=SECRETS[1])
        add_note(session=session, text=SECRETS[2])  # the open bound
    sides = ("French", "Prussian")
    open_one = _everything_printed(where, tmp_path / "open", bound=1, sides=sides)
    served = _pages(path, pages)
    closed = desk("close", where, "--drop-drafts", env=_as("Marie"))  # the chief closes
    assert closed.returncode == 0, closed.stderr
    closed_one = _everything_printed(where, tmp_path / "closed", bound=1, sides=sides)
    second = _everything_printed(where, tmp_path / "next", bound=2, sides=sides)
    record = desk("record", where, "--bound", "1", env=_as("Marie")).stdout
    for name, text in (("open bound 1", open_one), ("closed bound 1", closed_one),
                       ("bound 2", second), ("pages", served), ("pages after the close",
                       _pages(path, pages)), ("close and record", closed.stdout + record)):
        assert _leaks(text) == [], f"{name} shows {_leaks(text)}"
    # the outputs were read: the demo's names, and the record of the closed bound
    assert "Plancenoit" in open_one and "Young Guard" in second and "order applied" in record
    assert SECRET_REASON in open_one  # the umpire's copy and report were read, words and all

    # The notes are there still, for their author and the chief only.
    for umpire, seen in ((AUTHOR, 3), ("Marie", 3), ("Lou", 0)):
        with open_campaign(path, read_only=True, umpire=umpire) as store, \
                store.session() as session:
            assert len(secret_notes(session=session)) == seen, umpire
            on_unit = secret_notes(session=session,
                                   target=note_target(session=session, unit_id=unit))
            assert [n.text for n in on_unit] == ([SECRETS[0]] if seen else [])
        listed = desk("notes", where, "list", env=_as(umpire)).stdout
        assert all((s in listed) == bool(seen) for s in SECRETS), umpire
    assert f"· {AUTHOR} ·" in desk("notes", where, "list", env=_as("Marie")).stdout
