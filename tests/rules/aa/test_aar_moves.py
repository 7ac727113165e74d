"""AAR movement: the one move validator, as a table of moves on the real starting position (each
refused move with its rule id and reason), one table per rule. Routes read "A -> B -> C"."""
import functools
from dataclasses import replace
from importlib import resources

import pytest
import yaml

from domain.aa.board import (
    BOARD_FILE,
    Board,
    Move,
    Piece,
    Position,
    aa_overflown,
    apply_move,
    check_move,
    load_board,
    starting_position,
)
from domain.kernel.plain import to_plain
from events.codec import from_plain


@functools.cache
def board() -> Board:
    return load_board(yaml.safe_load(resources.files(BOARD_FILE[0]).joinpath(BOARD_FILE[1]).read_text("utf-8")))


B = board()
START = starting_position(B)


# Changes to the starting position a case is played from ("given").
def empty(*spaces):
    return lambda pos: replace(pos, units={s: ps for s, ps in pos.units.items() if s not in spaces})


def put(space, *pieces):
    return lambda pos: replace(pos, units={**pos.units, space: pos.pieces(space) + pieces})


def held(territory, power, conquered=False):
    return lambda pos: replace(pos, owners={**pos.owners, territory: power},
                               conquered=pos.conquered | {territory} if conquered else pos.conquered)


def factory(territory):
    return lambda pos: replace(pos, factories=pos.factories | {territory})


def tech(power, advance):
    return lambda pos: replace(pos, techs={**pos.techs, power: pos.advances(power) | {advance}})


def after(power, phase, units, route, **kw):
    """The position after a legal earlier move this turn."""
    return lambda pos: apply_move(B, pos, power, phase, Move(units, tuple(route.split(" -> ")), **kw))


def position(given) -> Position:
    pos = START
    for change in given:
        pos = change(pos)
    return pos


def case(name, power, phase, units, route, refused=None, reason=None, given=(), **kw):
    move = Move(units, tuple(route.split(" -> ")), **kw)
    return pytest.param(power, phase, move, refused, reason, given, id=name)


def judge(power, phase, move, refused, reason, given):
    violation = check_move(B, position(given), power, phase, move)
    if refused is None:
        assert violation is None, violation
    else:
        assert violation is not None, "legal, expected refused"
        assert (violation.rule_id, violation.message) == (refused, reason)


TABLE = ("power, phase, move, refused, reason, given")
NO_WEST_RUSSIA = empty("West Russia")

LAND = [
    case("infantry attacks next door", "Russia", "combat", {"infantry": 1}, "Karelia S.S.R. -> Belorussia"),
    case("three infantry attack together", "Russia", "combat", {"infantry": 3}, "Karelia S.S.R. -> Belorussia"),
    case("armour moves two through friends", "Russia", "combat", {"armour": 1}, "Russia -> Archangel -> Karelia S.S.R."),
    case("a friendly move in the combat move", "Germany", "combat", {"infantry": 1}, "Germany -> Western Europe"),
    case("into an ally's territory", "UK", "combat", {"infantry": 1}, "Persia -> Caucasus"),
    case("land and air together", "Germany", "combat", {"armour": 1, "fighter": 1},
         "Ukraine S.S.R. -> Caucasus"),
    case("too far", "Russia", "combat", {"infantry": 1}, "Karelia S.S.R. -> Archangel -> Russia", "AAR-move-land",
         "infantry in Karelia S.S.R. has 1 movement left; the route to Russia takes 2"),
    case("armour three steps", "Russia", "combat", {"armour": 1}, "Russia -> Archangel -> Karelia S.S.R. -> Norway",
         "AAR-move-land", "armour in Russia has 2 movement left; the route to Norway takes 3"),
    case("enemy land ends the move", "Russia", "combat", {"artillery": 1},
         "Caucasus -> Ukraine S.S.R. -> Balkans", "AAR-move-land",
         "artillery must stop in Ukraine S.S.R.: entering enemy land ends the move"),
    case("no neutrals", "Germany", "combat", {"infantry": 1}, "Western Europe -> Spain", "AAR-move-land",
         "infantry cannot enter Spain: neutral territories are impassable"),
    case("not through Turkey", "Russia", "combat", {"armour": 1}, "Caucasus -> Turkey -> Trans-Jordan",
         "AAR-move-land", "armour cannot enter Turkey: neutral territories are impassable"),
    case("not adjacent", "Germany", "combat", {"infantry": 1}, "Germany -> Russia", "AAR-move-land",
         "Germany and Russia are not adjacent"),
    case("more units than there are", "Russia", "combat", {"infantry": 4}, "Karelia S.S.R. -> Belorussia",
         "AAR-move-land", "Russia has 3 infantry in Karelia S.S.R., not 4"),
    case("another power's units", "Germany", "combat", {"infantry": 1}, "Karelia S.S.R. -> Archangel",
         "AAR-move-land", "Germany has 0 infantry in Karelia S.S.R., not 1"),
    case("AA guns do not combat-move", "Germany", "combat", {"aa_gun": 1}, "Germany -> Western Europe",
         "AAR-move-land", "an AA gun cannot move in the combat move"),
    case("AA guns move in the non-combat move", "Germany", "noncombat", {"aa_gun": 1}, "Germany -> Western Europe"),
    case("land units do not swim", "UK", "combat", {"infantry": 1}, "United Kingdom -> 7 Sea Zone",
         "AAR-transport", "infantry cannot go to sea on its own: it moves aboard a transport, as cargo"),
    case("units in a battle stay in it", "Russia", "combat", {"armour": 1}, "West Russia -> Belorussia",
         "AAR-move-land", "armour in West Russia is in a battle there and cannot move on",
         given=[after("Russia", "combat", {"armour": 1}, "Russia -> West Russia")]),
    case("armour goes on after a friendly step", "Russia", "combat", {"armour": 1}, "Archangel -> Karelia S.S.R.",
         given=[after("Russia", "combat", {"armour": 1}, "Russia -> Archangel")]),
    case("not through land taken this turn", "Russia", "combat", {"armour": 1},
         "Russia -> West Russia -> Ukraine S.S.R.", "AAR-move-land",
         "armour cannot pass through West Russia: it was taken this turn",
         given=[NO_WEST_RUSSIA, after("Russia", "combat", {"armour": 1}, "Russia -> West Russia -> Belorussia")]),
]

BLITZ = [
    case("armour blitzes through empty enemy land", "Russia", "combat", {"armour": 1},
         "Russia -> West Russia -> Belorussia", given=[NO_WEST_RUSSIA]),
    case("blitz and stop among friends", "Russia", "combat", {"armour": 2}, "Russia -> West Russia -> Karelia S.S.R.",
         given=[NO_WEST_RUSSIA]),
    case("German armour blitzes Karelia", "Germany", "combat", {"armour": 1},
         "Eastern Europe -> Karelia S.S.R. -> Archangel", given=[empty("Karelia S.S.R.")]),
    case("not through defenders", "Russia", "combat", {"armour": 1}, "Archangel -> West Russia -> Belorussia",
         "AAR-blitz", "armour cannot blitz through West Russia: enemy units are there (3 infantry, 1 artillery, "
                      "1 armour)"),
    case("not past an AA gun", "Russia", "combat", {"armour": 1}, "Russia -> West Russia -> Belorussia",
         "AAR-blitz", "armour cannot blitz through West Russia: enemy units are there (1 AA gun)",
         given=[NO_WEST_RUSSIA, put("West Russia", Piece("Germany", "aa_gun"))]),
    case("not past a factory", "Russia", "combat", {"armour": 1}, "Russia -> West Russia -> Belorussia",
         "AAR-blitz", "armour cannot blitz through West Russia: an industrial complex is there",
         given=[NO_WEST_RUSSIA, factory("West Russia")]),
    case("infantry never blitzes", "Russia", "combat", {"infantry": 1}, "Russia -> West Russia -> Belorussia",
         "AAR-move-land", "infantry must stop in West Russia: entering enemy land ends the move",
         given=[NO_WEST_RUSSIA]),
    case("a blitz ends the move in enemy land", "Russia", "combat", {"armour": 1},
         "Russia -> West Russia -> Belorussia -> Eastern Europe", "AAR-move-land",
         "armour in Russia has 2 movement left; the route to Eastern Europe takes 3",
         given=[NO_WEST_RUSSIA, empty("Belorussia")]),
]

SEA = [
    case("a battleship attacks next door", "Germany", "combat", {"battleship": 1}, "14 Sea Zone -> 13 Sea Zone"),
    case("a fleet moves two", "UK", "combat", {"battleship": 1, "transport": 1}, "2 Sea Zone -> 3 Sea Zone -> 4 Sea Zone"),
    case("allied ships do not block", "UK", "combat", {"transport": 1}, "1 Sea Zone -> 9 Sea Zone -> 10 Sea Zone"),
    case("ships stay at sea", "UK", "combat", {"battleship": 1}, "2 Sea Zone -> United Kingdom", "AAR-move-sea",
         "a battleship cannot enter United Kingdom: ships stay at sea"),
    case("enemy warships block", "UK", "combat", {"destroyer": 1}, "15 Sea Zone -> 14 Sea Zone -> 13 Sea Zone",
         "AAR-move-sea", "a destroyer cannot pass through 14 Sea Zone: enemy ships are there (1 transport, "
                         "1 battleship)"),
    case("an enemy submarine blocks", "UK", "combat", {"battleship": 1}, "2 Sea Zone -> 8 Sea Zone -> 7 Sea Zone",
         "AAR-move-sea", "a battleship cannot pass through 8 Sea Zone: enemy ships are there (1 submarine)"),
    case("an enemy transport blocks", "UK", "combat", {"battleship": 1}, "2 Sea Zone -> 3 Sea Zone -> 6 Sea Zone",
         "AAR-move-sea", "a battleship cannot pass through 3 Sea Zone: enemy ships are there (1 transport)",
         given=[put("3 Sea Zone", Piece("Germany", "transport"))]),
    case("submarines slip past", "Germany", "combat", {"submarine": 1}, "8 Sea Zone -> 2 Sea Zone -> 1 Sea Zone"),
    case("not past a destroyer", "Russia", "combat", {"submarine": 1}, "4 Sea Zone -> 3 Sea Zone -> 6 Sea Zone",
         "AAR-move-sea", "a submarine cannot pass through 3 Sea Zone: an enemy destroyer is there",
         given=[put("3 Sea Zone", Piece("Germany", "destroyer"))]),
    case("a submarine with a surface ship is blocked", "Germany", "combat", {"submarine": 2, "destroyer": 1},
         "5 Sea Zone -> 6 Sea Zone -> 7 Sea Zone", "AAR-move-sea",
         "a submarine cannot pass through 6 Sea Zone: enemy ships are there (1 submarine)",
         given=[put("6 Sea Zone", Piece("UK", "submarine"))]),
    case("ships move two", "Japan", "combat", {"battleship": 1}, "60 Sea Zone -> 61 Sea Zone -> 59 Sea Zone -> 36 Sea Zone",
         "AAR-move-sea", "a battleship in 60 Sea Zone has 2 movement left; the route to 36 Sea Zone takes 3"),
    case("ships in a battle stay in it", "Germany", "combat", {"battleship": 1}, "13 Sea Zone -> 12 Sea Zone",
         "AAR-move-sea", "a battleship in 13 Sea Zone is in a battle there and cannot move on",
         given=[after("Germany", "combat", {"battleship": 1}, "14 Sea Zone -> 13 Sea Zone")]),
]

CANAL = [
    case("the UK through Suez", "UK", "combat", {"destroyer": 1}, "15 Sea Zone -> 34 Sea Zone"),
    case("the Axis closed out of Suez", "Germany", "combat", {"battleship": 1},
         "14 Sea Zone -> 15 Sea Zone -> 34 Sea Zone", "AAR-canal",
         "a battleship cannot pass the Suez canal from 15 Sea Zone to 34 Sea Zone: the Axis have not held Anglo "
         "Egypt and Trans-Jordan since the turn's start", given=[empty("15 Sea Zone")]),
    case("the Axis holding Suez", "Germany", "combat", {"battleship": 1}, "14 Sea Zone -> 15 Sea Zone -> 34 Sea Zone",
         given=[empty("15 Sea Zone"), held("Anglo Egypt", "Germany"), held("Trans-Jordan", "Germany")]),
    case("one canal territory lost", "UK", "combat", {"destroyer": 1}, "15 Sea Zone -> 34 Sea Zone", "AAR-canal",
         "a destroyer cannot pass the Suez canal from 15 Sea Zone to 34 Sea Zone: the Allies have not held Anglo "
         "Egypt and Trans-Jordan since the turn's start", given=[held("Anglo Egypt", "Germany")]),
    case("retaken this turn is not held since the start", "UK", "noncombat", {"destroyer": 1},
         "15 Sea Zone -> 34 Sea Zone", "AAR-canal",
         "a destroyer cannot pass the Suez canal from 15 Sea Zone to 34 Sea Zone: the Allies have not held Anglo "
         "Egypt and Trans-Jordan since the turn's start", given=[held("Trans-Jordan", "UK", conquered=True)]),
    case("the US through Panama", "US", "combat", {"destroyer": 1}, "20 Sea Zone -> 19 Sea Zone"),
    case("Japan closed out of Panama", "Japan", "combat", {"battleship": 1}, "20 Sea Zone -> 19 Sea Zone",
         "AAR-canal", "a battleship cannot pass the Panama canal from 20 Sea Zone to 19 Sea Zone: the Axis have not "
                      "held Panama since the turn's start",
         given=[empty("20 Sea Zone"), put("20 Sea Zone", Piece("Japan", "battleship"))]),
    case("Panama in Japanese hands", "US", "noncombat", {"destroyer": 1}, "20 Sea Zone -> 19 Sea Zone", "AAR-canal",
         "a destroyer cannot pass the Panama canal from 20 Sea Zone to 19 Sea Zone: the Allies have not held "
         "Panama since the turn's start", given=[held("Panama", "Japan")]),
    case("aircraft ignore canals", "UK", "noncombat", {"fighter": 1}, "Anglo Egypt -> 15 Sea Zone -> 34 Sea Zone -> Persia",
         given=[held("Trans-Jordan", "Germany")]),
]

TRANSPORT = [
    case("infantry and armour land in Norway", "UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone",
         cargo={"infantry": 1, "armour": 1}, load_from="United Kingdom", unload_to="Norway"),
    case("two infantry", "UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone",
         cargo={"infantry": 2}, load_from="United Kingdom", unload_to="Norway"),
    case("load and sail on", "UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone",
         cargo={"infantry": 1, "artillery": 1}, load_from="United Kingdom"),
    case("unload what is aboard", "UK", "combat", {"transport": 1}, "3 Sea Zone", cargo={"infantry": 1, "artillery": 1},
         unload_to="Norway",
         given=[after("UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", cargo={"infantry": 1, "artillery": 1},
                      load_from="United Kingdom")]),
    case("two armour do not fit", "UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", "AAR-transport",
         "1 transport in 2 Sea Zone cannot hold 2 armour: a transport holds 5 (infantry 2, artillery 3, armour 3, "
         "AA gun 3)", cargo={"armour": 2}, load_from="United Kingdom",
         given=[put("United Kingdom", Piece("UK", "armour"))]),
    case("three infantry do not fit", "US", "combat", {"transport": 1}, "10 Sea Zone", "AAR-transport",
         "1 transport in 10 Sea Zone cannot hold 3 infantry: a transport holds 5 (infantry 2, artillery 3, "
         "armour 3, AA gun 3)", cargo={"infantry": 3}, load_from="Eastern United States",
         given=[put("Eastern United States", Piece("US", "infantry"))]),
    case("two transports carry four", "US", "noncombat", {"transport": 2}, "10 Sea Zone -> 9 Sea Zone",
         cargo={"infantry": 2, "armour": 1, "artillery": 1}, load_from="Eastern United States",
         unload_to="Eastern Canada"),
    case("load only from beside the zone", "UK", "combat", {"transport": 1}, "2 Sea Zone", "AAR-transport",
         "cargo loads from land beside 2 Sea Zone; Eastern Canada is not", cargo={"armour": 1},
         load_from="Eastern Canada"),
    case("only units that have not moved load", "UK", "combat", {"transport": 1}, "2 Sea Zone", "AAR-transport",
         "armour in United Kingdom has moved this turn: only units that have not moved may load",
         cargo={"armour": 1}, load_from="United Kingdom",
         given=[empty("United Kingdom"), put("United Kingdom", Piece("UK", "armour", moved=1))]),
    case("unload only beside the zone", "UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", "AAR-transport",
         "cargo unloads onto land beside 3 Sea Zone; Western Europe is not", cargo={"infantry": 2},
         load_from="United Kingdom", unload_to="Western Europe"),
    case("unloading ends the transport's move", "UK", "combat", {"transport": 1}, "3 Sea Zone -> 6 Sea Zone",
         "AAR-transport", "a transport in 3 Sea Zone came ashore or unloaded this turn and moves no more",
         given=[after("UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", cargo={"infantry": 2},
                      load_from="United Kingdom", unload_to="Norway")]),
    case("unloading ends the cargo's move", "UK", "combat", {"infantry": 1}, "Norway -> Karelia S.S.R.",
         "AAR-transport", "infantry in Norway came ashore or unloaded this turn and moves no more",
         given=[after("UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", cargo={"infantry": 2},
                      load_from="United Kingdom", unload_to="Norway")]),
    case("no loading beside enemy ships", "UK", "combat", {"transport": 1}, "2 Sea Zone", "AAR-transport",
         "transports cannot load in 2 Sea Zone: enemy ships are there", cargo={"infantry": 1},
         load_from="United Kingdom", given=[put("2 Sea Zone", Piece("Germany", "submarine"))]),
    case("fighters are not cargo", "UK", "combat", {"transport": 1}, "2 Sea Zone", "AAR-transport",
         "a fighter cannot go aboard a transport", cargo={"fighter": 1}, load_from="United Kingdom"),
    case("cargo needs its transports", "UK", "combat", {"battleship": 1}, "2 Sea Zone -> 3 Sea Zone", "AAR-transport",
         "cargo moves, loads and unloads only with the transports that carry it: name them in the move",
         cargo={"infantry": 1}, load_from="United Kingdom"),
    case("the cargo named must be aboard", "UK", "combat", {"transport": 1}, "3 Sea Zone -> 6 Sea Zone", "AAR-transport",
         "UK has no 1 transport in 3 Sea Zone carrying exactly nothing: name the cargo aboard, or load it from "
         "land beside the zone",
         given=[after("UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", cargo={"infantry": 2},
                      load_from="United Kingdom")]),
    case("no friendly landing from a sea battle", "US", "combat", {"transport": 1}, "10 Sea Zone -> 9 Sea Zone",
         "AAR-transport", "cargo cannot unload to friendly Eastern Canada from 9 Sea Zone in the combat move: a sea "
                          "battle is there", cargo={"infantry": 2}, load_from="Eastern United States",
         unload_to="Eastern Canada", given=[put("9 Sea Zone", Piece("Germany", "submarine"))]),
    case("an amphibious assault from a sea battle", "US", "combat", {"transport": 1, "destroyer": 1},
         "10 Sea Zone -> 9 Sea Zone", cargo={"infantry": 2}, load_from="Eastern United States",
         unload_to="Eastern Canada", given=[put("9 Sea Zone", Piece("Germany", "submarine")),
                                            held("Eastern Canada", "Germany")]),
    case("AA guns do not board in the combat move", "UK", "combat", {"transport": 1}, "2 Sea Zone", "AAR-move-land",
         "an AA gun cannot move in the combat move", cargo={"aa_gun": 1}, load_from="United Kingdom"),
    case("AA guns board in the non-combat move", "UK", "noncombat", {"transport": 1}, "2 Sea Zone",
         cargo={"aa_gun": 1, "infantry": 1}, load_from="United Kingdom"),
    case("unload into a neutral", "UK", "combat", {"transport": 1}, "2 Sea Zone", "AAR-move-land",
         "cargo cannot go ashore in Eire: neutral territories are impassable", cargo={"infantry": 1},
         load_from="United Kingdom", unload_to="Eire"),
]

AIR = [
    case("a fighter scouts the Channel", "Germany", "combat", {"fighter": 1}, "Western Europe -> 7 Sea Zone"),
    case("no carrier can reach it", "Germany", "combat", {"fighter": 1},
         "Western Europe -> 7 Sea Zone -> 8 Sea Zone -> 9 Sea Zone -> 10 Sea Zone", "AAR-air",
         "a fighter in Western Europe cannot end in 10 Sea Zone: no carrier can reach it, and no friendly territory "
         "held since the turn's start is within its 0 movement left"),
    case("fighter range", "Germany", "combat", {"fighter": 1},
         "Western Europe -> 7 Sea Zone -> 8 Sea Zone -> 9 Sea Zone -> 10 Sea Zone -> Eastern United States",
         "AAR-air", "a fighter in Western Europe has 4 movement left; the route to Eastern United States takes 5"),
    case("long-range aircraft fly six", "Germany", "noncombat", {"fighter": 1},
         "Western Europe -> Germany -> Eastern Europe -> Belorussia -> West Russia -> Ukraine S.S.R.",
         given=[tech("Germany", "long_range_aircraft")]),
    case("long-range bombers fly eight", "Germany", "noncombat", {"bomber": 1},
         "Germany -> Western Europe -> 7 Sea Zone -> 8 Sea Zone -> 12 Sea Zone -> 13 Sea Zone -> 14 Sea Zone -> "
         "Southern Europe -> Balkans", given=[tech("Germany", "long_range_aircraft")]),
    case("a bomber strikes and flies home", "Germany", "combat", {"bomber": 1}, "Germany -> Western Europe -> 13 Sea Zone"),
    case("an attack with no way home", "Germany", "combat", {"bomber": 1},
         "Germany -> Eastern Europe -> Karelia S.S.R. -> Archangel -> Russia -> Kazakh S.S.R. -> Novosibirsk",
         "AAR-air", "a bomber in Germany cannot end in Novosibirsk: with 0 movement left it could reach no "
                    "friendly territory held since the turn's start"),
    case("bombers never end at sea", "Japan", "noncombat", {"bomber": 1}, "Japan -> 60 Sea Zone", "AAR-air",
         "a bomber cannot end in 60 Sea Zone: bombers never end at sea"),
    case("bombers do not park at sea in the combat move", "Japan", "combat", {"bomber": 1}, "Japan -> 61 Sea Zone",
         "AAR-air", "a bomber cannot end in 61 Sea Zone: bombers never end at sea"),
    case("a fighter lands on a carrier", "US", "noncombat", {"fighter": 1}, "Hawaiian Islands -> 52 Sea Zone"),
    case("no carrier in reach", "Japan", "noncombat", {"fighter": 1}, "Japan -> 61 Sea Zone", "AAR-air",
         "a fighter in Japan cannot end in 61 Sea Zone: no carrier can reach it"),
    case("a full carrier", "US", "noncombat", {"fighter": 2}, "Hawaiian Islands -> 52 Sea Zone", "AAR-air",
         "a fighter in Hawaiian Islands cannot end in 52 Sea Zone: no carrier can reach it",
         given=[put("Hawaiian Islands", Piece("US", "fighter"))]),
    case("a carrier still on its way", "Japan", "noncombat", {"fighter": 1}, "French Indochina -> 36 Sea Zone"),
    case("a carrier moves with the fighters", "US", "combat", {"carrier": 1, "fighter": 1},
         "52 Sea Zone -> 53 Sea Zone -> 54 Sea Zone"),
    case("not in land taken this turn", "Russia", "noncombat", {"fighter": 1}, "Karelia S.S.R. -> Belorussia",
         "AAR-air", "a fighter cannot land in Belorussia: it was not held since the turn's start",
         given=[held("Belorussia", "Russia", conquered=True), empty("Belorussia")]),
    case("aircraft do not overfly neutrals", "Germany", "combat", {"fighter": 1},
         "Western Europe -> Spain -> 13 Sea Zone", "AAR-air",
         "a fighter cannot fly over Spain: neutral territories are impassable"),
    case("an ally's land is a landing place", "UK", "noncombat", {"fighter": 1},
         "United Kingdom -> 6 Sea Zone -> Norway -> Karelia S.S.R."),
    case("aircraft in a battle stay in it", "Russia", "combat", {"fighter": 1}, "Belorussia -> Karelia S.S.R.",
         "AAR-air", "a fighter in Belorussia is in a battle there and cannot move on",
         given=[after("Russia", "combat", {"fighter": 1}, "Karelia S.S.R. -> Belorussia")]),
    case("after the battle aircraft fly home", "Russia", "noncombat", {"fighter": 1},
         "Belorussia -> Karelia S.S.R.",
         given=[after("Russia", "combat", {"fighter": 1}, "Karelia S.S.R. -> Belorussia")]),
    case("a fighter's movement is spent", "Russia", "noncombat", {"fighter": 1},
         "Eastern Europe -> Belorussia -> Karelia S.S.R. -> Archangel", "AAR-air",
         "a fighter in Eastern Europe has 2 movement left; the route to Archangel takes 3",
         given=[after("Russia", "combat", {"fighter": 1}, "Karelia S.S.R. -> Belorussia -> Eastern Europe")]),
]

NONCOMBAT = [
    case("a friendly move", "Russia", "noncombat", {"infantry": 2}, "Russia -> Caucasus"),
    case("into enemy land", "Russia", "noncombat", {"infantry": 1}, "Karelia S.S.R. -> Belorussia", "AAR-ncm",
         "infantry cannot enter enemy Belorussia in the non-combat move"),
    case("no blitz in the non-combat move", "Russia", "noncombat", {"armour": 1},
         "Russia -> West Russia -> Karelia S.S.R.", "AAR-ncm",
         "armour cannot pass through enemy West Russia in the non-combat move", given=[NO_WEST_RUSSIA]),
    case("ships meet no enemy", "Germany", "noncombat", {"battleship": 1}, "14 Sea Zone -> 13 Sea Zone", "AAR-ncm",
         "a battleship cannot enter 13 Sea Zone in the non-combat move: enemy ships are there"),
    case("submarines too", "Germany", "noncombat", {"submarine": 1}, "8 Sea Zone -> 2 Sea Zone -> 1 Sea Zone",
         "AAR-ncm", "a submarine cannot enter 2 Sea Zone in the non-combat move: enemy ships are there"),
    case("aircraft do not attack", "Germany", "noncombat", {"fighter": 1}, "Norway -> Karelia S.S.R.", "AAR-ncm",
         "a fighter cannot enter enemy Karelia S.S.R. in the non-combat move"),
    case("no battle at sea", "UK", "noncombat", {"fighter": 1}, "United Kingdom -> 6 Sea Zone -> 5 Sea Zone",
         "AAR-ncm", "a fighter cannot enter 5 Sea Zone in the non-combat move: enemy units are there (a battle)"),
    case("combat movers stay put", "Russia", "noncombat", {"infantry": 4}, "Archangel -> Russia", "AAR-ncm",
         "infantry in Archangel moved in the combat move and cannot move again this turn",
         given=[after("Russia", "combat", {"infantry": 1}, "Karelia S.S.R. -> Archangel")]),
    case("units that stayed move", "Russia", "noncombat", {"infantry": 3}, "Archangel -> Russia",
         given=[after("Russia", "combat", {"infantry": 1}, "Karelia S.S.R. -> Archangel")]),
    case("ships that fought stay", "Germany", "noncombat", {"battleship": 1}, "13 Sea Zone -> 14 Sea Zone", "AAR-ncm",
         "a battleship in 13 Sea Zone moved in the combat move and cannot move again this turn",
         given=[after("Germany", "combat", {"battleship": 1}, "14 Sea Zone -> 13 Sea Zone"), empty("13 Sea Zone"),
                put("13 Sea Zone", Piece("Germany", "battleship", moved=1, combat_moved=True))]),
    case("cargo loaded in the combat move stays aboard", "UK", "noncombat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone",
         "AAR-ncm", "the cargo aboard the transports in 2 Sea Zone moved in the combat move and cannot move "
                    "again this turn", cargo={"infantry": 2},
         given=[after("UK", "combat", {"transport": 1}, "2 Sea Zone", cargo={"infantry": 2},
                      load_from="United Kingdom")]),
    case("no amphibious assault in the non-combat move", "UK", "noncombat", {"transport": 1},
         "2 Sea Zone -> 3 Sea Zone", "AAR-ncm", "cargo cannot go ashore in enemy Norway in the non-combat move",
         cargo={"infantry": 2}, load_from="United Kingdom", unload_to="Norway"),
]


@pytest.mark.rule("AAR-move-land")
@pytest.mark.parametrize(TABLE, LAND)
def test_land_moves(power, phase, move, refused, reason, given):
    """AAR-move-land: "Land units move along land adjacency up to their movement; entering enemy land
    ends the move; no entry into neutrals." Given the starting position (changed as the case says),
    when the power makes the move, then it is legal or refused with the rule and reason shown."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAR-blitz")
@pytest.mark.parametrize(TABLE, BLITZ)
def test_blitz(power, phase, move, refused, reason, given):
    """AAR-blitz: "Armour blitzes through an enemy territory holding no units (nor AA gun or factory),
    taking it without a battle." Given, when, then as the table says."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAR-move-sea")
@pytest.mark.parametrize(TABLE, SEA)
def test_sea_moves(power, phase, move, refused, reason, given):
    """AAR-move-sea: "Ships move along sea adjacency; every enemy ship (submarines and transports too)
    blocks passage; submarines pass unless an enemy destroyer is there." Given, when, then as the
    table says."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAR-canal")
@pytest.mark.parametrize(TABLE, CANAL)
def test_canals(power, phase, move, refused, reason, given):
    """AAR-canal: "Suez (Anglo Egypt and Trans-Jordan) and Panama are passable only to the side that
    held them since the turn's start." Given, when, then as the table says."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAR-transport")
@pytest.mark.parametrize(TABLE, TRANSPORT)
def test_transports(power, phase, move, refused, reason, given):
    """AAR-transport: "infantry and one other land unit (or two infantry) per transport, loaded from
    adjacent land with units that have not moved; unloading ends the move; amphibious assault and
    its limits." Given, when, then as the table says."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAR-air")
@pytest.mark.parametrize(TABLE, AIR)
def test_air_moves(power, phase, move, refused, reason, given):
    """AAR-air: "Air units move up to their range and must be able to land in friendly territory held
    since the turn's start or on a carrier with room; bombers never end at sea." AAR-tech:
    Long-Range Aircraft +2. Given, when, then as the table says."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAR-ncm")
@pytest.mark.parametrize(TABLE, NONCOMBAT)
def test_noncombat_moves(power, phase, move, refused, reason, given):
    """AAR-ncm: "Non-combat moves enter no enemy territory and no battle; units (other than air) that
    moved in combat move do not move again." Given, when, then as the table says."""
    judge(power, phase, move, refused, reason, given)


def test_the_table_has_sixty_moves_legal_and_refused():
    """Issue 23 acceptance: "A move-validator table test with at least 60 moves (legal and refused)"."""
    cases = [c.values for c in LAND + BLITZ + SEA + CANAL + TRANSPORT + AIR + NONCOMBAT]
    assert len(cases) >= 60
    assert sum(c[3] is None for c in cases) >= 20 and sum(c[3] is not None for c in cases) >= 40


@pytest.mark.rule("AAR1-aa")
def test_air_units_flying_over_enemy_aa_guns():
    """AAR1-aa: "Anytime an enemy air unit flies over a territory, either in combat or non-combat move
    phases, the AA guns may fire against those air units." Given the start, when a British bomber
    flies over Western Europe to Southern Europe, then Western Europe's gun may fire (Southern
    Europe's gun fires in the battle); a fleet or a route over no gun draws no fire."""
    bomber = Move({"bomber": 1}, ("United Kingdom", "7 Sea Zone", "Western Europe", "Southern Europe"))
    assert aa_overflown(B, START, "UK", bomber) == ("Western Europe",)
    assert aa_overflown(B, START, "UK", Move({"fighter": 1}, ("United Kingdom", "6 Sea Zone", "Norway"))) == ()
    assert aa_overflown(B, START, "UK", Move({"battleship": 1}, ("2 Sea Zone", "3 Sea Zone"))) == ()


def test_the_position_travels_in_a_decider_state():
    """Issue 23: the position is "plain frozen data that a decider's state can hold". Given a
    position with cargo aboard, then it and a move come back equal from the state codec."""
    loaded = after("UK", "combat", {"transport": 1}, "2 Sea Zone -> 3 Sea Zone", cargo={"infantry": 1, "armour": 1},
                   load_from="United Kingdom")(START)
    move = Move({"transport": 1}, ("3 Sea Zone",), cargo={"infantry": 1, "armour": 1}, unload_to="Norway")
    assert from_plain(Position, to_plain(loaded)) == loaded
    assert from_plain(Move, to_plain(move)) == move
