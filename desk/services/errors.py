"""The services' exceptions: each carries one plain sentence the desk can show as is.

Every service raises a :class:`ServiceError` subclass for bad input or a refused
use case, never a bare ``KeyError`` or an ORM exception, so the window and the
command line can print ``str(exc)`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable

from desk.rules.base import Finding, Severity


class ServiceError(Exception):
    """A use case was refused; ``str(exc)`` is one sentence for the umpire."""


class NotFound(ServiceError):
    """A campaign, battle, bound, unit, order or backup that the caller named does not exist."""


class BoundClosedError(ServiceError):
    """The bound is closed: its orders and events are read-only."""


class OrderRefused(ServiceError):
    """An order has error findings and the umpire gave no override reason.

    ``findings`` holds every finding (errors and warnings) so the form can show
    them all; the message names the first error and its clause.
    """

    def __init__(self, *, unit: str, findings: Iterable[Finding]) -> None:
        self.findings: tuple[Finding, ...] = tuple(findings)
        errors = [f for f in self.findings if f.severity is Severity.ERROR]
        first = errors[0].message if errors else "the rules refuse it"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(
            f"Order for {unit} refused: {first}{more}. Give a reason to overrule it."
        )


class ImportRefused(ServiceError):
    """An order-of-battle file was refused as a whole; nothing was written.

    ``place`` is where the problem is (``line 7`` for CSV,
    ``sides[0].commands[1].units[3]`` for JSON); ``reason`` says what is wrong.
    """

    def __init__(self, *, place: str, reason: str) -> None:
        self.place = place
        self.reason = reason
        super().__init__(f"{place}: {reason}" if place else reason)


class ReopenRefused(ServiceError):
    """A bound cannot be reopened (not the last closed one, or work already done after it)."""


class LimError(ServiceError):
    """A LIM pool operation does not fit the pool's state (empty pool, wrong LIM ...)."""


class BackupError(ServiceError):
    """A backup could not be made, listed or restored."""


class ConcurrentChangeError(ServiceError):
    """Another umpire changed the same bound first; reload and try again."""


class ClaimedError(ServiceError):
    """Another umpire holds a claim on the side, command or LIM cup a write touches.

    The sentence names the claimant and since when (issue 33); nothing was written.
    """
