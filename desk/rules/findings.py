"""What the rules say about an order: a finding, its severity, and the one way to build it.

Every rules system builds its findings with :func:`finding`, so each message ends
with its clause id the same way. Re-exported by :mod:`desk.rules.base`, where the
layers above import them from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from desk.i18n import _


class Severity(StrEnum):
    """An error refuses the order unless the umpire overrules it; a warning informs."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One thing the rules say about an order, in the desk's own words.

    ``code`` is stable (``BA_CHARGE_COOLDOWN``); ``clause`` is the RULES.md id
    (``BA-14``); ``message`` is one plain sentence that ends with the clause id
    in brackets; ``house_rule`` is true when the finding rests on a number the
    campaign overrode.
    """

    code: str
    severity: Severity
    clause: str
    message: str
    house_rule: bool = False

    def to_dict(self) -> dict[str, object]:
        """Plain form for the store's JSON column."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "clause": self.clause,
            "message": self.message,
            "house_rule": self.house_rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Finding:
        """Inverse of :meth:`to_dict`."""
        return cls(
            code=str(data["code"]),
            severity=Severity(str(data["severity"])),
            clause=str(data["clause"]),
            message=str(data["message"]),
            house_rule=bool(data.get("house_rule", False)),
        )


ERROR, WARNING = Severity.ERROR, Severity.WARNING


def finding(code: str, severity: Severity, clause: str, sentence: str, house: bool = False, *,
            cited: bool = False) -> Finding:
    """The one way every rules system builds a finding.

    The message is ``sentence``, then " (house rule)" when the finding rests on
    a number the campaign overrode, then the clause id in brackets, all before
    the sentence's full stop when it has one: "Cannot charge (BA-14)",
    "Line may be formed in clear terrain only (house rule) (LB-F4)." A sentence
    that already cites its clause (a computation's working) says ``cited=True``
    and gets no second citation.
    """
    body, stop = (sentence[:-1], ".") if sentence.endswith(".") else (sentence, "")
    note = " (" + _("house rule") + ")" if house else ""
    cite = "" if cited else f" ({clause})"
    return Finding(code, severity, clause, f"{body}{note}{cite}{stop}", house)
