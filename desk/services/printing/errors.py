"""Errors of the sheets layer: each carries one plain sentence for the user.

The command line (``desk/cli.py``) prints a :class:`SheetError` as one line and
exits non-zero; the window shows it in a message box. Neither shows a traceback.
"""

from __future__ import annotations


class SheetError(ValueError):
    """A document could not be made or read; the message says why in one sentence."""


class FontsMissingError(SheetError):
    """The bundled fonts are not where ``desk.resources.fonts_dir()`` says."""


class NotADeskFormError(SheetError):
    """A PDF handed to the form reader is not a fillable sheet from the desk."""


class MixedFormError(SheetError):
    """One PDF holds fields of several campaigns or bounds (pages were merged)."""
