"""Subcommands of the map board: ``map-import``, ``map-calibrate``, ``map-seen`` and ``map``.

The image goes into the campaign file; the calibration is two points and a
distance (and, for hex games, three hex centres); ``map-seen`` records the
umpire's mark that a side saw an enemy unit; ``map`` draws a side's view (or
the umpire's) as a PDF. The database, pypdf and reportlab load inside the
handlers, so ``desk --version`` stays instant.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from desk.cli.arguments import Subparsers, add_campaign_argument
from desk.cli.numbers import bound_number, count
from desk.i18n import _


def register(subparsers: Subparsers) -> None:
    """Add the map subcommands to the ``desk`` parser."""
    imp = subparsers.add_parser(
        "map-import", help=_("store a map image (PNG, JPEG or a PDF page) in a campaign"),
        description=_("Store the battle's map in the campaign file: a PNG or JPEG image, or "
                      "the scanned image of one page of a PDF. Up to 100 megapixels. A map "
                      "imported again replaces the old one and its calibration."))
    add_campaign_argument(imp)
    imp.add_argument("image", type=Path, help=_("the image or PDF file"))
    imp.add_argument("--page", type=count, help=_("the PDF's page, from 1 (default: 1)"))
    imp.set_defaults(handler=run_import)

    cal = subparsers.add_parser(
        "map-calibrate", help=_("give the map its scale (and hex grid)"),
        description=_("Two points of the image and the distance between them give the scale, "
                      "e.g. --points 120,80 1320,80 --distance 60 --unit cm. For hex games, "
                      "--hex X,Y,NUMBER three times fixes the grid."))
    add_campaign_argument(cal)
    cal.add_argument("--points", nargs=2, metavar="X,Y", help=_("two pixels of the image"))
    cal.add_argument("--distance", type=float, help=_("the distance between the two points"))
    cal.add_argument("--unit", default="cm",
                     help=_("cm (on the table), in, m, yards or paces (default: cm)"))
    cal.add_argument("--hex", action="append", metavar="X,Y,NUMBER",
                     help=_("a hex centre and its number, e.g. 410,233,2715 (give three)"))
    cal.set_defaults(handler=run_calibrate)

    view = subparsers.add_parser(
        "map", help=_("print a side's view of the map (or the umpire's)"),
        description=_("Write the battle's map as a PDF: with --side, that side's units where "
                      "they are and enemy units only where the umpire marked them seen (last "
                      "seen bound shown, strength rounded); without it, the umpire's view of "
                      "every unit."))
    add_campaign_argument(view)
    view.add_argument("--side", help=_("the side, e.g. French (default: the umpire's view)"))
    view.add_argument("--bound", type=bound_number,
                      help=_("bound number (default: the open bound)"))
    view.add_argument("--paper", choices=("a4", "letter"), default="a4",
                      help=_("paper size (default: a4)"))
    view.add_argument("-o", "--output", required=True, type=Path, help=_("the PDF to write"))
    view.set_defaults(handler=run_map)

    seen = subparsers.add_parser(
        "map-seen", help=_("mark that a side saw an enemy unit in a bound"),
        description=_("Record the umpire's mark that a side saw an enemy unit (its map view "
                      "then shows it); --unseen takes the mark back."))
    add_campaign_argument(seen)
    seen.add_argument("--side", required=True, help=_("the side that saw it"))
    seen.add_argument("units", nargs="+",
                      help=_("the enemy units seen, by name; a leader by his name too"))
    seen.add_argument("--bound", type=bound_number,
                      help=_("bound number (default: the open bound)"))
    seen.add_argument("--unseen", action="store_true", help=_("take the marks back"))
    seen.add_argument("--by", action="append", default=[], metavar="UNIT",
                      help=_("one of the side's units that saw them, again for more (with "
                             "information travelling its headquarters knows at once, the "
                             "rest of the chain by report; none: the whole side saw them)"))
    seen.set_defaults(handler=run_seen)


def _point(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise ValueError(_("{text} is not a point: write it X,Y in pixels, e.g. 120,80").format(
            text=text)) from None
    return x, y


def run_import(args: argparse.Namespace) -> int:
    """``desk map-import CAMPAIGN IMAGE [--page N]``."""
    from desk.services.maps.board import import_map, map_info
    from desk.store import open_campaign

    data = args.image.read_bytes()
    with open_campaign(args.campaign) as store, store.session() as session:
        before = map_info(session=session)
        info = import_map(session=session, data=data, name=args.image.name, page=args.page,
                          seen_version=before.version if before else None)
    print(_("Stored {name} as the map of the battle: {width} x {height} pixels "
            "({format}).").format(name=info.name, width=info.width, height=info.height,
                                  format=info.image_format.upper()))
    return 0


def run_calibrate(args: argparse.Namespace) -> int:
    """``desk map-calibrate CAMPAIGN --points X,Y X,Y --distance D [--unit U] [--hex ...]``."""
    from desk.services.maps.board import calibrate_scale, map_info
    from desk.services.maps.hexes import calibrate_hexes
    from desk.store import open_campaign

    if args.points is None and not args.hex:
        raise ValueError(_("give --points and --distance, or three --hex"))
    if args.points is not None and args.distance is None:
        raise ValueError(_("--points needs --distance: how far apart the two points are"))
    with open_campaign(args.campaign) as store, store.session() as session:
        info = map_info(session=session)
        version = info.version if info else None
        if args.points is not None:
            first, second = (_point(p) for p in args.points)
            info = calibrate_scale(session=session, first=first, second=second,
                                   distance=args.distance, unit=args.unit,
                                   seen_version=version)
            version = info.version
        if args.hex:
            info = calibrate_hexes(session=session, centres=[_hex(h) for h in args.hex],
                                   seen_version=version)
    if info is None:
        raise ValueError(_("this battle has no map yet: import one with desk map-import"))
    if info.scale is not None:
        print(_("Scale: {per:.4g} {unit} a pixel; the map is {w:.0f} x {h:.0f} {unit}.").format(
            per=info.scale.per_pixel, unit=info.scale.unit,
            w=info.width * info.scale.per_pixel, h=info.height * info.scale.per_pixel))
    if info.hex_grid:
        print(_("Hex grid fixed by three hex centres."))
    return 0



def _hex(text: str) -> tuple[float, float, str]:
    parts = text.split(",")
    if len(parts) != 3:
        raise ValueError(_("{text} is not a hex centre: write it X,Y,NUMBER, e.g. "
                           "410,233,2715").format(text=text))
    x, y = _point(",".join(parts[:2]))
    return x, y, parts[2].strip()


def run_map(args: argparse.Namespace) -> int:
    """``desk map CAMPAIGN [--side NAME] [--bound N] -o FILE.pdf``."""
    from desk.cli.sheets import write_pdf
    from desk.services.maps.view import map_view_model
    from desk.services.printing.viewmodels import Paper
    from desk.sheets.map_sheet import MapSheet
    from desk.store import open_campaign

    with open_campaign(args.campaign, read_only=True) as store, store.session() as session:
        model = map_view_model(session=session, side=args.side, bound=args.bound,
                               paper=Paper(args.paper))
    write_pdf(args.output, MapSheet().render(model))
    who = model.side or _("the umpire")
    print(_("Wrote {path}: the map of bound {bound} as {who} sees it, {n} units shown.").format(
        path=args.output, bound=model.bound, who=who, n=len(model.markers)))
    return 0


def run_seen(args: argparse.Namespace) -> int:
    """``desk map-seen CAMPAIGN --side NAME UNIT... [--bound N] [--unseen] [--by UNIT]``."""
    from sqlmodel import col, select

    from desk.services.common import current_battle
    from desk.services.maps.leaders import mark_leader_seen
    from desk.services.maps.seen import mark_seen
    from desk.services.oob.names import campaign_names, resolve
    from desk.store import open_campaign
    from desk.store.tables.oob import Leader, Side, Unit

    with open_campaign(args.campaign) as store, store.session() as session:
        campaign, _battle = current_battle(session)
        sides = {s.name: s.id or 0 for s in session.exec(select(Side).where(
            Side.campaign_id == campaign.id))}
        if args.side not in sides:
            raise ValueError(_("there is no side {side!r} (the sides are {sides})").format(
                side=args.side, sides=", ".join(sides)))
        names = campaign_names(session, campaign.id or 0)
        # Each unit by its command's path and its name, so a repeated name can be told apart.
        units = {(*names.paths.get(u.command_id, ()), u.name): u.id or 0
                 for u in session.exec(select(Unit).where(
                     col(Unit.side_id).in_(list(sides.values()))))}
        # A leader by his name (most have no staff unit): when no unit has that name.
        leaders = {lead.name: lead.id or 0 for lead in session.exec(select(Leader).where(
            col(Leader.side_id).in_(list(sides.values()))))}
        observers = [resolve(text, units) for text in args.by]
        changed = 0
        for text in args.units:
            if text in leaders and not any(path[-1] == text for path in units):
                changed += mark_leader_seen(session=session, leader_id=leaders[text],
                                            side_id=sides[args.side], bound=args.bound,
                                            seen=not args.unseen)
                continue
            changed += mark_seen(session=session, unit_id=resolve(text, units),
                                 side_id=sides[args.side], bound=args.bound,
                                 seen=not args.unseen, by=observers)
    print(_("{n} marks changed.").format(n=changed))
    return 0
