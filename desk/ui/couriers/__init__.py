"""The courier ledger in the window: dispatches written, in transit, delivered."""
