"""Editors built from a rules system's :class:`~desk.rules.base.FieldSpec` (orders and events).

A field left at its default is *not given*: :func:`read_value` returns None and
the caller leaves it out, so the rules' ``complete()`` fills it in and marks it
defaulted. The default is shown where the umpire looks: a choice's default
item reads "normal (default)", an empty text field's placeholder reads "as far
as possible (default)", a flag that defaults to yes starts half-checked.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from desk import i18n
from desk.rules.base import FieldKind, FieldSpec
from desk.rules.clauses import clause_text
from desk.services.orders.text import MAX_FIELD_TEXT
from desk.ui.widgets import TypeSearchCombo

NOT_GIVEN = None


def _plain(value: object) -> str:
    """A choice as its id ("line"), whether it is a str or a StrEnum member."""
    return str(getattr(value, "value", value))


def default_text(spec: FieldSpec) -> str:
    """How the form shows the field's default ("normal (default)"), or ''."""
    # the rules' own words come translated through their gettext catalogue (desk.i18n)
    label = (i18n._(spec.default_label) if spec.default_label
             else "" if spec.default in (None, "") else _plain(spec.default))
    return QCoreApplication.translate("FieldEditors", "{label} (default)").format(
        label=label) if label else ""


def tooltip(spec: FieldSpec) -> str:
    """The field's help and its clause text, for hovering."""
    parts = [i18n._(spec.help)] if spec.help else []
    if spec.clause:
        parts.append(f"{spec.clause}: {clause_text(spec.clause)}".rstrip(": "))
    return "\n\n".join(parts)


def make_editor(spec: FieldSpec, parent: QWidget | None = None) -> QWidget:
    """An editor for one field, showing its default."""
    widget: QWidget
    if spec.kind is FieldKind.CHOICE:
        box = TypeSearchCombo(parent)  # typed labels select, spaces included
        choices = [_plain(c) for c in spec.choices]
        default = _plain(spec.default) if spec.default is not None else ""
        if default in choices:
            choices.remove(default)  # shown once, first, as the default
        # The first item means "not given": the rules' default, marked as such.
        box.addItem(default_text(spec) or "—", NOT_GIVEN)
        for choice in choices:
            if choice:
                box.addItem(i18n.term(choice), choice)
        widget = box
    elif spec.kind is FieldKind.FLAG:
        check = QCheckBox(i18n._(spec.label), parent)
        if spec.default is True:
            check.setTristate(True)
            check.setCheckState(Qt.CheckState.PartiallyChecked)
            check.setText(QCoreApplication.translate("FieldEditors", "{label} (default)").format(
                label=i18n._(spec.label)))
        widget = check
    else:
        edit = QLineEdit(parent)
        edit.setMaxLength(MAX_FIELD_TEXT)  # what a sheet prints; the service refuses more
        edit.setPlaceholderText(default_text(spec))
        widget = edit
    if spec.derived:  # set by the desk, never typed: Tab passes it by
        widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    widget.setObjectName(f"field_{spec.name}")
    widget.setToolTip(tooltip(spec))
    widget.setAccessibleName(i18n._(spec.label))  # a screen reader names the field as the form does
    widget.setAccessibleDescription(tooltip(spec))
    return widget


def mark_refused(widget: QWidget, allowed: tuple[str, ...] | None, *, who: str,
                 brush: QBrush | None = None) -> None:
    """Mark the items of a choice that the rules refuse to this unit's arm ("charge — not
    for artillery"), drawn with ``brush`` (the palette's "refused"). They stay in the
    list: the umpire may still overrule."""
    if not isinstance(widget, QComboBox):
        return
    who = i18n.term(who)  # the arm in the reader's words ("cavalerie")
    for index in range(widget.count()):
        value = widget.itemData(index)
        if value is None:  # the default entry
            continue
        label = i18n.term(value)
        refused = allowed is not None and value not in allowed
        widget.setItemText(index, QCoreApplication.translate(
            "FieldEditors", "{choice} — not for {who}").format(choice=label, who=who)
            if refused else label)
        widget.setItemData(index, brush if refused else None,
                           Qt.ItemDataRole.ForegroundRole)
        widget.setItemData(index, QCoreApplication.translate(
            "FieldEditors", "The rules refuse {choice} to {who}: the findings say which clause. "
            "You may still overrule them.").format(choice=label, who=who) if refused else None,
                           Qt.ItemDataRole.ToolTipRole)


def read_value(spec: FieldSpec, widget: QWidget) -> Any:
    """The value the umpire gave, or None when the field is left at its default."""
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QCheckBox):
        state = widget.checkState()
        if state == Qt.CheckState.PartiallyChecked:
            return NOT_GIVEN
        if state == Qt.CheckState.Checked:
            return True
        return False if spec.default is True else NOT_GIVEN
    assert isinstance(widget, QLineEdit)
    text = widget.text().strip()
    if not text:
        return NOT_GIVEN
    if spec.kind is FieldKind.NUMBER:
        try:
            number = float(text.replace(",", "."))
        except ValueError:
            return text  # the rules' check reports it in its own words
        return int(number) if number.is_integer() else number
    return text


def set_value(spec: FieldSpec, widget: QWidget, value: object) -> None:
    """Show a stored value (None: back to the default)."""
    if isinstance(widget, QComboBox):
        index = widget.findData(_plain(value)) if value not in (None, "") else 0
        widget.setCurrentIndex(max(index, 0))
    elif isinstance(widget, QCheckBox):
        if value is None and spec.default is True:
            widget.setCheckState(Qt.CheckState.PartiallyChecked)
        else:
            widget.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
    elif isinstance(widget, QLineEdit):
        widget.setText("" if value in (None, "") else str(value))


def read_all(specs: tuple[FieldSpec, ...], editors: dict[str, QWidget]) -> dict[str, object]:
    """The given fields only (defaults left out, for ``complete()`` to fill and mark)."""
    values: dict[str, object] = {}
    for spec in specs:
        value = read_value(spec, editors[spec.name])
        if value is not NOT_GIVEN:
            values[spec.name] = value
    return values
