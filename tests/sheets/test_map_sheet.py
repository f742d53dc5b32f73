"""The map view's PDF: one landscape page, the image, each marker's name and detail."""

from __future__ import annotations

from io import BytesIO

from pypdf import PdfReader
from sheet_samples import pdf_text

from desk.services.maps.images import png_bytes
from desk.services.maps.viewmodel import MapMarker, MapViewModel, MarkerKind, rounded_strength
from desk.sheets.map_sheet import MapSheet


def _model(markers: tuple[MapMarker, ...], side: str | None = "French") -> MapViewModel:
    return MapViewModel(campaign="Plancenoit 1815", battle="Plancenoit", side=side, bound=3,
                        game_time="17:00", image=png_bytes(60, 40, b"\x40\x90\x40" * 2400),
                        image_format="png", width=60, height=40, markers=markers, unplaced=2,
                        scale_text="The map is 180 x 120 cm.")


def test_a_side_s_map_names_its_units_and_the_enemy_as_last_seen() -> None:
    markers = (
        MapMarker(unit_id=1, name="1/5e Ligne", side="French", kind=MarkerKind.OWN,
                  x=10, y=10, detail="line, 24"),
        MapMarker(unit_id=2, name="Lobau and staff", side="French", kind=MarkerKind.OWN,
                  x=12, y=30, detail="3", leader=True),
        MapMarker(unit_id=9, name="1/15. IR", side="Prussian", kind=MarkerKind.ENEMY,
                  x=50, y=20, detail="about 25", seen_bound=2),
    )
    pdf = MapSheet().render(_model(markers))
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape
    text = pdf_text(pdf)
    for words in ("1/5e Ligne (line, 24)", "Lobau and staff", "1/15. IR (about 25)",
                  "seen bound 2", "View of the French", "Bound 3, 17:00",
                  "2 of the units are not placed", "180 x 120 cm"):
        assert words in text, words
    assert "Prussian" not in text


def test_the_umpire_s_view_says_so() -> None:
    assert "Umpire's view" in pdf_text(MapSheet().render(_model((), side=None)))


def test_an_enemy_s_strength_is_rounded_to_five() -> None:
    assert [rounded_strength(n) for n in (24, 22, 3, 0, 118)] == ["25", "20", "5", "?", "120"]


def test_a_plain_png_reaches_the_pdf_with_its_own_pixels() -> None:
    pixels = bytes((x * 7 + y * 13) % 256 for y in range(40) for x in range(60 * 3))
    model = _model(())
    model = MapViewModel(**{**model.__dict__, "image": png_bytes(60, 40, pixels)})
    reader = PdfReader(BytesIO(MapSheet().render(model)))
    images = [o.get_object() for o in
              reader.pages[0]["/Resources"]["/XObject"].values()]  # type: ignore[index]
    (image,) = [i for i in images if i.get("/Subtype") == "/Image"]
    assert (image["/Width"], image["/Height"]) == (60, 40)
    assert image.get_data() == pixels  # passed through undecoded, read back the same
    # One named filter with one dictionary of parameters: an array of filters with a lone
    # dictionary is read by pypdf but not by poppler (it drew the rows one byte askew).
    assert image["/Filter"] == "/FlateDecode" and image["/DecodeParms"]["/Predictor"] == 15
