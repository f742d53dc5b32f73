"""Several umpires on one campaign: the roster, claims and secret notes (issue 33)."""
