"""A printed sheet filled as a player's viewer fills it, for the window's import tests."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from pypdf import PdfWriter


def filled_sheet(pdf: bytes, values: dict[str, str], out: Path) -> Path:
    """``pdf`` with ``values`` in its fields (pypdf, no appearance regenerated), at ``out``."""
    writer = PdfWriter(clone_from=BytesIO(pdf))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    with out.open("wb") as file:
        writer.write(file)
    return out
