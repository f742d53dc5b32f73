"""The campaign as a whole: its summary, demo scenarios, backups and restores."""
