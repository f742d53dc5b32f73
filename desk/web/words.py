"""The words of a player's page, in the language the server speaks (desk.i18n).

Kept in Python rather than in the templates so that the desk's gettext extraction
(``packaging/update-translations-gettext``, xgettext over ``*.py``) finds them; a template
reads them as ``w.<name>``.
"""

from __future__ import annotations

from desk.i18n import _


def page_words() -> dict[str, str]:
    """Every fixed phrase of the page, translated now."""
    return {
        "bound": _("Bound {bound}, {time}"),
        "due": _("Orders are due by {when}."),
        "no_deadline": _("No deadline is set for this bound."),
        "closed": _("The umpire takes no more orders for this bound from this page."),
        "late": _("The deadline has passed: orders sent now arrive marked late, and the "
                  "umpire decides whether they stand."),
        "received_late": _("Received at {time}, after the deadline: the umpire decides."),
        "received": _("Received at {time}. You may change your orders until the deadline."),
        "received_open": _("Received at {time}. You may change your orders until the umpire "
                           "closes the bound."),
        "own_units": _("Your units"),
        "unit": _("Unit"),
        "formation": _("Formation"),
        "strength": _("Strength"),
        "lost": _("Lost"),
        "news": _("News"),
        "enemy_seen": _("Enemy seen"),
        "enemy_none": _("No enemy has been seen."),
        "seen_bound": _("Seen in bound"),
        "about": _("about {n}"),
        "dispatches": _("Dispatches delivered to you"),
        "dispatch_from": _("{writer}, {time}, to {recipient}"),
        "map": _("Map"),
        "map_alt": _("The map as your side sees it"),
        "orders": _("Orders"),
        "written": _("The order in your words"),
        "entered": _("The umpire has entered this unit's order: what you write here is not "
                     "taken."),
        "default": _("{choice} (default)"),
        "send": _("Send these orders"),
        "seed": _("The desk's dice for this bound are sealed: SHA-256 {c}."),
    }


def refusal_words() -> dict[str, str]:
    """The plain bodies of refused requests (no page: nothing about the campaign)."""
    return {
        "not_found": _("Not found"),
        "stale_form": _("This form is out of date or not from your page: reload the page and "
                        "send your orders again."),
        "too_many": _("Too many requests: wait a minute and try again."),
    }
