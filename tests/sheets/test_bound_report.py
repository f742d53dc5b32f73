"""The umpire's bound report read back: orders, findings, overrides, events."""

from __future__ import annotations

from dataclasses import replace

from sheet_samples import pdf_text, sample_report

from desk.sheets import BoundReport


def test_report_lists_every_order_with_findings_and_override_BA_14() -> None:
    text = pdf_text(BoundReport().render(sample_report()))
    flat = " ".join(text.split())
    assert "1/5e Ligne" in flat and "Füsilier-Bataillon 15. IR" in flat
    assert "Orders — French" in flat and "Orders — Prussian" in flat
    assert "overruled" in flat and "reason: agreed by both players" in flat
    assert "Charged in bound 5: may charge again from bound 10 (BA-14)" in flat
    assert "defaulted: rate, destination" in flat
    assert "from a form" in flat


def test_report_lists_units_without_orders_and_events_BA_12() -> None:
    flat = " ".join(pdf_text(BoundReport().render(sample_report())).split())
    assert "Without an order" in flat and "Bülow" in flat
    assert "became-LD" in flat and "Became LD while charging (BA-12)" in flat
    assert "2 orders · 1 with an error · 1 overruled" in flat


def test_empty_bound_says_so_and_output_is_deterministic() -> None:
    model = replace(sample_report(), orders=(), events=(), without_order=())
    pdf = BoundReport().render(model)
    assert "No orders were entered in this bound." in pdf_text(pdf)
    assert pdf == BoundReport().render(model)
