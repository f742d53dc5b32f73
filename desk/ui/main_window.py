"""The desk's main window: order of battle, bound bar, order table, order form, unit panel.

The window holds no campaign state of its own: it reads through the
operations layer and redraws when ``campaign_changed`` fires. Choosing a unit
(in the tree or the table) loads its form and panel; Ctrl+Enter saves the form
and moves to the next unit without an order; an order half-typed stays as the
unit's unsaved draft (:mod:`desk.ui.orders.draft_keeper`). What the menus do (save,
close, reopen, events, files, print) is in the controllers it builds
(one `controller.py` per room: `desk.ui.orders.controller` …), each given what it uses.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desk.rules import SYSTEM_NAMES
from desk.services.order_rows import OrderTable
from desk.services.screens.scenario_names import scenario_names
from desk.services.screens.startup import oob_nodes
from desk.ui.accessibility import apply_accessibility
from desk.ui.board.controller import BoardController
from desk.ui.board.tabs import board_tabs
from desk.ui.board.tools import BoardToolsController
from desk.ui.bounds.bar import BoundBar
from desk.ui.bounds.controller import BoundController
from desk.ui.campaign.battles import BattleController
from desk.ui.campaign.files import FileController
from desk.ui.changes import Change
from desk.ui.dialogs import Dialogs
from desk.ui.help.controller import HelpController
from desk.ui.lazy_dock import LazyDock
from desk.ui.live import FILE, FileChanges, LiveChanges
from desk.ui.menus import install_menus
from desk.ui.oob.controller import OobController
from desk.ui.oob.model import OobTreeModel, oob_tree_view
from desk.ui.oob.secret_notes import SecretNotesController
from desk.ui.oob.unit_panel import UnitPanel
from desk.ui.operations import Operations
from desk.ui.orders.controller import OrderController
from desk.ui.orders.draft_keeper import DraftKeeper
from desk.ui.orders.drafts import DraftStore
from desk.ui.orders.form import OrderForm
from desk.ui.orders.name_completer import NameBook
from desk.ui.orders.table import OrderFilterProxy, OrderTableModel, order_table_view
from desk.ui.orders.unit_filter import UnitFilter
from desk.ui.palette import DeskPalette
from desk.ui.panel_layout import Pane, PanelLayout
from desk.ui.players.controller import PagesController
from desk.ui.plural import numerus
from desk.ui.printing.controller import PrintController
from desk.ui.printing.packets import PacketController
from desk.ui.settings import Settings
from desk.ui.umpires.controller import ClaimsController
from desk.ui.widgets import compact_combo
from desk.ui.window_memory import fit_to_screen

if TYPE_CHECKING:
    from desk.services.screens.order_form import FormContext
    from desk.ui.lim.hidden_keys import HiddenLimKeys
    from desk.ui.lim.panel import LimPanel


class MainWindow(QMainWindow):
    """The umpire's window over one open campaign (see the module text)."""

    campaign_requested = Signal(str)  # a campaign file to open instead (File menu)

    def __init__(self, *, ops: Operations, dialogs: Dialogs | None = None,
                 title: str = "", drafts: DraftStore | None = None,
                 palette: DeskPalette | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.palette_ = palette or DeskPalette(parent=self)  # the colours every view asks
        self.ops = ops
        self.dialogs = dialogs or Dialogs(self)
        self.dialogs.settings = self.dialogs.settings or settings  # the last folder used
        if ops.store.path is not None:  # file dialogs start beside the campaign
            self.dialogs.campaign_folder = ops.store.path.parent
        self.location = title
        self.shown_bound = ops.context.current_bound
        self.unit_id: int | None = None
        self._heard = ""  # the status line's word on another umpire's last change
        # the unit, bound and operations' generation the form and the unit panel were read at
        self._unit_read: tuple[int, int, int] | None = None
        ctx = ops.context
        title_text = (self.tr("{campaign} — Umpire's Desk — read-only") if ops.read_only
                      else self.tr("{campaign} — Umpire's Desk"))
        self.setWindowTitle(title_text.format(campaign=ctx.campaign))
        fit_to_screen(self)  # 1440×880 where the screen has room, else what it has

        start = ops.take_start()  # tree and table as read at start-up: read once, not twice

        # Order of battle (left) -------------------------------------------------------------
        self.oob_model = OobTreeModel(start.tree if start else ops.read(
            lambda s: oob_nodes(session=s, campaign_id=ctx.campaign_id)), self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.oob_model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setAutoAcceptChildRows(True)  # a command named: its units listed too
        self.proxy.setFilterRole(OobTreeModel.SearchRole)  # case and accents forgiven
        self.proxy.setFilterKeyColumn(0)
        self.filter_edit = QLineEdit(placeholderText=self.tr("Filter units and orders (Ctrl+F)"))
        self.filter_edit.setObjectName("filter")
        self.filter_edit.setClearButtonEnabled(True)
        self.side_box = compact_combo(chars=8)
        self.side_box.setObjectName("side_filter")
        self.state_box = compact_combo(chars=9)  # Show: all, refused, drafts … (the table)
        self.state_box.setObjectName("state_filter")
        self.tree = oob_tree_view(self.proxy)

        # Order table (middle) ----------------------------------------------------------------
        self.table_model = OrderTableModel(ops.system.order_fields(), self,
                                          palette=self.palette_)
        self.table_proxy = OrderFilterProxy(self)
        self.table_proxy.setSourceModel(self.table_model)
        self.table = order_table_view(self.table_proxy)
        self.filtering = UnitFilter(filter_edit=self.filter_edit, side_box=self.side_box,
                                    tree=self.tree, tree_proxy=self.proxy,
                                    oob_model=self.oob_model, table_model=self.table_model,
                                    table_proxy=self.table_proxy, shown=self,
                                    state_box=self.state_box, parent=self)
        self.filtering.fill_sides(ctx.sides)
        self.filtering.expand_tree()

        # Form and unit panel (right) ---------------------------------------------------------
        # the campaign's names, read when a field first lists them (issue 30: pick, don't spell)
        self.names = NameBook(lambda: ops.read(
            lambda s: scenario_names(session=s, campaign_id=ops.context.campaign_id,
                                     battle_id=ops.context.battle_id)), self)
        self.dialogs.names = self.names
        self.form = OrderForm(ops.system, features=ctx.features, names=self.names,
                              palette=self.palette_)
        self.unit_panel = UnitPanel(ops.system, palette=self.palette_)
        self.drafts = DraftKeeper(form=self.form, ops=ops, store=drafts, parent=self)

        # What the menus do, and the menus ------------------------------------------------------
        self.orders = OrderController(ops=ops, dialogs=self.dialogs, parent=self, form=self.form,
                                      table=self.table_proxy, unit_panel=self.unit_panel,
                                      drafts=self.drafts, selection=self,
                                      show_status=self.statusBar().showMessage)
        self.bounds = BoundController(ops=ops, dialogs=self.dialogs, parent=self,
                                      drafts=self.drafts, palette=self.palette_,
                                      selected_unit=lambda: self.unit_id)
        self.files = FileController(ops=ops, dialogs=self.dialogs, parent=self,
                                    request_campaign=self.campaign_requested.emit,
                                    shown_bound=lambda: self.shown_bound)
        self.printing = PrintController(ops=ops, dialogs=self.dialogs, parent=self,
                                        settings=settings, shown_bound=lambda: self.shown_bound,
                                        chosen_side=self.side_box.currentData,
                                        show_status=self.statusBar().showMessage)
        self.oob_files = OobController(ops=ops, dialogs=self.dialogs, parent=self,
                                       request_campaign=self.campaign_requested.emit,
                                       show_status=self.statusBar().showMessage)
        self.battles = BattleController(ops=ops, dialogs=self.dialogs, parent=self,
                                        show_status=self.statusBar().showMessage)
        self.packets = PacketController(ops=ops, dialogs=self.dialogs, parent=self,
                                        shown_bound=lambda: self.shown_bound,
                                        show_status=self.statusBar().showMessage)
        self.pages = PagesController(ops=ops, dialogs=self.dialogs, parent=self,
                                     palette=self.palette_,
                                     show_status=self.statusBar().showMessage)
        self.claims = ClaimsController(ops=ops, dialogs=self.dialogs, parent=self,
                                       palette=self.palette_, chosen_unit=lambda: (
                                           self.form.context.unit if self.form.context else None))
        self.secret_notes = SecretNotesController(ops=ops, dialogs=self.dialogs, parent=self,
                                                  panel=self.unit_panel)
        self.help = HelpController(parent=self, findings=self.form.findings_view,
                                   table=self.table, campaign=lambda: self.location)
        menus = install_menus(self)
        self.actions_by_name = menus.actions
        self.recent_menu = menus.recent
        self.language_menu = menus.language
        self.bound_bar = BoundBar(close_action=self.actions_by_name["close_bound"],
                                  reopen_action=self.actions_by_name["reopen_bound"],
                                  palette=self.palette_)

        top = QHBoxLayout()
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.side_box)
        top.addWidget(self.state_box)
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        middle_layout.addWidget(self.bound_bar)
        middle_layout.addLayout(top)
        # The order table and the map board share the middle, as two tabs.
        self.board = BoardController(ops=ops, dialogs=self.dialogs, parent=self, form=self.form,
                                     show_status=self.statusBar().showMessage,
                                     palette=self.palette_)
        self.board.select_unit = self.select_unit
        self.middle_tabs = board_tabs(self.table, self.board)
        self.board_tools = BoardToolsController(
            ops=ops, dialogs=self.dialogs, parent=self, board=self.board,
            show_board=lambda: self.middle_tabs.setCurrentWidget(self.board.panel),
            chosen_side=self.side_box.currentData, show_status=self.statusBar().showMessage)
        self.board_tools.install(self.actions_by_name, self.board.panel.tools_button)
        middle_layout.addWidget(self.middle_tabs, 1)
        self.left = QSplitter(Qt.Orientation.Vertical)
        self.left.setObjectName("left_splitter")
        self.left.addWidget(self.tree)
        self.lim_panel = self._make_lim_panel()
        if self.lim_panel is not None:  # the cup below the tree, the activation below the table
            self.left.addWidget(self.lim_panel.cup_part)
            self.left.setSizes([200, 500])
            centre = QSplitter(Qt.Orientation.Vertical)
            centre.setObjectName("middle_splitter")
            centre.setChildrenCollapsible(False)
            centre.addWidget(middle)
            centre.addWidget(self.lim_panel)
            centre.setStretchFactor(0, 2)
            centre.setStretchFactor(1, 3)
            middle = centre
        # The ledger (issue 21): hidden at first show, so built when first shown (issue 28).
        self.courier_dock = LazyDock(
            QCoreApplication.translate("CourierPanel", "Courier ledger"), self,
            name="courier_dock", build=self._courier_panel)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.courier_dock)
        self.courier_dock.hide()
        right = QSplitter(Qt.Orientation.Vertical)
        right.setObjectName("right_splitter")
        self.form_scroll = form_scroll = QScrollArea()  # rows never squeezed into each other
        form_scroll.setObjectName("form_scroll")
        form_scroll.setWidget(self.form)
        form_scroll.setWidgetResizable(True)
        form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        right.addWidget(form_scroll)
        right.addWidget(self.form.footer)
        # The unit panel scrolls in its own pane: its lines (the state, the rules' notes, the
        # history) must not squeeze the order form above into scrolling.
        unit_scroll = QScrollArea()
        unit_scroll.setObjectName("unit_scroll")
        unit_scroll.setWidget(self.unit_panel)
        unit_scroll.setWidgetResizable(True)
        unit_scroll.setFrameShape(QFrame.Shape.NoFrame)
        right.addWidget(unit_scroll)
        right.setSizes([380, 180, 320])
        splitter = QSplitter()
        splitter.setObjectName("main_splitter")
        splitter.addWidget(self.left)
        splitter.addWidget(middle)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        self.setCentralWidget(splitter)
        self.form.order_tabs_in_window()  # now form and footer share this window
        self.splitter = splitter
        self._laid_out = False
        # Each side panel hidden and back with one key, remembered per rules system; the map
        # alone; the map in its own window (issue 30).
        panes = [Pane("oob", self.left, 0.18), Pane("form", right, 0.34)]
        self.lim_keys: HiddenLimKeys | None = None  # the cup's keys while it is hidden
        if self.lim_panel is not None:
            from desk.ui.lim.hidden_keys import HiddenLimKeys

            panes.append(Pane("lim", self.lim_panel, 0.55))
            self.lim_keys = HiddenLimKeys(panel=self.lim_panel, window=self,
                                          show_status=self.statusBar().showMessage)
        self.panels = PanelLayout(window=self, panes=panes, tabs=self.middle_tabs,
                                  board=self.board, campaign=lambda: ctx.campaign,
                                  settings=settings, system=ctx.rules_system)
        self.panels.install(self.actions_by_name)

        # Wiring -----------------------------------------------------------------------------
        self.tree.selectionModel().currentChanged.connect(self._tree_current)
        self.table.selectionModel().currentRowChanged.connect(self._table_current)
        self.bound_bar.shown_bound_changed.connect(self.show_bound)
        self.form.save_requested.connect(self.orders.save_order)
        self.form.cancel_requested.connect(self.orders.cancel_order)
        # after the loaded form has laid out its (wrapped) rows
        self.form.loaded.connect(lambda: QTimer.singleShot(0, self, self._grow_form))
        # the words' offer in the status line, as its key: "Ctrl+U: use rate of march = halt"
        self.word_offer = QLabel()
        self.word_offer.setObjectName("word_offer")
        self.statusBar().addPermanentWidget(self.word_offer)
        self.form.word_offer_changed.connect(self.word_offer.setText)
        self.drafts.marks_changed.connect(self.table_model.set_drafts)
        self.unit_panel.record_event_requested.connect(self.orders.record_event_kind)
        ops.campaign_changed.connect(self.refresh)
        self.palette_.changed.connect(self._recolour)
        # Queued: the dialog (and a reload, which clears the stack) must come after the
        # undo stack has finished with the command that failed.
        ops.failed.connect(self.orders.undo_failed, Qt.ConnectionType.QueuedConnection)
        self.refresh(Change.RELOAD, rows=start.rows if start else None)
        # Another umpire's changes on a shared (PostgreSQL) campaign, as they happen; the
        # status line's right end says when the server cannot be reached.
        self.server_note = QLabel()
        self.server_note.setObjectName("server_note")
        self.statusBar().addPermanentWidget(self.server_note)
        # Who writes here, where the campaign names its umpires (issue 33).
        identity = ops.store.identity
        self.umpire_label = QLabel(self.tr("Umpire: {name} ({role})").format(
            name=identity.name, role=self.tr("chief") if identity.chief else self.tr("sector"))
            if identity.name else "")
        self.umpire_label.setObjectName("umpire_label")
        self.statusBar().addPermanentWidget(self.umpire_label)
        self.live: LiveChanges | FileChanges | None = None
        if ops.store.path is None:
            self.live = LiveChanges(ops=ops, show_server=self.server_note.setText, parent=self)
        else:  # a file: another program's commits to it, asked once a second
            self.live = FileChanges(ops=ops, parent=self)
        self.live.start()
        apply_accessibility(self)  # names for screen readers; Tab leaves tables and trees
        self.palette_.show_focus(self)

    def _recolour(self) -> None:
        self.palette_.show_focus(self)
        for view in (self.table, self.tree):
            view.viewport().update()

    def showEvent(self, event: QShowEvent) -> None:
        # Sizes given before the first show are rescaled away; give them once it is shown.
        super().showEvent(event)
        if not self._laid_out:
            self._laid_out = True
            width = max(self.width(), 900)
            self.splitter.setSizes([int(width * 0.18), int(width * 0.48), int(width * 0.34)])
            self._fit_form()
            if self.lim_panel is not None:  # the order table above, the activation below
                centre = self.lim_panel.parentWidget()
                if isinstance(centre, QSplitter):
                    height = max(centre.height(), 500)
                    centre.setSizes([int(height * 0.45), int(height * 0.55)])

    def closeEvent(self, event: QCloseEvent) -> None:
        # The players' pages served from this window stop with it: no server left behind;
        # so does the listener for other umpires' changes.
        self.pages.shutdown()
        if self.live is not None:
            self.live.stop()
        super().closeEvent(event)

    def _fit_form(self, *, grow_only: bool = False) -> None:
        """The order form's usual fields all in sight (issue 30: no scrolling at 1366×768):
        the form takes the height it asks, up to three fifths, the findings a fifth, the
        unit panel the rest. ``grow_only`` (a unit just loaded): only ever taller, taken
        from the unit panel, so the panes do not jump from unit to unit."""
        right = self.form_scroll.parentWidget()
        if not isinstance(right, QSplitter):
            return
        height = right.height()
        width = self.form_scroll.viewport().width()  # wrapped lines: the height at this width
        asked = (self.form.heightForWidth(width) if self.form.hasHeightForWidth()
                 else self.form.sizeHint().height())
        # and the scroll area's frame and a draft's note to come
        wanted = min(asked + 16 + 24, int(height * 0.6))
        sizes = right.sizes()
        if grow_only:
            if len(sizes) == 3 and wanted > sizes[0]:
                right.setSizes([wanted, sizes[1], max(sum(sizes) - wanted - sizes[1], 0)])
            return
        findings = max(120, int(height * 0.18))
        right.setSizes([wanted, findings, max(height - wanted - findings, 0)])

    def _grow_form(self) -> None:
        self._fit_form(grow_only=True)

    def _courier_panel(self, dock: QWidget) -> QWidget:
        from desk.ui.couriers.panel import CourierPanel

        return CourierPanel(self.ops, self.dialogs, dock)

    def _make_lim_panel(self) -> LimPanel | None:
        if not self.ops.system.has_lim_pool:
            return None
        from desk.ui.lim.panel import LimPanel

        return LimPanel(self.ops, self.dialogs, choose_unit=self.select_unit)

    # --- what is shown --------------------------------------------------------------------
    def refresh(self, kind: Change = Change.RELOAD, *,
                rows: OrderTable | None = None) -> None:
        """Redraw after a change: table, bound bar, and the chosen unit's form and panel.

        ``rows``: the current bound's order table when the caller has just read it.
        """
        if kind in (Change.PLAYERS, Change.NOTE):
            # a player's link: nothing the window shows (the pages' dialog reads it); a
            # secret note: the unit panel only, read again by its own controller. Another
            # umpire's note reaches only the chief's panel, and no status line: the others
            # are not told that a note was written (issue 33).
            if (kind is Change.NOTE and self.ops.remote is not None
                    and self.ops.store.identity.chief and self.unit_id is not None):
                self.unit_panel.show_unit(self.ops.unit_panel(self.unit_id, self.shown_bound),
                                          editable=self.unit_panel.event_button.isEnabled())
            return
        ctx = self.ops.context
        if (kind in (Change.BOUND, Change.RELOAD)
                or self.shown_bound not in [b.number for b in ctx.bounds]):
            self.shown_bound = ctx.current_bound
        self.bound_bar.show_context(ctx, shown=self.shown_bound)
        live = self.shown_bound == ctx.current_bound and ctx.bound_open and not self.ops.read_only
        for name in ("close_bound", "save_order", "cancel_order", "record_event", "end_battle",
                     "use_words", "hold_order", "casualties_grid"):
            self.actions_by_name[name].setEnabled(live)
        self.actions_by_name["reopen_bound"].setEnabled(ctx.current_bound > 1
                                                        and not self.ops.read_only)
        self.actions_by_name["bound_record"].setEnabled(ctx.current_bound > 1)
        self.actions_by_name["add_units"].setEnabled(ctx.bound_open and not self.ops.read_only)
        # a reload that did not bring the start's own read reads the tree again
        if kind in (Change.OOB, Change.RELOAD, Change.BOUND):  # a unit or a battle may be new
            self.names.forget()
        if kind is Change.OOB or (kind is Change.RELOAD and rows is None):
            self.oob_model.reset_tree(self.ops.read(
                lambda s: oob_nodes(session=s, campaign_id=ctx.campaign_id)))
            self.filtering.fill_sides(ctx.sides)  # a side may have come; the choice stays
            self.filtering.reapply()
        self.table_model.set_rows(self.ops.order_rows(self.shown_bound) if rows is None else rows)
        system = SYSTEM_NAMES.get(ctx.rules_system, ctx.rules_system)
        missing = self.table_model.rows().without_order()
        units = len(self.table_model.rows())
        self.statusBar().showMessage(numerus(self.tr(
            "{system} · bound {bound} · %n unit(s), {missing} without an order · {where}", "",
            units), units).format(system=system, bound=ctx.current_bound, missing=missing,
                                  where=self.location) + self._heard_line())
        fresh = (kind is Change.ORDER  # an order saved, and the unit shown read after it
                 and self._unit_read == (self.unit_id, self.shown_bound, self.ops.generation))
        if self.unit_id is not None:
            if fresh:  # the table was read anew: its row chosen again, nothing read
                self._select_row(self.unit_id)
            elif not self._typing_kept(self.unit_id):
                self.select_unit(self.unit_id, force=True)

    def _heard_line(self) -> str:
        """The last change another umpire made (issue 33), for the status line until the
        next one: " · Anne at 21:04: 1/5e Ligne, 2/5e Ligne"."""
        remote = self.ops.remote
        if remote is not None and remote.desk == FILE:
            self._heard = self.tr(" · the file changed outside this window at {time}").format(
                time=f"{datetime.now():%H:%M}")
        elif remote is not None and remote.umpire:
            names = [r.unit for r in self.table_model.rows() if r.unit_id in remote.units]
            shown = ", ".join(names[:3]) + (" …" if len(names) > 3 else "")
            if not shown:  # no unit's row: say what else it was
                shown = (self.tr("bound {bound} opened").format(
                    bound=self.ops.context.current_bound) if "bound" in remote.tables
                    else self.tr("the claims") if "claim" in remote.tables
                    else self.tr("the campaign"))
            self._heard = self.tr(" · {umpire} at {time}: {units}").format(
                umpire=remote.umpire, time=f"{datetime.now():%H:%M}", units=shown)
        return self._heard

    def _typing_kept(self, unit_id: int) -> bool:
        """Another umpire's change arrives while the umpire here types this unit's order
        (issue 33): the form keeps every keystroke and, if their change is to this very
        order, says so with theirs beside it; the unit panel and the row are read anew.
        False when nothing is being typed (the unit is shown again as usual)."""
        remote, mine = self.ops.remote, self.form.context
        if remote is None or mine is None or self.form.unit_id != unit_id \
                or self.form.matches_saved():
            return False
        theirs, panel = self.ops.unit_views(unit_id, self.shown_bound)
        self._unit_read = (unit_id, self.shown_bound, self.ops.generation)
        self.unit_panel.show_unit(panel, editable=theirs.editable)
        self._select_row(unit_id)
        def version(ctx: FormContext) -> int | None:
            return ctx.order.version if ctx.order else None
        if version(theirs) != version(mine) or theirs.editable != mine.editable:
            by = theirs.order.umpire if theirs.order and theirs.order.umpire else remote.umpire
            self.form.show_meanwhile(theirs, by=by)
        return True

    def show_bound(self, number: int) -> None:
        """Show a bound (an earlier one is read-only)."""
        self.shown_bound = number
        self.refresh(Change.SHOWN)

    def show_current_bound(self) -> None:
        """Back to the bound being played."""
        self.show_bound(self.ops.context.current_bound)

    def select_unit(self, unit_id: int, *, force: bool = False) -> None:
        """Show a unit's order and state, and select its row in the table."""
        if unit_id == self.unit_id and not force:
            return
        self.unit_id = unit_id
        ctx = self.ops.context
        editable = (self.shown_bound == ctx.current_bound and ctx.bound_open
                    and not self.ops.read_only)
        form_context, panel = self.ops.unit_views(unit_id, self.shown_bound)  # one read
        self._unit_read = (unit_id, self.shown_bound, self.ops.generation)
        self.form.load(form_context)
        if self.lim_panel is not None:  # a move recorded there is this unit's
            self.lim_panel.show_unit(unit_id)
        # a unit another umpire has claimed takes no event here either (issue 33)
        self.unit_panel.show_unit(panel, editable=editable and form_context.editable)
        self._select_row(unit_id)

    def _select_row(self, unit_id: int) -> None:
        """The unit's row chosen in the order table and scrolled into view."""
        row = self.table_model.row_of_unit(unit_id)
        if row >= 0:
            index = self.table_proxy.listed(row)
            if index.isValid() and self.table.currentIndex().row() != index.row():
                self.table.setCurrentIndex(index)
            self.table.scrollTo(index)

    def _tree_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        unit_id = current.siblingAtColumn(0).data(OobTreeModel.UnitIdRole)
        if isinstance(unit_id, int):
            self.select_unit(unit_id)

    def _table_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        unit_id = current.data(OrderTableModel.UnitIdRole)
        if isinstance(unit_id, int):
            self.select_unit(unit_id)

    def clear_unit(self, why: str) -> None:
        """Show no unit (the filter hides every one), with a line saying why."""
        self.unit_id = None
        if self.lim_panel is not None:
            self.lim_panel.show_unit(None)
        self.form.load(None)
        self.unit_panel.show_unit(None)
        self.form.header.setText(why)

    def toggle_courier_ledger(self) -> None:
        """Ctrl+Alt+K: show the courier ledger with the cursor in its text, or hide it."""
        if self.courier_dock.isVisible():
            self.courier_dock.hide()
            return
        self.courier_dock.show()
        panel = self.courier_dock.content()  # built by now: the import costs nothing
        from desk.ui.couriers.panel import CourierPanel

        if isinstance(panel, CourierPanel):
            panel.text_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_filter(self) -> None:
        """Ctrl+F: put the cursor in the filter."""
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def focus_form(self) -> None:
        """F2 (and after Ctrl+Enter): the cursor in the order text, and the text in view."""
        self.form_scroll.verticalScrollBar().setValue(0)  # the order text heads the form
        self.form_scroll.ensureWidgetVisible(self.form.verbatim_edit)
        self.form.verbatim_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
