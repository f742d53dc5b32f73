"""Paper from the window: sheets, charts, reports, packets and the turn-in board."""
