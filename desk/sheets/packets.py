"""Writing the packets of a bound into a folder (issue 22).

Every file is made in memory first; only then is anything written, so a refusal
(the folder exists and is not empty) or a failure leaves the disk as it was. Each
packet's folder holds the fillable order sheet (with the dispatches delivered to its
units), the side's map view when the battle has a map, the situation report, and a
mail draft (``.eml``) to its player when the campaign names one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from desk.i18n import _
from desk.services.packets.plan import PacketModel
from desk.services.printing.errors import SheetError
from desk.sheets.mail import mail_draft
from desk.sheets.map_sheet import MapSheet
from desk.sheets.order_sheet import OrderSheet
from desk.sheets.situation_report import SituationReport


class PacketFolderRefused(SheetError):
    """The packets' folder cannot be used: nothing was written."""


@dataclass(frozen=True)
class WrittenPacket:
    """One packet on disk: its folder and the files in it."""

    folder: Path
    files: tuple[str, ...]
    mailed_to: tuple[str, ...]


def check_folder(folder: Path) -> None:
    """Refuse a folder that exists and is not empty, or a file, in one sentence."""
    if folder.exists() and not folder.is_dir():
        raise PacketFolderRefused(_("{path} is a file, not a folder").format(path=folder))
    if folder.is_dir() and any(folder.iterdir()):
        raise PacketFolderRefused(_("the folder {path} is not empty: give a new or empty "
                                    "folder").format(path=folder))


def packet_files(packet: PacketModel) -> list[tuple[str, bytes]]:
    """The files of one packet, name and bytes (no mail draft)."""
    stem = f"bound-{packet.situation.bound}"
    files = [(f"{stem}-situation.pdf", SituationReport().render(packet.situation)),
             (f"{stem}-orders.pdf", OrderSheet().render(packet.sheet))]
    if packet.map is not None:
        files.append((f"{stem}-map.pdf", MapSheet().render(packet.map)))
    return files


def _body(packet: PacketModel) -> str:
    situation = packet.situation
    lines = [_("{name},").format(name=packet.player.name if packet.player else packet.side), "",
             _("Here is your packet for bound {bound} ({time}): the situation report, your "
               "order sheet (fill it in and send it back){map}.").format(
                 bound=situation.bound, time=situation.game_time,
                 map=_(", the map as you see it") if packet.map is not None else "")]
    if situation.deadline:
        lines.append(_("Orders are due by {when}.").format(when=situation.deadline))
    lines += ["", _("The desk's dice for this bound are sealed: SHA-256 {c}.").format(
        c=packet.commitment)]
    return "\n".join(lines) + "\n"


def write_packets(packets: Sequence[PacketModel], folder: Path, *,
                  sender: str | None = None) -> tuple[WrittenPacket, ...]:
    """Write every packet under ``folder`` (made if missing; refused if not empty)."""
    check_folder(folder)
    made: list[tuple[PacketModel, list[tuple[str, bytes]]]] = []
    for packet in packets:
        files = packet_files(packet)
        if packet.player is not None:
            subject = _("{campaign}: your packet for bound {bound}").format(
                campaign=packet.situation.campaign, bound=packet.situation.bound)
            files.append((f"bound-{packet.situation.bound}-mail.eml", mail_draft(
                to=[packet.player.address], subject=subject, body=_body(packet),
                attachments=list(files), sender=sender)))
        made.append((packet, files))
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for packet, files in made:
        where = folder / packet.folder
        where.mkdir(exist_ok=True)
        for name, data in files:
            (where / name).write_bytes(data)
        out.append(WrittenPacket(folder=where, files=tuple(n for n, _d in files),
                                 mailed_to=(packet.player.address,) if packet.player else ()))
    return tuple(out)
