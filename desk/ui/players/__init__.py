"""The window's room for the players themselves (issue 32): Players ▸ Players' pages, the
server of each player's own page and their secret links (:mod:`desk.ui.players.controller`)."""
