"""The rules systems' words as the catalogue holds them, for :func:`desk.i18n.term`.

The rules speak in ids kept in the database and in the TOML data ("column-of-march",
"good-order", "light-cavalry", "restricted-strategic") and in the data files' labels
("open ground"). :func:`desk.i18n.term` spells an id plainly ("column of march") and
looks it up in the gettext catalogue; these marks put every such word in the catalogue
so that ``packaging/update-translations-gettext`` extracts it and the French
translation gives it its French name. A test walks every system's choices, states,
arms and data labels and fails on one that has no translation here.
"""

from __future__ import annotations

from desk.i18n import N_

TERMS: tuple[str, ...] = (
    # arms and unit types of the orders of battle
    N_("infantry"), N_("cavalry"), N_("artillery"), N_("staff"), N_("line infantry"),
    N_("light infantry"), N_("grenadiers"), N_("light cavalry"), N_("heavy cavalry"),
    N_("lancers"), N_("foot artillery"), N_("horse artillery"),
    # Belle Alliance: rates (BA-1), formations (BA-3), disorder (BA-F1), terrain (BA-6)
    N_("normal"), N_("fast"), N_("charge"), N_("halt"), N_("none"), N_("LD"), N_("MD"),
    N_("FD"), N_("open ground"), N_("rough ground"), N_("village"), N_("bridge"),
    N_("ford"), N_("waterway"), N_("obstacle"),
    # Battles of Waterloo: movement (BOW-1), the Orders LIM (BOW-11), disruption
    N_("unrestricted strategic"), N_("restricted strategic"), N_("restricted tactical"),
    N_("restricted reduced"), N_("withdrawal"), N_("screening"), N_("move unit"),
    N_("activate command"), N_("move leaders"), N_("disrupted"), N_("in command"),
    N_("out of command"), N_("army"), N_("corps"), N_("division"), N_("brigade"),
    N_("figures"), N_("increments"), N_("SP"),
    # Battles of Waterloo's data labels (battles-of-waterloo.toml)
    N_("Unrestricted strategic"), N_("Restricted strategic"), N_("Tactical"),
    N_("Restricted tactical"), N_("Reduced"), N_("Restricted reduced"), N_("Withdrawal"),
    N_("Screening"), N_("No movement (hold)"), N_("Operations"), N_("No LIM"),
    N_("Out of Command"), N_("(i) move one unit"), N_("(ii) try to activate one command"),
    N_("(iii) move one or more leaders"),
    # La Bataille: formations (LB-F4) and disorder (LB-F2)
    N_("carre"), N_("skirmish"), N_("general order"), N_("road march"), N_("routed"),
    N_("good order"), N_("disordered"),
    # La Bataille: the hexes' terrain (la-bataille.toml [terrain_mp], the scenarios' hex data)
    N_("clear"), N_("town"), N_("dwelling"), N_("woods"), N_("forest"), N_("marsh"),
)
