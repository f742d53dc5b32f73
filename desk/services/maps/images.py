"""A map's image from the bytes the umpire gives: PNG, JPEG, or the image of one PDF page.

Pure functions, no database and no Qt (the services and the command line run
without a window). The size is read from the file's header before anything is
decoded, so a 400-megapixel scan is refused in microseconds, not after filling
the memory:

- PNG: the IHDR chunk right after the signature holds width and height;
- JPEG: the first start-of-frame marker (SOF0..SOF15 but DHT/JPG/DAC) holds them;
- PDF: the page's image XObjects carry ``/Width`` and ``/Height``; the largest
  is taken. A scan's JPEG (DCTDecode) is kept as is; an 8-bit RGB or grey
  Flate image is decoded by pypdf and written as a PNG with :func:`png_bytes`.

Then, and only then, the whole image is decoded once (Pillow, which reportlab
draws maps with) so that what is stored is what every sheet, packet and view
can draw later: a PNG cut in half, a JPEG of only its header or a PDF's JPEG
larger than its dictionary says are refused at import in one sentence, not
found out by a player's packet. A PDF's Flate image is inflated with the limit
its own stated size allows (pypdf's configuration, for this call only), so a
small "bomb" stops at that size while a real 10,000 x 10,000 scan is read.

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
    verify_decodes(data, image_format=image_format, width=width, height=height)
    return MapImage(data=data, image_format=image_format, width=width, height=height)


def verify_decodes(data: bytes, *, image_format: str, width: int, height: int) -> None:
    """Decode the whole image once, or MapRefused: what the header promised must be there.

    Called after :func:`check_size`, so Pillow never decodes more than the desk's own
    limit; its decompression-bomb warning (from 89 megapixels) is ours to give, not its.
    """
    import warnings

    from PIL import Image

    name = image_format.upper()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(BytesIO(data)) as picture:
                if picture.size != (width, height):
                    raise MapRefused(_("this {kind} file says it is {width} x {height} pixels "
                                       "but holds an image of another size").format(
                        kind=name, width=width, height=height))
                picture.load()
    except MapRefused:
        raise
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise MapRefused(_("this {kind} file is damaged or cut short: its image cannot be "
                           "decoded ({error})").format(kind=name, error=exc)) from exc


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
        # Filters before DCTDecode (ASCII85, Flate) give back about the stream's own length.
        jpeg = _bounded_data(image, limit=int(image.get("/Length", 0)) * 8 + 1024, page=page)
        # The JPEG's own frame is what will be drawn; the dictionary's size is only a claim.
        _kind, own_width, own_height = image_size(jpeg)
        check_size(own_width, own_height)
        verify_decodes(jpeg, image_format="jpeg", width=own_width, height=own_height)
        return MapImage(data=jpeg, image_format="jpeg", width=own_width, height=own_height)
    space = image.get("/ColorSpace")
    space_name = str(space) if not isinstance(space, list) else str(space[0])
    channels = {"/DeviceRGB": 3, "/DeviceGray": 1}.get(space_name)
    if channels is None or image.get("/BitsPerComponent") != 8 or \
            any(n not in ("/FlateDecode", "/ASCII85Decode", "/LZWDecode") for n in names):
        kind = ", ".join(n.lstrip("/") for n in names) or space_name.lstrip("/")
        raise MapRefused(_("the image on page {page} is stored as {kind}, which the desk cannot "
                           "read: export the page as PNG or JPEG").format(page=page, kind=kind))
    pixels = _bounded_data(image, limit=width * height * channels, page=page)
    if len(pixels) != width * height * channels:
        raise MapRefused(_("the image on page {page} is damaged").format(page=page))
    return MapImage(data=png_bytes(width, height, pixels, channels=channels),
                    image_format="png", width=width, height=height)


def _bounded_data(image: Any, *, limit: int, page: int) -> bytes:
    """The image stream decoded by pypdf, allowed ``limit`` bytes (its stated size) and no
    more: a stream that inflates past what its dictionary says is refused in one sentence."""
    from pypdf import apply_configuration, get_configuration
    from pypdf.errors import LimitReachedError, PyPdfError

    # Every decoder's ceiling is the image's own size; the work budget allows the chain of
    # filters (ASCII85, then Flate) to pass it a few times over.
    ceilings = {key: limit for key in (
        "zlib_maximum_output_length", "lzw_maximum_output_length",
        "run_length_maximum_output_length", "array_based_stream_maximum_output_length",
        "image_maximum_buffer_size")}
    try:
        bounded = get_configuration().with_overwrites(
            stream_decoding_work_maximum_length=limit * 4 + 1024,
            maximum_declared_stream_length=max(limit, 75_000_000), **ceilings)
        with apply_configuration(bounded):
            return bytes(image.get_data())
    except LimitReachedError as exc:
        raise MapRefused(_("the image on page {page} holds more data than its stated size "
                           "allows: the PDF is damaged or made to overload the desk, and "
                           "nothing was imported").format(page=page)) from exc
    except (PyPdfError, ValueError, OSError) as exc:
        raise MapRefused(_("the image on page {page} is damaged").format(page=page)) from exc
