"""Reminders to the late (issue 22): one ``.eml`` draft per player whose commands have
returned no order for the bound. The desk sends nothing; the umpire does."""

from __future__ import annotations

from pathlib import Path

from desk.i18n import _
from desk.services.packets.deadlines import TurnInBoard
from desk.sheets.mail import mail_draft
from desk.sheets.packets import check_folder


def write_reminders(board: TurnInBoard, folder: Path, *, campaign: str,
                    sender: str | None = None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A draft per address with late commands; (file name, commands) of each written.
    Refused, nothing written, when ``folder`` exists and is not empty."""
    check_folder(folder)
    by_address: dict[str, list[str]] = {}
    for row in board.late:
        for address in row.addresses:
            by_address.setdefault(address, []).append(f"{row.side}: {row.command}")
    due = board.deadline.strftime("%Y-%m-%d %H:%M %Z") if board.deadline else ""
    drafts = []
    for n, (address, commands) in enumerate(sorted(by_address.items()), start=1):
        lines = [_("Your orders for bound {bound} have not come back yet for: {names}.").format(
            bound=board.bound, names=", ".join(commands))]
        if due:
            lines.append(_("They are due by {when}.").format(when=due))
        lines.append(_("Units without an order follow the campaign's setting: {setting}.")
                     .format(setting=board.no_order))
        subject = _("{campaign}: orders for bound {bound} awaited").format(
            campaign=campaign, bound=board.bound)
        drafts.append((f"reminder-{n:02d}-bound-{board.bound}.eml", tuple(commands),
                       mail_draft(to=[address], subject=subject, body="\n".join(lines) + "\n",
                                  sender=sender)))
    folder.mkdir(parents=True, exist_ok=True)
    for name, _commands, data in drafts:
        (folder / name).write_bytes(data)
    return tuple((name, commands) for name, commands, _data in drafts)
