"""Several umpires on one campaign (issue 33): the roster, the claims and secret notes.

- :mod:`.roster`: a campaign's umpires, added, listed and removed;
- :mod:`.targets`: what may be claimed (a side, a command, a battle's LIM cup), from the
  names an umpire types to the keys the ``claim`` table keeps, and back;
- :mod:`.claims`: claiming, releasing, taking a claim over (the chief, with a reason),
  listing, and their end at the close of the bound;
- :mod:`.guard`: the refusal every write of recorded play asks for before writing: a
  unit (through its command, any command above it, or its side) or the LIM cup claimed
  by another umpire;
- :mod:`.notes`: the notes an umpire keeps to themself (the chief reads all), never printed;
- :mod:`.views`: the frozen views the functions return.
"""
