"""Rule 13.8.7: the Pacific War Display. Each Allied faction has a Pacific War Status (No War,
Limited War, Total War: the marker in its Pacific War Box, none meaning No War); support units sent
"to the Pacific" wait out of play in the Pacific Holding Box until returned to the Delay Box."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import ReturnFromPacific, SendToPacific, SetPacificWarStatus
from domain.totaler_krieg.events import PacificWarStatusChanged, UnitsReturnedFromPacific, UnitsSentToPacific
from domain.totaler_krieg.selection import acting_faction
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import Faction

RULE = "TK-13.8.7"


def _allied(ctx: Context, power: str) -> Faction:
    faction = acting_faction(power)
    if faction not in ctx.pack.pacific_war_factions:
        raise RuleViolation(RULE, f"the {faction.value} faction has no Pacific War Box")
    return faction


def set_status(state: TKState, command: SetPacificWarStatus, ctx: Context) -> list[Event]:
    """Rule 13.8.7: place, flip or remove the faction's Pacific War marker.

    Where the seed is silent: events may move the status either way, but never to itself."""
    faction = _allied(ctx, command.power)
    before = state.pacific[faction]
    if before is command.status:
        raise RuleViolation(RULE, f"the {faction.value} Pacific War Status is already {before.value}")
    return [PacificWarStatusChanged(faction, before, command.status)]


def sendable(state: TKState, pack, faction: Faction) -> list[str]:
    """Rule 13.8.7: the faction's major-power support units not yet in any Pacific Holding Box."""
    held = {u for units in state.pacific_holding.values() for u in units}
    return [uid for uid, unit in pack.major_support.items()
            if pack.countries[unit.country].faction is faction and uid not in held]


def send(state: TKState, command: SendToPacific, ctx: Context) -> list[Event]:
    """Rule 13.8.7: Pacific Commitment (15.30.1) sends "support units" out of play: the faction's own
    major-power support units (never a fortress or a minor's counter), each in one box at a time."""
    faction = _allied(ctx, command.power)
    units = command.units
    if not units or not isinstance(units, (tuple, list)) or not all(isinstance(u, str) for u in units) \
            or len(set(units)) != len(units):
        raise RuleViolation(RULE, "name one or more support units, once each")
    allowed = set(sendable(state, ctx.pack, faction))
    refused = [u for u in units if u not in allowed]
    if refused:
        raise RuleViolation(RULE, f"{refused} cannot go to the {faction.value} Pacific Holding Box: it takes the "
                                  f"faction's major-power support units not already there; these may go: "
                                  f"{sorted(allowed)}")
    return [UnitsSentToPacific(faction, tuple(units))]


def bring_back(state: TKState, command: ReturnFromPacific, ctx: Context) -> list[Event]:
    """Rule 13.8.7: a later Pacific Commitment returns units to the Delay Box."""
    faction = _allied(ctx, command.power)
    missing = set(command.units) - set(state.pacific_holding[faction])
    if not command.units or missing:
        raise RuleViolation(RULE, f"not in the {faction.value} Pacific Holding Box: "
                                  f"{sorted(missing) or 'nothing named'}")
    return [UnitsReturnedFromPacific(faction, command.units)]
