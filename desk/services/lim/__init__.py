"""The Battles of Waterloo LIM cup: building the pool, draws, options, rolls, idling, undo."""
