"""The window's room for the umpires themselves (issue 33): Campaign ▸ Claims, where an
umpire claims the chosen unit's command or side or the LIM cup, releases a claim, and the
chief takes one over with a reason (:mod:`desk.ui.umpires.controller`)."""
