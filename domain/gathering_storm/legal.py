"""legal_commands: what a seat may do now, with each declaration's verdict and breakdown attached."""
from __future__ import annotations

from domain.gathering_storm.declarations import target_groups
from domain.gathering_storm.pack import Pack
from domain.gathering_storm.powers import ALLIES, AXIS, ITALY, MAJOR_POWERS, RUSSIA
from domain.gathering_storm.state import GatheringStormState, Phase
from domain.gathering_storm.verdicts import war_thresholds
from domain.kernel import MODERATOR, CommandSpec
from domain.kernel.plain import to_plain

State = GatheringStormState

_INTEGER = "integer"
_COUNT = "integer >= 0"


def _fact_specs(state: State, pack: Pack) -> list[CommandSpec]:
    """The moderator's facts with the domain of each field (anything else is refused)."""
    axis_aggressions = {a: [n for n, g in pack.aggressions.items() if g.aggressor == a] for a in AXIS}
    specs = [
        ("RecordBalanceOfPower", {"axis_advantage": "integer: positive favours the Axis"}, "GS-32.3"),
        ("RecordSupportLevel", {"major_power": list(MAJOR_POWERS), "level": _INTEGER}, "GS-32.3"),
        ("RecordTemporarySupportIncrease", {"allied_power": list(ALLIES), "axis_power": list(AXIS),
                                            "amount": _COUNT}, "GS-32.3"),
        ("RecordSecondAggressionSupportIncrease", {"allied_power": list(ALLIES), "axis_power": list(AXIS),
                                                   "amount": _COUNT}, "GS-32.61B"),
        ("RecordEai", {"value": _INTEGER}, "GS-32.3"),
        ("RecordResistanceLevel", {"minor": list(pack.eastern_neighbours), "level": _INTEGER}, "GS-32.42"),
        ("RecordAggression", {"aggressor": list(AXIS), "aggression": {**axis_aggressions, "withdraw": None},
                              "resistance_level": _INTEGER, "backed_down": "boolean"}, "GS-32.61B"),
        ("RecordSuccessfulAggression", {"aggression": list(pack.aggressions), "successful": "boolean",
                                        "turn": f"1..{state.turn} (default {state.turn})"}, "GS-32.61B"),
        ("RecordControl", {"country": list(pack.tracked_control), "controller": [*MAJOR_POWERS, None],
                           "acquired_turn": f"1..{state.turn} (default {state.turn})",
                           "by_aggression": "boolean"}, "GS-32.43"),
        ("RecordFlags", {"country": [RUSSIA, *pack.minors], "axis": _COUNT, "allied": _COUNT, "russian": _COUNT,
                         "max_in_minor": pack.max_flags_in_minor}, "GS-32.7"),
        ("RecordTradePact", {"minor": list(pack.minors), "major_power": [*MAJOR_POWERS, None]}, "GS-32.7"),
        ("RecordNaziSovietPact", {"signed": "boolean"}, "GS-32.21"),
        ("RecordFactories", {"major_power": list(MAJOR_POWERS), "idle": _COUNT, "civilian": _COUNT,
                             "military": _COUNT}, "GS-32.41"),
        ("RecordRussianCohesion", {"full": "boolean"}, "GS-32.7"),
    ]
    return [CommandSpec(name, None, choices, rule_id) for name, choices, rule_id in specs]


def _declaration_specs(state: State, pack: Pack, powers) -> list[CommandSpec]:
    verdicts = war_thresholds(state, pack)
    specs = []
    for power in powers:
        groups = target_groups(state, pack, power)
        if power == ITALY or not groups:
            continue
        targets = {t for g in groups for t in g}
        choices = {"targets": [list(g) for g in groups],
                   "verdicts": [to_plain(v) for v in verdicts if v.declarer == power and v.target in targets]}
        specs.append(CommandSpec("DeclareWar", power, choices, "GS-32.21"))
        if power != RUSSIA:
            specs.append(CommandSpec("ThreatenWar", power, choices, "GS-32.83"))
    return specs


def _concession_specs(state: State, powers) -> list[CommandSpec]:
    specs = []
    for power in powers:
        for demand in state.crisis.pending:
            if power in demand.conceding_powers:
                choices = {"level": demand.level, "declarers": list(demand.declarers),
                           "targets": list(demand.targets), "beneficiary": list(demand.beneficiaries)}
                specs.append(CommandSpec("MakeConcessions", power, choices, "GS-32.83"))
                specs.append(CommandSpec("DeclineConcessions", power, choices, "GS-32.83"))
    return specs


def legal_commands(state: State, pack: Pack, seat: str) -> list[CommandSpec]:
    if state.phase is Phase.OVER:
        return []
    moderator = seat == MODERATOR
    powers = MAJOR_POWERS if moderator else tuple(state.seats.get(seat, ()))
    if state.phase is Phase.ADJUDICATION:
        return _concession_specs(state, powers)
    if state.phase is Phase.CONCLUDED:
        return [CommandSpec("StartTurn", None, {"turn": state.turn + 1}, "GS-32.82")] if moderator else []
    specs = _declaration_specs(state, pack, powers)
    if moderator:
        specs += _fact_specs(state, pack) + [CommandSpec("EndCrisisPhase", None, {}, "GS-32.82")]
    return specs
