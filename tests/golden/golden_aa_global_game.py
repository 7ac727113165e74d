"""The golden whole game of Axis & Allies Global 1940 with the seed's extra rules (issue 25): two
rounds from the real start through the HTTP API, one seat per power, scripted deliberate orders
(tests/golden/make_golden.py writes its log; tests/api/test_aag_game_api.py plays the same rounds on
each store). Each step that matters is checked against the projections; deliberately wrong orders
are refused with a 422 naming their rule.

The dice are the server's, so the orders are chosen for what the dice cannot change, and what they
do decide (battles, convoy dice, research) is read from the log, never assumed.

Round 1: standing orders (the UK scrambles, Japan spends a kamikaze token, Germany retreats after a
round). Germany researches, attacks the British fleet in 110 Sea Zone beside the United Kingdom's
air base (the UK's fighters scramble), bombs the French complex, takes pro-Axis Bulgaria in the
non-combat move (its garrison joins) and leaves a submarine in convoy zone 119. The USSR may not
declare war on Germany yet (the shipped rules) or may (the house rule below: the Axis entered the
Balkans). Japan declares war on the USA (whose complexes become major for free) and attacks
Hunan; the USA attacks the Japanese ships in 20 Sea Zone, a kamikaze zone; China buys and places
where it holds; the UK buys for both economies and loses income to the submarine; Italy lands from
a transport on Malta. Round 2: every power's turn, national objectives paid and missed; France
leaves its purchase unplaced (refunded). The agreed two rounds over, the victory check ends it.

The golden log is played on a house pack (``house_pack``): the shipped pack without its outlines,
plus one lasting condition and the declaration it opens (``ConditionsMet``: no shipped condition can
be met in two rounds)."""
from __future__ import annotations

import copy

if __package__:  # imported as tests.golden.golden_aa_global_game (tests/api/test_aag_game_api.py)
    from .golden_aa_game import Table, of_type
else:  # make_golden.py, run as a script beside it
    from golden_aa_game import Table, of_type

MODERATOR = "moderator"
POWERS = ("Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France")
OPTIONS = {"mode": "game", "rounds": 2}
RULESET = "aa-global1940"
# Where each power puts what it buys in these rounds (a complex it holds; China: any territory).
HOME = {"Germany": "Germany", "USSR": "Russia", "Japan": "Japan", "USA": "Eastern United States",
        "China": "Szechwan", "UK Europe": "United Kingdom", "UK Pacific": "India", "Italy": "Southern Italy",
        "ANZAC": "New South Wales", "France": "France"}
BALKANS = {"title": "the Axis have entered the Balkans", "side_holds": "Axis",
           "any_of": ["Bulgaria", "Yugoslavia", "Greece"], "lasting": True}


def sz(number: int) -> str:
    return f"{number} Sea Zone"


def house_pack() -> dict:
    """The shipped pack with its parts inline, without the outlines (the request stays small; the
    Revised golden game covers the drawing), and a house rule: the USSR may declare war on Germany
    and Italy once the Axis have entered the Balkans (a lasting condition)."""
    from importlib import resources

    import yaml

    folder = resources.files("domain.aa.global1940.data")
    pack = yaml.safe_load(folder.joinpath("default.yaml").read_text(encoding="utf-8"))
    for key, name in pack.pop("include").items():
        if key != "geometry":
            pack[key] = yaml.safe_load(folder.joinpath(name).read_text(encoding="utf-8"))
    pack = copy.deepcopy(pack)
    politics = pack["board"]["politics"]
    politics["conditions"]["balkans_entered"] = dict(BALKANS)
    politics["declarations"].append({"by": ["USSR"], "against": ["Germany", "Italy"],
                                     "when_any": [{"condition": "balkans_entered"}]})
    return pack


class GlobalTable(Table):
    """The Revised script's table with the Global seats and a turn driven step by step."""

    def __init__(self, game, house: bool):
        super().__init__(game, seats={power: power.lower() for power in POWERS})
        self.house = house

    def step(self) -> str:
        return self.turn()["ends_step"]

    def through(self, power: str, *, until: str | None = None, buy: dict | None = None,
                place: dict | None = None) -> None:
        """``power``'s turn goes on with the plain order of each step (no research, ``buy`` for each
        treasury, no declaration, no moves, ``place`` at home) until the step ``until`` (None: the
        turn's end)."""
        while self.turn()["power"] == power and self.step() != until:
            step = self.step()
            if step == "Research":
                self.send(power, "Research")
            elif step == "Purchase":
                economy = self.game.offered(self.seats[power], "Purchase")[0]["example"]["data"].get("economy", "")
                self.send(power, "Purchase", units=(buy or {}).get(economy or power, {}), economy=economy)
            elif step == "EndPlacement":
                for treasury, units in (place or {}).items():
                    if units:
                        self.send(power, "PlaceUnits", territory=HOME[treasury], units=units)
                self.send(power, "EndPlacement")
            else:
                self.send(power, step)
            self.game.jobs.wait(60)


# ---- round 1 ---------------------------------------------------------------------------------------

def standing_orders(t: GlobalTable) -> None:
    """AAG-battle: the defenders' decisions are standing orders, so nobody has to be online."""
    t.send("UK", "SetStandingOrders", scramble=True)
    t.send("Japan", "SetStandingOrders", kamikaze=1, kamikaze_targets=["destroyer", "submarine"])
    t.send("Germany", "SetStandingOrders", retreat_after_round=1)


def germany_1(t: GlobalTable) -> None:
    t.at("Germany", "research")
    t.refuse("germany", "Research", "AAG40-rd", power="Germany", dice=7, chart="land_production")
    events = t.send("Germany", "Research", dice=1, chart="land_production")
    rolled = of_type(events, "ResearchRolled")[0]
    assert (rolled["dice"], rolled["cost"]) == (1, 5) and t.treasury("Germany") == 25, rolled
    t.send("Germany", "Purchase", units={"infantry": 2})
    t.refuse("germany", "DeclareWar", "AAG-politics", power="Germany", target="UK")  # at war already
    t.send("Germany", "EndPolitics")
    t.at("Germany", "combat_move")
    t.move("Germany", {"battleship": 1}, sz(113), sz(112), sz(110))
    t.move("Germany", {"bomber": 2}, "Germany", "Western Germany", "France", bombing=True)
    before = t.game.version()
    t.send("Germany", "EndCombatMove")
    t.game.jobs.wait(60)
    events = t.events_after(before)
    scrambled = of_type(events, "FightersScrambled")
    assert [(s["power"], s["territory"], s["zone"]) for s in scrambled] == [("UK", "United Kingdom", sz(110))]
    raid = of_type(events, "FacilityBombed")[0]
    assert (raid["territory"], raid["facility"], len(raid["aa_rolls"])) == ("France", "major_industrial_complex", 2)
    t.checks.append(f"the raid on France did {raid['damage']} damage; {raid['bombers_lost']} bomber(s) lost")
    t.at("Germany", "non_combat_move")

    t.refuse("germany", "MoveUnits", "AAR-ncm", power="Germany", units={"infantry": 1},
             route=["Romania", "Yugoslavia"])  # a pro-Allied neutral: only by an attack
    events = t.move("Germany", {"infantry": 2}, "Romania", "Bulgaria")
    taken = of_type(events, "NeutralTaken")[0]
    assert t.owner("Bulgaria") == "Germany" and t.units("Bulgaria", "Germany")["infantry"] == 6, taken
    t.move("Germany", {"submarine": 1}, sz(118), sz(119))
    t.move("Germany", {"submarine": 1}, sz(124), sz(119))
    bombers = t.units("France", "Germany").get("bomber", 0)
    if bombers:
        t.move("Germany", {"bomber": bombers}, "France", "Western Germany")
    t.through("Germany", place={"Germany": {"infantry": 2}})
    income = of_type(t.events_after(before), "IncomeCollected")[0]
    met = {o["id"] for o in income["objectives"] if o["ipcs"]}
    assert "ger-peace-with-ussr" in met and "ger-caucasus" not in met, income
    t.checks.append(f"Germany collected {income['collected']} (objectives met: {sorted(met)})")


def ussr_1(t: GlobalTable) -> None:
    t.through("USSR", until="EndPolitics", buy={"USSR": {"infantry": 2}})
    if t.house:
        events = t.send("USSR", "DeclareWar", target="Germany")
        assert of_type(events, "WarDeclared")[0]["wars"], events
        assert "Germany" in t.game.projection("politics")["at_war"]["USSR"]
    else:
        t.refuse("ussr", "DeclareWar", "AAG-politics", power="USSR", target="Germany")
    t.through("USSR", place={"USSR": {"infantry": 2}})


def japan_1(t: GlobalTable) -> None:
    t.through("Japan", until="EndPolitics", buy={"Japan": {"infantry": 1}})
    events = t.send("Japan", "DeclareWar", target="USA")
    upgraded = of_type(events, "FactoriesUpgraded")[0]
    assert upgraded["power"] == "USA" and "Eastern United States" in upgraded["territories"], upgraded
    assert t.board()["territories"]["Eastern United States"]["facilities"].count("major_industrial_complex") == 1
    t.send("Japan", "EndPolitics")
    t.refuse("japan", "MoveUnits", "AAG-politics", power="Japan", units={"infantry": 1},
             route=["Kiangsi", "Kwangtung"])  # not at war with the UK: no entry
    t.move("Japan", {"infantry": 3, "artillery": 1}, "Kiangsi", "Hunan")
    t.through("Japan", place={"Japan": {"infantry": 1}})


def usa_1(t: GlobalTable) -> None:
    t.through("USA", until="EndCombatMove", buy={"USA": {"infantry": 2}})
    t.move("USA", {"destroyer": 1, "submarine": 1}, sz(35), sz(20))
    before = t.game.version()
    t.send("USA", "EndCombatMove")
    t.game.jobs.wait(60)
    struck = of_type(t.events_after(before), "KamikazeStruck")[0]
    assert (struck["zone"], struck["strikes"], struck["tokens_left"]) == (sz(20), 1, 5), struck
    assert t.game.projection("battles")
    t.through("USA", place={"USA": {"infantry": 2}})


def china_1(t: GlobalTable) -> None:
    t.at("China", "purchase")  # AAG-china: China does no research
    t.refuse("china", "Purchase", "AAG40-china", power="China", units={"armour": 1})
    t.through("China", buy={"China": {"infantry": 2}}, place={"China": {"infantry": 2}})
    assert t.units("Szechwan", "China")["infantry"] == 8


def uk_1(t: GlobalTable) -> None:
    t.through("UK", until="EndCombatMove", buy={"UK Europe": {"infantry": 1}, "UK Pacific": {"infantry": 1}})
    before = t.game.version()
    t.through("UK", place={"UK Europe": {"infantry": 1}, "UK Pacific": {"infantry": 1}})
    events = t.events_after(before)
    convoy = [c for c in of_type(events, "ConvoyDisrupted") if c["zone"] == sz(119)]
    assert convoy and convoy[0]["treasury"] == "UK Europe", of_type(events, "ConvoyDisrupted")
    europe = next(i for i in of_type(events, "IncomeCollected") if i["treasury"] == "UK Europe")
    assert europe["convoy"] == sum(c["damage"] for c in of_type(events, "ConvoyDisrupted")
                                   if c["treasury"] == "UK Europe"), europe
    t.checks.append(f"UK Europe lost {europe['convoy']} IPCs to convoy disruption")


def italy_1(t: GlobalTable) -> None:
    t.through("Italy", until="EndCombatMove", buy={"Italy": {"infantry": 1}})
    before = t.game.version()
    t.move("Italy", {"transport": 1}, sz(96), cargo={"infantry": 1, "artillery": 1}, load_from="Libya",
           unload_to="Malta")
    t.move("Italy", {"infantry": 2, "mech_infantry": 1}, "Tobruk", "Alexandria")
    t.send("Italy", "EndCombatMove")
    t.game.jobs.wait(60)
    found = {b["space"] for b in of_type(t.events_after(before), "BattleFound")}
    assert {"Malta", "Alexandria"} <= found, found
    t.through("Italy", place={"Italy": {"infantry": 1}})


def round_1(t: GlobalTable) -> None:
    standing_orders(t)
    germany_1(t)
    ussr_1(t)
    japan_1(t)
    usa_1(t)
    china_1(t)
    uk_1(t)
    italy_1(t)
    t.through("ANZAC", buy={"ANZAC": {"infantry": 1}}, place={"ANZAC": {"infantry": 1}})
    t.through("France")  # its bombed complex may place nothing: France saves its money


def round_2(t: GlobalTable) -> None:
    """Every power buys and places an infantry; France leaves its purchase unplaced (refunded); the
    objectives are paid or missed as the board now stands; after France the victory check ends the
    agreed two rounds."""
    t.at("Germany", "research")
    for power in POWERS[:-1]:  # France last, below
        treasuries = ("UK Europe", "UK Pacific") if power == "UK" else (power,)
        one = {treasury: {"infantry": 1} for treasury in treasuries}
        t.through(power, buy=one, place=one)
    before = t.game.version()
    t.through("France", buy={"France": {"infantry": 1}})
    events = t.events_after(before)
    assert of_type(events, "PurchaseRefunded")[0]["units"] == {"infantry": 1}
    checked = of_type(events, "VictoryChecked")[-1]
    assert t.game.get("").json["terminal"], checked
    t.checks.append(f"the victory check: {checked['note']}")


def play_aa_global1940_game(game, house: bool = True) -> GlobalTable:
    """The two rounds (``game``: a ``golden_client.Game`` of aa-global1940 created with ``OPTIONS``,
    and ``house_pack()`` when ``house``); the game's end reveals the seed."""
    t = GlobalTable(game, house)
    round_1(t)
    round_2(t)
    return t
