"""The golden games of Gathering Storm, Totaler Krieg! and both Axis & Allies editions
(tests/golden/make_golden.py): scripted moves, each command checked by the server as it comes."""
from __future__ import annotations

from golden_client import MODERATOR, Game


# ---- Gathering Storm --------------------------------------------------------------------------

def play_gathering_storm(game: Game) -> None:
    """Seat per power. Turn 1: the seed's 32.83C example (facts, a mistaken fact undone at once by
    the moderator, French and British threats, a concession of 1 by Germany). Turn 2: Germany
    fully mobilized declares war on Russia; war breaks out, the game ends and the seed is revealed."""
    m = MODERATOR
    game.command(m, "RecordFactories", major_power="France", idle=0, civilian=0, military=10)
    game.command(m, "RecordFactories", major_power="Britain", idle=1, civilian=2, military=5)
    game.command(m, "RecordFactories", major_power="Germany", idle=1, civilian=2, military=5)
    game.command(m, "RecordSuccessfulAggression", aggression="Rhineland", turn=1)
    game.command(m, "RecordSuccessfulAggression", aggression="Austria")
    before = game.version()
    game.command(m, "RecordSupportLevel", major_power="France", level=4)  # a slip of the moderator's
    requested = game.undo(m, before)
    assert requested["approvers"] == [], requested
    game.command(m, "RecordSupportLevel", major_power="France", level=5)
    game.command(m, "RecordSupportLevel", major_power="Britain", level=2)
    game.command(m, "RecordSupportLevel", major_power="Germany", level=1)
    game.command(m, "RecordSupportLevel", major_power="Italy", level=1)
    game.command(m, "RecordSupportLevel", major_power="Russia", level=0)
    game.command(m, "RecordControl", country="Poland", controller=None)
    game.command(m, "RecordTradePact", minor="Hungary", major_power="Germany")
    game.command(m, "RecordFlags", country="Rumania", axis=1, allied=2, russian=0)
    game.command(m, "RecordNaziSovietPact", signed=False)
    game.command(m, "RecordRussianCohesion", full=False)
    game.command("france", "ThreatenWar", power="France", targets=["Germany"])
    game.command("britain", "ThreatenWar", power="Britain", targets=["Germany"])
    game.command(m, "EndCrisisPhase")
    game.command("germany", "MakeConcessions", power="Germany")
    game.command(m, "StartTurn")
    game.command(m, "RecordBalanceOfPower", axis_advantage=1)
    game.command(m, "RecordEai", value=4)
    game.command(m, "RecordFactories", major_power="Germany", idle=0, civilian=0, military=10)
    game.command(m, "RecordControl", country="Poland", controller="Germany", by_aggression=True)
    game.command(m, "RecordSupportLevel", major_power="Germany", level=3)
    game.command(m, "RecordSupportLevel", major_power="Russia", level=1)
    game.command("germany", "DeclareWar", power="Germany", targets=["Russia"])
    game.command(m, "EndCrisisPhase")
    assert game.get("").json["terminal"], "the war did not end the game"


# ---- Totaler Krieg! ---------------------------------------------------------------------------

POLAND_RESISTS = {"power": "axis", "country": "poland", "trigger": "political_event", "activate_as": "allied",
                  "political_event": "country_resists", "axis_choice": "western"}


def play_totaler_krieg(game: Game) -> None:
    """The 1939 scenario, three factions. Policies placed and ended (one placement undone at once
    by its faction), Poland resists the Polish Corridor demand (a mobilization roll) and the
    Guarantees end with Pre-War; Austria and Czechoslovakia ceded; a declaration of war on a
    Neutral rolls its alignment and is undone with the other factions' approval, then declared
    again; the war goes total; the moderator reveals the seed."""
    m = MODERATOR
    game.command("western", "PlacePolicy", power="western", box="russia", policy="cordon_sanitaire")
    game.command("axis", "EndPolicy", power="axis", cause="option_card", policy="cordon_sanitaire")
    before = game.version()
    game.command("soviet", "PlacePolicy", power="soviet", box="soviet_minors", policy="treaty_of_rapallo")
    requested = game.undo("soviet", before)  # own move, no dice: undone at once
    assert requested["approvers"] == [], requested
    game.command("axis", "ActivateNeutral", **POLAND_RESISTS, end_policy=True)
    game.command("axis", "CedeCountry", power="axis", country="austria")
    game.command("axis", "CedeCountry", power="axis", country="czechoslovakia")
    game.command("axis", "CedeLand", power="axis", marker="german_memelland")
    game.command("western", "PlacePolicy", power="western", box="britain", policy="appeasement")
    game.command("western", "PlacePolicy", power="western", box="france", policy="franco_russian_entente")
    game.command("axis", "EndPolicy", power="axis", cause="option_card", box="france")
    target = next(c for c in ("rumania", "yugoslavia", "greece", "hungary", "bulgaria")
                  if c in game.offered("axis", "ActivateNeutral", "axis")[0]["choices"]["country"])
    before = game.version()
    game.command("axis", "ActivateNeutral", power="axis", country=target, trigger="declare_war")
    requested = game.undo("axis", before)  # dice were rolled: the other factions approve
    assert sorted(requested["approvers"]) == ["soviet", "western"], requested
    game.command("axis", "ActivateNeutral", power="axis", country=target, trigger="declare_war")
    game.command("soviet", "SelectCountry", power="soviet", country="finland", purpose="Winter War")
    game.command("soviet", "DetermineAlignment", power="soviet", country="finland")
    game.command("western", "SetPacificWarStatus", power="western", status="limited_war")
    game.command(m, "SetWarState", war="total_war")
    game.command(m, "SetEnforcedPeace", on=True)
    game.command(m, "RevealDiceSeed")


# ---- Axis & Allies ----------------------------------------------------------------------------

def battle(game: Game, seat: str, battle_id: str, territory: str, attacker: str, defender: str,
           forces: dict, options: dict | None = None) -> dict:
    """ResolveBattle; the combat job (FightBattle, system seat) fights it; the battle row after."""
    game.command(seat, "ResolveBattle", battle_id=battle_id, territory=territory, attacker=attacker,
                 defender=defender, forces=forces, **({"options": options} if options else {}))
    row = next(r for r in game.projection("battles") if r["battle_id"] == battle_id)
    if row["status"] != "fought":
        raise RuntimeError(f"the combat job did not fight {battle_id}: {row}")
    return row


def play_aa_revised(game: Game) -> None:
    """Axis vs Allies, phase one house rules (two-roll AA). Land, sea and amphibious battles
    (bombardment, AA guns, advances, orders of loss, submerging, a retreat), each fought by the
    combat job; one fought battle undone with the Allies' approval and fought again; the moderator
    reveals the seed and one more battle is fought after it (its rolls checkable at once)."""
    battle(game, "axis", "karelia-1", "Karelia", "Germany", "Russia",
           {"kind": "land", "attacker": {"infantry": 4, "artillery": 2, "armour": 2, "fighter": 2, "bomber": 1},
            "defender": {"infantry": 5, "armour": 1, "aa_gun": 1}})
    battle(game, "allies", "sz7-1", "Sea zone 7", "UK", "Germany",
           {"kind": "sea", "attacker": {"destroyer": 2, "battleship": 1, "fighter": 1},
            "defender": {"submarine": 2, "transport": 1}}, {"defender_order": ["transport"]})
    before = game.version()
    battle(game, "axis", "egypt-1", "Anglo-Egypt", "Germany", "UK",
           {"kind": "land", "attacker": {"infantry": 2, "armour": 1}, "defender": {"infantry": 2, "artillery": 1}})
    requested = game.undo("axis", before)  # the battle's dice were rolled: the Allies approve
    assert requested["approvers"] == ["allies"], requested
    battle(game, "axis", "egypt-1", "Anglo-Egypt", "Germany", "UK",
           {"kind": "land", "attacker": {"infantry": 3, "armour": 2, "fighter": 1},
            "defender": {"infantry": 2, "artillery": 1}}, {"retreat_after_round": 2})
    battle(game, "allies", "normandy-1", "France", "US", "Germany",
           {"kind": "land", "attacker": {"fighter": 1}, "defender": {"infantry": 3, "artillery": 1, "aa_gun": 1},
            "amphibious": [["infantry", "artillery"], ["infantry", "armour"], ["infantry", "infantry"]],
            "bombard": {"battleship": 1}})
    battle(game, "axis", "hawaii-1", "Hawaiian Islands SZ", "Japan", "US",
           {"kind": "sea", "attacker": {"carrier": 1, "fighter": 2, "submarine": 2, "battleship": 1},
            "defender": {"destroyer": 1, "carrier": 1, "fighter": 1, "transport": 1}},
           {"attacker_techs": ["super_submarines"], "defender_order": ["transport", "destroyer"]})
    battle(game, MODERATOR, "caucasus-1", "Caucasus", "Russia", "Germany",
           {"kind": "land", "attacker": {"infantry": 3, "armour": 3}, "defender": {"infantry": 2, "armour": 2}},
           {"aa_rule": "edition", "attacker_order": ["infantry"]})
    battle(game, "allies", "burma-1", "India", "UK", "Japan",
           {"kind": "land", "attacker": {"infantry": 2, "fighter": 1}, "defender": {"infantry": 1, "aa_gun": 1}})
    battle(game, "axis", "ukraine-1", "Ukraine", "Germany", "Russia",
           {"kind": "land", "attacker": {"infantry": 3, "artillery": 1, "bomber": 2},
            "defender": {"infantry": 4, "fighter": 1, "aa_gun": 1}},
           {"attacker_techs": ["heavy_bombers"], "defender_techs": ["jet_power"], "aa_rule": "two_roll_id"})
    battle(game, "axis", "sz2-1", "Sea zone 2", "Germany", "UK",
           {"kind": "sea", "attacker": {"submarine": 3}, "defender": {"transport": 2, "battleship": 1}},
           {"attacker_techs": ["super_submarines"], "attacker_submerge": True})
    battle(game, "allies", "manchuria-1", "Manchuria", "Russia", "Japan",
           {"kind": "land", "attacker": {"infantry": 4, "armour": 1}, "defender": {"infantry": 3}},
           {"take_territory": False, "retreat_after_round": 1})
    game.command(MODERATOR, "RevealDiceSeed")
    battle(game, "allies", "philippines-1", "Philippine Islands", "US", "Japan",
           {"kind": "land", "attacker": {"fighter": 1, "bomber": 1}, "defender": {"infantry": 2, "fighter": 1}},
           {"defender_techs": ["jet_power"]})


def play_aa_global1940(game: Game) -> None:
    """One seat per power, Global 1940 (2nd ed.) rules: battles on land and at sea in both
    theatres (AA guns, an amphibious landing with bombardment, a retreat rule), each fought by the
    combat job; Italy's fought battle for Malta undone with every other seat's approval; the
    moderator reveals the seed."""
    battle(game, "germany", "poland-1", "Poland", "Germany", "USSR",
           {"kind": "land", "attacker": {"infantry": 4, "artillery": 2, "armour": 2, "fighter": 1,
                                         "tactical_bomber": 1},
            "defender": {"infantry": 5, "aa_gun": 1}})
    battle(game, "uk", "sz110-1", "Sea zone 110", "UK", "Germany",
           {"kind": "sea", "attacker": {"destroyer": 1, "cruiser": 1, "battleship": 1, "fighter": 1},
            "defender": {"submarine": 3}})
    before = game.version()
    battle(game, "italy", "malta-1", "Malta", "Italy", "UK",
           {"kind": "land", "attacker": {"fighter": 1, "tactical_bomber": 1}, "defender": {"infantry": 1}})
    requested = game.undo("italy", before)
    assert sorted(requested["approvers"]) == sorted(s for s in game.seats if s != "italy"), requested
    battle(game, "italy", "egypt-1", "Egypt", "Italy", "UK",
           {"kind": "land", "attacker": {"infantry": 3, "artillery": 1, "armour": 1},
            "defender": {"infantry": 2, "mech_infantry": 1, "aa_gun": 1}}, {"retreat_after_round": 3})
    battle(game, "japan", "china-1", "Yunnan", "Japan", "China",
           {"kind": "land", "attacker": {"infantry": 3, "artillery": 1, "fighter": 1}, "defender": {"infantry": 4}})
    battle(game, "usa", "sz6-1", "Sea zone 6", "USA", "Japan",
           {"kind": "sea", "attacker": {"carrier": 1, "fighter": 2, "destroyer": 2, "submarine": 1},
            "defender": {"carrier": 1, "fighter": 1, "cruiser": 1, "transport": 1}})
    battle(game, "anzac", "timor-1", "Dutch New Guinea", "ANZAC", "Japan",
           {"kind": "land", "attacker": {"fighter": 1}, "defender": {"infantry": 1},
            "amphibious": [["infantry", "artillery"]], "bombard": {"cruiser": 1}})
    battle(game, "france", "italy-1", "Northern Italy", "France", "Italy",
           {"kind": "land", "attacker": {"infantry": 3, "artillery": 1}, "defender": {"infantry": 2, "artillery": 1}})
    battle(game, "ussr", "finland-1", "Karelia", "USSR", "Germany",
           {"kind": "land", "attacker": {"infantry": 4, "armour": 2}, "defender": {"infantry": 3, "artillery": 1}},
           {"attacker_techs": [], "attacker_order": ["infantry"]})
    game.command(MODERATOR, "RevealDiceSeed")
