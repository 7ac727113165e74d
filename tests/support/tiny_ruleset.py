"""A tiny ruleset for testing the platform: sealed values, dice, counters, several seats.

Not a product ruleset: the service loads it only when CASUS_EXTRA_RULESETS names this module."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import SYSTEM, Command, evolved, CommandSpec, Context, Event, RuleViolation, Seal, Setup
from domain.registry import FollowUp, Projection, Ruleset


@dataclass(frozen=True)
class SealValue(Command):
    COMMUTES = True  # sealed at once with the others' values

    power: str
    value: int


@dataclass(frozen=True)
class RevealValues(Command):
    pass


@dataclass(frozen=True)
class RollDie(Command):
    power: str
    sides: int = 6


@dataclass(frozen=True)
class AddPoints(Command):
    power: str
    amount: int


@dataclass(frozen=True)
class Finish(Command):
    pass


@dataclass(frozen=True)
class RequestRoll(Command):
    """Asks for a roll made later by a background job (as combat is)."""

    power: str


@dataclass(frozen=True)
class ResolveRoll(Command):
    """System only: the job's command."""

    power: str


@dataclass(frozen=True)
class ValueSealed(Event):
    power: str
    seat: str
    value: int
    round: int

    def seal(self) -> Seal:
        return Seal(f"values:{self.round}", frozenset({self.seat}))


@dataclass(frozen=True)
class ValuesRevealed(Event):
    round: int
    values: dict[str, int]

    def unseals(self) -> tuple[str, ...]:
        return (f"values:{self.round}",)


@dataclass(frozen=True)
class DieRolled(Event):
    power: str
    sides: int
    value: int


@dataclass(frozen=True)
class PointsAdded(Event):
    power: str
    amount: int


@dataclass(frozen=True)
class GameFinished(Event):
    pass


@dataclass(frozen=True)
class RollRequested(Event):
    power: str


@dataclass(frozen=True)
class TinyState:
    powers: tuple[str, ...]
    owners: dict[str, str]  # power -> seat
    points: dict[str, int]
    sealed: dict[str, int]  # power -> value, this round
    revealed: dict[str, int]
    rolls: tuple[tuple[str, int], ...] = ()
    pending_rolls: tuple[str, ...] = ()
    round: int = 1
    finished: bool = False


class TinyDecider:
    def __init__(self, pack=None):
        self.pack = pack

    def initial_state(self, setup: Setup) -> TinyState:
        owners = {power: seat for seat, powers in setup.seats.items() for power in powers}
        if not owners:
            raise RuleViolation("TINY-seats", "at least one seat must hold a power")
        return TinyState(powers=tuple(sorted(owners)), owners=owners, points={p: 0 for p in owners},
                         sealed={}, revealed={})

    def decide(self, state: TinyState, command: Command, ctx: Context) -> list[Event]:
        if state.finished:
            raise RuleViolation("TINY-end", "the game is over")
        match command:
            case SealValue(power, value):
                if power in state.sealed:
                    raise RuleViolation("TINY-seal", f"{power} has sealed a value this round")
                return [ValueSealed(power, state.owners[power], value, state.round)]
            case RevealValues():
                if not state.sealed:
                    raise RuleViolation("TINY-seal", "nothing is sealed")
                return [ValuesRevealed(state.round, dict(state.sealed))]
            case RollDie(power, sides):
                if not 2 <= sides <= 100:
                    raise RuleViolation("TINY-dice", "a die has 2 to 100 sides")
                return [DieRolled(power, sides, ctx.dice.roll(sides))]
            case AddPoints(power, amount):
                if amount <= 0:
                    raise RuleViolation("TINY-add", "points are added in positive amounts")
                return [PointsAdded(power, amount)]
            case RequestRoll(power):
                return [RollRequested(power)]
            case ResolveRoll(power):
                if ctx.seat != SYSTEM:
                    raise RuleViolation("TINY-dice", "only the system resolves a requested roll")
                if power not in state.pending_rolls:
                    raise RuleViolation("TINY-dice", f"no roll is waiting for {power}")
                return [DieRolled(power, 6, ctx.dice.roll(6))]
            case Finish():
                if not ctx.is_moderator:
                    raise RuleViolation("TINY-end", "only the moderator ends the game")
                return [GameFinished()]
        raise RuleViolation("TINY-command", f"unknown command {type(command).__name__}")

    def evolve(self, state: TinyState, event: Event) -> TinyState:
        match event:
            case ValueSealed(power=power, value=value):
                return evolved(state, sealed={**state.sealed, power: value})
            case ValuesRevealed(values=values):
                return evolved(state, revealed={**state.revealed, **values}, sealed={}, round=state.round + 1)
            case RollRequested(power=power):
                return evolved(state, pending_rolls=state.pending_rolls + (power,))
            case DieRolled(power=power, value=value):
                pending = list(state.pending_rolls)
                if power in pending:
                    pending.remove(power)
                return evolved(state, rolls=state.rolls + ((power, value),), pending_rolls=tuple(pending))
            case PointsAdded(power=power, amount=amount):
                return evolved(state, points={**state.points, power: state.points[power] + amount})
            case GameFinished():
                return evolved(state, finished=True)
        return state

    def view(self, state: TinyState, seat: str) -> dict:
        mine = {p for p, s in state.owners.items() if s == seat or seat == "moderator"}
        return {
            "points": dict(state.points),
            "sealed": {p: (v if p in mine else None) for p, v in state.sealed.items()},
            "revealed": dict(state.revealed),
            "rolls": [list(r) for r in state.rolls],
            "pending_rolls": list(state.pending_rolls),
            "round": state.round,
            "finished": state.finished,
        }

    def legal_commands(self, state: TinyState, seat: str) -> list[CommandSpec]:
        if state.finished:
            return []
        mine = [p for p, s in state.owners.items() if s == seat]
        specs = [CommandSpec("AddPoints", p, {"amount": {"minimum": 1, "maximum": 100}}, "TINY-add",
                             {"power": p, "amount": 1}) for p in mine]
        specs += [CommandSpec("SealValue", p, {}, "TINY-seal", {"power": p, "value": 7})
                  for p in mine if p not in state.sealed]
        if seat == "moderator":
            if state.sealed:
                specs.append(CommandSpec("RevealValues", None, {}, "TINY-seal", {}))
            specs.append(CommandSpec("Finish", None, {}, "TINY-end", {}))
        return specs

    def is_terminal(self, state: TinyState) -> bool:
        return state.finished


RULESET = Ruleset(
    id="tiny",
    version="1",
    title="Tiny test ruleset",
    make_decider=TinyDecider,
    commands=(SealValue, RevealValues, RollDie, AddPoints, Finish, RequestRoll, ResolveRoll),
    events=(ValueSealed, ValuesRevealed, DieRolled, PointsAdded, GameFinished, RollRequested),
    projections=(
        Projection("totals", lambda view: {"points": view["points"], "round": view["round"]}),
        Projection("sealed", lambda view: view["sealed"]),
    ),
    seat_presets={"duel": {"north": ("N",), "south": ("S",)}},
    follow_ups=lambda event: [FollowUp("combat", "ResolveRoll", {"power": event.power})]
    if isinstance(event, RollRequested) else [],
)
