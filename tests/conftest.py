"""Root test configuration: Qt offscreen before anything imports it."""

import os

# Must happen before PySide6 is imported anywhere (pytest-qt imports it early).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QPA_FONTDIR", "/usr/share/fonts/truetype/dejavu")
