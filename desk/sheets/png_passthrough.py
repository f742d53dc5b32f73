"""Put a PNG into a PDF without decoding it: its IDAT stream is already PDF's FlateDecode.

reportlab decodes an image and compresses it again (and hashes it, and writes
it in ASCII85): for a 40-megapixel map that is three seconds, over the side
view's two-second budget. A plain PNG (8-bit grey or RGB, not interlaced) is
a zlib stream with PNG row predictors, which PDF reads as it is with
``/DecodeParms << /Predictor 15 /Colors n /BitsPerComponent 8 /Columns w >>``.
Anything else (palette, alpha, 16-bit, interlaced, JPEG) goes through
reportlab's own ``drawImage``, which passes a JPEG through untouched anyway.

This reaches into reportlab's canvas the way ``Canvas.drawImage`` itself
registers an image (``_doc.Reference``, ``_code``, ``_formsinuse``): the
tests read the PDF back with pypdf and compare the image's pixels.
"""

from __future__ import annotations

import hashlib
import struct
from io import BytesIO
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFImageXObject, PDFName, PDFStream

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def plain_png(data: bytes) -> tuple[int, int, int, bytes] | None:
    """``(width, height, colours, idat)`` of a PNG PDF can read as is, else None."""
    if not data.startswith(_SIGNATURE):
        return None
    at, idat, header = 8, [], None
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        at += 12 + length
    if header is None or not idat:
        return None
    width, height, depth, colour, _compression, _filter, interlace = header
    colours = {0: 1, 2: 3}.get(colour)
    if depth != 8 or colours is None or interlace != 0:
        return None
    return width, height, colours, b"".join(idat)


class _PngXObject(PDFImageXObject):  # type: ignore[misc]  # reportlab ships no types
    """An image XObject whose stream is a PNG's IDAT data, read with PNG predictors."""

    def __init__(self, name: str, width: int, height: int, colours: int, idat: bytes) -> None:
        super().__init__(name)
        self.width, self.height, self.colours = width, height, colours
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceRGB" if colours == 3 else "DeviceGray"
        self.streamContent = idat
        self._filters = ("FlateDecode",)

    def format(self, document: Any) -> bytes:
        stream = PDFStream(content=self.streamContent)
        stream.filters = ()  # already compressed: reportlab must not touch it
        entries = stream.dictionary
        entries["Type"] = PDFName("XObject")
        entries["Subtype"] = PDFName("Image")
        entries["Width"] = self.width
        entries["Height"] = self.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = PDFName(self.colorSpace)
        # One filter, named, with its parameters as one dictionary (an array of filters
        # would need an array of parameters: poppler ignores a lone dictionary then).
        entries["Filter"] = PDFName("FlateDecode")
        entries["DecodeParms"] = PDFDictionary({"Predictor": 15, "Colors": self.colours,
                                                "BitsPerComponent": 8, "Columns": self.width})
        entries["Length"] = len(self.streamContent)
        return bytes(stream.format(document))


def draw_image(canv: Any, data: bytes, x: float, y: float, width: float,
               height: float) -> None:
    """Draw the PNG or JPEG ``data`` in the box; a plain PNG without decoding it."""
    plain = plain_png(data)
    if plain is None:
        canv.drawImage(ImageReader(BytesIO(data)), x, y, width, height)
        return
    name = "png" + hashlib.sha1(data[:4096] + str(len(data)).encode()).hexdigest()
    registered = canv._doc.getXObjectName(name)
    if canv._doc.idToObject.get(registered) is None:
        image = _PngXObject(name, *plain)
        canv._setXObjects(image)
        canv._doc.Reference(image, registered)
        canv._doc.addForm(name, image)
    canv.saveState()
    canv.translate(x, y)
    canv.scale(width, height)
    canv._code.append(f"/{registered} Do")
    canv.restoreState()
    canv._formsinuse.append(name)  # the page's resources list it (as drawImage does)
    canv._currentPageHasImages = 1
