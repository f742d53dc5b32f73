"""A map's image: sizes read from headers, the 100-megapixel limit, PDF pages, refusals."""

from __future__ import annotations

import pytest
from map_samples import (
    flate_bomb,
    green_png,
    jpeg_header,
    pdf_with_image_stream,
    pdf_with_png,
    pdf_without_pages,
    real_jpeg,
)

from desk.services.maps.images import (
    MapRefused,
    check_size,
    image_size,
    load_map_image,
    png_bytes,
)


def test_sizes_come_from_the_png_and_jpeg_headers() -> None:
    assert image_size(green_png(40, 30)) == ("png", 40, 30)
    assert image_size(jpeg_header(6000, 4000)) == ("jpeg", 6000, 4000)


def test_a_map_over_100_megapixels_is_refused_from_its_header_alone() -> None:
    # 10,001 x 10,000 is just over the limit; only the header exists, nothing is decoded.
    header = png_bytes(1, 1, b"\x00\x00\x00")[:16] + (10_001).to_bytes(4, "big") + \
        (10_000).to_bytes(4, "big")
    with pytest.raises(MapRefused, match="100 megapixels"):
        load_map_image(header)
    with pytest.raises(MapRefused, match="100 megapixels"):
        load_map_image(jpeg_header(12_000, 9_000))
    check_size(10_000, 10_000)  # exactly the limit (a header alone is no image: see below)


@pytest.mark.parametrize("data", [b"", b"hello, this is text", b"\x89PNG\r\n\x1a\n", b"GIF89a"])
def test_what_is_not_an_image_is_refused_with_one_sentence(data: bytes) -> None:
    with pytest.raises(MapRefused) as refused:
        load_map_image(data)
    assert "\n" not in str(refused.value) and str(refused.value)


def test_a_pdf_page_gives_its_embedded_image_as_png() -> None:
    png = png_bytes(3, 2, bytes(range(18)))
    image = load_map_image(pdf_with_png(png, pages=2), page=2)
    assert (image.image_format, image.width, image.height) == ("png", 3, 2)
    assert image_size(image.data) == ("png", 3, 2)
    assert image.data == png  # same pixels, same writer: the same bytes


def test_pdf_refusals_name_the_page() -> None:
    with pytest.raises(MapRefused, match="no pages"):
        load_map_image(pdf_without_pages())
    with pytest.raises(MapRefused, match="no page 5"):
        load_map_image(pdf_with_png(green_png(), pages=2), page=5)
    with pytest.raises(MapRefused, match="page 1 of this PDF holds no scanned image"):
        load_map_image(pdf_with_png(green_png(), pages=2), page=1)
    with pytest.raises(MapRefused, match="only for a PDF"):
        load_map_image(green_png(), page=1)


def test_a_scanned_jpeg_page_keeps_the_scan_s_own_bytes() -> None:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage, QImageWriter

    picture = QImage(64, 48, QImage.Format.Format_RGB32)
    picture.fill(QColor(120, 100, 60))
    array = QByteArray()
    buffer = QBuffer(array)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # QImageWriter, not QImage.save: PySide6's stub types save()'s format as bytes, its
    # binding takes only a str; the writer's QByteArray format is bytes in both.
    assert QImageWriter(buffer, QByteArray(b"JPEG")).write(picture)
    jpeg = bytes(array.data())
    image = load_map_image(pdf_with_png(jpeg))  # reportlab embeds a JPEG as DCTDecode
    assert (image.image_format, image.width, image.height) == ("jpeg", 64, 48)
    assert image.data == jpeg


# Issue 28, item 1: the header alone is not an image. Each is refused at import, in one
# sentence, so that no sheet, view or packet later fails on what was stored.
def test_a_png_of_only_its_signature_and_header_is_refused() -> None:
    whole = green_png(40, 30)
    assert len(whole[:33]) == 33
    with pytest.raises(MapRefused, match="PNG file is damaged or cut short"):
        load_map_image(whole[:33])


def test_a_png_or_jpeg_cut_in_half_is_refused() -> None:
    png = green_png(400, 300)
    with pytest.raises(MapRefused, match="PNG file is damaged or cut short"):
        load_map_image(png[: len(png) // 2])
    jpeg = real_jpeg(400, 300)
    assert load_map_image(jpeg).width == 400  # the whole one is taken
    with pytest.raises(MapRefused, match="JPEG file is damaged or cut short"):
        load_map_image(jpeg[: len(jpeg) // 2])


def test_a_jpeg_of_only_its_frame_header_is_refused() -> None:
    with pytest.raises(MapRefused, match="JPEG file is damaged or cut short"):
        load_map_image(jpeg_header(600, 400))


def test_a_pdf_whose_jpeg_is_larger_than_its_dictionary_says_is_refused() -> None:
    pdf = pdf_with_image_stream(width=100, height=100, filters=["/DCTDecode"],
                                stream=jpeg_header(60_000, 60_000))
    with pytest.raises(MapRefused, match="3600 megapixels"):
        load_map_image(pdf)


# Issue 28, item 2: a Flate image is inflated no further than its stated size.
def test_a_flate_bomb_on_a_pdf_page_is_refused_in_one_sentence() -> None:
    bomb = flate_bomb(200_000_000)  # about 200 KB that inflate to 200 MB
    assert len(bomb) < 1_000_000
    pdf = pdf_with_image_stream(width=100, height=100, filters=["/FlateDecode"], stream=bomb)
    with pytest.raises(MapRefused, match="holds more data than its stated size"):
        load_map_image(pdf)


def test_a_real_scan_past_pypdf_s_own_limit_is_imported() -> None:
    """5,000 x 5,100 RGB is 76.5 MB of pixels, past pypdf's default 75 MB for one stream
    (which gave "LimitReachedError"), and well inside the desk's 100 megapixels."""
    import zlib

    width, height = 5_000, 5_100
    row = bytes([90, 140, 70]) * width
    stream = zlib.compress(row * height, 1)
    pdf = pdf_with_image_stream(width=width, height=height, filters=["/FlateDecode"],
                                stream=stream)
    image = load_map_image(pdf)
    assert (image.image_format, image.width, image.height) == ("png", width, height)
    assert image_size(image.data) == ("png", width, height)
