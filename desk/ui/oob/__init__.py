"""The order of battle in the window: the tree, a unit's panel and history, OOB files."""
