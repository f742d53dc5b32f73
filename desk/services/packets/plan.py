"""What goes into each packet of a bound (issue 22), as frozen data for the sheets layer.

One packet per side, or one per player where the campaign names players (a side's
player gets the whole side, a command's player that command and those under it).
Each holds the fillable order sheet (dispatches delivered to its units are on it),
the side's map view when the battle has a map, the situation report and the seed's
commitment. Everything comes from the side's own views: nothing the side may not know.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from desk.services.common import current_battle, get_bound
from desk.services.dto import UnitStateView
from desk.services.knowledge.belief import side_belief
from desk.services.knowledge.views import SideBelief
from desk.services.maps.images import MapRefused
from desk.services.maps.view import map_view_model
from desk.services.maps.viewmodel import MapViewModel
from desk.services.oob.names import campaign_names
from desk.services.packets.deadlines import deadline_text
from desk.services.packets.players import PlayerView, players
from desk.services.packets.situation import SituationModel, situation_model
from desk.services.printing.viewmodels import Paper, SheetMode, SheetModel
from desk.services.printing.views import order_sheet_model
from desk.services.queries import unit_states
from desk.services.rolls import commitment, first_bound_seed
from desk.store.tables.oob import Command, Side


@dataclass(frozen=True)
class PacketModel:
    """One packet: its folder's name, who it goes to, and the models of its files."""

    folder: str
    side: str
    player: PlayerView | None
    sheet: SheetModel
    map: MapViewModel | None
    situation: SituationModel
    commitment: str


def _subtree(rows: list[Command], root: int) -> frozenset[int]:
    chosen, frontier = {root}, [root]
    while frontier:
        current = frontier.pop()
        for c in rows:
            if c.parent_id == current and c.id is not None and c.id not in chosen:
                chosen.add(c.id)
                frontier.append(c.id)
    return frozenset(chosen)


def _folder(side: str, player: PlayerView | None) -> str:
    text = side if player is None else f"{side} - {player.name}"
    return "".join(ch if ch.isalnum() or ch in " -_.'" else "_" for ch in text).strip()


def _map(session: Session, *, side: str, bound: int, paper: Paper, battle_id: int,
         belief: SideBelief | None = None) -> MapViewModel | None:
    """The side's map view (None: the battle has no map)."""
    try:
        return map_view_model(session=session, side=side, bound=bound, paper=paper,
                              battle_id=battle_id, belief=belief)
    except MapRefused:
        return None


def packet_models(*, session: Session, bound: int | None = None, with_maps: bool = True,
                  paper: Paper = Paper.A4,
                  player_id: int | None = None) -> tuple[PacketModel, ...]:
    """The packets of ``bound`` (default: the open bound) of the current battle;
    ``player_id``: only that player's packet (a player's own page, issue 32)."""
    campaign, battle = current_battle(session)
    number = battle.current_bound if bound is None else bound
    bound_row = get_bound(session, battle.id or 0, number)
    promise = commitment(bound_row.seed or first_bound_seed(battle.seed))
    due = deadline_text(session, bound_row)
    sides = list(session.exec(select(Side).where(Side.campaign_id == campaign.id)
                              .order_by(col(Side.id))))
    listed = players(session=session)
    if player_id is not None:
        listed = tuple(p for p in listed if p.player_id == player_id)
        if not listed:
            return ()
    out: list[PacketModel] = []
    for side in sides:
        rows = list(session.exec(select(Command).where(Command.side_id == side.id)))
        by_name = {c.name: c for c in rows}
        mine: list[PlayerView | None] = [p for p in listed if p.side == side.name] or [None]
        if player_id is not None and mine == [None]:
            continue  # one player's packet: not this side's
        view = _map(session, side=side.name, bound=number, paper=paper,
                    battle_id=battle.id or 0) if with_maps else None
        # The side's names, and the states of each packet's units, read once for its sheet
        # and situation report alike: a brigade's packet reads its 20 units' states.
        names = campaign_names(session, campaign.id or 0, side_id=side.id)
        side_states: dict[int, UnitStateView] | None = None
        for player in mine:
            command_row = by_name.get(player.command) if player and player.command else None
            path = " / ".join(names.paths[command_row.id]) if command_row and command_row.id \
                else None
            inside = _subtree(rows, command_row.id) if command_row and command_row.id else None
            if inside is not None:
                states = unit_states(session=session, battle_id=battle.id or 0, bound=number,
                                     side_id=side.id, command_ids=inside)
            else:
                if side_states is None:
                    side_states = unit_states(session=session, battle_id=battle.id or 0,
                                              bound=number, side_id=side.id)
                states = side_states
            # Information travelling, each headquarters has its own map: what reached it.
            belief = side_belief(session=session, campaign_id=campaign.id or 0,
                                 battle_id=battle.id or 0, bound=number, side_id=side.id or 0,
                                 commands=inside)
            if belief is not None and with_maps:
                view = _map(session, side=side.name, bound=number, paper=paper,
                            battle_id=battle.id or 0, belief=belief)
            sheet = order_sheet_model(session=session, side=side.name, command=path,
                                      bound=number, mode=SheetMode.BLANK,
                                      fillable=bound_row.status == "open", paper=paper,
                                      battle=battle.name, names=names, states=states)
            situation = situation_model(
                session, campaign=campaign, battle=battle, bound=bound_row, side=side,
                commands=inside, belief=belief, commitment=promise,
                player=player.name if player else None,
                command=player.command if player else None,
                dispatches=len(sheet.dispatches), deadline=due, paper=paper, states=states)
            out.append(PacketModel(folder=_folder(side.name, player), side=side.name,
                                   player=player, sheet=sheet, map=view, situation=situation,
                                   commitment=promise))
    return tuple(out)
