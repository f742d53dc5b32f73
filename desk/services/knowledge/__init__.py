"""What each headquarters knows, and since when (issue 31): reports travel up the chain.

API for the window, the command line and the packets (keyword-only, one transaction):

``belief.py``
  - ``knowledge(session, battle_id, command, bound=None) -> HeadquartersKnowledge``:
    every unit under a command's headquarters as it knows it at ``bound``: its own
    units as they are, the rest as last reported (the bound it was true, the bound it
    arrived), or "no news" when no report has reached it.

``reports.py``
  - ``send_reports(session, battle_id, bound) -> int``: at the close of ``bound``, each
    headquarters with a superior sends it a situation report by courier (what it knows
    then), delayed, lost or captured as the courier rules say; each report a dispatch
    of kind ``report`` in the courier ledger, its rolls from the bound's seed, carrying
    the enemy its headquarters knows was seen.

``ghosts.py``
  - ``belief_choices(session, battle_id)``: the headquarters whose belief the board can
    show; ``belief_over_truth(session, battle_id, command_id, bound=None)``: of each unit
    under it, where it is believed and where it is, and whether they differ.

``news.py``
  - ``carry_news(session, dispatch_id) -> int``: a leader's dispatch carries what his
    headquarters knows of the enemy; its recipient knows it once it is delivered.

Knowledge is derived from recorded facts (positions, states, sightings and who made
them, the dispatches), never typed twice. Only with the campaign's courier setting
``information_travels``.
"""
