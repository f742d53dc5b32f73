"""Quick-reference charts read back: every row, clause id and house rule is printed."""

from __future__ import annotations

import importlib.util

import pytest
from sheet_samples import pdf_pages, pdf_text, sample_chart

from desk.rules import SYSTEM_IDS, get_system
from desk.rules.base import Chart, ChartTable
from desk.services.printing.viewmodels import ChartModel
from desk.sheets import ChartSheet
from desk.sheets.chart_sheet import SIZES, column_widths


def _words(text: str) -> str:
    # pypdf breaks lines where the table wrapped them: compare without whitespace.
    return "".join(text.split())


def _assert_chart_printed(chart: Chart, text: str) -> None:
    flat = _words(text)
    assert _words(chart.title) in flat
    for table in chart.tables:
        assert _words(table.title) in flat
        for column in table.columns:
            assert _words(column) in flat, column
        for row in table.rows:
            assert _words(row[0]) in flat, row  # the movement type / formation / clause id
    for clause, _sentence in chart.notes:
        assert clause in flat
    for line in chart.house_rules:
        assert _words(line) in flat


def test_sample_chart_prints_every_row_note_and_house_rule_BA_1_BA_7_BA_14() -> None:
    model = sample_chart()
    pdf = ChartSheet().render(model)
    text = pdf_text(pdf)
    _assert_chart_printed(model.chart, text)
    assert "House rules of Plancenoit 1815" in text
    assert pdf_pages(pdf) == 1


def test_chart_is_landscape_and_deterministic() -> None:
    from io import BytesIO

    from pypdf import PdfReader

    pdf = ChartSheet().render(sample_chart())
    assert pdf == ChartSheet().render(sample_chart())
    box = PdfReader(BytesIO(pdf)).pages[0].mediabox
    assert box.width > box.height


def _long_chart(rows: int) -> ChartModel:
    lines = tuple((f"BA-{n}", "a restriction worded at some length") for n in range(rows))
    return ChartModel(Chart("belle-alliance", "Long chart",
                            (ChartTable("Everything", ("id", "rule"), lines),)))


def test_a_long_chart_shrinks_its_type_to_stay_on_one_page() -> None:
    roomy, crowded = ChartSheet(), ChartSheet()
    roomy.render(_long_chart(40))
    pdf = crowded.render(_long_chart(85))
    assert roomy.base_size == SIZES[0]
    assert crowded.base_size < SIZES[0]
    assert pdf_pages(pdf) == 1


def test_a_chart_too_long_for_one_page_goes_on_at_the_smallest_type() -> None:
    renderer = ChartSheet()
    text = pdf_text(renderer.render(_long_chart(200)))
    assert renderer.base_size == SIZES[-1] and renderer.page_count > 1
    assert "BA-199" in text


def test_column_widths_fill_the_width_and_favour_long_columns() -> None:
    table = ChartTable("t", ("id", "text"), (("BOW-1", "a long sentence about movement " * 4),))
    widths = column_widths(table, 500.0, 8.0)
    assert sum(widths) == pytest.approx(500.0)
    assert widths[1] > widths[0] > 20


def _system_available(system_id: str) -> bool:
    module = "desk.rules." + system_id.replace("-", "_")
    return importlib.util.find_spec(module) is not None


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_each_rules_systems_chart_prints_all_its_data(system_id: str) -> None:
    if not _system_available(system_id):
        pytest.skip(f"the {system_id} rules module has not landed yet")
    chart = get_system(system_id, {}).chart()
    pdf = ChartSheet().render(ChartModel(chart))
    _assert_chart_printed(chart, pdf_text(pdf))
    assert pdf_pages(pdf) == 1


def _positions(pdf: bytes) -> list[tuple[str, float, float]]:
    """Each run of text on the first page with its x and y."""
    from io import BytesIO

    from pypdf import PdfReader

    runs: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_rest: object) -> None:
        if text.strip():  # tables draw in translated coordinates: add both offsets
            runs.append((text.strip(), cm[4] + tm[4], cm[5] + tm[5]))

    PdfReader(BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return runs


def _where(runs: list[tuple[str, float, float]], start: str) -> tuple[float, float]:
    return next((x, y) for text, x, y in runs if text.startswith(start))


@pytest.mark.parametrize(("system_id", "heading", "follower"), [
    ("battles-of-waterloo", "Notes", "BOW-12"),
    ("la-bataille", "forest", "Not while disordered"),
])
def test_a_heading_or_note_stays_in_the_column_of_what_it_belongs_to_BOW_11_LB_8(
        system_id: str, heading: str, follower: str) -> None:
    # A "Notes" heading alone at the foot of the left column, its notes at the
    # top of the right one, reads as an empty section.
    if not _system_available(system_id):
        pytest.skip(f"the {system_id} rules module has not landed yet")
    runs = _positions(ChartSheet().render(ChartModel(get_system(system_id, {}).chart())))
    head_x, head_y = _where(runs, heading)
    next_x, next_y = _where(runs, follower)
    assert abs(head_x - next_x) < 60 and next_y < head_y
