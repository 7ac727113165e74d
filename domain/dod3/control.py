"""Who controls what: territories, the objectives in them (rule 4.2) and the Panama canal (3.2i).

Minor countries' political control is part 2 (rule 8.1); part 1 reads the minor control it is
given (set-up, and later part 2) and the moderator's recorded captures."""
from __future__ import annotations

from domain.dod3.pack import ObjectiveSpec, Pack
from domain.dod3.state import State


def objective_controller(state: State, objective: ObjectiveSpec) -> str | None:
    """Rule 4.2: an objective is controlled, if at all, by whoever controls its territory (a
    minor's objective by the minor's controller). None: the objective is in a neutral minor."""
    holder = state.territory_control.get(objective.territory)
    if holder is None and objective.minor is not None:
        holder = state.minor_control.get(objective.minor)
    return holder


def panama_canal_controller(state: State, pack: Pack) -> str:
    """Rule 3.2i: the USA controls the canal in all circumstances except when a major power at
    war with the USA controls Central America."""
    owner = state.panama_canal_owner
    region = state.central_america
    holder = state.territory_control.get(region) or state.minor_control.get(region)
    if holder is not None and state.at_war(pack.served_power(holder), owner):
        return holder
    return owner
