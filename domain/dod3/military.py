"""Step E (military affairs) and step H (conquest).

Until a combat system is supplied, combat is played away from the engine and the moderator records
its results here as validated events: army/naval point changes, captures, search and seizure,
wars and peace between major powers, and the conquest of major powers. The step order, with the
order in which powers act, is computed so clients can run the step at the table."""
from __future__ import annotations

from domain.dod3.commands import (
    EndConquest, EndMilitaryAffairs, RecordCapture, RecordConquest, RecordMilitaryPoints,
    RecordSearchAndSeizure, RecordWarStatus,
)
from domain.dod3.events import (
    ConquestEnded, MajorPowerConquered, MilitaryAffairsEnded, MilitaryPointsRecorded,
    SearchAndSeizureRecorded, TerritoryCaptured, WarStatusRecorded,
)
from domain.dod3.state import State, Step
from domain.kernel import Context, Event, RuleViolation

ALL_SIDES = "all sides"


def military_affairs_order(state: State) -> tuple[tuple[str, tuple[str, ...] | str], ...]:
    """Rule 5 step E: the sub-steps in order, each with the order in which powers act
    (reverse initiative order, except commitments, made by all sides, and combat resolution,
    in initiative order)."""
    forward = tuple(p for p in state.initiative.track if p in state.active_powers())
    reverse = tuple(reversed(forward))
    return (
        ("announce lend-lease", reverse),
        ("surprise naval strikes, then naval moves", reverse),
        ("naval combat", reverse),
        ("army moves", reverse),
        ("announce land combats", reverse),
        ("record land combat commitments", ALL_SIDES),
        ("resolve land combats", forward),
        ("resolve captured resources and factories", ALL_SIDES),
    )


def _in_step(state: State, ctx: Context, steps: tuple[Step, ...], action: str, what: str) -> None:
    """The moderator records ``action`` (``what`` it does) only in ``steps``."""
    ctx.require_moderator("DOD3-E", action)
    if state.step not in steps:
        names = " or ".join(s.value for s in steps)
        raise RuleViolation("DOD3-5", f"the moderator {what} in step {names}")


def record_military_points(state: State, command: RecordMilitaryPoints, ctx: Context) -> list[Event]:
    """Step E: army and naval points gained or lost in combat; a force never goes below zero."""
    _in_step(state, ctx, (Step.MILITARY_AFFAIRS,), "record army and naval points", "records army and naval points")
    ledger = state.powers.get(command.force) or state.forces.get(command.force)
    if ledger is None:
        raise RuleViolation("DOD3-E", f"{command.force!r} is neither a major power nor the Communist Chinese")
    if not command.army_change and not command.naval_change:
        raise RuleViolation("DOD3-E", "record a change of army or naval points")
    for name, now, change in (("army", ledger.army_points, command.army_change),
                              ("naval", ledger.naval_points, command.naval_change)):
        if now + change < 0:
            raise RuleViolation("DOD3-E", f"{command.force} has {now} {name} points and cannot lose {-change}")
    return [MilitaryPointsRecorded(state.turn, command.force, command.army_change, command.naval_change, command.note)]


def record_capture(state: State, command: RecordCapture, ctx: Context) -> list[Event]:
    """Steps E.9 and H: a territory changes hands, with its objectives, resources and factories."""
    _in_step(state, ctx, (Step.MILITARY_AFFAIRS, Step.CONQUEST), "record captures", "records captures")
    if not command.territory.strip():
        raise RuleViolation("DOD3-E", "name the territory captured")
    captor = command.captor
    if captor is not None and captor not in state.powers and captor not in state.forces:
        raise RuleViolation("DOD3-E", f"{captor!r} is neither a major power nor the Communist Chinese")
    previous = state.territory_control.get(command.territory)
    if previous == captor:
        raise RuleViolation("DOD3-E", f"{command.territory} is already held by {captor or 'nobody'}")
    return [TerritoryCaptured(state.turn, command.territory, captor, previous)]


def record_search_and_seizure(state: State, command: RecordSearchAndSeizure, ctx: Context) -> list[Event]:
    """Step E: search and seizure, which step G turns into US entry."""
    _in_step(state, ctx, (Step.MILITARY_AFFAIRS,), "record search and seizure", "records search and seizure")
    if command.by not in state.powers:
        raise RuleViolation("DOD3-E", f"{command.by!r} is not a major power")
    return [SearchAndSeizureRecorded(state.turn, command.by, command.note)]


def record_war_status(state: State, command: RecordWarStatus, ctx: Context) -> list[Event]:
    """Wars and peace between major powers, recorded by the moderator until part 2's options
    declare them (step G and victory read them)."""
    ctx.require_moderator("DOD3-E", "record wars between major powers")
    a, b = command.belligerent, command.enemy
    if a not in state.powers or b not in state.powers or a == b:
        raise RuleViolation("DOD3-E", "a war is between two different major powers")
    if state.at_war(a, b) == command.at_war:
        raise RuleViolation("DOD3-E", f"{a} and {b} are already {'at war' if command.at_war else 'at peace'}")
    return [WarStatusRecorded(state.turn, a, b, command.at_war)]


def end_military_affairs(state: State, command: EndMilitaryAffairs, ctx: Context) -> list[Event]:
    _in_step(state, ctx, (Step.MILITARY_AFFAIRS,), "end military affairs", "ends military affairs")
    return [MilitaryAffairsEnded(state.turn)]


def record_conquest(state: State, command: RecordConquest, ctx: Context) -> list[Event]:
    """Step H: a major power is completely conquered (it leaves the game; rule 4.1 counts it)."""
    _in_step(state, ctx, (Step.CONQUEST,), "record the conquest of a major power", "records the conquest of a major power")
    ledger = state.powers.get(command.major_power)
    if ledger is None:
        raise RuleViolation("DOD3-4.1", f"{command.major_power!r} is not a major power")
    if ledger.conquered:
        raise RuleViolation("DOD3-4.1", f"{command.major_power} is already conquered")
    return [MajorPowerConquered(state.turn, command.major_power)]


def end_conquest(state: State, command: EndConquest, ctx: Context) -> list[Event]:
    _in_step(state, ctx, (Step.CONQUEST,), "end the conquest step", "ends the conquest step")
    return [ConquestEnded(state.turn)]
