"""Players' own pages (issue 32): secret links, each page's view model, orders sent from it."""
