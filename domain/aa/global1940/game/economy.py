"""Research (AAG40-rd), purchase and repair (AAG-facilities, AAG-china) and income (AAG-income: the
territories' value by treasury, national objectives, convoy disruption; War Bonds, AAG40-tech; the
Burma Road, AAG40-china)."""
from __future__ import annotations

from domain.aa.board import stances
from domain.aa.global1940 import china as china_rules
from domain.aa.global1940.game.commands import Purchase, Research
from domain.aa.global1940.game.common import (
    has_capital,
    next_phase,
    require_turn,
    treasuries_of,
)
from domain.aa.global1940.game.events import (
    ConvoyDisrupted,
    ConvoyRoll,
    IncomeCollected,
    ResearchRolled,
    UnitsPurchased,
)
from domain.aa.global1940.game.objectives import assess
from domain.aa.global1940.game.state import GlobalGame, GlobalState, ObjectiveResult
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.global1940.research import validate_research
from domain.aa.revised_phase_one.game.events import PhaseBegan
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Context, Dice, Event, RuleViolation

RESEARCH = "AAG40-rd"
FACILITIES = "AAG-facilities"
CHINA = "AAG40-china"
IFP = "increased_factory_production"
WAR_BONDS = "war_bonds"


# ---- research ---------------------------------------------------------------------------------------


def may_research(pack: GlobalGamePack, game: GlobalGame, power: str) -> bool:
    """AAG40-rd: not China, and only with the power's (first) capital held."""
    return power not in pack.extra.research.excluded and has_capital(pack, game, treasuries_of(pack, power)[0])


def open_charts(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[str]:
    """AAG40-rd: the charts with an advance ``power`` does not hold yet."""
    held = game.position.advances(power)
    return [name for name, advances in pack.extra.research.charts if set(advances) - held]


def research(state: GlobalState, command: Research, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """AAG40-rd: one attempt a turn, first in the turn: research dice at 5 IPCs, any 6 succeeds; a
    die on the chosen chart names the advance, rolled again while it names one the power holds (the
    seed is silent on an advance already held). The advance works at once."""
    game = require_turn(state, command, ctx, Phase.RESEARCH)
    power, rules = command.power, pack.extra.research
    events: list[Event] = []
    if command.dice:
        if not may_research(pack, game, power):
            raise RuleViolation(RESEARCH, f"{power} may not research")
        treasury = treasuries_of(pack, power)[0]
        money = game.treasury.get(treasury, 0)
        validate_research(rules, power, money, command.dice, command.chart, 1 if game.researched else 0)
        if command.chart not in open_charts(pack, game, power):
            raise RuleViolation(RESEARCH, f"{power} holds every advance of the {command.chart} chart")
        advances = rules.chart(command.chart)
        rolls = tuple(ctx.dice.roll(pack.combat.dice_sides) for _ in range(command.dice))
        chart_rolls, advance = [], ""
        if rules.success in rolls:
            held = game.position.advances(power)
            while not advance:
                face = ctx.dice.roll(len(advances))
                chart_rolls.append(face)
                advance = advances[face - 1] if advances[face - 1] not in held else ""
        cost = rules.die_cost * command.dice
        events.append(ResearchRolled(power, treasury, command.dice, cost, rolls, command.chart, tuple(chart_rolls),
                                     advance, money - cost))
    elif command.dice < 0:
        raise RuleViolation(RESEARCH, "research dice: 0 or more")
    return events + [PhaseBegan(game.round, power, next_phase(pack, Phase.RESEARCH))]


# ---- purchase and repair ------------------------------------------------------------------------------


def buying_treasuries(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[str]:
    """AAG-income: the power's treasuries that still buy this turn (each once; none without its capital)."""
    return [t for t in treasuries_of(pack, power) if t not in game.purchased and has_capital(pack, game, t)]


def prices(pack: GlobalGamePack, game: GlobalGame, power: str) -> dict[str, int]:
    """AAG40-tech: unit prices with the power's advances (Improved Shipyards)."""
    return {name: unit.cost for name, unit in pack.side_units(game.position.advances(power)).items()}


def buyable(pack: GlobalGamePack, game: GlobalGame, power: str) -> list[str]:
    """AAG-facilities, AAG40-china: every unit of the table (complexes and bases are placed later);
    China only infantry, artillery while the Burma Road is open."""
    china = pack.extra.china
    if power == china.power:
        allowed = set(china.purchases)
        if china_rules.burma_road_open(china, game.position.owners, _axis(pack, power)):
            allowed |= set(china.burma_road_purchases)
        return [u for u in pack.units if u in allowed]
    return list(pack.units)


def _axis(pack: GlobalGamePack, power: str) -> frozenset[str]:
    board = pack.board
    return frozenset(p for p in board.powers if board.side(p) != board.side(power))


def repair_cost(pack: GlobalGamePack, game: GlobalGame, power: str, points: int) -> int:
    """AAG-facilities, AAG40-tech: 1 IPC a damage point; 1 for every 2 with Increased Factory Production."""
    if IFP in game.position.advances(power):
        return -(-points // pack.rules.damage_per_ipc)
    return points * pack.rules.repair_cost


def repaired(pack: GlobalGamePack, game: GlobalGame, power: str, repairs: dict) -> tuple[int, dict]:
    """AAG-facilities: (damage points removed, territory -> facility -> damage left) for ``repairs``
    (territory -> points), complexes first."""
    position, points = game.position, 0
    left: dict[str, dict[str, int]] = {}
    for territory, wanted in repairs.items():
        if not isinstance(wanted, int) or isinstance(wanted, bool) or wanted < 0:
            raise RuleViolation(FACILITIES, f"repairs.{territory}: damage points, 0 or more")
        damage = dict(position.damage.get(territory, {})) if territory in pack.board.spaces else {}
        if position.owner(territory) != power or not damage:
            raise RuleViolation(FACILITIES, f"{power} has no damaged facility in {territory!r} to repair")
        if wanted > sum(damage.values()):
            raise RuleViolation(FACILITIES, f"{territory}'s facilities have {sum(damage.values())} damage, "
                                            f"not {wanted}")
        for unit in sorted(damage, key=lambda u: (u not in pack.rules.complexes, u)):
            fix = min(wanted, damage[unit])
            damage[unit] -= fix
            wanted -= fix
            points += fix
        left[territory] = damage
    return points, left


def purchase(state: GlobalState, command: Purchase, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """AAG-facilities, AAG-china: units at their price and repairs from one treasury; a power with
    two economies buys from each in turn; the last purchase ends the step."""
    game = require_turn(state, command, ctx, Phase.PURCHASE)
    power = command.power
    open_ = buying_treasuries(pack, game, power)
    treasury = command.economy or (open_[0] if open_ else "")
    if treasury not in open_:
        raise RuleViolation("AAG-income", f"{power} buys from {' or '.join(open_) or 'no treasury'} now, not "
                                          f"{treasury!r}")
    china = pack.extra.china
    if power == china.power:
        china_rules.validate_purchase(china, command.units, game.position.owners, _axis(pack, power))
    known = buyable(pack, game, power)
    for unit, count in command.units.items():
        if unit not in known:
            raise RuleViolation(FACILITIES, f"{unit!r} is not a unit {power} can buy")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise RuleViolation(FACILITIES, f"units.{unit}: a count of 0 or more")
    units = {u: n for u, n in command.units.items() if n}
    table = prices(pack, game, power)
    points, damage = repaired(pack, game, power, {t: n for t, n in command.repairs.items() if n})
    cost = sum(table[u] * n for u, n in units.items()) + repair_cost(pack, game, power, points)
    money = game.treasury.get(treasury, 0)
    if cost > money:
        raise RuleViolation(FACILITIES, f"the purchase costs {cost} IPCs; {treasury} has {money}")
    events: list[Event] = [UnitsPurchased(power, treasury, units, {t: n for t, n in command.repairs.items() if n},
                                          cost, money - cost, damage)]
    if len(open_) == 1:
        events.append(PhaseBegan(game.round, power, next_phase(pack, Phase.PURCHASE)))
    return events


# ---- income -------------------------------------------------------------------------------------------


def _convoy(pack: GlobalGamePack, game: GlobalGame, power: str, treasury: str, dice: Dice) -> list[ConvoyDisrupted]:
    """AAG-income: each convoy zone beside the treasury's territories: every enemy unit there with
    convoy dice rolls them; each die at most ``hits_at_most`` costs its value, up to the value of
    the treasury's territories beside the zone."""
    board, position, rules = pack.board, game.position, pack.rules
    at_war = stances(board, position, power).at_war
    events = []
    for zone in sorted(board.convoy_zones):
        beside = [t for t in board.neighbours(zone) if board.spaces[t].land and position.owner(t) == power
                  and board.economy_of(power, t) == treasury]
        cap = sum(board.spaces[t].ipc for t in beside)
        if not cap:
            continue
        rolls = []
        for p in position.pieces(zone):
            if p.power in at_war and rules.convoy_dice.get(p.unit):
                for _ in range(p.count * rules.convoy_dice[p.unit]):
                    value = dice.roll(pack.combat.dice_sides)
                    rolls.append(ConvoyRoll(p.power, p.unit, value, value if value <= rules.convoy_hits_at_most else 0))
        if rolls:
            events.append(ConvoyDisrupted(power, treasury, zone, tuple(rolls), min(cap, sum(r.loss for r in rolls))))
    return events


def objectives_of(pack: GlobalGamePack, game: GlobalGame, treasury: str) -> tuple[ObjectiveResult, ...]:
    """AAG-income: each of the treasury's national objectives with what it pays now (0: missed; an
    objective paid once a game and paid already is left out)."""
    power = pack.board.treasury_owners[treasury]
    attacked = game.attacked_by(power)
    return tuple(ObjectiveResult(o.id, o.title, assess(pack.board, game.position, power, o, attacked), o.once)
                 for o in pack.objectives.get(treasury, ()) if not (o.once and o.id in game.paid_once))


def collect_income(pack: GlobalGamePack, game: GlobalGame, dice: Dice, war_bonds: str | None) -> list[Event]:
    """AAG-income: at the end of the turn each treasury of the power collects its territories'
    value and its national objectives, less convoy losses (never China's, AAG40-china), plus War
    Bonds (AAG40-tech, the first treasury) and the Burma Road (AAG40-china). No capital, no income."""
    power, board, china = game.power, pack.board, pack.extra.china
    events: list[Event] = []
    for i, treasury in enumerate(treasuries_of(pack, power)):
        money = game.treasury.get(treasury, 0)
        if not has_capital(pack, game, treasury):
            events.append(IncomeCollected(power, treasury, 0, (), 0, 0, 0, 0, money, note="no capital: no income"))
            continue
        counted = board.economy_income(game.position.owners, treasury)
        objectives = objectives_of(pack, game, treasury)
        convoy = [] if power == china.power else _convoy(pack, game, power, treasury, dice)
        lost = min(counted, sum(e.damage for e in convoy))
        bonds, bonds_roll = 0, 0
        if i == 0 and WAR_BONDS in game.position.advances(power) and pack.war_bonds is not None:
            bonds_roll = dice.roll(pack.war_bonds.die)
            bonds = pack.war_bonds.ipcs(war_bonds or pack.war_bonds.default, bonds_roll)
        burma = china_rules.income_bonus(china, game.position.owners, _axis(pack, power)) if power == china.power \
            else 0
        collected = counted - lost + sum(o.ipcs for o in objectives) + bonds + burma
        events += convoy
        events.append(IncomeCollected(power, treasury, counted, objectives, lost, bonds, burma, collected,
                                      money + collected, bonds_roll))
    return events + [PhaseBegan(game.round, power, next_phase(pack, Phase.INCOME))]
