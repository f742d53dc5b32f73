"""Bounds: in-bound events, closing a bound (state carried forward) and reopening it."""
