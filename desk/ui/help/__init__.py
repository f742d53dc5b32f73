"""The Help menu: the keys, the rules' clauses, and what the desk is and where it keeps things."""
