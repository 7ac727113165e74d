"""The moderator's facts: what the rest of the game (outside chapter 32) decided this turn.

Each fact is checked against its domain before it becomes an event: a value of the wrong type or
range, or a power, country or aggression the pack does not know, raises RuleViolation naming the
rule that reads the fact, and nothing is recorded. Facts are taken only during the crisis phase:
after it the adjudication works on what was recorded (32.82)."""
from __future__ import annotations

from domain.gathering_storm import commands as c
from domain.gathering_storm import events as ev
from domain.gathering_storm.powers import ALLIES, AXIS, MAJOR_POWERS, RUSSIA
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.kernel import Command, Context, Event, RuleViolation
from domain.kernel.dispatch import ByType

State = GatheringStormState


def integer(value, rule_id: str, what: str, minimum: int | None = None) -> int:
    # bool is an int subclass in Python; a support level of True is not a support level.
    if type(value) is not int:
        raise RuleViolation(rule_id, f"{what} must be an integer, not {value!r}")
    if minimum is not None and value < minimum:
        raise RuleViolation(rule_id, f"{what} must be at least {minimum}, not {value}")
    return value


def boolean(value, rule_id: str, what: str) -> bool:
    if type(value) is not bool:
        raise RuleViolation(rule_id, f"{what} must be true or false, not {value!r}")
    return value


def one_of(value, allowed, rule_id: str, what: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise RuleViolation(rule_id, f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _turn(value, state: State, rule_id: str, what: str) -> int:
    if value is None:
        return state.turn
    turn = integer(value, rule_id, what, minimum=1)
    if turn > state.turn:
        raise RuleViolation(rule_id, f"{what} {turn} is after the current turn {state.turn}")
    return turn


def _not_a_fact(state: State, command: Command, ctx: Context) -> list[Event]:
    raise RuleViolation("GS-32.82", f"{type(command).__name__} is not a moderator fact")


# One handler ``(state, command, ctx) -> events`` per fact, registered by its command annotation.
record = ByType(_not_a_fact, arg=1)


def record_fact(state: State, command: Command, ctx: Context) -> list[Event]:
    """Rule 32.82: the moderator records the turn's facts, during the crisis phase."""
    ctx.require_moderator("GS-32.82", "record facts")
    if state.phase is not Phase.CRISIS:
        raise RuleViolation("GS-32.82", "facts are recorded during the crisis phase; it has ended")
    return record(state, command, ctx)


@record.register
def _(state: State, command: c.RecordBalanceOfPower, ctx: Context) -> list[Event]:
    return [ev.BalanceOfPowerRecorded(integer(command.axis_advantage, "GS-32.3", "the balance of power"))]


@record.register
def _(state: State, command: c.RecordSupportLevel, ctx: Context) -> list[Event]:
    power = one_of(command.major_power, MAJOR_POWERS, "GS-32.3", "the major power")
    return [ev.SupportLevelRecorded(power, integer(command.level, "GS-32.3", f"{power}'s support level"))]


def _increase(command, rule_id: str) -> tuple[str, str, int]:
    ally = one_of(command.allied_power, ALLIES, rule_id, "the Allied power")
    axis = one_of(command.axis_power, AXIS, rule_id, "the Axis power that triggered the increase")
    return ally, axis, integer(command.amount, rule_id, "the support increase", minimum=0)


@record.register
def _(state: State, command: c.RecordTemporarySupportIncrease, ctx: Context) -> list[Event]:
    return [ev.TemporarySupportIncreaseRecorded(*_increase(command, "GS-32.3"))]


@record.register
def _(state: State, command: c.RecordSecondAggressionSupportIncrease, ctx: Context) -> list[Event]:
    return [ev.SecondAggressionSupportIncreaseRecorded(*_increase(command, "GS-32.61B"))]


@record.register
def _(state: State, command: c.RecordEai, ctx: Context) -> list[Event]:
    return [ev.EaiRecorded(integer(command.value, "GS-32.3", "the EAI"))]


@record.register
def _(state: State, command: c.RecordResistanceLevel, ctx: Context) -> list[Event]:
    minor = one_of(command.minor, ctx.pack.eastern_neighbours, "GS-32.42", "the eastern neighbour")
    return [ev.ResistanceLevelRecorded(minor, integer(command.level, "GS-32.42", f"{minor}'s resistance level"))]


@record.register
def _(state: State, command: c.RecordAggression, ctx: Context) -> list[Event]:
    aggressor = one_of(command.aggressor, AXIS, "GS-32.61B", "the aggressor")
    if command.aggression is None:
        return [ev.AggressionRecorded(aggressor, None)]
    mine = tuple(name for name, a in ctx.pack.aggressions.items() if a.aggressor == aggressor)
    aggression = one_of(command.aggression, mine, "GS-32.61B", f"{aggressor}'s aggression")
    level = integer(command.resistance_level, "GS-32.62", "the target's resistance level")
    return [ev.AggressionRecorded(aggressor, aggression, level,
                                  boolean(command.backed_down, "GS-32.61B", "backed_down"))]


@record.register
def _(state: State, command: c.RecordSuccessfulAggression, ctx: Context) -> list[Event]:
    """A successful aggression also gives its aggressor control of the country it takes (pack
    ``controls``); withdrawing it withdraws that control if it came from this aggression."""
    name = one_of(command.aggression, tuple(ctx.pack.aggressions), "GS-32.61B", "the aggression")
    successful = boolean(command.successful, "GS-32.61B", "successful")
    turn = _turn(command.turn, state, "GS-32.61B", "the turn of the aggression")
    aggression = ctx.pack.aggressions[name]
    events: list[Event] = [ev.SuccessfulAggressionRecorded(name, successful, turn)]
    country = aggression.controls
    if country is not None and successful:
        events.append(ev.ControlRecorded(country, aggression.aggressor, turn, True))
    elif country is not None and state.controller_of(country) == aggression.aggressor \
            and state.control[country].by_aggression:
        events.append(ev.ControlRecorded(country, None, turn, False))
    return events


@record.register
def _(state: State, command: c.RecordControl, ctx: Context) -> list[Event]:
    country = one_of(command.country, ctx.pack.tracked_control, "GS-32.43", "the country")
    controller = None if command.controller is None else one_of(command.controller, MAJOR_POWERS, "GS-32.43",
                                                             "the controlling power")
    turn = _turn(command.acquired_turn, state, "GS-32.43", "the turn control was acquired")
    return [ev.ControlRecorded(country, controller, turn, boolean(command.by_aggression, "GS-32.43", "by_aggression"))]


@record.register
def _(state: State, command: c.RecordFlags, ctx: Context) -> list[Event]:
    country = one_of(command.country, (RUSSIA,) + ctx.pack.minors, "GS-32.7", "the country")
    axis = integer(command.axis, "GS-32.7", "the Axis flags", minimum=0)
    allied = integer(command.allied, "GS-32.7", "the Allied flags", minimum=0)
    russian = integer(command.russian, "GS-32.7", "the Russian flags", minimum=0)
    if country == RUSSIA and russian:
        raise RuleViolation("GS-32.7", "only Axis and Allied flags are placed in Russia (32.72C)")
    most = ctx.pack.max_flags_in_minor
    if country != RUSSIA and max(axis, allied, russian) > most:
        raise RuleViolation("GS-32.7", f"a minor country holds at most {most} flags of a side")
    return [ev.FlagsRecorded(country, axis, allied, russian)]


@record.register
def _(state: State, command: c.RecordTradePact, ctx: Context) -> list[Event]:
    minor = one_of(command.minor, ctx.pack.minors, "GS-32.7", "the minor country")
    holder = None if command.major_power is None else one_of(command.major_power, MAJOR_POWERS, "GS-32.7",
                                                         "the trade pact's major power")
    return [ev.TradePactRecorded(minor, holder)]


@record.register
def _(state: State, command: c.RecordNaziSovietPact, ctx: Context) -> list[Event]:
    return [ev.NaziSovietPactRecorded(boolean(command.signed, "GS-32.21", "signed"))]


@record.register
def _(state: State, command: c.RecordFactories, ctx: Context) -> list[Event]:
    power = one_of(command.major_power, MAJOR_POWERS, "GS-32.41", "the major power")
    counts = [integer(getattr(command, kind), "GS-32.41", f"{power}'s {kind} factories", minimum=0)
              for kind in ("idle", "civilian", "military")]
    return [ev.FactoriesRecorded(power, *counts)]


@record.register
def _(state: State, command: c.RecordRussianCohesion, ctx: Context) -> list[Event]:
    return [ev.RussianCohesionRecorded(boolean(command.full, "GS-32.7", "full"))]
