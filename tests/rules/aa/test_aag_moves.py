"""AAG-move, AAG-politics, AAG-neutral, AAG-facilities, AAG40-china: the one move validator on the
Global 1940 board, as a table of moves from the real starting position (each refused move with its
rule id and reason), one table per rule. Routes read "A -> B -> C"; "given" changes the start."""
import functools
from dataclasses import replace
from importlib import resources

import pytest
import yaml

from domain.aa.board import (
    GLOBAL_BOARD_FILE,
    Board,
    GlobalPiece,
    GlobalPosition,
    Move,
    apply_move,
    check_move,
    load_board,
    starting_position,
    where_may_it_go,
)


@functools.cache
def board() -> Board:
    return load_board(yaml.safe_load(
        resources.files(GLOBAL_BOARD_FILE[0]).joinpath(GLOBAL_BOARD_FILE[1]).read_text("utf-8")))


B = board()
START: GlobalPosition = starting_position(B)


# Changes to the starting position a case is played from ("given").
def empty(*spaces):
    return lambda pos: replace(pos, units={s: ps for s, ps in pos.units.items() if s not in spaces})


def put(space, power, unit, count=1):
    return lambda pos: replace(pos, units={**pos.units, space: pos.pieces(space) + (GlobalPiece(power, unit, count),)})


def held(territory, power):
    return lambda pos: replace(pos, owners={**pos.owners, territory: power})


def war(declarer, target):
    return lambda pos: replace(pos, relations=replace(pos.relations, wars=pos.relations.wars | {(declarer, target)}))


def leaning(holder, side):
    return lambda pos: replace(pos, relations=replace(
        pos.relations, leanings=frozenset(p for p in pos.relations.leanings if p[0] != holder) | {(holder, side)}))


def damaged(territory, unit, damage):
    return lambda pos: replace(pos, damage={**pos.damage, territory: {unit: damage}})


def tech(power, advance):
    return lambda pos: replace(pos, techs={**pos.techs, power: pos.advances(power) | {advance}})


def after(power, phase, units, route, **kw):
    """The position after a legal earlier move this turn."""
    return lambda pos: apply_move(B, pos, power, phase, Move(units, tuple(route.split(" -> ")), **kw))


def position(given) -> GlobalPosition:
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


TABLE = "power, phase, move, refused, reason, given"
US_AT_WAR = war("Germany", "USA")
AXIS_ON_TRUE_NEUTRALS = leaning("True neutral", "Allies")

POLITICS = [
    case("the USA not yet in the UK's land", "USA", "noncombat", {"infantry": 1}, "Eastern United States -> Quebec",
         "AAG-politics", "infantry cannot enter Quebec: USA and UK are not allies until they are at war with a "
                         "common enemy"),
    case("the USA at war enters the UK's land", "USA", "noncombat", {"infantry": 1},
         "Eastern United States -> Quebec", given=[US_AT_WAR]),
    case("Japan not at war with the USSR", "Japan", "combat", {"infantry": 1}, "Manchuria -> Amur", "AAG-politics",
         "infantry cannot enter Amur: Japan is not at war with USSR"),
    case("Japan at war with the USSR attacks", "Japan", "combat", {"infantry": 3}, "Manchuria -> Amur",
         given=[war("Japan", "USSR")]),
    case("the USSR not at war with Germany", "USSR", "combat", {"infantry": 1}, "Eastern Poland -> Romania",
         "AAG-politics", "infantry cannot enter Romania: USSR is not at war with Germany"),
    case("no flying over a power at peace", "Germany", "combat", {"tactical_bomber": 1},
         "Poland -> Baltic States -> 115 Sea Zone", "AAG-politics",
         "a tactical bomber cannot fly over Baltic States: Germany is not at war with USSR"),
    case("the USSR not into China before war with Japan", "USSR", "noncombat", {"infantry": 1},
         "Kazakhstan -> Tsinghai", "AAG-politics", "infantry cannot enter Tsinghai: USSR and China are not allies "
                                                   "until they are at war with a common enemy",
         given=[put("Kazakhstan", "USSR", "infantry")]),
    case("the USSR at war with Japan enters China", "USSR", "noncombat", {"infantry": 1}, "Kazakhstan -> Tsinghai",
         given=[put("Kazakhstan", "USSR", "infantry"), war("Japan", "USSR")]),
    case("ships of a power at peace do not block", "Japan", "combat", {"destroyer": 1},
         "33 Sea Zone -> 34 Sea Zone -> 35 Sea Zone -> 36 Sea Zone"),
    case("ships of a power at peace are no battle", "Japan", "noncombat", {"destroyer": 1},
         "33 Sea Zone -> 34 Sea Zone -> 35 Sea Zone"),
    case("no attack where units of a power at peace stand", "Germany", "combat", {"infantry": 1},
         "Holland Belgium -> Normandy Bordeaux", "AAG-politics",
         "infantry cannot attack Normandy Bordeaux: units of USA are there, and Germany is not at war with USA",
         given=[put("Normandy Bordeaux", "USA", "infantry")]),
    case("the USA may not end in a banned zone", "USA", "combat", {"destroyer": 1}, "35 Sea Zone -> 36 Sea Zone",
         "AAG-politics", "a destroyer cannot end its move in 36 Sea Zone: USA may not before it is at war with "
                         "Germany, Italy or Japan"),
    case("the USA may pass a banned zone", "USA", "noncombat", {"destroyer": 1},
         "35 Sea Zone -> 36 Sea Zone -> 37 Sea Zone"),
    case("the USA at war ends where it likes", "USA", "combat", {"destroyer": 1}, "35 Sea Zone -> 36 Sea Zone",
         given=[US_AT_WAR]),
    case("Japan may not end off Alaska", "Japan", "noncombat", {"destroyer": 1}, "3 Sea Zone -> 2 Sea Zone",
         "AAG-politics", "a destroyer cannot end its move in 2 Sea Zone: Japan may not before it is at war with USA",
         given=[put("3 Sea Zone", "Japan", "destroyer")]),
    case("the ban holds for air units too", "USA", "noncombat", {"fighter": 1},
         "Philippines -> 35 Sea Zone -> 36 Sea Zone", "AAG-politics",
         "a fighter cannot end its move in 36 Sea Zone: USA may not before it is at war with Germany, Italy or "
         "Japan", given=[put("Philippines", "USA", "fighter")]),
]

NEUTRAL = [
    case("no unit enters a true neutral", "Italy", "combat", {"infantry": 1}, "Northern Italy -> Switzerland",
         "AAG-neutral", "infantry cannot enter Switzerland: it is strictly neutral, closed to all until war is "
                        "declared on the strict neutrals"),
    case("nothing flies over a true neutral", "Germany", "combat", {"fighter": 1},
         "Norway -> Sweden -> 115 Sea Zone", "AAG-neutral",
         "a fighter cannot fly over Sweden: it is strictly neutral, closed to all until war is declared on the "
         "strict neutrals"),
    case("after the Axis declared war, Italy attacks Switzerland", "Italy", "combat", {"infantry": 2},
         "Northern Italy -> Switzerland", given=[AXIS_ON_TRUE_NEUTRALS]),
    case("Germany takes pro-Axis Bulgaria in the non-combat move", "Germany", "noncombat", {"infantry": 1},
         "Romania -> Bulgaria"),
    case("a friendly neutral is not attacked", "Germany", "combat", {"infantry": 1}, "Romania -> Bulgaria",
         "AAG-neutral", "infantry cannot enter Bulgaria in the combat move: a friendly neutral is taken in the "
                        "non-combat move"),
    case("a friendly neutral ends the move", "Germany", "noncombat", {"armour": 1}, "Romania -> Bulgaria -> Greece",
         "AAG-neutral", "armour cannot pass through Bulgaria: entering a friendly neutral ends the move"),
    case("AA guns take no neutral", "Germany", "noncombat", {"aa_gun": 1}, "Romania -> Bulgaria", "AAG-neutral",
         "anti-aircraft artillery cannot take Bulgaria: only units that can attack take a friendly neutral",
         given=[put("Romania", "Germany", "aa_gun")]),
    case("air units never enter a friendly neutral", "Germany", "noncombat", {"fighter": 1},
         "Slovakia Hungary -> Romania -> Bulgaria", "AAG-neutral",
         "a fighter cannot enter Bulgaria: air units never enter a friendly neutral"),
    case("Italy attacks pro-Allied Greece", "Italy", "combat", {"infantry": 2, "armour": 1}, "Albania -> Greece"),
    case("infantry is a step short of Iraq", "UK", "combat", {"infantry": 1}, "Egypt -> Trans-Jordan -> Iraq",
         "AAR-move-land", "infantry in Egypt has 1 movement left; the route to Iraq takes 2"),
    case("the UK's mech infantry attacks Iraq", "UK", "combat", {"mech_infantry": 1}, "Egypt -> Trans-Jordan -> Iraq"),
    case("the UK enters pro-Allied Persia", "UK", "noncombat", {"infantry": 1}, "West India -> Eastern Persia"),
    case("the USSR, not at war, does not", "USSR", "noncombat", {"infantry": 1}, "Caucasus -> Northwest Persia",
         "AAG-neutral", "infantry cannot enter Northwest Persia: neutrals let in only powers at war, and USSR is not"),
    case("no non-combat move into a pro-Axis neutral", "UK", "noncombat", {"mech_infantry": 1},
         "Egypt -> Trans-Jordan -> Iraq", "AAR-ncm", "mechanized infantry cannot enter enemy Iraq in the non-combat "
                                                    "move"),
    case("a true neutral stays closed to a power not at war", "USSR", "combat", {"infantry": 1},
         "Caucasus -> Turkey", "AAG-neutral", "infantry cannot enter Turkey: it is strictly neutral, closed to all "
                                              "until war is declared on the strict neutrals",
         given=[put("Caucasus", "USSR", "infantry")]),
    case("Mongolia is a true neutral", "Japan", "combat", {"infantry": 1}, "Manchuria -> Buyant-Uhaa",
         "AAG-neutral", "infantry cannot enter Buyant-Uhaa: it is strictly neutral, closed to all until war is "
                        "declared on the strict neutrals"),
    case("cargo goes ashore in a friendly neutral", "UK", "noncombat", {"transport": 1},
         "109 Sea Zone -> 110 Sea Zone", cargo={"infantry": 1}, load_from="Scotland", unload_to="Normandy Bordeaux",
         given=[held("Normandy Bordeaux", "Pro-Allied neutral"), put("Scotland", "UK", "infantry")]),
]

STRAITS = [
    case("the UK through the Suez Canal", "UK", "combat", {"destroyer": 1}, "98 Sea Zone -> 81 Sea Zone"),
    case("the Suez Canal closed when Egypt falls", "UK", "combat", {"destroyer": 1}, "98 Sea Zone -> 81 Sea Zone",
         "AAG-move", "a destroyer cannot pass the Suez Canal from 98 Sea Zone to 81 Sea Zone: the Allies have not "
                     "held Egypt and Trans-Jordan since the turn's start", given=[held("Egypt", "Italy")]),
    case("the UK through the Strait of Gibraltar", "UK", "combat", {"cruiser": 1}, "91 Sea Zone -> 92 Sea Zone"),
    case("an Italian cruiser closed out of Gibraltar", "Italy", "combat", {"cruiser": 1}, "92 Sea Zone -> 91 Sea Zone",
         "AAG-move", "a cruiser cannot pass the Strait of Gibraltar from 92 Sea Zone to 91 Sea Zone: the Axis have "
                     "not held Gibraltar since the turn's start", given=[put("92 Sea Zone", "Italy", "cruiser")]),
    case("an Italian submarine slips through Gibraltar", "Italy", "combat", {"submarine": 1},
         "92 Sea Zone -> 91 Sea Zone", given=[put("92 Sea Zone", "Italy", "submarine")]),
    case("a submarine with a cruiser is held at Gibraltar", "Italy", "combat", {"submarine": 1, "cruiser": 1},
         "92 Sea Zone -> 91 Sea Zone", "AAG-move",
         "a submarine cannot pass the Strait of Gibraltar from 92 Sea Zone to 91 Sea Zone: the Axis have not held "
         "Gibraltar since the turn's start",
         given=[put("92 Sea Zone", "Italy", "submarine"), put("92 Sea Zone", "Italy", "cruiser")]),
    case("Germany through its Danish Straits", "Germany", "combat", {"battleship": 1}, "113 Sea Zone -> 112 Sea Zone"),
    case("the UK closed out of the Danish Straits", "UK", "combat", {"destroyer": 1},
         "111 Sea Zone -> 112 Sea Zone -> 113 Sea Zone", "AAG-move",
         "a destroyer cannot pass the Danish Straits from 112 Sea Zone to 113 Sea Zone: the Allies have not held "
         "Denmark since the turn's start"),
    case("the Turkish Straits closed while Turkey is neutral", "Italy", "combat", {"cruiser": 1},
         "99 Sea Zone -> 100 Sea Zone", "AAG-move",
         "a cruiser cannot pass the Turkish Straits from 99 Sea Zone to 100 Sea Zone: the Axis have not held Turkey "
         "since the turn's start", given=[put("99 Sea Zone", "Italy", "cruiser")]),
    case("the USA through its Panama Canal", "USA", "combat", {"cruiser": 1},
         "101 Sea Zone -> 89 Sea Zone -> 64 Sea Zone"),
]

BLOCKING = [
    case("an enemy submarine does not block", "UK", "combat", {"destroyer": 1},
         "109 Sea Zone -> 108 Sea Zone -> 103 Sea Zone"),
    case("an enemy transport does not block", "UK", "combat", {"destroyer": 1},
         "98 Sea Zone -> 96 Sea Zone -> 95 Sea Zone", given=[empty("96 Sea Zone"), put("96 Sea Zone", "Italy", "transport")]),
    case("an enemy destroyer blocks", "UK", "combat", {"destroyer": 1}, "98 Sea Zone -> 96 Sea Zone -> 95 Sea Zone",
         "AAR-move-sea", "a destroyer cannot pass through 96 Sea Zone: enemy ships are there (1 destroyer)"),
    case("a submarine passes a destroyer-free fleet", "Italy", "combat", {"submarine": 1},
         "95 Sea Zone -> 96 Sea Zone -> 98 Sea Zone", given=[empty("96 Sea Zone"), put("96 Sea Zone", "UK", "cruiser")]),
    case("passing an enemy submarine in the non-combat move", "UK", "noncombat", {"destroyer": 1},
         "109 Sea Zone -> 108 Sea Zone -> 104 Sea Zone"),
    case("no ending beside an enemy submarine in the non-combat move", "UK", "noncombat", {"destroyer": 1},
         "109 Sea Zone -> 108 Sea Zone", "AAR-ncm",
         "a destroyer cannot enter 108 Sea Zone in the non-combat move: enemy ships are there"),
    case("loading beside an enemy submarine", "UK", "combat", {"transport": 1}, "109 Sea Zone -> 110 Sea Zone",
         cargo={"infantry": 1}, load_from="Scotland",
         given=[put("109 Sea Zone", "Germany", "submarine"), put("Scotland", "UK", "infantry")]),
]

BASES = [
    case("an air base gives a fighter one more", "UK", "combat", {"fighter": 1},
         "United Kingdom -> 110 Sea Zone -> 105 Sea Zone -> Normandy Bordeaux -> Southern France -> Northern Italy"
         .replace("Normandy Bordeaux -> Southern France -> Northern Italy", "Normandy Bordeaux -> France"),
         given=[held("France", "Germany"), empty("France")]),
    case("a damaged air base gives nothing", "UK", "combat", {"fighter": 1},
         "United Kingdom -> 110 Sea Zone -> 105 Sea Zone -> Normandy Bordeaux -> France", "AAR-air",
         "a fighter in United Kingdom cannot end in France: with 0 movement left it could reach no friendly "
         "territory held since the turn's start or a carrier",
         given=[held("France", "Germany"), empty("France"), damaged("United Kingdom", "air_base", 3)]),
    case("three steps from beside a naval base", "Italy", "combat", {"cruiser": 1},
         "97 Sea Zone -> 95 Sea Zone -> 94 Sea Zone -> 92 Sea Zone"),
    case("not four", "Italy", "combat", {"cruiser": 1},
         "97 Sea Zone -> 96 Sea Zone -> 94 Sea Zone -> 92 Sea Zone -> 93 Sea Zone", "AAR-move-sea",
         "a cruiser in 97 Sea Zone has 3 movement left; the route to 93 Sea Zone takes 4"),
    case("no base, two steps", "Germany", "combat", {"submarine": 1},
         "103 Sea Zone -> 102 Sea Zone -> 107 Sea Zone -> 108 Sea Zone", "AAR-move-sea",
         "a submarine in 103 Sea Zone has 2 movement left; the route to 108 Sea Zone takes 3"),
    case("a ship keeps its bonus for the rest of the turn", "Italy", "combat", {"cruiser": 1},
         "95 Sea Zone -> 94 Sea Zone -> 92 Sea Zone",
         given=[after("Italy", "combat", {"cruiser": 1}, "97 Sea Zone -> 95 Sea Zone")]),
    case("and no more", "Italy", "combat", {"cruiser": 1},
         "95 Sea Zone -> 94 Sea Zone -> 92 Sea Zone -> 93 Sea Zone", "AAR-move-sea",
         "a cruiser in 95 Sea Zone has 2 movement left; the route to 93 Sea Zone takes 3",
         given=[empty("95 Sea Zone"), after("Italy", "combat", {"cruiser": 1}, "97 Sea Zone -> 95 Sea Zone")]),
]

AT_WAR_IN_THE_EAST = [war("Germany", "USSR"), empty("Eastern Poland"), put("Poland", "Germany", "mech_infantry")]

LAND = [
    case("mechanized infantry blitzes with armour", "Germany", "combat", {"mech_infantry": 1, "armour": 1},
         "Poland -> Eastern Poland -> Belarus", given=AT_WAR_IN_THE_EAST),
    case("mechanized infantry alone does not blitz", "Germany", "combat", {"mech_infantry": 1},
         "Poland -> Eastern Poland -> Belarus", "AAR-blitz",
         "mechanized infantry cannot blitz through Eastern Poland: it blitzes only alongside as many armour",
         given=AT_WAR_IN_THE_EAST),
    case("with Improved Mechanized Infantry it does", "Germany", "combat", {"mech_infantry": 1},
         "Poland -> Eastern Poland -> Belarus", given=[*AT_WAR_IN_THE_EAST, tech("Germany", "improved_mechanized_infantry")]),
    case("a base does not stop a blitz", "Germany", "combat", {"armour": 1}, "Poland -> Eastern Poland -> Belarus",
         given=[*AT_WAR_IN_THE_EAST, put("Eastern Poland", "USSR", "air_base")]),
    case("a factory does", "Germany", "combat", {"armour": 1}, "Holland Belgium -> Normandy Bordeaux -> Southern France",
         "AAR-blitz", "armour cannot blitz through Normandy Bordeaux: an industrial complex is there",
         given=[empty("Normandy Bordeaux")]),
]

CHINA = [
    case("China into Burma", "China", "noncombat", {"infantry": 1}, "Yunnan -> Burma"),
    case("China stays out of French Indo China", "China", "noncombat", {"infantry": 1}, "Yunnan -> French Indo China",
         "AAG40-china", "infantry of China cannot enter French Indo China: China's units stay in China's movement area"),
    case("the Flying Tigers stay in China", "China", "noncombat", {"fighter": 1}, "Szechwan -> Yunnan -> Burma -> India",
         "AAG40-china", "a fighter of China cannot enter India: China's units stay in China's movement area"),
    case("China attacks Japanese-held Kwangsi", "China", "combat", {"infantry": 2}, "Yunnan -> Kwangsi"),
]


@pytest.mark.rule("AAG-politics")
@pytest.mark.parametrize(TABLE, POLITICS)
def test_politics(power, phase, move, refused, reason, given):
    """AAG-politics: "powers not at war do not enter each other's territory"; reference: "Powers not
    at war can't enter each other's land and ignore each other's ships"; "Before war with the US: Japan
    may not enter SZ 1,2,3,8,9,10,11,12 ... The US may not enter SZ 65, ... 19,20,36" ("the rulebook
    says may not *end* there"); "no attacks on units of powers not at war"."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG-neutral")
@pytest.mark.parametrize(TABLE, NEUTRAL)
def test_neutrals(power, phase, move, refused, reason, given):
    """AAG-neutral: "True, pro-Axis and pro-Allied neutrals ... friendly neutrals taken in non-combat
    move"; reference (TripleA Friendly_Neutral): "They may not be attacked ... can not be flown over
    ... can not be moved through ... May only capture with units that have attack power"."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG-move")
@pytest.mark.parametrize(TABLE, STRAITS)
def test_canals_and_straits(power, phase, move, refused, reason, given):
    """AAG-move: "canals and straits (Suez, Gibraltar, Danish, Turkish, Panama)"; reference: "The side
    must hold every canal territory, and none may be taken this turn ... Gibraltar: subs and air
    exempt"."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG-move")
@pytest.mark.parametrize(TABLE, BLOCKING)
def test_submarines_and_transports_do_not_block(power, phase, move, refused, reason, given):
    """AAG-move: "subs and transports do not block"; reference: "Zones holding only enemy transports or
    only enemy subs are ignored when Ignore Transport/Sub In Movement is on ... GX sets both"."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG-facilities")
@pytest.mark.parametrize(TABLE, BASES)
def test_bases_give_one_more_movement(power, phase, move, refused, reason, given):
    """AAG-facilities: "the +1 movement ... bases give"; reference: "Airfield: +1 move to air starting
    there ... Harbour: +1 move to ships ... Both stop at >=3 damage"."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG-move")
@pytest.mark.parametrize(TABLE, LAND)
def test_land_moves(power, phase, move, refused, reason, given):
    """AAG-move: "Movement as in AAR (land, blitz ...)"; Global: mechanized infantry blitz paired with
    armour (AAG40-tech: alone with Improved Mechanized Infantry); a factory stops a blitz, a base does not."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG40-china")
@pytest.mark.parametrize(TABLE, CHINA)
def test_china_moves_in_its_area(power, phase, move, refused, reason, given):
    """AAG40-china: "moves only in Chinese territories plus Kwangtung and Burma"; the seed: the Flying
    Tigers "may not leave Chinese territory"."""
    judge(power, phase, move, refused, reason, given)


@pytest.mark.rule("AAG-facilities")
def test_a_base_bonus_is_remembered_after_the_move():
    """AAG-facilities: a ship that set off beside a naval base keeps its third step: given an Italian
    cruiser moved 97 -> 95 in the combat move, then it has spent 1 of 3 and reaches two steps on."""
    moved = position([after("Italy", "combat", {"cruiser": 1}, "97 Sea Zone -> 95 Sea Zone")])
    cruiser = next(p for p in moved.pieces("95 Sea Zone") if p.unit == "cruiser" and p.moved)
    assert (cruiser.moved, cruiser.bonus) == (1, 1)
    assert "92 Sea Zone" in where_may_it_go(B, moved, "combat", "cruiser", "95 Sea Zone", "Italy", movement_left=2)
