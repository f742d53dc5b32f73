"""Players ▸ Players' pages (issue 32): the window serves the players' pages on a real
socket in a thread of its own, and issues, reissues and revokes the players' links through
its buttons; a page is fetched with urllib as a browser would. Stopping, and closing the
window, end the server's thread and free the port."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request
from typing import Any

import pytest
from desk_served import free_port
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot
from scripted_dialogs import scripted

from desk.services.packets.players import add_player
from desk.services.pages.links import link_states
from desk.ui.accessibility import unnamed
from desk.ui.main_window import MainWindow
from desk.ui.palette import SchemeChoice
from desk.ui.players.dialog import LINK, VISIT, PlayersPagesDialog
from desk.ui.players.serving import lan_address


def _port_is_free(port: int) -> bool:
    """Whether a server may listen on ``port`` again (as servers do, with SO_REUSEADDR: the
    connections the stopped server closed linger a while in TIME_WAIT, no listener does)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _fetch(url: str) -> tuple[int, str]:
    """The status and body of a GET over the real socket."""
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return int(response.status), response.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def _window_with_players(make_window: Any) -> MainWindow:
    window: MainWindow = make_window("belle-alliance")
    with window.ops.store.session() as session:
        add_player(session=session, name="Anne", address="anne@example.org", side="French")
        add_player(session=session, name="Bernd", address="bernd@example.de", side="Prussian")
    return window


def _open_dialog(window: MainWindow) -> PlayersPagesDialog:
    window.actions_by_name["players_pages"].trigger()
    dialog = window.pages.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def _issued(window: MainWindow) -> dict[str, bool]:
    """Each player's name, and whether their link works."""
    return {state.player.name: state.issued_at is not None
            for state in window.ops.read(lambda s: link_states(session=s))}


def _row_of(dialog: PlayersPagesDialog, name: str) -> int:
    return next(r for r, row in enumerate(dialog.rows) if row.name == name)


def test_serve_issue_reissue_revoke_and_stop(make_window: Any, qtbot: QtBot) -> None:
    window = _window_with_players(make_window)
    dialog = _open_dialog(window)
    assert unnamed(dialog) == []
    assert [row.name for row in dialog.rows] == ["Anne", "Bernd"]
    assert dialog.cell(0, LINK) == "none"
    assert "Not serving" in dialog.status.text() and not dialog.link_box.isVisible()
    port = free_port()
    dialog.port_box.setValue(port)

    # Issue a link to Anne: her address and its QR code, shown once.
    dialog.choose(dialog.rows[_row_of(dialog, "Anne")].player_id)
    assert dialog.issue_button.isEnabled() and not dialog.revoke_button.isEnabled()
    dialog.issue_button.click()
    assert _issued(window) == {"Anne": True, "Bernd": False}
    first = dialog.url_edit.text()
    assert first.startswith(f"http://127.0.0.1:{port}/p/") and dialog.link_box.isVisible()
    assert not dialog.qr_label.pixmap().isNull()
    assert dialog.cell(_row_of(dialog, "Anne"), LINK).startswith("since ")
    assert not dialog.issue_button.isEnabled() and dialog.revoke_button.isEnabled()
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == first

    # Serve, and open her page over the socket as her browser would.
    dialog.start_button.click()
    server = window.pages.server
    assert server is not None and server.alive and server.thread is not None
    assert f"127.0.0.1:{port}" in dialog.status.text() and "this computer only" in \
        dialog.status.text()
    assert not dialog.start_button.isEnabled() and dialog.stop_button.isEnabled()
    status, body = _fetch(first)
    assert status == 200 and "Anne" in body
    row = _row_of(dialog, "Anne")
    qtbot.waitUntil(lambda: dialog.cell(row, VISIT) != "not yet", timeout=10000)
    assert dialog.cell(_row_of(dialog, "Bernd"), VISIT) == "not yet"

    # Reissue: a new address; the old one is "not found" like any wrong address.
    dialog.reissue_button.click()
    second = dialog.url_edit.text()
    assert second != first and second.startswith(f"http://127.0.0.1:{port}/p/")
    assert _fetch(first)[0] == 404
    assert _fetch(second)[0] == 200

    # Revoke asks first: "no" keeps the link, "yes" ends it and forgets the one shown.
    scripted(window).confirm = False
    dialog.revoke_button.click()
    assert scripted(window).asked[-1] == "revoke:Anne" and _issued(window)["Anne"]
    scripted(window).confirm = True
    dialog.revoke_button.click()
    assert _issued(window) == {"Anne": False, "Bernd": False}
    assert _fetch(second)[0] == 404 and not dialog.link_box.isVisible()
    assert dialog.cell(_row_of(dialog, "Anne"), LINK) == "none"

    # Stop: the thread ends (the window did not wait for it) and the port is free again.
    thread = server.thread
    dialog.stop_button.click()
    qtbot.waitUntil(lambda: not thread.is_alive() and window.pages.server is None,
                    timeout=10000)
    assert _port_is_free(port)
    assert "Not serving" in dialog.status.text() and dialog.start_button.isEnabled()
    assert scripted(window).errors == []


def test_a_port_in_use_is_one_sentence_and_nothing_starts(make_window: Any) -> None:
    window = _window_with_players(make_window)
    dialog = _open_dialog(window)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        dialog.port_box.setValue(int(taken.getsockname()[1]))
        dialog.start_button.click()
        said = dialog.status.text()
    assert window.pages.server is None and dialog.start_button.isEnabled()
    assert "already in use" in said and said.count(".") == 1 and "Traceback" not in said
    assert scripted(window).errors == []


def test_serving_on_the_local_network_says_the_address_to_type(make_window: Any,
                                                               qtbot: QtBot) -> None:
    window = _window_with_players(make_window)
    dialog = _open_dialog(window)
    port = free_port()
    dialog.port_box.setValue(port)
    dialog.network_box.setChecked(True)
    dialog.start_button.click()
    server = window.pages.server
    assert server is not None and server.host == "0.0.0.0"
    lan = lan_address()
    if lan is not None:
        assert f"http://{lan}:{port}/" in dialog.status.text()
    else:
        assert "no network address was found" in dialog.status.text()
    dialog.choose(dialog.rows[_row_of(dialog, "Bernd")].player_id)
    dialog.issue_button.click()
    url = dialog.url_edit.text()
    assert url.startswith(f"http://{lan or '127.0.0.1'}:{port}/p/")
    token_path = url.split(f":{port}", 1)[1]
    assert _fetch(f"http://127.0.0.1:{port}{token_path}")[0] == 200  # every address
    thread = server.thread
    assert thread is not None
    dialog.stop_button.click()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=10000)


def test_closing_the_window_stops_serving(make_window: Any) -> None:
    window = _window_with_players(make_window)
    dialog = _open_dialog(window)
    port = free_port()
    dialog.port_box.setValue(port)
    dialog.start_button.click()
    server = window.pages.server
    assert server is not None and server.thread is not None
    thread = server.thread
    assert _fetch(f"http://127.0.0.1:{port}/p/nobody")[0] == 404
    window.close()
    assert not thread.is_alive() and window.pages.server is None
    assert _port_is_free(port)


def test_the_link_shown_is_forgotten_with_the_dialog(make_window: Any) -> None:
    window = _window_with_players(make_window)
    dialog = _open_dialog(window)
    dialog.issue_button.click()  # the first player, chosen when the dialog opened
    assert dialog.link_box.isVisible() and dialog.url_edit.text()
    dialog.close_button.click()
    assert not dialog.isVisible() and dialog.url_edit.text() == ""
    dialog = _open_dialog(window)
    assert not dialog.link_box.isVisible()
    assert dialog.cell(0, LINK).startswith("since ")


def test_a_read_only_desk_issues_no_link(make_window: Any) -> None:
    window: MainWindow = make_window("belle-alliance", read_only=True)
    dialog = _open_dialog(window)
    assert dialog.rows == [] and dialog.empty.isVisible()
    assert not dialog.issue_button.isEnabled() and not dialog.reissue_button.isEnabled()


@pytest.mark.parametrize("scheme", [SchemeChoice.LIGHT, SchemeChoice.DARK])
def test_the_dialog_in_each_scheme_fits_a_small_screen(make_window: Any, qtbot: QtBot,
                                                       scheme: SchemeChoice) -> None:
    window = _window_with_players(make_window)
    window.palette_.set_choice(scheme)
    dialog = _open_dialog(window)
    dialog.issue_button.click()
    qtbot.wait(10)
    assert dialog.width() <= 1366 and dialog.height() <= 768
    assert dialog.sizeHint().height() <= 768
    note = dialog.once_note.styleSheet()
    assert window.palette_.colours.note in note
    assert not dialog.grab().isNull()
    window.palette_.set_choice(SchemeChoice.SYSTEM)
