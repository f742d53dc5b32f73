"""Mail drafts (issue 22): ``.eml`` files any mail program opens, ready to send.

Built with the standard :mod:`email` package (an :class:`~email.message.EmailMessage`
with its attachments). The desk sends nothing itself: the umpire opens the draft
and presses send. ``X-Unsent: 1`` makes some programs open it as a draft to edit.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Sequence
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid


def mail_draft(*, to: Sequence[str], subject: str, body: str,
               attachments: Sequence[tuple[str, bytes]] = (),
               sender: str | None = None) -> bytes:
    """The draft's bytes: ``to`` the addresses, ``body`` plain text, each attachment by
    its file name and bytes."""
    message = EmailMessage()
    if sender:
        message["From"] = sender
    message["To"] = ", ".join(to)
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="umpires-desk.invalid")
    message["X-Unsent"] = "1"
    message.set_content(body)
    for name, data in attachments:
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        main, sub = kind.split("/", 1)
        message.add_attachment(data, maintype=main, subtype=sub, filename=name)
    return message.as_bytes(policy=SMTP)
