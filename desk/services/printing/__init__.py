"""Paper in and out: the frozen view models the sheets render, the form fields
they carry, and filled forms read back into draft orders.

This package's ``__init__`` imports nothing, so the sheets layer can import
``viewmodels``, ``formfields`` and ``errors`` without the database."""
