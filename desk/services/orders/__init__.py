"""Orders: write, amend and cancel a unit's order for the open bound."""
