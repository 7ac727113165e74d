"""The national ledgers' money: savings and debt, the credit limit, bonus bid points (step D) and
production (step F: income, buying bid/army/naval points, naval ratios)."""
from __future__ import annotations

from domain.dod3.commands import BuyPoints, EndProduction
from domain.dod3.events import (
    BonusBidPointsEarned, IncomeCollected, NavalRatiosRecalculated, PointsBought, ProductionEnded,
)
from domain.dod3.pack import Pack
from domain.dod3.seating import require_holder
from domain.dod3.state import PointKind, PowerLedger, State, Step
from domain.kernel import Context, Event, RuleViolation, round_half_away


def savings(money: int) -> int:
    """Money above zero is savings ..."""
    return max(money, 0)


def debt(money: int) -> int:
    """... and below zero is debt."""
    return max(-money, 0)


def within_credit_limit(ledger: PowerLedger, cost: int) -> bool:
    """Rule 8.4b: the maximum debt a power can have is its credit limit."""
    return ledger.money - cost >= -ledger.credit_limit


def pay(ledger: PowerLedger, cost: int, rule_id: str, *, may_pass_credit_limit: bool = False) -> int:
    """Rule 8.4b: spend savings, then run up debt, never beyond the credit limit (only MP 5, in
    part 2, passes ``may_pass_credit_limit``). Returns the money left."""
    if not may_pass_credit_limit and not within_credit_limit(ledger, cost):
        raise RuleViolation(rule_id, f"paying {cost} would take debt to {debt(ledger.money - cost)}, "
                                     f"beyond the credit limit of {ledger.credit_limit}")
    return ledger.money - cost


def income(state: State, pack: Pack, power: str) -> int:
    """Step F.1: the power's income, its base income times its production multiple, rounded once
    at the end (rule 1.1)."""
    ledger = state.powers[power]
    multiples = pack.powers[power].production_multiples
    multiple = multiples[min(ledger.production_multiple, len(multiples) - 1)]
    return round_half_away(pack.powers[power].base_income * multiple)


def collect_income(state: State, pack: Pack) -> IncomeCollected:
    """Step F.1: every power still in the game calculates its income."""
    return IncomeCollected(state.turn, {p: income(state, pack, p) for p in state.active_powers()})


def options_played(state: State, power: str) -> int:
    """How many options a power played this turn (rule 8.6 / step D)."""
    return 0 if state.political is None else state.political.played.get(power, 0)


def bonus_bid_points(state: State) -> list[Event]:
    """Step D: every power that played no option this turn earns bid points equal to its current
    modified PE; a negative modified PE costs that much money instead, even past the credit limit."""
    events: list[Event] = []
    for power in state.active_powers():
        if options_played(state, power):
            continue
        ledger = state.powers[power]
        pe = ledger.modified_political_effectiveness
        events.append(BonusBidPointsEarned(state.turn, power, state.seat_of(power), ledger.pe_hidden, pe,
                                           max(pe, 0), max(-pe, 0)))
    return events


def buy_points(state: State, command: BuyPoints, ctx: Context) -> list[Event]:
    """Step F.2: buy bid, army and naval points without going beyond the credit limit; the
    Communist Chinese cannot buy: the Soviets or the Nationalist Chinese buy their points."""
    _require_producing(state, ctx, command.power)
    if not isinstance(command.kind, PointKind):
        raise RuleViolation("DOD3-F", f"kind must be one of {', '.join(k.value for k in PointKind)}")
    if isinstance(command.amount, bool) or not isinstance(command.amount, int) or command.amount < 1:
        raise RuleViolation("DOD3-F", "buy a positive whole number of points")
    recipient = command.recipient or command.power
    if recipient != command.power:
        spec = ctx.pack.subordinates.get(recipient)
        if spec is None or command.power not in spec.bought_by:
            raise RuleViolation("DOD3-F", f"{command.power} buys points only for itself"
                                + ("" if spec is None else f"; {recipient} points are bought by {' or '.join(spec.bought_by)}"))
        if command.kind.value not in spec.point_kinds:
            raise RuleViolation("DOD3-F", f"{recipient} receives only {', '.join(spec.point_kinds)}")
    cost = ctx.pack.prices[command.kind.value] * command.amount
    pay(state.powers[command.power], cost, "DOD3-F")
    return [PointsBought(state.turn, command.power, recipient, command.kind, command.amount, cost)]


def end_production(state: State, command: EndProduction, ctx: Context) -> list[Event]:
    """Step F: the power has finished buying."""
    _require_producing(state, ctx, command.power)
    return [ProductionEnded(state.turn, command.power)]


def naval_ratios(state: State) -> NavalRatiosRecalculated:
    """Step F.3: after all production, the naval points from which naval ratios (IPO 15) are read."""
    return NavalRatiosRecalculated(state.turn, {p: state.powers[p].naval_points for p in state.active_powers()})


def _require_producing(state: State, ctx: Context, power: str) -> None:
    if state.step is not Step.PRODUCTION:
        raise RuleViolation("DOD3-F", "points are bought in the production step (F)")
    require_holder(state, ctx, power)
    if power in state.production_done:
        raise RuleViolation("DOD3-F", f"{power} has finished production this turn")
