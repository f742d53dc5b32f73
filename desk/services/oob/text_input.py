"""Reading a user's text file (an order of battle, a spreadsheet's CSV) with plain refusals.

Every file the desk imports is read here as bytes and decoded as UTF-8, so that
a file in another encoding is refused with its name and the line, column and
byte where decoding failed, never with Python's codec message. A UTF-8
byte-order mark (what spreadsheets on Windows write) is dropped silently; a
UTF-16 or UTF-32 one is refused with the advice to save as UTF-8.

Refusals are :class:`~desk.services.errors.ImportRefused`, whose place starts
with the file's name: ``units.csv, line 3, column 7 (byte 61)``.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from desk.services.errors import ImportRefused

# Longest first: a UTF-32 LE mark begins with the UTF-16 LE one.
_OTHER_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32 (little-endian)"),
               (codecs.BOM_UTF32_BE, "UTF-32 (big-endian)"),
               (codecs.BOM_UTF16_LE, "UTF-16 (little-endian)"),
               (codecs.BOM_UTF16_BE, "UTF-16 (big-endian)"))
SAVE_AS_UTF8 = "save it as UTF-8"


def where(text: str, index: int) -> str:
    """``line L, column C`` of the character at ``index`` of ``text`` (both from 1)."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


def decode_text(data: bytes, *, name: str) -> str:
    """The text of a file's bytes (UTF-8, a leading UTF-8 BOM dropped), else ImportRefused
    naming the file and where the bytes stop being UTF-8."""
    for bom, encoding in _OTHER_BOMS:
        if data.startswith(bom):
            raise ImportRefused(place=name, reason=f"the file is in {encoding}, not UTF-8: "
                                f"{SAVE_AS_UTF8}")
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[start:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = start + exc.start
        good = data[start:offset].decode("utf-8")  # everything before the fault decodes
        bad = data[offset:offset + 1].hex()
        raise ImportRefused(
            place=f"{name}, {where(good + '?', len(good))} (byte {offset})",
            reason=f"the byte 0x{bad} is not UTF-8 text: {SAVE_AS_UTF8}") from None


def read_text_file(path: Path) -> str:
    """A user's file as text (see :func:`decode_text`); an unreadable file is refused too."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportRefused(place=path.name,
                            reason=f"cannot be read: {exc.strerror or exc}") from None
    return decode_text(data, name=path.name)


@contextmanager
def in_file(name: str) -> Iterator[None]:
    """Put the file's name in front of the place of a refusal raised inside the block."""
    try:
        yield
    except ImportRefused as exc:
        if exc.place.startswith(name):
            raise
        raise ImportRefused(place=f"{name}, {exc.place}" if exc.place else name,
                            reason=exc.reason) from None
