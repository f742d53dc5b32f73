"""Every word of the rules that the window or a sheet shows has its French.

The rules speak in ids and data labels; :func:`desk.i18n.term` turns them into
words through the catalogue, whose entries :mod:`desk.rules.terms` marks. This
walks each system's order fields (labels, defaults, choices), event kinds, the
demo orders of battle's arms and unit types and the rulesets' TOML labels, and
fails on a word French leaves in English (a new formation, a new choice).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from demo_cache import DemoCache
from sqlmodel import select

from desk import i18n
from desk.resources import resources_dir
from desk.rules import get_system
from desk.store import open_campaign
from desk.store.tables.oob import Unit

SYSTEMS = ("belle-alliance", "battles-of-waterloo", "la-bataille")
# Words French spells as English does.
SAME = frozenset({"Destination", "Direction", "Formation", "Terrain", "LD", "MD", "FD",
                  "grenadiers", "obstacle", "village", "brigade", "division", "corps",
                  "lancers", "charge"})


def _labels(node: Any) -> Iterator[str]:
    """The ``label`` strings of a TOML table, and every value of a ``[x.label]`` table."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "label" and isinstance(value, str):
                yield value
            elif key == "label" and isinstance(value, dict):
                yield from (v for v in value.values() if isinstance(v, str))
            else:
                yield from _labels(value)
    elif isinstance(node, list):
        for value in node:
            yield from _labels(value)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_rules_word_has_its_french(system_id: str, tmp_path: Path,
                                         demo_cache: DemoCache) -> None:
    system = get_system(system_id)
    sentences: set[str] = set()  # labels: translated whole, with _()
    words: set[str] = set()  # ids: spelled and translated, with term()
    for spec in system.order_fields():
        sentences.update(s for s in (spec.label, spec.default_label) if s)
        words.update(str(getattr(c, "value", c)) for c in spec.choices if c)
    for kind in system.event_kinds():
        sentences.add(kind.label)
        sentences.update(spec.label for spec in kind.fields)
    data = tomllib.loads((resources_dir() / "rulesets" / f"{system_id}.toml").read_text())
    sentences.update(_labels(data))
    words.update(data.get("terrain_mp", {}))  # the hexes' terrain, shown in the unit panel
    path = tmp_path / "demo.desk"
    demo_cache.copy(system=system_id, dest=path)
    with open_campaign(path, read_only=True) as store, store.session() as session:
        for unit in session.exec(select(Unit)):
            words.update((unit.arm, unit.unit_type, unit.strength_unit))
    with i18n.language("fr"):
        untranslated = sorted({s for s in sentences if i18n._(s) == s} - SAME) + \
            sorted({w for w in words
                    if i18n.term(w) == w.replace("-", " ").replace("_", " ")} - SAME)
    assert untranslated == []
