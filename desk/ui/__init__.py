"""The desk window: PySide6 widgets, item models and undo commands (the only Qt layer)."""
