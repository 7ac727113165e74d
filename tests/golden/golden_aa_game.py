"""The golden whole game of Axis & Allies Revised with the phase one house rules (issue 23):
three rounds from the real start through the HTTP API, one seat per power, scripted deliberate
orders (tests/golden/make_golden.py writes its log; tests/api/test_aar_game_api.py plays the same
rounds on each store). Every step that matters is checked against what the projections show, and
each deliberately wrong order is refused with a 422 naming its rule.

The dice are the server's (a fresh secret seed), so the orders are chosen for outcomes the dice
cannot change: the battle that must end in a retreat is one neither side can finish in one round,
the capital is taken by a force that loses once in ~10^8 battles, and the moves after a battle
only send units that its outcome leaves where they were. What the dice decide (who won the
other battles, raiding and research rolls) is read from the log and checked against the
projections, never assumed.

The game (option ``lend_lease``):
- round 1: Russia's standing orders (order of losses, retreat below 1/3) attack Belorussia; Moscow
  is left with an infantry and an armour. Germany bombs the IC in the Caucasus, blitzes an armour
  through empty Archangel and takes Moscow, Russia's capital, with its treasury. Japan lands from
  a transport in Buryatia (bombarded by its battleship) and attacks China before the US's first
  turn (emergency infantry). The UK's income is raided by a German submarine and fighters (one
  zone chosen by Germany's standing order); the UK buys an IC in India, bombs Germany flying over
  the AA gun of Western Europe, and attacks the German fleet in 14 Sea Zone choosing itself
  (press on, then retreat) against Germany choosing its losses. The US leaves a unit unplaced,
  rolls research dice and grants lend-lease by its standing order.
- round 2: Russia, without its capital, neither buys nor collects; Germany places at Moscow's IC
  and fires rockets if it developed them; the UK places at its new IC in India.
- round 3: every power buys, places within the seed's limits and ends its turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MODERATOR = "moderator"
RUSSIA, GERMANY, UK, JAPAN, US = "Russia", "Germany", "UK", "Japan", "US"
SEAT = {RUSSIA: "russia", GERMANY: "germany", UK: "uk", JAPAN: "japan", US: "us"}
MOSCOW, CAUCASUS, KARELIA, ARCHANGEL = "Russia", "Caucasus", "Karelia S.S.R.", "Archangel"
WEST_RUSSIA, UKRAINE, BELORUSSIA = "West Russia", "Ukraine S.S.R.", "Belorussia"
OPTIONS = {"lend_lease": True}


def sz(number: int) -> str:
    return f"{number} Sea Zone"


@dataclass
class Table:
    """The game as the script reads and drives it: ``game`` is a ``golden_client.Game``."""

    game: object
    checks: list[str] = field(default_factory=list)  # what was checked, for the report
    seats: dict[str, str] = field(default_factory=lambda: dict(SEAT))  # power -> its seat

    # ---- driving ----------------------------------------------------------------------------

    def send(self, power: str, type_: str, /, **data) -> list[dict]:
        """The power's seat sends the command; the new events (the combat job's too)."""
        before = self.game.version()
        self.game.command(self.seats[power], type_, power=power, **data)
        return self.events_after(before)

    def refuse(self, seat: str, type_: str, rule: str, /, **data) -> dict:
        """A deliberately wrong order: 422, naming ``rule``, and the log unchanged."""
        game = self.game
        before = game.version()
        response = game.client.post(f"/games/{game.game_id}/commands", json={"type": type_, "data": data},
                                    headers={**game.auth(seat), "If-Match": f'"{before}"'})
        body = response.get_json(silent=True) or {}
        assert response.status_code == 422 and body.get("rule_id") == rule, \
            f"{type_} {data}: expected 422 {rule}, got {response.status_code} {body}"
        assert game.version() == before, "a refused command changed the log"
        self.checks.append(f"refused {type_} ({rule}): {body['detail']}")
        return body

    def move(self, power: str, units: dict, *route: str, **extra) -> list[dict]:
        return self.send(power, "MoveUnits", units=units, route=list(route), **extra)

    # ---- reading ----------------------------------------------------------------------------

    def offered(self, seat: str) -> set[str]:
        """The command types /legal-commands offers ``seat`` now."""
        return {c["type"] for c in self.game.legal(seat)}

    def events_after(self, version: int) -> list[dict]:
        return [e for e in self.game.events() if e["version"] > version]

    def board(self) -> dict:
        return self.game.projection("board")

    def owner(self, territory: str) -> str | None:
        return self.board()["territories"][territory]["owner"]

    def units(self, space: str, power: str, board: dict | None = None) -> dict[str, int]:
        board = board or self.board()
        place = board["territories"].get(space) or board["sea_zones"].get(space) or {"units": {}}
        return place["units"].get(power, {})

    def treasury(self, power: str) -> int:
        return self.game.projection("economy")["treasury"][power]

    def turn(self) -> dict:
        return self.game.projection("turn")

    def vcp(self) -> dict[str, int]:
        return self.game.projection("victory-cities")["vcp"]

    def combat(self, seat: str = MODERATOR) -> list[dict]:
        """This combat phase's battles as ``seat`` reads them (GET /state)."""
        return self.game.state(seat)["combat"]

    def at(self, power: str, step: str) -> None:
        turn = self.turn()
        assert (turn["power"], turn["step"]) == (power, step), f"expected {power} {step}, the game is at {turn}"


def of_type(events: list[dict], type_: str) -> list[dict]:
    return [e["data"] for e in events if e["type"] == type_]


def outcome(events: list[dict], battle_id: str) -> str:
    return next(e["outcome"] for e in of_type(events, "BattleEnded") if e["battle_id"] == battle_id)


def lone_losses(events: list[dict], battle_id: str, side: str) -> set[str]:
    """The unit ``side`` lost in the battle's first round that cost it a single unit (what its order
    of losses chose); empty when no round did."""
    for fought in of_type(events, "BattleRoundFought"):
        losses = fought[f"{side}_losses"]
        if fought["battle_id"] == battle_id and sum(u["count"] for u in losses) == 1:
            return {losses[0]["unit"]}
    return set()


def income_checked(t: Table, power: str, events: list[dict], before: int, spent: int) -> dict:
    """AAR-income, AAR1-raid: what the raiders took (each zone's damage) is what the income lost,
    and the treasury is what was left after the purchase plus what was collected."""
    income = of_type(events, "IncomeCollected")[0]
    taken = sum(raid["damage"] for raid in of_type(events, "CommerceRaided"))
    assert income["raided"] == min(taken, income["territories"] + income["italian"]), income
    assert income["collected"] == income["territories"] + income["italian"] - income["raided"], income
    assert t.treasury(power) == income["treasury"] == before - spent + income["collected"]
    shown = t.game.projection("economy")["income"][power]
    assert (shown["collected"], shown["raided"]) == (income["collected"], income["raided"])
    t.checks.append(f"{power} collected {income['collected']} of {income['territories']} (raided {income['raided']})")
    return income


# ---- round 1 ---------------------------------------------------------------------------------------

def russia_1(t: Table) -> None:
    """Standing orders; purchase and income (German fighters beside 16 Sea Zone raid the Caucasus
    IC); an attack on Belorussia by standing orders; Moscow left with an infantry and an armour;
    infantry placed at victory cities within the seed's limits."""
    t.at(RUSSIA, "purchase")
    t.send(RUSSIA, "SetStandingOrders", order_of_losses=["armour", "infantry"], retreat_below="1/3")
    t.refuse("russia", "Purchase", "AAR-purchase", power=RUSSIA, units={"infantry": 9})
    t.refuse("germany", "Purchase", "AAR-order", power=GERMANY, units={"infantry": 1})
    t.refuse("russia", "PlaceUnits", "AAR1-seq", power=RUSSIA, territory=CAUCASUS, units={"infantry": 1})
    events = t.send(RUSSIA, "Purchase", units={"infantry": 6, "artillery": 1})
    assert of_type(events, "UnitsPurchased")[0]["cost"] == 22
    income = income_checked(t, RUSSIA, events, 24, 22)
    assert income["territories"] == 24
    assert {raid["zone"] for raid in of_type(events, "CommerceRaided")} == {sz(16)}
    t.at(RUSSIA, "combat_move")

    t.refuse("russia", "MoveUnits", "AAR-move-land", power=RUSSIA, units={"infantry": 1},
             route=[KARELIA, BELORUSSIA, "Eastern Europe"])
    t.move(RUSSIA, {"infantry": 3}, KARELIA, BELORUSSIA)
    t.move(RUSSIA, {"armour": 1}, ARCHANGEL, KARELIA, BELORUSSIA)
    before = t.game.version()
    t.send(RUSSIA, "EndCombatMove")
    events = t.events_after(before)
    found = of_type(events, "BattleFound")
    assert [(b["space"], b["attacker"], b["defender"]) for b in found] == [(BELORUSSIA, RUSSIA, GERMANY)]
    choices = of_type(events, "RoundChoices")[0]
    assert choices["losses"] == {RUSSIA: "standing order", GERMANY: "default"}, choices
    ended = of_type(events, "BattleEnded")[0]
    assert t.owner(BELORUSSIA) == (RUSSIA if ended["captured"] else GERMANY)
    ended = ended["outcome"]
    if ended == "attacker_retreated":
        assert of_type(events, "AttackPressed")[0] == {"battle_id": found[0]["battle_id"], "power": RUSSIA,
                                                       "to": KARELIA, "source": "standing order"}
    t.checks.append(f"Belorussia: {ended}")
    t.at(RUSSIA, "non_combat_move")

    t.refuse("russia", "MoveUnits", "AAR-ncm", power=RUSSIA, units={"infantry": 1}, route=[ARCHANGEL, WEST_RUSSIA])
    t.move(RUSSIA, {"infantry": 3}, ARCHANGEL, KARELIA)
    t.move(RUSSIA, {"infantry": 2, "artillery": 1, "armour": 1, "aa_gun": 1}, MOSCOW, CAUCASUS)
    t.move(RUSSIA, {"fighter": 1}, MOSCOW, CAUCASUS)
    assert t.units(MOSCOW, RUSSIA) == {"armour": 1, "infantry": 1}
    assert t.units(ARCHANGEL, RUSSIA) == {}
    t.send(RUSSIA, "EndNonCombatMove")

    t.refuse("russia", "PlaceUnits", "AAR1-inf", power=RUSSIA, territory=CAUCASUS, units={"infantry": 4})
    t.refuse("russia", "PlaceUnits", "AAR1-inf", power=RUSSIA, territory=ARCHANGEL, units={"infantry": 1})
    t.refuse("russia", "PlaceUnits", "AAR1-ic-place", power=RUSSIA, territory=KARELIA, units={"artillery": 1})
    caucasus = t.units(CAUCASUS, RUSSIA)
    t.send(RUSSIA, "PlaceUnits", territory=CAUCASUS, units={"infantry": 3, "artillery": 1})
    t.send(RUSSIA, "PlaceUnits", territory=KARELIA, units={"infantry": 2})
    t.send(RUSSIA, "PlaceUnits", territory="Novosibirsk", units={"infantry": 1})
    assert t.units(CAUCASUS, RUSSIA) == {**caucasus, "infantry": caucasus["infantry"] + 3,
                                        "artillery": caucasus["artillery"] + 1}
    assert t.game.projection("economy")["purchase"]["units"] == {}
    events = t.send(RUSSIA, "EndPlacement")
    assert of_type(events, "VictoryChecked")[0]["winner"] == ""
    t.send(RUSSIA, "DevelopWeapons", dice=0)
    t.at(GERMANY, "purchase")


def germany_1(t: Table) -> None:
    """Standing orders (a raiding zone chosen for Western Europe's fighters); a bombing raid on the
    Caucasus IC; an armour blitzes through empty Archangel into Moscow, which falls to the armies
    of West Russia and Ukraine with three fighters: Russia's treasury goes to Germany; research
    dice for Rockets."""
    t.send(GERMANY, "SetStandingOrders", order_of_losses=["infantry", "armour", "artillery"],
           raid_zones={"Western Europe": sz(7)})
    events = t.send(GERMANY, "Purchase", units={"infantry": 5, "armour": 2, "fighter": 1})
    income_checked(t, GERMANY, events, 40, 35)
    t.at(GERMANY, "combat_move")

    t.refuse("germany", "MoveUnits", "AAR-sbr", power=GERMANY, units={"fighter": 1},
             route=[GERMANY, "Balkans", UKRAINE, CAUCASUS], bombing=True)
    t.move(GERMANY, {"bomber": 1}, GERMANY, "Balkans", UKRAINE, CAUCASUS, bombing=True)
    events = t.move(GERMANY, {"armour": 1}, WEST_RUSSIA, ARCHANGEL, MOSCOW)
    blitzed = of_type(events, "TerritoryConquered")
    assert [(c["territory"], c["previous"], c["owner"]) for c in blitzed] == [(ARCHANGEL, RUSSIA, GERMANY)]
    t.move(GERMANY, {"infantry": 3, "artillery": 1}, WEST_RUSSIA, MOSCOW)
    t.move(GERMANY, {"armour": 1}, UKRAINE, WEST_RUSSIA, MOSCOW)
    t.move(GERMANY, {"fighter": 1}, UKRAINE, WEST_RUSSIA, MOSCOW)
    t.move(GERMANY, {"fighter": 1}, "Eastern Europe", BELORUSSIA, WEST_RUSSIA, MOSCOW)
    t.move(GERMANY, {"fighter": 1}, "Balkans", UKRAINE, WEST_RUSSIA, MOSCOW)
    assert t.owner(ARCHANGEL) == GERMANY
    russia_before, germany_before, vcp_before = t.treasury(RUSSIA), t.treasury(GERMANY), t.vcp()
    before = t.game.version()
    t.send(GERMANY, "EndCombatMove")
    events = t.events_after(before)
    found = of_type(events, "BattleFound")
    assert [(b["space"], b["kind"]) for b in found] == [(CAUCASUS, "bombing"), (MOSCOW, "land")], found
    raid = of_type(events, "BombingRaidResolved")[0]
    assert raid["damage"] == min(sum(raid["damage_rolls"]), 4, russia_before)
    assert outcome(events, found[1]["battle_id"]) == "attacker_wins"
    assert lone_losses(events, found[1]["battle_id"], "defender") <= {"armour"}, "Russia's order: armour first"
    taken = next(c for c in of_type(events, "TerritoryConquered") if c["territory"] == MOSCOW)
    assert (taken["previous"], taken["owner"], taken["factory"]) == (RUSSIA, GERMANY, "captured")
    assert taken["ipcs_taken"] == russia_before - raid["damage"]
    assert (t.treasury(RUSSIA), t.treasury(GERMANY)) == (0, germany_before + taken["ipcs_taken"])
    assert t.owner(MOSCOW) == GERMANY and t.units(MOSCOW, RUSSIA) == {}
    assert t.vcp() == {"Axis": vcp_before["Axis"] + 5, "Allies": vcp_before["Allies"] - 5}
    t.checks.append(f"Moscow taken with {taken['ipcs_taken']} IPCs; the raid on the Caucasus did {raid['damage']}")
    t.at(GERMANY, "non_combat_move")

    fighters = t.units(MOSCOW, GERMANY).get("fighter", 0)
    t.refuse("germany", "MoveUnits", "AAR-air", power=GERMANY, units={"fighter": 1}, route=[MOSCOW, ARCHANGEL])
    if fighters:
        t.move(GERMANY, {"fighter": fighters}, MOSCOW, WEST_RUSSIA)
    if t.units(CAUCASUS, GERMANY).get("bomber"):
        t.move(GERMANY, {"bomber": 1}, CAUCASUS, UKRAINE, "Balkans", GERMANY)
    t.send(GERMANY, "EndNonCombatMove")

    t.refuse("germany", "PlaceUnits", "AAR-place", power=GERMANY, territory=GERMANY, units={"infantry": 6})
    t.refuse("germany", "PlaceUnits", "AAR1-ic-place", power=GERMANY, territory=MOSCOW, units={"armour": 1})
    t.send(GERMANY, "PlaceUnits", territory=GERMANY, units={"infantry": 5, "armour": 2, "fighter": 1})
    t.send(GERMANY, "EndPlacement")
    money = t.treasury(GERMANY)
    t.refuse("germany", "DevelopWeapons", "AAR-tech", power=GERMANY, dice=1, advance="death_ray")
    events = t.send(GERMANY, "DevelopWeapons", dice=6, advance="rockets")
    research = of_type(events, "WeaponsDeveloped")[0]
    assert research["cost"] == 30 and research["gained"] == (6 in research["rolls"])
    assert t.treasury(GERMANY) == money - 30
    assert ("rockets" in t.game.projection("economy")["advances"][GERMANY]) == research["gained"]
    t.checks.append(f"Germany's research rolls {research['rolls']}")
    t.at(UK, "purchase")


def uk_1(t: Table) -> None:
    """Income raided by the German submarine in 8 Sea Zone and the fighters of Norway and Western
    Europe (7 Sea Zone, Germany's standing choice); an IC bought in India; a bombing raid on
    Germany over Western Europe's AA gun; the German fleet in 14 Sea Zone attacked by a battleship
    and a destroyer: neither side can be sunk in one round, the UK presses on and then retreats,
    Germany chooses its own losses."""
    t.refuse("uk", "Purchase", "AAR1-ic-place", power=UK, factories=["Norway"])
    money = t.treasury(UK)
    events = t.send(UK, "Purchase", units={"infantry": 3, "armour": 1}, factories=["India"])
    bought = of_type(events, "UnitsPurchased")[0]
    assert (bought["cost"], bought["factories"]) == (9 + 9 + 5, ["India"])  # the IC: 15 - 3 IPCs x 2 VCPs
    income_checked(t, UK, events, money, bought["cost"])
    raids = {raid["zone"]: raid for raid in of_type(events, "CommerceRaided")}
    assert set(raids) == {sz(3), sz(7), sz(8)}, raids
    assert [(r["unit"], r["space"]) for r in raids[sz(7)]["rolls"]] == [("fighter", "Western Europe")]
    assert [r["unit"] for r in raids[sz(8)]["rolls"]] == ["submarine"] * 3

    t.send(GERMANY, "SetStandingOrders", order_of_losses=["infantry", "armour", "artillery"],
           raid_zones={"Western Europe": sz(7)}, interactive=True)
    t.send(UK, "SetStandingOrders", order_of_losses=["battleship:hit", "destroyer"], interactive=True)
    t.refuse("uk", "SetStandingOrders", "AAR1-raid", power=UK, raid_zones={"United Kingdom": sz(5)})
    events = t.move(UK, {"bomber": 1}, "United Kingdom", sz(6), "Western Europe", GERMANY, bombing=True)
    fired = of_type(events, "AaFired")
    assert [(f["territory"], f["power"], f["guns"]) for f in fired] == [("Western Europe", UK, 1)], fired
    t.move(UK, {"battleship": 1}, sz(13), sz(14))
    t.move(UK, {"destroyer": 1}, sz(15), sz(14))
    germany_money = t.treasury(GERMANY)
    before = t.game.version()
    t.send(UK, "EndCombatMove")
    events = t.events_after(before)
    found = {b["kind"]: b for b in of_type(events, "BattleFound")}
    assert list(found) == ["bombing", "sea"], found
    raids = of_type(events, "BombingRaidResolved")  # none when the gun over Western Europe shot the bomber
    assert len(raids) == (0 if fired[0]["lost"] else 1), (fired, raids)
    damage = raids[0]["damage"] if raids else 0
    assert t.treasury(GERMANY) == germany_money - damage and damage <= 10
    sea = found["sea"]["battle_id"]
    waiting = next(b for b in t.combat() if b["battle_id"] == sea)
    assert (waiting["status"], waiting["round"], waiting["waiting"]) == ("waiting", 0, [GERMANY, UK])
    assert t.turn()["awaiting"] == [{"seat": "germany", "power": GERMANY}, {"seat": "uk", "power": UK}]

    assert t.offered("uk") == {"ChooseLosses", "PressAttack", "UseStandingOrders"}
    assert t.offered("germany") == {"ChooseLosses", "UseStandingOrders"}
    t.refuse("uk", "Retreat", "AAR-retreat", power=UK, battle_id=sea, to=sz(13))
    t.refuse("germany", "Retreat", "AAR-retreat", power=GERMANY, battle_id=sea, to=sz(16))
    t.send(UK, "PressAttack", battle_id=sea)
    t.refuse("germany", "ChooseLosses", "AAR-casualties", power=GERMANY, battle_id=sea, losses=["zeppelin"])
    events = t.send(GERMANY, "ChooseLosses", battle_id=sea, losses=["battleship:hit", "transport"])
    assert of_type(events, "RoundChoices")[0]["losses"] == {GERMANY: "player", UK: "standing order"}
    fought = of_type(events, "BattleRoundFought")
    assert [f["round"] for f in fought] == [1] and not of_type(events, "BattleEnded")
    waiting = next(b for b in t.combat() if b["battle_id"] == sea)
    assert (waiting["status"], waiting["round"], waiting["waiting"]) == ("waiting", 1, [GERMANY, UK])

    retreat = next(c for c in t.game.legal("uk") if c["type"] == "Retreat")
    assert retreat["choices"]["to"] == [sz(13), sz(15)], retreat
    t.refuse("uk", "Retreat", "AAR-retreat", power=UK, battle_id=sea, to=sz(12))
    t.send(UK, "Retreat", battle_id=sea, to=sz(13))
    events = t.send(GERMANY, "UseStandingOrders", battle_id=sea)
    assert outcome(events, sea) == "attacker_retreated"
    assert of_type(events, "BattleContinued") == [{"battle_id": sea, "round": 1}]
    left = fought[0]["attacker_remaining"]
    board = t.board()
    assert t.units(sz(14), UK, board) == {}
    assert t.units(sz(13), UK, board) == {u["unit"]: u["count"] for u in left}, left
    t.checks.append(f"14 Sea Zone: the UK retreated to 13 Sea Zone with {left}")
    t.send(UK, "SetStandingOrders", order_of_losses=["battleship:hit", "destroyer"])
    t.send(GERMANY, "SetStandingOrders", order_of_losses=["infantry", "armour", "artillery"],
           raid_zones={"Western Europe": sz(7)})
    t.at(UK, "non_combat_move")

    if t.units(GERMANY, UK).get("bomber"):
        t.move(UK, {"bomber": 1}, GERMANY, "Western Europe", sz(6), "United Kingdom")
    t.send(UK, "EndNonCombatMove")
    t.refuse("uk", "PlaceUnits", "AAR1-ic-place", power=UK, territory="India", units={"armour": 1})
    t.send(UK, "PlaceUnits", territory="United Kingdom", units={"infantry": 3, "armour": 1})
    events = t.send(UK, "EndPlacement")
    assert [p["territory"] for p in of_type(events, "UnitsPlaced") if p["factory"]] == ["India"]
    assert t.board()["territories"]["India"]["factory"] is True
    assert t.game.projection("economy")["purchased_factories"] == ["India"]
    t.send(UK, "DevelopWeapons", dice=0)
    t.at(JAPAN, "purchase")


def japan_1(t: Table) -> None:
    """An amphibious assault on Buryatia from the transport in 60 Sea Zone (infantry and artillery
    loaded in Japan), bombarded by the battleship there, with Manchuria's army and air; an attack
    on China before the US's first turn: the US's emergency infantry (standing order) defend
    Chongqing; a transport placed in a sea zone beside Japan."""
    money = t.treasury(JAPAN)
    events = t.send(JAPAN, "Purchase", units={"transport": 1, "infantry": 4, "artillery": 2})
    income_checked(t, JAPAN, events, money, 28)

    t.refuse("japan", "MoveUnits", "AAR-move-sea", power=JAPAN, units={"battleship": 1},
             route=[sz(60), sz(59), sz(36), sz(35)])
    events = t.move(JAPAN, {"transport": 1}, sz(60), cargo={"infantry": 1, "artillery": 1}, load_from=JAPAN,
                    unload_to="Buryatia S.S.R.")
    assert of_type(events, "UnitsMoved")[0]["landings"] == [["artillery", "infantry"]]
    t.move(JAPAN, {"infantry": 2}, "Manchuria", "Buryatia S.S.R.")
    t.move(JAPAN, {"fighter": 1}, "Manchuria", "Buryatia S.S.R.")
    t.move(JAPAN, {"bomber": 1}, JAPAN, sz(60), "Buryatia S.S.R.")
    t.move(JAPAN, {"infantry": 2}, "French Indochina", "China")
    t.move(JAPAN, {"infantry": 3}, "Kwantung", "China")
    t.move(JAPAN, {"fighter": 1}, "French Indochina", "China")
    us_money = t.treasury(US)
    before = t.game.version()
    t.send(JAPAN, "EndCombatMove")
    events = t.events_after(before)
    found = of_type(events, "BattleFound")
    assert [(b["space"], b["amphibious"]) for b in found] == [("Buryatia S.S.R.", True), ("China", False)], found
    requested = {r["territory"]: r["forces"] for r in of_type(events, "BattleRequested")}
    landing = requested["Buryatia S.S.R."]
    assert (landing["amphibious"], landing["bombard"]) == ([["artillery", "infantry"]], {"battleship": 1})
    assert landing["attacker"] == {"bomber": 1, "fighter": 1, "infantry": 2}
    bought = of_type(events, "EmergencyInfantryBought")
    assert [(b["power"], b["territory"], b["count"], b["cost"]) for b in bought] == [(US, "China", 2, 6)]
    assert requested["China"]["defender"] == {"fighter": 1, "infantry": 4}
    assert t.treasury(US) == us_money - 6
    for battle in found:
        ended = next(e for e in of_type(events, "BattleEnded") if e["battle_id"] == battle["battle_id"])
        assert t.owner(battle["space"]) == (JAPAN if ended["captured"] else battle["defender"])
        t.checks.append(f"{battle['space']}: {ended['outcome']}")
    t.at(JAPAN, "non_combat_move")

    for space, home in (("Buryatia S.S.R.", "Manchuria"), ("China", "French Indochina")):
        if t.units(space, JAPAN).get("fighter") and t.owner(home) == JAPAN:
            t.move(JAPAN, {"fighter": 1}, space, home)
    if t.units("Buryatia S.S.R.", JAPAN).get("bomber"):
        t.move(JAPAN, {"bomber": 1}, "Buryatia S.S.R.", sz(60), JAPAN)
    t.send(JAPAN, "EndNonCombatMove")
    t.refuse("japan", "PlaceUnits", "AAR-place", power=JAPAN, territory=JAPAN, units={"transport": 1})
    t.send(JAPAN, "PlaceUnits", territory=JAPAN, units={"transport": 1}, zone=sz(60))
    t.send(JAPAN, "PlaceUnits", territory=JAPAN, units={"infantry": 4, "artillery": 2})
    t.send(JAPAN, "EndPlacement")
    assert t.units(sz(60), JAPAN)["transport"] == 2
    t.send(JAPAN, "DevelopWeapons", dice=0)
    t.at(US, "purchase")


def us_1(t: Table) -> None:
    """Standing orders for lend-lease; a purchase with one infantry deliberately left unplaced
    (lost at the end of placement); research dice; lend-lease at the end of the turn."""
    t.refuse("us", "SetStandingOrders", "AAR1-optional", power=US, lend_lease={"UK": 10, "Germany": 0})
    t.send(US, "SetStandingOrders", lend_lease={"UK": 6, "Russia": 4})
    money = t.treasury(US)
    events = t.send(US, "Purchase", units={"infantry": 4, "armour": 2, "fighter": 1})
    income_checked(t, US, events, money, 12 + 10 + 10)
    t.send(US, "EndCombatMove")
    t.move(US, {"infantry": 2}, "Eastern United States", "Central United States")
    t.send(US, "EndNonCombatMove")
    t.send(US, "PlaceUnits", territory="Eastern United States", units={"infantry": 3, "armour": 2, "fighter": 1})
    events = t.send(US, "EndPlacement")
    lost = of_type(events, "UnitsLost")
    assert [(u["reason"], u["unplaced"]) for u in lost] == [("unplaced", {"infantry": 1})], lost
    money = t.treasury(US)
    russia, uk = t.treasury(RUSSIA), t.treasury(UK)
    events = t.send(US, "DevelopWeapons", dice=2, advance="long_range_aircraft")
    research = of_type(events, "WeaponsDeveloped")[0]
    assert research["cost"] == 10 and t.treasury(US) == money - 10
    assert of_type(events, "LendLeaseGranted") == [{"split": {"UK": 6, "Russia": 4}, "source": "standing order"}]
    assert (t.treasury(RUSSIA), t.treasury(UK)) == (russia + 4, uk + 6)
    assert [e["data"] for e in events if e["type"] == "TurnBegan"] == [{"round": 2, "power": RUSSIA}]


# ---- rounds 2 and 3 --------------------------------------------------------------------------------

def quiet_turn(t: Table, power: str, units: dict, places: list[tuple[str, dict]], **research) -> list[dict]:
    """Purchase, no moves, placement, research (none unless given): a turn with no battle."""
    t.at(power, "purchase")
    money = t.treasury(power)
    events = t.send(power, "Purchase", units=units)
    income_checked(t, power, events, money, of_type(events, "UnitsPurchased")[0]["cost"])
    t.send(power, "EndCombatMove")
    t.send(power, "EndNonCombatMove")
    for territory, placed in places:
        t.send(power, "PlaceUnits", territory=territory, units=placed)
    t.send(power, "EndPlacement")
    return t.send(power, "DevelopWeapons", **({"dice": 0} | research))


def russia_without_capital(t: Table) -> None:
    """AAR-capital: Russia without Moscow neither buys nor collects income (it keeps what lend-lease
    gave it); it moves, and its research is passed by too."""
    t.at(RUSSIA, "combat_move")
    events = t.game.events()
    began = max(e["version"] for e in events if e["type"] == "TurnBegan")
    turn = [(e["type"], e["data"].get("note")) for e in events if e["version"] >= began]
    assert turn == [("TurnBegan", None), ("PhaseBegan", ""), ("PhaseBegan", "no capital: no purchase"),
                    ("IncomeCollected", "no capital: no income"), ("PhaseBegan", "")], turn
    money = t.treasury(RUSSIA)
    assert t.game.projection("economy")["income"][RUSSIA]["collected"] == 0
    t.refuse("russia", "Purchase", "AAR1-seq", power=RUSSIA, units={"infantry": 1})
    t.send(RUSSIA, "EndCombatMove")
    t.send(RUSSIA, "EndNonCombatMove")
    t.send(RUSSIA, "EndPlacement")
    assert t.treasury(RUSSIA) == money
    t.at(GERMANY, "purchase")


def germany_2(t: Table) -> None:
    """Armour placed at Moscow's captured IC (held since the turn's start now); rockets at the
    United Kingdom from Western Europe's AA gun if Germany developed them, else refused and
    researched again."""
    money = t.treasury(GERMANY)
    events = t.send(GERMANY, "Purchase", units={"infantry": 3, "armour": 2})
    income_checked(t, GERMANY, events, money, 19)
    rockets = "rockets" in t.game.projection("economy")["advances"][GERMANY]
    if rockets:
        uk = t.treasury(UK)
        events = t.send(GERMANY, "FireRockets", launch="Western Europe", target="United Kingdom")
        fired = of_type(events, "RocketFired")[0]
        assert fired["damage"] == min(fired["roll"], 8, uk) and t.treasury(UK) == uk - fired["damage"]
        t.refuse("germany", "FireRockets", "AAR-tech", power=GERMANY, launch="Western Europe", target="United Kingdom")
    else:
        t.refuse("germany", "FireRockets", "AAR-tech", power=GERMANY, launch="Western Europe", target="United Kingdom")
    t.send(GERMANY, "EndCombatMove")
    t.send(GERMANY, "EndNonCombatMove")
    t.send(GERMANY, "PlaceUnits", territory=MOSCOW, units={"armour": 2})
    t.send(GERMANY, "PlaceUnits", territory=GERMANY, units={"infantry": 3})
    assert t.units(MOSCOW, GERMANY)["armour"] >= 2
    t.send(GERMANY, "EndPlacement")
    if rockets or t.treasury(GERMANY) < 30:
        t.send(GERMANY, "DevelopWeapons", dice=0)
    else:
        t.send(GERMANY, "DevelopWeapons", dice=6, advance="rockets")


def uk_2(t: Table) -> None:
    """Units placed at the IC bought last turn in India, within 4 x its 3 IPCs."""
    money = t.treasury(UK)
    events = t.send(UK, "Purchase", units={"armour": 3, "infantry": 2})
    income_checked(t, UK, events, money, 21)
    t.send(UK, "EndCombatMove")
    t.send(UK, "EndNonCombatMove")
    t.refuse("uk", "PlaceUnits", "AAR1-ic-limit", power=UK, territory="India", units={"armour": 3})
    t.send(UK, "PlaceUnits", territory="India", units={"armour": 2, "infantry": 2})
    t.send(UK, "PlaceUnits", territory="United Kingdom", units={"armour": 1})
    assert t.units("India", UK)["armour"] == 2
    t.send(UK, "EndPlacement")
    t.send(UK, "DevelopWeapons", dice=0)


def round_2(t: Table) -> None:
    russia_without_capital(t)
    germany_2(t)
    uk_2(t)
    quiet_turn(t, JAPAN, {"infantry": 5}, [(JAPAN, {"infantry": 5})])
    quiet_turn(t, US, {"infantry": 3, "bomber": 1}, [("Western United States", {"infantry": 3, "bomber": 1})])


def round_3(t: Table) -> None:
    russia_without_capital(t)
    germany_2(t)
    quiet_turn(t, UK, {"infantry": 3}, [("United Kingdom", {"infantry": 3})])
    quiet_turn(t, JAPAN, {"infantry": 5}, [(JAPAN, {"infantry": 5})])
    events = quiet_turn(t, US, {"infantry": 3}, [("Eastern United States", {"infantry": 3})])
    assert [e["data"] for e in events if e["type"] == "TurnBegan"] == [{"round": 4, "power": RUSSIA}]


def play_aa_revised_game(game) -> Table:
    """The whole game's three rounds (``game``: a ``golden_client.Game`` of aa-revised-phase-one,
    one seat per power, created with ``OPTIONS``); then the moderator reveals the seed, so every
    roll of the log can be checked."""
    t = Table(game)
    for turn in (russia_1, germany_1, uk_1, japan_1, us_1, round_2, round_3):
        turn(t)
    game.command(MODERATOR, "RevealDiceSeed")
    return t


def whole_pack() -> dict:
    """The shipped pack with its included parts (board, house rules, outlines) inline: the golden
    game carries the board it was played on, whatever the shipped files become."""
    from importlib import resources

    import yaml

    folder = resources.files("domain.aa.revised_phase_one.data")
    pack = yaml.safe_load(folder.joinpath("default.yaml").read_text(encoding="utf-8"))
    for key, name in pack.pop("include").items():
        pack[key] = yaml.safe_load(folder.joinpath(name).read_text(encoding="utf-8"))
    return pack
