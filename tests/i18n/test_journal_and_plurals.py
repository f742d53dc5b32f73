"""Journal lines and counted nouns in French.

The journal is written in English (the campaign file reads the same on every
desk) and shown in the reader's language: real orders are written, amended,
cancelled and a bound closed through the services, then every line the services
wrote must come out French. Counts take the French plural rule (0 and 1 are
singular), through gettext's ngettext.
"""

from __future__ import annotations

from pathlib import Path

from demo_cache import DemoCache
from sqlmodel import col, select

from desk import i18n
from desk.services.bounds.close import close_bound
from desk.services.journal_text import shown
from desk.services.orders.write import cancel_order, write_order
from desk.store import open_campaign
from desk.store.tables.bounds import Journal
from desk.store.tables.campaign import Battle
from desk.store.tables.oob import Unit


def test_counts_take_the_french_plural_rule() -> None:
    with i18n.language("fr"):
        said = [i18n.ngettext("{n} unit", "{n} units", n).format(n=n) for n in (0, 1, 2, 38)]
    assert said == ["0 unité", "1 unité", "2 unités", "38 unités"]
    assert [i18n.ngettext("{n} unit", "{n} units", n).format(n=n) for n in (0, 1, 2)] == \
        ["0 units", "1 unit", "2 units"]


def test_the_services_journal_lines_read_in_french(demo_cache: DemoCache, tmp_path: Path) -> None:
    path = tmp_path / "plancenoit.desk"
    demo_cache.copy(system="belle-alliance", dest=path)
    with open_campaign(path) as store:
        with store.session() as session:
            battle_id = session.exec(select(Battle.id)).one()
            units = list(session.exec(select(Unit.id).order_by(col(Unit.id))))[:3]
        views = []
        for unit_id in units:
            assert unit_id is not None  # a stored unit's key
            with store.session() as session:
                views.append(write_order(session=session, battle_id=battle_id or 0,
                                         unit_id=unit_id, fields={"rate": "fast"},
                                         verbatim="En avant", override_reason="allowed",
                                         seen_version=None))
        with store.session() as session:
            cancel_order(session=session, order_id=views[0].id, reason="changed his mind",
                         seen_version=views[0].version)
        with store.session() as session:
            close_bound(session=session, battle_id=battle_id or 0, backup=False)
        with store.session() as session:
            lines = [j.message for j in session.exec(select(Journal))]
    # the services' own lines (a rules system's lines, "Bound 1: halted …", are its own)
    ours = [line for line in lines if line.startswith(("Order for", "Campaign ", "Umpire "))
            or " closed: " in line or ": halted where it stood, " in line]
    assert len(ours) >= 5, lines  # created, three orders, a cancel, the close
    with i18n.language("fr"):
        french = [shown(line) for line in ours]
    for english, said in zip(ours, french, strict=True):
        assert said != english, english
        assert not said.startswith(("Order for", "Bound ", "Campaign ", "Umpire ")), said
    assert any(s.startswith("Ordre pour ") and s.endswith(" annulé.") for s in french)
    assert any(s.startswith("Bond 1 clos : ") for s in french)
    assert any(": halte sur place, a bougé de 0 cm" in s for s in french)  # BA's own line
    assert [shown(line) for line in ours] == ours  # English reads as written
