"""Rule 3: choosing major powers and setting up."""
import pytest

from domain.dod3 import RULESET
from domain.dod3.commands import RecordCapture, RecordWarStatus
from domain.dod3.control import panama_canal_controller
from domain.dod3.powers import Ideology
from domain.dod3.state import Guarantee, MinorWar, Offensive, ResourceMarker, Step
from domain.dod3.treaties import treaty_age, treaty_between
from domain.kernel import MODERATOR, RuleViolation, Setup


@pytest.mark.rule("DOD3-3.1a")
def test_eight_major_powers_in_three_ideologies(table):
    """Rule 3.1: "The Democrats are: Nationalist China (CH), The Commonwealth (CW), France (FR) &
    The USA (US) The Fascists are: Germany (GE), Italy (IT) & Japan (JA) The Communists are: The
    Soviet Union (USSR or RU) including the Communist Chinese (CC) forces." """
    pack = table.pack

    assert pack.members(Ideology.DEMOCRACY) == ("CH", "CW", "FR", "US")
    assert pack.members(Ideology.FASCISM) == ("GE", "IT", "JA")
    assert pack.members(Ideology.COMMUNISM) == ("RU",)
    assert pack.served_power("CC") == "RU"


@pytest.mark.rule("DOD3-3.1a")
def test_only_major_powers_can_be_seated(table):
    """Rule 3.1: "The eight major powers are ..." - nothing else can be chosen."""
    seats = {**RULESET.seat_presets["7"], "player8": ("ES",)}

    with pytest.raises(RuleViolation) as raised:
        table.decider.initial_state(Setup(seats, {}, table.pack))

    assert raised.value.rule_id == "DOD3-3.1a"


@pytest.mark.rule("DOD3-3.1b")
@pytest.mark.parametrize("preset, players", [("2", 2), ("3", 3), ("4a", 4), ("4b", 4), ("5", 5), ("6a", 6),
                                             ("6b", 6), ("6c", 6), ("7", 7), ("8", 8)])
def test_recommended_groupings_are_presets(preset, players, table):
    """Rule 3.1: "If you have less than 8 players, then one player takes control of more than one
    major power. The recommended groupings are: ..." (Communist China always with the Soviets)."""
    seats = RULESET.seat_presets[preset]

    state = table.decider.initial_state(Setup(seats, {}, table.pack))

    assert len(state.seats) == players
    assert sorted(p for powers in state.seats.values() for p in powers) == sorted(
        ["CH", "CW", "FR", "US", "GE", "IT", "JA", "RU", "CC"])
    assert state.holders["CC"] == state.holders["RU"]


@pytest.mark.rule("DOD3-3.1b")
def test_the_printed_groupings(table):
    """Rule 3.1: "5 players: Germany / Japan & Italy / Commonwealth & France / Nationalist China &
    The USA / Communist China & the Soviet Union"; "6 players (c): ... Commonwealth & Nationalist
    China / France & The USA ..."."""
    assert list(RULESET.seat_presets["5"].values()) == [("GE",), ("JA", "IT"), ("CW", "FR"), ("CH", "US"),
                                                         ("CC", "RU")]
    assert ("CW", "CH") in RULESET.seat_presets["6c"].values()
    assert ("FR", "US") in RULESET.seat_presets["6c"].values()


@pytest.mark.rule("DOD3-3.1b")
def test_communist_china_goes_with_the_soviet_player(new_table):
    """Rule 3.1: "Communist China is always controlled by the Soviet player"."""
    table = new_table(seats={"axis": ("GE", "IT", "JA"), "allies": ("CW", "FR", "US", "CH"), "soviet": ("RU",)})

    assert table.state.seats["soviet"] == ("RU", "CC")


@pytest.mark.rule("DOD3-3.1b")
@pytest.mark.parametrize("seats", [
    {"a": ("GE", "IT", "JA", "CC"), "b": ("CW", "FR", "US", "CH", "RU")},
    {"a": ("GE", "IT", "JA"), "b": ("CW", "FR", "US", "CH")},
    {"a": ("GE", "IT", "JA", "RU"), "b": ("CW", "FR", "US", "CH", "GE")},
    {"a": ("GE", "IT", "JA", "RU"), "b": ("CW", "FR", "US", "CH"), "c": ()},
    {MODERATOR: ("GE", "IT", "JA", "RU"), "b": ("CW", "FR", "US", "CH")},
])
def test_bad_seatings_are_refused(seats, table):
    """Rule 3.1: every major power has exactly one player; CC always with the Soviet player."""
    with pytest.raises(RuleViolation) as raised:
        table.decider.initial_state(Setup(seats, {}, table.pack))

    assert raised.value.rule_id == "DOD3-3.1b"


@pytest.mark.rule("DOD3-3.2a")
def test_initiative_track_at_start(table):
    """Rule 3.2: "Put one of your control markers on the specified positions on the initiative
    track (Germany, Italy, Commonwealth, France, the Soviet Union, Japan, USA and China)." """
    assert table.state.initiative.track == ("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")


@pytest.mark.rule("DOD3-3.2b")
def test_pe_and_money_start_from_the_pack_and_us_and_ussr_pe_are_face_down(table):
    """Rule 3.2: "Put your political effectiveness (PE) marker on your starting position ... Turn
    the USA & USSR political effectiveness (PE) markers face down". Money likewise."""
    state, pack = table.state, table.pack

    assert {p: state.powers[p].political_effectiveness for p in state.powers} == {
        p: spec.political_effectiveness for p, spec in pack.powers.items()}
    assert {p: state.powers[p].money for p in state.powers} == {p: spec.money for p, spec in pack.powers.items()}
    assert {p for p, ledger in state.powers.items() if ledger.pe_hidden} == {"US", "RU"}
    assert table.view(table.seat("GE"))["powers"]["US"]["political_effectiveness"] is None
    assert table.view(table.seat("US"))["powers"]["US"]["political_effectiveness"] == 2


@pytest.mark.rule("DOD3-3.2b")
def test_pe_may_be_greater_than_nine_or_less_than_zero(new_table, make_pack):
    """Rule 3.2: "a major power may have a PE greater than 9, or less than 0"."""
    pack = make_pack(("political_effectiveness: {value: 5, provisional: true}", "political_effectiveness: 12"),
                     ("political_effectiveness: {value: 4, provisional: true}", "political_effectiveness: -2"))

    table = new_table(pack=pack)

    assert (table.state.powers["GE"].political_effectiveness, table.state.powers["IT"].political_effectiveness) == (
        12, -2)


@pytest.mark.rule("DOD3-3.2c")
def test_production_multiples_start_in_their_leftmost_box(table):
    """Rule 3.2: "Put your production multiple (PM) marker on the leftmost box of your production
    multiple." """
    assert {ledger.production_multiple for ledger in table.state.powers.values()} == {0}
    assert table.view("player1")["powers"]["US"]["production_multiple"] == "1/2"


@pytest.mark.rule("DOD3-3.2d")
def test_start_resource_markers_and_the_rhineland(table):
    """Rule 3.2: "Place a German 1 resource marker on a Rumanian, Swedish and Rhineland resource.
    The Rhineland begins the game as a German controlled territory, not as home country territory
    ... Place a Commonwealth 1 resource marker on a Venezuelan resource." """
    state = table.state

    assert state.resource_markers == (
        ResourceMarker("GE", "Rumania", "resource"), ResourceMarker("GE", "Sweden", "resource"),
        ResourceMarker("GE", "Rhineland", "resource"), ResourceMarker("CW", "Venezuela", "resource"))
    assert state.territory_control["Rhineland"] == "GE"
    assert "Rhineland" in state.non_home_territories


@pytest.mark.rule("DOD3-3.2e")
def test_the_japan_usa_start_trade(table):
    """Rule 3.2: "Japan begins the game sending one build point to the USA while the USA is sending
    Japan two resources and two oil. The US must use its naval points ... through the NE Pacific
    sea zone and the Central Pacific sea zone. Japan must use its naval points to handle the trade
    through the Sea of Japan." """
    trade = table.view("player1")["treaties"]["trade_agreements"]

    assert trade == [{"flows": [{"sender": "JA", "receiver": "US", "goods": {"build_points": 1}},
                                {"sender": "US", "receiver": "JA", "goods": {"resources": 2, "oil": 2}}],
                      "routes": {"US": ["NE Pacific", "Central Pacific"], "JA": ["Sea of Japan"]}}]


@pytest.mark.rule("DOD3-3.2f")
def test_frances_treaties_are_level_one_and_six_turns_old(table):
    """Rule 3.2: "France has a level 1 treaty with Italy and the Soviet Union, but without any trade
    agreements in place ... France's treaties with both the Soviet Union and Italy are 6 turns old
    at the start of the Jan/Feb 1936 turn." """
    with_italy, with_ussr = treaty_between(table.state, "FR", "IT"), treaty_between(table.state, "RU", "FR")

    assert (with_italy.level, treaty_age(with_italy, 1), with_italy.trade) == (1, 6, False)
    assert (with_ussr.level, treaty_age(with_ussr, 1), with_ussr.trade) == (1, 6, False)
    assert len(table.state.treaties) == 2


@pytest.mark.rule("DOD3-3.2f")
def test_treaties_age_a_turn_each_turn(table):
    """Rule 3.2: the age counts turns, so the treaties are 7 turns old in Mar/Apr 1936."""
    table.finish_turn()

    assert table.view("player1")["treaties"]["matrix"]["FR"]["IT"] == {"level": 1, "age": 7, "trade": False}


@pytest.mark.rule("DOD3-3.2g")
def test_italy_is_at_war_with_ethiopia_which_the_commonwealth_directs(table):
    """Rule 3.2: "Italy starts the game at war with Ethiopia ... The Commonwealth starts the game
    controlling and directing Ethiopia. Italy and Ethiopia have been at war since October 1935
    and Italy has one offensive into Ethiopia from Eritrea." """
    state = table.state

    assert state.minor_wars == (MinorWar("IT", "Ethiopia", "Oct 1935", (Offensive("Eritrea", "Ethiopia"),)),)
    assert state.minor_control["Ethiopia"] == "CW" and "Ethiopia" in state.directed_minors


@pytest.mark.rule("DOD3-3.2h")
def test_the_commonwealth_guarantees_the_netherlands(table):
    """Rule 3.2: "The Commonwealth commences the game with a Guarantee with the Netherlands (IPO
    12) already in place." """
    assert table.state.guarantees == (Guarantee("CW", "Netherlands", "IPO 12"),)


@pytest.mark.rule("DOD3-3.2i")
def test_the_usa_controls_the_panama_canal(table):
    """Rule 3.2: "The USA controls the Panama canal in all circumstances except when a major power
    at war with the USA controls Central America"."""
    assert panama_canal_controller(table.state, table.pack) == "US"


@pytest.mark.rule("DOD3-3.2i")
def test_a_power_at_war_with_the_usa_holding_central_america_takes_the_canal(table):
    """Rule 3.2: control of the canal is not (necessarily) the same as control of Central America:
    only a power at war with the USA that controls it takes the canal."""
    table.roll_weather()
    table.pass_political_affairs()
    table.moderator(RecordCapture("Central America", "GE"))
    assert panama_canal_controller(table.state, table.pack) == "US"

    table.moderator(RecordWarStatus("GE", "US"))

    assert table.state.step is Step.MILITARY_AFFAIRS
    assert panama_canal_controller(table.state, table.pack) == "GE"
    assert table.view("player1")["territories"]["panama_canal"] == "GE"
