"""Rules 8.1b-8.1i: political control of minor countries.

Who controls a minor follows from the status display (8.1e); what control gives follows from the
faction distance and whether the controller is at war (8.1f-g); what happens to forces in a minor
(8.1h) and whether war may be declared on a minor holding other powers' units (8.1i). Rule 4.2's
objectives keep reading ``State.minor_control`` (set-up, aligned and directed minors): political
control at peace gives votes and resources, not territory. The moderator records what the rules
read but cannot see: forces inside minors and civil wars."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from domain.dod3.evolve import evolve
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.messages import (
    CivilWarRecorded, ForcesInMinorRecorded, RecordCivilWar, RecordForcesInMinor,
)
from domain.dod3.political_affairs.control.minors import (
    allies_of, colony_owner, eligible_to_control, has_political_marker, marker_minors, powers_at_war_with_minor,
)
from domain.dod3.state import State
from domain.kernel import Context, Event, RuleViolation, evolved


class Resources(Enum):
    """Rules 8.1f-g: which of the minor's resources and factories the controller may use."""

    NONE = "none"
    UNCOMMITTED = "uncommitted resources and red factories"
    NOT_COMMITTED_TO_LOWER_INITIATIVE = "all but those committed to a power with lower initiative"
    ALL = "all resources and factories, red and blue, even committed ones"


class ForcesStatus(Enum):
    """Rule 8.1h: a power's forces inside a minor."""

    MAY_ENTER = "may enter"
    STAY = "stay; no more may enter"
    WITHDRAW = "move to the nearest location the power controls"


@dataclass(frozen=True)
class ControlEffects:
    controller: str
    faction_distance: int  # 0: same faction
    stacked: bool
    at_war: bool
    league_vote: bool
    resources: Resources
    enter_and_supply: bool
    align: bool  # may align it (IPO 5's prerequisites permitting)
    align_without_ipo5: bool


def power_ideology(state: State, pack: Pack, power: str):
    """Rule 2.3: the ideology a major power's marker stands in on the status display."""
    hex_id = state.positions.get(power)
    return None if hex_id is None else pack.display.ideology(hex_id)


def initiative_position(state: State, power: str) -> int:
    """Rule 6: 1 is first; "lower initiative" is the earlier position."""
    return state.initiative.track.index(power) + 1


def _closeness(state: State, pack: Pack, power: str, minor_hex: str) -> tuple[int, int, int]:
    """Rule 8.1e: same faction first, then hexes (not traced through another faction), then the
    lower initiative. Powers in other factions of the ideology: fewer factions away, then hexes
    inside the ideology (the seed only says they come after the minor's own faction)."""
    display, here = pack.display, state.positions[power]
    factions = display.faction_distance(here, minor_hex)
    hexes = display.distance_in_faction(minor_hex, here) if factions == 0 else display.distance_in_ideology(minor_hex, here)
    return factions, hexes, initiative_position(state, power)


def political_controller(state: State, pack: Pack, minor: str) -> str | None:
    """Rules 8.1b-8.1e: who controls a minor. A colony follows its controller; a minor a power
    directs (set-up: the CW directs Ethiopia) is that power's; a minor without a political marker
    keeps the control recorded for it (coups). Otherwise nobody in the neutral zone, else the
    closest eligible power in the minor's ideology; nobody if none is eligible."""
    return _controller(state, pack, minor, _power_ideologies(state, pack))


def _power_ideologies(state: State, pack: Pack) -> dict:
    return {p: power_ideology(state, pack, p) for p in state.active_powers()}


def _controller(state: State, pack: Pack, minor: str, ideologies: dict) -> str | None:
    owner = colony_owner(pack, minor)
    if owner in state.powers:
        return owner
    if owner in state.directed_minors and owner in state.minor_control:
        return state.minor_control[owner]
    if not has_political_marker(pack, owner):
        return state.minor_control.get(owner)
    hex_id = state.positions.get(owner)
    ideology = None if hex_id is None else pack.display.ideology(hex_id)
    if ideology is None:
        return None
    candidates = [p for p, where in ideologies.items() if where is ideology and eligible_to_control(pack, p, owner)]
    if not candidates:
        return None
    return min(candidates, key=lambda p: _closeness(state, pack, p, hex_id))


def control_table(state: State, pack: Pack) -> dict[str, str | None]:
    """Every minor of the pack with its controller (rule 8.1)."""
    ideologies = _power_ideologies(state, pack)
    return {m: _controller(state, pack, m, ideologies) for m in pack.minors}


def at_war_with_a_major_power(state: State, power: str) -> bool:
    return any(state.at_war(power, other) for other in state.powers if other != power)


def control_effects(state: State, pack: Pack, minor: str, controller: str | None = None) -> ControlEffects | None:
    """Rules 8.1f (peace) and 8.1g (war): what controlling a minor gives, by how many factions it
    is from the controller; at war every step gives one step more. ``controller``: when known."""
    controller = controller or political_controller(state, pack, minor)
    owner = colony_owner(pack, minor)
    if controller is None or not has_political_marker(pack, owner) or controller not in state.positions:
        return None
    here, there = state.positions[controller], state.positions.get(owner)
    factions = pack.display.faction_distance(here, there) if there is not None else None
    if factions is None:
        return None
    stacked = here == there
    at_war = at_war_with_a_major_power(state, controller)
    level = (2 - factions) + (1 if stacked else 0) + (1 if at_war else 0)  # 2 away, peace: 0
    access = (Resources.NONE, Resources.UNCOMMITTED, Resources.NOT_COMMITTED_TO_LOWER_INITIATIVE, Resources.ALL)
    common_enemy = any(state.at_war(controller, enemy) for enemy in powers_at_war_with_minor(state, pack, owner))
    return ControlEffects(
        # Rule 8.1b: "Colonies do not have a vote in the League of Nations": their owner votes.
        controller=controller, faction_distance=factions, stacked=stacked, at_war=at_war, league_vote=owner == minor,
        resources=access[min(level, len(access) - 1)],
        enter_and_supply=at_war and factions == 0 and controller in allies_of(state, pack, owner),
        align=at_war and stacked,
        align_without_ipo5=at_war and stacked and common_enemy and owner not in state.civil_wars,
    )


def forces_status(state: State, pack: Pack, power: str, minor: str) -> ForcesStatus | None:
    """Rule 8.1h: a power's forces in a minor stay but no more enter once the minor leaves its
    faction or another power controls it; they leave at once when the minor leaves its ideology,
    the alliance ends or the power is at peace with every other major power."""
    owner = colony_owner(pack, minor)
    if power not in state.forces_in_minors.get(owner, frozenset()):
        return None
    here, there = state.positions.get(power), state.positions.get(owner)
    same_ideology = there is not None and pack.display.faction_distance(here, there) is not None
    if not same_ideology or power not in allies_of(state, pack, owner) or not at_war_with_a_major_power(state, power):
        return ForcesStatus.WITHDRAW
    if pack.display.faction_distance(here, there) != 0 or political_controller(state, pack, owner) != power:
        return ForcesStatus.STAY
    return ForcesStatus.MAY_ENTER


def war_on_minor_refused(state: State, pack: Pack, power: str, minor: str, ignores_foreign_forces: bool = False) -> str | None:
    """Rules 8.1b and 8.1i: why ``power`` may not declare war on ``minor`` (None: it may). Never on
    a colony; with other powers' units inside only if a) they are all at war with the minor, b) the
    declarer is at war with every one of them not at war with the minor, or c)/d) the option is
    Soviet border rectification or the Monroe Doctrine."""
    if pack.minors.get(minor) is None:
        return f"{minor!r} is not a minor country"
    if pack.minors[minor].colony_of is not None:
        return f"{minor} is a colony: declare war on {pack.minors[minor].colony_of} instead (rule 8.1b)"
    if power in powers_at_war_with_minor(state, pack, minor):
        return f"{power} is already at war with {minor}"
    if ignores_foreign_forces:
        return None
    at_war_with_it = powers_at_war_with_minor(state, pack, minor)
    foreign = [p for p in state.forces_in_minors.get(minor, frozenset()) if p != power]
    if all(p in at_war_with_it for p in foreign):
        return None
    if all(state.at_war(power, p) for p in foreign if p not in at_war_with_it):
        return None
    return f"{', '.join(sorted(foreign))} have units in {minor} (rule 8.1i)"


def record_forces_in_minor(state: State, command: RecordForcesInMinor, ctx: Context) -> list[Event]:
    """Moderator: which major powers have units in a minor (rules 8.1h-i)."""
    ctx.require_moderator("DOD3-8.1i", "record forces in minors")
    if command.minor not in ctx.pack.minors or any(p not in state.powers for p in command.forces):
        raise RuleViolation("DOD3-8.1i", "name a minor of the pack and major powers")
    return [ForcesInMinorRecorded(state.turn, command.minor, tuple(sorted(set(command.forces))))]


def record_civil_war(state: State, command: RecordCivilWar, ctx: Context) -> list[Event]:
    """Moderator: a minor enters or leaves civil war (rules 8.1g, 8.7.2)."""
    ctx.require_moderator("DOD3-8.1g", "record civil wars")
    if command.minor not in marker_minors(ctx.pack):
        raise RuleViolation("DOD3-8.1g", f"{command.minor!r} is not a minor with a political marker")
    if (command.minor in state.civil_wars) == command.in_civil_war:
        raise RuleViolation("DOD3-8.1g", f"{command.minor} is already {'in' if command.in_civil_war else 'out of'} civil war")
    return [CivilWarRecorded(state.turn, command.minor, command.in_civil_war)]


@evolve.register
def _(state: State, event: ForcesInMinorRecorded) -> State:
    forces = {m: p for m, p in state.forces_in_minors.items() if m != event.minor}
    if event.forces:
        forces[event.minor] = frozenset(event.forces)
    return evolved(state, forces_in_minors=forces)


@evolve.register
def _(state: State, event: CivilWarRecorded) -> State:
    wars = state.civil_wars | {event.minor} if event.in_civil_war else state.civil_wars - {event.minor}
    return evolved(state, civil_wars=wars)
