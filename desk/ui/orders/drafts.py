"""Order drafts kept on disk as the umpire types, so a crash loses nothing typed.

One JSON file per campaign in the desk's data directory (``drafts/``), named
by a hash of the campaign's identity: the file's resolved path (or the
server's URL without its password), the campaign's id and its creation time.
The file repeats that identity, and each draft names its battle, bound, unit
id and unit name, so a draft is never offered for another campaign, bound or
unit. Every change rewrites the file whole, atomically (a temporary file,
then ``os.replace``): a kill at any moment leaves the old file or the new one,
never half of one. No ``fsync``: a killed process loses nothing the kernel was
given; only a power cut can, and that costs a disk flush per keystroke.

No Qt here: :mod:`desk.ui.orders.draft_keeper` ties this to the order form.
A file that cannot be read back is set aside (``*.discarded``) with one line
in the desk's log; a draft that no longer fits is dropped with one line.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

FORMAT = 1
log = logging.getLogger("desk.drafts")
_SCALARS = (str, int, float, bool)


class DraftError(ValueError):
    """A draft file or entry that cannot be read back (the message says why)."""


@dataclass(frozen=True)
class CampaignKey:
    """What tells this campaign from any other: where it lives, its id, when it was made."""

    location: str
    campaign_id: int
    created: str

    def token(self) -> str:
        """A short stable name for the campaign's draft file."""
        raw = json.dumps([self.location, self.campaign_id, self.created])
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:20]


@dataclass(frozen=True)
class Draft:
    """One unit's unsaved order: the text as typed and the fields the umpire gave."""

    battle_id: int
    bound: int
    unit_id: int
    unit_name: str
    verbatim: str
    fields: Mapping[str, object] = field(default_factory=dict)
    saved_at: str = ""  # local time, "YYYY-MM-DD HH:MM:SS"

    def to_json(self) -> dict[str, object]:
        """The draft as plain JSON data (by hand: ``asdict`` deep-copies, per keystroke)."""
        return {"battle_id": self.battle_id, "bound": self.bound, "unit_id": self.unit_id,
                "unit_name": self.unit_name, "verbatim": self.verbatim,
                "fields": dict(self.fields), "saved_at": self.saved_at}

    @classmethod
    def from_json(cls, raw: object) -> Draft:
        """A draft from JSON data; :class:`DraftError` naming the field when it is wrong."""
        if not isinstance(raw, dict):
            raise DraftError("a draft is not an object")
        numbers = {name: raw.get(name) for name in ("battle_id", "bound", "unit_id")}
        texts = {name: raw.get(name) for name in ("unit_name", "verbatim", "saved_at")}
        for name, value in numbers.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise DraftError(f"field {name!r} is not a whole number")
        for name, value in texts.items():
            if not isinstance(value, str):
                raise DraftError(f"field {name!r} is not text")
        fields = raw.get("fields")
        if not isinstance(fields, dict) or not all(
                isinstance(k, str) and isinstance(v, _SCALARS) for k, v in fields.items()):
            raise DraftError("field 'fields' is not a map of names to plain values")
        return cls(fields=dict(fields), **numbers, **texts)  # type: ignore[arg-type]


class DraftStore:
    """The draft file of one campaign (see the module text)."""

    def __init__(self, *, folder: Path, key: CampaignKey) -> None:
        self.folder = folder
        self.key = key
        self.path = folder / f"drafts-{key.token()}.json"
        self._temporary = folder / f".{self.path.name}.{os.getpid()}.tmp"
        self._campaign = asdict(key)

    def load(self) -> list[Draft]:
        """The drafts on disk; a file that cannot be read back is set aside and logged."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError) as exc:
            self._discard(f"cannot be read ({exc})")
            return []
        try:
            data = json.loads(text)
        except ValueError as exc:
            self._discard(f"is not JSON ({exc})")
            return []
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or not isinstance(data.get("drafts"), list):
            self._discard(f"is not a draft file of format {FORMAT}")
            return []
        if data.get("campaign") != self._campaign:
            self._discard(f"belongs to another campaign ({data.get('campaign')!r})")
            return []
        drafts = []
        for number, raw in enumerate(data["drafts"], start=1):
            try:
                drafts.append(Draft.from_json(raw))
            except DraftError as exc:
                log.warning("Draft %d in %s dropped: %s", number, self.path, exc)
        return drafts

    def write(self, drafts: Iterable[Draft]) -> bool:
        """Put these drafts on disk in place of the old ones (none: the file goes)."""
        entries = [d.to_json() for d in drafts]
        try:
            if not entries:
                self.path.unlink(missing_ok=True)
                return True
            self.folder.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"format": FORMAT, "campaign": self._campaign,
                               "drafts": entries}, ensure_ascii=False)
            self._temporary.write_bytes(text.encode("utf-8"))
            os.replace(self._temporary, self.path)
        except OSError as exc:
            log.warning("Drafts not written to %s: %s", self.path, exc)
            return False
        return True

    def _discard(self, why: str) -> None:
        aside = self.path.with_name(self.path.name + ".discarded")
        log.warning("Draft file %s %s: set aside as %s", self.path, why, aside.name)
        try:
            os.replace(self.path, aside)
        except OSError:
            self.path.unlink(missing_ok=True)


def fitting(drafts: Iterable[Draft], *, battle_id: int, bound: int,
            units: Mapping[int, str], where: Path) -> list[Draft]:
    """The drafts that belong to this battle's bound and to a unit that is still there.

    ``units``: unit id → name now. A unit whose name changed is taken for
    another unit: a draft is never offered for the wrong one. Each draft left
    out gets one line in the log.
    """
    kept = []
    for draft in drafts:
        why = ""
        if draft.battle_id != battle_id:
            why = f"is for battle {draft.battle_id}, not {battle_id}"
        elif draft.bound != bound:
            why = f"is for bound {draft.bound}, not the open bound {bound}"
        elif draft.unit_id not in units:
            why = "is for a unit that is no longer in the order of battle"
        elif units[draft.unit_id] != draft.unit_name:
            why = f"names {units[draft.unit_id]!r} otherwise"
        if why:
            log.warning("Draft for %s (unit %d) in %s dropped: it %s", draft.unit_name,
                        draft.unit_id, where, why)
        else:
            kept.append(draft)
    return kept
