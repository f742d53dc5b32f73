"""Bounds in the window: the bound bar, events, closing and reopening."""
