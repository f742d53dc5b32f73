"""``desk players CAMPAIGN link|revoke NAME`` and ``desk serve``'s refusals (issue 32): the
link printed once, a second link refused unless reissued, each refusal one line."""

from __future__ import annotations

import re
from pathlib import Path

from cli_run import desk, one_line_error


def test_a_players_link_is_printed_once_reissued_and_revoked(campaign: Path) -> None:
    where = str(campaign)
    assert desk("players", where, "add", "--name", "Anne", "--address", "anne@example.org",
                "--side", "French").returncode == 0
    made = desk("players", where, "link", "Anne")
    assert made.returncode == 0, made.stderr
    first = re.search(r"/p/([A-Za-z0-9_-]{43,})", made.stdout)
    assert first is not None and "shown this once" in made.stdout
    assert "has a link already" in one_line_error(desk("players", where, "link", "Anne"))
    again = desk("players", where, "link", "Anne", "--reissue")
    second = re.search(r"/p/([A-Za-z0-9_-]{43,})", again.stdout)
    assert second is not None and second.group(1) != first.group(1)
    assert first.group(1) not in desk("players", where, "list").stdout
    assert "no longer works" in desk("players", where, "revoke", "anne@example.org").stdout
    assert "no working link" in one_line_error(desk("players", where, "revoke", "Anne"))
    assert "no player is called 'Zoe'" in one_line_error(desk("players", where, "link", "Zoe"))
    assert "needs the player's name" in one_line_error(desk("players", where, "link"))


def test_serve_refuses_an_address_it_cannot_listen_on(campaign: Path) -> None:
    for bind in ("localhost", "127.0.0.1:99999", "[::1]:", ":http"):
        said = one_line_error(desk("serve", str(campaign), "--bind", bind))
        assert "is not an address to serve on" in said
    assert "There is no campaign file" in one_line_error(
        desk("serve", str(campaign.with_name("none.desk"))))
