"""The map board in the window: the battle's map, its units per bound, drag to move."""
