"""What comes back after a battle: the campaign's recovery rules, with named presets.

Organisers differ: one keeps 10 % of the losses lost for good and returns the
rest; another rolls for each lost figure (wounded or dead). The rules are
campaign data (``campaign.recovery``), not house rules of a system:

- ``share``: the percentage of losses that may return (0–100);
- ``method``: ``flat`` (that share of each unit's losses returns, rounded down)
  or ``per-figure`` (each lost figure, strength point or increment rolls d100 and
  returns on a roll at or under the share);
- ``seed``: kept in the data of older campaigns, no longer used: the d100s come
  from the seed of the battle's last bound like every other roll
  (:mod:`desk.services.rolls`, purpose ``recovery:<unit id>:<figure>``), so a
  player recomputes them once that seed is revealed; every roll is logged in the
  unit's journal line.

A preset names a set of numbers; any number can be overridden on top of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from sqlmodel import Session

from desk.i18n import N_, _
from desk.rules.coerce import as_float, as_int
from desk.services.battles import BattleRefused
from desk.services.common import current_battle

METHODS = ("flat", "per-figure")

# name → (share, method, what it means). Marked N_: shown in the reader's language.
PRESETS: dict[str, tuple[float, str, str]] = {
    "none": (0.0, "flat", N_("no losses return")),
    "ten-percent-lost": (90.0, "flat", N_("90 % of the losses return, 10 % are lost for good")),
    "half-return": (50.0, "flat", N_("half the losses return")),
    "roll-per-figure": (50.0, "per-figure", N_("each lost figure rolls: it returns on 50 or "
                                               "less on d100 (wounded, not dead)")),
}


@dataclass(frozen=True)
class RecoveryRules:
    """The numbers an aftermath applies."""

    preset: str = "none"
    share: float = 0.0
    method: str = "flat"
    seed: int = 0

    def describe(self) -> str:
        """One line for the review: "ten-percent-lost: 90 per cent return, flat share"."""
        how = (_("flat share") if self.method == "flat"
               else _("d100 per lost figure, from the last bound's seed"))
        return _("{preset}: {share:g} per cent return, {how}").format(
            preset=self.preset, share=self.share, how=how)

    def as_data(self) -> dict[str, object]:
        """The rules as campaign data (JSON)."""
        return {"preset": self.preset, "share": self.share, "method": self.method,
                "seed": self.seed}


def recovery_rules(data: Mapping[str, object] | None = None, *, preset: str | None = None,
                   share: float | None = None, method: str | None = None,
                   seed: int | None = None) -> RecoveryRules:
    """Rules from stored data, a preset over it, then single numbers over that.

    Refused (:class:`BattleRefused`, one sentence) for an unknown preset or
    method, or a share outside 0–100 %.
    """
    data = dict(data or {})
    base_name = preset or str(data.get("preset") or "none")
    if base_name not in PRESETS:
        raise BattleRefused(_("there is no recovery preset {name!r} (presets: {known})").format(
            name=base_name, known=", ".join(PRESETS)))
    p_share, p_method, _meaning = PRESETS[base_name]
    rules = RecoveryRules(preset=base_name, share=p_share, method=p_method,
                          seed=as_int(data.get("seed")) or 0)
    if preset is None:  # the stored numbers stand over their preset
        stored_share = as_float(data.get("share"))
        rules = replace(rules, share=p_share if stored_share is None else stored_share,
                        method=str(data.get("method", p_method)))
    if share is not None:
        rules = replace(rules, share=float(share))
    if method is not None:
        rules = replace(rules, method=method)
    if seed is not None:
        rules = replace(rules, seed=int(seed))
    if not 0.0 <= rules.share <= 100.0:
        raise BattleRefused(_("a recovery share must be between 0 and 100 %, not {share:g} %")
                            .format(share=rules.share))
    if rules.method not in METHODS:
        raise BattleRefused(_("there is no recovery method {name!r} (methods: {known})").format(
            name=rules.method, known=", ".join(METHODS)))
    return rules


def returned(losses: int, rules: RecoveryRules,
             d100: Callable[[int], int]) -> tuple[int, str]:
    """How many of ``losses`` return, and how it was decided (for the journal).

    ``d100(figure)`` rolls for the ``figure``-th lost figure (1, 2 …): 1 … 100.

    >>> returned(10, RecoveryRules(share=90.0), lambda figure: 1)
    (9, '90 % of 10 lost return: 9')
    """
    if losses <= 0:
        return 0, "no losses"
    if rules.method == "flat":
        back = int(losses * rules.share / 100.0 + 1e-9)  # rounded down: the rest is lost
        return back, f"{rules.share:g} % of {losses} lost return: {back}"
    rolls = [d100(figure) for figure in range(1, losses + 1)]
    back = sum(1 for r in rolls if r <= rules.share)
    return back, (f"{losses} lost rolled d100, returning on {rules.share:g} or less: "
                  f"{' '.join(map(str, rolls))} → {back} return")


def set_recovery(*, session: Session, preset: str | None = None, share: float | None = None,
                 method: str | None = None, seed: int | None = None) -> RecoveryRules:
    """Keep the campaign's recovery rules (a preset and any numbers over it)."""
    campaign, _battle = current_battle(session)
    rules = recovery_rules(campaign.recovery, preset=preset, share=share, method=method,
                           seed=seed)
    campaign.recovery = rules.as_data()  # a new dict: in-place changes are not tracked
    session.add(campaign)
    session.flush()
    return rules


def campaign_recovery(*, session: Session) -> RecoveryRules:
    """The campaign's recovery rules as kept (the "none" preset until set)."""
    return recovery_rules(current_battle(session)[0].recovery)
