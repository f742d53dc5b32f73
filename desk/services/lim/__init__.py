"""The Battles of Waterloo LIM cup: building the pool, draws, options, rolls, moves, undo.

API for the window and the command line (keyword-only; one transaction each;
writes take ``seen_version``, the pool row's version, see ``CupView.version``):

``cup.py`` — the cup as at the table
  - ``cup(session, battle_id, bound=None) -> CupView``: every chit considered
    (``CupItem``: chit, status in-cup/drawn/removed, clause, why), the activations
    in order (``ActivationView`` with its roll and its ``MoveView`` moves), the
    phase (``operations`` while chits remain, then ``no-lim``), idle commands.
  - ``record_draw(session, battle_id, chit=None, draw_anyway=False, seen_version)
    -> ActivationView``: ``chit`` as pulled from the physical cup (refused with the
    clause if not in it), or None for the desk's seeded draw. Raises
    ``PendingMoves`` (``.pending``) while the current activation has units still to
    move, unless ``draw_anyway``.
  - ``choose_first(session, battle_id, chit, seen_version)``: the initiative winner's
    first LIM.
  - ``take_option(session, battle_id, option, seen_version)``: the Orders LIM option.
  - ``record_roll(session, battle_id, command_id, value=None, rating=None,
    draw_anyway=False, seen_version) -> ActivationView``: real dice (``value``) or
    the desk's seeded d10 (None); ``rolled_by`` says which.
  - ``current_activation``, ``activation_of(seq)``, ``bound_seed``.
``moves.py`` — moves per activation
  - ``record_move(session, battle_id, seq, unit_id, movement, destination_hex="",
    path_hexes=(), override_reason="", seen_version) -> MoveView``: checked against
    activation ``seq`` only; ``MoveRefused`` (``.findings``) without a reason.
  - ``pending_moves(session, battle_id, seq=None) -> tuple[PendingUnit, ...]``.
``views.py`` — the frozen DTOs above. ``desk.services.rolls`` — one seed per bound.
``undo.py`` — ``lim_snapshot`` / ``restore_lim_pool`` cover draws, rolls and moves.
``draws.py`` — the older step functions (build_pool, draw_lim …), still used.
``pool_store.py`` — the pool row's plumbing under both: claim, apply one step, mirror.
"""
