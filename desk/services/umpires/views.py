"""What the umpires' services return: frozen views, never live rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from desk.i18n import _


def since_text(moment: datetime, *, today: datetime | None = None) -> str:
    """A claim's start as the refusals say it: "20:14 UTC", with the date when not today.

    The desk keeps UTC; a time without its zone (SQLite hands back naive values through
    a raw query) is UTC too. Worked example: a claim of 5 December read on the 6th says
    "5 Dec 20:14 UTC".
    """
    when = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    when = when.astimezone(UTC)
    now = (today or datetime.now(UTC)).astimezone(UTC)
    clock = when.strftime("%H:%M")
    if when.date() == now.date():
        return f"{clock} UTC"
    return f"{when.day} {when.strftime('%b')} {clock} UTC"


@dataclass(frozen=True)
class UmpireView:
    """One umpire of the campaign: name, role (chief or sector), PostgreSQL role ("" none)."""

    umpire_id: int
    name: str
    role: str
    db_role: str

    @property
    def chief(self) -> bool:
        """The chief reads every secret note and may take any claim over."""
        return self.role == "chief"


@dataclass(frozen=True)
class ClaimView:
    """An umpire's claim in one battle: on what (its key and its name), by whom, since when.

    ``target`` is the ``claim`` table's key (``side:<id>``, ``command:<id>``, ``lim``);
    ``label`` the name an umpire reads ("VI Corps", "French", "the LIM cup");
    ``reason`` why the chief took it over ("" when claimed freely).
    """

    battle_id: int
    target: str
    label: str
    umpire: str
    since: datetime
    reason: str = ""

    @property
    def held(self) -> str:
        """Who holds it and since when: "Anne since 20:14 UTC" (the order form's words)."""
        return _("{umpire} since {since}").format(umpire=self.umpire,
                                                  since=since_text(self.since))

    @property
    def sentence(self) -> str:
        """The refusal's core: "VI Corps is claimed by Anne since 20:14 UTC"."""
        text = _("{target} is claimed by {umpire} since {since}").format(
            target=self.label, umpire=self.umpire, since=since_text(self.since))
        return text[:1].upper() + text[1:]  # "The LIM cup is claimed …"
