"""Render the application icon's PNG sizes from its SVG, offscreen.

Run from the checkout after editing ``resources/icons/desk.svg``::

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render-icons.py

and commit the PNGs it writes beside the SVG (``desk-48.png`` ... ``desk-512.png``).
Qt's own SVG renderer is used so no extra tool (rsvg-convert) is needed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Before Qt is imported: no display is needed to draw into an image.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (48, 64, 128, 256, 512)


def render(svg: Path, size: int, target: Path) -> None:
    """Draw ``svg`` into a transparent ``size`` x ``size`` PNG at ``target``."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg} is not an SVG that Qt can read")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    if not image.save(str(target), "PNG"):
        raise SystemExit(f"could not write {target}")


def main() -> int:
    """Render every size; print what was written."""
    _app = QGuiApplication(sys.argv[:1])  # QPainter on a QImage wants a Gui app for fonts
    svg = ICONS / "desk.svg"
    for size in SIZES:
        target = ICONS / f"desk-{size}.png"
        render(svg, size, target)
        print(f"wrote {target} ({target.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
