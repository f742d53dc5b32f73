"""The map board's use cases: import and calibrate a battle's map, mark what a side saw,
build a side's view of the map (frozen data for the window and the PDF renderer)."""
