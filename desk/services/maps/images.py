"""A map's image from the bytes the umpire gives: PNG, JPEG, or the image of one PDF page.

Pure functions, no database and no Qt (the services and the command line run
without a window; Pillow is not a dependency). The size is read from the
file's header before anything is decoded, so a 400-megapixel scan is refused
in microseconds, not after filling the memory:

- PNG: the IHDR chunk right after the signature holds width and height;
- JPEG: the first start-of-frame marker (SOF0..SOF15 but DHT/JPG/DAC) holds them;
- PDF: the page's image XObjects carry ``/Width`` and ``/Height``; the largest
  is taken. A scan's JPEG (DCTDecode) is kept as is; an 8-bit RGB or grey
  Flate image is decoded by pypdf and written as a PNG with :func:`png_bytes`.

:func:`png_bytes` is also how the demo campaigns draw their ground.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from desk.i18n import _
from desk.services.errors import ServiceError

MAX_PIXELS = 100_000_000  # 100 megapixels: a 10,000 x 10,000 scan
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers: C0..CF except C4 (DHT), C8 (JPG) and CC (DAC).
_SOF_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


class MapRefused(ServiceError):
    """A map image or calibration was refused; nothing was stored."""


@dataclass(frozen=True)
class MapImage:
    """An image ready to store: its bytes, ``png`` or ``jpeg``, and its size in pixels."""

    data: bytes
    image_format: str
    width: int
    height: int


def image_size(data: bytes) -> tuple[str, int, int]:
    """``(format, width, height)`` of PNG or JPEG bytes, from the header alone."""
    if data.startswith(PNG_SIGNATURE):
        if len(data) < 24 or data[12:16] != b"IHDR":
            raise MapRefused(_("this PNG file is cut short: it has no image header"))
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data.startswith(b"\xff\xd8"):
        width, height = _jpeg_size(data)
        return "jpeg", width, height
    raise MapRefused(_("this file is not a PNG or JPEG image, nor a PDF"))


def _jpeg_size(data: bytes) -> tuple[int, int]:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte before a marker
            at += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2:at + 4])
        if marker in _SOF_MARKERS:
            if at + 9 > len(data):
                break
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    raise MapRefused(_("this JPEG file is damaged: its size cannot be read"))


def check_size(width: int, height: int) -> None:
    """Refuse an empty image or one over :data:`MAX_PIXELS`."""
    if width <= 0 or height <= 0:
        raise MapRefused(_("this image has no pixels ({width} x {height})").format(
            width=width, height=height))
    if width * height > MAX_PIXELS:
        raise MapRefused(_("this image is {mp:.0f} megapixels; the desk takes maps of up to "
                           "{limit} megapixels (scale it down first)").format(
            mp=width * height / 1e6, limit=MAX_PIXELS // 1_000_000))


def png_bytes(width: int, height: int, pixels: bytes, *, channels: int = 3) -> bytes:
    """A PNG of 8-bit grey (1 channel) or RGB (3) ``pixels``, row after row, unfiltered."""
    stride = width * channels
    if len(pixels) != stride * height:
        raise ValueError(f"{len(pixels)} bytes are not {width}x{height}x{channels}")
    raw = b"".join(b"\x00" + pixels[row * stride:(row + 1) * stride] for row in range(height))
    colour = {1: 0, 3: 2}[channels]

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
            + chunk(b"IEND", b""))


def load_map_image(data: bytes, *, page: int | None = None) -> MapImage:
    """The image to store from a file's bytes; ``page`` (from 1) for a PDF, default 1."""
    if data.startswith(b"%PDF"):
        return _pdf_page_image(data, page or 1)
    if page is not None:
        raise MapRefused(_("--page is only for a PDF; this file is an image"))
    image_format, width, height = image_size(data)
    check_size(width, height)
    return MapImage(data=data, image_format=image_format, width=width, height=height)


def _pdf_page_image(data: bytes, page: int) -> MapImage:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(BytesIO(data))
        count = len(reader.pages)
    except (PyPdfError, ValueError, KeyError) as exc:
        raise MapRefused(_("this PDF cannot be read: {error}").format(error=exc)) from exc
    if count == 0:
        raise MapRefused(_("this PDF has no pages"))
    if not 1 <= page <= count:
        raise MapRefused(_("this PDF has {count} pages: there is no page {page}").format(
            count=count, page=page))
    images = list(_page_images(reader.pages[page - 1].get("/Resources"), depth=0))
    if not images:
        raise MapRefused(_("page {page} of this PDF holds no scanned image (a drawing made "
                           "of lines cannot be imported: export it as PNG)").format(page=page))
    image = max(images, key=lambda x: int(x["/Width"]) * int(x["/Height"]))
    width, height = int(image["/Width"]), int(image["/Height"])
    check_size(width, height)
    return _decode(image, width, height, page)


def _page_images(resources: Any, *, depth: int) -> Any:
    """Every image XObject of a page, looking one level into form XObjects."""
    if resources is None or depth > 2:
        return
    objects = resources.get_object().get("/XObject")
    if objects is None:
        return
    for ref in objects.get_object().values():
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Image":
            yield obj
        elif obj.get("/Subtype") == "/Form":
            yield from _page_images(obj.get("/Resources"), depth=depth + 1)


def _decode(image: Any, width: int, height: int, page: int) -> MapImage:
    filters = image.get("/Filter")
    names = [str(f) for f in (filters if isinstance(filters, list) else [filters] if filters
                              else [])]
    if names and names[-1] == "/DCTDecode":  # a scan's JPEG: keep its bytes as they are
        return MapImage(data=image.get_data(), image_format="jpeg", width=width, height=height)
    space = image.get("/ColorSpace")
    space_name = str(space) if not isinstance(space, list) else str(space[0])
    channels = {"/DeviceRGB": 3, "/DeviceGray": 1}.get(space_name)
    if channels is None or image.get("/BitsPerComponent") != 8 or \
            any(n not in ("/FlateDecode", "/ASCII85Decode", "/LZWDecode") for n in names):
        kind = ", ".join(n.lstrip("/") for n in names) or space_name.lstrip("/")
        raise MapRefused(_("the image on page {page} is stored as {kind}, which the desk cannot "
                           "read: export the page as PNG or JPEG").format(page=page, kind=kind))
    pixels = image.get_data()
    if len(pixels) != width * height * channels:
        raise MapRefused(_("the image on page {page} is damaged").format(page=page))
    return MapImage(data=png_bytes(width, height, pixels, channels=channels),
                    image_format="png", width=width, height=height)
