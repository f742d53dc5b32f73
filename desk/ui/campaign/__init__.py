"""The campaign in the window: its files, its battles, the campaign view."""
