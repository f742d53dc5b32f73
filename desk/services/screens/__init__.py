"""Read models for the window's screens: what each screen shows, as frozen data."""
