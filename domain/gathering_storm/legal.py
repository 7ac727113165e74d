"""legal_commands: what a seat may do now, as bodies a client can send.

Each spec's ``choices`` is keyed by the command's own data fields (a list of allowed values, or a
``{"minimum", "maximum"}`` range from the pack's ``offered_ranges`` for numbers the rules leave
unbounded) and its ``example`` is a complete ``data`` body decide accepts in this state: for a fact,
the value already recorded (recording it again changes nothing). Verdicts on declarations are in
the view and the war-thresholds projection, not here (they are not fields of the body)."""
from __future__ import annotations

from domain.gathering_storm import commands as c
from domain.gathering_storm.declarations import target_groups
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, AXIS, ITALY, MAJOR_POWERS, RUSSIA
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.kernel import MODERATOR, Command, CommandSpec
from domain.kernel.plain import to_plain

State = GatheringStormState

_BOOLEAN = [False, True]


def _spec(command: Command, choices: dict, rule_id: str, power: str | None = None) -> CommandSpec:
    return CommandSpec(type(command).__name__, power, choices, rule_id, to_plain(command))


def _fact_specs(state: State, pack: Pack) -> list[CommandSpec]:
    """The moderator's facts, each with its example set to what is recorded now."""
    ranges = pack.offered_ranges

    def ranged(**fields: str) -> dict:
        return {name: ranges[kind] for name, kind in fields.items() if kind in ranges}

    facts, turns = state.facts, {"minimum": 1, "maximum": state.turn}
    first_power, first_minor = MAJOR_POWERS[0], pack.eastern_neighbours[0]
    ally, axis = ALLIES[0], AXIS[0]
    made = facts.aggressions.get(axis)
    aggression = next(iter(pack.aggressions))
    country = pack.tracked_control[0]
    held = state.control.get(country)
    flag_minor = pack.minors[0]
    flags = state.flags_in(flag_minor)
    pact_minor = pack.minors[0]
    factories = state.factories_of(first_power)
    flag_range = {"minimum": 0, "maximum": pack.max_flags_in_minor}
    return [
        _spec(c.RecordBalanceOfPower(facts.balance_of_power), ranged(axis_advantage="balance_of_power"), "GS-32.3"),
        _spec(c.RecordSupportLevel(first_power, facts.support.get(first_power, 0)),
              {"major_power": list(MAJOR_POWERS), **ranged(level="support_level")}, "GS-32.3"),
        _spec(c.RecordTemporarySupportIncrease(ally, axis, facts.temporary_increases.get((ally, axis), 0)),
              {"allied_power": list(ALLIES), "axis_power": list(AXIS), **ranged(amount="support_increase")},
              "GS-32.3"),
        _spec(c.RecordSecondAggressionSupportIncrease(ally, axis,
                                                      facts.second_aggression_increases.get((ally, axis), 0)),
              {"allied_power": list(ALLIES), "axis_power": list(AXIS), **ranged(amount="support_increase")},
              "GS-32.61B"),
        _spec(c.RecordEai(facts.eai), ranged(value="eai"), "GS-32.3"),
        _spec(c.RecordResistanceLevel(first_minor, facts.resistance.get(first_minor, 0)),
              {"minor": list(pack.eastern_neighbours), **ranged(level="resistance_level")}, "GS-32.42"),
        # Which aggressions an aggressor may name depends on the aggressor: a drawn pair may be refused.
        _spec(c.RecordAggression(axis, made.aggression if made else None, made.resistance_level if made else 0,
                                 made.backed_down if made else False),
              {"aggressor": list(AXIS), "aggression": [*pack.aggressions, None],
               **ranged(resistance_level="resistance_level"), "backed_down": _BOOLEAN}, "GS-32.61B"),
        _spec(c.RecordSuccessfulAggression(aggression, aggression in state.successful_aggressions,
                                           state.successful_aggressions.get(aggression, state.turn)),
              {"aggression": list(pack.aggressions), "successful": _BOOLEAN, "turn": turns}, "GS-32.61B"),
        _spec(c.RecordControl(country, held.controller if held else None,
                              held.acquired_turn if held else state.turn, held.by_aggression if held else False),
              {"country": list(pack.tracked_control), "controller": [*MAJOR_POWERS, None], "acquired_turn": turns,
               "by_aggression": _BOOLEAN}, "GS-32.43"),
        _spec(c.RecordFlags(flag_minor, flags.axis, flags.allied, flags.russian),
              {"country": [RUSSIA, *pack.minors], "axis": flag_range, "allied": flag_range, "russian": flag_range},
              "GS-32.7"),
        _spec(c.RecordTradePact(pact_minor, state.trade_pacts.get(pact_minor)),
              {"minor": list(pack.minors), "major_power": [*MAJOR_POWERS, None]}, "GS-32.7"),
        _spec(c.RecordNaziSovietPact(state.nazi_soviet_pact), {"signed": _BOOLEAN}, "GS-32.21"),
        _spec(c.RecordFactories(first_power, factories.idle, factories.civilian, factories.military),
              {"major_power": list(MAJOR_POWERS),
               **ranged(idle="factories", civilian="factories", military="factories")}, "GS-32.41"),
        _spec(c.RecordRussianCohesion(state.russian_full_cohesion), {"full": _BOOLEAN}, "GS-32.7"),
    ]


def _declaration_specs(state: State, pack: Pack, powers) -> list[CommandSpec]:
    specs = []
    for power in powers:
        groups = target_groups(state, pack, power)
        if power == ITALY or not groups:
            continue
        choices = {"power": [power], "targets": [list(g) for g in groups]}
        specs.append(_spec(c.DeclareWar(power, groups[0]), choices, "GS-32.21", power))
        if power != RUSSIA:
            specs.append(_spec(c.ThreatenWar(power, groups[0]), choices, "GS-32.83", power))
    return specs


def _concession_specs(state: State, powers) -> list[CommandSpec]:
    specs = []
    for power in powers:
        demand = next((d for d in state.crisis.pending if power in d.conceding_powers), None)
        if demand is None:
            continue
        beneficiaries = list(demand.beneficiaries) + ([None] if len(demand.beneficiaries) == 1 else [])
        specs.append(_spec(c.MakeConcessions(power, demand.beneficiaries[0]),
                           {"power": [power], "beneficiary": beneficiaries}, "GS-32.83", power))
        specs.append(_spec(c.DeclineConcessions(power), {"power": [power]}, "GS-32.83", power))
    return specs


def legal_commands(state: State, pack: Pack, seat: str) -> list[CommandSpec]:
    if state.phase is Phase.OVER:
        return []
    moderator = seat == MODERATOR
    powers = MAJOR_POWERS if moderator else tuple(state.seats.get(seat, ()))
    if state.phase is Phase.ADJUDICATION:
        return _concession_specs(state, powers)
    if state.phase is Phase.CONCLUDED:
        return [_spec(c.StartTurn(), {}, "GS-32.82")] if moderator else []
    specs = _declaration_specs(state, pack, powers)
    if moderator:
        specs += _fact_specs(state, pack) + [_spec(c.EndCrisisPhase(), {}, "GS-32.82")]
    return specs
