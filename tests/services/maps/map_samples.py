"""Small real images for the map tests: PNGs by the desk's own writer, a JPEG header,
PDFs made by reportlab around them (no Pillow)."""

from __future__ import annotations

import struct
from io import BytesIO

from desk.services.maps.images import png_bytes


def green_png(width: int = 40, height: int = 30) -> bytes:
    """A plain green field."""
    return png_bytes(width, height, bytes([60, 140, 60]) * (width * height))


def jpeg_header(width: int, height: int) -> bytes:
    """The first bytes of a baseline JPEG: SOI, an APP0 segment, then SOF0 with the size."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof0 = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof0 + b"\xff\xd9"


def pdf_with_png(png: bytes, *, pages: int = 1) -> bytes:
    """A PDF whose last page shows ``png`` (reportlab embeds it as a Flate image)."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = BytesIO()
    sheet = canvas.Canvas(out)
    for number in range(pages):
        if number == pages - 1:
            sheet.drawImage(ImageReader(BytesIO(png)), 50, 50, 300, 200)
        else:
            sheet.drawString(50, 50, "A page of text")
        sheet.showPage()
    sheet.save()
    return out.getvalue()


def pdf_without_pages() -> bytes:
    """A well-formed PDF with an empty page tree."""
    from pypdf import PdfWriter

    out = BytesIO()
    PdfWriter().write(out)
    return out.getvalue()


def real_jpeg(width: int = 64, height: int = 48) -> bytes:
    """A whole baseline JPEG (Pillow, which reportlab brings)."""
    from PIL import Image

    out = BytesIO()
    Image.new("RGB", (width, height), (120, 100, 60)).save(out, "JPEG")
    return out.getvalue()


def pdf_with_image_stream(*, width: int, height: int, filters: list[str], stream: bytes,
                          colour_space: str = "/DeviceRGB") -> bytes:
    """A one-page PDF whose page holds one image XObject with the dictionary given and the
    raw (already encoded) ``stream``: a file a hostile or broken tool could write."""
    from pypdf import PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        StreamObject,
    )

    writer = PdfWriter()
    page = writer.add_blank_page(width=300, height=200)
    image = StreamObject()
    image._data = stream  # the encoded bytes as they are, not re-encoded by pypdf
    image.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Image"),
        NameObject("/Width"): NumberObject(width),
        NameObject("/Height"): NumberObject(height),
        NameObject("/ColorSpace"): NameObject(colour_space),
        NameObject("/BitsPerComponent"): NumberObject(8),
        NameObject("/Filter"): ArrayObject([NameObject(f) for f in filters]),
    })
    page[NameObject("/Resources")] = DictionaryObject({
        NameObject("/XObject"): DictionaryObject({NameObject("/Im0"): writer._add_object(image)}),
    })
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def flate_bomb(inflated: int) -> bytes:
    """``inflated`` zero bytes compressed as far as zlib goes (about 1,000 to 1)."""
    import zlib

    packer = zlib.compressobj(9)
    chunk = bytes(10_000_000)
    parts = [packer.compress(chunk) for _ in range(inflated // len(chunk))]
    parts.append(packer.flush())
    return b"".join(parts)
