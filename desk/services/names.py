"""Names as umpires type them: case and accents forgiven, and "did you mean …" for a slip.

A unit or command name typed on the command line ("lasne", "1/5E LIGNE", "Roder" for
"Röder") finds the one it means when only case or accents differ; a name that finds
none is answered with the closest names the campaign has (difflib's ratio on the
loose forms, at most three). Worked example: ``loose(" Röder's Cavalry")`` is
``"roder's cavalry"``, so "roder's cavalry" finds it; "Rodr's cavalry" finds nothing
and is answered "did you mean Röder's Cavalry?".
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Sequence

from desk.i18n import _


def loose(name: str) -> str:
    """``name`` without case, accents or surrounding blanks: the form two names compare in."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def loosely_named(name: str, names: Iterable[str]) -> list[str]:
    """The names equal to ``name`` once case and accents are forgiven."""
    wanted = loose(name)
    return [n for n in names if loose(n) == wanted]


def closest(name: str, names: Sequence[str], *, count: int = 3) -> list[str]:
    """The names closest to ``name`` (for "did you mean"), best first; [] when none is near."""
    by_loose: dict[str, str] = {}
    for n in names:
        by_loose.setdefault(loose(n), n)
    found = difflib.get_close_matches(loose(name), list(by_loose), n=count, cutoff=0.6)
    return [by_loose[f] for f in found]


def not_found(sentence: str, name: str, names: Sequence[str]) -> str:
    """``sentence`` (that ``name`` is unknown), with "did you mean …" when a name is near."""
    near = closest(name, names)
    if not near:
        return sentence
    return _("{sentence}; did you mean {names}?").format(
        sentence=sentence, names=_(" or ").join(repr(n) for n in near))
