"""Purchase (AAR-purchase, AAR1-ic-cost, AAR1-optional) and income with commerce raiding
(AAR-income, AAR1-raid, AAR-capital): the seed's first two phases."""
from __future__ import annotations

from domain.aa.revised_phase_one import industry, optional, raiding
from domain.aa.revised_phase_one.game.commands import Purchase
from domain.aa.revised_phase_one.game.common import (RevisedState, factories_of, has_capital, prices, require_turn,
                                                      zone_name, zone_number)
from domain.aa.revised_phase_one.game.events import (CommerceRaided, IncomeCollected, PhaseBegan, RaidRoll,
                                                      UnitsPurchased)
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.pack import GamePack
from domain.aa.units import Domain
from domain.kernel import Context, Dice, Event, RuleViolation

PURCHASE = "AAR-purchase"


def buyable(pack: GamePack) -> list[str]:
    """AAR-purchase: every unit but the industrial complex, which is bought with its territory."""
    return [name for name, unit in pack.units.items() if unit.domain is not Domain.FACILITY]


def national_version(game: Game) -> str | None:
    version = game.options.national_units
    return None if version == "none" else version


def purchase_price(pack: GamePack, game: Game, power: str, units: dict, factories) -> int:
    """AAR-purchase, AAR1-optional, AAR1-ic-cost: what ``units`` and the ICs cost ``power`` now."""
    cost = optional.purchase_cost(pack.house, power, dict(units), prices(pack), national_version(game))
    standing = set(game.position.factories)
    for territory in factories:
        if territory not in pack.house.ipc:
            raise RuleViolation(industry.PLACE, f"{territory!r} is no territory an IC can stand in")
        cost += industry.check_ic_purchase(pack.house, power, territory, game.owners_at_start, standing)
        standing.add(territory)
    return cost


def purchase(state: RevisedState, command: Purchase, ctx: Context, pack: GamePack) -> list[Event]:
    """AAR-purchase: units at their cost from the treasury; ICs declared with their territory."""
    game = require_turn(state, command, ctx, Phase.PURCHASE)
    known = buyable(pack)
    for unit, count in command.units.items():
        if unit not in known:
            raise RuleViolation(PURCHASE, f"{unit!r} is not a unit {command.power} can buy"
                                          + (" (buy an IC with its territory)" if unit in pack.units else ""))
        if not isinstance(count, int) or count < 0:
            raise RuleViolation(PURCHASE, f"units.{unit}: a count of 0 or more")
    units = {u: n for u, n in command.units.items() if n}
    cost = purchase_price(pack, game, command.power, units, command.factories)
    money = game.treasury.get(command.power, 0)
    if cost > money:
        raise RuleViolation(PURCHASE, f"the purchase costs {cost} IPCs; {command.power} has {money}")
    return [UnitsPurchased(command.power, units, tuple(command.factories), cost, money - cost),
            PhaseBegan(game.round, game.power, Phase.INCOME)]


# ---- income --------------------------------------------------------------------------------------


def _raiders(pack: GamePack, game: Game, power: str, zones: set[str]) -> dict[str, list[tuple[str, str, str]]]:
    """AAR1-raid: zone -> (raiding power, unit, where it is) for every enemy unit that raids it: ships
    (and fighters on carriers) in the zone, and land-based fighters beside it, each raiding one zone
    (its owner's standing choice, else the first zone in the board's order)."""
    board, position, house = pack.board, game.position, pack.house
    raid_units = set(house.raiding["surface_attack"]) | {house.raiding["submarine"]["unit"]}
    found: dict[str, list] = {}
    for zone in sorted(zones, key=zone_number):
        for p in position.pieces(zone):
            if board.enemies(power, p.power) and p.unit in raid_units:
                found.setdefault(zone, []).extend([(p.power, p.unit, zone)] * p.count)
    fighter = "fighter"
    for territory in sorted(position.units):
        if board.spaces[territory].sea:
            continue
        beside = [z for z in board.neighbours(territory) if z in zones]
        if not beside:
            continue
        for p in position.pieces(territory):
            if p.unit != fighter or not board.enemies(power, p.power):
                continue
            chosen = game.orders_of(p.power).raid_zones.get(territory)
            zone = chosen if chosen in beside else beside[0]
            found.setdefault(zone, []).extend([(p.power, p.unit, territory)] * p.count)
    return found


def _cap_holder(pack: GamePack, game: Game, power: str, zone: str, caps: dict[str, int]) -> str:
    """The IC a zone's damage counts against: of the ICs it borders, the one with the most cap left."""
    bordering = [t for t in caps if zone_number(zone) in pack.house.sea.get(t, ())]
    return max(bordering, key=lambda t: (caps[t], t))


def collect_income(pack: GamePack, game: Game, dice: Dice) -> list[Event]:
    """AAR-income, AAR1-raid, AAR-capital: count the held territories (and the Italian forces),
    let every raider roll, cap each IC's loss, collect. No capital, no income."""
    power, board, house = game.power, pack.board, pack.house
    nxt = PhaseBegan(game.round, power, Phase.COMBAT_MOVE)
    if not has_capital(pack, game, power):
        money = game.treasury.get(power, 0)
        return [IncomeCollected(power, 0, 0, 0, 0, money, note="no capital: no income"), nxt]
    owners = dict(game.position.owners)
    counted = board.income(owners, power)
    italian = 0
    if game.options.italian_forces != "none":
        italian, _ = optional.italian_forces(house, power, owners, game.options.italian_forces)
    income = counted + italian
    ics = [t for t in factories_of(game, power) if t in house.ipc]
    zones = {zone_name(n) for n in raiding.raided_sea_zones(house, ics)}
    events: list[Event] = []
    caps = {t: raiding.raid_cap(house, owners, power, t, income, game.options.raiding) for t in ics}
    by_zone: dict[str, int] = {}
    raided = 0
    for zone, raiders in _raiders(pack, game, power, zones).items():
        rolls, pairs = [], []
        for raider, unit, where in raiders:
            for _ in range(house.raiding["submarine"]["dice"] if unit == house.raiding["submarine"]["unit"] else 1):
                value = dice.roll(pack.combat.dice_sides)
                damage = raiding.roll_damage(house, unit, value)
                rolls.append(RaidRoll(raider, unit, where, value, damage))
                pairs.append((unit, value))
        damage = raiding.sea_zone_damage(house, pairs)
        holder = _cap_holder(pack, game, power, zone, caps)
        taken = min(damage, caps[holder])
        caps[holder] -= taken
        raided += taken
        by_zone[zone] = taken
        events.append(CommerceRaided(power, zone, tuple(rolls), taken))
    raided = min(raided, income)
    collected = income - raided
    money = game.treasury.get(power, 0) + collected
    events.append(IncomeCollected(power, counted, italian, raided, collected, money, by_zone))
    return events + [nxt]
