"""Orders of battle: JSON and CSV in and out, checked before anything is written."""
