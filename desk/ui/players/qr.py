"""A player's link as a QR code, for a phone's camera: drawn by segno (pure Python) as PNG
bytes in memory, shown as a QPixmap. Nothing is written to disk.

Black on white with segno's four-module quiet zone, in the dark scheme too: a scanner
looks for dark modules on a light ground. Error correction "M" (15 % of the code may be
lost), as a phone held over a screen at a club table asks; segno raises it further when
the link leaves room at that size (``boost_error``).
"""

from __future__ import annotations

import io

import segno
from PySide6.QtGui import QPixmap

QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks


def qr_png(text: str, *, scale: int = 4) -> bytes:
    """The PNG of ``text``'s QR code, ``scale`` pixels a module."""
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=QUIET_ZONE, dark="black", light="white")
    return out.getvalue()


def qr_pixmap(text: str, *, scale: int = 4) -> QPixmap:
    """``text``'s QR code as a pixmap to put in a label."""
    pixmap = QPixmap()
    pixmap.loadFromData(qr_png(text, scale=scale), "PNG")
    return pixmap
