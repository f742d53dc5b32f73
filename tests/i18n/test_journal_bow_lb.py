"""Battles of Waterloo's and La Bataille's journal lines in French.

The rules write their journal lines in English (the campaign file reads the same on
every desk); :func:`desk.services.journal_text.shown` shows them in the reader's
language. Every event kind of both systems is recorded against a unit through the
rules' own faces (BOW-F3, LB-6, LB-F2, LB-F4, LB-F5 …), bounds are advanced with and
without orders, and every line that comes out must read in French.
"""

from __future__ import annotations

import re
from typing import Any

from desk import i18n
from desk.rules import get_system
from desk.rules.base import UnitInfo
from desk.rules.battles_of_waterloo.events import EVENT_KINDS as BOW_KINDS
from desk.rules.la_bataille.events import EVENT_KINDS as LB_KINDS
from desk.rules.records import event_values, fields_record, state_record
from desk.services.journal_text import shown

GIRARD = UnitInfo(id=1, name="Girard", arm="infantry", unit_type="line-infantry",
                  side="French", command="II Corps", strength=8)
LIGNE = UnitInfo(id=2, name="1/5e Ligne", arm="infantry", unit_type="line-infantry",
                 side="French", command="II Corps", strength=6,
                 attrs={"morale": 44, "melee": 12, "fire": 6})
# Openings of the English lines: none may be left in the French.
ENGLISH = ("Turn ", "Formed ", "Entered ", "Disordered", "Routed", "Rallied", "Rolled ",
           "Lost ", "Held ", "Changed ", "Out of ")


def _walk(system_id: str, unit: UnitInfo, steps: tuple[tuple[str, dict[str, Any]], ...],
          bound: int) -> tuple[list[str], set[str]]:
    rules = get_system(system_id, {})
    state = dict(rules.initial_state(unit=unit))
    lines, walked = [], set()
    for kind, data in steps:
        out = rules.apply_event(unit=unit, state=state_record(state), event=kind,
                                data=event_values(data), bound=bound)
        assert not out.findings, (kind, out.findings)
        state = dict(out.state)
        lines.append(out.journal)
        walked.add(kind)
    return lines, walked


def _bow_lines() -> list[str]:
    lines, walked = _walk("battles-of-waterloo", GIRARD, (
        ("command-status", {"in_command": False}), ("command-status", {"in_command": True}),
        ("disorder", {"disrupted": True}), ("rallied", {}),
        ("disorder", {"disrupted": True}), ("disorder", {"disrupted": False}),
        ("routed", {}), ("rallied", {}), ("activation-failed", {})), bound=3)
    assert walked == {k.code for k in BOW_KINDS}  # every event kind of the system
    bow = get_system("battles-of-waterloo", {})
    idle = {**bow.initial_state(unit=GIRARD), "idle": True}
    for fields in ({"movement": "tactical", "destination": "Ligny"},
                   {"movement": "unrestricted-strategic"}):
        lines += bow.advance(unit=GIRARD, state=state_record(idle), fields=fields_record(fields),
                             events=[],
                             bound=3).journal
    return lines


def _lb_lines() -> list[str]:
    lines, walked = _walk("la-bataille", LIGNE, (
        ("formation-changed", {"formation": "line"}),
        ("entered-terrain", {"terrain": "woods"}),  # LB-6: line in woods is general order
        ("entered-terrain", {"terrain": "clear"}),  # and leaves it in the open
        ("entered-terrain", {"terrain": "woods"}),
        ("disordered", {}),  # disordered: out of general order
        ("rallied", {"formation": "column"}),
        ("entered-general-order", {}),
        ("morale-check", {"roll": 55}), ("morale-check", {"roll": 12}),
        ("routed", {}), ("rallied", {"formation": "column"}),
        ("entered-terrain", {"terrain": "clear"}),
        ("increments-lost", {"increments": 2})), bound=2)
    assert walked == {k.code for k in LB_KINDS}
    lb = get_system("la-bataille", {})
    state = lb.initial_state(unit=LIGNE)
    for fields in ({"hold": True}, {"formation": "line"}, {"formation": "general-order"}):
        lines += lb.advance(unit=LIGNE, state=state, fields=fields_record(fields), events=[],
                            bound=2).journal
    return lines


def test_every_battles_of_waterloo_and_la_bataille_line_reads_in_french() -> None:
    lines = _bow_lines() + _lb_lines()
    assert len(lines) == 29 and all(lines)
    with i18n.language("fr"):
        french = [shown(line) for line in lines]
    for english, said in zip(lines, french, strict=True):
        assert said != english, english
        assert not said.startswith(ENGLISH) and "; " + english.split("; ")[-1] not in said, said
    assert "Tour 3 : désormais hors commandement (BOW-9, BOW-10)." in french
    assert "Tour 4 : n'est plus inactive, une activation manquée dure un tour (BOW-F3)." in french
    assert "Tour 3 : Tactique → Ligny." in french  # the order's summary: its label too
    assert "Entrée en bois (LB-6); ligne en bois : ordre dispersé (LB-6)" in french
    assert "Jet de 55 contre le moral 44 : réussi (LB-F2)" in french
    assert "Changement de formation colonne → ligne : 1 PM pour infanterie (LB-F3)" in french
    assert [shown(line) for line in lines] == lines  # English reads as written


def test_the_battles_of_waterloo_order_line_is_written_in_english_whatever_the_language(
        ) -> None:
    bow = get_system("battles-of-waterloo", {})
    fields = {"movement": "tactical", "destination": "Ligny", "orders_option": "move-unit",
              "rally": True}
    with i18n.language("fr"):
        written = bow.advance(unit=GIRARD, state=bow.initial_state(unit=GIRARD),
                              fields=fields_record(fields), events=[], bound=3).journal
        shown_in_table = bow.summarize(fields_record(fields))
    assert written == ("Turn 3: Tactical → Ligny (Orders: move unit; rally).",)
    assert shown_in_table == "Tactique → Ligny (Ordres : déplacer l'unité; ralliement)"


def test_the_shared_condition_lines_read_in_french_in_every_system() -> None:
    from desk.rules.condition import condition_kinds

    steps = (("casualties", {"losses": 1, "cause": "musketry"}), ("casualties", {"losses": 1}),
             ("leader-lost", {"fate": "killed"}), ("leader-replaced", {"leader": "Vichery"}),
             ("leader-lost", {"leader": "Vichery", "fate": "wounded"}),
             ("skirmishers-detached", {"figures": 1}), ("skirmishers-returned", {"lost": 1}),
             ("left-table", {"where": "the Namur road"}))
    lines: list[str] = []
    for system_id, unit in (("belle-alliance", LIGNE), ("battles-of-waterloo", GIRARD),
                            ("la-bataille", LIGNE)):
        kinds = {k.code for k in get_system(system_id, {}).event_kinds()}
        ours = tuple(s for s in steps if s[0] in kinds)
        lines += _walk(system_id, unit, ours, bound=4)[0]
        for end in ("destroyed", "captured"):
            lines += _walk(system_id, unit, ((end, {}),), bound=4)[0]
        # Lost down to nothing: the loss line, then "; destroyed".
        lines += _walk(system_id, unit, (("casualties", {"losses": unit.strength}),), bound=4)[0]
    # Every shared kind walked (skirmishers in Belle Alliance, which detaches them).
    assert {k.code for k in condition_kinds(skirmishers=True)} == {
        s[0] for s in steps} | {"destroyed", "captured"}
    with i18n.language("fr"):
        french = [shown(line) for line in lines]
    for english, said in zip(lines, french, strict=True):
        assert said != english and not said.startswith("Bound "), said
        words = re.sub(r"\(data: [^)]*\)", "", said)  # the data keys stay as written
        assert not {"destroyed", "left", "lost", "rejoined", "killed", "takes"} & set(
            re.findall(r"[a-z]+", words)), said
    assert "Bond 4 : perd 1 SP (musketry) : il en reste 7 (data: losses.casualties)" in french
    assert any(s.endswith("; détruite (data: losses.destroyed_at)") for s in french)
    assert "Bond 4 : son chef tué (data: leaders.lost_until_replaced)" in french
    assert "Bond 4 : Vichery prend le commandement (data: leaders.lost_until_replaced)" in french
