"""The order form: built from the rules system's fields, checked live as the umpire types.

Every edit runs ``system.complete()`` and ``system.check()`` on the unit's state
*now* and the situation the operations layer gave (pure functions, well under a
millisecond), and shows the findings with their clause ids. Battles of
Waterloo adds what the Movement & Command table allows now; La Bataille the
movement points a formation change costs. Saving is the window's business:
the form only says ``save_requested``. Keeping unsaved drafts is the
:class:`~desk.ui.orders.draft_keeper.DraftKeeper`'s: the form says ``edited`` and
``loaded``, and shows a draft it is given, marked as such.

The written words drive the fields (:func:`desk.rules.words.read_words`, which
the Hold key and the import of filled sheets use too): as the umpire types, a
field still at its default, or last set by the words, takes what the words ask
for ("Hold the farm": a halt); a field the umpire set by hand keeps its value,
and the words' value is offered (:meth:`use_words`, Ctrl+U, said in the status
line through ``word_offer_changed``).
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desk import i18n
from desk.rules.base import Finding, RulesSystem, Severity, SituationRecord
from desk.rules.hexgrid import FROM_HEX, PATH_HEXES
from desk.rules.records import CrossingSituation, OrderFields, fields_record
from desk.rules.words import WordReading, agrees, hold_order, read_words
from desk.services.orders.text import text_findings
from desk.services.positions.situation import (
    HexSituation,
    hex_findings,
    hex_situation,
    merged,
)
from desk.services.screens.scenario_names import ScenarioNames
from desk.ui.orders import field_editors as fe
from desk.ui.orders.field_rows import FieldRows
from desk.ui.orders.findings_view import FindingsModel, FindingsView
from desk.ui.orders.hex_fields import show_measured_road, show_recorded_hex
from desk.ui.orders.meanwhile import MeanwhileNote
from desk.ui.orders.measured_row import MeasuredRow
from desk.ui.orders.name_completer import NameBook, NameCompleter
from desk.ui.orders.rules_note import rules_note
from desk.ui.orders.table import STATUS_TEXT
from desk.ui.orders.word_hint import WORD_KEYS, WordHint
from desk.ui.palette import DeskPalette
from desk.ui.undo import DeskUndoKeys

if TYPE_CHECKING:  # the services behind it load when a unit is first shown
    from desk.services.screens.order_form import FormContext


class OrderForm(QWidget):
    """One unit's order in the shown bound; empty and disabled until a unit is loaded."""

    save_requested = Signal()
    cancel_requested = Signal()
    findings_changed = Signal(object)  # tuple[Finding, ...]
    edited = Signal()  # the umpire changed the order text or a field
    loaded = Signal()  # a unit's saved order (or none) is now on the form
    discard_draft_requested = Signal()
    word_offer_changed = Signal(str)  # "Ctrl+U: use rate of march = halt", or ""

    def __init__(self, system: RulesSystem, *, features: Mapping[str, CrossingSituation],
                 names: NameBook | None = None, palette: DeskPalette | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.palette_ = palette or DeskPalette(parent=self)
        self.setObjectName("order_form")
        self.system = system
        self.features = dict(features)
        self.specs = system.order_fields()
        self.context: FormContext | None = None
        self._loading = False
        self._as_loaded: tuple[str, dict[str, object]] = ("", {})
        self._owned: dict[str, object] = {}  # the fields the written words set (they follow them)
        self._by_hand: set[str] = set()  # the fields the umpire set since the unit was loaded

        self.header = QLabel(self.tr("Choose a unit in the order of battle or the order table."))
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.draft_note = QLabel("")  # "Unsaved draft, typed at 21:04 · Discard draft"
        self.draft_note.setObjectName("draft_note")
        self.draft_note.setTextFormat(Qt.TextFormat.RichText)
        self.draft_note.setWordWrap(True)  # longer in French: wraps rather than widen the form
        self.draft_note.setStyleSheet(self.palette_.note_style())
        self.draft_note.linkActivated.connect(lambda _link: self.discard_draft_requested.emit())
        self.draft_note.hide()
        self.meanwhile = MeanwhileNote()  # another umpire saved this order while you typed
        self.meanwhile.setStyleSheet(self.palette_.note_style())
        self.meanwhile.keep_mine.connect(self._keep_mine)
        self.meanwhile.take_theirs.connect(self._take_theirs)
        self.verbatim_edit = QPlainTextEdit()
        self.verbatim_edit.setObjectName("verbatim")
        self.verbatim_edit.setPlaceholderText(self.tr("The order as the player wrote it"))
        self.verbatim_edit.setTabChangesFocus(True)  # Tab leaves the text box: keyboard-first
        self.verbatim_edit.setMinimumHeight(56)
        self.verbatim_edit.setMaximumHeight(72)
        # Ctrl+Z here undoes the desk's last step; Ctrl+U and Ctrl+H are the window's too
        self._undo_keys = DeskUndoKeys(self, also=WORD_KEYS)
        self.verbatim_edit.installEventFilter(self._undo_keys)
        self.editors: dict[str, QWidget] = {}
        self.field_labels: dict[str, QLabel] = {}  # a field's label, cited per unit
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.tr("Order as &written"), self.verbatim_edit)
        self.word_hint = WordHint(self)  # "Use: rate = charge", from the words written
        self.word_hint.use_requested.connect(self.use_values)
        form.addRow("", self.word_hint)
        for spec in self.specs:
            editor = fe.make_editor(spec, self)
            self.editors[spec.name] = editor
            if not isinstance(editor, QCheckBox):
                label = QLabel(i18n._(spec.label) + (f" ({spec.clause})" if spec.clause else ""))
                self.field_labels[spec.name] = label
                label.setBuddy(editor)
                label.setToolTip(editor.toolTip())
            self._watch(editor, spec.name)
            editor.installEventFilter(self._undo_keys)
        # the usual fields, the flags side by side, the rare ones folded (Ctrl+M)
        self.rows = FieldRows(form, specs=self.specs, editors=self.editors,
                              labels=self.field_labels, owner=self)
        self.verbatim_edit.textChanged.connect(self._text_edited)
        # Pick, don't spell (issue 30): each field holding the scenario's names lists them.
        book = names or NameBook(lambda: ScenarioNames(features=tuple(self.features)), self)
        self.completers = {
            spec.name: NameCompleter(editor, book, kind=spec.names, several=spec.several)
            for spec in self.specs
            if spec.names is not None
            and isinstance(editor := self.editors[spec.name], QLineEdit)}
        path = self.editors.get(PATH_HEXES)  # its placeholder shows a count measured on the map
        self._path_default = ((path.placeholderText(), path.toolTip())
                              if isinstance(path, QLineEdit) else ("", ""))
        self.rules_note = QLabel("")  # BoW: allowed movement; LB: formation change cost
        self.rules_note.setObjectName("rules_note")
        self.rules_note.setWordWrap(True)
        form.addRow(self.rules_note)
        self.measured = MeasuredRow(self)  # BA-9's distance, measured from the positions
        self.measured.edited.connect(self._edited)
        form.addRow(self.tr("Nearest closed opponent (cm)"), self.measured)
        self._form = form  # the measured row shows only when the desk measured a distance
        form.setRowVisible(self.measured, False)  # nor the rules' note before there is one
        form.setRowVisible(self.rules_note, False)

        self.findings_model = FindingsModel(self, palette=self.palette_)
        self.findings_view = FindingsView(self.findings_model, self)
        self.save_button = QPushButton(self.tr("&Save order"))
        self.save_button.setToolTip(self.tr("Save the order and go to the next unit without "
                                            "one (Ctrl+Enter)"))
        self.save_button.clicked.connect(self.save_requested)
        self.cancel_button = QPushButton(self.tr("Cancel order"))
        self.cancel_button.setToolTip(self.tr("Cancel this unit's order: at the close it does what "
                                              "the campaign's no-order setting says"))
        self.cancel_button.clicked.connect(self.cancel_requested)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.save_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.draft_note)
        layout.addWidget(self.meanwhile)
        layout.addLayout(form)
        layout.addStretch(1)
        # The findings and the buttons live in their own widget, which the window
        # keeps in sight below the (scrolling) form: a refusal must never be
        # hidden below the fold.
        self.footer = QWidget()
        self.footer.setObjectName("form_footer")
        footer_layout = QVBoxLayout(self.footer)
        footer_layout.setContentsMargins(8, 4, 8, 4)
        footer_layout.addWidget(QLabel(self.tr("Findings (hover for the clause):")))
        footer_layout.addWidget(self.findings_view, 1)
        footer_layout.addLayout(buttons)
        self._tab_order()
        self.setEnabled(False)
        self.footer.setEnabled(False)
        self.palette_.changed.connect(self._recolour)

    def _recolour(self) -> None:
        self.draft_note.setStyleSheet(self.palette_.note_style())
        self.meanwhile.setStyleSheet(self.palette_.note_style())
        self.findings_view.viewport().update()
        if self.context is not None:
            self._mark_refused(self.context.unit.arm)

    def _mark_refused(self, arm: str) -> None:
        narrowed = self.system.order_choices(arm=arm)
        for spec in self.specs:
            fe.mark_refused(self.editors[spec.name], narrowed.get(spec.name), who=arm,
                            brush=self.palette_.brush("refused"))

    def _watch(self, editor: QWidget, name: str) -> None:
        def by_hand(*_: object) -> None:
            self._field_edited(name)

        if isinstance(editor, QComboBox):
            editor.currentIndexChanged.connect(by_hand)
        elif isinstance(editor, QCheckBox):
            editor.checkStateChanged.connect(by_hand)
        elif isinstance(editor, QLineEdit):
            editor.textChanged.connect(by_hand)

    def _tab_order(self) -> None:
        # Before the window places the footer, Qt can only order the form's own widgets.
        chain: list[QWidget] = [self.verbatim_edit, *self._tabbed()]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _tabbed(self) -> list[QWidget]:
        # A field Tab passes by (derived: the desk sets it) left out: in Qt's chain it
        # would end the chain there.
        return [w for w in self.rows.order if w.focusPolicy() != Qt.FocusPolicy.NoFocus]

    def order_tabs_in_window(self) -> None:
        """Tab order order text → fields → Save → Cancel, once form and footer share a window.

        Qt orders focus only between widgets of one window, so the window calls
        this after it has placed :attr:`footer`.
        """
        chain: list[QWidget] = [self.verbatim_edit, *self._tabbed(),
                                self.save_button, self.cancel_button]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # --- loading and reading --------------------------------------------------------------
    @property
    def unit_id(self) -> int | None:
        """The unit whose order is on the form."""
        return self.context.unit.id if self.context else None

    def load(self, context: FormContext | None) -> None:
        """Show a unit's order (or an empty form with the defaults) and check it."""
        self._loading = True
        try:
            self.context = context
            order = context.order if context else None
            active = order is not None and order.status != "cancelled"
            self.verbatim_edit.setPlainText(order.verbatim if order and active else "")
            for spec in self.specs:
                value = order.fields.get(spec.name) if order and active else None
                fe.set_value(spec, self.editors[spec.name], value)
        finally:
            self._loading = False
        self._form.setRowVisible(self.measured,
                                 self.measured.show_for(context.situation if context else {}))
        self._as_loaded = self.draft_values()
        self.meanwhile.clear()
        self.rows.show_for(self._as_loaded[1])
        self._words_own_what_they_say()
        self.show_draft_note(None)
        self.setEnabled(context is not None)
        self.footer.setEnabled(context is not None)
        if context is None:
            self.header.setText(self.tr("Choose a unit in the order of battle or the order table."))
            self.findings_model.set_findings(())
            return
        editable = context.editable
        for widget in (self.verbatim_edit, *self.editors.values(), self.save_button):
            widget.setEnabled(editable)
        self.cancel_button.setEnabled(editable and order is not None and order.status
                                      not in ("cancelled",))
        unit = context.unit
        for name, label in self.field_labels.items():  # the unit's own clause (BOW-2, BOW-4 …)
            spec = next(s for s in self.specs if s.name == name)
            clause = context.clauses.get(name, spec.clause)
            label.setText(i18n._(spec.label) + (f" ({clause})" if clause else ""))
        self._mark_refused(unit.arm)
        status = (self.tr(" · order {status}").format(status=QCoreApplication.translate(
            "OrderTableModel", str(STATUS_TEXT.get(order.status, order.status)))) if order
                  else self.tr(" · no order yet"))
        if order and order.umpire:  # who wrote it (issue 33), where the campaign names umpires
            status += self.tr(", entered by {umpire}").format(umpire=escape(order.umpire))
        if context.claimed_by:  # another umpire's claim (issue 33): say whose, and since when
            lock = self.tr(" · <i>claimed by {who}, read-only</i>").format(
                who=html.escape(context.claimed_by))
        else:
            lock = "" if editable else self.tr(" · <i>closed bound, read-only</i>")
        self.header.setText(self.tr("<b>{unit}</b> ({type}, {command}) · bound {bound}").format(
            unit=unit.name, type=i18n.term(unit.unit_type), command=unit.command,
            bound=context.bound) + status + lock)
        self.check_now()
        self.loaded.emit()

    # --- another umpire's change meanwhile (issue 33) ---------------------------------------
    def show_meanwhile(self, theirs: FormContext, *, by: str) -> None:
        """Another umpire saved this unit's order while this one typed: the typing stays,
        theirs is shown beside it; the form keeps the version it loaded until the umpire
        chooses (so a save meanwhile is refused, not a silent overwrite)."""
        self.meanwhile.show_for(theirs, by=by)

    def _keep_mine(self, theirs: FormContext) -> None:
        self.context = theirs  # their version seen: a save now replaces it, knowingly
        self.check_now()

    def _take_theirs(self, theirs: FormContext) -> None:
        self.context = theirs
        self.discard_draft_requested.emit()  # the keeper drops the draft and loads theirs
        if self.context is theirs and not self.matches_saved():
            self.load(theirs)  # no draft was kept (a read-only campaign's form)

    # --- drafts ---------------------------------------------------------------------------
    def draft_values(self) -> tuple[str, dict[str, object]]:
        """The order text exactly as typed, and the fields given."""
        return self.verbatim_edit.toPlainText(), dict(self.fields())

    def matches_saved(self) -> bool:
        """True when the form shows what was loaded (nothing to keep as a draft)."""
        text, fields = self.draft_values()
        return text.strip() == self._as_loaded[0].strip() and fields == self._as_loaded[1]

    def show_draft(self, verbatim: str, fields: Mapping[str, object], *, saved_at: str) -> None:
        """Put an unsaved draft on the form (in place of the saved order), marked as such."""
        self._loading = True
        try:
            self.verbatim_edit.setPlainText(verbatim)
            for spec in self.specs:
                fe.set_value(spec, self.editors[spec.name], fields.get(spec.name))
        finally:
            self._loading = False
        self.rows.show_for(fields)
        self._words_own_what_they_say()
        self.show_draft_note(saved_at)
        self.check_now()

    def show_draft_note(self, saved_at: str | None) -> None:
        """Mark the form as showing an unsaved draft (None: the saved order)."""
        if saved_at is None:
            self.draft_note.hide()
            return
        when = saved_at.rpartition(" ")[2][:5] or saved_at
        self.draft_note.setText(self.tr(
            "<b>Unsaved draft</b> (typed {when}) · Ctrl+Enter saves it · "
            "<a href='discard'>Discard draft</a>").format(when=when))
        self.draft_note.show()

    def fields(self) -> OrderFields:
        """The fields the umpire gave (defaults left out), read from the widgets by their
        specs' names: the record begins here, at the Qt boundary."""
        return fields_record(fe.read_all(self.specs, self.editors))

    def use_values(self, values: dict[str, object]) -> None:
        """Set fields to the values the written words ask for (the hint's link, Ctrl+U):
        from now on they follow the words again."""
        specs = {spec.name: spec for spec in self.specs}
        self._set_fields({k: v for k, v in values.items() if k in specs and k in self.editors})
        for name, value in values.items():
            self._owned[name] = value
            self._by_hand.discard(name)
        self._edited()

    def _set_fields(self, values: Mapping[str, object]) -> None:
        """Show values in their editors (None: the default) without counting them as typed."""
        specs = {spec.name: spec for spec in self.specs}
        was, self._loading = self._loading, True
        try:
            for name, value in values.items():
                fe.set_value(specs[name], self.editors[name], value)
        finally:
            self._loading = was
        self.rows.show_for(self.fields())  # a rare field the words filled comes in sight

    # --- the written words ----------------------------------------------------------------
    def _words_own_what_they_say(self) -> None:
        """A unit just shown: the fields that hold what its words say follow the words."""
        self._by_hand = set()
        fields: Mapping[str, object] = self.fields()  # looked up by the words' field names
        asked = self.system.suggest(self.verbatim())
        self._owned = {k: v for k, v in asked.items() if k in fields and agrees(fields[k], v)}

    def word_reading(self, given: OrderFields | None = None) -> WordReading:
        """The written words read against the fields on the form (the umpire's own kept);
        ``given``: the fields as just read, when the caller has them."""
        return read_words(self.system, verbatim=self.verbatim(),
                          fields=self.fields() if given is None else given,
                          owned=self._owned, kept=self._by_hand)

    def word_offer(self) -> str:
        """What the words ask for that the fields refuse, as the status line says it."""
        return self.word_hint.offer

    def use_words(self) -> bool:
        """Ctrl+U: set the fields to what the words ask for; False when they agree already."""
        pending = self.word_reading().disagree
        if not pending or self.context is None or not self.context.editable:
            return False
        self.use_values(dict(pending))
        return True

    def write_hold(self) -> bool:
        """Ctrl+H: the order to hold where it stands, in this system's fields, the text
        "Hold" where none is written; False when the rules system has no such order."""
        if self.context is None or not self.context.editable:
            return False
        held = hold_order(self.system, verbatim=self.verbatim_edit.toPlainText(),
                          fields=self.fields(), word=self.tr("Hold"))
        if held is None:
            return False
        self._set_fields({name: held.fields.get(name) for name in self.editors})
        self._by_hand |= set(self.system.hold_fields())  # the umpire's own choice
        if held.verbatim != self.verbatim_edit.toPlainText():
            self.verbatim_edit.setPlainText(held.verbatim)  # reads back as the hold
        self._edited()
        return True

    def _text_edited(self) -> None:
        """The order text changed: the fields the words drive follow them, then the check."""
        if self._loading or self.context is None:
            return
        now = self.fields()  # once: reading every editor for each one was n² a keystroke
        reading = self.word_reading(now)
        changed = {name: reading.fields.get(name) for name in self.editors
                   if reading.fields.get(name) != now.get(name)}
        if changed:
            self._set_fields(changed)
        self._owned = dict(reading.read)
        self._edited()

    def _field_edited(self, name: str) -> None:
        if not self._loading and self.context is not None:
            self._by_hand.add(name)  # the umpire's value: the words no longer move it
            self._owned.pop(name, None)
        self._edited()

    def verbatim(self) -> str:
        """The order as written."""
        return self.verbatim_edit.toPlainText().strip()

    def findings(self) -> tuple[Finding, ...]:
        """The findings shown now."""
        return self.findings_model.findings()

    def has_errors(self) -> bool:
        """True if any finding refuses the order."""
        return any(f.severity is Severity.ERROR for f in self.findings())

    def hexes(self, given: OrderFields | None = None) -> HexSituation:
        """What the hex fields say on the battle's map (terrain, road, hexes), and bad hexes;
        ``given``: the fields as just read, when the caller has them."""
        if self.context is None:
            return HexSituation()
        return hex_situation(self.context.hexmap, recorded=self.context.recorded_hex,
                             fields=self.fields() if given is None else given)

    def situation(self, given: OrderFields | None = None,
                  hexes: HexSituation | None = None) -> SituationRecord:
        """The situation for the check: the context's, the hexes', a named crossing's feature
        (``given`` and ``hexes``: as the caller just read them, when it has)."""
        if self.context is None:
            return {}
        given = self.fields() if given is None else given
        hexes = self.hexes(given) if hexes is None else hexes
        result = self.measured.apply(merged(hexes.situation, self.context.situation))
        name = given.get("crossing")
        if isinstance(name, str) and name in self.features and "crossing" not in result:
            result["crossing"] = self.features[name].copy()
        return result

    # --- live check -----------------------------------------------------------------------
    def _edited(self, *_: object) -> None:
        if not self._loading and self.context is not None:
            self.check_now()
            self.edited.emit()

    def check_now(self) -> tuple[Finding, ...]:
        """Complete and check the order on the form; show and return the findings."""
        if self.context is None:
            return ()
        # The widgets, the hexes and the situation read once a keystroke, not once for each
        # use below (they were read fifteen times, a millisecond of every key typed).
        given = self.fields()
        hexes = self.hexes(given)
        situation = self.situation(given, hexes)
        verbatim = self.verbatim()
        completed = self.system.complete(given).fields
        found = self.system.check(unit=self.context.unit, state=self.context.state,
                                  fields=completed, situation=situation)
        found = [*text_findings(fields=given, verbatim=verbatim, specs=self.specs),
                 *hex_findings(hexes), *found,
                 *self.system.word_findings(verbatim=verbatim, fields=completed)]
        self.word_hint.show_offer(self.word_reading(given).disagree,
                                  fields={s.name: s.label for s in self.specs if not s.derived})
        self.word_offer_changed.emit(self.word_hint.offer)
        self.findings_model.set_findings(found)
        note = rules_note(self.system, self.context, completed, situation=situation)
        self.rules_note.setText(note)
        self._form.setRowVisible(self.rules_note, bool(note))  # no empty line's height
        show_recorded_hex(self.editors.get(FROM_HEX), recorded=self.context.recorded_hex,
                          has_map=self.context.hexmap is not None, palette=self.palette_)
        show_measured_road(self.editors.get(PATH_HEXES), situation=situation,
                           default=self._path_default)
        self.findings_changed.emit(self.findings())
        return self.findings()

    def allowed_movements(self) -> str:
        """Battles of Waterloo: the note on what the table allows now (for tests and people)."""
        return self.rules_note.text()
